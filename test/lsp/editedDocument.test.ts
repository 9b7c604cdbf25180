// The server's open documents (EditedDocument) against vscode-languageserver-textdocument, the
// reference every LSP server in TypeScript uses: the same random edits (line breaks of every
// kind, edits that split and join `\r\n`, ranges backwards or past the end, whole-text
// replacements, emoji) applied to both, and after each one the text equal to the reference's,
// and the line count and every position question asked at random places answered as a document
// made afresh from that text answers them. (Not as the edited reference: its incremental line
// table can get a hole after some multi-line changes, and then answers NaN.) And what changed
// since each earlier version (changeSince, which the language service reparses from) is one
// region outside which that version's text and the current one are the same.

import * as assert from 'node:assert/strict';
import { TextDocument, type Position, type Range } from 'vscode-languageserver-textdocument';
import { EditedDocument } from '../../server/src/lsp/editedDocument';
import { Rng } from '../support/generate';

const ALPHABET = ['a', 'b', ' ', '\n', '\r', '\r\n', '😀', '$', '['];

function randomText(rng: Rng, max: number): string {
  let s = '';
  const n = rng.int(0, max);
  for (let i = 0; i < n; i++) s += rng.pick(ALPHABET);
  return s;
}

function randomPosition(rng: Rng, doc: TextDocument): Position {
  // Now and then a line or a column past the end, or below zero.
  const line = rng.chance(0.1) ? rng.int(-1, doc.lineCount + 2) : rng.int(0, doc.lineCount - 1);
  const character = rng.chance(0.1) ? rng.int(-1, 200) : rng.int(0, 12);
  return { line, character };
}

function randomRange(rng: Rng, doc: TextDocument): Range {
  return { start: randomPosition(rng, doc), end: randomPosition(rng, doc) };
}

/**
 * A range to change: lines inside the document, as the server's position converter clamps them
 * before a change is applied (the reference writes holes into its line table for a line past the
 * end); columns past the line's end and ranges given backwards do come.
 */
function changeRange(rng: Rng, doc: TextDocument): Range {
  const position = (): Position => ({
    line: rng.int(0, doc.lineCount - 1),
    character: rng.chance(0.1) ? rng.int(0, 200) : rng.int(0, 12),
  });
  return { start: position(), end: position() };
}

function assertSame(ours: EditedDocument, edited: TextDocument, rng: Rng, step: string): void {
  assert.equal(ours.getText(), edited.getText(), `${step}: text`);
  assert.equal(ours.version, edited.version, `${step}: version`);
  const ref = TextDocument.create(edited.uri, edited.languageId, edited.version, edited.getText());
  assert.equal(ours.length, ref.getText().length, `${step}: length`);
  assert.equal(ours.lineCount, ref.lineCount, `${step}: line count`);
  for (let k = 0; k < 8; k++) {
    const p = randomPosition(rng, ref);
    assert.equal(ours.offsetAt(p), ref.offsetAt(p), `${step}: offsetAt ${JSON.stringify(p)}`);
    const offset = rng.int(-2, ref.getText().length + 2);
    assert.deepEqual(ours.positionAt(offset), ref.positionAt(offset), `${step}: positionAt ${offset}`);
    const line = rng.int(-1, ref.lineCount);
    assert.deepEqual(ours.getLineRange(line), ref.getLineRange(line), `${step}: getLineRange ${line}`);
    assert.equal(ours.getEOLCharacters(line), ref.getEOLCharacters(line), `${step}: getEOLCharacters ${line}`);
    const r = randomRange(rng, ref);
    assert.equal(ours.getText(r), ref.getText(r), `${step}: getText ${JSON.stringify(r)}`);
  }
}

describe('EditedDocument (the open documents of the server)', () => {
  it('answers as vscode-languageserver-textdocument does, edit after edit', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rng = new Rng(seed);
      const initial = randomText(rng, 40);
      const ours = new EditedDocument('file:///a.bds', 'bdscript', 1, initial);
      let ref = TextDocument.create('file:///a.bds', 'bdscript', 1, initial);
      for (let step = 0; step < 60; step++) {
        // Several changes in one notification, each relative to the text after the one before
        // (so each is made, and applied to the reference, in turn).
        const version = ref.version + 1;
        const changes = [];
        for (let n = rng.int(1, 3); n > 0; n--) {
          const change = rng.chance(0.03)
            ? { text: randomText(rng, 30) }
            : { range: changeRange(rng, ref), text: randomText(rng, 6) };
          changes.push(change);
          ref = TextDocument.update(ref, [change], version);
        }
        ours.update(changes, version);
        assertSame(ours, ref, rng, `seed ${seed} step ${step}`);
      }
    }
  });

  it('keeps answering right across hundreds of unread changes (pieces joined when there are many)', () => {
    const rng = new Rng(99);
    const initial = 'line\r\n'.repeat(50);
    const ours = new EditedDocument('file:///b.bds', 'bdscript', 1, initial);
    let ref = TextDocument.create('file:///b.bds', 'bdscript', 1, initial);
    for (let step = 0; step < 600; step++) {
      const change = { range: changeRange(rng, ref), text: randomText(rng, 3) };
      ref = TextDocument.update(ref, [change], ref.version + 1);
      ours.update([change], ref.version);
      // Positions are asked between changes, the text only now and then, as a server does.
      const p = randomPosition(rng, ref);
      assert.equal(ours.offsetAt(p), ref.offsetAt(p), `step ${step}: offsetAt`);
      if (step % 97 === 0) assert.equal(ours.getText(), ref.getText(), `step ${step}: text`);
    }
    assertSame(ours, ref, rng, 'end');
  });

  it('tells what changed since each of its last versions as one region outside which the texts agree', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rng = new Rng(1000 + seed);
      const initial = randomText(rng, 60);
      const ours = new EditedDocument('file:///c.bds', 'bdscript', 1, initial);
      let ref = TextDocument.create('file:///c.bds', 'bdscript', 1, initial);
      const texts = new Map<number, string>([[1, initial]]);
      /** The first version from which a region can be told: after the last whole-text change. */
      let known = 1;
      for (let step = 0; step < 80; step++) {
        const version = ref.version + 1;
        const changes = [];
        for (let n = rng.int(0, 3); n > 0; n--) {
          const change = rng.chance(0.02)
            ? { text: randomText(rng, 30) }
            : { range: changeRange(rng, ref), text: randomText(rng, 6) };
          if (!('range' in change)) known = version;
          changes.push(change);
          ref = TextDocument.update(ref, [change], version);
        }
        if (changes.length === 0) ref = TextDocument.update(ref, [], version);
        // As the server applies a didChange: one change at a time, each with the new version.
        if (changes.length === 0) ours.update([], version);
        for (const change of changes) ours.update([change], version);
        const now = ref.getText();
        texts.set(version, now);
        for (let back = 1; back <= 70 && version - back >= 1; back++) {
          const then = texts.get(version - back)!;
          const region = ours.changeSince(version - back);
          const where = `seed ${seed} step ${step}, since version ${version - back}`;
          if (version - back < known || back > 64) {
            assert.equal(region, undefined, `${where}: a region across a whole-text change or past the log`);
            continue;
          }
          assert.ok(region, `${where}: no region`);
          const { start, oldEnd, newEnd } = region;
          assert.ok(start >= 0 && oldEnd >= start && newEnd >= start, `${where}: ${JSON.stringify(region)}`);
          assert.equal(then.length - oldEnd, now.length - newEnd, `${where}: the same length after the region`);
          assert.equal(then.slice(0, start), now.slice(0, start), `${where}: the text before the region`);
          assert.equal(then.slice(oldEnd), now.slice(newEnd), `${where}: the text after the region`);
        }
      }
      assert.equal(ours.changeSince(ref.version + 5), undefined, 'a version it never had');
    }
  });

  it('tells no region across versions that went back', () => {
    const doc = new EditedDocument('file:///d.bds', 'bdscript', 5, 'abc');
    doc.update([{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: 'x' }], 6);
    assert.deepEqual(doc.changeSince(5), { start: 1, oldEnd: 1, newEnd: 2 });
    doc.update([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: '' }], 3);
    assert.equal(doc.changeSince(5), undefined);
    assert.equal(doc.changeSince(6), undefined);
  });
});
