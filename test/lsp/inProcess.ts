// Runs the server wiring in this process over a pair of in-memory pipes, with a catalog provider
// the test controls, and an LspClient on the other end. The connection's watchdog records the
// exit instead of ending the test process.

import { PassThrough } from 'node:stream';
import { createConnection, type WatchDog } from 'vscode-languageserver';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Message,
  type MessageStrategy,
} from 'vscode-languageserver/node';
import { Catalog } from '../../server/src/core/catalog/catalog';
import type { CatalogSourceKind, CatalogStatus } from '../../server/src/protocol/messages';
import type {
  CatalogProvider,
  CatalogProviderOptions,
  ServerRuntime,
  WorkspaceFiles,
} from '../../server/src/lsp/runtime';
import { startServer, type ServerHandle } from '../../server/src/lsp/server';
import { LspClient, type LspClientOptions } from '../support/lspClient';
import { testCatalog } from '../support/testCatalog';

/** A catalog provider whose catalog, refresh result and load timing the test decides. */
export class FakeProvider implements CatalogProvider {
  catalog: Catalog;
  source: CatalogSourceKind = 'bundled';
  /** What the next refresh installs; undefined keeps the catalog (a failed refresh). */
  next: Catalog | undefined;
  refreshes = 0;
  disposed = false;
  private inflight = false;
  private readonly listeners = new Set<() => void>();
  private releaseLoad!: () => void;
  private readonly loadGate: Promise<void>;

  constructor(
    readonly options: CatalogProviderOptions,
    private readonly initial: Catalog,
    /** When false, loadLocal waits for `finishLoad()`. */
    loadAtOnce = true,
  ) {
    // Like the real manager: empty until the local load has run.
    this.catalog = Catalog.empty();
    this.loadGate = new Promise<void>((resolve) => {
      this.releaseLoad = resolve;
    });
    if (loadAtOnce) this.releaseLoad();
  }

  finishLoad(): void {
    this.releaseLoad();
  }

  async loadLocal(): Promise<void> {
    await this.loadGate;
    this.catalog = this.initial;
    this.emit();
  }

  async refresh(): Promise<unknown> {
    this.refreshes++;
    this.inflight = true;
    this.emit();
    await Promise.resolve();
    this.inflight = false;
    if (this.next) {
      this.catalog = this.next;
      this.source = 'live';
      this.next = undefined;
    }
    this.emit();
    return undefined;
  }

  status(): CatalogStatus {
    const d = this.catalog.data;
    return {
      source: this.source,
      location: this.options.settings.url,
      counts: { functions: d.functions.length, callbacks: d.callbacks.length, emoji: Object.keys(d.emoji).length },
      problems: [],
      refreshing: this.inflight,
    };
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}

export interface InProcessOptions extends LspClientOptions {
  /** The catalog every new provider starts with; the small test catalog by default. */
  catalog?: Catalog;
  /** Providers wait for `finishLoad()` before their local catalog is ready. */
  holdLoad?: boolean;
  /** Replaces the runtime's provider factory (e.g. one that throws). */
  createCatalogProvider?: ServerRuntime['createCatalogProvider'];
  /** The runtime's fallback catalog (the bundled snapshot in the real server); none by default. */
  fallback?: Catalog;
  /** How long requests wait for a provider's local load; the server's default when omitted. */
  localLoadTimeoutMs?: number;
  /** The runtime's hook after a preview was answered. */
  afterPreview?: () => void;
  /** The runtime's read access to the workspace's files (none, as in the web worker, by default). */
  workspaceFiles?: WorkspaceFiles;
}

export interface InProcessServer {
  readonly client: LspClient;
  /** Every provider the server created, in order; the last is the one in use. */
  readonly providers: FakeProvider[];
  readonly handle: ServerHandle;
  /** Exit codes the server asked for (after `exit`). */
  readonly exits: number[];
  /** Calls `hook` with each message's method once the server has started handling it. */
  onServerMessage(hook: (method: string) => void): void;
  close(): void;
}

export function startInProcess(options: InProcessOptions = {}): InProcessServer {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const providers: FakeProvider[] = [];
  const exits: number[] = [];
  let shutdownReceived = false;
  const watchDog: WatchDog = {
    initialize: () => undefined,
    get shutdownReceived() {
      return shutdownReceived;
    },
    set shutdownReceived(value: boolean) {
      shutdownReceived = value;
    },
    exit: (code: number) => {
      exits.push(code);
    },
  };
  const seen: Array<(method: string) => void> = [];
  // Lets a test act right after the server has started handling a message (up to its first await).
  const messageStrategy = {
    handleMessage: (message: Message, next: (message: Message) => unknown) => {
      const result = next(message);
      const method = (message as { method?: unknown }).method;
      if (typeof method === 'string') for (const hook of [...seen]) hook(method);
      return result as ReturnType<MessageStrategy['handleMessage']>;
    },
  } satisfies MessageStrategy;
  const connection = createConnection(
    (logger) =>
      createProtocolConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient), logger, {
        messageStrategy,
      }),
    watchDog,
  );
  const runtime: ServerRuntime = {
    createCatalogProvider:
      options.createCatalogProvider ??
      ((opts) => {
        const p = new FakeProvider(opts, options.catalog ?? testCatalog(), !options.holdLoad);
        providers.push(p);
        return p;
      }),
    ...(options.fallback
      ? { fallbackCatalog: () => ({ catalog: options.fallback!, location: '<test fallback>' }) }
      : {}),
    ...(options.localLoadTimeoutMs !== undefined ? { localLoadTimeoutMs: options.localLoadTimeoutMs } : {}),
    ...(options.afterPreview ? { afterPreview: options.afterPreview } : {}),
    ...(options.workspaceFiles ? { workspaceFiles: options.workspaceFiles } : {}),
    name: 'bdscript-test',
    version: '0.0.0-test',
  };
  const handle = startServer(connection, runtime);
  connection.listen();
  const client = LspClient.overStreams(toClient, toServer, options);
  return {
    client,
    providers,
    handle,
    exits,
    onServerMessage(hook) {
      seen.push(hook);
    },
    close() {
      handle.dispose();
      client.dispose();
      connection.dispose();
      toServer.end();
      toClient.end();
    },
  };
}
