// A node:http server on 127.0.0.1 for catalog client tests: each path answers through a handler,
// by default the good body for that path, and a test swaps in faults (5xx, stalls, resets,
// truncated or oversized bodies ...). It counts requests and tears down every socket on close.
// Also the short limits and the failure check both catalog clients' tests use.

import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CatalogHttpError, type CatalogGetter, type RequestLimits } from '../../server/src/catalog/endpoints';

/** Short limits for a client under test, so that each fault resolves in well under a second. */
export const FAST_LIMITS: RequestLimits = {
  headersTimeoutMs: 400,
  bodyTimeoutMs: 400,
  totalTimeoutMs: 3000,
  maxBytes: 64 * 1024,
  maxRetries: 2,
  minRetryDelayMs: 10,
  maxRetryDelayMs: 1500,
};

/** The CatalogHttpError a GET of `path` ends with, naming the URL; fails the test on success or any other error. */
export async function failure(client: CatalogGetter, path: string): Promise<CatalogHttpError> {
  try {
    await client.getJson(path);
  } catch (err) {
    assert.ok(err instanceof CatalogHttpError, `expected CatalogHttpError, got ${String(err)}`);
    assert.ok(err.message.startsWith(`GET ${client.urlOf(path)}: `), err.message);
    return err;
  }
  assert.fail('the request succeeded');
}

export type FaultHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FaultServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Handlers by exact path (query excluded); unmatched paths get 404. */
  readonly routes: Map<string, FaultHandler>;
  /** Requests seen, by path, in arrival order. */
  readonly requests: Array<{ path: string; headers: http.IncomingHttpHeaders }>;
  /** How many requests reached `path`. */
  count(path: string): number;
  close(): Promise<void>;
}

/** Starts a server on an ephemeral loopback port. `good` maps paths to JSON bodies. */
export async function startFaultServer(good: Record<string, string> = {}): Promise<FaultServer> {
  const routes = new Map<string, FaultHandler>();
  for (const [path, body] of Object.entries(good)) routes.set(path, json(body));
  const requests: FaultServer['requests'] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, headers: req.headers });
    const handler = routes.get(path);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    handler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // A fault handler may leave a client hanging on purpose; keep Node's own timers out of the way.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    count: (path) => requests.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** 200 with a JSON body, an ETag, and 304 when the client sends that ETag back. */
export function json(body: string, etag = `"${hash(body)}"`): FaultHandler {
  return (req, res) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag }).end(body);
  };
}

/** An HTTP status with a small JSON body and optional extra headers. */
export function status(code: number, headers: Record<string, string> = {}): FaultHandler {
  return (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers }).end('{"error":"fault"}');
  };
}

/** Answers with `first` for the first `n` requests, then with `then`. */
export function firstN(n: number, first: FaultHandler, then: FaultHandler): FaultHandler {
  let seen = 0;
  return (req, res) => (seen++ < n ? first(req, res) : then(req, res));
}

/** Reads the request and never answers. */
export const neverAnswer: FaultHandler = () => {};

/** Sends headers and the first part of the body, then goes silent with the socket open. */
export function stallBody(body: string, sendBytes = 10): FaultHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    res.write(body.slice(0, sendBytes));
  };
}

/** A complete HTTP response whose JSON body stops half way (the framing says it is complete). */
export function truncatedJson(body: string): FaultHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body.slice(0, Math.floor(body.length / 2)));
  };
}

/** Promises a body length, sends half of it and closes the connection. */
export function shortBody(body: string): FaultHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    res.write(body.slice(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
  };
}

/** A 200 HTML page, as a captive portal or a misconfigured proxy would send. */
export const htmlPage: FaultHandler = (_req, res) => {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end('<!doctype html><html><body>Please log in</body></html>');
};

/** A 200 with an empty body. */
export const emptyBody: FaultHandler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' }).end();
};

/** A body that is not valid UTF-8. */
export const invalidUtf8: FaultHandler = (_req, res) => {
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x5d]));
};

/**
 * A body of `bytes` bytes, streamed in chunks (no Content-Length when `chunked`), stopping as
 * soon as the client goes away.
 */
export function oversized(bytes: number, chunked = false): FaultHandler {
  return (_req, res) => {
    res.writeHead(
      200,
      chunked
        ? { 'content-type': 'application/json' }
        : { 'content-type': 'application/json', 'content-length': String(bytes) },
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes && !res.destroyed) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  };
}

export interface RangeResourceOptions {
  /** The current version: its body and ETag (none: no ETag header). Called per request. */
  readonly current: () => { readonly body: Buffer | string; readonly etag?: string };
  /** How many of the first full answers are cut short (`cutAt` bytes sent, then the connection closes). */
  readonly cut?: number;
  /** Where a cut answer stops, in bytes; default half the body. */
  readonly cutAt?: number;
  /** Answers Range requests without looking at If-Range, as a careless server does. */
  readonly ignoreIfRange?: boolean;
  /** Extra headers of every answer (a Content-Encoding, for instance). */
  readonly headers?: Record<string, string>;
}

/**
 * A resource served as a careful static host serves it (RFC 9110): `Range: bytes=N-[M]` answered
 * with 206 and Content-Range, but only while `If-Range` names the current ETag (otherwise the
 * whole current version, 200). The first `cut` full answers stop part way with the connection
 * closed, as a flaky network would. Records each answer's status in `statuses`.
 */
export function rangeResource(opts: RangeResourceOptions): FaultHandler & { readonly statuses: number[] } {
  let cuts = opts.cut ?? 0;
  const statuses: number[] = [];
  const handler: FaultHandler = (req, res) => {
    const { body, etag } = opts.current();
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const base: Record<string, string> = {
      'content-type': 'application/json',
      'accept-ranges': 'bytes',
      ...(etag ? { etag } : {}),
      ...opts.headers,
    };
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers['range'] ?? ''));
    const ifRange = req.headers['if-range'];
    const honoured = range && (opts.ignoreIfRange || ifRange === undefined || (etag !== undefined && ifRange === etag));
    if (honoured && Number(range[1]) < bytes.length) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : bytes.length - 1, bytes.length - 1);
      statuses.push(206);
      res.writeHead(206, {
        ...base,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
        'content-length': String(end + 1 - start),
      });
      res.end(bytes.subarray(start, end + 1));
      return;
    }
    statuses.push(200);
    res.writeHead(200, { ...base, 'content-length': String(bytes.length) });
    if (cuts > 0) {
      cuts--;
      res.write(bytes.subarray(0, Math.min(bytes.length - 1, opts.cutAt ?? Math.floor(bytes.length / 2))), () =>
        res.socket?.destroy(),
      );
      return;
    }
    res.end(bytes);
  };
  return Object.assign(handler, { statuses });
}

/** Resets the connection as soon as the request arrives. */
export const reset: FaultHandler = (req) => {
  req.socket.resetAndDestroy();
};

/** Redirects to itself forever. */
export const redirectLoop: FaultHandler = (req, res) => {
  res.writeHead(302, { location: req.url ?? '/' }).end();
};

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16);
}
