// The catalog decoder against real data (when ../shared is present), against each kind of drift
// real data shows, and against garbage: it never throws, keeps what it can, and names the record
// and field of everything it changed or dropped.

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  SNAPSHOT_SCHEMA,
  compareListTags,
  decodeCallback,
  decodeCallbackList,
  decodeCatalogParts,
  decodeEmojiAliasMap,
  decodeFunction,
  decodeFunctionList,
  decodeSnapshot,
  decodeTagList,
  deriveTagList,
} from '../../server/src/core/catalog/decode';
import { DECODE_LIMITS } from '../../server/src/core/catalog/decodeReaders';
import type { Argument, CatalogProblem, Decoded, FunctionRecord } from '../../server/src/core/catalog/model';
import { FACTS_DIR, REAL_SAMPLE } from '../support/shared';

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function allArguments(args: readonly Argument[] | null | undefined): Argument[] {
  const out: Argument[] = [];
  for (const a of args ?? []) out.push(a, ...allArguments(a.tupleTypes));
  return out;
}

function errors(problems: readonly CatalogProblem[]): CatalogProblem[] {
  return problems.filter((p) => p.severity === 'error');
}

/** The one problem about `field`, asserting there is exactly one. */
function problemAt(decoded: Decoded<unknown>, field: string): CatalogProblem {
  const found = decoded.problems.filter((p) => p.field === field);
  assert.equal(found.length, 1, `expected one problem at ${field}, got ${JSON.stringify(decoded.problems, null, 1)}`);
  return found[0]!;
}

/** A minimal valid function record in the live API's shape. */
function rec(tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tag,
    shortDescription: '',
    longDescription: '',
    arguments: tag.includes('[') ? [] : null,
    intents: 0,
    premium: false,
    color: 0,
    ...extra,
  };
}

function one(record: unknown): { fn: FunctionRecord; decoded: Decoded<FunctionRecord[]> } {
  const decoded = decodeFunctionList([record]);
  assert.equal(decoded.value.length, 1, JSON.stringify(decoded.problems));
  return { fn: decoded.value[0]!, decoded };
}

function argOf(arg: Record<string, unknown>): { a: Argument; decoded: Decoded<FunctionRecord[]> } {
  const { fn, decoded } = one(rec('$f[X]', { arguments: [arg] }));
  return { a: fn.arguments![0]!, decoded };
}

describe('catalog decoder', () => {
  describe('real data', () => {
    it('decodes the real /function_list sample: 494 records, no errors, drift normalised', function () {
      if (!existsSync(REAL_SAMPLE)) this.skip();
      const decoded = decodeFunctionList(readJson(REAL_SAMPLE));
      assert.equal(decoded.value.length, 494);
      assert.deepEqual(errors(decoded.problems), []);
      const args = decoded.value.flatMap((r) => allArguments(r.arguments));
      assert.equal(args.filter((a) => a.repeatable).length, 65);
      // `String | URL` (with spaces) becomes `String|URL`; no type has spaces left.
      const fromButton = decoded.value.find((r) => r.name === '$addButtonCV2')!.arguments![0]!;
      assert.equal(fromButton.type, 'String|URL');
      assert.deepEqual(fromButton.types, ['String', 'URL']);
      assert.ok(args.every((a) => !/\s/.test(a.type)));
      // Emoji is kept as a known type.
      const emojiArgs = args.filter((a) => a.type === 'Emoji');
      assert.ok(emojiArgs.length > 0);
      assert.ok(emojiArgs.every((a) => a.types[0] === 'Emoji' && a.unknownTypes.length === 0));
      assert.ok(args.every((a) => a.unknownTypes.length === 0));
      // deprecatedFor `channelID` becomes `$channelID`.
      const old = decoded.value.find((r) => r.name === '$channelIDFromName')!;
      assert.equal(old.deprecated, true);
      assert.equal(old.deprecatedFor, '$channelID');
      // Bare and bracketed forms are separate records.
      const random = decoded.value.filter((r) => r.name === '$random');
      assert.deepEqual(
        random.map((r) => [r.bracketed, r.arguments === null]),
        [
          [false, true],
          [true, false],
        ],
      );
    });

    it('decodes the wiki facts: 423 functions and 13 callbacks, wiki paths kept, ellipsis read as repeatable', function () {
      if (!existsSync(FACTS_DIR)) this.skip();
      const functions = decodeFunctionList(readJson(path.join(FACTS_DIR, 'function_list.json')));
      assert.equal(functions.value.length, 423);
      assert.deepEqual(functions.problems, []);
      assert.ok(functions.value.every((r) => r.wiki !== undefined && r.wiki.endsWith('.md')));
      assert.equal(functions.value.find((r) => r.name === '$giveRole')!.deprecatedFor, '$roleGrant');
      assert.ok(functions.value.find((r) => r.name === '$addCmdReactions')!.arguments![0]!.repeatable);
      const callbacks = decodeCallbackList(readJson(path.join(FACTS_DIR, 'callback_list.json')));
      assert.equal(callbacks.value.length, 13);
      assert.deepEqual(callbacks.problems, []);
      const joined = callbacks.value.find((r) => r.listTag === '$onJoined[]')!;
      assert.equal(joined.intents, 2);
      assert.equal(joined.wiki, 'callbacks/onJoined.md');
      assert.equal(callbacks.value.find((r) => r.name === '$alwaysReply')!.premium, true);
    });

    it('sorts tag lists exactly as the facts files are sorted', function () {
      if (!existsSync(FACTS_DIR)) this.skip();
      for (const [list, tags] of [
        ['function_list.json', 'function_tag_list.json'],
        ['callback_list.json', 'callback_tag_list.json'],
      ] as const) {
        const expected = readJson(path.join(FACTS_DIR, tags));
        const records = list.startsWith('function')
          ? decodeFunctionList(readJson(path.join(FACTS_DIR, list))).value
          : decodeCallbackList(readJson(path.join(FACTS_DIR, list))).value;
        assert.deepEqual(deriveTagList(records), expected);
        assert.deepEqual(decodeTagList(expected).value, expected);
      }
    });
  });

  describe('drift', () => {
    it('reads `repeatable` and `ellipsis` alike', () => {
      assert.equal(argOf({ name: 'A', type: 'String', required: true, repeatable: true }).a.repeatable, true);
      assert.equal(argOf({ name: 'A', type: 'String', required: true, ellipsis: true }).a.repeatable, true);
      assert.equal(argOf({ name: 'A', type: 'String', required: true }).a.repeatable, false);
    });

    it('normalises compound types with or without spaces and keeps unknown alternatives', () => {
      for (const spelling of ['String | URL', 'String|URL', ' String |URL ', 'String||URL', 'String | URL | String']) {
        const { a, decoded } = argOf({ name: 'A', type: spelling, required: true });
        assert.equal(a.type, 'String|URL', spelling);
        assert.deepEqual(a.types, ['String', 'URL']);
        assert.deepEqual(a.unknownTypes, []);
        assert.deepEqual(decoded.problems, [], spelling);
      }
      const { a, decoded } = argOf({ name: 'A', type: 'Widget | Emoji', required: true });
      assert.equal(a.type, 'Widget|Emoji');
      assert.deepEqual(a.types, ['Emoji']);
      assert.deepEqual(a.unknownTypes, ['Widget']);
      const p = problemAt(decoded, 'arguments[0].type');
      assert.equal(p.severity, 'warning');
      assert.equal(p.record, '#0 $f[...]');
      assert.match(p.message, /Widget/);
    });

    it('reads a type in the wrong case as the known type, with a warning', () => {
      const { a, decoded } = argOf({ name: 'A', type: 'snowflake', required: true });
      assert.equal(a.type, 'Snowflake');
      assert.deepEqual(a.types, ['Snowflake']);
      assert.equal(problemAt(decoded, 'arguments[0].type').severity, 'warning');
    });

    it('gives bare forms null arguments and bracketed forms with null arguments [] plus a warning', () => {
      assert.deepEqual(one(rec('$ping', { arguments: null })).decoded.problems, []);
      assert.equal(one(rec('$ping', { arguments: null })).fn.arguments, null);
      const missing = one({ tag: '$ping', intents: 0, premium: false });
      assert.equal(missing.fn.arguments, null);
      assert.deepEqual(missing.decoded.problems, []);
      const bracketed = one(rec('$f[]', { arguments: null }));
      assert.deepEqual(bracketed.fn.arguments, []);
      assert.equal(problemAt(bracketed.decoded, 'arguments').severity, 'warning');
      const bareWithArgs = one(rec('$ping', { arguments: [{ name: 'A', type: 'String', required: true }] }));
      assert.equal(bareWithArgs.fn.arguments, null);
      assert.equal(problemAt(bareWithArgs.decoded, 'arguments').severity, 'warning');
      const notArray = one(rec('$f[A]', { arguments: 'A' }));
      assert.deepEqual(notArray.fn.arguments, []);
      assert.equal(problemAt(notArray.decoded, 'arguments').severity, 'warning');
    });

    it('accepts omitted optional fields and ignores unknown extra fields without a word', () => {
      const { fn, decoded } = one({
        tag: '$f[A]',
        arguments: [
          { name: 'A', type: 'String', required: true, wikiType: 'Emoji', wikiFlag: 'Required', extra: [1, 2] },
        ],
        intents: 0,
        premium: false,
        color: 0,
        colour: 'red',
        wikiSource: 'page',
      });
      assert.deepEqual(decoded.problems, []);
      assert.deepEqual(fn, {
        kind: 'function',
        tag: '$f[A]',
        name: '$f',
        bracketed: true,
        listTag: '$f[]',
        arguments: [
          {
            name: 'A',
            description: '',
            type: 'String',
            types: ['String'],
            unknownTypes: [],
            required: true,
            empty: false,
            repeatable: false,
          },
        ],
        intents: 0,
        premium: false,
        shortDescription: '',
        longDescription: '',
        deprecated: false,
      });
    });

    it('normalises deprecatedFor with or without $ and brackets', () => {
      for (const spelling of ['channelID', '$channelID', '$channelID[]', 'channelID[Channel name]', ' $channelID ']) {
        const { fn, decoded } = one(rec('$old', { deprecated: true, deprecatedFor: spelling }));
        assert.equal(fn.deprecatedFor, '$channelID', spelling);
        assert.deepEqual(decoded.problems, []);
      }
      assert.equal(one(rec('$old', { deprecated: true, deprecatedFor: '' })).fn.deprecatedFor, undefined);
      const bad = one(rec('$old', { deprecated: true, deprecatedFor: 'not a name' }));
      assert.equal(bad.fn.deprecatedFor, undefined);
      assert.equal(problemAt(bad.decoded, 'deprecatedFor').severity, 'warning');
      const wrong = one(rec('$old', { deprecated: 'yes', deprecatedFor: 7 }));
      assert.equal(wrong.fn.deprecated, false);
      assert.equal(problemAt(wrong.decoded, 'deprecated').severity, 'warning');
      assert.equal(problemAt(wrong.decoded, 'deprecatedFor').severity, 'warning');
    });

    it('reads /callback/:callback as an object or a one-element array', () => {
      const cb = {
        name: '$onJoined[Channel ID]',
        description: '',
        arguments: [{ name: 'Channel ID', type: 'Snowflake', required: true }],
        intents: 2,
        is_premium: false,
      };
      const plain = decodeCallback(cb);
      assert.deepEqual(plain.problems, []);
      assert.equal(plain.value!.name, '$onJoined');
      assert.equal(plain.value!.listTag, '$onJoined[]');
      assert.equal(plain.value!.intents, 2);
      const wrapped = decodeCallback([cb]);
      assert.deepEqual(wrapped.value, plain.value);
      assert.deepEqual(wrapped.problems, []);
      const empty = decodeCallback([]);
      assert.equal(empty.value, undefined);
      assert.equal(errors(empty.problems).length, 1);
      const two = decodeCallback([cb, { ...cb, name: '$other' }]);
      assert.equal(two.value!.name, '$onJoined');
      assert.equal(two.problems.length, 1);
      assert.equal(two.problems[0]!.severity, 'warning');
      const fnWrapped = decodeFunction([rec('$ping')]);
      assert.equal(fnWrapped.value!.name, '$ping');
      assert.deepEqual(fnWrapped.problems, []);
      assert.equal(decodeFunction('nope').value, undefined);
    });

    it("reads callbacks' is_premium, and premium too; a callback may be spelled with tag", () => {
      const base = { description: '', arguments: null, intents: 0 };
      assert.equal(decodeCallback({ name: '$alwaysReply', ...base, is_premium: true }).value!.premium, true);
      const alt = decodeCallback({ name: '$alwaysReply', ...base, premium: true });
      assert.equal(alt.value!.premium, true);
      assert.deepEqual(alt.problems, []);
      const neither = decodeCallback({ name: '$alwaysReply', ...base });
      assert.equal(neither.value!.premium, false);
      assert.equal(problemAt(neither, 'is_premium').severity, 'warning');
      const byTag = decodeCallback({ tag: '$alwaysReply', ...base, is_premium: false });
      assert.equal(byTag.value!.name, '$alwaysReply');
      const functionStyle = decodeFunction(rec('$f', { premium: undefined, is_premium: true }));
      assert.equal(functionStyle.value!.premium, true);
    });

    it('decodes tuples recursively and drops nesting beyond the bound', () => {
      const tuple = {
        name: '',
        type: 'Tuple',
        required: true,
        repeatable: true,
        tupleTypes: [
          { name: 'Command name', type: 'String', required: true },
          { name: 'Reaction', type: 'Emoji', required: true },
        ],
      };
      const { a, decoded } = argOf(tuple);
      assert.deepEqual(decoded.problems, []);
      assert.equal(a.type, 'Tuple');
      assert.equal(a.repeatable, true);
      assert.deepEqual(
        a.tupleTypes!.map((t) => [t.name, t.type]),
        [
          ['Command name', 'String'],
          ['Reaction', 'Emoji'],
        ],
      );
      // Nest deeper than the bound: the levels past it are dropped with a warning at that path.
      let nested: Record<string, unknown> = { name: 'leaf', type: 'String', required: true };
      for (let i = 0; i < DECODE_LIMITS.maxTupleDepth + 3; i++)
        nested = { name: `t${i}`, type: 'Tuple', required: true, tupleTypes: [nested] };
      const deep = argOf(nested);
      let depth = 0;
      for (let cur: Argument | undefined = deep.a; cur?.tupleTypes; cur = cur.tupleTypes[0]) depth++;
      assert.equal(depth, DECODE_LIMITS.maxTupleDepth);
      const dropPath = 'arguments[0]' + '.tupleTypes[0]'.repeat(DECODE_LIMITS.maxTupleDepth) + '.tupleTypes';
      assert.ok(
        deep.decoded.problems.some((p) => p.field === dropPath && /deeper/.test(p.message)),
        JSON.stringify(deep.decoded.problems),
      );
      const tupleWithout = argOf({ name: 'T', type: 'Tuple', required: true });
      assert.equal(tupleWithout.a.tupleTypes, undefined);
      assert.equal(problemAt(tupleWithout.decoded, 'arguments[0].tupleTypes').severity, 'warning');
    });

    it('reads an optional wiki path and refuses anything but a relative .md path', () => {
      assert.equal(one(rec('$f', { wiki: 'bdscript/addButton.md' })).fn.wiki, 'bdscript/addButton.md');
      for (const bad of [
        '../etc/passwd.md',
        'bdscript/../../x.md',
        '/abs/page.md',
        'page.txt',
        'a b.md',
        'https://x/y.md',
        42,
        '',
      ]) {
        const { fn, decoded } = one(rec('$f', { wiki: bad }));
        assert.equal(fn.wiki, undefined, String(bad));
        assert.equal(problemAt(decoded, 'wiki').severity, 'warning');
      }
    });

    it('keeps the first of duplicate records (same name and form) and warns about the rest', () => {
      const decoded = decodeFunctionList([rec('$a[X]', { intents: 2 }), rec('$a'), rec('$a[Y;Z]', { intents: 256 })]);
      assert.deepEqual(
        decoded.value.map((r) => [r.tag, r.intents]),
        [
          ['$a[X]', 2],
          ['$a', 0],
        ],
      );
      assert.equal(decoded.problems.length, 1);
      assert.deepEqual(
        {
          record: decoded.problems[0]!.record,
          field: decoded.problems[0]!.field,
          severity: decoded.problems[0]!.severity,
        },
        { record: '#2 $a[...]', field: 'tag', severity: 'warning' },
      );
    });
  });

  describe('missing and wrong fields', () => {
    it('drops a record without a usable tag with an error naming it', () => {
      const decoded = decodeFunctionList([
        rec('$ok'),
        { shortDescription: 'no tag', intents: 0, premium: false },
        rec('$also'),
      ]);
      assert.deepEqual(
        decoded.value.map((r) => r.name),
        ['$ok', '$also'],
      );
      const p = problemAt(decoded, 'tag');
      assert.equal(p.severity, 'error');
      assert.equal(p.record, '#1');
      assert.equal(p.source, '/function_list');
      for (const tag of [12, '', '   ', '$', '[x]', '$a b', null]) {
        const d = decodeFunctionList([rec('$x', { tag })]);
        assert.equal(d.value.length, 0, String(tag));
        assert.equal(errors(d.problems).length, 1, String(tag));
        assert.equal(d.problems[0]!.field, 'tag');
      }
    });

    it('adds a missing $ to a tag and trims it, with warnings', () => {
      const { fn, decoded } = one(
        rec(' addButton[New row] ', { arguments: [{ name: 'New row', type: 'Bool', required: true }] }),
      );
      assert.equal(fn.tag, '$addButton[New row]');
      assert.equal(fn.name, '$addButton');
      assert.equal(decoded.problems.length, 2);
      assert.ok(
        decoded.problems.every(
          (p) => p.field === 'tag' && p.record === '#0 $addButton[...]' && p.severity === 'warning',
        ),
      );
    });

    it('keeps records with defaults and warnings when intents, premium or argument fields are missing or wrong', () => {
      const noIntents = one({ tag: '$f', premium: false });
      assert.equal(noIntents.fn.intents, 0);
      assert.equal(problemAt(noIntents.decoded, 'intents').severity, 'warning');
      for (const intents of ['256', -1, 1.5, null, true]) {
        const d = one(rec('$f', { intents }));
        assert.equal(d.fn.intents, 0, String(intents));
        assert.equal(problemAt(d.decoded, 'intents').severity, 'warning');
      }
      const noPremium = one({ tag: '$f', intents: 256 });
      assert.equal(noPremium.fn.premium, false);
      assert.equal(noPremium.fn.intents, 256);
      assert.equal(problemAt(noPremium.decoded, 'premium').severity, 'warning');

      const bare = argOf({});
      assert.deepEqual(bare.a, {
        name: '',
        description: '',
        type: 'String',
        types: ['String'],
        unknownTypes: [],
        required: false,
        empty: false,
        repeatable: false,
      });
      assert.deepEqual(
        bare.decoded.problems.map((p) => p.field),
        ['arguments[0].name', 'arguments[0].type', 'arguments[0].required'],
      );
      const wrong = argOf({ name: 5, type: 7, required: 'yes', empty: 1, enumData: 'a,b', description: {} });
      assert.equal(wrong.a.type, 'String');
      assert.equal(wrong.a.enumData, undefined);
      assert.deepEqual(wrong.decoded.problems.map((p) => p.field).sort(), [
        'arguments[0].description',
        'arguments[0].empty',
        'arguments[0].enumData',
        'arguments[0].name',
        'arguments[0].required',
        'arguments[0].type',
      ]);
      const enumMixed = argOf({ name: 'S', type: 'Enum', required: true, enumData: ['a', 3, 'b', null] });
      assert.deepEqual(enumMixed.a.enumData, ['a', 'b']);
      assert.deepEqual(
        enumMixed.decoded.problems.map((p) => p.field),
        ['arguments[0].enumData[1]', 'arguments[0].enumData[3]'],
      );
    });

    it('keeps an argument that is not an object as a permissive placeholder, so positions hold', () => {
      const { fn, decoded } = one(
        rec('$f[A;B;C]', {
          arguments: [
            { name: 'A', type: 'Integer', required: true },
            null,
            { name: 'C', type: 'Bool', required: true },
          ],
        }),
      );
      assert.deepEqual(
        fn.arguments!.map((a) => [a.name, a.type, a.required, a.empty]),
        [
          ['A', 'Integer', true, false],
          ['', 'String', false, true],
          ['C', 'Bool', true, false],
        ],
      );
      assert.equal(problemAt(decoded, 'arguments[1]').severity, 'warning');
    });

    it('cuts absurdly long strings with warnings and never splits a surrogate pair', () => {
      const long = 'x'.repeat(10_000);
      const { fn, decoded } = one(rec('$f', { shortDescription: long, longDescription: 'ok' }));
      assert.equal(fn.shortDescription.length, DECODE_LIMITS.maxDescriptionLength);
      assert.equal(fn.longDescription, 'ok');
      assert.equal(problemAt(decoded, 'shortDescription').severity, 'warning');

      const longTag = one(rec('$' + 'n'.repeat(1000)));
      assert.equal(longTag.fn.tag.length, DECODE_LIMITS.maxNameLength);
      assert.equal(problemAt(longTag.decoded, 'tag').severity, 'warning');

      const name = argOf({ name: 'a'.repeat(DECODE_LIMITS.maxNameLength - 1) + '👍', type: 'String', required: true });
      assert.equal(name.a.name, 'a'.repeat(DECODE_LIMITS.maxNameLength - 1));
      assert.equal(problemAt(name.decoded, 'arguments[0].name').severity, 'warning');
    });

    it('caps the number of arguments, records and problems', () => {
      const many = Array.from({ length: DECODE_LIMITS.maxArguments + 5 }, (_, i) => ({
        name: `A${i}`,
        type: 'String',
        required: false,
      }));
      const { fn, decoded } = one(rec('$f[...]', { arguments: many }));
      assert.equal(fn.arguments!.length, DECODE_LIMITS.maxArguments);
      assert.equal(problemAt(decoded, 'arguments').severity, 'warning');

      const junk = Array.from({ length: 3000 }, () => 42);
      const flood = decodeFunctionList(junk);
      assert.equal(flood.value.length, 0);
      assert.equal(flood.problems.length, DECODE_LIMITS.maxProblems + 1);
      assert.match(flood.problems.at(-1)!.message, /^2000 more problems \(2000 of them errors\)/);
      assert.equal(flood.problems.at(-1)!.severity, 'error');

      const records = Array.from({ length: DECODE_LIMITS.maxRecords + 3 }, (_, i) => rec(`$f${i}`));
      const capped = decodeFunctionList(records);
      assert.equal(capped.value.length, DECODE_LIMITS.maxRecords);
      assert.equal(capped.problems.length, 1);
      assert.equal(capped.problems[0]!.severity, 'warning');
    });
  });

  describe('names and text that completion inserts into code', () => {
    /** Names a hostile or broken catalog might send; none is a name BDScript code can call. */
    const UNSAFE_NAMES = [
      '$ping\x00',
      '$pi\x1b[31mng',
      '$\u202egnp',
      '$pi\u200bng',
      '$ping\u200d',
      '$pi\ufeffng',
      '$a/b',
      '$a<b',
      '$a>b',
      '$a_b',
      '$a-b',
      '$a.b',
      '$1abc',
      '$café',
      '$ΑΒΓ',
      '$ping\u0085',
      '$pi\u2028ng',
      '$\ud800x',
    ];

    it('drops functions and callbacks whose names are not BDScript names, with an error naming the record', () => {
      for (const name of UNSAFE_NAMES) {
        for (const tag of [name, `${name}[Text]`]) {
          const fns = decodeFunctionList([rec('$ok'), rec(tag)]);
          assert.deepEqual(
            fns.value.map((r) => r.name),
            ['$ok'],
            JSON.stringify(tag),
          );
          const p = problemAt(fns, 'tag');
          assert.equal(p.severity, 'error');
          assert.match(
            p.message,
            /has no valid name \(expected \$, a letter, then letters and digits\); record dropped/,
          );
          // The label shows what was sent, escaped, so the problem itself is safe to print.
          assert.match(p.record!, /^#1 \$/);
          assert.doesNotMatch(p.record!, /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u, JSON.stringify(p.record));
          const cbs = decodeCallbackList([{ name: tag, is_premium: false, intents: 0 }]);
          assert.equal(cbs.value.length, 0, JSON.stringify(tag));
          assert.equal(errors(cbs.problems).length, 1);
        }
      }
    });

    it('drops a record whose tag has a control or format character in its argument part', () => {
      for (const tag of ['$title[Ti\x1btle]', '$title[\u202eTitle]', '$title[Title\u2066]']) {
        const d = decodeFunctionList([rec(tag, { arguments: [{ name: 'Title', type: 'String', required: true }] })]);
        assert.equal(d.value.length, 0, JSON.stringify(tag));
        assert.match(problemAt(d, 'tag').message, /control or format character; record dropped/);
      }
    });

    it('keeps every name shape of the real catalog and the bundled snapshot', () => {
      for (const tag of ['$c[Comment]', '$addButtonCV2[Row]', '$a', '$A1', '$authorID', '$onJoined[Channel ID]']) {
        assert.equal(decodeFunctionList([rec(tag)]).value.length, 1, tag);
      }
      const bundled = readJson(path.resolve(__dirname, '../../server/snapshot/catalog.json'));
      const snapshot = decodeSnapshot(bundled);
      assert.deepEqual(errors(snapshot.problems), []);
      assert.equal(
        snapshot.value.data.functions.length,
        (bundled as { function_list: unknown[] }).function_list.length,
      );
      assert.equal(
        snapshot.value.data.callbacks.length,
        (bundled as { callback_list: unknown[] }).callback_list.length,
      );
    });

    it('refuses unsafe names in tag lists and deprecatedFor', () => {
      const tags = decodeTagList(['$ok', ...UNSAFE_NAMES, '$fine[\x1b]']);
      assert.deepEqual(tags.value, ['$ok', '$fine[]']);
      assert.ok(
        tags.problems.every((p) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(p.message)),
        JSON.stringify(tags.problems),
      );
      for (const target of ['$pi\u200bng', 'a_b', '\u202echannelID']) {
        const { fn, decoded } = one(rec('$old', { deprecated: true, deprecatedFor: target }));
        assert.equal(fn.deprecatedFor, undefined, target);
        assert.equal(problemAt(decoded, 'deprecatedFor').severity, 'warning');
      }
    });

    it('blanks argument names and drops enum values that hold control or format characters', () => {
      const name = argOf({ name: 'Ti\x1b[2Jtle', type: 'String', required: true });
      assert.equal(name.a.name, '');
      assert.match(problemAt(name.decoded, 'arguments[0].name').message, /control or format character; using ""/);
      const values = argOf({
        name: 'Style',
        type: 'Enum',
        required: true,
        enumData: ['primary', 'da\u202enger', 'link\u0000', 'link'],
      });
      assert.deepEqual(values.a.enumData, ['primary', 'link']);
      assert.equal(problemAt(values.decoded, 'arguments[0].enumData[1]').severity, 'warning');
      assert.equal(problemAt(values.decoded, 'arguments[0].enumData[2]').severity, 'warning');
    });

    it('drops emoji keys and aliases that hold control, bidi or invisible characters, and keeps joined emoji', () => {
      const decoded = decodeEmojiAliasMap({
        '👨\u200d👩\u200d👧': [':family:'],
        '🏳️\u200d🌈': [':rainbow_flag:'],
        '\u202e👍': [':evil:'],
        '👍\x1b[2J': [':evil2:'],
        '👍\u200b': [':evil3:'],
        '✅': [':white_check_mark:', ':x\u202ey:', ':a\x07:'],
      });
      assert.deepEqual(Object.keys(decoded.value), ['👨\u200d👩\u200d👧', '🏳️\u200d🌈', '✅']);
      assert.deepEqual(decoded.value['✅'], [':white_check_mark:']);
      assert.equal(decoded.problems.length, 5);
      for (const p of decoded.problems) assert.doesNotMatch(p.record ?? '', /[\p{Cc}\u202e\u200b]/u, JSON.stringify(p));
    });

    it('keeps only BDScript names, and reports every record it drops, for any tag (property)', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.string({ unit: 'binary', maxLength: 12 }),
              fc.string({ maxLength: 12 }).map((s) => '$' + s),
            ),
            { maxLength: 8 },
          ),
          (tags) => {
            const records = tags.map((t) => rec(t));
            const decoded = decodeFunctionList(records);
            for (const r of decoded.value) {
              assert.match(r.name, /^\$[A-Za-z][A-Za-z0-9]*$/);
              assert.ok(!/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u.test(r.tag), JSON.stringify(r.tag));
            }
            const reported = new Set(
              decoded.problems
                .filter((p) => p.severity === 'error' || /^duplicate/.test(p.message))
                .map((p) => p.record!.split(' ')[0]),
            );
            assert.equal(decoded.value.length + reported.size, records.length, JSON.stringify(decoded.problems));
          },
        ),
        { seed: 20261124, numRuns: 500 },
      );
    });
  });

  describe('tag lists, emoji, parts and snapshots', () => {
    it('normalises tag lists to the list spelling, dropping junk and duplicates', () => {
      const decoded = decodeTagList(['$a[]', 'b[]', '$c[X;Y]', '$d', 7, '', '$a[]', ' $e '], '/function_tag_list');
      assert.deepEqual(decoded.value, ['$a[]', '$b[]', '$c[]', '$d', '$e']);
      assert.deepEqual(
        decoded.problems.map((p) => p.record),
        ['#1', '#2', '#4', '#5', '#6', '#7'],
      );
      assert.equal(errors(decodeTagList({ not: 'a list' }).problems).length, 1);
    });

    it('decodes the emoji alias map, refusing keys that are not emoji and aliases that are not aliases', () => {
      const json = JSON.parse(
        '{"👍":[":thumbsup:",":+1:",":thumbsup:"],"✅":["white_check_mark"],"__proto__":[":x:"],"abc":[":abc:"],' +
          '"#️⃣":[":hash:",":a b:",5],"😀":"grinning"}',
      ) as unknown;
      const decoded = decodeEmojiAliasMap(json);
      assert.deepEqual(decoded.value, { '👍': [':thumbsup:', ':+1:'], '✅': [':white_check_mark:'], '#️⃣': [':hash:'] });
      assert.equal(Object.getPrototypeOf(decoded.value), Object.prototype);
      assert.deepEqual(
        decoded.problems.map((p) => [p.record, p.field ?? null]),
        [
          ['✅', 'aliases[0]'],
          ['__proto__', null],
          ['abc', null],
          ['#️⃣', 'aliases[1]'],
          ['#️⃣', 'aliases[2]'],
          ['😀', null],
        ],
      );
      assert.ok(decoded.problems.every((p) => p.severity === 'warning' && p.source === '/emoji_alias_list'));
      assert.equal(errors(decodeEmojiAliasMap([['👍', [':thumbsup:']]]).problems).length, 1);
    });

    it('derives tag lists from records when absent and reports missing parts', () => {
      const decoded = decodeCatalogParts({ function_list: [rec('$b'), rec('$a[X]'), rec('$A')] });
      assert.deepEqual(decoded.value.functionTags, ['$A', '$a[]', '$b']);
      assert.deepEqual(decoded.value.callbacks, []);
      assert.deepEqual(decoded.value.emoji, {});
      assert.deepEqual(
        decoded.problems.map((p) => [p.source, p.severity]),
        [
          ['/callback_list', 'warning'],
          ['/emoji_alias_list', 'warning'],
        ],
      );
      const none = decodeCatalogParts({}, 'user.json');
      assert.deepEqual(
        none.problems.map((p) => [p.source, p.severity]),
        [
          ['user.json (function_list)', 'error'],
          ['user.json (callback_list)', 'warning'],
          ['user.json (emoji_alias_list)', 'warning'],
        ],
      );
      const served = decodeCatalogParts({
        function_list: [rec('$a')],
        function_tag_list: ['$z', '$a'],
        callback_list: [],
        emoji_alias_list: {},
      });
      assert.deepEqual(served.value.functionTags, ['$z', '$a']);
      assert.deepEqual(served.problems, []);
    });

    it('names the part in problem sources when decoding a file', () => {
      const decoded = decodeCatalogParts(
        { function_list: [rec('$a', { intents: 'x' })], callback_list: [], emoji_alias_list: {} },
        'my.json',
      );
      assert.deepEqual(
        decoded.problems.map((p) => [p.source, p.record, p.field]),
        [['my.json (function_list)', '#0 $a', 'intents']],
      );
    });

    it('decodes a snapshot file with its provenance', () => {
      const provenance = {
        generatedBy: 'test',
        source: 'hand',
        date: '2026-01-02',
        counts: { functions: 1, callbacks: 1, emoji: 1, aliases: 1 },
        notes: ['n'],
      };
      const decoded = decodeSnapshot({
        schema: SNAPSHOT_SCHEMA,
        provenance,
        function_list: [rec('$ping')],
        callback_list: [{ name: '$alwaysReply', description: '', arguments: null, intents: 0, is_premium: true }],
        function_tag_list: ['$ping'],
        callback_tag_list: ['$alwaysReply'],
        emoji_alias_list: { '👍': [':thumbsup:'] },
      });
      assert.deepEqual(decoded.problems, []);
      assert.deepEqual(decoded.value.provenance, provenance);
      assert.equal(decoded.value.data.functions[0]!.name, '$ping');
      assert.equal(decoded.value.data.callbacks[0]!.premium, true);
      assert.deepEqual(decoded.value.data.emoji, { '👍': [':thumbsup:'] });
    });

    it('accepts a bare /function_list array as a snapshot, with a warning', () => {
      const decoded = decodeSnapshot([rec('$b'), rec('$a')], 'saved.json');
      assert.deepEqual(decoded.value.data.functionTags, ['$a', '$b']);
      assert.equal(decoded.value.provenance, undefined);
      assert.equal(decoded.problems.length, 1);
      assert.equal(decoded.problems[0]!.severity, 'warning');
      assert.match(decoded.problems[0]!.message, /callbacks and emoji are missing/);
      assert.equal(decoded.problems[0]!.source, 'saved.json');
    });

    it('reads snapshots of other schemas and bad provenance with warnings', () => {
      const parts = { function_list: [rec('$a')], callback_list: [], emoji_alias_list: {} };
      for (const schema of [2, undefined, 'one']) {
        const d = decodeSnapshot({ schema, ...parts });
        assert.equal(d.value.data.functions.length, 1);
        assert.deepEqual(
          d.problems.map((p) => [p.field, p.severity]),
          [['schema', 'warning']],
          String(schema),
        );
      }
      const badProvenance = decodeSnapshot({
        schema: 1,
        provenance: { date: 5, counts: { functions: -1 }, notes: 'x' },
        ...parts,
      });
      assert.equal(badProvenance.value.provenance!.date, '');
      assert.equal(badProvenance.value.provenance!.counts.functions, 0);
      assert.ok(badProvenance.problems.every((p) => p.record === 'provenance' && p.severity === 'warning'));
      assert.ok(badProvenance.problems.length >= 6);
      for (const junk of [null, 5, 'snapshot', true]) {
        const d = decodeSnapshot(junk);
        assert.deepEqual(d.value.data.functions, []);
        assert.equal(errors(d.problems).length, 1);
      }
    });
  });

  describe('garbage never throws', () => {
    const decoders: Array<[string, (json: unknown) => Decoded<unknown>]> = [
      ['decodeFunctionList', (j) => decodeFunctionList(j)],
      ['decodeCallbackList', (j) => decodeCallbackList(j)],
      ['decodeFunction', (j) => decodeFunction(j)],
      ['decodeCallback', (j) => decodeCallback(j)],
      ['decodeTagList', (j) => decodeTagList(j)],
      ['decodeEmojiAliasMap', (j) => decodeEmojiAliasMap(j)],
      ['decodeSnapshot', (j) => decodeSnapshot(j)],
      ['decodeCatalogParts', (j) => decodeCatalogParts(j as never)],
    ];

    function wellFormed(decoded: Decoded<unknown>): void {
      assert.ok(Array.isArray(decoded.problems));
      assert.ok(decoded.problems.length <= 5 * (DECODE_LIMITS.maxProblems + 1));
      for (const p of decoded.problems) {
        assert.equal(typeof p.source, 'string');
        assert.ok(p.severity === 'error' || p.severity === 'warning');
        assert.equal(typeof p.message, 'string');
      }
    }

    it('survives fixed junk: null, numbers, strings, arrays of junk, huge strings, deep nesting', () => {
      let deep: unknown = 'bottom';
      for (let i = 0; i < 10_000; i++) deep = i % 2 ? [deep] : { tupleTypes: deep };
      const junk: unknown[] = [
        null,
        undefined,
        0,
        NaN,
        -1,
        'x',
        'y'.repeat(1_000_000),
        true,
        [],
        {},
        [null, 1, 'a', [], {}, [[[]]]],
        [{ tag: null }, { tag: {} }, { tag: ['$a'] }, { tag: '$a', arguments: [[], 1, 'x', null] }],
        [{ tag: '$a[', arguments: [deep] }],
        deep,
        { function_list: deep, callback_list: 'x', emoji_alias_list: [] },
        [{ tag: '$a[x]', arguments: [{ type: 'Tuple', tupleTypes: deep }] }],
      ];
      for (const [name, decode] of decoders) {
        for (const j of junk) {
          let decoded: Decoded<unknown> | undefined;
          assert.doesNotThrow(() => {
            decoded = decode(j);
          }, name);
          wellFormed(decoded!);
        }
      }
    });

    it('survives hostile objects whose property reads throw', () => {
      const hostile = new Proxy(
        {},
        {
          get() {
            throw new Error('boom');
          },
          ownKeys() {
            throw new Error('boom');
          },
          getOwnPropertyDescriptor() {
            throw new Error('boom');
          },
        },
      );
      const getter = Object.defineProperty({}, 'tag', {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      });
      for (const [name, decode] of decoders) {
        for (const j of [
          hostile,
          [hostile],
          [getter, { tag: '$ok', intents: 0, premium: false }],
          { function_list: [getter] },
        ]) {
          let decoded: Decoded<unknown> | undefined;
          assert.doesNotThrow(() => {
            decoded = decode(j);
          }, name);
          wellFormed(decoded!);
        }
      }
      // The good record next to a throwing one is kept; the bad one is named.
      const mixed = decodeFunctionList([getter, { tag: '$ok', intents: 0, premium: false }]);
      assert.deepEqual(
        mixed.value.map((r) => r.name),
        ['$ok'],
      );
      assert.equal(mixed.problems[0]!.record, '#0');
      assert.equal(mixed.problems[0]!.severity, 'error');
    });

    it('never throws on random JSON values, and decodes what it keeps to a consistent model', () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 6 }), (json) => {
          for (const [, decode] of decoders) wellFormed(decode(json));
        }),
        { numRuns: 300 },
      );
    });

    it('names record and field in problems about random records', () => {
      const argument = fc.record(
        {
          name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          type: fc.oneof(fc.constantFrom('String', 'String | URL', 'Widget', 'Tuple', ''), fc.integer()),
          required: fc.oneof(fc.boolean(), fc.string()),
          empty: fc.oneof(fc.boolean(), fc.integer()),
          repeatable: fc.boolean(),
          enumData: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      );
      const record = fc.record(
        {
          tag: fc.constantFrom('$f', '$f[A]', '$g[A;B]'),
          shortDescription: fc.oneof(fc.string(), fc.integer()),
          arguments: fc.oneof(fc.constant(null), fc.array(fc.oneof(argument, fc.integer()), { maxLength: 4 })),
          intents: fc.oneof(fc.constantFrom(0, 2, 256), fc.string()),
          premium: fc.oneof(fc.boolean(), fc.constant('no')),
          wiki: fc.oneof(fc.constant('a/b.md'), fc.string()),
        },
        { requiredKeys: ['tag'] },
      );
      fc.assert(
        fc.property(fc.array(record, { maxLength: 5 }), (records) => {
          const decoded = decodeFunctionList(records);
          assert.equal(errors(decoded.problems).length, 0);
          for (const p of decoded.problems) {
            if (/^duplicate/.test(p.message)) continue;
            assert.match(p.record ?? '', /^#\d+ \$[fg](\[\.\.\.\])?$/, JSON.stringify(p));
            assert.ok(p.field !== undefined && p.field.length > 0, JSON.stringify(p));
          }
          for (const r of decoded.value) {
            assert.equal(r.bracketed, r.arguments !== null);
            for (const a of allArguments(r.arguments)) {
              assert.deepEqual([...a.type.split('|')].sort(), [...a.types, ...a.unknownTypes].sort());
              assert.doesNotMatch(a.type, /\s/);
            }
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  it('orders list tags case-insensitively, ties by code unit', () => {
    assert.deepEqual(['$b', '$addTimestamp[]', '$A', '$addTimestamp', '$a'].sort(compareListTags), [
      '$A',
      '$a',
      '$addTimestamp',
      '$addTimestamp[]',
      '$b',
    ]);
  });
});
