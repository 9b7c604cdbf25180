// A small LSP client for tests: JSON-RPC over a pair of streams (a spawned server's stdio, or
// in-process pipes), with the requests tests need, answers to the server's own requests
// (configuration, progress tokens, registrations) and bounded waits for notifications.

import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import {
  CancellationTokenSource,
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver-types';

export interface RecordedMessage {
  readonly seq: number;
  readonly method: string;
  readonly params: unknown;
}

export interface PublishDiagnostics {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: Diagnostic[];
}

export interface LspClientOptions {
  /** What the client answers to `workspace/configuration` for section `bdscript` (null when absent). */
  settings?: unknown;
  /** Default bound of each wait, in milliseconds. */
  timeoutMs?: number;
}

/** Client capabilities of a full client (VS Code-like); tests override what they need. */
export function fullClientCapabilities(): Record<string, unknown> {
  return {
    general: { positionEncodings: ['utf-16'] },
    window: { workDoneProgress: true },
    workspace: {
      configuration: true,
      didChangeConfiguration: { dynamicRegistration: true },
      semanticTokens: { refreshSupport: true },
      inlayHint: { refreshSupport: true },
    },
    textDocument: {
      synchronization: { dynamicRegistration: false },
      completion: {
        completionItem: {
          snippetSupport: true,
          insertReplaceSupport: true,
          labelDetailsSupport: true,
          tagSupport: { valueSet: [1] },
          resolveSupport: { properties: ['documentation'] },
        },
        contextSupport: true,
      },
      hover: { contentFormat: ['markdown', 'plaintext'] },
      signatureHelp: {
        signatureInformation: { activeParameterSupport: true, parameterInformation: { labelOffsetSupport: true } },
        contextSupport: true,
      },
      publishDiagnostics: { versionSupport: true, relatedInformation: true },
      codeAction: {
        codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite'] } },
      },
      documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      semanticTokens: {
        requests: { full: true, range: true },
        tokenTypes: [],
        tokenModifiers: [],
        formats: ['relative'],
      },
      inlayHint: {},
    },
  };
}

export class LspClient {
  readonly connection: MessageConnection;
  /** Every notification and server-to-client request received, in order. */
  readonly received: RecordedMessage[] = [];
  settings: unknown;
  private seq = 0;
  private readonly waiters = new Set<() => void>();
  private readonly timeoutMs: number;
  private closed = false;

  /** A client on a stream pair (a child's stdout and stdin, or in-memory pipes). */
  static overStreams(input: Readable, output: Writable, options: LspClientOptions = {}): LspClient {
    return new LspClient(new StreamMessageReader(input), new StreamMessageWriter(output), options);
  }

  constructor(reader: MessageReader, writer: MessageWriter, options: LspClientOptions = {}) {
    this.settings = options.settings ?? null;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.connection = createMessageConnection(reader, writer);
    this.connection.onNotification((method: string, params: unknown) => this.record(method, params));
    // `$/progress` for tokens nobody listens to arrives here, not at the handler above.
    this.connection.onUnhandledProgress((params) => this.record('$/progress', params));
    this.connection.onRequest((method: string, params: unknown) => {
      this.record(method, params);
      if (method === 'workspace/configuration') {
        const items = (params as { items?: Array<{ section?: string }> } | undefined)?.items ?? [];
        return items.map((item) => (item.section === 'bdscript' ? this.settings : null));
      }
      // Progress tokens, registrations and refresh requests need only an answer.
      return null;
    });
    this.connection.onClose(() => {
      this.closed = true;
      this.wake();
    });
    this.connection.listen();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private record(method: string, params: unknown): void {
    this.received.push({ seq: ++this.seq, method, params });
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /** A marker for waits: only messages received after it count. */
  mark(): number {
    return this.seq;
  }

  /**
   * The first message of `method` after `since` that satisfies `predicate`, waiting (bounded)
   * for it to arrive. Rejects with what was received when the bound is reached.
   */
  waitFor<T = unknown>(
    method: string,
    predicate: (params: T) => boolean = () => true,
    opts: { since?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const since = opts.since ?? 0;
    const find = () => this.received.find((m) => m.seq > since && m.method === method && predicate(m.params as T));
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const hit = find();
        if (hit) {
          done();
          resolve(hit.params as T);
        } else if (this.closed) {
          done();
          reject(new Error(`connection closed while waiting for ${method}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        const seen = this.received.filter((m) => m.seq > since).map((m) => m.method);
        reject(
          new Error(
            `no matching ${method} within ${opts.timeoutMs ?? this.timeoutMs} ms; received since: ${JSON.stringify(seen).slice(0, 2000)}`,
          ),
        );
      }, opts.timeoutMs ?? this.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The next diagnostics published for `uri` after `since` (and for `version`, when given). */
  diagnostics(
    uri: string,
    opts: { since?: number; version?: number; timeoutMs?: number; where?: (d: PublishDiagnostics) => boolean } = {},
  ): Promise<PublishDiagnostics> {
    return this.waitFor<PublishDiagnostics>(
      'textDocument/publishDiagnostics',
      (p) =>
        p.uri === uri &&
        (opts.version === undefined || p.version === opts.version) &&
        (opts.where ? opts.where(p) : true),
      opts,
    );
  }

  /** Every message of `method` received so far. */
  all<T = unknown>(method: string): T[] {
    return this.received.filter((m) => m.method === method).map((m) => m.params as T);
  }

  request<R = unknown>(method: string, params?: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /**
   * Resolves once the server has read every message sent before this call and gone round its
   * event loop at least once: the answer to a cheap request (`bdscript/catalogStatus`) sent now,
   * which the server answers after a turn of its loop, between the slices of long work. Work that
   * those messages start on the next turn (a validation after didOpen, a preview's slices) has
   * then begun. Tests wait for this instead of sleeping.
   */
  async roundTrip(): Promise<void> {
    await this.request('bdscript/catalogStatus');
  }

  /** Sends a request and cancels it right away; resolves with the answer or rejects with the error. */
  requestAndCancel<R = unknown>(method: string, params?: unknown): Promise<R> {
    const source = new CancellationTokenSource();
    const answer = this.connection.sendRequest(method, params, source.token) as Promise<R>;
    source.cancel();
    return answer;
  }

  notify(method: string, params?: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  async initialize(
    params: {
      capabilities?: unknown;
      initializationOptions?: unknown;
      processId?: number | null;
      locale?: string;
      /** The workspace folders, as `file:` URIs (none by default, with a null `rootUri`). */
      workspaceFolders?: readonly string[];
    } = {},
  ): Promise<{ capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } }> {
    const result = await this.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: params.processId ?? null,
      rootUri: null,
      ...(params.workspaceFolders
        ? { workspaceFolders: params.workspaceFolders.map((uri, i) => ({ uri, name: `folder ${i + 1}` })) }
        : {}),
      capabilities: params.capabilities ?? fullClientCapabilities(),
      ...(params.initializationOptions !== undefined ? { initializationOptions: params.initializationOptions } : {}),
      ...(params.locale !== undefined ? { locale: params.locale } : {}),
    });
    await this.notify('initialized', {});
    return result;
  }

  open(uri: string, text: string, version = 1, languageId = 'bdscript'): Promise<void> {
    return this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, contentChanges: unknown[]): Promise<void> {
    return this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  close(uri: string): Promise<void> {
    return this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /** `shutdown` then `exit`. */
  async shutdown(): Promise<void> {
    await this.request('shutdown');
    await this.notify('exit');
  }

  dispose(): void {
    this.connection.dispose();
  }
}

/** A language server process with a client on its stdio; stderr is kept for messages. */
export interface SpawnedServer {
  readonly client: LspClient;
  readonly child: ChildProcess;
  /** What the server wrote on stderr. */
  stderr(): string;
  /** Resolves with the exit code (or signal) when the process ends, bounded; kills it on the bound. */
  exited(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process if it still runs (by its pid, with SIGKILL). */
  kill(): void;
}

export function spawnServer(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string } & LspClientOptions = {},
): SpawnedServer {
  const child = spawn(command, args, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  // A server that dies early must fail the test with its message, not crash the runner.
  child.stdin!.on('error', () => undefined);
  const client = LspClient.overStreams(child.stdout!, child.stdin!, opts);
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return {
    client,
    child,
    stderr: () => stderr,
    exited: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          kill();
          reject(new Error(`the server did not exit within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`));
        }, timeoutMs);
        void exit.then((r) => {
          clearTimeout(timer);
          resolve(r);
        });
      }),
    kill,
  };
}

/**
 * The bundled server over stdio as the e2e tests start it: offline (bundled snapshot), with its
 * home, cache and working folder in `tmp`, so nothing outside the test's folder is read or written.
 */
export function spawnOfflineServer(serverJs: string, tmp: string): SpawnedServer {
  return spawnServer(process.execPath, [serverJs, '--stdio'], {
    env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: join(tmp, 'cache') },
    cwd: tmp,
    settings: { catalog: { offline: true } },
    timeoutMs: 30_000,
  });
}

/**
 * Mocha hooks for e2e tests of the bundled server, called inside a `describe`: the build must
 * exist, each test gets a temporary folder of its own (named after `prefix`), and `start()` spawns
 * the offline server there (spawnOfflineServer); the server is killed and the folder removed
 * after each test.
 */
export function offlineServerPerTest(serverJs: string, prefix: string): { start(): SpawnedServer } {
  let tmp = '';
  let server: SpawnedServer | undefined;
  before(() => {
    assert.ok(existsSync(serverJs), `${serverJs} is missing: run \`npm run build\` first (npm test does)`);
  });
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => {
    server?.kill();
    server?.client.dispose();
    server = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });
  return { start: () => (server = spawnOfflineServer(serverJs, tmp)) };
}
