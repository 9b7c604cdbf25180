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
  ['Components V2 button label', limit('buttonLabel'), (t) => `$addActionRow[r]\n$addButtonCV2[id;${t};primary;no;;r]`, 'component-text-limit'],
];

describe('Discord text caps (embed-limit, component-text-limit)', () => {
  it('take Discord\'s numbers', () => {
    assert.deepEqual(
      CASES.map(([, n]) => n),
      [256, 4096, 256, 1024, 2048, 256, 80, 80],
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
  it('says the length, the limit and how much to cut', () => {
    const d = service.validate(TextDocument.create('file:///m.bds', 'bdscript', 1, `$addField[n;${'v'.repeat(1030)}]`)).find((x) => x.code === 'embed-limit');
    assert.equal(d?.message, 'An embed field value of 1,030 characters: Discord allows 1,024 and refuses the message. Shorten it by 6.');
  });
});
