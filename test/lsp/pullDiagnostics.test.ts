// Pull diagnostics in process, over in-memory pipes with workspace files the test holds: URIs
// compared by what they name, the workspace folders read from `initialize`, the capability only
// for clients that pull (and workspace diagnostics only with a runtime that reads files, so the
// web worker offers document pulls alone), a held request cancelled, folders added and removed,
// each read bounded by the size cap, unreadable files and hostile params answered without harm.

import * as assert from 'node:assert/strict';
import { uriKey, workspaceFoldersOf } from '../../server/src/lsp/pullDiagnostics';
import type { WorkspaceFiles, WorkspaceRead } from '../../server/src/lsp/runtime';
import type { FolderEntry } from '../../server/src/core/workspace';
import { fullClientCapabilities } from '../support/lspClient';
import { startInProcess, type InProcessServer } from './inProcess';

/** Files by URI (`file:///w/a.bds` → text, or an Error for one that cannot be read), and what was read. */
class MemoryFiles implements WorkspaceFiles {
  readonly reads: Array<{ uri: string; maxBytes: number }> = [];
  readonly lists: string[] = [];
  constructor(readonly files: Map<string, string | Error>) {}

  async list(folder: string): Promise<readonly FolderEntry[]> {
    this.lists.push(folder);
    const prefix = folder.endsWith('/') ? folder : `${folder}/`;
    const entries = new Map<string, FolderEntry>();
    for (const uri of this.files.keys()) {
      if (!uri.startsWith(prefix)) continue;
      const [name, ...rest] = uri.slice(prefix.length).split('/');
      if (!name) continue;
      entries.set(name, { name, location: prefix + name, kind: rest.length > 0 ? 'folder' : 'file' });
    }
    if (entries.size === 0) throw new Error('no such folder');
    return [...entries.values()];
  }

  async read(uri: string, maxBytes: number): Promise<WorkspaceRead> {
    this.reads.push({ uri, maxBytes });
    const text = this.files.get(uri);
    if (text === undefined) return { ok: false, reason: 'no such file' };
    if (text instanceof Error) return { ok: false, reason: text.message };
    if (Buffer.byteLength(text) > maxBytes)
      return { ok: false, reason: 'too large', tooLarge: Buffer.byteLength(text) };
    return { ok: true, text };
  }
}

function pulling(): Record<string, unknown> {
  const caps = fullClientCapabilities() as {
    workspace: Record<string, unknown>;
    textDocument: Record<string, unknown>;
  };
  caps.workspace['diagnostics'] = { refreshSupport: true };
  caps.textDocument['diagnostic'] = {};
  return caps;
}

interface Report {
  kind: string;
  uri: string;
  resultId?: string;
  items?: Array<{ code: string; message: string }>;
}

describe('pull diagnostics (in process)', function () {
  this.timeout(30_000);
  let server: InProcessServer | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  describe('URIs and folders', () => {
    const SAME: ReadonlyArray<readonly [string, string]> = [
      ['file:///w/a%20b.bds', 'file:///w/a b.bds'],
      ['FILE:///w/x.bds', 'file:///w/x.bds'],
      ['file:///c%3A/Bot/x.bds', 'file:///C:/Bot/x.bds'],
      ['file:///w/folder/', 'file:///w/folder'],
      ['file:///w/%5Bx%5D.bds', 'file:///w/[x].bds'],
      ['file:///w/../etc/x.bds', 'file:///etc/x.bds'],
      ['file:///w/./a/%2E%2E/b.bds', 'file:///w/b.bds'],
      ['file:///../../x.bds', 'file:///x.bds'],
    ];
    for (const [a, b] of SAME) it(`${a} names ${b}`, () => assert.equal(uriKey(a), uriKey(b)));
    it('keeps different files apart, and malformed escapes as written', () => {
      assert.notEqual(uriKey('file:///w/a.bds'), uriKey('file:///w/A.bds'));
      assert.notEqual(uriKey('file:///w/a.bds'), uriKey('untitled:///w/a.bds'));
      assert.equal(uriKey('file:///w/%E0%A4%A.bds'), 'file:///w/%E0%A4%A.bds');
    });
    it('reads the folders of initialize: workspaceFolders, else rootUri, nothing malformed', () => {
      assert.deepEqual(
        workspaceFoldersOf({ workspaceFolders: [{ uri: 'file:///a' }, { uri: 5 }, null], rootUri: 'file:///r' }),
        ['file:///a'],
      );
      assert.deepEqual(workspaceFoldersOf({ workspaceFolders: null, rootUri: 'file:///r' }), ['file:///r']);
      assert.deepEqual(workspaceFoldersOf({ rootUri: null }), []);
      assert.deepEqual(workspaceFoldersOf('x'), []);
      assert.equal(
        workspaceFoldersOf({ workspaceFolders: Array.from({ length: 500 }, (_, i) => ({ uri: `file:///${i}` })) })
          .length,
        100,
      );
    });
  });

  it('offers pull diagnostics only to clients that pull, and the workspace only with files to read (the web worker)', async () => {
    server = startInProcess({ settings: {} });
    const pushed = await server.client.initialize({ capabilities: fullClientCapabilities() });
    assert.equal(pushed.capabilities['diagnosticProvider'], undefined);
    server.close();

    server = startInProcess({ settings: {} });
    const web = await server.client.initialize({ capabilities: pulling(), workspaceFolders: ['file:///w'] });
    assert.deepEqual(web.capabilities['diagnosticProvider'], {
      identifier: 'bdscript',
      interFileDependencies: false,
      workspaceDiagnostics: false,
    });
    // A document pull still answers, from the open text; a closed file has nothing to read.
    await server.client.open('file:///w/a.bds', '$nope\n');
    const open = await server.client.request<{ kind: string; items: Report['items'] }>('textDocument/diagnostic', {
      textDocument: { uri: 'file:///w/a.bds' },
    });
    assert.equal(open.items?.[0]?.code, 'unknown-function');
    const closed = await server.client.request<{ items: unknown[] }>('textDocument/diagnostic', {
      textDocument: { uri: 'file:///w/b.bds' },
    });
    assert.deepEqual(closed.items, []);
    server.close();

    server = startInProcess({ settings: {}, workspaceFiles: new MemoryFiles(new Map([['file:///w/a.bds', '$x']])) });
    const node = await server.client.initialize({ capabilities: pulling(), workspaceFolders: ['file:///w'] });
    assert.equal(
      (node.capabilities['diagnosticProvider'] as { workspaceDiagnostics: boolean }).workspaceDiagnostics,
      true,
    );
  });

  it('answers a held workspace request with RequestCancelled when the client cancels it', async () => {
    const files = new MemoryFiles(new Map([['file:///w/a.bds', '$x']]));
    server = startInProcess({ settings: {}, workspaceFiles: files });
    await server.client.initialize({ capabilities: pulling(), workspaceFolders: ['file:///w'] });
    const first = await server.client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(first.items.length, 1);
    const held = server.client.requestAndCancel('workspace/diagnostic', {
      previousResultIds: first.items.map((r) => ({ uri: r.uri, value: r.resultId })),
    });
    // Cancelled by the client, which asks again when it wants to: nothing tells it not to.
    await assert.rejects(
      held,
      (err: { code?: number; data?: { retriggerRequest?: boolean } }) =>
        err.code === -32800 && err.data?.retriggerRequest === true,
    );
  });

  it('follows folders added and removed, reads files with the size cap, and skips what cannot be read', async () => {
    const files = new MemoryFiles(
      new Map<string, string | Error>([
        ['file:///one/a.bds', '$inOne'],
        ['file:///one/broken.bds', new Error('permission denied')],
        ['file:///one/big.bds', `${'x'.repeat(3000)}$inBig`],
        ['file:///two/b.bds', '$inTwo'],
      ]),
    );
    server = startInProcess({ settings: { diagnostics: { workspace: { maxFileSizeKB: 2 } } }, workspaceFiles: files });
    await server.client.initialize({ capabilities: pulling(), workspaceFolders: ['file:///one'] });
    const first = await server.client.request<{ items: Report[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.deepEqual(
      first.items.map((r) => r.uri),
      ['file:///one/a.bds'],
    );
    assert.ok(files.reads.every((r) => r.maxBytes === 2048));
    assert.ok(
      files.lists.every((f) => f.startsWith('file:///one')),
      'only the folder is listed',
    );

    const held = server.client.request<{ items: Report[] }>('workspace/diagnostic', {
      previousResultIds: first.items.map((r) => ({ uri: r.uri, value: r.resultId })),
    });
    await server.client.notify('workspace/didChangeWorkspaceFolders', {
      event: { added: [{ uri: 'file:///two', name: 'two' }], removed: [{ uri: 'file:///one', name: 'one' }] },
    });
    const second = await held;
    const byUri = new Map(second.items.map((r) => [r.uri, r]));
    assert.match(JSON.stringify(byUri.get('file:///two/b.bds')?.items), /\$inTwo/);
    // The removed folder's file: its findings are cleared.
    assert.deepEqual(byUri.get('file:///one/a.bds')?.items, []);
  });

  it('takes hostile params without harm', async () => {
    const files = new MemoryFiles(new Map([['file:///w/a.bds', '$x']]));
    server = startInProcess({ settings: {}, workspaceFiles: files });
    await server.client.initialize({ capabilities: pulling(), workspaceFolders: ['file:///w'] });
    const odd = await server.client.request<{ items: Report[] }>('workspace/diagnostic', {
      previousResultIds: [null, 5, { uri: 7, value: 'x' }, { uri: 'file:///w/a.bds', value: 9 }, 'x'],
      partialResultToken: { not: 'a token' },
    });
    assert.equal(odd.items.length, 1, JSON.stringify(odd.items));
    for (const params of [{}, { textDocument: null }, { textDocument: 'x' }, { textDocument: { uri: 42 } }]) {
      const answer: { kind: string; items: unknown[] } = await server.client.request('textDocument/diagnostic', params);
      assert.deepEqual(answer, { kind: 'full', items: [] }, JSON.stringify(params));
    }
    // A document outside the folders, or not BDScript, is never read.
    const before = files.reads.length;
    for (const uri of [
      'file:///etc/passwd',
      'file:///w/../etc/x.bds',
      'file:///w/%2e%2e/etc/x.bds',
      'file:///w/notes.txt',
      'file:///wx/a.bds',
    ])
      await server.client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(files.reads.length, before);
  });
});
