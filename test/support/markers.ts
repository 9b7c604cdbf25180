// Test fixtures with markers: `|` marks the cursor (at most once) and `«...»` marks ranges.
// `$` and `[` are BDScript syntax, so they are poor markers; `|` and `«»` are rare in real code.
// Write `||` for a literal `|` in a fixture that also has a cursor.

import * as assert from 'node:assert/strict';

export interface Span {
  start: number;
  end: number;
}

export interface Marked {
  /** The text with markers removed. */
  text: string;
  /** The cursor offset, when the fixture has `|`. */
  cursor?: number;
  /** The `«...»` ranges in order of their opening marker. */
  ranges: Span[];
}

/** Strips markers from a fixture. `|` may appear at most once (use `||` for a literal bar). */
export function marked(src: string, opts: { cursor?: 'required' | 'none' | 'optional' } = {}): Marked {
  let text = '';
  let cursor: number | undefined;
  const ranges: Span[] = [];
  const open: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '|') {
      if (src[i + 1] === '|') {
        text += '|';
        i++;
        continue;
      }
      assert.equal(cursor, undefined, `fixture has more than one cursor marker: ${src}`);
      cursor = text.length;
    } else if (ch === '«') {
      open.push(ranges.length);
      ranges.push({ start: text.length, end: -1 });
    } else if (ch === '»') {
      const k = open.pop();
      assert.notEqual(k, undefined, `unbalanced » in fixture: ${src}`);
      ranges[k!]!.end = text.length;
    } else {
      text += ch;
    }
  }
  assert.equal(open.length, 0, `unclosed « in fixture: ${src}`);
  if (opts.cursor === 'required') assert.notEqual(cursor, undefined, `fixture needs a cursor marker: ${src}`);
  if (opts.cursor === 'none') assert.equal(cursor, undefined, `fixture must not have a cursor marker: ${src}`);
  return { text, cursor, ranges };
}

/** Applies LSP-style edits given as offsets to a text (edits must not overlap). */
export function applyOffsetEdits(text: string, edits: Array<{ start: number; end: number; newText: string }>): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}
