// "Fix all": every fix the diagnostics mark safe (an escape of text the parser reads as syntax, a
// deprecated function replaced by one that does the same with the same arguments, empty brackets
// on a bare-only function), in one edit. The `source.fixAll.bdscript` code action (on save, with
// `editor.codeActionsOnSave`) and `bdscript check --fix` both take it from here. A fix whose edits
// would touch one already taken waits for the next run; nothing else is asked or guessed.

import type { Diagnostic } from 'vscode-languageserver-types';
import { readFixes } from './diagnosticFixes';
import { computeDiagnostics } from './diagnostics';
import type { Analysis, FeatureContext, OffsetEdit } from './types';

/** The edits of every safe fix of the document's diagnostics (computed when not given), sorted, none overlapping. */
export function fixAllEdits(
  ctx: FeatureContext,
  analysis: Analysis,
  diagnostics?: readonly Diagnostic[],
): OffsetEdit[] {
  const length = analysis.parsed.text.length;
  const groups: OffsetEdit[][] = [];
  for (const d of diagnostics ?? computeDiagnostics(ctx, analysis)) {
    // A diagnostic's first safe fix: it has one meaning, so one fix of it.
    const fix = readFixes(d.data, length).find((f) => f.safe);
    if (fix) groups.push(fix.edits);
  }
  groups.sort((a, b) => (a[0]?.start ?? 0) - (b[0]?.start ?? 0));
  const taken: OffsetEdit[] = [];
  for (const edits of groups) {
    if (edits.every((e) => !overlapsAny(taken, e))) for (const e of edits) insertSorted(taken, e);
  }
  return taken;
}

/** Whether `e` overlaps an edit of `sorted` (sorted by start, none overlapping); two insertions at one offset do too. */
function overlapsAny(sorted: readonly OffsetEdit[], e: OffsetEdit): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.start ?? 0) < e.start) lo = mid + 1;
    else hi = mid;
  }
  const before = sorted[lo - 1];
  const after = sorted[lo];
  if (before && (before.end > e.start || (before.start === e.start && before.end === e.start))) return true;
  if (after && (after.start < e.end || after.start === e.start)) return true;
  return false;
}

function insertSorted(sorted: OffsetEdit[], e: OffsetEdit): void {
  let k = sorted.length;
  while (k > 0 && (sorted[k - 1]?.start ?? 0) > e.start) k--;
  sorted.splice(k, 0, e);
}
