// Formatting: indents the bodies of `$if`/`$try`/`$async` blocks by the editor's tab options and
// trims trailing blanks, on lines Discord never receives and nowhere else, so a format never
// changes what the command sends. Which lines those are is the message model's rule
// (preview/model.ts): a line whose calls add nothing to the reply (block words, `$title[...]`,
// `$nomention`, comments...) and whose text is only blanks is not part of the reply, so its
// indentation and trailing blanks reach no one. Every other line (text, a value such as
// `$username`, a blank line written as such, the trigger line) keeps its whitespace to the
// character, as does everything inside a call's brackets or a comment. The facts behind it are in
// docs/language.md ("Formatting"). Lines are classified once per chunk and kept with the chunk, so
// formatting after an edit reads only the chunks the edit made.

import { addsContent } from '../preview/model';
import { PlacedBlockCall, TOP_SCOPE, type Block } from '../parser/blocks';
import { lineOf } from '../parser/parser';
import type { ChunkView, ParsedDocument } from '../parser/tree';
import type { OffsetEdit } from './types';

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

/**
 * A piece of a model line (the model's lines end at a top-level `\n`) inside one chunk. A model
 * line that crosses a chunk boundary (chunks may end right after a top-level call) is made of the
 * last segment of one chunk and the first of the next.
 */
interface Segment {
  /** Where it starts and ends, relative to the chunk. */
  readonly start: number;
  readonly end: number;
  /** Every node is blank text, a comment, or a call that adds nothing to the reply. */
  readonly blank: boolean;
  /** It holds a call or a comment. */
  readonly calls: boolean;
  /** It ends the model line (its last node is top-level text ending in `\n`). */
  readonly ends: boolean;
  /** Blank runs: kind, start, end (relative to the chunk), in document order. */
  readonly spots: readonly number[];
}

const FACT_KEY = 'format';

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * The segments of one chunk, offsets relative to it. It reads only the chunk's own characters;
 * what depends on the text around the chunk (is its first character a line start, is its end the
 * end of the text) is left to `formatEdits` by the spot's kind.
 */
function chunkSegments(text: string, view: ChunkView, base: number, chunkEnd: number): Segment[] {
  const out: Segment[] = [];
  let blank = true;
  let calls = false;
  let spots: number[] = [];
  let from = -1;
  const close = (to: number, ends: boolean): void => {
    out.push({ start: from - base, end: to - base, blank, calls, ends, spots });
    blank = true;
    calls = false;
    spots = [];
    from = -1;
  };
  for (const node of view.roots) {
    if (from < 0) from = node.start;
    if (node.kind === 'call' || node.kind === 'comment') {
      // A call or comment that starts a line has no indentation yet: an empty spot.
      if (node.start === base) spots.push(INDENT_AT_CHUNK_START, 0, 0);
      else if (isLineStartAfter(text, node.start)) spots.push(INDENT, node.start - base, node.start - base);
      calls = true;
      if (node.kind === 'call' && addsContent(node)) blank = false;
      continue;
    }
    if (node.kind === 'escape') {
      blank = false;
      continue;
    }
    // Top-level text, which ends at the latest after a line break. The model reads it as blank
    // when its `trim()` is empty.
    const { start, end } = node;
    if (text.slice(start, end).trim() !== '') blank = false;
    // `line` is where the current line starts inside the node, or -1 when the node starts mid-line.
    let line = start === base ? start : isLineStartAfter(text, start) ? start : -1;
    let i = start;
    while (i <= end) {
      const c = i < end ? text.charCodeAt(i) : -1;
      if (c === 10 || c === 13 || i === end) {
        // Blanks before the line end (a break, or the node's end when it ends the chunk).
        let b = i;
        while (b > start && isBlank(text.charCodeAt(b - 1))) b--;
        if (i < end) {
          if (b < i) spots.push(TRAIL, b - base, i - base);
        } else if (end === chunkEnd && b < i) {
          spots.push(TRAIL_AT_CHUNK_END, b - base, i - base);
        }
        if (i === end) break;
        i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
        line = i;
        continue;
      }
      if (line === i) {
        // A line starts here: its blanks are its indentation when a call or comment (the next
        // node) follows them; blanks before a break are trailing (above); text means the line
        // keeps its whitespace.
        let b = i;
        while (b < end && isBlank(text.charCodeAt(b))) b++;
        if (b === end && end < chunkEnd)
          spots.push(line === base ? INDENT_AT_CHUNK_START : INDENT, line - base, b - base);
        i = b;
        line = -1;
        continue;
      }
      i++;
    }
    if (text.charCodeAt(end - 1) === 10) close(end, true);
  }
  if (from >= 0) close(chunkEnd, false);
  return out;
}

/** Whether `at` (after the chunk's first character) starts a line. */
function isLineStartAfter(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  return before === 10 || (before === 13 && text.charCodeAt(at) !== 10);
}

/** The segments of chunk `i`, kept with the chunk. */
function segmentsOf(parsed: ParsedDocument, i: number): readonly Segment[] {
  const end = parsed.chunkEnd(i);
  return parsed.chunkFact(FACT_KEY, i, '', (view, base) => chunkSegments(parsed.text, view, base, end));
}

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
  while (first > 0 && !(segmentsOf(parsed, first - 1).at(-1)?.ends ?? true)) first--;
  while (last < parsed.chunkCount - 1 && !(segmentsOf(parsed, last).at(-1)?.ends ?? true)) last++;

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
    for (const s of segmentsOf(parsed, i)) {
      if (lineFrom < 0) lineFrom = s.start + base;
      lineTo = s.end + base;
      blank &&= s.blank;
      calls ||= s.calls;
      for (let k = 0; k + 2 < s.spots.length; k += 3)
        spots.push(s.spots[k] ?? TRAIL, (s.spots[k + 1] ?? 0) + base, (s.spots[k + 2] ?? 0) + base);
      if (s.ends) flush();
    }
  }
  if (lineFrom >= 0) flush();
  return edits;
}

function isLineStart(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  return before === 10 || (before === 13 && text.charCodeAt(at) !== 10);
}
