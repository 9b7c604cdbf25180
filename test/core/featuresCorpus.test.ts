// Property test over the wiki corpus (../shared/catalog-facts/corpus.jsonl, skipped when absent):
// code actions, definition and the function at the cursor at every offset of every block (a
// stride for long blocks), and the outline, folding, semantic tokens and inlay hints once per
// block, with the bundled snapshot. Nothing may throw, every range must lie in the document,
// symbols must nest, and semantic tokens must decode to in-range, ordered, disjoint tokens.

import * as assert from 'node:assert/strict';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, DocumentSymbol, Position, Range } from 'vscode-languageserver-types';
import { WIKI_BASE } from '../../server/src/core/catalog/wiki';
import { decodeSemanticTokens } from '../../server/src/core/features/semanticTokens';
import { parse } from '../../server/src/core/parser/parser';
import { applyOffsetEdits } from '../support/markers';
import { serviceFor } from '../support/service';
import { hasCorpus, readCorpus, type CorpusBlock } from '../support/shared';
import { snapshotCatalog } from '../support/testCatalog';

/** At most this many cursor positions per block; longer blocks are sampled with a stride. */
const POSITIONS_PER_BLOCK = 200;

/** Line lengths without line breaks, as LSP positions count them. */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((l) => l.length);
}

function assertPosition(p: Position, lengths: number[], what: string): void {
  assert.ok(
    Number.isInteger(p.line) && p.line >= 0 && p.line < lengths.length,
    `${what}: line ${p.line} outside the document`,
  );
  assert.ok(
    Number.isInteger(p.character) && p.character >= 0 && p.character <= lengths[p.line]!,
    `${what}: character ${p.character} outside line ${p.line}`,
  );
}

function assertRange(r: Range, lengths: number[], what: string): void {
  assertPosition(r.start, lengths, what);
  assertPosition(r.end, lengths, what);
  assert.ok(
    r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character),
    `${what}: range ends before it starts`,
  );
}

function contains(outer: Range, inner: Range): boolean {
  const le = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return le(outer.start, inner.start) && le(inner.end, outer.end);
}

/** Checks a code action's edits and applies them; returns the new text. */
function applyAction(action: CodeAction, document: TextDocument, lengths: number[], where: string): string {
  const changes = action.edit?.changes;
  assert.ok(changes, `${where}: "${action.title}" has no edit`);
  assert.deepEqual(Object.keys(changes), [document.uri], `${where}: edits for another document`);
  const edits = changes[document.uri]!.map((e) => {
    assertRange(e.range, lengths, `${where}: "${action.title}"`);
    return { start: document.offsetAt(e.range.start), end: document.offsetAt(e.range.end), newText: e.newText };
  });
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++)
    assert.ok(sorted[i]!.start >= sorted[i - 1]!.end, `${where}: overlapping edits`);
  return applyOffsetEdits(document.getText(), edits);
}

function checkSymbols(symbols: DocumentSymbol[], lengths: number[], where: string): void {
  const work: Array<{ s: DocumentSymbol; parent: Range | null }> = symbols.map((s) => ({ s, parent: null }));
  while (work.length > 0) {
    const { s, parent } = work.pop()!;
    assertRange(s.range, lengths, `${where}: symbol ${s.name}`);
    assertRange(s.selectionRange, lengths, `${where}: symbol ${s.name}`);
    assert.ok(s.name.length > 0, `${where}: empty symbol name`);
    assert.ok(contains(s.range, s.selectionRange), `${where}: ${s.name} selection outside its range`);
    if (parent) assert.ok(contains(parent, s.range), `${where}: ${s.name} outside its parent`);
    for (const c of s.children ?? []) work.push({ s: c, parent: s.range });
  }
}

describe('features over the wiki corpus', function () {
  let blocks: readonly CorpusBlock[] = [];

  before(function () {
    if (!hasCorpus()) this.skip();
    blocks = readCorpus();
  });

  it('answer at every position of every block without throwing, inside the document', function () {
    assert.ok(blocks.length > 900, `corpus has ${blocks.length} blocks`);
    const catalog = snapshotCatalog();
    let positions = 0;
    let actions = 0;
    for (const block of blocks) {
      const where = `${block.page}#${block.index}`;
      const text = block.code;
      const { service, document } = serviceFor(text, { catalog, settings: { inlayHints: { argumentNames: true } } });
      const lengths = lineLengths(text);
      const whole: Range = { start: { line: 0, character: 0 }, end: document.positionAt(text.length) };
      const diagnostics = service.validate(document);

      checkSymbols(service.documentSymbols(document), lengths, where);

      for (const f of service.foldingRanges(document)) {
        assert.ok(
          f.startLine >= 0 && f.startLine < f.endLine && f.endLine < lengths.length,
          `${where}: folding ${f.startLine}-${f.endLine}`,
        );
      }

      const tokens = decodeSemanticTokens(service.semanticTokens(document).data);
      let prev = { line: -1, end: 0 };
      for (const t of tokens) {
        assert.ok(!t.type.startsWith('?'), `${where}: token type outside the legend`);
        assert.ok(
          t.length > 0 && t.line < lengths.length && t.char + t.length <= lengths[t.line]!,
          `${where}: token outside its line`,
        );
        assert.ok(t.line > prev.line || t.char >= prev.end, `${where}: tokens overlap or go backwards`);
        prev = { line: t.line, end: t.char + t.length };
      }
      // A range request gives the full answer's tokens that touch the range.
      const mid = document.positionAt(Math.floor(text.length / 2));
      const ranged = decodeSemanticTokens(
        service.semanticTokens(document, { start: { line: mid.line, character: 0 }, end: whole.end }).data,
      );
      const full = new Set(tokens.map((t) => `${t.line}:${t.char}:${t.length}:${t.type}`));
      for (const t of ranged)
        assert.ok(full.has(`${t.line}:${t.char}:${t.length}:${t.type}`), `${where}: range token not in full answer`);

      for (const h of service.inlayHints(document, whole)) assertPosition(h.position, lengths, `${where}: inlay hint`);

      const stride = Math.max(1, Math.ceil((text.length + 1) / POSITIONS_PER_BLOCK));
      for (let offset = 0; offset <= text.length; offset += stride) {
        positions++;
        const at = document.positionAt(offset);
        const here = `${where} @${offset}`;
        for (const loc of service.definition(document, at)) assertRange(loc.range, lengths, `${here}: definition`);
        const fn = service.functionAt(document, at);
        if (fn) assert.ok(fn.wikiUrl.startsWith(WIKI_BASE), `${here}: wiki URL ${fn.wikiUrl}`);
        const ends = [offset, Math.min(text.length, offset + 1 + (offset % 23))];
        for (const end of ends) {
          const range = { start: at, end: document.positionAt(end) };
          for (const action of service.codeActions(document, range, { diagnostics })) {
            actions++;
            applyAction(action, document, lengths, here);
          }
        }
      }

      // Escaping the whole block leaves only text: no call, comment or separator.
      const parsed = parse(text);
      if (!parsed.specialEscapingDisabled) {
        const escape = service
          .codeActions(document, whole, { diagnostics: [] })
          .find((a) => a.title.startsWith('Escape'));
        if (escape) {
          const after = parse(applyAction(escape, document, lengths, where));
          assert.equal(
            [...after.calls()].length + [...after.comments()].length,
            0,
            `${where}: calls left after escaping`,
          );
        } else {
          assert.equal(
            [...parsed.calls()].length + [...parsed.comments()].length,
            0,
            `${where}: no escape offered for code`,
          );
        }
      }
    }
    assert.ok(positions > 10_000, `only ${positions} positions tried`);
    assert.ok(actions > 1000, `only ${actions} code actions seen`);
  });
});
