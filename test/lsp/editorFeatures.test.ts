// Formatting, highlights, selection ranges, links and the budget lens over the wire, in process,
// for a client that counts columns in UTF-8: every range and edit leaves the server in the
// client's encoding. A 🎉 before each construct makes UTF-8 columns differ from UTF-16 ones.

import * as assert from 'node:assert/strict';
import type { CodeLens, DocumentHighlight, DocumentLink, SelectionRange, TextEdit } from 'vscode-languageserver-types';
import { fullClientCapabilities } from '../support/lspClient';
import { startInProcess, type InProcessServer } from './inProcess';

const URI = 'file:///work/utf8.bds';
const TEXT = '$if[🎉]\n    $title[🎉]\n$image[🎉 https://x.example/a.png]\n🎉 $endif';

describe('lsp/editor features (in process, UTF-8 columns)', () => {
  let server: InProcessServer | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  it('converts highlights, edits, selection ranges and lenses to UTF-8 columns', async () => {
    server = startInProcess();
    const { client } = server;
    await client.initialize({
      capabilities: { ...fullClientCapabilities(), general: { positionEncodings: ['utf-8'] } },
    });
    await client.open(URI, TEXT, 1);
    await client.diagnostics(URI);
    // The `$if` chain from `$endif`, which stands after `🎉 ` (5 bytes in UTF-8, 3 UTF-16 units).
    const highlights = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', {
      textDocument: { uri: URI },
      position: { line: 3, character: 7 },
    });
    assert.deepEqual(
      highlights.map((h) => [h.range.start.line, h.range.start.character, h.range.end.character]),
      [
        [0, 0, 3],
        [3, 5, 11],
      ],
    );
    // Selection from inside `🎉` of $title's argument (4 bytes in UTF-8): the argument, then the call.
    const [selection] = await client.request<SelectionRange[]>('textDocument/selectionRange', {
      textDocument: { uri: URI },
      positions: [{ line: 1, character: 11 }],
    });
    assert.deepEqual(selection?.range, { start: { line: 1, character: 11 }, end: { line: 1, character: 15 } });
    assert.deepEqual(selection?.parent?.range, { start: { line: 1, character: 4 }, end: { line: 1, character: 16 } });
    const edits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri: URI },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.deepEqual(edits, [
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }, newText: '  ' },
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, newText: '  ' },
    ]);
    // No link: the image argument is not a URL (an emoji before it).
    assert.deepEqual(
      await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: URI } }),
      [],
    );
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.deepEqual(lenses[0]?.range, { start: { line: 1, character: 4 }, end: { line: 1, character: 10 } });
  });
});
