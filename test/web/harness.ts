// Runs the web build of the language server (dist/web/server.js) the way VS Code on the web does:
// in a dedicated web worker of a real browser (Debian's Chromium, headless, driven by
// playwright-core), talking LSP over postMessage with a small client page served from
// 127.0.0.1. The page answers the server's own requests (configuration, progress, showDocument)
// and hands every message to Node, where tests wait for them. No request leaves 127.0.0.1: the
// page's and the worker's Content-Security-Policy let them connect to 127.0.0.1 only, so the
// browser aborts any other request before it is made and reports it to the test server; the
// browser resolves no other host name anyway; and every request the browser did make is
// recorded. Requests are not intercepted (Playwright's routing would answer CORS preflights
// itself), so cross-origin requests meet the browser's real CORS checks.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '../..');
export const WEB_SERVER = path.join(ROOT, 'dist/web/server.js');
export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is not installed (apt-get install chromium)`;
  return undefined;
}

/** What the page may reach: this machine's loopback address and nothing else. */
export function isAllowedUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'ws:') && u.hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

/** Connections to 127.0.0.1 only; any other is blocked and reported to /csp-report. */
const CONNECT = 'connect-src http://127.0.0.1:*; report-uri /csp-report';
/** The page's CSP: its own script and worker, and the connections above. */
const PAGE_CSP = `default-src 'none'; script-src 'self'; worker-src 'self'; ${CONNECT}`;
/** The worker's CSP (a worker takes it from its script's response): the connections above. */
const WORKER_CSP = `default-src 'none'; ${CONNECT}`;

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>BDScript web worker test client</title>
<script src="/client.js"></script></head><body></body></html>
`;

/**
 * The page's LSP client: JSON-RPC objects over postMessage with the worker (as
 * vscode-languageclient/browser sends them), answers to the server's requests, every message
 * reported to Node through the `__lspMessage` binding.
 */
const CLIENT = `'use strict';
(() => {
  let worker;
  let nextId = 1;
  const pending = new Map();
  const state = { settings: null };
  const report = (m) => { try { window.__lspMessage(m); } catch (e) { /* the binding is gone with the test */ } };
  const answer = (method, params) => {
    if (method === 'workspace/configuration') return ((params && params.items) || []).map((i) => (i.section === 'bdscript' ? state.settings : null));
    if (method === 'window/showDocument') return { success: true };
    return null;
  };
  const onMessage = (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (!('method' in m)) {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.code + ' ' + m.error.message));
      else p.resolve(m.result);
      return;
    }
    report({ method: m.method, params: m.params });
    if ('id' in m) worker.postMessage({ jsonrpc: '2.0', id: m.id, result: answer(m.method, m.params) });
  };
  const request = (method, params) => {
    const id = nextId++;
    worker.postMessage({ jsonrpc: '2.0', id, method, params });
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  };
  const notify = (method, params) => worker.postMessage({ jsonrpc: '2.0', method, params });
  window.lsp = {
    state,
    start(url) {
      worker = new Worker(url);
      worker.onmessage = onMessage;
      worker.onerror = (e) => report({ method: 'worker/error', params: String(e.message) });
    },
    request,
    notify,
    stop() {
      if (worker) worker.terminate();
      worker = undefined;
      for (const p of pending.values()) p.reject(new Error('worker stopped'));
      pending.clear();
    },
    /** Starts a worker and measures, in the page, the time to the initialize answer and to the first diagnostics of doc. */
    async bootTimed(url, initializeParams, doc) {
      const t0 = performance.now();
      let resolveDiagnostics;
      const diagnostics = new Promise((r) => (resolveDiagnostics = r));
      worker = new Worker(url);
      worker.onmessage = (event) => {
        const m = event.data;
        if (m && m.method === 'textDocument/publishDiagnostics' && m.params.uri === doc.uri) resolveDiagnostics(performance.now());
        onMessage(event);
      };
      await request('initialize', initializeParams);
      const tInit = performance.now();
      notify('initialized', {});
      notify('textDocument/didOpen', { textDocument: doc });
      const tDiag = await diagnostics;
      return { initializeMs: tInit - t0, diagnosticsMs: tDiag - t0 };
    },
  };
})();
`;

export interface StaticSite {
  readonly url: string;
  /** The URLs the browser refused to connect to (its CSP reports), in arrival order. */
  readonly blocked: string[];
  close(): Promise<void>;
}

/** Serves the test page, its client and the web server bundle from 127.0.0.1. */
export async function serveSite(): Promise<StaticSite> {
  const blocked: string[] = [];
  const server = http.createServer((req, res) => {
    const at = (req.url ?? '/').split('?')[0];
    if (at === '/csp-report' && req.method === 'POST') {
      let body = '';
      req.setEncoding('utf8').on('data', (c: string) => (body += c));
      req.on('end', () => {
        try {
          const report = (JSON.parse(body) as { 'csp-report'?: { 'blocked-uri'?: string } })['csp-report'];
          blocked.push(report?.['blocked-uri'] ?? body);
        } catch {
          blocked.push(body);
        }
        res.writeHead(204).end();
      });
      return;
    }
    const send = (type: string, body: string | Buffer, headers: Record<string, string> = {}) =>
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
    if (at === '/') send('text/html; charset=utf-8', PAGE, { 'content-security-policy': PAGE_CSP });
    else if (at === '/client.js') send('text/javascript; charset=utf-8', CLIENT);
    else if (at === '/server.js')
      send('text/javascript; charset=utf-8', readFileSync(WEB_SERVER), { 'content-security-policy': WORKER_CSP });
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    blocked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Received {
  readonly seq: number;
  readonly method: string;
  readonly params: unknown;
}

/** A browser with the test page open, and what the page's client received. */
export class WebClient {
  readonly received: Received[] = [];
  /** Requests the browser made to a host other than 127.0.0.1: none may ever be here. */
  readonly escaped: string[] = [];
  private seq = 0;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly userDataDir: string,
    private readonly site: StaticSite,
  ) {}

  /** The URLs the browser refused to connect to, because they were not on 127.0.0.1. */
  get blocked(): readonly string[] {
    return this.site.blocked;
  }

  /** Launches Chromium with a fresh profile and opens the page of `site`. */
  static async open(site: StaticSite): Promise<WebClient> {
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bds-chromium-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // No name but 127.0.0.1 resolves, whatever a page or worker asks for.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const client = new WebClient(context, page, userDataDir, site);
    // Watched, not intercepted: the worker's requests are among them.
    context.on('request', (request) => {
      if (!isAllowedUrl(request.url())) client.escaped.push(request.url());
    });
    await context.exposeBinding('__lspMessage', (_source, m: { method: string; params: unknown }) => {
      client.received.push({ seq: ++client.seq, method: m.method, params: m.params });
      for (const w of [...client.waiters]) w();
    });
    await page.goto(site.url + '/');
    return client;
  }

  /** A marker for waits: only messages received after it count. */
  mark(): number {
    return this.seq;
  }

  /** Starts the web server bundle in a new worker of the page. */
  async startWorker(site: StaticSite, settings: unknown): Promise<void> {
    await this.page.evaluate(
      ([url, s]) => {
        const w = globalThis as unknown as { lsp: { state: { settings: unknown }; start(u: string): void } };
        w.lsp.state.settings = s;
        w.lsp.start(url as string);
      },
      [site.url + '/server.js', settings] as const,
    );
  }

  /** Sets what the page answers to `workspace/configuration` for section `bdscript`. */
  async setSettings(settings: unknown): Promise<void> {
    await this.page.evaluate((s) => {
      (globalThis as unknown as { lsp: { state: { settings: unknown } } }).lsp.state.settings = s;
    }, settings);
  }

  request<R = unknown>(method: string, params?: unknown): Promise<R> {
    return this.page.evaluate(
      ([m, p]) =>
        (globalThis as unknown as { lsp: { request(m: string, p: unknown): Promise<unknown> } }).lsp.request(
          m as string,
          p,
        ),
      [method, params ?? null] as const,
    ) as Promise<R>;
  }

  notify(method: string, params?: unknown): Promise<void> {
    return this.page.evaluate(
      ([m, p]) =>
        (globalThis as unknown as { lsp: { notify(m: string, p: unknown): void } }).lsp.notify(m as string, p),
      [method, params ?? null] as const,
    );
  }

  async stopWorker(): Promise<void> {
    await this.page.evaluate(() => (globalThis as unknown as { lsp: { stop(): void } }).lsp.stop());
  }

  /** The first message of `method` after `since` that satisfies `predicate`, waiting (bounded) for it. */
  waitFor<T = unknown>(
    method: string,
    predicate: (params: T) => boolean = () => true,
    opts: { since?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const since = opts.since ?? 0;
    const timeoutMs = opts.timeoutMs ?? 15_000;
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        const hit = this.received.find((m) => m.seq > since && m.method === method && predicate(m.params as T));
        if (hit) {
          done();
          resolve(hit.params as T);
        }
      };
      const timer = setTimeout(() => {
        done();
        const seen = this.received
          .filter((m) => m.seq > since)
          .map((m) => (m.method === 'worker/error' ? `worker/error: ${String(m.params)}` : m.method));
        reject(
          new Error(
            `no matching ${method} within ${timeoutMs} ms; received since: ${JSON.stringify(seen).slice(0, 2000)}`,
          ),
        );
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}

export interface ServedCatalog {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `./server/bin/bdscript catalog serve --snapshot FILE` on 127.0.0.1 (a port of its choosing),
 * as a user would run it; resolves with the URL it prints first.
 */
export function serveCatalog(snapshotFile: string): Promise<ServedCatalog> {
  const child = spawn(path.join(ROOT, 'server/bin/bdscript'), ['catalog', 'serve', '--snapshot', snapshotFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`catalog serve printed no URL within 15 s; stderr: ${stderr}`));
    }, 15_000);
    const early = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`catalog serve exited with ${code}: ${stderr}`));
    };
    child.once('exit', early);
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        child.off('exit', early);
        resolve({
          url: line.trim(),
          child,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}
