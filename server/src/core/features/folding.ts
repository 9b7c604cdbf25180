// Folding ranges: blocks (the opener's line to the line before its end, and each branch to the
// line before the next), calls whose arguments span lines, and comments that span lines. A
// range that would fold no line is left out, and one range is kept per start line.

import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import { lineOf } from '../parser/parser';
import { ChunkFact, moveEach, moveOffsets } from '../parser/facts';
import type { Block } from '../parser/blocks';
import type { ChunkView, ParsedDocument } from '../parser/tree';
import type { Analysis, FeatureContext } from './types';
import { isSpaceOrTab } from '../chars';
import type { DocText } from '../parser/text';

export function foldingRanges(_ctx: FeatureContext, analysis: Analysis): FoldingRange[] {
  const parsed = analysis.parsed;
  const lines = parsed.lineStarts;
  /** Per start line, the range that folds the most (an outer call beats an inner one). */
  const byStart = new Map<number, FoldingRange>();
  const add = (startLine: number, endLine: number, kind?: FoldingRangeKind): void => {
    if (endLine <= startLine) return;
    const prev = byStart.get(startLine);
    if (prev && prev.endLine >= endLine) return;
    byStart.set(startLine, kind ? { startLine, endLine, kind } : { startLine, endLine });
  };

  // Blocks: the whole block, then each section (`$if` … `$else` … `$endif`).
  const work: Block[] = [...parsed.blocks];
  let block: Block | undefined;
  while ((block = work.pop()) !== undefined) {
    for (const child of block.children) work.push(child);
    if (!block.closer) continue;
    const marks = [block.opener, ...block.branches, block.closer].map((c) => lineOf(lines, c.start));
    // The whole block, then each section after the first (an opener and a closer: two marks at least).
    const first = marks[0];
    const last = marks[marks.length - 1];
    if (first === undefined || last === undefined) continue;
    add(first, last - 1);
    for (let k = 1; k < marks.length - 1; k++) {
      const from = marks[k];
      const to = marks[k + 1];
      if (from !== undefined && to !== undefined) add(from, to - 1);
    }
  }

  // Calls and comments whose brackets sit on different lines.
  const shapes = new LineShapes(parsed);
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    for (const span of parsed.fact(FOLD_FACT, i)) {
      addBracketed(
        shapes,
        span.open + base,
        span.close + base,
        add,
        span.comment ? FoldingRangeKind.Comment : undefined,
      );
    }
  }

  return [...byStart.values()].sort((a, b) => a.startLine - b.startLine);
}

/** A call's or comment's brackets on different lines, offsets relative to its chunk. */
interface BracketSpan {
  readonly open: number;
  readonly close: number;
  readonly comment: boolean;
}

/** The closed calls and comments of a chunk whose `[` and `]` are on different lines (a line break inside never moves). */
function multiLineBrackets(text: DocText, view: ChunkView, base: number): BracketSpan[] {
  const out: BracketSpan[] = [];
  const first = view.roots[0];
  const last = view.roots[view.roots.length - 1];
  if (!first || !last) return out;
  // The chunk's own line starts: `[` and `]` are on different lines when one lies between them.
  const starts: number[] = [];
  for (let i = first.start; i < last.end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  const take = (open: number, close: number, comment: boolean): void => {
    if (open < 0 || close < 0) return;
    const k = lineOf(starts, open);
    const next = starts[open < (starts[0] ?? Infinity) ? 0 : k + 1];
    if (next === undefined || next > close) return;
    out.push({ open: open - base, close: close - base, comment });
  };
  for (const call of view.calls) take(call.open, call.close, false);
  for (const comment of view.comments) take(comment.open, comment.close, true);
  return out;
}

/** The brackets of a chunk that fold. */
export const FOLD_FACT = new ChunkFact<readonly BracketSpan[]>({
  name: 'folds',
  compute: multiLineBrackets,
  move: (fact, shift) => moveEach(fact, (span) => moveOffsets(span, ['open', 'close'], shift)),
});

/**
 * Folds from the line of `[` to the line of `]` when nothing but more `]` follows it there (the
 * whole call collapses onto its first line); otherwise, or when `]` starts its line, to the line
 * before, so the text after `]` stays visible.
 */
function addBracketed(
  lines: LineShapes,
  open: number,
  close: number,
  add: (startLine: number, endLine: number, kind?: FoldingRangeKind) => void,
  kind?: FoldingRangeKind,
): void {
  const startLine = lineOf(lines.parsed.lineStarts, open);
  const closeLine = lineOf(lines.parsed.lineStarts, close);
  if (closeLine === startLine) return;
  const shape = lines.of(closeLine);
  const throughClose = close > shape.firstNonBlank && close + 1 >= shape.closersFrom;
  add(startLine, throughClose ? closeLine : closeLine - 1, kind);
}

/** Per line, where its first non-blank character is and where its trailing run of `]` and blanks starts; computed once per line. */
class LineShapes {
  private readonly cache = new Map<number, { firstNonBlank: number; closersFrom: number }>();

  constructor(readonly parsed: ParsedDocument) {}

  of(line: number): { firstNonBlank: number; closersFrom: number } {
    let shape = this.cache.get(line);
    if (shape) return shape;
    const text = this.parsed.text;
    const start = this.parsed.lineStarts[line] ?? 0;
    let end = this.parsed.lineStarts[line + 1] ?? text.length;
    while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
    let firstNonBlank = start;
    while (firstNonBlank < end && isSpaceOrTab(text.charCodeAt(firstNonBlank))) firstNonBlank++;
    let closersFrom = end;
    while (
      closersFrom > start &&
      (text.charCodeAt(closersFrom - 1) === 93 || isSpaceOrTab(text.charCodeAt(closersFrom - 1)))
    )
      closersFrom--;
    shape = { firstNonBlank, closersFrom };
    this.cache.set(line, shape);
    return shape;
  }
}
