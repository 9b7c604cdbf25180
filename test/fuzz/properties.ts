// The properties fuzzing checks, as plain functions that throw an AssertionError naming what
// broke: the parse tree covers the text and stays inside it, and every language service
// feature at any position returns without throwing and with ranges and positions inside the
// document (completion edits on the cursor's line and around it, as LSP requires).

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Position, Range } from 'vscode-languageserver-types';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { RULE_BY_CODE } from '../../server/src/core/features/rules';
import { knownNamesOf, type LanguageService } from '../../server/src/core/languageService';
import { parse } from '../../server/src/core/parser/parser';
import { forEachLeaf, separatorSpan } from '../../server/src/core/parser/query';
import type { ArgNode, ParsedDocument } from '../../server/src/core/parser/tree';

let wholeDocumentVersion = 0;

/**
 * Parse, diagnostics, code actions for them, symbols, folding, tokens, hints, formatting, links,
 * the budget lens and fix all over the whole document, then highlights, selection ranges,
 * completion, hover and signature help at its end: the work one edit can cost.
 */
export function runWholeDocument(service: LanguageService, text: string): void {
  const document = TextDocument.create('file:///whole-document.bds', 'bdscript', ++wholeDocumentVersion, text);
  const end = document.positionAt(text.length);
  const whole = { start: { line: 0, character: 0 }, end };
  const diagnostics = service.validate(document);
  service.codeActions(document, whole, { diagnostics });
  service.documentSymbols(document);
  service.foldingRanges(document);
  service.semanticTokens(document);
  service.inlayHints(document, whole);
  service.format(document, { tabSize: 4, insertSpaces: true });
  service.documentLinks(document);
  service.budgetLenses(document);
  service.fixAll(document);
  service.documentHighlights(document, end);
  service.selectionRanges(document, [end]);
  service.complete(document, end);
  service.hover(document, end);
  service.signatureHelp(document, end);
  service.forget(document.uri);
}

/** Parses as the facade does (callbacks from the catalog decide the trigger line). */
export function parseWith(catalog: Catalog, text: string): ParsedDocument {
  return parse(text, {
    isCallback: (name) => catalog.callbacks.forms(name) !== undefined,
    knownNames: knownNamesOf(catalog),
  });
}

function inside(what: string, start: number, end: number, n: number): void {
  assert.ok(Number.isInteger(start) && Number.isInteger(end), `${what}: non-integer span ${start}..${end}`);
  assert.ok(0 <= start && start <= end && end <= n, `${what}: span ${start}..${end} outside 0..${n}`);
}

/**
 * Tree invariants: the leaves cover the text exactly once and in order; every node, argument,
 * separator, problem, block, directive and the trigger lie inside the text; calls are sorted;
 * line starts match the text.
 */
export function checkParse(doc: ParsedDocument): void {
  const n = doc.text.length;
  let pos = 0;
  forEachLeaf(doc, (leaf) => {
    assert.equal(leaf.start, pos, `leaf ${leaf.kind} starts at ${leaf.start}, expected ${pos}`);
    assert.ok(leaf.end > leaf.start, `empty leaf ${leaf.kind} at ${leaf.start}`);
    pos = leaf.end;
  });
  assert.equal(pos, n, 'the leaves end at the end of the text');

  let previous = -1;
  for (const call of [...doc.calls()]) {
    inside(`call ${call.name}`, call.start, call.end, n);
    assert.ok(call.start > previous, `calls out of order at ${call.start}`);
    previous = call.start;
    assert.ok(
      call.start < call.nameEnd && call.nameEnd <= call.end,
      `call ${call.name}: name ${call.start}..${call.nameEnd} outside ${call.end}`,
    );
    assert.ok(/^\$[A-Za-z][A-Za-z0-9]*$/.test(call.name), `call name ${JSON.stringify(call.name)}`);
    if (call.open < 0) {
      assert.equal(call.args.length, 0, `bare call ${call.name} has arguments`);
      continue;
    }
    assert.equal(doc.text.slice(call.open, call.open + 1), '[', `call ${call.name}: open is not [`);
    if (call.close >= 0)
      assert.equal(doc.text.slice(call.close, call.close + 1), ']', `call ${call.name}: close is not ]`);
    let at = call.open + 1;
    call.args.forEach((arg: ArgNode, i: number) => {
      assert.equal(arg.start, at, `call ${call.name}: argument ${i} starts at ${arg.start}, expected ${at}`);
      assert.ok(arg.end >= arg.start && arg.end <= call.end, `call ${call.name}: argument ${i} ends at ${arg.end}`);
      assert.equal(arg.parent, call);
      assert.equal(arg.index, i);
      if (i < call.args.length - 1) {
        const sep = separatorSpan(call, i);
        const separatorText = doc.text.slice(sep.start, sep.end);
        assert.ok(
          separatorText === ';' || separatorText === '%{-SEMICOL-}%',
          `call ${call.name}: separator ${i} is ${JSON.stringify(separatorText)}`,
        );
        at = sep.end;
      }
      for (const child of arg.children)
        assert.ok(child.start >= arg.start && child.end <= arg.end, `child outside argument of ${call.name}`);
    });
  }
  const spans: Array<[string, { start: number; end: number }]> = [
    ...[...doc.comments()].map((c): [string, typeof c] => ['comment', c]),
    ...doc.problems.map((p): [string, typeof p] => [`problem ${p.code}`, p]),
    ...doc.blockProblems.map((p): [string, typeof p] => [`block problem ${p.code}`, p]),
    ...doc.directives.map((d): [string, typeof d] => [`directive ${d.kind}`, d]),
  ];
  if (doc.trigger) spans.push(['trigger', doc.trigger]);
  const blocks = [...doc.blocks];
  while (blocks.length > 0) {
    const b = blocks.pop()!;
    spans.push([`block ${b.kind}`, b]);
    blocks.push(...b.children);
  }
  for (const [what, span] of spans) inside(what, span.start, span.end, n);
  for (const root of [...doc.roots()]) inside(`root ${root.kind}`, root.start, root.end, n);

  const expectedStarts = [0];
  for (let i = 0; i < n; i++) {
    const c = doc.text.charCodeAt(i);
    if (c === 13 && doc.text.charCodeAt(i + 1) === 10) continue;
    if (c === 10 || c === 13) expectedStarts.push(i + 1);
  }
  assert.deepEqual([...doc.lineStarts], expectedStarts, 'line starts');
}

/** Line lengths without line endings, as LSP counts characters. */
function lineLengths(document: TextDocument): number[] {
  const text = document.getText();
  const out: number[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text.charCodeAt(i);
    if (i === text.length || c === 10 || c === 13) {
      out.push(i - start);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  return out;
}

class Checker {
  readonly lengths: number[];

  constructor(readonly document: TextDocument) {
    this.lengths = lineLengths(document);
  }

  position(what: string, p: Position): void {
    assert.ok(
      Number.isInteger(p.line) && Number.isInteger(p.character),
      `${what}: position ${JSON.stringify(p)} not integers`,
    );
    assert.ok(
      p.line >= 0 && p.line < this.lengths.length,
      `${what}: line ${p.line} outside 0..${this.lengths.length - 1}`,
    );
    assert.ok(
      p.character >= 0 && p.character <= this.lengths[p.line]!,
      `${what}: character ${p.character} outside line ${p.line} of length ${this.lengths[p.line]}`,
    );
  }

  range(what: string, r: Range): void {
    this.position(`${what} start`, r.start);
    this.position(`${what} end`, r.end);
    assert.ok(
      r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character),
      `${what}: range ends before it starts ${JSON.stringify(r)}`,
    );
  }

  /** Every `{line, character}` and `{start, end}` anywhere in a result (walked without recursion). */
  everything(what: string, value: unknown): void {
    const work: unknown[] = [value];
    let visited = 0;
    while (work.length > 0) {
      const v = work.pop();
      if (++visited > 5_000_000) assert.fail(`${what}: result too large to check`);
      if (v === null || typeof v !== 'object') continue;
      if (Array.isArray(v)) {
        for (const x of v) work.push(x);
        continue;
      }
      const o = v as Record<string, unknown>;
      if (typeof o.line === 'number' && typeof o.character === 'number') this.position(what, o as unknown as Position);
      else if (isPosition(o.start) && isPosition(o.end)) this.range(what, o as unknown as Range);
      for (const key of Object.keys(o)) if (key !== 'data') work.push(o[key]);
    }
  }
}

function isPosition(v: unknown): v is Position {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Position).line === 'number' &&
    typeof (v as Position).character === 'number'
  );
}

function attempt<T>(feature: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    const err = e as Error;
    throw new assert.AssertionError({ message: `${feature} threw: ${err.stack ?? String(e)}` });
  }
}

let version = 0;

export interface FeatureCheckOptions {
  /** Also call features at positions outside the document (stale positions from a client). */
  readonly outOfRange?: boolean;
}

/**
 * Runs validate and every whole-document feature once, and the position features at each
 * offset; asserts nothing throws and everything returned lies inside the document.
 */
export function checkFeatures(
  service: LanguageService,
  text: string,
  offsets: readonly number[],
  options: FeatureCheckOptions = {},
): void {
  // A new version each time: the facade caches one analysis per uri and version.
  const document = TextDocument.create('file:///fuzz.bds', 'bdscript', ++version, text);
  const check = new Checker(document);
  const whole: Range = { start: { line: 0, character: 0 }, end: document.positionAt(text.length) };

  const diagnostics: Diagnostic[] = attempt('validate', () => service.validate(document));
  check.everything('validate', diagnostics);
  for (const d of diagnostics) {
    assert.ok(
      typeof d.code === 'string' && RULE_BY_CODE.has(d.code),
      `validate: diagnostic code ${String(d.code)} is not in the rule table`,
    );
    assert.ok(typeof d.message === 'string' && d.message.length > 0, `validate: ${d.code} without a message`);
  }
  check.everything(
    'codeActions',
    attempt('codeActions', () => service.codeActions(document, whole, { diagnostics })),
  );
  for (const d of diagnostics.slice(0, 20)) {
    check.everything(
      'codeActions',
      attempt('codeActions', () => service.codeActions(document, d.range, { diagnostics: [d] })),
    );
  }
  const symbols = attempt('documentSymbols', () => service.documentSymbols(document));
  check.everything('documentSymbols', symbols);
  const folding = attempt('foldingRanges', () => service.foldingRanges(document));
  for (const f of folding) {
    assert.ok(
      0 <= f.startLine && f.startLine <= f.endLine && f.endLine < check.lengths.length,
      `foldingRanges: ${JSON.stringify(f)} outside the document`,
    );
  }
  const tokens = attempt('semanticTokens', () => service.semanticTokens(document));
  checkSemanticTokens(check, 'semanticTokens', tokens.data);
  check.everything(
    'inlayHints',
    attempt('inlayHints', () => service.inlayHints(document, whole)),
  );
  check.everything(
    'format',
    attempt('format', () => service.format(document, { tabSize: 2, insertSpaces: true })),
  );
  check.everything(
    'format (range)',
    attempt('format (range)', () => service.format(document, { tabSize: 4, insertSpaces: false }, whole)),
  );
  check.everything(
    'documentLinks',
    attempt('documentLinks', () => service.documentLinks(document)),
  );
  check.everything(
    'fixAll',
    attempt('fixAll', () => service.fixAll(document)),
  );
  for (const lens of attempt('budgetLenses', () => service.budgetLenses(document)))
    assert.ok(
      0 <= lens.start && lens.start <= lens.end && lens.end <= text.length,
      `budgetLenses: ${JSON.stringify(lens)}`,
    );

  const positions: Position[] = offsets.map((o) => document.positionAt(o % (text.length + 1)));
  if (options.outOfRange) {
    positions.push(
      { line: check.lengths.length + 3, character: 2 },
      { line: 0, character: 1_000_000 },
      { line: check.lengths.length - 1, character: check.lengths.at(-1)! + 7 },
    );
  }
  for (const position of positions) {
    const at = `at ${position.line}:${position.character}`;
    const valid = position.line < check.lengths.length && position.character <= check.lengths[position.line]!;
    const list = attempt(`complete ${at}`, () => service.complete(document, position));
    check.everything(`complete ${at}`, list);
    if (valid) {
      for (const item of list.items) {
        const edit = item.textEdit;
        if (!edit) continue;
        const ranges = 'range' in edit ? [edit.range] : [edit.insert, edit.replace];
        for (const r of ranges) {
          assert.ok(
            r.start.line === position.line &&
              r.end.line === position.line &&
              r.start.character <= position.character &&
              position.character <= r.end.character,
            `complete ${at}: edit range ${JSON.stringify(r)} of ${item.label} is not a single-line range around the cursor`,
          );
        }
      }
      for (const item of list.items.slice(0, 5))
        check.everything(
          `resolveCompletion ${at}`,
          attempt('resolveCompletion', () => service.resolveCompletion(item)),
        );
    }
    check.everything(
      `hover ${at}`,
      attempt(`hover ${at}`, () => service.hover(document, position)),
    );
    const help = attempt(`signatureHelp ${at}`, () => service.signatureHelp(document, position));
    if (help) {
      for (const sig of help.signatures) {
        for (const p of sig.parameters ?? []) {
          if (Array.isArray(p.label)) {
            const [s, e] = p.label as [number, number];
            assert.ok(
              0 <= s && s <= e && e <= sig.label.length,
              `signatureHelp ${at}: parameter label ${s}..${e} outside "${sig.label}"`,
            );
          } else {
            assert.ok(
              sig.label.includes(p.label as string),
              `signatureHelp ${at}: parameter label not in "${sig.label}"`,
            );
          }
        }
      }
    }
    check.everything(
      `documentHighlights ${at}`,
      attempt(`documentHighlights ${at}`, () => service.documentHighlights(document, position)),
    );
    check.everything(
      `selectionRanges ${at}`,
      attempt(`selectionRanges ${at}`, () => service.selectionRanges(document, [position])),
    );
    check.everything(
      `definition ${at}`,
      attempt(`definition ${at}`, () => service.definition(document, position)),
    );
    check.everything(
      `functionAt ${at}`,
      attempt(`functionAt ${at}`, () => service.functionAt(document, position)),
    );
  }
}

function checkSemanticTokens(check: Checker, what: string, data: readonly number[]): void {
  assert.equal(data.length % 5, 0, `${what}: data length ${data.length} is not a multiple of 5`);
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [dl, ds, len] = [data[i]!, data[i + 1]!, data[i + 2]!];
    assert.ok(dl >= 0 && ds >= 0 && len >= 0, `${what}: negative value in token ${i / 5}`);
    line += dl;
    char = dl === 0 ? char + ds : ds;
    assert.ok(line < check.lengths.length, `${what}: token ${i / 5} on line ${line} past the end`);
    assert.ok(
      char + len <= check.lengths[line]!,
      `${what}: token ${i / 5} at ${line}:${char}+${len} runs past the line (${check.lengths[line]})`,
    );
  }
}
