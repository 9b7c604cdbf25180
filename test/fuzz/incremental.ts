// The incremental parsing property: a document edited step by step and reparsed from its previous
// version gives exactly the tree, problems, blocks, facts and diagnostics of a fresh parse of the
// same text. Edits are aimed where incremental parsers go wrong: at chunk boundaries, inside
// escapes and comments, on `[` `]` `;`, on the trigger line, in directives, and edits that turn
// `$disableSpecialEscaping` on or off. Shared by test/core/incremental.test.ts and `npm run fuzz`.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { knownNamesOf, LanguageService } from '../../server/src/core/languageService';
import { parse, reparse, type ParseOptions } from '../../server/src/core/parser/parser';
import { forEachLeaf } from '../../server/src/core/parser/query';
import type { Block } from '../../server/src/core/parser/blocks';
import type { CallNode, ParsedDocument } from '../../server/src/core/parser/tree';
import { generateDocument } from '../support/generate';
import { SYNTAX_TOKENS } from './arbitraries';

/** One edit, resolved against the text it applies to (positions wrap around, so any list applies). */
export interface Edit {
  /** 0: anywhere; 1: around a chunk boundary; 2: around a syntax character. */
  readonly where: 0 | 1 | 2;
  readonly at: number;
  /** Shift from the chosen place, so edits land just before, on and after it. */
  readonly shift: number;
  readonly remove: number;
  readonly insert: string;
}

/** Inserted text: syntax that changes how the rest of a line or chunk parses. */
const INSERTS: readonly string[] = [
  ...SYNTAX_TOKENS,
  '$c[',
  ']',
  '[',
  '$title[x',
  '$if[1==1]\n',
  '$endif\n',
  '$try\n',
  '$catch\n',
  '$endtry',
  '$async[job]\n',
  '$endasync\n',
  '$await[job]',
  '$onJoined[1]\n',
  '$onJoined',
  '$c[bdscript-disable unknown-function]',
  '$c[bdscript-disable-line]',
  '$c[bdscript-language: BDScript Unstable]',
  '$disableSpecialEscaping\n',
  '%{DOL}%random[1%{-SEMICOL-}%2]',
  'abc',
  '\n\n',
  'Yes$elseNo$endif',
  '$pingms',
  '$$c[]map[',
  '$var[x;1]',
  '$var[x]',
];

export function editArbitrary(): fc.Arbitrary<Edit> {
  return fc.record({
    where: fc.constantFrom<0 | 1 | 2>(0, 1, 1, 2),
    at: fc.nat(),
    shift: fc.oneof(fc.constant(0), fc.constant(-1), fc.constant(1), fc.integer({ min: -3, max: 3 })),
    remove: fc.oneof(fc.constant(0), fc.constant(0), fc.nat({ max: 3 }), fc.nat({ max: 60 }), fc.nat({ max: 3000 })),
    insert: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...INSERTS) },
      { weight: 2, arbitrary: fc.array(fc.constantFrom(...INSERTS), { maxLength: 6 }).map((t) => t.join('')) },
      { weight: 2, arbitrary: fc.constant('') },
    ),
  });
}

/** A base document of several chunks: generated code, sometimes with a trigger line, CR line ends or flagged functions. */
export function baseArbitrary(catalog: Catalog, maxSize: number): fc.Arbitrary<string> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 0x7fffffff }),
      size: fc.integer({ min: 0, max: maxSize }),
      eol: fc.constantFrom<'\n' | '\r\n' | '\r'>('\n', '\n', '\r\n', '\r'),
      trigger: fc.boolean(),
      flagged: fc.boolean(),
    })
    .map((o) => generateDocument(catalog, o));
}

/** Where an edit lands in the current text and tree. */
function resolve(edit: Edit, text: string, parsed: ParsedDocument): { start: number; end: number } {
  const n = text.length;
  let at = edit.at % (n + 1);
  if (edit.where === 1 && parsed.chunkCount > 1) {
    at = parsed.chunkStart(1 + (edit.at % (parsed.chunkCount - 1)));
  } else if (edit.where === 2) {
    const specials: number[] = [];
    for (let i = 0; i < n && specials.length < 2000; i++) if ('$[];\\%\n\r'.includes(text[i]!)) specials.push(i);
    if (specials.length > 0) at = specials[edit.at % specials.length]!;
  }
  const start = Math.max(0, Math.min(n, at + edit.shift));
  return { start, end: Math.min(n, start + edit.remove) };
}

/** A canonical description of everything a parse gives features, for comparing two parses. */
export function describeParse(doc: ParsedDocument): Record<string, string> {
  const leaves: string[] = [];
  forEachLeaf(doc, (leaf) => {
    const node = leaf.node;
    let extra = '';
    if (leaf.kind === 'name') {
      const call = node as CallNode;
      extra = `${call.name}|${call.nameEnd}|${call.open}|${call.close}|${call.end}|${call.inTrigger ? 't' : ''}|${call.args.length}`;
    } else if (leaf.kind === 'escape' && node.kind === 'escape') {
      extra = node.value;
    }
    const parent = node.parent;
    leaves.push(
      `${leaf.kind}@${leaf.start}-${leaf.end}${parent ? `^${parent.start}/${parent.index}/${parent.end}` : ''}${extra ? `:${extra}` : ''}`,
    );
  });
  const blocks: string[] = [];
  const work: Array<[Block, number]> = doc.blocks.map((b) => [b, 0]);
  while (work.length > 0) {
    const [b, depth] = work.shift()!;
    blocks.push(
      `${depth}:${b.kind}@${b.start}-${b.end} open ${b.opener.start} branches ${b.branches.map((c) => c.start).join(',')} close ${b.closer?.start ?? '-'} ${b.name ?? ''}`,
    );
    for (const c of b.children) work.push([c, depth + 1]);
  }
  return {
    leaves: leaves.join('\n'),
    problems: JSON.stringify(doc.problems),
    blocks: blocks.join('\n'),
    blockProblems: JSON.stringify(doc.blockProblems),
    blockCalls: JSON.stringify(doc.blockCalls),
    directives: JSON.stringify(doc.directives),
    trigger: JSON.stringify(doc.trigger),
    escaping: String(doc.specialEscapingDisabled),
    lineStarts: [...doc.lineStarts].join(','),
  };
}

/** Asserts two parses describe the same document; names the first part and line that differ. */
export function assertSameParse(actual: ParsedDocument, expected: ParsedDocument, what: string): void {
  const a = describeParse(actual);
  const e = describeParse(expected);
  for (const key of Object.keys(e)) {
    if (a[key] === e[key]) continue;
    const al = a[key]!.split('\n');
    const el = e[key]!.split('\n');
    let k = 0;
    while (k < al.length && k < el.length && al[k] === el[k]) k++;
    assert.fail(
      `${what}: ${key} differs at entry ${k}: incremental ${JSON.stringify(al[k]?.slice(0, 300))}, fresh ${JSON.stringify(el[k]?.slice(0, 300))}`,
    );
  }
}

/**
 * Applies the edits one by one, reparsing from the previous version, and checks each version
 * against a fresh parse (and, with a language service, the diagnostics against a fresh service).
 */
/**
 * Applies `edits` one by one and checks each reparse against a fresh parse; with diagnostics,
 * the service validates every `validateEvery`-th version and only parses the others (as while
 * typing, when completion parses each keystroke and validation waits), comparing each
 * validation with a fresh analysis.
 */
export function checkIncremental(
  catalog: Catalog,
  base: string,
  edits: readonly Edit[],
  withDiagnostics: boolean,
  validateEvery = 1,
): void {
  // As the language service parses: callbacks for the trigger, the catalog's names for glued names.
  const options: ParseOptions = {
    isCallback: (name) => catalog.callbacks.forms(name) !== undefined,
    knownNames: knownNamesOf(catalog),
  };
  let text = base;
  let parsed = parse(text, options);
  const service = new LanguageService({ catalog });
  const uri = 'file:///incremental.bds';
  let version = 1;
  const document = TextDocument.create(uri, 'bdscript', version, text);
  if (withDiagnostics) service.validate(document);
  edits.forEach((edit, step) => {
    const { start, end } = resolve(edit, text, parsed);
    text = text.slice(0, start) + edit.insert + text.slice(end);
    parsed = reparse(parsed, text, options);
    const where = `edit ${step} (${JSON.stringify(edit.insert.slice(0, 40))} at ${start}, removing ${end - start})`;
    assertSameParse(parsed, parse(text, options), where);
    if (withDiagnostics) {
      // The whole text, since an LSP position cannot split a `\r\n` and edits here may.
      TextDocument.update(document, [{ text }], ++version);
      if ((step + 1) % validateEvery !== 0) {
        service.analyze(document);
        return;
      }
      const incremental = service.validate(document);
      const fresh = new LanguageService({ catalog }).validate(TextDocument.create(uri, 'bdscript', version, text));
      assert.deepEqual(incremental, fresh, `${where}: diagnostics differ from a fresh analysis`);
    }
  });
}
