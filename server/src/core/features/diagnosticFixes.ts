// The fixes a diagnostic carries in `Diagnostic.data`, read back from what a client echoes: a
// client may send anything there, so every title and edit is checked (sizes, offsets inside the
// document, edits apart) and anything else is dropped, never thrown on. Quick fixes and "fix all"
// both read fixes through here.

import { isObject } from '../../protocol/json';
import type { OffsetEdit } from './types';

/** Caps on what untrusted diagnostic data may ask for. */
const MAX_FIXES_PER_DIAGNOSTIC = 20;
const MAX_EDITS_PER_FIX = 200;
const MAX_TITLE_LENGTH = 200;
const MAX_NEW_TEXT_LENGTH = 100_000;

export interface ValidFix {
  readonly title: string;
  readonly edits: OffsetEdit[];
  readonly preferred: boolean;
  readonly safe: boolean;
}

/**
 * The fixes in untrusted `Diagnostic.data`: well-formed titles and edits whose offsets lie inside
 * the document and do not overlap. Anything else is dropped, never thrown on.
 */
export function readFixes(data: unknown, textLength: number): ValidFix[] {
  if (!isObject(data) || !Array.isArray(data['fixes'])) return [];
  const out: ValidFix[] = [];
  for (const fix of data['fixes'].slice(0, MAX_FIXES_PER_DIAGNOSTIC)) {
    if (!isObject(fix)) continue;
    const title = fix['title'];
    const rawEdits = fix['edits'];
    if (typeof title !== 'string' || title.trim() === '' || title.length > MAX_TITLE_LENGTH) continue;
    if (!Array.isArray(rawEdits) || rawEdits.length === 0 || rawEdits.length > MAX_EDITS_PER_FIX) continue;
    const edits: OffsetEdit[] = [];
    let ok = true;
    for (const e of rawEdits) {
      if (!isObject(e)) {
        ok = false;
        break;
      }
      const { start, end, newText } = e;
      if (
        !Number.isSafeInteger(start) ||
        !Number.isSafeInteger(end) ||
        typeof newText !== 'string' ||
        newText.length > MAX_NEW_TEXT_LENGTH ||
        (start as number) < 0 ||
        (start as number) > (end as number) ||
        (end as number) > textLength
      ) {
        ok = false;
        break;
      }
      edits.push({ start: start as number, end: end as number, newText });
    }
    if (!ok) continue;
    edits.sort((a, b) => a.start - b.start || a.end - b.end);
    for (let i = 1; i < edits.length && ok; i++) {
      const prev = edits[i - 1];
      const cur = edits[i];
      if (prev === undefined || cur === undefined) break;
      // Two edits may touch, but not overlap, and two insertions at one offset are ambiguous.
      if (cur.start < prev.end || (cur.start === prev.start && cur.start === cur.end && prev.start === prev.end))
        ok = false;
    }
    if (!ok) continue;
    out.push({ title, edits, preferred: fix['preferred'] === true, safe: fix['safe'] === true });
  }
  return out;
}
