// Position encodings: columns in UTF-8 and UTF-32 against UTF-16 on text with emoji and accents,
// clamping of untrusted positions, and outgoing conversion of ranges, labels, semantic tokens and
// document symbols (whose depth is bounded on the way out).

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import { MAX_SYMBOL_DEPTH, OutgoingConverter } from '../../server/src/lsp/convert';
import { createPositionConverter, fromEncodedColumn, toEncodedColumn } from '../../server/src/lsp/positions';
import { EditedDocument } from '../../server/src/lsp/editedDocument';
import { countJoins } from '../support/joins';

// "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "😀" is 4 bytes, 2 units, 1 code point.
const LINE = 'aé😀b';

describe('lsp/positions', () => {
  it('counts columns in UTF-8 bytes and UTF-32 code points', () => {
    // UTF-16 columns 0..5 (a, é, 😀 high, 😀 low, b, end).
    assert.deepEqual(
      [0, 1, 2, 4, 5].map((c) => toEncodedColumn(LINE, c, 'utf-8')),
      [0, 1, 3, 7, 8],
    );
    assert.deepEqual(
      [0, 1, 2, 4, 5].map((c) => toEncodedColumn(LINE, c, 'utf-32')),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      [0, 1, 3, 7, 8].map((c) => fromEncodedColumn(LINE, c, 'utf-8')),
      [0, 1, 2, 4, 5],
    );
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((c) => fromEncodedColumn(LINE, c, 'utf-32')),
      [0, 1, 2, 4, 5],
    );
  });

  it('never lands inside a character and clamps past the end', () => {
    // Byte 2 is inside "é", bytes 4..6 inside "😀": the column stays before the character.
    assert.equal(fromEncodedColumn(LINE, 2, 'utf-8'), 1);
    assert.equal(fromEncodedColumn(LINE, 5, 'utf-8'), 2);
    assert.equal(fromEncodedColumn(LINE, 99, 'utf-8'), LINE.length);
    assert.equal(fromEncodedColumn(LINE, 99, 'utf-16'), LINE.length);
    assert.equal(toEncodedColumn(LINE, 99, 'utf-8'), 8);
  });

  it('clamps untrusted positions into the document', () => {
    const doc = TextDocument.create('file:///a.bds', 'bdscript', 1, 'ab\r\ncd😀\nlast');
    const conv = createPositionConverter('utf-16');
    assert.deepEqual(conv.toServer(doc, { line: 0, character: 99 }), { line: 0, character: 2 });
    assert.deepEqual(conv.toServer(doc, { line: 99, character: 0 }), { line: 2, character: 4 });
    assert.deepEqual(conv.toServer(doc, { line: -3, character: -1 }), { line: 0, character: 0 });
    assert.deepEqual(conv.toServer(doc, { line: 1.7, character: 'x' }), { line: 1, character: 0 });
    assert.deepEqual(conv.toServer(doc, null), { line: 0, character: 0 });
    assert.deepEqual(conv.toServer(doc, { line: 1, character: Number.NaN }), { line: 1, character: 0 });
    // A reversed range is put in order.
    assert.deepEqual(conv.rangeToServer(doc, { start: { line: 1, character: 1 }, end: { line: 0, character: 1 } }), {
      start: { line: 0, character: 1 },
      end: { line: 1, character: 1 },
    });
  });

  it('converts UTF-8 positions in and out on a line with emoji', () => {
    const doc = TextDocument.create('file:///a.bds', 'bdscript', 1, `x\n${LINE}\n`);
    const conv = createPositionConverter('utf-8');
    assert.deepEqual(conv.toServer(doc, { line: 1, character: 7 }), { line: 1, character: 4 });
    assert.deepEqual(conv.toClient(doc, { line: 1, character: 4 }), { line: 1, character: 7 });
    assert.deepEqual(conv.rangeToClient(doc, { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } }), {
      start: { line: 1, character: 3 },
      end: { line: 1, character: 8 },
    });
  });

  it('converts semantic tokens, signature labels and edits to UTF-8', () => {
    const text = '😀 $title[Hi 😀]\n$c[é]é$random';
    const doc = TextDocument.create('file:///a.bds', 'bdscript', 1, text);
    const out = new OutgoingConverter(createPositionConverter('utf-8'), doc, () => undefined);
    // Tokens at UTF-16 (0,3,len 6), (0,9,len 1), (1,0,len 2), (1,6,len 7).
    const tokens = out.semanticTokens({ data: [0, 3, 6, 0, 0, 0, 6, 1, 4, 0, 1, 0, 2, 3, 0, 0, 6, 7, 0, 0] });
    // In bytes: "😀 " is 5 bytes; "$c[é]é" is 8 bytes.
    assert.deepEqual(tokens.data, [0, 5, 6, 0, 0, 0, 6, 1, 4, 0, 1, 0, 2, 3, 0, 0, 8, 7, 0, 0]);
    const help = out.signatureHelp({
      signatures: [{ label: '$é[A;B]', parameters: [{ label: [3, 4] }, { label: [5, 6] }] }],
    });
    assert.deepEqual(
      help?.signatures[0]?.parameters?.map((p) => p.label),
      [
        [4, 5],
        [6, 7],
      ],
    );
    const actions = out.codeActions([
      {
        title: 'fix',
        edit: {
          changes: {
            'file:///a.bds': [
              { range: { start: { line: 0, character: 4 }, end: { line: 0, character: 9 } }, newText: 'x' },
            ],
          },
        },
      },
    ]);
    assert.deepEqual(actions[0]?.edit?.changes?.['file:///a.bds']?.[0]?.range, {
      start: { line: 0, character: 6 },
      end: { line: 0, character: 11 },
    });
  });

  it('converts an open document by its lines, without joining its text', () => {
    const line = '😀 $title[Hi 😀]\n';
    const text = line.repeat(4_000);
    const doc = new EditedDocument('file:///a.bds', 'bdscript', 1, text);
    const end = doc.positionAt(doc.length);
    doc.update([{ range: { start: end, end }, text: '$c[é]é$random' }], 2);
    const out = new OutgoingConverter(createPositionConverter('utf-8'), doc, () => undefined);
    const joins = countJoins();
    try {
      // Tokens at UTF-16 (0,3,len 6), (3999,9,len 1), (4000,6,len 7).
      const tokens = out.semanticTokens({ data: [0, 3, 6, 0, 0, 3999, 9, 1, 4, 0, 1, 6, 7, 0, 0] });
      assert.deepEqual(tokens.data, [0, 5, 6, 0, 0, 3999, 11, 1, 4, 0, 1, 8, 7, 0, 0]);
      assert.equal(joins.count, 0);
    } finally {
      joins.restore();
    }
  });

  it('leaves everything untouched in UTF-16', () => {
    const doc = TextDocument.create('file:///a.bds', 'bdscript', 1, '😀');
    const out = new OutgoingConverter(createPositionConverter('utf-16'), doc, () => undefined);
    const tokens = { data: [0, 0, 2, 0, 0] };
    assert.equal(out.semanticTokens(tokens), tokens);
  });

  it('sends document symbols at most MAX_SYMBOL_DEPTH deep, deeper ones flat and in order, ranges converted', () => {
    // One line per level: "😀$if[...]" at the start of each, so UTF-8 columns differ from UTF-16.
    const depth = MAX_SYMBOL_DEPTH + 50;
    const doc = TextDocument.create(
      'file:///a.bds',
      'bdscript',
      1,
      Array.from({ length: depth }, () => '😀$if[x]').join('\n'),
    );
    const symbol = (level: number): DocumentSymbol => ({
      name: `level ${level}`,
      kind: 3,
      range: { start: { line: level, character: 2 }, end: { line: depth - 1, character: 9 } },
      selectionRange: { start: { line: level, character: 2 }, end: { line: level, character: 5 } },
      children: [],
    });
    const root = symbol(0);
    let parent = root;
    for (let level = 1; level < depth; level++) {
      const child = symbol(level);
      parent.children!.push(child);
      parent = child;
    }
    for (const encoding of ['utf-16', 'utf-8'] as const) {
      const [top] = new OutgoingConverter(createPositionConverter(encoding), doc, () => undefined).symbols([root]);
      // Down the chain of single children to the level above the deepest one sent.
      const chain: DocumentSymbol[] = [top!];
      while (chain.at(-1)!.children?.length === 1) chain.push(chain.at(-1)!.children![0]!);
      assert.equal(chain.length, MAX_SYMBOL_DEPTH - 1, encoding);
      const last = chain.at(-1)!.children!;
      // The symbol at the deepest level and every deeper one, flat, in document order, childless.
      assert.deepEqual(
        last.map((s) => s.name),
        Array.from({ length: depth - MAX_SYMBOL_DEPTH + 1 }, (_, i) => `level ${MAX_SYMBOL_DEPTH - 1 + i}`),
        encoding,
      );
      assert.ok(
        last.every((s) => s.children?.length === 0),
        encoding,
      );
      const column = encoding === 'utf-8' ? 4 : 2;
      assert.deepEqual(last.at(-1)!.selectionRange.start, { line: depth - 1, character: column }, encoding);
    }
  });
});
