// Validation in steps (LanguageService.validateSteps): run to its end it gives what `validate`
// gives; on a large document it pauses many times, and a pause never comes after more than a few
// chunks or one rule about the whole command; and its positions come from the analysed version,
// so a document edited between steps does not move them.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../../server/src/core/languageService';
import { parse, positionOf } from '../../server/src/core/parser/parser';
import { generateDocument, Rng } from '../support/generate';
import { snapshotCatalog } from '../support/testCatalog';

const catalog = snapshotCatalog();

describe('validation in steps', function () {
  this.timeout(60_000);

  it('ends with what validate gives, pausing along the way on a large document', () => {
    for (const [seed, size] of [
      [1, 2_000],
      [2, 60_000],
      [3, 300_000],
    ] as const) {
      const text = generateDocument(catalog, { seed, size });
      const whole = new LanguageService({ catalog }).validate(
        TextDocument.create('file:///s.bds', 'bdscript', 1, text),
      );
      const steps = new LanguageService({ catalog }).validateSteps(
        TextDocument.create('file:///s.bds', 'bdscript', 1, text),
      );
      let pauses = 0;
      let step = steps.next();
      while (!step.done) {
        pauses++;
        step = steps.next();
      }
      assert.deepEqual(step.value, whole, `seed ${seed}`);
      const chunks = parse(text).chunkCount;
      // A pause after the parse, every 16 chunks, before and between the whole-command rules.
      assert.ok(pauses >= 1 + Math.floor(chunks / 16) + 6, `${pauses} pauses for ${chunks} chunks`);
    }
  });

  it('places findings in the analysed version when the document changes between steps', () => {
    const text = 'Hello $usernam\n$title[x]\n$addButton[no;a;A;primary]\n$addButton[no;a;B;primary]\n';
    const service = new LanguageService({ catalog });
    const doc = TextDocument.create('file:///s.bds', 'bdscript', 1, text);
    const expected = new LanguageService({ catalog }).validate(
      TextDocument.create('file:///s.bds', 'bdscript', 1, text),
    );
    const steps = service.validateSteps(doc);
    steps.next();
    // Lines typed at the top while the steps are paused.
    TextDocument.update(
      doc,
      [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'one\ntwo\n' }],
      2,
    );
    let step = steps.next();
    while (!step.done) step = steps.next();
    assert.ok(expected.length >= 2);
    assert.deepEqual(step.value, expected);
  });

  it('gives positions as TextDocument.positionAt does, line breaks of every kind included', () => {
    const rng = new Rng(7);
    const pieces = ['a', '$if', '\n', '\r\n', '\r', ' ', '😀', '[', ']'];
    for (let k = 0; k < 200; k++) {
      let text = '';
      for (let n = rng.int(0, 30); n > 0; n--) text += rng.pick(pieces);
      const parsed = parse(text);
      const doc = TextDocument.create('file:///p.bds', 'bdscript', 1, text);
      for (let offset = -1; offset <= text.length + 1; offset++) {
        assert.deepEqual(positionOf(parsed, offset), doc.positionAt(offset), `${JSON.stringify(text)} at ${offset}`);
      }
    }
  });
});
