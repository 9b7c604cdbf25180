// JSON inside BDScript: the strict JSON checker on its own (tables of valid and invalid texts
// with the exact span and message of the first error, and agreement with the engine's own
// JSON.parse on generated and mutated texts), the `invalid-json` diagnostic on the document
// characters an error comes from (across every escape, comments, lines and surrogate pairs), what
// it leaves alone, and completion of the keys a literal `$jsonParse` defines in key paths.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkJson, MAX_SHAPE_VALUES } from '../../server/src/core/features/jsonCheck';
import { ENGLISH } from '../../server/src/core/l10n';
import { LanguageService } from '../../server/src/core/languageService';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const SEED = 20261124;

/** Valid JSON texts: each must pass, as JSON.parse agrees. */
const VALID = [
  '{}',
  '[]',
  ' {"a": 1}\n',
  '{"username": "NightNutSky", "tag": "6700", "identity": {"age": 16}}',
  '788895455566645444567',
  '-0.5e+10',
  '0',
  '"text with \\"quotes\\", \\\\ \\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00"',
  'true',
  'null',
  '[[[[]]]]',
  '{"":{"":[]}}',
  '{"emoji": "😀", "😀": 1}',
  '{"a": 1, "a": 2}',
];

/**
 * Invalid texts, `«...»` marking the span of the first error (an empty «» at the end: the text
 * ends too early), with words the message must hold.
 */
const INVALID: ReadonlyArray<[string, RegExp]> = [
  ['{"a": 1«,»}', /comma before `\}`/],
  ['[1, 2«,»]', /comma before `\]`/],
  ['{"a" «1»}', /Expected `:` after the property name, found `1`/],
  ["{«'»a': 1}", /double quotes .* not single quotes/],
  ['{«name»: 1}', /property name needs double quotes: write `"name"`/],
  ['{"a": «tru»}', /`tru` is not a JSON value/],
  ['{"a": «True»}', /lower case/],
  ['{"a": «NaN»}', /`NaN` is not a JSON value/],
  ['{"a": "x«\n»y"}', /line break may not appear inside a JSON string: write it as `\\n`/],
  ['{"a": "x«\t»y"}', /tab may not appear/],
  ['«0»1', /leading zeros/],
  ['-«»', /`-` must be followed by a digit/],
  ['1«.»', /decimal point must be followed by a digit/],
  ['1e«»', /exponent must have digits/],
  ['«.»5', /digit before the decimal point/],
  ['«+»1', /may not start with `\+`/],
  ['"«\\x»"', /`\\x` is not a JSON escape/],
  ['"«\\u12»"', /four hexadecimal digits/],
  ['{"a": [1«}»', /does not close the `\[`/],
  ['«{»"a": 1', /`\{` is never closed/],
  ['[1, «[»2', /`\[` is never closed/],
  ['«"»abc', /string is never closed/],
  ['«»', /found nothing/],
  [' \n «»', /found nothing/],
  ['true «false»', /Unexpected text after the JSON value/],
  ['{"a": 1}«}»', /Unexpected text after the JSON value/],
  ['{"a": 1 «/»/ note\n}', /JSON has no comments/],
  ['{"a": 1 «"»b": 2}', /a `,` is probably missing/],
  ['[1 «2»]', /a `,` is probably missing/],
  ['{"a": «😀»}', /Expected a JSON value, found `😀`/],
  ['{"a":«»', /ends where a value should come/],
  ['[«,»1]', /value before this `,`/],
  ['{"a": «undefined»}', /`undefined` is not a JSON value/],
];

describe('JSON inside BDScript', () => {
  describe('the strict checker', () => {
    for (const text of VALID) {
      it(`accepts ${JSON.stringify(text)}`, () => {
        assert.doesNotThrow(() => JSON.parse(text), 'the table holds only valid JSON');
        assert.equal(checkJson(text).error, undefined);
      });
    }
    for (const [src, message] of INVALID) {
      it(`rejects ${JSON.stringify(src)} at the marked span`, () => {
        const { text, ranges } = marked(src, { cursor: 'none' });
        assert.throws(() => JSON.parse(text), 'the table holds only invalid JSON');
        const error = checkJson(text).error;
        assert.ok(error, 'an error');
        assert.deepEqual({ start: error.start, end: error.end }, ranges[0], ENGLISH.text(error.message));
        assert.match(ENGLISH.text(error.message), message);
      });
    }

    it('agrees with JSON.parse on generated JSON and on mutations of it', () => {
      const verdict = (text: string): boolean => {
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      };
      const mutation = fc.tuple(
        fc.nat(),
        fc.nat({ max: 2 }),
        fc.constantFrom(...'{}[]",:\\ \n-+.0e1tfnx\'/'.split('')),
      );
      fc.assert(
        fc.property(fc.json({ maxDepth: 4 }), fc.array(mutation, { maxLength: 3 }), (json, mutations) => {
          assert.equal(checkJson(json).error, undefined, json);
          let text = json;
          for (const [at, op, ch] of mutations) {
            const i = at % (text.length + 1);
            text =
              op === 0
                ? text.slice(0, i) + ch + text.slice(i)
                : op === 1
                  ? text.slice(0, i) + text.slice(i + 1)
                  : text.slice(0, i) + ch + text.slice(i + 1);
          }
          const error = checkJson(text).error;
          assert.equal(
            error === undefined,
            verdict(text),
            `${JSON.stringify(text)}: ${error ? ENGLISH.text(error.message) : 'accepted'}`,
          );
          if (error) assert.ok(error.start >= 0 && error.start <= error.end && error.end <= text.length);
        }),
        { seed: SEED, numRuns: 2000 },
      );
    });

    it('reads 100,000 levels of nesting without recursion', () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      assert.equal(checkJson(deep).error, undefined);
      const open = '{"a":'.repeat(100_000);
      const error = checkJson(open).error!;
      assert.match(ENGLISH.text(error.message), /ends where a value should come/);
    });

    it('keeps the shape of what it read, up to a cap', () => {
      const shape = checkJson('{"a": {"b": [1, "two", null, true]}, "c": ""}').shape;
      assert.ok(shape && shape.kind === 'object');
      assert.deepEqual([...shape.keys.keys()], ['a', 'c']);
      const a = shape.keys.get('a')!;
      assert.ok(a.kind === 'object');
      const b = a.keys.get('b')!;
      assert.ok(b.kind === 'array');
      assert.deepEqual(
        b.items.map((i) => i.kind),
        ['number', 'string', 'null', 'boolean'],
      );
      const big = checkJson(`[${Array.from({ length: MAX_SHAPE_VALUES * 2 }, (_, i) => i).join(',')}]`);
      assert.equal(big.error, undefined);
      assert.ok(big.shape?.kind === 'array' && big.shape.items.length === MAX_SHAPE_VALUES - 1);
    });
  });

  describe('the invalid-json diagnostic', () => {
    const catalog = snapshotCatalog();

    /** The diagnostics of a fixture, as `code@start-end`, and their messages. */
    function diagnose(src: string): { got: string[]; want: string[]; messages: string[] } {
      const { text, ranges } = marked(src, { cursor: 'none' });
      const { service, document } = serviceFor(text, { catalog });
      const diagnostics = service.validate(document).filter((d) => d.code !== 'premium' && d.code !== 'intents');
      return {
        got: diagnostics.map(
          (d) => `${String(d.code)}@${document.offsetAt(d.range.start)}-${document.offsetAt(d.range.end)}`,
        ),
        want: ranges.map((r) => `invalid-json@${r.start}-${r.end}`),
        messages: diagnostics.map((d) => d.message as string),
      };
    }

    /** Fixtures with one `«...»` each: the document characters the first JSON error comes from. */
    const PLACED: ReadonlyArray<[string, string, RegExp?]> = [
      ['after an escaped `]`', '$jsonParse[{"a": [1\\], «x»: 2}]', /write `"x"`/],
      ['after `%ESCAPED%`', '$jsonParse[{"a": [1%ESCAPED%, «x»: 2}]'],
      ['on an escaped `]` itself', '$jsonParse[{"a": 1«\\]»}]', /does not close the `\{`/],
      ['on `%ESCAPED%` itself', '$jsonParse[{"a": 1«%ESCAPED%»}]'],
      ['after `\\;`', '$jsonParse[{"a": "x\\;y", «b»: 1}]'],
      ['after `%{-SEMICOL-}%`', '$jsonParse[{"a": "x%{-SEMICOL-}%y", «b»: 1}]'],
      [
        'on a backslash from `\\\\`, with a hint',
        '$jsonParse[{"path": "C:«\\\\p»ath"}]',
        /not a JSON escape.*`\\\\` is one backslash/,
      ],
      ['after a comment, which is not part of the value', '$jsonParse[{"a": 1, $c[a note] «b»: 2}]'],
      ['on a later line', '$nomention\n$jsonParse[{\n    "a": 1,\n    «b»: 2\n}]\nDone'],
      ['on a surrogate pair as one character', '$jsonParse[{"a": «😀»}]'],
      ['after a surrogate pair, in UTF-16 units', '$jsonParse[{"😀": 1 «x»}]'],
      ['on the `]` when the text ends too early', '$jsonParse[{"a": 1, "b":«]»'],
      ['on a `{` never closed', '$jsonParse[«{»"a": 1]'],
      ['on a raw line break inside a string', '$jsonParse[{"a": "one«\n»two"}]', /line break/],
      ["inside another function's argument", '$if[$jsonParse[{«a»: 1}]==]\n$endif'],
      ['on the first of two errors', '$jsonParse[{«a»: 1, b: 2}]'],
    ];
    for (const [what, src, message] of PLACED) {
      it(`places the error ${what}`, () => {
        const r = diagnose(src);
        assert.deepEqual(r.got, r.want, r.messages.join(' | '));
        assert.match(r.messages[0]!, /^`\$jsonParse`: invalid JSON\. /);
        if (message) assert.match(r.messages[0]!, message);
      });
    }

    /** Fixtures with no JSON finding: valid literals, arguments with calls, and what other rules say. */
    const QUIET: ReadonlyArray<[string, string, string[]]> = [
      [
        'valid JSON with escapes',
        '$jsonParse[{"software": ["A", "B"\\], "s": "x\\;y%{-SEMICOL-}%z", "p": "C:\\\\\\\\x"}]',
        [],
      ],
      ['a call inside the value', '$jsonParse[{"name": "$username"}]', []],
      ['a call as the value', '$jsonParse[$getVar[data]]', []],
      ['an empty argument', '$jsonParse[]', ['empty-argument']],
      ['a `;` that split it', '$jsonParse[{"a": "x;y"}]', ['too-many-arguments']],
      ['an unclosed call', '$jsonParse[{"a"', ['unclosed-bracket']],
      ['a directive', '$c[bdscript-disable-next-line invalid-json]\n$jsonParse[{a: 1}]', []],
      ['a comment', '$c[$jsonParse[{a: 1}\\]]', []],
    ];
    for (const [what, text, codes] of QUIET) {
      it(`says nothing about ${what}`, () => {
        const r = diagnose(text);
        assert.deepEqual(
          r.got.map((g) => g.split('@')[0]),
          codes,
          r.messages.join(' | '),
        );
      });
    }

    it('checks nothing when the catalog has no `$jsonParse`', () => {
      const { service, document } = serviceFor('$jsonParse[{a: 1}]');
      assert.deepEqual(
        service.validate(document).map((d) => d.code),
        ['unknown-function'],
      );
    });
  });

  describe('completion of keys', () => {
    const catalog = snapshotCatalog();
    const PERSON = '$jsonParse[{"username": "NightNutSky", "tag": "6700", "identity": {"age": 16}}]\n';
    const COMPUTER = '$jsonParse[{"computer": [{"apps": {"software": ["A"\\]}}, {"cpu": "Intel"}\\]}]\n';

    function labels(src: string): string[] {
      const m = marked(src, { cursor: 'required' });
      const { service, document } = serviceFor(m.text, { catalog });
      return service
        .complete(document, document.positionAt(m.cursor!))
        .items.filter((i) => typeof i.detail === 'string' && i.detail.startsWith('JSON '))
        .map((i) => i.label);
    }

    it('offers the keys of the literal parsed before, in its order', () => {
      assert.deepEqual(labels(`${PERSON}Username: $json[|]`), ['username', 'tag', 'identity']);
    });

    it('follows the key path written before the cursor', () => {
      assert.deepEqual(labels(`${PERSON}Age: $json[identity;|]`), ['age']);
      assert.deepEqual(labels(`${COMPUTER}$json[computer;|]`), ['0', '1']);
      assert.deepEqual(labels(`${COMPUTER}$json[computer;1;|]`), ['cpu']);
      assert.deepEqual(labels(`${COMPUTER}$json[computer;0;apps;|]`), ['software']);
      assert.deepEqual(labels(`${PERSON}$json[nothing;|]`), []);
      assert.deepEqual(labels(`${PERSON}$json[username;|]`), []);
    });

    it('offers keys in the key slots of the siblings, never in a value slot', () => {
      assert.deepEqual(labels(`${PERSON}$jsonSet[identity;|;19]`), ['age']);
      assert.deepEqual(labels(`${PERSON}$jsonSet[|;x]`), ['username', 'tag', 'identity']);
      assert.deepEqual(labels(`${PERSON}$jsonSet[username;|]`), []);
      assert.deepEqual(labels(`${COMPUTER}$jsonArrayCount[computer;0;apps;|]`), ['software']);
      assert.deepEqual(labels(`${PERSON}$jsonExists[|]`), ['username', 'tag', 'identity']);
      assert.deepEqual(labels(`${PERSON}$httpResult[|]`), []);
    });

    it('reads the last `$jsonParse` before the call, and nothing when its value is unknown', () => {
      assert.deepEqual(labels(`${PERSON}$jsonParse[{"other": 1}]\n$json[|]`), ['other']);
      assert.deepEqual(labels(`${PERSON}$jsonParse[$message]\n$json[|]`), []);
      assert.deepEqual(labels(`${PERSON}$jsonParse[{broken}]\n$json[|]`), []);
      assert.deepEqual(labels(`$json[|]\n${PERSON}`), []);
    });

    it('describes each key and inserts it escaped for BDScript', () => {
      const m = marked('$jsonParse[{"a\\;b": [1, 2\\], "c$": {"d": 1}, "e": "hello"}]\n$json[|]', {
        cursor: 'required',
      });
      const { service, document } = serviceFor(m.text, { catalog });
      const items = service
        .complete(document, document.positionAt(m.cursor!))
        .items.filter((i) => i.detail?.startsWith('JSON '));
      assert.deepEqual(
        items.map((i) => [i.label, i.detail, i.textEdit?.newText]),
        [
          ['a;b', 'JSON key: array (2 items)', 'a\\;b'],
          ['c$', 'JSON key: object (1 key)', 'c%{DOL}%'],
          ['e', 'JSON key: "hello"', 'e'],
        ],
      );
    });

    it('finds a literal many chunks back, also after edits elsewhere', () => {
      const filler = Array.from({ length: 3000 }, (_, i) => `$title[line ${i}]`).join('\n');
      const text = `${PERSON}${filler}\n$json[]`;
      const service = new LanguageService({ catalog });
      let document = TextDocument.create('file:///big.bds', 'bdscript', 1, text);
      const at = () => document.positionAt(document.getText().length - 1);
      const keys = () =>
        service
          .complete(document, at())
          .items.filter((i) => i.detail?.startsWith('JSON '))
          .map((i) => i.label);
      assert.ok(service.analyze(document).parsed.chunkCount > 10, 'the document has many chunks');
      assert.deepEqual(keys(), ['username', 'tag', 'identity']);
      // An edit far from both calls keeps the chunk that holds the literal.
      const middle = document.positionAt(text.indexOf('line 1500'));
      document = TextDocument.update(document, [{ range: { start: middle, end: middle }, text: 'x' }], 2);
      assert.deepEqual(keys(), ['username', 'tag', 'identity']);
      // An edit of the literal itself changes the keys.
      const key = document.positionAt(text.indexOf('username'));
      document = TextDocument.update(
        document,
        [{ range: { start: key, end: { line: key.line, character: key.character + 4 } }, text: 'nick' }],
        3,
      );
      assert.deepEqual(keys(), ['nickname', 'tag', 'identity']);
    });
  });
});
