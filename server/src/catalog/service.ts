// The catalog HTTP service: serves any catalog over the API's seven GET endpoints with the
// spec's shapes, strong ETags, compression, CORS and JSON errors. Bodies are rendered once per
// endpoint and record; a bad request gets a 4xx and never touches anything but memory. `listen`
// times and caps connections so that slow or stuck clients cannot keep others out.

import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as zlib from 'node:zlib';
import { Catalog } from '../core/catalog/catalog';
import { visible } from '../core/catalog/controlChars';
import type { CatalogData, CatalogRecord } from '../core/catalog/model';
import { listBodies, recordBody } from './bodies';
import { LIST_ENDPOINTS } from './endpoints';
import { errorWithStack } from '../protocol/errors';

export { listBodies, recordBody } from './bodies';

export interface CatalogServiceOptions {
  /** Longest request target accepted; longer ones get 414. */
  readonly maxUrlLength?: number;
  /** `Last-Modified` of every resource; defaults to the time the service was made. */
  readonly lastModified?: Date;
  /** `max-age` of successful responses, in seconds. */
  readonly maxAgeSeconds?: number;
  /** Called for requests that fail on our side (never for client mistakes). */
  readonly log?: (message: string) => void;
}

/** One rendered resource: the identity body and its compressed variants, made on first use. */
class Resource {
  readonly etag: string;
  private gzipBody?: Buffer;
  private brBody?: Buffer;

  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  variant(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.brBody ??= zlib.brotliCompressSync(this.body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
      });
      return this.brBody;
    }
    if (encoding === 'gzip') {
      this.gzipBody ??= zlib.gzipSync(this.body, { level: 9 });
      return this.gzipBody;
    }
    return this.body;
  }
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are: compression would not pay. */
const MIN_COMPRESS_BYTES = 1024;

const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * The request handler of the service for one catalog. Use `listen()` for a server, or `handle`
 * inside another node:http server.
 */
export class CatalogService {
  readonly catalog: Catalog;
  private readonly lists = new Map<string, Resource>();
  private readonly records = new WeakMap<CatalogRecord, Resource>();
  private readonly lastModified: string;
  private readonly lastModifiedMs: number;
  private readonly maxUrlLength: number;
  private readonly cacheControl: string;
  private readonly log: (message: string) => void;

  constructor(data: CatalogData | Catalog, options: CatalogServiceOptions = {}) {
    this.catalog = data instanceof Catalog ? data : new Catalog(data);
    const bodies = listBodies(this.catalog.data);
    for (const endpoint of LIST_ENDPOINTS) {
      const resource = new Resource(Buffer.from(bodies[endpoint], 'utf8'));
      // The lists are what clients fetch; compress them now rather than on the first request.
      resource.variant('br');
      resource.variant('gzip');
      this.lists.set(endpoint, resource);
    }
    const modified = options.lastModified ?? new Date();
    // HTTP dates have whole seconds; compare against the same rounding.
    this.lastModifiedMs = Math.floor(modified.getTime() / 1000) * 1000;
    this.lastModified = new Date(this.lastModifiedMs).toUTCString();
    this.maxUrlLength = options.maxUrlLength ?? 2048;
    this.cacheControl = `public, max-age=${options.maxAgeSeconds ?? 300}`;
    this.log = options.log ?? (() => undefined);
  }

  /** Handles one request; never throws. */
  readonly handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    try {
      this.route(req, res);
    } catch (err) {
      // The method and target are the client's bytes: shown escaped, never raw, in the log.
      this.log(
        `catalog service: ${visible(String(req.method).slice(0, 20))} ${visible(String(req.url).slice(0, 200))}: ${errorWithStack(err)}`,
      );
      if (!res.headersSent) this.error(req, res, 500, 'internal_error', 'the service failed to answer this request');
      else res.destroy();
    }
  };

  private route(req: http.IncomingMessage, res: http.ServerResponse): void {
    // A GET has no body; drain anything sent so the connection stays usable.
    req.resume();
    const target = req.url ?? '';
    if (target.length > this.maxUrlLength) {
      this.error(req, res, 414, 'uri_too_long', `request target longer than ${this.maxUrlLength} characters`);
      return;
    }
    const method = req.method ?? '';
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        allow: ALLOW,
        'access-control-allow-origin': '*',
        'access-control-allow-methods': ALLOW,
        'access-control-allow-headers': 'If-None-Match, If-Modified-Since',
        'access-control-max-age': '86400',
        'content-length': '0',
      });
      res.end();
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      this.error(
        req,
        res,
        405,
        'method_not_allowed',
        `method ${method.slice(0, 20)} is not allowed; this API is read-only`,
        { allow: ALLOW },
      );
      return;
    }
    const q = target.indexOf('?');
    const pathname = q < 0 ? target : target.slice(0, q);
    const list = this.lists.get(pathname);
    if (list) {
      this.send(req, res, list);
      return;
    }
    const m = /^\/(function|callback)\/([^/]+)$/.exec(pathname);
    if (!m) {
      this.error(req, res, 404, 'not_found', 'no such endpoint');
      return;
    }
    let tag: string;
    try {
      tag = decodeURIComponent(m[2] ?? '');
    } catch {
      this.error(req, res, 400, 'bad_request', 'malformed percent-encoding in the path');
      return;
    }
    const kind = m[1] as 'function' | 'callback';
    const index = kind === 'function' ? this.catalog.functions : this.catalog.callbacks;
    const record = tag.length <= 300 ? index.lookup(tag) : undefined;
    if (!record) {
      this.error(req, res, 404, 'not_found', `no ${kind} with the tag ${JSON.stringify(tag.slice(0, 100))}`);
      return;
    }
    let resource = this.records.get(record);
    if (!resource) {
      resource = new Resource(Buffer.from(recordBody(record), 'utf8'));
      this.records.set(record, resource);
    }
    this.send(req, res, resource);
  }

  private send(req: http.IncomingMessage, res: http.ServerResponse, resource: Resource): void {
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json; charset=utf-8',
      etag: resource.etag,
      'last-modified': this.lastModified,
      'cache-control': this.cacheControl,
      vary: 'Accept-Encoding',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag, Last-Modified',
      'x-content-type-options': 'nosniff',
    };
    if (this.notModified(req, resource)) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding =
      resource.body.length >= MIN_COMPRESS_BYTES ? negotiate(req.headers['accept-encoding']) : 'identity';
    const body = resource.variant(encoding);
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }

  private notModified(req: http.IncomingMessage, resource: Resource): boolean {
    const inm = req.headers['if-none-match'];
    if (inm !== undefined) {
      // Weak comparison, as RFC 9110 asks for If-None-Match.
      return inm.split(',').some((t) => {
        const tag = t.trim();
        return tag === '*' || tag.replace(/^W\//, '') === resource.etag;
      });
    }
    const ims = req.headers['if-modified-since'];
    if (ims !== undefined) {
      const at = Date.parse(ims);
      return !Number.isNaN(at) && this.lastModifiedMs <= at;
    }
    return false;
  }

  private error(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    code: string,
    message: string,
    extra: http.OutgoingHttpHeaders = {},
  ): void {
    const body = Buffer.from(JSON.stringify({ error: code, status, message }), 'utf8');
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      ...extra,
    });
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }
}

/** Picks br, then gzip, from an Accept-Encoding header honouring q=0; identity otherwise. */
export function negotiate(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let quality = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) quality = Number(m[1]);
    }
    q.set(name.trim(), Number.isFinite(quality) ? quality : 0);
  }
  const accepts = (enc: string): boolean => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

export interface RunningService {
  /** `http://host:port`, the base URL of the API. */
  readonly url: string;
  readonly server: http.Server;
  readonly service: CatalogService;
  /** Connections open now, and how many were evicted or refused to make room since the start. */
  connections(): { readonly open: number; readonly evicted: number; readonly refused: number };
  /** Stops accepting, ends idle keep-alive connections and waits for the rest to finish. */
  close(): Promise<void>;
}

export interface ListenOptions extends CatalogServiceOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** Connections open at once (the server's `maxConnections`); default 1024. */
  readonly maxConnections?: number;
  /** Connections open at once from one address (an IPv6 /64 counts as one); default 128. */
  readonly maxConnectionsPerAddress?: number;
  /** Time for a client to send its request headers; default 10 s. */
  readonly headersTimeoutMs?: number;
  /** Time for a client to send its whole request; default 15 s. */
  readonly requestTimeoutMs?: number;
  /** Time an idle keep-alive connection is kept; default 5 s. */
  readonly keepAliveTimeoutMs?: number;
  /** Time a connection may make no progress at all (nothing read or written); default 15 s. */
  readonly idleTimeoutMs?: number;
}

export const DEFAULT_LIMITS = {
  maxConnections: 1024,
  maxConnectionsPerAddress: 128,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 15_000,
} as const;

/**
 * Starts the service for `data` on a node:http server, guarded against clients that hold
 * connections without using them (slowloris, never reading, errors left half-open): every
 * connection is timed (headers, request, keep-alive, idleness) and destroyed when it runs out,
 * an error answer is followed by the socket's destruction, and connections are capped in total
 * and per address. At a cap, a new client takes the place of the oldest connection that has no
 * request in progress, so clients that dawdle cannot keep one that asks promptly out.
 */
export async function listen(data: CatalogData | Catalog, options: ListenOptions = {}): Promise<RunningService> {
  const service = new CatalogService(data, options);
  const limits = { ...DEFAULT_LIMITS, ...definedOnly(options) };
  const server = http.createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node looks for requests past their time; its default (30 s) would let a slow
      // client keep its connection three times longer than the limits say.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
    },
    service.handle,
  );
  // A connection that makes no progress (a client that stopped sending or reading) goes.
  server.setTimeout(limits.idleTimeoutMs, (socket) => socket.destroy());
  server.maxConnections = limits.maxConnections;
  const guard = new ConnectionGuard(server, limits.maxConnectionsPerAddress);
  server.on('connection', (socket: Socket) => guard.admit(socket));
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => guard.busy(req.socket, res));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : err.code === 'HPE_URI_TOO_LONG'
          ? 414
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
    const body = JSON.stringify({ error: 'bad_request', status, message: http.STATUS_CODES[status] ?? 'Bad Request' });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    // end() only half-closes: a client that never closes its side would hold the connection
    // for good. Destroying at once could turn the answer into a reset while the client still
    // sends, so the socket gets a moment to deliver it, then goes.
    const timer = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    service,
    connections: () => guard.stats(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Connections still busy get a moment to finish, then go.
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      }),
  };
}

/** How long a socket whose request failed may take to deliver the error answer before it is destroyed. */
const CLOSE_GRACE_MS = 1000;

interface Tracked {
  readonly address: string;
  /** Requests in progress on the connection (a response not yet finished). */
  requests: number;
}

/**
 * Counts open connections in total and per address and makes room at the caps. Connections are
 * kept in arrival order, so the one evicted is the oldest without a request in progress: a
 * client still sending its headers, or an idle keep-alive connection.
 */
class ConnectionGuard {
  private readonly open = new Map<Socket, Tracked>();
  private readonly perAddress = new Map<string, number>();
  private evicted = 0;
  private refused = 0;

  constructor(
    private readonly server: http.Server,
    private readonly maxPerAddress: number,
  ) {}

  admit(socket: Socket): void {
    const address = addressKey(socket.remoteAddress);
    if (address === undefined) {
      socket.destroy();
      return;
    }
    if ((this.perAddress.get(address) ?? 0) >= this.maxPerAddress && !this.evict((t) => t.address === address)) {
      this.refused++;
      socket.destroy();
      return;
    }
    // Node refuses connections beyond maxConnections before we see them, and counts a destroyed
    // socket until it has closed: keep a few slots free so that the next client gets in.
    const max = this.server.maxConnections;
    if (Number.isFinite(max) && max > 0 && this.open.size >= max - Math.max(1, Math.floor(max / 32)))
      this.evict(() => true);
    const tracked: Tracked = { address, requests: 0 };
    this.open.set(socket, tracked);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => this.forget(socket, tracked));
  }

  /** Marks the connection busy until `res` is done. */
  busy(socket: Socket, res: http.ServerResponse): void {
    const tracked = this.open.get(socket);
    if (!tracked) return;
    tracked.requests++;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      tracked.requests--;
    };
    res.once('finish', finish);
    res.once('close', finish);
  }

  stats(): { open: number; evicted: number; refused: number } {
    return { open: this.open.size, evicted: this.evicted, refused: this.refused };
  }

  /** Destroys the oldest connection without a request in progress that `matches`; false if none. */
  private evict(matches: (t: Tracked) => boolean): boolean {
    for (const [socket, tracked] of this.open) {
      if (tracked.requests > 0 || !matches(tracked)) continue;
      this.forget(socket, tracked);
      this.evicted++;
      socket.destroy();
      return true;
    }
    return false;
  }

  private forget(socket: Socket, tracked: Tracked): void {
    if (this.open.get(socket) !== tracked) return;
    this.open.delete(socket);
    const n = (this.perAddress.get(tracked.address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(tracked.address, n);
    else this.perAddress.delete(tracked.address);
  }
}

/**
 * The key a client's address is counted under: the IPv4 address (also when mapped into IPv6),
 * or the /64 prefix of an IPv6 address, since one host usually holds a whole /64.
 */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = (address.split('%')[0] ?? '').toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...new Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}

function definedOnly<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
