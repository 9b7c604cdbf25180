// Properties of the catalog side under attack, shared by the fixed-run tests
// (test/catalog/fuzz.test.ts) and `npm run fuzz`: text shown on a terminal never carries a raw
// control or format character; the decoder keeps only BDScript names and never lets such
// characters into text that completion inserts; and a download cut short at any point, of a
// resource that may change meanwhile, with a strong, weak or no ETag, from a server that may
// ignore If-Range, is never spliced from two versions.

import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import { CatalogClient } from '../../server/src/catalog/http';
import { jsonVisible, visible, visibleLines } from '../../server/src/core/catalog/controlChars';
import { decodeCallbackList, decodeEmojiAliasMap, decodeFunctionList } from '../../server/src/core/catalog/decode';
import type { Argument } from '../../server/src/core/catalog/model';
import * as F from '../support/faultServer';

/** Every character a terminal would act on or hide. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** Escape sequences and the characters around them that terminals act on. */
const HOSTILE_TOKENS = [
  '\x1b[2J',
  '\x1b]0;title\x07',
  '\x1b]8;;http://x\x1b\\',
  '\x9b31m',
  '\x1b',
  '\x07',
  '\x00',
  '\x7f',
  '\r',
  '\n',
  '\t',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u2028',
  '\u00ad',
  '\udc00',
  '\ud800',
  '👨\u200d👩',
  '👍',
  '$',
  '[',
  ']',
  ';',
  '/',
  '<',
];

/** Strings that mix arbitrary code points (lone surrogates too) with hostile tokens. */
export const hostileText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(...HOSTILE_TOKENS),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** What `visible` and its siblings promise for any text. */
export function checkTerminalText(text: string): void {
  const shown = visible(text);
  const chars = [...shown];
  chars.forEach((ch, i) => {
    if (!UNSAFE.test(ch)) return;
    // Only a joiner inside an emoji sequence may stay.
    assert.equal(ch, '\u200d', `visible left ${JSON.stringify(ch)} in ${JSON.stringify(shown)}`);
    assert.ok(
      /\p{Extended_Pictographic}/u.test(chars[i + 1] ?? ''),
      `a lone joiner stayed in ${JSON.stringify(shown)}`,
    );
  });
  const lines = visibleLines(text);
  assert.equal(lines.split('\n').length, text.split('\n').length, 'visibleLines keeps every line break');
  assert.equal(visible(shown), shown, 'visible is idempotent');
  const json = jsonVisible(text);
  assert.ok(![...json].some((ch) => UNSAFE.test(ch)), `jsonVisible left a raw character in ${json}`);
  assert.equal(JSON.parse(json), text, 'jsonVisible is the same JSON value');
}

const record = fc.record(
  {
    tag: fc.oneof(
      hostileText,
      hostileText.map((t) => '$' + t),
      fc.constantFrom('$ok', '$ok[A]', '$c[Text]', '$addButtonCV2[X]'),
    ),
    name: hostileText,
    arguments: fc.oneof(
      fc.constant(null),
      fc.array(
        fc.record({
          name: hostileText,
          type: fc.constantFrom('String', 'Enum'),
          required: fc.boolean(),
          enumData: fc.array(hostileText, { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
    ),
    deprecatedFor: hostileText,
    intents: fc.constant(0),
    premium: fc.boolean(),
    is_premium: fc.boolean(),
  },
  { requiredKeys: [] },
);

function allArguments(args: readonly Argument[] | null | undefined): Argument[] {
  const out: Argument[] = [];
  for (const a of args ?? []) out.push(a, ...allArguments(a.tupleTypes));
  return out;
}

/** Records, callbacks and emoji maps of hostile text decode to safe names and safe inserted text. */
export function checkDecodedNames(records: readonly unknown[], emoji: Record<string, unknown>): void {
  for (const decoded of [decodeFunctionList(records), decodeCallbackList(records)]) {
    const kept = decoded.value;
    for (const r of kept) {
      assert.match(r.name, /^\$[A-Za-z][A-Za-z0-9]*$/);
      assert.ok(!UNSAFE.test(r.tag), `tag ${JSON.stringify(r.tag)} kept`);
      for (const a of allArguments(r.arguments)) {
        assert.ok(!UNSAFE.test(a.name), `argument name ${JSON.stringify(a.name)} kept`);
        for (const v of a.enumData ?? []) assert.ok(!UNSAFE.test(v), `enum value ${JSON.stringify(v)} kept`);
      }
      if ('deprecatedFor' in r && r.deprecatedFor !== undefined)
        assert.match(r.deprecatedFor, /^\$[A-Za-z][A-Za-z0-9]*$/);
    }
    // Every record is kept, dropped with an error, or dropped as a duplicate with a warning.
    const reported = new Set(
      decoded.problems
        .filter((p) => p.severity === 'error' || /^duplicate/.test(p.message))
        .map((p) => p.record?.split(' ')[0]),
    );
    assert.equal(kept.length + reported.size, records.length, JSON.stringify(decoded.problems.slice(0, 5)));
    for (const p of decoded.problems) {
      const text = `${p.record ?? ''} ${p.message}`;
      assert.equal(visible(text), text, `problem ${JSON.stringify(p)} quotes raw text`);
    }
  }
  const map = decodeEmojiAliasMap(emoji);
  for (const [key, aliases] of Object.entries(map.value)) {
    assert.ok(
      !/[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069\u200b]/u.test(key),
      `emoji key ${JSON.stringify(key)} kept`,
    );
    for (const alias of aliases) assert.ok(!UNSAFE.test(alias), `alias ${JSON.stringify(alias)} kept`);
  }
}

export const recordsArbitrary = fc.array(record, { maxLength: 6 });
export const emojiArbitrary = fc.dictionary(hostileText, fc.array(hostileText, { maxLength: 3 }), { maxKeys: 4 });

/** One cut download: where it stops, the ETag kind, whether the resource changes, and the server's care. */
export interface CutScenario {
  readonly cutAt: number;
  readonly etag: 'strong' | 'weak' | 'none';
  readonly changes: boolean;
  readonly ignoreIfRange: boolean;
  readonly gzip: boolean;
}

export const cutScenario: fc.Arbitrary<CutScenario> = fc.record({
  cutAt: fc.nat({ max: 2000 }),
  etag: fc.constantFrom('strong', 'weak', 'none'),
  changes: fc.boolean(),
  ignoreIfRange: fc.boolean(),
  gzip: fc.boolean(),
});

/** Two versions alike in shape and length, so that a splice of them still parses. */
const VERSIONS = ['one', 'two'].map((v) =>
  JSON.stringify(Array.from({ length: 60 }, (_, i) => `version-${v}-${String(i).padStart(3, '0')}`)),
);

/**
 * Serves a resource whose first answer is cut at `cutAt` and which (if `changes`) is the next
 * version from then on; the client must end with exactly one version, the current one.
 */
export async function checkCutDownload(s: CutScenario): Promise<void> {
  const server = await F.startFaultServer();
  const client = new CatalogClient(server.url, {
    maxRetries: 2,
    minRetryDelayMs: 1,
    maxRetryDelayMs: 5,
    totalTimeoutMs: 5000,
    headersTimeoutMs: 2000,
    bodyTimeoutMs: 2000,
  });
  try {
    let served = 0;
    const body = (v: number): Buffer | string => (s.gzip ? zlib.gzipSync(VERSIONS[v]!) : VERSIONS[v]!);
    const bodies = [body(0), body(1)];
    const etagOf = (v: number): string | undefined =>
      s.etag === 'none' ? undefined : s.etag === 'weak' ? `W/"v${v}"` : `"v${v}"`;
    server.routes.set(
      '/x',
      F.rangeResource({
        cut: 1,
        cutAt: s.cutAt,
        ignoreIfRange: s.ignoreIfRange,
        ...(s.gzip ? { headers: { 'content-encoding': 'gzip' } } : {}),
        current: () => {
          const v = s.changes && served++ > 0 ? 1 : 0;
          return { body: bodies[v]!, ...(etagOf(v) ? { etag: etagOf(v)! } : {}) };
        },
      }),
    );
    const r = await client.getJson('/x');
    assert.equal(r.kind, 'ok');
    assert.deepEqual(
      r.kind === 'ok' && r.json,
      JSON.parse(VERSIONS[s.changes ? 1 : 0]!),
      `scenario ${JSON.stringify(s)}`,
    );
  } finally {
    await client.destroy();
    await server.close();
  }
}
