// The catalog index (Catalog, RecordIndex, EmojiIndex, editDistance) over the hand-written test
// catalog and the bundled snapshot: lookups by every spelling with the two forms kept apart,
// prefix search, "did you mean", emoji both ways.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Catalog, EmojiIndex, RecordIndex, editDistance } from '../../server/src/core/catalog/catalog';
import { decodeFunctionList } from '../../server/src/core/catalog/decode';
import { serviceFor } from '../support/service';
import { snapshotCatalog, testCatalog, testCatalogDecoded } from '../support/testCatalog';

/** Optimal string alignment distance without any shortcut, to check the fast one against. */
function referenceDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('catalog index', () => {
  const catalog = testCatalog();

  it('builds the emoji index only when it is first asked for, once (issue #24)', () => {
    let reads = 0;
    const emoji = new Proxy(testCatalog().data.emoji, {
      ownKeys(target) {
        reads++;
        return Reflect.ownKeys(target);
      },
    });
    const lazy = new Catalog({ ...testCatalog().data, emoji });
    assert.ok(lazy.functions.get('$addButton', true), 'functions are indexed at once');
    assert.equal(reads, 0, 'no emoji read before an emoji is asked for');
    assert.equal(lazy.emoji.size, catalog.emoji.size);
    assert.equal(lazy.emoji, lazy.emoji);
    assert.equal(reads, 1);
  });

  it('reads no emoji while checking values that are no emoji, and reads them for the first alias (issue #24)', () => {
    let reads = 0;
    const emoji = new Proxy(testCatalog().data.emoji, {
      ownKeys(target) {
        reads++;
        return Reflect.ownKeys(target);
      },
    });
    const lazy = new Catalog({ ...testCatalog().data, emoji });
    // A Bool, a Style (an enum) and a number are checked as values; none of them is an emoji.
    const plain = serviceFor('$addButton[yes;id;Label;primary]\n$random[1;10]', { catalog: lazy });
    assert.deepEqual(plain.service.validate(plain.document), []);
    assert.equal(reads, 0, 'a value check that meets no emoji reads none');
    const alias = serviceFor('$addButton[no;id;Label;primary;no;:thumbsupp:]', { catalog: lazy });
    assert.ok(alias.service.validate(alias.document).some((d) => d.code === 'unknown-emoji'));
    assert.equal(reads, 1);
  });

  it('builds the test catalog without a single decoding problem', () => {
    assert.deepEqual(testCatalogDecoded().problems, []);
    assert.ok(catalog.functions.records.length >= 30);
  });

  describe('RecordIndex lookups', () => {
    it('finds a record by every spelling', () => {
      const button = catalog.functions.get('$addButton', true)!;
      assert.equal(button.tag, '$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]');
      for (const spelling of [
        '$addButton',
        'addButton',
        '$addButton[]',
        'addButton[]',
        button.tag,
        '  $addButton[New row] ',
      ]) {
        assert.equal(catalog.functions.lookup(spelling), button, spelling);
      }
    });

    it('keeps the bare and bracketed forms apart', () => {
      const bare = catalog.functions.lookup('$random')!;
      const bracketed = catalog.functions.lookup('$random[]')!;
      assert.equal(bare.bracketed, false);
      assert.equal(bare.arguments, null);
      assert.equal(bracketed.bracketed, true);
      assert.deepEqual(
        bracketed.arguments!.map((a) => a.name),
        ['Min', 'Max'],
      );
      assert.deepEqual(catalog.functions.forms('$random'), { name: '$random', bare, bracketed });
      assert.equal(catalog.functions.get('$random', false), bare);
      assert.equal(catalog.functions.get('$random', true), bracketed);
      assert.equal(catalog.functions.lookup('$username[User ID]')!.bracketed, true);
      assert.equal(catalog.functions.lookup('$username')!.bracketed, false);
    });

    it('falls back to the bracketed form for a spelling without brackets, never the other way', () => {
      assert.equal(catalog.functions.lookup('$title')!.tag, '$title[Title;(Index)]');
      assert.equal(catalog.functions.lookup('$nomention')!.tag, '$nomention');
      assert.equal(catalog.functions.lookup('$nomention[]'), undefined);
      assert.equal(catalog.functions.get('$title', false), undefined);
    });

    it('is case-sensitive and says which names differ only in case', () => {
      assert.equal(catalog.functions.lookup('$Random'), undefined);
      assert.equal(catalog.functions.lookup('$unknown'), undefined);
      assert.equal(catalog.functions.lookup(''), undefined);
      assert.deepEqual(catalog.functions.caseVariants('$USERNAME'), ['$username']);
      assert.deepEqual(catalog.functions.caseVariants('$username'), []);
    });

    it('keeps the first record when a list holds two of one name and form', () => {
      const index = new RecordIndex(
        decodeFunctionList([
          { tag: '$a[X]', intents: 2, premium: false },
          { tag: '$a', intents: 0, premium: false },
        ]).value.concat(decodeFunctionList([{ tag: '$a[Y]', intents: 256, premium: false }]).value),
      );
      assert.equal(index.get('$a', true)!.tag, '$a[X]');
      assert.equal(index.get('$a', false)!.tag, '$a');
      assert.deepEqual(index.names, ['$a']);
    });

    it('keeps functions and callbacks in separate indexes', () => {
      assert.equal(catalog.callbacks.lookup('$onJoined[]')!.kind, 'callback');
      assert.equal(catalog.functions.lookup('$onJoined'), undefined);
      assert.equal(catalog.callbacks.lookup('$random'), undefined);
      assert.equal(catalog.callbacks.lookup('$onInteraction')!.bracketed, false);
      assert.equal(catalog.callbacks.lookup('$onInteraction[]')!.tag, '$onInteraction[Interaction ID]');
      assert.equal(catalog.callbacks.lookup('$alwaysReply')!.premium, true);
    });
  });

  describe('prefix search', () => {
    it('is case-insensitive, sorted, and limited', () => {
      assert.deepEqual(catalog.functions.withPrefix('$ran'), ['$random', '$randomText']);
      assert.deepEqual(catalog.functions.withPrefix('$RAN'), ['$random', '$randomText']);
      assert.deepEqual(catalog.functions.withPrefix('$ran', 1), ['$random']);
      assert.deepEqual(catalog.functions.withPrefix('$e'), [
        '$else',
        '$elseif',
        '$endasync',
        '$endif',
        '$endtry',
        '$error',
      ]);
      assert.deepEqual(catalog.functions.withPrefix('$zzz'), []);
      assert.deepEqual(catalog.functions.withPrefix('$', 3), ['$addButton', '$addReactions', '$argsCheck']);
      assert.deepEqual(catalog.functions.withPrefix('$'), catalog.functions.names);
      assert.equal(catalog.functions.names.length, new Set(catalog.functions.records.map((r) => r.name)).size);
    });

    it('sorts names case-insensitively over the whole snapshot', () => {
      const names = snapshotCatalog().functions.names;
      assert.ok(names.length > 400);
      for (let i = 1; i < names.length; i++)
        assert.ok(names[i - 1]!.toLowerCase() <= names[i]!.toLowerCase(), names[i]);
      const found = snapshotCatalog().functions.withPrefix('$ADDB');
      assert.deepEqual(found, ['$addButton', '$addButtonCV2']);
    });
  });

  describe('did you mean', () => {
    it('suggests names for typos, nearest first', () => {
      assert.deepEqual(catalog.functions.similar('$usrname'), ['$username']);
      assert.deepEqual(catalog.functions.similar('$addButon'), ['$addButton']);
      assert.deepEqual(catalog.functions.similar('$titel'), ['$title']);
      assert.deepEqual(catalog.functions.similar('$randomTxt'), ['$randomText']);
      assert.deepEqual(catalog.functions.similar('$iff'), ['$if']);
      assert.deepEqual(catalog.functions.similar('$qqqqqqqq'), []);
    });

    it('puts case slips first and never suggests the name itself', () => {
      assert.deepEqual(catalog.functions.similar('$UserName'), ['$username']);
      assert.deepEqual(catalog.functions.similar('$endIf'), ['$endif']);
      assert.deepEqual(snapshotCatalog().functions.similar('$authorid'), ['$authorID', '$author']);
      assert.ok(!catalog.functions.similar('$if').includes('$if'));
    });

    it('honours the maximum', () => {
      const many = snapshotCatalog().functions.similar('$a', 10);
      assert.ok(many.length > 1);
      assert.deepEqual(snapshotCatalog().functions.similar('$a', 1), many.slice(0, 1));
    });
  });

  describe('EmojiIndex', () => {
    it('maps aliases to emoji and emoji to aliases', () => {
      assert.equal(catalog.emoji.emojiFor(':thumbsup:'), '👍');
      assert.equal(catalog.emoji.emojiFor(':+1:'), '👍');
      assert.equal(catalog.emoji.emojiFor(':hash:'), '#️⃣');
      assert.equal(catalog.emoji.emojiFor('thumbsup'), undefined);
      assert.deepEqual(catalog.emoji.aliasesOf('👍'), [':thumbsup:', ':+1:']);
      assert.deepEqual(catalog.emoji.aliasesOf('🙂'), []);
      assert.equal(catalog.emoji.size, 3);
    });

    it('searches aliases by prefix, sorted and limited', () => {
      assert.deepEqual(catalog.emoji.withPrefix(':'), [':+1:', ':hash:', ':thumbsup:', ':white_check_mark:']);
      assert.deepEqual(catalog.emoji.withPrefix(':th'), [':thumbsup:']);
      assert.deepEqual(snapshotCatalog().emoji.withPrefix(':thumbs', 2), [':thumbs_down:', ':thumbs_up:']);
      assert.deepEqual(catalog.emoji.withPrefix(':zz'), []);
    });

    it('suggests aliases close to an unknown one', () => {
      assert.deepEqual(catalog.emoji.similar(':thumbsupp:'), [':thumbsup:']);
      assert.deepEqual(catalog.emoji.similar(':THUMBSUP:'), [':thumbsup:']);
      assert.deepEqual(catalog.emoji.similar(':white_check:'), []);
    });

    it('keeps the first emoji when two share an alias', () => {
      const index = new EmojiIndex({ '😀': [':smile:'], '😄': [':smile:', ':grin:'] });
      assert.equal(index.emojiFor(':smile:'), '😀');
      assert.deepEqual(index.aliasesOf('😄'), [':smile:', ':grin:']);
      assert.deepEqual(index.withPrefix(':'), [':grin:', ':smile:']);
    });
  });

  it('makes an empty catalog in which every name is unknown', () => {
    const empty = Catalog.empty();
    assert.equal(empty.functions.lookup('$random'), undefined);
    assert.deepEqual(empty.functions.withPrefix('$'), []);
    assert.deepEqual(empty.functions.similar('$random'), []);
    assert.equal(empty.emoji.size, 0);
  });

  describe('editDistance', () => {
    it('counts edits, with a transposition as one', () => {
      assert.equal(editDistance('kitten', 'sitting'), 3);
      assert.equal(editDistance('abc', 'acb'), 1);
      assert.equal(editDistance('', 'abc'), 3);
      assert.equal(editDistance('same', 'same'), 0);
      // Optimal string alignment: no substring is edited twice.
      assert.equal(editDistance('ca', 'abc'), 3);
    });

    it('returns more than the limit when the distance exceeds it', () => {
      assert.ok(editDistance('kitten', 'sitting', 1) > 1);
      assert.equal(editDistance('a', 'abcdef', 2), 3);
      assert.equal(editDistance('kitten', 'sitting', 3), 3);
    });

    it('agrees with a plain implementation, with and without a limit', () => {
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 }),
          fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 }),
          fc.nat(5),
          (a, b, limit) => {
            const full = referenceDistance(a, b);
            assert.equal(editDistance(a, b), full);
            const bounded = editDistance(a, b, limit);
            if (full <= limit) assert.equal(bounded, full);
            else assert.ok(bounded > limit, `${a} ${b} ${limit}: ${bounded}`);
          },
        ),
        { numRuns: 2000 },
      );
    });
  });
});
