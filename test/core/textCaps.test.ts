// Discord's caps on literal texts at their edges: the last length that passes, the first that is
// reported, blanks around the text not counted, an emoji counted as one character, and a text
// with a call in it left alone (its length is known only at run time).

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { limit } from '../../server/src/core/features/limits';
import { LanguageService } from '../../server/src/core/languageService';
import { snapshotCatalog } from '../support/testCatalog';

const service = new LanguageService({ catalog: snapshotCatalog() });
let version = 0;

function codes(src: string): string[] {
  return service
    .validate(TextDocument.create(`file:///caps${++version}.bds`, 'bdscript', 1, src))
    .map((d) => String(d.code))
    .filter((c) => c === 'embed-limit' || c === 'component-text-limit');
}

const CASES: ReadonlyArray<[string, number, (text: string) => string, string]> = [
  ['title', limit('embedTitle'), (t) => `$title[${t}]`, 'embed-limit'],
  ['description', limit('embedDescription'), (t) => `$description[${t}]`, 'embed-limit'],
  ['field name', limit('embedFieldName'), (t) => `$addField[${t};v]`, 'embed-limit'],
  ['field value', limit('embedFieldValue'), (t) => `$addField[n;${t}]`, 'embed-limit'],
  ['footer', limit('embedFooter'), (t) => `$footer[${t}]`, 'embed-limit'],
  ['author', limit('embedAuthor'), (t) => `$author[${t}]`, 'embed-limit'],
  ['button label', limit('buttonLabel'), (t) => `$addButton[no;id;${t};primary]`, 'component-text-limit'],
  [
    'Components V2 button label',
    limit('buttonLabel'),
    (t) => `$addActionRow[r]\n$addButtonCV2[id;${t};primary;no;;r]`,
    'component-text-limit',
  ],
  ['edited button label', limit('buttonLabel'), (t) => `$editButton[id;${t};primary]`, 'component-text-limit'],
  ['button custom ID', limit('customId'), (t) => `$addButton[no;${t};Go;primary]`, 'component-text-limit'],
  [
    'Components V2 button custom ID',
    limit('customId'),
    (t) => `$addActionRow[r]\n$addButtonCV2[${t};Go;primary;no;;r]`,
    'component-text-limit',
  ],
  ['edited button custom ID', limit('customId'), (t) => `$editButton[${t};Go;primary]`, 'component-text-limit'],
  // A URL is `https://` (8 characters) and the rest.
  [
    'link button URL',
    limit('buttonUrl'),
    (t) => `$addButton[no;https://${t.slice(8)};Docs;link]`,
    'component-text-limit',
  ],
  [
    'Components V2 link button URL',
    limit('buttonUrl'),
    (t) => `$addActionRow[r]\n$addButtonCV2[https://${t.slice(8)};Docs;link;no;;r]`,
    'component-text-limit',
  ],
];

describe('Discord text caps (embed-limit, component-text-limit)', () => {
  it("take Discord's numbers", () => {
    assert.deepEqual(
      CASES.map(([, n]) => n),
      [256, 4096, 256, 1024, 2048, 256, 80, 80, 80, 100, 100, 100, 512, 512],
    );
  });
  for (const [name, max, src, code] of CASES) {
    it(`${name}: ${max} passes, ${max + 1} is reported`, () => {
      assert.deepEqual(codes(src('x'.repeat(max))), []);
      assert.deepEqual(codes(src('x'.repeat(max + 1))), [code]);
    });
  }
  it('counts after trimming the blanks around the text, as Discord does', () => {
    assert.deepEqual(codes(`$title[   ${'x'.repeat(256)}   ]`), []);
  });
  it('counts an emoji outside the BMP as one character', () => {
    assert.deepEqual(codes(`$title[${'😀'.repeat(256)}]`), []);
    assert.deepEqual(codes(`$title[${'😀'.repeat(257)}]`), ['embed-limit']);
  });
  it('leaves a text with a call in it alone', () => {
    assert.deepEqual(codes(`$title[${'x'.repeat(300)}$username]`), []);
  });
  it('reads the ID/URL argument as a URL only when it starts with http(s)://', () => {
    // 101 characters: too long for a custom ID, fine for a URL.
    const url = `https://example.com/${'p'.repeat(81)}`;
    assert.equal(url.length, 101);
    assert.deepEqual(codes(`$addButton[no;${url};Docs;link]`), []);
    assert.deepEqual(codes(`$addButton[no;x${url};Go;primary]`), ['component-text-limit']);
    const d = service
      .validate(
        TextDocument.create(
          'file:///u.bds',
          'bdscript',
          1,
          `$addButton[no;https://e.com/${'p'.repeat(510)};Docs;link]`,
        ),
      )
      .find((x) => x.code === 'component-text-limit');
    assert.equal(
      d?.message,
      'A link button URL of 524 characters: Discord allows 512 and refuses the message. Shorten it by 12.',
    );
  });
  it('says the length, the limit and how much to cut', () => {
    const d = service
      .validate(TextDocument.create('file:///m.bds', 'bdscript', 1, `$addField[n;${'v'.repeat(1030)}]`))
      .find((x) => x.code === 'embed-limit');
    assert.equal(
      d?.message,
      'An embed field value of 1,030 characters: Discord allows 1,024 and refuses the message. Shorten it by 6.',
    );
  });
});

describe('Discord embed caps counted along the paths (embed-limit)', () => {
  const fields = (n: number, index = ''): string =>
    Array.from({ length: n }, (_, i) => `$addField[f${i};v${index ? `;no;${index}` : ''}]`).join('\n');
  it('25 fields in one embed pass, the 26th is reported on its call', () => {
    assert.deepEqual(codes(fields(25)), []);
    const src = fields(26);
    const found = service
      .validate(TextDocument.create('file:///f26.bds', 'bdscript', 1, src))
      .filter((d) => d.code === 'embed-limit');
    assert.equal(found.length, 1);
    assert.equal(found[0]?.range.start.line, 25);
    assert.match(String(found[0]?.message ?? ''), /field 26 of embed 1/);
  });
  it('fields of two embeds, and of exclusive branches, are not added up', () => {
    assert.deepEqual(codes(`${fields(20)}\n${fields(20, '2')}`), []);
    assert.deepEqual(codes(`$if[$customID==a]\n${fields(20)}\n$else\n${fields(20)}\n$endif`), []);
  });
  it('6,000 characters across the embeds pass, 6,001 are reported; a later title replaces an earlier one', () => {
    const at6000 = `$description[${'d'.repeat(4000)}]\n$description[${'e'.repeat(2000)};2]`;
    assert.deepEqual(codes(at6000), []);
    assert.deepEqual(codes(`${at6000}\n$title[x]`), ['embed-limit']);
    assert.deepEqual(
      codes(
        `$title[${'t'.repeat(200)}]\n$title[${'t'.repeat(200)}]\n$description[${'d'.repeat(4000)}]\n$footer[${'f'.repeat(1600)}]`,
      ),
      [],
      'the second title replaces the first',
    );
  });
  it('a later title made only of calls replaces an earlier one too (its text counts nothing)', () => {
    // Found by the preview's path-agreement test: the rule kept the first description's 4,000 characters.
    assert.deepEqual(
      codes(`$description[${'d'.repeat(4000)}]\n$footer[${'f'.repeat(1999)}]\n$description[$username]\n$addField[f;v]`),
      [],
    );
  });
  it('counts what a call returns as nothing', () => {
    assert.deepEqual(
      codes(`$description[${'d'.repeat(4000)}]\n$description[$getVar[x]${'e'.repeat(1999)} ;2]\n$title[$username]`),
      [],
    );
  });
});

describe('the embed index (embed-limit)', () => {
  it('10 passes, 11 is reported, on any embed function', () => {
    assert.deepEqual(codes('$title[x;10]\n$addField[a;b;no;10]\n$addTimestamp[10]'), []);
    assert.deepEqual(codes('$title[x;11]'), ['embed-limit']);
    assert.deepEqual(codes('$addField[a;b;no;11]'), ['embed-limit']);
    assert.deepEqual(codes('$addTimestamp[12]'), ['embed-limit']);
    assert.deepEqual(codes('$title[x;$getVar[i]]'), []);
  });
});
