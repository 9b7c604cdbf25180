// Document symbol tests: blocks with their branches, nested blocks and `$var` assignments as
// an outline; the trigger as an event; every child inside its parent and every selection
// inside its range.

import * as assert from 'node:assert/strict';
import type { DocumentSymbol, Range } from 'vscode-languageserver-types';
import { SymbolKind } from 'vscode-languageserver-types';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';

const KIND_NAMES = new Map<number, string>(Object.entries(SymbolKind).map(([k, v]) => [v as number, k]));

/** The one helper that asks for symbols; checks nesting and renders an indented outline. */
function outline(text: string): { lines: string[]; symbols: DocumentSymbol[] } {
  const { service, document } = serviceFor(text);
  const symbols = service.documentSymbols(document);
  const lines: string[] = [];
  // Iterative, in document order, so deep outlines do not exhaust the stack.
  const work: Array<{ s: DocumentSymbol; depth: number; parent: Range | null }> = [];
  for (let i = symbols.length - 1; i >= 0; i--) work.push({ s: symbols[i]!, depth: 0, parent: null });
  while (work.length > 0) {
    const { s, depth, parent } = work.pop()!;
    assert.ok(contains(s.range, s.selectionRange), `selectionRange of ${s.name} outside its range`);
    if (parent) assert.ok(contains(parent, s.range), `${s.name} outside its parent`);
    lines.push(`${'  '.repeat(depth)}${KIND_NAMES.get(s.kind)} ${s.name}${s.detail ? ` (${s.detail})` : ''}`);
    const children = s.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) work.push({ s: children[i]!, depth: depth + 1, parent: s.range });
  }
  return { lines, symbols };
}

function contains(outer: Range, inner: Range): boolean {
  const le = (a: Range['start'], b: Range['start']) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  return le(outer.start, inner.start) && le(inner.end, outer.end);
}

describe('document symbols', () => {
  it('outlines blocks, branches, nested blocks and variables', () => {
    const text = [
      '$if[$message==hi]',
      '  $var[greeting;hello]',
      '$elseif[$message==bye]',
      '  $try',
      '    x',
      '  $catch',
      '    $var[failed;yes]',
      '  $endtry',
      '$else',
      '  z',
      '$endif',
      '$async[job]',
      '  a',
      '$endasync',
      '$var[late;1]',
      '$var[read]',
    ].join('\n');
    assert.deepEqual(outline(text).lines, [
      'Namespace $if[$message==hi]',
      '  Variable greeting ($var)',
      '  Namespace $elseif[$message==bye]',
      '    Namespace $try',
      '      Namespace $catch',
      '        Variable failed ($var)',
      '  Namespace $else',
      'Function job ($async)',
      'Variable late ($var)',
    ]);
  });

  it('gives exact ranges: the whole block, and the name or async name as selection', () => {
    const { text, ranges } = marked('«$async[«job»]\n  $title[x]\n$endasync»\n«$if[«a»]»');
    const { symbols } = outline(text);
    const { document } = serviceFor(text);
    const toRange = (r: { start: number; end: number }): Range => ({
      start: document.positionAt(r.start),
      end: document.positionAt(r.end),
    });
    assert.deepEqual(symbols[0]!.range, toRange(ranges[0]!));
    assert.deepEqual(symbols[0]!.selectionRange, toRange(ranges[1]!));
    // An unclosed block runs to the end of its scope and says so.
    assert.equal(symbols[1]!.name, '$if[a]');
    assert.equal(symbols[1]!.detail, 'not closed');
    assert.deepEqual(symbols[1]!.range, toRange(ranges[2]!));
  });

  it('names the trigger, blocks inside arguments, and blocks without a literal name', () => {
    assert.deepEqual(outline('$onJoined[123]\n$title[$if[a]yes$else no$endif]\n$async[$random]\n$endasync').lines, [
      'Event $onJoined (trigger)',
      'Namespace $if[a]',
      '  Namespace $else',
      'Function $async ($async)',
    ]);
  });

  it('keeps long or multi-line conditions on one short line', () => {
    const long = 'a'.repeat(100);
    const [line] = outline(`$if[${long}\n==\nb]\n$endif`).lines;
    assert.ok(line!.length < 80, line);
    assert.ok(!line!.includes('\n'));
    assert.match(line!, /^Namespace \$if\[a+…\]$/);
  });

  it('keeps children inside their parent when a block crosses a branch', () => {
    // `$else` belongs to the `$if`, but the `$try` opened before it ends after it.
    const { lines } = outline('$if[a]\n$try\n$else\n$endtry\n$endif');
    assert.deepEqual(lines, ['Namespace $if[a]', '  Namespace $try', '  Namespace $else']);
  });

  it('answers an empty outline for plain text and survives deep nesting', () => {
    assert.deepEqual(outline('just text').symbols, []);
    const depth = 5000;
    const deep = '$if[a]\n'.repeat(depth) + '$endif\n'.repeat(depth);
    let d = 0;
    let s = outline(deep).symbols;
    while (s.length > 0) {
      d++;
      s = s[0]!.children ?? [];
    }
    assert.equal(d, depth);
  });
});
