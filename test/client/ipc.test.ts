// Tests of the client's contract with the bundled server over the transport the extension uses:
// dist/server.js forked with `--node-ipc`, initialised with the options the client builds, then
// asked for the catalog status and the function under a cursor, whose answers the client's
// helpers must accept. Offline, with a temporary storage folder; nothing leaves this machine.
import { strict as assert } from 'node:assert';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInitializationOptions, buildServerOptions, readSettings } from '../../client/src/options';
import { coerceStatus, formatStatusText } from '../../client/src/status';
import { checkWikiUrl } from '../../client/src/wiki';
import {
  CatalogStatusNotification,
  CatalogStatusRequest,
  FunctionAtRequest,
  type FunctionAtParams,
} from '../../server/src/protocol/messages';

const root = join(__dirname, '..', '..');
const serverModule = join(root, 'dist', 'server.js');

interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A minimal JSON-RPC peer over Node IPC, as vscode-languageclient's TransportKind.ipc speaks it. */
class IpcPeer {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly waiters: Array<{ method: string; resolve: (params: unknown) => void }> = [];
  readonly notifications: Message[] = [];
  stderr = '';

  constructor(
    readonly child: ChildProcess,
    private readonly settings: Record<string, unknown>,
  ) {
    child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    child.on('message', (m: Message) => this.receive(m));
    child.on('exit', (code, signal) => {
      for (const p of this.pending.values()) p.reject(new Error(`server exited (${code ?? signal}): ${this.stderr}`));
      this.pending.clear();
    });
  }

  request(method: string, params?: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ jsonrpc: '2.0', id, method, params } satisfies Message);
    });
  }

  notify(method: string, params?: unknown): void {
    this.child.send({ jsonrpc: '2.0', method, params } satisfies Message);
  }

  /** The params of the next notification `method`, or of one already received. */
  nextNotification(method: string): Promise<unknown> {
    const seen = this.notifications.find((n) => n.method === method);
    if (seen) return Promise.resolve(seen.params);
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  private receive(m: Message): void {
    if (m.method !== undefined && m.id !== undefined) {
      // A request from the server: answer the way VS Code would for this client.
      let result: unknown = null;
      if (m.method === 'workspace/configuration') {
        const items = (m.params as { items?: Array<{ section?: string }> })?.items ?? [];
        result = items.map((i) => (i.section === 'bdscript' ? this.settings : null));
      }
      this.child.send({ jsonrpc: '2.0', id: m.id, result } satisfies Message);
    } else if (m.method !== undefined) {
      this.notifications.push(m);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        if (this.waiters[i]!.method === m.method) this.waiters.splice(i, 1)[0]!.resolve(m.params);
      }
    } else if (typeof m.id === 'number') {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(`${m.error.code}: ${m.error.message}`));
      else p?.resolve(m.result);
    }
  }
}

describe('client and bundled server over node IPC', function () {
  let peer: IpcPeer | undefined;
  let storage: string | undefined;

  before(async function () {
    if (!existsSync(serverModule)) {
      console.log('    (skipped: dist/server.js is not built; `npm run build` or `npm test` builds it)');
      this.skip();
    }
    this.timeout(60_000);
    storage = mkdtempSync(join(tmpdir(), 'bdscript-ipc-'));
    const settings: Record<string, unknown> = {
      'catalog.offline': true,
      'catalog.url': 'http://127.0.0.1:9/api',
      'catalog.refreshIntervalMinutes': 0,
    };
    const init = buildInitializationOptions((k) => settings[k], storage);
    const { run } = buildServerOptions(serverModule, 'ipc');
    // vscode-languageclient forks the module with `--node-ipc` for TransportKind.ipc; do the same.
    const child = fork(run.module, ['--node-ipc', `--clientProcessId=${process.pid}`], {
      silent: true,
      execArgv: [...(run.options?.execArgv ?? [])],
    });
    peer = new IpcPeer(
      child,
      readSettings((k) => settings[k]),
    );
    const result = (await peer.request('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true } },
      initializationOptions: init,
    })) as { capabilities?: unknown };
    assert.ok(result && typeof result === 'object' && result.capabilities, 'initialize answers capabilities');
    peer.notify('initialized', {});
  });

  after(async () => {
    const child = peer?.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await peer!.request('shutdown');
        peer!.notify('exit');
      } catch {
        child.kill();
      }
      await exited;
    }
    if (storage) rmSync(storage, { recursive: true, force: true });
  });

  it('answers bdscript/catalogStatus with a status the client can show', async () => {
    const status = coerceStatus(await peer!.request(CatalogStatusRequest.method));
    assert.ok(status, 'a usable CatalogStatus');
    assert.notEqual(status.source, 'none');
    assert.ok(status.counts.functions > 100, `functions: ${status.counts.functions}`);
    assert.match(formatStatusText(status), /^(\$\([^)]+\) )?BDScript: /);
  });

  it('sends bdscript/catalogStatusChanged with a status the client can show', async () => {
    const params = await peer!.nextNotification(CatalogStatusNotification.method);
    assert.ok(coerceStatus(params), JSON.stringify(params)?.slice(0, 300));
  });

  it('answers bdscript/functionAt with a wiki link the client will open', async () => {
    const uri = 'untitled:Untitled-1';
    peer!.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: 'bdscript', version: 1, text: 'Hi $username[$authorID]\n' },
    });
    const params: FunctionAtParams = { textDocument: { uri }, position: { line: 0, character: 6 } };
    const result = (await peer!.request(FunctionAtRequest.method, params)) as Record<string, unknown> | null;
    assert.ok(result, 'a function under the cursor');
    assert.equal(result['name'], '$username');
    const url = checkWikiUrl(result['wikiUrl']);
    assert.ok(url, `the wiki link passes the client's check: ${String(result['wikiUrl'])}`);
  });
});
