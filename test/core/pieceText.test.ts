// A version's text kept in pieces (core/parser/text.ts) reads exactly as the same text in one
// string does, over random edit sequences; an edit copies only the pieces it touches, and the
// pieces stay few and of bounded length however the text is edited.

import * as assert from 'node:assert/strict';
import { PieceText, wholeText } from '../../server/src/core/parser/text';
import { Rng } from '../support/generate';

const INSERTS = ['', 'a', '\n', '\r\n', '😀', '$addButton[no;id;Go]', 'x'.repeat(300), 'y'.repeat(9_000)];

/** Compares every read of `ours` with the same read of `text` at random places. */
function assertReadsAs(ours: PieceText, text: string, rng: Rng, where: string): void {
  assert.equal(ours.length, text.length, `${where}: length`);
  for (let k = 0; k < 40; k++) {
    const i = rng.int(-3, text.length + 3);
    assert.equal(ours.charCodeAt(i), text.charCodeAt(i), `${where}: charCodeAt(${i})`);
    const a = rng.int(-text.length - 5, text.length + 5);
    const b = rng.chance(0.2) ? undefined : rng.int(-text.length - 5, text.length + 5);
    assert.equal(ours.slice(a, b), text.slice(a, b), `${where}: slice(${a}, ${b})`);
    const at = rng.int(0, text.length);
    const search = text.slice(at, at + rng.int(0, 12));
    assert.equal(ours.startsWith(search, at), true, `${where}: startsWith what is there`);
    const other = `${search}z`;
    assert.equal(ours.startsWith(other, at), text.startsWith(other, at), `${where}: startsWith(${other}, ${at})`);
  }
  // Runs of reads, as the scanner makes them, from a random place.
  const from = rng.int(0, text.length);
  for (let i = from; i < Math.min(text.length, from + 9_000); i++)
    if (ours.charCodeAt(i) !== text.charCodeAt(i)) assert.fail(`${where}: sequential charCodeAt(${i})`);
}

describe('core/parser/text: a text in pieces', () => {
  it('reads as the same string does, over random edit sequences (property)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const rng = new Rng(seed);
      let text = 'ab😀\r\n'.repeat(rng.int(0, 12_000));
      let ours = PieceText.of(text);
      for (let step = 0; step < 60; step++) {
        const start = rng.int(0, text.length);
        const end = rng.chance(0.5) ? start : Math.min(text.length, start + rng.int(0, rng.chance(0.1) ? 20_000 : 50));
        const insert = rng.pick(INSERTS);
        const before = ours;
        ours = ours.replace(start, end, insert);
        text = text.slice(0, start) + insert + text.slice(end);
        assertReadsAs(ours, text, rng, `seed ${seed} step ${step}`);
        // A version is never changed by the next one.
        assert.equal(before.length, text.length - insert.length + (end - start));
      }
      assert.equal(wholeText(ours), text, `seed ${seed}: the whole text`);
    }
  });

  it('keeps pieces few and short whatever is typed, deleted or pasted', () => {
    const rng = new Rng(7);
    let text = 'z'.repeat(1 << 20);
    let ours = PieceText.of(text);
    // 5,000 keystrokes at the end, 2,000 deletions in the middle, 50 large pastes anywhere.
    for (let k = 0; k < 5_000; k++) ours = ours.replace(ours.length, ours.length, 'k');
    for (let k = 0; k < 2_000; k++) {
      const at = rng.int(0, ours.length - 1);
      ours = ours.replace(at, at + 1, '');
    }
    let pasted = 0;
    for (let k = 0; k < 50; k++) {
      const at = rng.int(0, ours.length);
      const paste = 'p'.repeat(rng.int(1, 40_000));
      pasted += paste.length;
      ours = ours.replace(at, at, paste);
    }
    text = wholeText(ours);
    const lengths = ours.pieceLengths();
    assert.equal(
      lengths.reduce((a, b) => a + b, 0),
      text.length,
    );
    // At most one piece per 1,024 characters (a quarter of a piece) on average, none over 8,192.
    assert.ok(lengths.length <= Math.ceil(text.length / 1_024) + 1, `${lengths.length} pieces for ${text.length}`);
    assert.ok(Math.max(...lengths) <= 8_192, `a piece of ${Math.max(...lengths)}`);
    assert.equal(text.length, (1 << 20) + 5_000 - 2_000 + pasted);
  });

  it('copies only the piece an edit touches: the others stay as they were', () => {
    const text = 'abcdefgh'.repeat(100_000);
    const ours = PieceText.of(text);
    const next = ours.replace(400_000, 400_000, 'X');
    const before = ours.pieceLengths();
    const after = next.pieceLengths();
    assert.equal(after.length, before.length);
    const changed = after.map((n, k) => (n === before[k] ? -1 : k)).filter((k) => k >= 0);
    assert.deepEqual(changed, [
      before.findIndex((_, k) => before.slice(0, k + 1).reduce((a, b) => a + b, 0) > 400_000),
    ]);
    assert.equal(wholeText(next), `${text.slice(0, 400_000)}X${text.slice(400_000)}`);
  });
});
