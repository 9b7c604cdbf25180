// fast-check arbitraries for fuzzing: realistic generated BDScript, soups of BDScript syntax and
// arbitrary unicode, each then mutated by inserting syntax characters, escapes, deep nesting,
// huge lines, surrogate pairs and lone surrogates, and CR/CRLF line ends, or by deleting spans.
// Shared by the fixed-run property tests (test/core/fuzz.test.ts) and `npm run fuzz`.

import fc from 'fast-check';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { generateDocument } from '../support/generate';

export interface DocumentLimits {
  /** Largest generated base document, in UTF-16 code units. */
  readonly maxSize: number;
  /** Most mutations applied to one document. */
  readonly maxMutations: number;
  /** Deepest run of `$name[` a nesting mutation inserts. */
  readonly maxNesting: number;
  /** Longest single line a huge-line mutation inserts. */
  readonly maxLine: number;
}

export const TEST_LIMITS: DocumentLimits = { maxSize: 3000, maxMutations: 6, maxNesting: 300, maxLine: 5000 };
export const FUZZ_LIMITS: DocumentLimits = { maxSize: 60_000, maxMutations: 20, maxNesting: 20_000, maxLine: 200_000 };

/** Pieces of BDScript syntax and the characters around it that parsers get wrong. */
export const SYNTAX_TOKENS: readonly string[] = [
  '$',
  '[',
  ']',
  ';',
  '\\',
  '\\;',
  '\\]',
  '\\\\',
  '%{-SEMICOL-}%',
  '%ESCAPED%',
  '%{DOL}%',
  '%{DOL}%title[',
  '$c[',
  '$c',
  '$title[',
  '$username',
  '$username[',
  '$random',
  '$random[1;2]',
  '$addButton[',
  '$usernamefoo',
  '$if[',
  '$elseif[',
  '$else',
  '$endif',
  '$try',
  '$catch',
  '$endtry',
  '$async[a]',
  '$async[',
  '$endasync',
  '$await[a]',
  '$error[message]',
  '$var[x;1]',
  '$disableSpecialEscaping',
  '$onJoined[1]',
  '$alwaysReply',
  '$c[bdscript-disable-line]',
  '$c[bdscript-language: BDScript]',
  '$c[bdscript-disable-next-line premium]',
  ':thumbsup:',
  ':hash:',
  ':',
  '==',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '😀',
  '#️⃣',
  '👍🏽',
  '\u200d',
  '\ufeff',
  '\uD83D',
  '\uDE00',
  '\uDBFF\uDFFF',
  'é',
  'x',
  '1',
  '%',
  '{',
  '}',
  '<@',
  '>',
];

const token = fc.constantFrom(...SYNTAX_TOKENS);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const unicodeText = fc.string({ unit: 'binary', maxLength: 40 });

/** Something to insert: syntax, unicode, a run of nesting or closers, a huge line. */
function insertion(catalog: Catalog, limits: DocumentLimits): fc.Arbitrary<string> {
  const names = catalog.functions.names.length > 0 ? catalog.functions.names : ['$title'];
  return fc.oneof(
    { weight: 8, arbitrary: token },
    { weight: 3, arbitrary: fc.array(token, { maxLength: 12 }).map((t) => t.join('')) },
    { weight: 2, arbitrary: unicodeText },
    { weight: 2, arbitrary: loneSurrogate },
    { weight: 2, arbitrary: fc.constantFrom(...names).map((n) => `${n}[`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 1, max: limits.maxNesting }),
          fc.constantFrom('$title[', '$c[', '$if[', '[', '$random['),
          fc.boolean(),
        )
        .map(([n, open, closed]) => open.repeat(n) + (closed ? 'x' + ']'.repeat(n) : '')),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: limits.maxNesting }).map((n) => ']'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: limits.maxNesting }).map((n) => ';'.repeat(n)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 100, max: limits.maxLine }),
          fc.constantFrom('x', '$username ', '\\;', 'é😀', '$title[a]'),
        )
        .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length))),
    },
  );
}

export interface Mutation {
  /** Where, as a number reduced modulo (length + 1). */
  readonly at: number;
  /** How many code units to delete there first. */
  readonly remove: number;
  readonly insert: string;
}

function mutation(catalog: Catalog, limits: DocumentLimits): fc.Arbitrary<Mutation> {
  return fc.record({
    at: fc.nat(),
    remove: fc.oneof(fc.constant(0), fc.nat({ max: 3 }), fc.nat({ max: 200 })),
    insert: fc.oneof({ weight: 4, arbitrary: insertion(catalog, limits) }, { weight: 1, arbitrary: fc.constant('') }),
  });
}

/** Applies mutations in order; positions wrap around the current text, so any list applies. */
export function applyMutations(text: string, mutations: readonly Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = m.at % (out.length + 1);
    out = out.slice(0, at) + m.insert + out.slice(Math.min(out.length, at + m.remove));
  }
  return out;
}

/** A base document before mutation. */
function base(catalog: Catalog, limits: DocumentLimits): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record({
          seed: fc.integer({ min: 1, max: 0x7fffffff }),
          size: fc.integer({ min: 0, max: limits.maxSize }),
          eol: fc.constantFrom<'\n' | '\r\n' | '\r'>('\n', '\n', '\r\n', '\r'),
          trigger: fc.boolean(),
          flagged: fc.boolean(),
        })
        .map((o) => generateDocument(catalog, o)),
    },
    { weight: 2, arbitrary: fc.array(token, { maxLength: 300 }).map((t) => t.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.oneof(token, loneSurrogate, unicodeText), { maxLength: 100 }).map((t) => t.join('')),
    },
  );
}

/** A document for fuzzing: a base document with a few mutations. */
export function documentArbitrary(catalog: Catalog, limits: DocumentLimits = TEST_LIMITS): fc.Arbitrary<string> {
  return fc
    .tuple(base(catalog, limits), fc.array(mutation(catalog, limits), { maxLength: limits.maxMutations }))
    .map(([text, mutations]) => applyMutations(text, mutations));
}

/** Cursor offsets, each reduced modulo (length + 1) once the document is known. */
export const offsetsArbitrary: fc.Arbitrary<number[]> = fc.array(fc.nat(), { minLength: 1, maxLength: 6 });
