// "Fix all" tests: the safe fixes (an early `]` escaped where the call's own `]` follows, extra `;`
// in a text argument escaped, a deprecated function renamed where its arguments carry over, empty
// brackets of a bare-only function removed) in one edit, and nothing that is a guess ("did you
// mean", a missing `+`, brackets added); the `source.fixAll.bdscript` action only when asked.
// Also the links each diagnostic's code carries: the function's wiki page, or the rule's section.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../../server/src/core/languageService';
import { FULL_CLIENT } from '../../server/src/core/features/types';
import { serviceFor } from '../support/service';
import { testCatalog } from '../support/testCatalog';

/** The one helper that runs "fix all": the text after its edits. */
function fixAll(src: string): string {
  const { service, document } = serviceFor(src);
  return TextDocument.applyEdits(document, service.fixAll(document));
}

describe('fix all', () => {
  const cases: Array<[string, string, string]> = [
    [
      'escapes an early `]` when the call closes later on its line',
      '$description[[link](url)]',
      '$description[[link\\](url)]',
    ],
    ['escapes extra `;` in a text argument', '$channelID[general;chat]', '$channelID[general\\;chat]'],
    ['renames a deprecated function whose arguments carry over', '$channelIDFromName[general]', '$channelID[general]'],
    ['removes empty brackets from a bare-only function', '$nomention[]\nHi', '$nomention\nHi'],
    [
      'applies every safe fix at once, in one edit',
      '$nomention[]\n$channelIDFromName[a]\n$description[x;y]',
      '$nomention\n$channelID[a]\n$description[x;y]',
    ],
  ];
  for (const [name, src, expected] of cases) it(name, () => assert.equal(fixAll(src), expected));

  it('applies no guess: did you mean, a `]` that would leave the call open, missing brackets', () => {
    for (const src of ['$usernam', '$title[Hi [x]', '$addButton', '$title«Hello']) assert.equal(fixAll(src), src, src);
  });

  it('offers the source.fixAll.bdscript action only when asked, with every safe fix', () => {
    const { service, document } = serviceFor('$nomention[]\n$channelIDFromName[a]');
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const diagnostics = service.validate(document);
    assert.ok(!service.codeActions(document, range, { diagnostics }).some((a) => a.kind?.startsWith('source')));
    for (const only of [['source.fixAll'], ['source'], ['source.fixAll.bdscript']]) {
      const actions = service.codeActions(document, range, { diagnostics: [], only });
      assert.deepEqual(
        actions.map((a) => a.kind),
        ['source.fixAll.bdscript'],
        only.join(),
      );
      const edits = actions[0]!.edit!.changes![document.uri]!;
      assert.equal(TextDocument.applyEdits(document, edits), '$nomention\n$channelID[a]');
    }
    const clean = serviceFor('Hello');
    assert.deepEqual(
      clean.service.codeActions(clean.document, range, { diagnostics: [], only: ['source.fixAll'] }),
      [],
    );
  });
});

describe('diagnostic links (codeDescription)', () => {
  const links = (src: string, rulesDocUrl?: string): Array<[string, string | undefined]> => {
    const service = new LanguageService({
      catalog: testCatalog(),
      client: FULL_CLIENT,
      ...(rulesDocUrl ? { rulesDocUrl } : {}),
    });
    const document = TextDocument.create('file:///links.bds', 'bdscript', 1, src);
    return service.validate(document).map((d) => [String(d.code), d.codeDescription?.href]);
  };

  it("links a finding about one function's use to its wiki page, any other to the rule's section", () => {
    assert.deepEqual(
      links('$channelIDFromName[a]\n$usernam\n$addButton[no;id;label]\n$if[a]', 'https://docs.example/rules.md'),
      [
        ['deprecated', 'https://wiki.botdesignerdiscord.com/bdscript/channelIDFromName.html'],
        ['unknown-function', 'https://docs.example/rules.md#unknown-function'],
        ['missing-argument', 'https://wiki.botdesignerdiscord.com/bdscript/addButton.html'],
        ['unclosed-block', 'https://docs.example/rules.md#unclosed-block'],
      ],
    );
  });

  it('links to the wiki only where the service knows no rules page', () => {
    assert.deepEqual(links('$channelIDFromName[a]\n$usernam'), [
      ['deprecated', 'https://wiki.botdesignerdiscord.com/bdscript/channelIDFromName.html'],
      ['unknown-function', undefined],
    ]);
  });
});
