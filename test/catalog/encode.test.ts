// The catalog encoder: the exact API shapes with a stable key order, the snapshot layout, and
// the round trip decode(encode(x)) == x on hand-made, real and random data.

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  decodeCallback,
  decodeCallbackList,
  decodeEmojiAliasMap,
  decodeFunction,
  decodeFunctionList,
  decodeSnapshot,
  type SnapshotProvenance,
} from '../../server/src/core/catalog/decode';
import {
  compareCodePoints,
  encodeArgument,
  encodeCallback,
  encodeCallbackList,
  encodeEmojiAliasMap,
  encodeFunction,
  encodeFunctionList,
  encodeSnapshot,
  stringifySnapshot,
} from '../../server/src/core/catalog/encode';
import type { CatalogData } from '../../server/src/core/catalog/model';
import { testCatalog, testCatalogData } from '../support/testCatalog';
import { FACTS_DIR, REAL_SAMPLE } from '../support/shared';

const PROVENANCE: SnapshotProvenance = {
  generatedBy: 'encode.test.ts',
  source: 'hand',
  date: '2026-01-02',
  counts: { functions: 1, callbacks: 2, emoji: 3, aliases: 4 },
  notes: ['a note'],
};

describe('catalog encoder', () => {
  it('writes a function record in the API shape with a stable key order', () => {
    const jsonSet = testCatalog().functions.get('$jsonSet', true)!;
    const encoded = encodeFunction(jsonSet);
    assert.deepEqual(Object.keys(encoded), [
      'tag',
      'shortDescription',
      'longDescription',
      'arguments',
      'intents',
      'premium',
      'color',
    ]);
    assert.deepEqual(encoded, {
      tag: '$jsonSet[Key;...;Value]',
      shortDescription: jsonSet.shortDescription,
      longDescription: '',
      arguments: [
        { name: 'Key', type: 'String', required: true, ellipsis: true, repeatable: true },
        { name: 'Value', type: 'Integer|String|Bool|Float', required: true },
      ],
      intents: 0,
      premium: false,
      color: 0,
    });
    const old = encodeFunction(testCatalog().functions.get('$channelIDFromName', true)!);
    assert.deepEqual(Object.keys(old), [
      'tag',
      'shortDescription',
      'longDescription',
      'arguments',
      'intents',
      'premium',
      'deprecated',
      'deprecatedFor',
      'color',
    ]);
    assert.equal(old.deprecated, true);
    assert.equal(old.deprecatedFor, 'channelID');
    const bare = encodeFunction(testCatalog().functions.get('$random', false)!);
    assert.equal(bare.arguments, null);
    const withWiki = encodeFunction(testCatalog().functions.get('$addButton', true)!);
    assert.equal(Object.keys(withWiki).at(-1), 'wiki');
    assert.equal(withWiki.wiki, 'bdscript/addButton.md');
  });

  it('writes arguments with ellipsis and repeatable, enum values and tuples, leaving out defaults', () => {
    const awaitReactions = testCatalog().functions.get('$awaitReactions', true)!;
    assert.deepEqual(encodeArgument(awaitReactions.arguments![0]!), {
      name: '',
      type: 'Tuple',
      required: true,
      ellipsis: true,
      repeatable: true,
      tupleTypes: [
        { name: 'Command name', type: 'String', required: true },
        { name: 'Reaction', type: 'Emoji', required: true },
      ],
    });
    const style = testCatalog().functions.get('$addButton', true)!.arguments![3]!;
    assert.deepEqual(Object.keys(encodeArgument(style)), ['name', 'type', 'required', 'enumData']);
    const described = encodeArgument({ ...style, description: 'Our words.', empty: true, repeatable: true });
    assert.deepEqual(Object.keys(described), [
      'name',
      'description',
      'type',
      'required',
      'empty',
      'ellipsis',
      'repeatable',
      'enumData',
    ]);
  });

  it('writes callbacks with name and is_premium', () => {
    const always = encodeCallback(testCatalog().callbacks.get('$alwaysReply', false)!);
    assert.deepEqual(always, {
      name: '$alwaysReply',
      description: always.description,
      arguments: null,
      intents: 0,
      is_premium: true,
    });
    assert.deepEqual(Object.keys(always), ['name', 'description', 'arguments', 'intents', 'is_premium']);
    const joined = encodeCallback(testCatalog().callbacks.get('$onJoined', true)!);
    assert.equal(joined.name, '$onJoined[Channel ID]');
    assert.equal(joined.intents, 2);
    assert.equal(joined.premium, undefined);
  });

  it('round-trips the test catalog record by record and list by list', () => {
    const data = testCatalogData();
    for (const f of data.functions) assert.deepEqual(decodeFunction(encodeFunction(f)).value, f);
    for (const c of data.callbacks) assert.deepEqual(decodeCallback(encodeCallback(c)).value, c);
    const functions = decodeFunctionList(encodeFunctionList(data.functions));
    assert.deepEqual(functions.value, data.functions);
    assert.deepEqual(functions.problems, []);
    assert.deepEqual(decodeCallbackList(encodeCallbackList(data.callbacks)).value, data.callbacks);
    assert.deepEqual(decodeEmojiAliasMap(encodeEmojiAliasMap(data.emoji)).value, data.emoji);
  });

  it('round-trips the real sample and the wiki facts', function () {
    if (!existsSync(REAL_SAMPLE) || !existsSync(FACTS_DIR)) this.skip();
    for (const file of [REAL_SAMPLE, path.join(FACTS_DIR, 'function_list.json')]) {
      const first = decodeFunctionList(JSON.parse(readFileSync(file, 'utf8')));
      const again = decodeFunctionList(JSON.parse(JSON.stringify(encodeFunctionList(first.value))));
      assert.deepEqual(again.value, first.value);
      assert.deepEqual(again.problems, []);
    }
    const callbacks = decodeCallbackList(
      JSON.parse(readFileSync(path.join(FACTS_DIR, 'callback_list.json'), 'utf8')),
    ).value;
    assert.deepEqual(decodeCallbackList(encodeCallbackList(callbacks)).value, callbacks);
  });

  it('round-trips whatever the decoder makes of random records', () => {
    const argument = fc.letrec((tie) => ({
      arg: fc.record(
        {
          name: fc.string({ maxLength: 8 }),
          description: fc.string({ maxLength: 8 }),
          type: fc.oneof(
            fc.constantFrom('String', 'String | URL', 'Widget|Emoji', 'Tuple', 'hOwMaNy', ''),
            fc.integer(),
          ),
          required: fc.boolean(),
          empty: fc.boolean(),
          ellipsis: fc.boolean(),
          repeatable: fc.boolean(),
          enumData: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
          tupleTypes: fc.array(tie('arg'), { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
    })).arg;
    const record = fc.record(
      {
        tag: fc.oneof(fc.constantFrom('$f', '$f[A]', 'g[A;B]', ' $h '), fc.string({ maxLength: 10 })),
        shortDescription: fc.string({ maxLength: 10 }),
        longDescription: fc.string({ maxLength: 10 }),
        arguments: fc.oneof(fc.constant(null), fc.array(fc.oneof(argument, fc.constant(null)), { maxLength: 4 })),
        intents: fc.constantFrom(0, 2, 256, 258, 'x'),
        premium: fc.boolean(),
        deprecated: fc.boolean(),
        deprecatedFor: fc.constantFrom('channelID', '$roleGrant[]', 'bad name', ''),
        wiki: fc.constantFrom('a/b.md', '../x.md'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        const first = decodeFunctionList(records).value;
        const again = decodeFunctionList(JSON.parse(JSON.stringify(encodeFunctionList(first)))).value;
        assert.deepEqual(again, first);
        const callbacks = decodeCallbackList(records.map((r) => ({ ...r, name: r.tag, is_premium: r.premium }))).value;
        assert.deepEqual(
          decodeCallbackList(JSON.parse(JSON.stringify(encodeCallbackList(callbacks)))).value,
          callbacks,
        );
      }),
      { numRuns: 300 },
    );
  });

  describe('snapshots', () => {
    /** The test catalog with records in snapshot order, so that a round trip can compare whole values. */
    function sortedData(): CatalogData {
      const back = decodeSnapshot(JSON.parse(stringifySnapshot(encodeSnapshot(testCatalogData(), PROVENANCE))));
      return back.value.data;
    }

    it('round-trips a snapshot, data and provenance', () => {
      const data = sortedData();
      const text = stringifySnapshot(encodeSnapshot(data, PROVENANCE));
      const back = decodeSnapshot(JSON.parse(text), 'round-trip');
      assert.deepEqual(back.problems, []);
      assert.deepEqual(back.value, { data, provenance: PROVENANCE });
      assert.equal(stringifySnapshot(encodeSnapshot(back.value.data, back.value.provenance!)), text);
    });

    it('writes the endpoints by name in a fixed order, records sorted by list tag, emoji by code point', () => {
      const snapshot = encodeSnapshot(testCatalogData(), PROVENANCE);
      assert.deepEqual(Object.keys(snapshot), [
        'schema',
        'provenance',
        'function_list',
        'callback_list',
        'function_tag_list',
        'callback_tag_list',
        'emoji_alias_list',
      ]);
      assert.equal(snapshot.schema, 1);
      assert.deepEqual(Object.keys(snapshot.provenance as object), [
        'generatedBy',
        'source',
        'date',
        'counts',
        'notes',
      ]);
      const tags = (snapshot.function_list as Array<{ tag: string }>).map((r) => r.tag);
      const listTags = tags.map((t) => (t.includes('[') ? t.slice(0, t.indexOf('[')) + '[]' : t));
      assert.deepEqual(listTags.slice(0, 4), ['$addButton[]', '$addReactions[]', '$argsCheck[]', '$async[]']);
      assert.ok(listTags.indexOf('$random') === listTags.indexOf('$random[]') - 1);
      for (let i = 1; i < listTags.length; i++)
        assert.ok(listTags[i - 1]!.toLowerCase() <= listTags[i]!.toLowerCase(), listTags[i]);
      assert.deepEqual(Object.keys(snapshot.emoji_alias_list as object), ['#️⃣', '✅', '👍']);
    });

    it('orders emoji by code point, not by UTF-16 code unit', () => {
      // U+FF01 has a larger code unit than the surrogate of U+1F44D but a smaller code point.
      assert.ok(compareCodePoints('！', '👍') < 0);
      assert.ok('👍' < '！');
      assert.deepEqual(Object.keys(encodeEmojiAliasMap({ '👍': [':a:'], '！': [':b:'], '#️⃣': [':c:'] })), [
        '#️⃣',
        '！',
        '👍',
      ]);
      assert.equal(compareCodePoints('a', 'a'), 0);
      assert.ok(compareCodePoints('a', 'ab') < 0);
      assert.ok(compareCodePoints('ab', 'a') > 0);
    });

    it('lays a snapshot out one record, tag or emoji per line, as valid JSON ending in a newline', () => {
      const snapshot = encodeSnapshot(testCatalogData(), PROVENANCE);
      const text = stringifySnapshot(snapshot);
      assert.deepEqual(JSON.parse(text), snapshot);
      assert.ok(text.endsWith('}\n'));
      const lines = text.split('\n');
      const data = testCatalogData();
      const recordLines = lines.filter((l) => l.startsWith('    {"tag":') || l.startsWith('    {"name":'));
      assert.equal(recordLines.length, data.functions.length + data.callbacks.length);
      assert.ok(lines.includes('    "👍": [":thumbsup:",":+1:"]'));
      assert.ok(lines.includes('    "#️⃣": [":hash:"],'));
      assert.ok(lines.includes('    "$random[]",'));
      assert.equal(stringifySnapshot([]), '[]\n');
      assert.equal(stringifySnapshot({ a: {}, b: [] }), '{\n  "a": {},\n  "b": []\n}\n');
    });
  });
});
