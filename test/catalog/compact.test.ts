// The compact form of the catalog (core/catalog/compact.ts) that the bundles start from: it reads
// back as exactly the data the JSON decoder gives (the bundled snapshot, the test catalog, and
// random catalogs through the decoder), makes a record only when it is looked up and always the
// same object, answers counts without making records, and refuses a payload that does not fit
// with a reason, after which the bundled snapshot is read as JSON.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Catalog, EmojiIndex } from '../../server/src/core/catalog/catalog';
import {
  COMPACT_MAGIC,
  decodeCompact,
  emojiCount,
  encodeCompact,
  type CompactCatalog,
} from '../../server/src/core/catalog/compact';
import { decodeCatalogParts, decodeSnapshot } from '../../server/src/core/catalog/decode';
import type { CatalogData } from '../../server/src/core/catalog/model';
import { CatalogChain } from '../../server/src/catalog/chain';
import { compactSnapshot, decodeSnapshotText, loadBundled } from '../../server/src/catalog/snapshotText';
import { emojiArbitrary, recordsArbitrary } from '../fuzz/catalog';
import { SNAPSHOT_PATH, testCatalogData } from '../support/testCatalog';

const snapshotText = (): string => readFileSync(SNAPSHOT_PATH, 'utf8');

/** The plain lists of catalog data, for a deep comparison. */
function plain(data: CatalogData) {
  return {
    functions: [...data.functions],
    callbacks: [...data.callbacks],
    functionTags: [...data.functionTags],
    callbackTags: [...data.callbackTags],
    emoji: { ...data.emoji },
  };
}

function roundTrip(data: CatalogData): CompactCatalog {
  const decoded = decodeCompact(encodeCompact(data, { problems: ['a problem'] }));
  assert.ok(decoded.ok, decoded.ok ? '' : decoded.reason);
  return decoded.value;
}

/** How many records of each kind a compact catalog has made so far. */
function made(c: CompactCatalog): [number, number] {
  const count = (source: unknown) => (source as { madeRecords: number }).madeRecords;
  return [count(c.functions), count(c.callbacks)];
}

/** The same for a catalog's indexes (their record source, private). */
function madeBy(catalog: Catalog): [number, number] {
  const count = (index: unknown) => (index as { source: { madeRecords?: number } }).source.madeRecords ?? -1;
  return [count(catalog.functions), count(catalog.callbacks)];
}

describe('the compact catalog', () => {
  it('reads back the bundled snapshot exactly as the JSON decoder reads it, with its problems and date', () => {
    const text = snapshotText();
    const json = decodeSnapshotText(text, SNAPSHOT_PATH, `bundled snapshot ${SNAPSHOT_PATH}`);
    assert.ok(json.ok);
    const compact = decodeCompact(compactSnapshot(text, SNAPSHOT_PATH));
    assert.ok(compact.ok, compact.ok ? '' : compact.reason);
    assert.deepEqual(plain(compact.value.data), plain(json.data));
    assert.deepEqual(compact.value.meta, {
      fetchedAt: json.fetchedAt,
      fetchedAtPrecision: json.fetchedAtPrecision,
      problems: json.problems,
    });
  });

  it('reads back the test catalog (descriptions, tuples, enums, deprecations, non-ASCII text)', () => {
    const data = testCatalogData();
    assert.deepEqual(plain(roundTrip(data).data), plain(data));
    const odd = decodeSnapshot(
      {
        function_list: [
          {
            tag: '$odd[A;B]',
            intents: 0,
            premium: true,
            deprecated: true,
            deprecatedFor: 'even',
            shortDescription: 'lone \ud800 surrogate, emoji 👍🏽 and ß',
            arguments: [
              { name: 'A', type: 'String | Weird', required: true, enumData: ['x', 'ÿ', '👍'] },
              {
                name: 'B',
                type: 'Tuple',
                required: false,
                repeatable: true,
                tupleTypes: [{ name: 'C', type: 'Integer', required: true, empty: true }],
              },
            ],
          },
          { tag: '$bare', intents: 258, premium: false },
        ],
        emoji_alias_list: { '👍': [':thumbsup:', ':+1:'], '#️⃣': [':hash:'] },
      },
      'odd',
    ).value.data;
    assert.deepEqual(plain(roundTrip(odd).data), plain(odd));
  });

  it('reads back whatever the decoder keeps of random catalogs (property)', () => {
    fc.assert(
      fc.property(recordsArbitrary, recordsArbitrary, emojiArbitrary, (functions, callbacks, emoji) => {
        const data = decodeCatalogParts({
          function_list: functions,
          callback_list: callbacks.map((r) => ({ ...(r as object), name: (r as { tag?: unknown }).tag })),
          emoji_alias_list: emoji,
        }).value;
        assert.deepEqual(plain(roundTrip(data).data), plain(data));
      }),
      { seed: 24, numRuns: 300 },
    );
  });

  it('makes a record only when it is looked up, once, and answers names and counts without making any', () => {
    const compact = decodeCompact(compactSnapshot(snapshotText(), SNAPSHOT_PATH));
    assert.ok(compact.ok);
    const c = compact.value;
    const catalog = new Catalog(c.data, c);
    assert.deepEqual(made(c), [0, 0]);
    assert.ok(catalog.functions.size > 400);
    assert.equal(catalog.functions.hasDescriptions(), false);
    assert.ok(catalog.functions.withPrefix('$addBu').includes('$addButton'));
    assert.deepEqual(catalog.functions.similar('$addButon'), ['$addButton']);
    assert.equal(emojiCount(c.data), Object.keys(JSON.parse(snapshotText()).emoji_alias_list).length);
    assert.deepEqual(made(c), [0, 0]);
    const record = catalog.functions.get('$addButton', true);
    assert.equal(record?.tag.startsWith('$addButton['), true);
    assert.equal(catalog.functions.lookup('$addButton[]'), record);
    assert.equal(catalog.functions.forms('$addButton')?.bracketed, record);
    assert.deepEqual(made(c), [1, 0]);
    assert.equal(catalog.functions.records.includes(record!), true);
    assert.equal(made(c)[0], catalog.functions.size);
  });

  it('finds the emoji of an alias as the alias map does, without making the map', () => {
    const agrees = (c: CompactCatalog, data: CatalogData, also: readonly string[]): void => {
      const index = new EmojiIndex(data.emoji);
      for (const alias of [...Object.values(data.emoji).flat(), ...also])
        assert.equal(c.aliases.emojiFor(alias), index.emojiFor(alias), alias);
    };
    const text = snapshotText();
    const compact = decodeCompact(compactSnapshot(text, SNAPSHOT_PATH));
    assert.ok(compact.ok);
    const json = decodeSnapshotText(text, SNAPSHOT_PATH, 'snapshot');
    assert.ok(json.ok);
    agrees(compact.value, json.data, [':no_such_alias:', '', ':', '👍', ':thumbsup', 'zzz']);
    assert.equal((compact.value.data as unknown as { emojiMap?: unknown }).emojiMap, undefined);
    const catalog = new Catalog(compact.value.data, compact.value);
    assert.equal(catalog.emoji.emojiFor(':thumbsup:'), '👍');
    assert.equal((compact.value.data as unknown as { emojiMap?: unknown }).emojiMap, undefined);
    // An alias two emoji list means the first of them, as in the map.
    const shared = decodeSnapshot({ emoji_alias_list: { '😀': [':a:', ':b:'], '😃': [':b:', ':c:'] } }, 'x').value.data;
    agrees(roundTrip(shared), shared, [':d:']);
    fc.assert(
      fc.property(emojiArbitrary, fc.array(fc.string()), (emoji, others) => {
        const data = decodeCatalogParts({ function_list: [], callback_list: [], emoji_alias_list: emoji }).value;
        agrees(roundTrip(data), data, others);
      }),
      { seed: 24, numRuns: 200 },
    );
  });

  it('answers an alias from the emoji map when the alias list names no string', () => {
    const good = compactSnapshot(snapshotText(), SNAPSHOT_PATH);
    const words = new DataView(good.buffer, good.byteOffset, good.byteLength);
    let aliasesAt = 11;
    for (let section = 0; section < 6; section++) aliasesAt += words.getInt32(8 + 4 * section, true);
    const bad = good.slice();
    // The middle pair, where every search starts.
    const middle = aliasesAt + 2 * (words.getInt32(8 + 4 * 6, true) >> 2);
    new DataView(bad.buffer).setInt32(4 * middle, 0x7fffffff, true);
    const r = decodeCompact(bad);
    assert.ok(r.ok);
    assert.equal(r.value.aliases.emojiFor(':thumbsup:'), '👍');
    assert.equal(r.value.aliases.emojiFor(':no_such_alias:'), undefined);
    // Every alias as the map means it, and the map is read once for all the questions, not
    // once per question (a check of a command asks for each of its aliases).
    const json = decodeSnapshot(JSON.parse(snapshotText()), 'x').value.data;
    const index = new EmojiIndex(json.emoji);
    // The reference index makes its maps on its first question: before the count starts.
    index.emojiFor(':thumbsup:');
    const aliases = Object.values(json.emoji).flat().slice(0, 2_000);
    const entries = Object.entries;
    let reads = 0;
    Object.entries = ((o: object) => {
      reads++;
      return entries(o);
    }) as typeof Object.entries;
    try {
      for (const alias of aliases) assert.equal(r.value.aliases.emojiFor(alias), index.emojiFor(alias), alias);
    } finally {
      Object.entries = entries;
    }
    assert.ok(reads <= 1, `the emoji map was read ${reads} times`);
  });

  it('gives the status of the bundled catalog without making its records', async () => {
    const payload = compactSnapshot(snapshotText(), '<bundled>');
    const chain = new CatalogChain({
      url: 'http://127.0.0.1:9/api',
      offline: true,
      createClient: () => {
        throw new Error('offline');
      },
      bundled: { location: '<bundled>', text: snapshotText, compact: () => payload },
    });
    await chain.loadLocal();
    const status = chain.status();
    assert.equal(status.source, 'bundled');
    assert.ok(!status.problems.some((p) => p.includes('bundled')), status.problems.join('; '));
    assert.ok(status.counts.functions > 400 && status.counts.emoji > 3000);
    assert.deepEqual(madeBy(chain.catalog), [0, 0]);
    assert.equal(chain.catalog.functions.get('$addButton', true)?.name, '$addButton');
    assert.deepEqual(madeBy(chain.catalog), [1, 0]);
  });

  it('refuses a payload that does not fit, with the reason, and never throws', () => {
    const good = compactSnapshot(snapshotText(), SNAPSHOT_PATH);
    const refused = (bytes: Uint8Array): string => {
      const r = decodeCompact(bytes);
      assert.equal(r.ok, false);
      return r.ok ? '' : r.reason;
    };
    assert.match(refused(new Uint8Array(0)), /ends inside/);
    assert.match(refused(new TextEncoder().encode('{"not":"compact"}')), /not a compact catalog/);
    assert.match(refused(good.subarray(0, good.length - 10)), /length/);
    const words = new DataView(good.buffer, good.byteOffset, good.byteLength);
    assert.equal(words.getInt32(0, true), COMPACT_MAGIC);
    // The first function's tag: the first word after the header and the strings' ends.
    const bad = good.slice();
    const firstRecord = 4 * (11 + words.getInt32(8, true)) + 4;
    new DataView(bad.buffer).setInt32(firstRecord, 0x7fffffff, true);
    assert.match(refused(bad), /names no string/);
    // Random damage anywhere: a reason or a catalog, never an exception.
    fc.assert(
      fc.property(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 }), (at, byte) => {
        const copy = good.slice();
        copy[at] = byte;
        const r = decodeCompact(copy);
        if (r.ok) {
          for (let i = 0; i < r.value.functions.size; i++) r.value.functions.record(i);
          void r.value.data.emoji;
        }
      }),
      { seed: 24, numRuns: 200 },
    );
  });

  it('checks the emoji part when the emoji are first asked for, and takes the JSON emoji if it does not fit', () => {
    const good = compactSnapshot(snapshotText(), SNAPSHOT_PATH);
    const words = new DataView(good.buffer, good.byteOffset, good.byteLength);
    let emojiAt = 11;
    for (let section = 0; section < 5; section++) emojiAt += words.getInt32(8 + 4 * section, true);
    const bad = good.slice();
    new DataView(bad.buffer).setInt32(4 * emojiAt, 0x7fffffff, true);
    const fallback = { '👍': [':thumbsup:'] };
    let asked = 0;
    const r = decodeCompact(bad, () => {
      asked++;
      return fallback;
    });
    assert.ok(r.ok, 'the records are usable without the emoji');
    assert.equal(asked, 0);
    assert.deepEqual(r.value.data.emoji, fallback);
    assert.equal(asked, 1);
    assert.equal(emojiCount(r.value.data), 1);
    const loaded = loadBundled({
      location: '<bundled>',
      text: snapshotText,
      compact: () => bad,
    });
    assert.ok(loaded.ok);
    assert.deepEqual(
      loaded.catalog.data.emoji,
      JSON.parse(snapshotText()).emoji_alias_list as Record<string, string[]>,
    );
  });

  it('reads the bundled snapshot as JSON, saying so, when its compact form does not fit', () => {
    const loaded = loadBundled({ location: '<bundled>', text: snapshotText, compact: () => new Uint8Array(8) });
    assert.ok(loaded.ok);
    assert.equal(loaded.problems.length, 1);
    assert.match(
      loaded.problems[0]!,
      /^bundled snapshot <bundled>: its compact form does not fit \(.+\); read as JSON$/,
    );
    assert.ok(loaded.catalog.functions.get('$addButton', true));
  });
});
