// Formatting: indents the bodies of `$if`/`$try`/`$async` blocks by the editor's tab options and
// trims trailing blanks, on lines Discord never receives and nowhere else, so a format never
// changes what the command sends. Which lines those are is the message model's rule
// (preview/model.ts): a line whose calls add nothing to the reply (block words, `$title[...]`,
// `$nomention`, comments...) and whose text is only blanks is not part of the reply, so its
// indentation and trailing blanks reach no one. Every other line (text, a value such as
// `$username`, a blank line written as such, the trigger line) keeps its whitespace to the
// character, as does everything inside a call's brackets or a comment. The facts behind it are in
// docs/language.md ("Formatting"). Lines are classified when a chunk is made into nodes for any
// feature (a compact fact kept with the chunk, about 2% of a validation from scratch and nothing
// on a chunk an edit leaves), so formatting after a validation makes no chunk into nodes again.

import { addsContent } from '../preview/model';
import { PlacedBlockCall, TOP_SCOPE, type Block } from '../parser/blocks';
import { ChunkFact, type Shift } from '../parser/facts';
import { lineOf } from '../parser/parser';
import type { ChunkView, ParsedDocument } from '../parser/tree';
import type { OffsetEdit } from './types';
import type { DocText } from '../parser/text';

/** The editor's indentation options (LSP `FormattingOptions`). */
export interface FormatOptions {
  /** Columns per level; clamped to 1..16. */
  readonly tabSize: number;
  /** Spaces rather than tabs. */
  readonly insertSpaces: boolean;
}

/** Blanks at a line start, before a call or a comment: the line's indentation. */
const INDENT = 0;
/** The same at the chunk's first character: a line start only when the text before the chunk ends a line. */
const INDENT_AT_CHUNK_START = 1;
/** Blanks before a line break. */
const TRAIL = 2;
/** Blanks at the chunk's end: trailing only when the chunk ends the text. */
const TRAIL_AT_CHUNK_END = 3;

// A chunk's line facts, one Int32Array: word 0 says whether its last segment ends a model line,
// then one record per kept segment: flags, start, end (relative to the chunk), the number of
// spots, and each spot as kind, start, end. A segment is the part of a model line (the model's
// lines end at a top-level `\n`) inside the chunk; a model line that crosses a chunk boundary
// (chunks may end right after a top-level call) is the last segment of one chunk and the first of
// the next. Kept are the first and last segments (they may join their neighbours) and every
// segment the model may drop; the others cannot change anything and are left out.
const F_BLANK = 1;
const F_CALLS = 2;
const F_ENDS = 4;

/** ECMAScript white space and line terminators: what the model's `trim()` removes. */
function isTrimmed(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** Whether `at` (after the chunk's first character) starts a line. */
function isLineStartAfter(text: DocText, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  return before === 10 || (before === 13 && text.charCodeAt(at) !== 10);
}

/**
 * The line facts of one chunk. It reads only the chunk's own characters; what depends on the
 * text around the chunk (is its first character a line start, is its end the end of the text) is
 * left to `formatEdits` by the spot's kind. Spots are gathered only while the segment may still
 * be dropped, so a line of text costs one look at its first character.
 */
function lineFacts(text: DocText, view: ChunkView, base: number): Int32Array {
  const roots = view.roots;
  const chunkEnd = roots.length > 0 ? (roots[roots.length - 1]?.end ?? base) : base;
  const out: number[] = [0];
  let blank = true;
  let calls = false;
  let from = -1;
  let first = true;
  let spots: number[] = [];
  const close = (to: number, ends: boolean): void => {
    if (first || !ends || (blank && calls)) {
      out.push((blank ? F_BLANK : 0) | (calls ? F_CALLS : 0) | (ends ? F_ENDS : 0), from - base, to - base);
      out.push(spots.length / 3, ...spots);
    }
    out[0] = ends ? 1 : 0;
    first = false;
    blank = true;
    calls = false;
    from = -1;
    spots = [];
  };
  for (const node of roots) {
    if (from < 0) from = node.start;
    if (node.kind === 'call' || node.kind === 'comment') {
      calls = true;
      if (node.kind === 'call' && addsContent(node)) blank = false;
      // A call or comment that starts a line has no indentation yet: an empty spot.
      if (blank) {
        if (node.start === base) spots.push(INDENT_AT_CHUNK_START, 0, 0);
        else if (isLineStartAfter(text, node.start)) spots.push(INDENT, node.start - base, node.start - base);
      }
      continue;
    }
    if (node.kind === 'escape') {
      blank = false;
      continue;
    }
    // Top-level text ends at the latest after a `\n`; the model drops its line only when the
    // text is blank, so its spots matter only then.
    const { start, end } = node;
    if (blank) {
      for (let i = start; i < end; i++) {
        if (!isTrimmed(text.charCodeAt(i))) {
          blank = false;
          break;
        }
      }
    }
    if (blank) blankTextSpots(text, start, end, base, chunkEnd, spots);
    if (text.charCodeAt(end - 1) === 10) close(end, true);
  }
  if (from >= 0) close(chunkEnd, false);
  return Int32Array.from(out);
}

/** The spots of a blank top-level text node: indentation at line starts, blanks before line ends. */
function blankTextSpots(
  text: DocText,
  start: number,
  end: number,
  base: number,
  chunkEnd: number,
  spots: number[],
): void {
  // `line` is where the current line starts inside the node, or -1 when the node starts mid-line.
  let line = start === base || isLineStartAfter(text, start) ? start : -1;
  let i = start;
  for (;;) {
    if (line === i) {
      // Blanks at a line start: indentation when a call or comment (the next node) follows them.
      let b = i;
      while (b < end && isBlank(text.charCodeAt(b))) b++;
      if (b === end && end < chunkEnd)
        spots.push(line === base ? INDENT_AT_CHUNK_START : INDENT, line - base, b - base);
      i = b;
      line = -1;
    }
    const c = i < end ? text.charCodeAt(i) : -1;
    if (c === 10 || c === 13 || i === end) {
      // Blanks before a line end (a break, or the node's end when it ends the chunk).
      let b = i;
      while (b > start && isBlank(text.charCodeAt(b - 1))) b--;
      if (b < i) {
        if (i < end) spots.push(TRAIL, b - base, i - base);
        else if (end === chunkEnd) spots.push(TRAIL_AT_CHUNK_END, b - base, i - base);
      }
      if (i === end) return;
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      // A line that starts at the node's end starts with the next node (which notes it itself).
      if (i >= end) return;
      line = i;
      continue;
    }
    i++;
  }
}

/** The line facts as an edit moves them: each segment's and each spot's start and end. */
function moveLineFacts(facts: Int32Array, shift: Shift): Int32Array | undefined {
  const out = Int32Array.from(facts);
  const at = (k: number): boolean => {
    const now = shift(out[k] ?? 0);
    if (now === undefined) return false;
    out[k] = now;
    return true;
  };
  let k = 1;
  while (k + 3 < out.length) {
    if (!at(k + 1) || !at(k + 2)) return undefined;
    const n = out[k + 3] ?? 0;
    for (let j = k + 4; j < k + 4 + n * 3; j += 3) if (!at(j + 1) || !at(j + 2)) return undefined;
    k += 4 + n * 3;
  }
  return out;
}

/**
 * The line facts of each chunk, made when the chunk is made into nodes for any feature (the
 * language service hands it to the parser with the other facts it reads over the whole document).
 */
export const LINE_FACT = new ChunkFact<Int32Array>({ name: 'format', compute: lineFacts, move: moveLineFacts });

/**
 * Where block bodies begin and end (top-level blocks with an end, as the parser matched them) and
 * where their branches stand, for the depth of each line.
 */
class Depths {
  private readonly opens: number[] = [];
  private readonly closes: number[] = [];
  private readonly branches = new Set<number>();
  private o = 0;
  private c = 0;

  constructor(parsed: ParsedDocument) {
    const work: Block[] = [...parsed.blocks];
    let block: Block | undefined;
    while ((block = work.pop()) !== undefined) {
      for (const child of block.children) work.push(child);
      const opener = block.opener;
      // Blocks inside arguments live on lines the formatter never touches.
      if (!block.closer || !(opener instanceof PlacedBlockCall) || opener.scope !== TOP_SCOPE || !opener.topLevel)
        continue;
      this.opens.push(opener.end);
      this.closes.push(block.closer.start);
      for (const b of block.branches) this.branches.add(b.start);
    }
    this.opens.sort((a, b) => a - b);
    this.closes.sort((a, b) => a - b);
  }

  /** The depth of a line whose first call starts at `at`; `at` must not decrease between calls. */
  at(at: number): number {
    while (this.o < this.opens.length && (this.opens[this.o] ?? 0) <= at) this.o++;
    while (this.c < this.closes.length && (this.closes[this.c] ?? 0) <= at) this.c++;
    return Math.max(0, this.o - this.c - (this.branches.has(at) ? 1 : 0));
  }
}

/**
 * The edits that format a document, or only the lines touching [from, to) when given: the
 * indentation of every line the model drops, made `depth` levels of the editor's unit, and the
 * trailing blanks of those lines removed. Edits are sorted and never overlap.
 */
export function formatEdits(parsed: ParsedDocument, options: FormatOptions, from?: number, to?: number): OffsetEdit[] {
  const text = parsed.text;
  const size = Math.min(16, Math.max(1, Math.floor(Number.isFinite(options.tabSize) ? options.tabSize : 4)));
  const unit = options.insertSpaces ? ' '.repeat(size) : '\t';
  const levels: string[] = [''];
  const indent = (depth: number): string => {
    while (levels.length <= depth) levels.push((levels[levels.length - 1] ?? '') + unit);
    return levels[depth] ?? '';
  };
  // The lines asked for, and the chunks that hold them and the model lines around them.
  const lines = parsed.lineStarts;
  const firstLine = from === undefined ? 0 : lineOf(lines, from);
  // A range that ends at a line's first column does not take that line in.
  const lastLine = to === undefined ? lines.length - 1 : lineOf(lines, to > (from ?? 0) ? to - 1 : to);
  const rangeStart = lines[firstLine] ?? 0;
  const rangeEnd = lines[lastLine + 1] ?? text.length;
  let first = parsed.chunkAt(rangeStart);
  let last = parsed.chunkAt(Math.max(rangeStart, rangeEnd - 1));
  // Model lines that cross into the range from the chunks around it.
  while (first > 0 && parsed.fact(LINE_FACT, first - 1)[0] === 0) first--;
  while (last < parsed.chunkCount - 1 && parsed.fact(LINE_FACT, last)[0] === 0) last++;

  const trigger = parsed.trigger;
  const depths = new Depths(parsed);
  const edits: OffsetEdit[] = [];
  // One model line at a time: its spots (absolute), whether the model drops it, and its span.
  let spots: number[] = [];
  let blank = true;
  let calls = false;
  let lineFrom = -1;
  let lineTo = -1;
  const flush = (): void => {
    const onTrigger = trigger !== null && lineFrom <= trigger.end && trigger.start < lineTo;
    if (blank && calls && !onTrigger) {
      for (let k = 0; k + 2 < spots.length; k += 3) {
        const kind = spots[k] ?? TRAIL;
        const start = spots[k + 1] ?? 0;
        const end = spots[k + 2] ?? 0;
        if (start < rangeStart || start >= rangeEnd) continue;
        if (kind === TRAIL || kind === TRAIL_AT_CHUNK_END) {
          if (kind === TRAIL || end === text.length) edits.push({ start, end, newText: '' });
          continue;
        }
        if (kind === INDENT_AT_CHUNK_START && !isLineStart(text, start)) continue;
        const wanted = indent(depths.at(end));
        if (text.slice(start, end) !== wanted) edits.push({ start, end, newText: wanted });
      }
    }
    spots = [];
    blank = true;
    calls = false;
    lineFrom = -1;
  };
  for (let i = first; i <= last; i++) {
    const base = parsed.chunkStart(i);
    const facts = parsed.fact(LINE_FACT, i);
    let k = 1;
    while (k + 3 < facts.length) {
      const flags = facts[k] ?? 0;
      if (lineFrom < 0) lineFrom = (facts[k + 1] ?? 0) + base;
      lineTo = (facts[k + 2] ?? 0) + base;
      const n = facts[k + 3] ?? 0;
      blank &&= (flags & F_BLANK) !== 0;
      calls ||= (flags & F_CALLS) !== 0;
      for (let j = k + 4; j < k + 4 + 3 * n; j += 3)
        spots.push(facts[j] ?? TRAIL, (facts[j + 1] ?? 0) + base, (facts[j + 2] ?? 0) + base);
      k += 4 + 3 * n;
      if ((flags & F_ENDS) !== 0) flush();
    }
  }
  if (lineFrom >= 0) flush();
  return edits;
}

function isLineStart(text: DocText, at: number): boolean {
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  return before === 10 || (before === 13 && text.charCodeAt(at) !== 10);
}
