// Whole-output snapshot ("expect") tests, in the style of rust-analyzer's expect tests: a test
// renders some output as text and compares it with a file under test/snapshots/. On a mismatch
// the test fails with a unified-style diff; run with `UPDATE_SNAPSHOTS=1` to rewrite the files
// from what the code produces now, then review the change with `git diff test/snapshots`.
//
// A snapshot that does not exist yet fails too (unless UPDATE_SNAPSHOTS is set), so a test can
// never pass without its expected output being reviewed and committed.

import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const SNAPSHOT_ROOT = join(__dirname, '..', 'snapshots');

/** True when the run is asked to rewrite snapshots instead of checking them. */
export function updatingSnapshots(): boolean {
  const v = process.env.UPDATE_SNAPSHOTS;
  return v !== undefined && v !== '' && v !== '0' && v !== 'false';
}

/** Lines of `a` and `b` with a marker where they differ, around the first difference. */
function describeDifference(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  let first = 0;
  while (first < e.length && first < a.length && e[first] === a[first]) first++;
  const from = Math.max(0, first - 3);
  const out: string[] = [`first difference at line ${first + 1}:`];
  for (let i = from; i < first; i++) out.push(`  ${e[i]}`);
  for (let i = first; i < Math.min(e.length, first + 6); i++) out.push(`- ${e[i]}`);
  for (let i = first; i < Math.min(a.length, first + 6); i++) out.push(`+ ${a[i]}`);
  return out.join('\n');
}

/**
 * Compares `actual` with the snapshot `name` (a path under test/snapshots/, e.g.
 * `hover/function.md`). Trailing whitespace at the end of the text is normalised to one newline.
 */
export function expectSnapshot(name: string, actual: string): void {
  const file = join(SNAPSHOT_ROOT, name);
  const text = actual.replace(/\s*$/, '\n');
  if (updatingSnapshots()) {
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    return;
  }
  const shown = relative(process.cwd(), file);
  if (!existsSync(file)) {
    assert.fail(`snapshot ${shown} does not exist; run with UPDATE_SNAPSHOTS=1 to create it, then review it`);
  }
  const expected = readFileSync(file, 'utf8');
  if (expected !== text) {
    assert.fail(
      `output differs from snapshot ${shown} (UPDATE_SNAPSHOTS=1 rewrites it)\n${describeDifference(expected, text)}`,
    );
  }
}
