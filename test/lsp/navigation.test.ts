// References, rename and the colour picker over the wire, in process: the capabilities each
// client is told, answers in UTF-16 and UTF-8 positions, refused renames as error responses,
// malformed params, and documents that are not open.

import * as assert from 'node:assert/strict';
import type { ColorInformation, ColorPresentation, Location, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import { fullClientCapabilities } from '../support/lspClient';
import { startInProcess, type InProcessServer } from './inProcess';

const URI = 'file:///work/navigation.bds';
/** A 🎉 before the variable makes UTF-8 columns differ from UTF-16 ones. */
const TEXT = '$var[count;1]\n🎉 Total: $var[count]\n$color[#FF544C]';

function isRpcError(err: unknown, code: number): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

describe('lsp/navigation (in process)', () => {
  let server: InProcessServer | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  async function open(capabilities: Record<string, unknown> = fullClientCapabilities()): Promise<InProcessServer> {
    server = startInProcess();
    await server.client.initialize({ capabilities });
    await server.client.open(URI, TEXT, 1);
    return server;
  }

  it('offers references, rename (with prepare for clients that ask for it) and colours', async () => {
    const s = startInProcess();
    server = s;
    const withPrepare = await s.client.initialize({
      capabilities: {
        ...fullClientCapabilities(),
        textDocument: { ...(fullClientCapabilities()['textDocument'] as object), rename: { prepareSupport: true } },
      },
    });
    assert.equal(withPrepare.capabilities['referencesProvider'], true);
    assert.deepEqual(withPrepare.capabilities['renameProvider'], { prepareProvider: true });
    assert.equal(withPrepare.capabilities['colorProvider'], true);
    s.close();
    server = startInProcess();
    const plain = await server.client.initialize({ capabilities: {} });
    assert.equal(plain.capabilities['renameProvider'], true);
  });

  it('finds references and renames a $var', async () => {
    const { client } = await open();
    const position = { line: 1, character: 18 };
    const refs = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: URI },
      position,
      context: { includeDeclaration: true },
    });
    assert.deepEqual(
      refs.map((l) => l.range),
      [
        { start: { line: 0, character: 5 }, end: { line: 0, character: 10 } },
        { start: { line: 1, character: 15 }, end: { line: 1, character: 20 } },
      ],
    );
    const reads = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: URI },
      position,
      context: { includeDeclaration: false },
    });
    assert.equal(reads.length, 1);
    const prepared = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri: URI },
      position,
    });
    assert.equal(prepared.placeholder, 'count');
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: URI },
      position,
      newName: 'total',
    });
    assert.deepEqual(
      edit.changes?.[URI]?.map((e) => [e.range.start.line, e.range.start.character, e.newText]),
      [
        [0, 5, 'total'],
        [1, 15, 'total'],
      ],
    );
  });

  it('answers a rename it refuses with an error, and nothing off a variable or for closed documents', async () => {
    const { client } = await open();
    await assert.rejects(
      client.request('textDocument/rename', {
        textDocument: { uri: URI },
        position: { line: 0, character: 6 },
        newName: '   ',
      }),
      (err) => isRpcError(err, -32600) && /may not be empty/.test((err as Error).message),
    );
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri: URI }, position: { line: 0, character: 6 } }),
      (err) => isRpcError(err, -32602),
    );
    assert.equal(
      await client.request('textDocument/prepareRename', {
        textDocument: { uri: URI },
        position: { line: 2, character: 3 },
      }),
      null,
    );
    assert.deepEqual(
      await client.request('textDocument/references', {
        textDocument: { uri: URI },
        position: { line: 2, character: 3 },
      }),
      [],
    );
    assert.equal(
      await client.request('textDocument/references', {
        textDocument: { uri: 'file:///not/open.bds' },
        position: { line: 0, character: 0 },
      }),
      null,
    );
    assert.deepEqual(
      await client.request('textDocument/documentColor', { textDocument: { uri: 'file:///not/open.bds' } }),
      [],
    );
  });

  it('gives colours and writes a picked colour back as written', async () => {
    const { client } = await open();
    const colors = await client.request<ColorInformation[]>('textDocument/documentColor', {
      textDocument: { uri: URI },
    });
    assert.deepEqual(colors, [
      {
        range: { start: { line: 2, character: 7 }, end: { line: 2, character: 14 } },
        color: { red: 1, green: 0x54 / 255, blue: 0x4c / 255, alpha: 1 },
      },
    ]);
    const presentations = await client.request<ColorPresentation[]>('textDocument/colorPresentation', {
      textDocument: { uri: URI },
      range: colors[0]!.range,
      color: { red: 0, green: 0, blue: 1, alpha: 1 },
    });
    assert.equal(presentations[0]?.label, '#0000FF');
    assert.deepEqual(presentations[0]?.textEdit, { range: colors[0]!.range, newText: '#0000FF' });
    for (const color of [undefined, 'blue', { red: 2, green: 0, blue: 0, alpha: 1 }, { red: 0, green: 0, blue: 0 }]) {
      assert.deepEqual(
        await client.request('textDocument/colorPresentation', {
          textDocument: { uri: URI },
          range: colors[0]!.range,
          color,
        }),
        [],
        JSON.stringify(color),
      );
    }
  });

  it('counts columns in UTF-8 for a client that asks', async () => {
    const { client } = await open({ ...fullClientCapabilities(), general: { positionEncodings: ['utf-8'] } });
    // `🎉 Total: $var[` is 4 + 11 bytes in UTF-8 (15 UTF-16 units are 2 + 13).
    const refs = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: URI },
      position: { line: 1, character: 21 },
      context: { includeDeclaration: false },
    });
    assert.deepEqual(
      refs.map((l) => l.range),
      [{ start: { line: 1, character: 17 }, end: { line: 1, character: 22 } }],
    );
  });
});
