// Budget lens tests: one lens on the first call that gives the reply an embed or a component,
// with the embeds, the characters of the 6,000 the embeds hold and the rows or Components V2
// components used, each the most on one path (exclusive branches never add up, as the caps'
// rules count them); nothing for a reply without embeds or components, and nothing when the
// setting turns it off.

import * as assert from 'node:assert/strict';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const catalog = snapshotCatalog();

/** The one helper that asks for budget lenses: each lens's title, its `«»` span checked against the fixture. */
function lenses(src: string, settings?: unknown): string[] {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { catalog, settings });
  service.validate(document);
  const found = service.budgetLenses(document);
  assert.deepEqual(
    found.map((l) => ({ start: l.start, end: l.end })),
    m.ranges,
    'each lens stands on the name of the first call that builds the message',
  );
  return found.map((l) => l.title);
}

describe('budget lenses', () => {
  it('counts the embeds, their characters and the action rows of the reply', () => {
    assert.deepEqual(
      lenses(
        '$nomention\n«$title»[Hello]\n$description[World!]\n$addButton[no;a;A;primary]\n$addButton[yes;b;B;primary]',
      ),
      ['embed 1 · 11 / 6,000 characters · 2 / 5 rows · Preview'],
    );
  });

  it('counts a character outside the Basic Multilingual Plane once, in a literal and beside a call, and escapes as what they stand for', () => {
    // The title is a literal (trimmed: 2), the footer holds a call (its non-blank text: 3), the
    // description an escape alone (1).
    assert.deepEqual(lenses('«$title»[ \u{1F600}a ]\n$footer[\u{1F600} b\\; $username]\n$description[\\]]'), [
      'embed 1 · 6 / 6,000 characters · Preview',
    ]);
  });

  it('names every embed index and counts characters as the 6,000 cap does (certain text only, a later setter replaces)', () => {
    assert.deepEqual(lenses('«$title»[One]\n$title[Two;2]\n$title[Uno]\n$footer[Hi $username]'), [
      'embeds 1 and 2 · 8 / 6,000 characters · Preview',
    ]);
  });

  it('takes the most on one path: exclusive branches never add up', () => {
    assert.deepEqual(
      lenses(
        '$if[$customID==a]\n«$description»[' +
          'a'.repeat(100) +
          ']\n$else\n$description[' +
          'b'.repeat(40) +
          ']\n$addButton[no;x;X;primary]\n$addButton[yes;y;Y;primary]\n$endif',
      ),
      ['embed 1 · 100 / 6,000 characters · 2 / 5 rows · Preview'],
    );
  });

  it("opens the preview on the branch of each $if around the lens's call", () => {
    const src = '$if[a]\nx\n$elseif[b]\n$if[c]\n$else\n$title[Hi]\n$endif\n$endif';
    const { service, document } = serviceFor(src, { catalog });
    service.validate(document);
    assert.deepEqual(
      service.budgetLenses(document).map((l) => l.branches),
      [
        [
          [0, 1],
          [src.indexOf('$if[c]'), 1],
        ],
      ],
    );
  });

  it('counts Components V2 components instead of rows', () => {
    assert.deepEqual(lenses('«$addContainer»[box]\n$addTextDisplay[Hi;box]\n$addSeparator[yes;small;box]'), [
      '3 / 40 components · Preview',
    ]);
  });

  it('gives no lens for a plain reply, components sent elsewhere, or with the setting off', () => {
    assert.deepEqual(lenses('Hello $username'), []);
    assert.deepEqual(lenses('$addButton[no;a;A;primary;no;;123456789012345678]'), []);
    assert.deepEqual(lenses('$title[Hi]', { codeLens: { messageBudget: false } }), []);
  });

  it('speaks the user language', () => {
    const { service, document } = serviceFor('$title[Hola]', { catalog, settings: { locale: 'es' } });
    assert.deepEqual(
      service.budgetLenses(document).map((l) => l.title),
      ['embed 1 · 4 / 6000 caracteres · Vista previa'],
    );
  });
});
