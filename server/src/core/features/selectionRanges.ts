// Selection ranges ("expand selection"): from the cursor outwards, a call's name, the argument,
// its call, the arguments and calls around it, the lines of the top-level statement, each block
// that holds it (the branch's body, then the whole block; also blocks inside arguments), and the
// whole command. Read from the tree at the
// cursor and the matched blocks, so a request on a large document costs a few lookups.

import type { Position, SelectionRange } from 'vscode-languageserver-types';
import { isWhitespace } from '../chars';
import type { Block } from '../parser/blocks';
import { lineOf } from '../parser/parser';
import { locate } from '../parser/query';
import type { CallNode, Node, ParsedDocument, Span } from '../parser/tree';
import type { Analysis, FeatureContext } from './types';
import type { DocText } from '../parser/text';

/** At most this many positions are answered in one request (the rest get none). */
const MAX_POSITIONS = 1000;

export function selectionRanges(
  _ctx: FeatureContext,
  analysis: Analysis,
  positions: readonly Position[],
): SelectionRange[] {
  const { document, parsed } = analysis;
  return positions.slice(0, MAX_POSITIONS).map((position) => {
    const spans = spansAt(parsed, document.offsetAt(position));
    let range: SelectionRange | undefined;
    for (let k = spans.length - 1; k >= 0; k--) {
      const s = spans[k];
      if (!s) continue;
      range = {
        range: { start: document.positionAt(s.start), end: document.positionAt(s.end) },
        ...(range ? { parent: range } : {}),
      };
    }
    return range ?? { range: { start: position, end: position } };
  });
}

/** The spans around `offset`, innermost first, each holding the one before and larger than it. */
export function spansAt(parsed: ParsedDocument, offset: number): Span[] {
  const text = parsed.text;
  const at = Math.max(0, Math.min(offset, text.length));
  const candidates: Span[] = [];
  const loc = locate(parsed, at);
  // A call whose name the cursor is on: the name, then the call.
  const named = [loc.node, loc.before].find(
    (n): n is CallNode => n !== null && n.kind === 'call' && at >= n.start && at <= n.nameEnd,
  );
  if (named) candidates.push({ start: named.start, end: named.nameEnd }, named);
  // The arguments and calls around the cursor, outwards.
  let top: Node | null = named && named.parent === null ? named : null;
  for (let arg = named ? named.parent : loc.arg; arg; arg = arg.parent.parent) {
    if (arg.end > arg.start) candidates.push(arg);
    candidates.push(arg.parent);
    if (arg.parent.parent === null) top = arg.parent;
  }
  if (!named && loc.arg === null) top = loc.node ?? loc.before;
  // The lines of the top-level statement (or of the cursor in text).
  const first = lineOf(parsed.lineStarts, top ? top.start : at);
  const last = lineOf(parsed.lineStarts, top ? Math.max(top.start, top.end - 1) : at);
  candidates.push({ start: parsed.lineStarts[first] ?? 0, end: lineEnd(parsed, last) });
  // The blocks that hold the cursor, outermost to innermost.
  let level: readonly Block[] = parsed.blocks;
  for (;;) {
    const block = holding(level, at);
    if (!block) break;
    candidates.push({ start: block.start, end: block.end });
    const section = sectionOf(text, block, at);
    if (section) candidates.push(section);
    level = block.children;
  }
  candidates.push({ start: 0, end: text.length });
  // Smallest first; each kept span holds the one kept before it and is larger.
  candidates.sort((a, b) => a.end - a.start - (b.end - b.start));
  const out: Span[] = [];
  for (const c of candidates) {
    const prev = out[out.length - 1];
    if (prev && (c.start > prev.start || c.end < prev.end || (c.start === prev.start && c.end === prev.end))) continue;
    if (!prev && (at < c.start || at > c.end)) continue;
    out.push({ start: c.start, end: c.end });
  }
  return out;
}

/** The closed block of a level (sorted by start) whose span holds `offset`. */
function holding(level: readonly Block[], offset: number): Block | undefined {
  let lo = 0;
  let hi = level.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((level[mid]?.start ?? 0) <= offset) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo - 1; k >= 0; k--) {
    const b = level[k];
    if (!b) break;
    if (b.closer && offset <= b.end) return b;
    // Blocks of a level do not overlap: an earlier one that ends before the cursor is the last chance.
    if (b.end < offset) break;
  }
  return undefined;
}

/**
 * The part of a block between two of its words (the opener, a branch, the end) that holds the
 * cursor, without the blanks and line breaks around it.
 */
function sectionOf(text: DocText, block: Block, offset: number): Span | undefined {
  const words = [block.opener, ...block.branches, ...(block.closer ? [block.closer] : [])];
  for (let k = 0; k + 1 < words.length; k++) {
    let start = words[k]?.end ?? 0;
    let end = words[k + 1]?.start ?? 0;
    if (offset < start || offset > end) continue;
    while (start < end && isWhitespace(text.charCodeAt(start))) start++;
    while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
    return offset >= start && offset <= end ? { start, end } : undefined;
  }
  return undefined;
}

/** Where line `line` ends, before its line break. */
function lineEnd(parsed: ParsedDocument, line: number): number {
  const text = parsed.text;
  const next = parsed.lineStarts[line + 1];
  if (next === undefined) return text.length;
  let end = next;
  while (end > (parsed.lineStarts[line] ?? 0) && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13))
    end--;
  return end;
}
