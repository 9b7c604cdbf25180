// The language service reparses an open document from the region its didChanges replaced
// (EditedDocument.changeSince) instead of comparing the old and new texts: over random edit
// sequences on generated commands (several changes to one notification, line breaks of every
// kind, blocks opened and closed, edits that join or split `\r\n`), every version it analyses
// parses as a fresh parse of the same text does, and every version it validates has a fresh
// analysis' diagnostics, whether it analysed the versions between or not.

import * as assert from 'node:assert/strict';
import { TextDocument, type Position } from 'vscode-languageserver-textdocument';
import { knownNamesOf, LanguageService } from '../../server/src/core/languageService';
import { parse } from '../../server/src/core/parser/parser';
import type { TextChange } from '../../server/src/core/parser/parser';
import { EditedDocument } from '../../server/src/lsp/editedDocument';
import { countJoins } from '../support/joins';
import { generateDocument, Rng } from '../support/generate';
import { snapshotCatalog } from '../support/testCatalog';
import { assertSameParse } from '../fuzz/incremental';

const SNIPPETS = [
  '\n',
  '\r\n',
  '\r',
  '$if[$a==1]\n',
  '$elseif[$b==2]',
  '$else\n',
  '$endif\n',
  '[',
  ']',
  ';',
  '\\',
  '%',
  '$addBu',
  '$addButton[no;id;Go;primary]\n',
  '$var[x;1]',
  '$title[😀 x]',
  '$stop\n',
  '$nomention\n',
  'text ',
];

/** Counts the service's questions to the document, so the test knows the regions were used. */
class CountingDocument extends EditedDocument {
  asked = 0;
  override changeSince(version: number): TextChange | undefined {
    this.asked++;
    return super.changeSince(version);
  }
}

describe('reparsing open documents from their changes', function () {
  this.timeout(120_000);
  const catalog = snapshotCatalog();
  const options = {
    isCallback: (name: string) => catalog.callbacks.forms(name) !== undefined,
    knownNames: knownNamesOf(catalog),
  };

  it('parses and diagnoses each version as a fresh analysis does (random edit sequences)', () => {
    let asked = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const rng = new Rng(seed);
      // A third of the documents are kept in several pieces (core/parser/text.ts cuts past 8 KB).
      const initial = generateDocument(catalog, {
        seed,
        size: seed % 3 === 0 ? rng.int(20_000, 60_000) : rng.int(2_000, 9_000),
      });
      const uri = 'file:///changes.bds';
      const ours = new CountingDocument(uri, 'bdscript', 1, initial);
      let ref = TextDocument.create(uri, 'bdscript', 1, initial);
      const service = new LanguageService({ catalog });
      service.validate(ours);
      const validateEvery = rng.int(1, 4);
      for (let step = 0; step < 30; step++) {
        const version = ref.version + 1;
        const position = (): Position => ref.positionAt(rng.int(0, ref.getText().length));
        const changes = [];
        for (let n = rng.chance(0.3) ? rng.int(2, 3) : 1; n > 0; n--) {
          const start = position();
          const end = rng.chance(0.4) ? ref.positionAt(ref.offsetAt(start) + rng.int(0, 40)) : start;
          const change = { range: { start, end }, text: rng.chance(0.2) ? '' : rng.pick(SNIPPETS) };
          changes.push(change);
          ref = TextDocument.update(ref, [change], version);
        }
        for (const change of changes) ours.update([change], version);
        const text = ref.getText();
        const where = `seed ${seed} step ${step}`;
        if ((step + 1) % validateEvery !== 0) {
          // As completion does between validations: the version is parsed, not diagnosed.
          assertSameParse(service.analyze(ours).parsed, parse(text, options), where);
          assert.equal(ours.getText(), text);
          continue;
        }
        const incremental = service.validate(ours);
        assertSameParse(service.analyze(ours).parsed, parse(text, options), where);
        assert.equal(ours.getText(), text);
        const fresh = new LanguageService({ catalog }).validate(TextDocument.create(uri, 'bdscript', version, text));
        assert.deepEqual(incremental, fresh, `${where}: diagnostics differ from a fresh analysis`);
      }
      asked += ours.asked;
    }
    assert.ok(asked > 0, 'the service never asked the documents what changed');
  });

  it('never joins the whole text for a keystroke: validation and the first requests read pieces', () => {
    const text = generateDocument(catalog, { seed: 5, size: 300_000 });
    const uri = 'file:///large.bds';
    const doc = new EditedDocument(uri, 'bdscript', 1, text);
    const service = new LanguageService({ catalog });
    service.validate(doc);
    const joins = countJoins();
    try {
      let version = 1;
      const middle = text.indexOf('\n', text.length >> 1) + 1;
      for (const [from, typed] of [
        [middle, '$addBu'],
        [text.length, '$title[😀 '],
        [middle, '\n$if[$a==1]\n'],
      ] as const) {
        // Typed one character at a time, with the requests an editor sends after each.
        let at = from === text.length ? doc.length : from;
        for (const ch of typed) {
          const position = doc.positionAt(at);
          doc.update([{ range: { start: position, end: position }, text: ch }], ++version);
          at += ch.length;
          const cursor = doc.positionAt(at);
          service.complete(doc, cursor);
          service.hover(doc, cursor);
          service.signatureHelp(doc, cursor);
        }
        service.validate(doc);
      }
      assert.equal(joins.count, 0, 'the whole text was joined');
    } finally {
      joins.restore();
    }
    // What was read in pieces is what a fresh analysis of the joined text finds.
    const fresh = new LanguageService({ catalog }).validate(TextDocument.create(uri, 'bdscript', 99, doc.getText()));
    assert.deepEqual(service.validate(doc), fresh);
  });
});
