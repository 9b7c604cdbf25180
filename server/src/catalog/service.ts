// The catalog HTTP service: serves any catalog over the API's seven GET endpoints with the
// spec's shapes, strong ETags, compression, CORS and JSON errors. Bodies are rendered once per
// endpoint and record; a bad request gets a 4xx and never touches anything but memory.

import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as zlib from 'node:zlib';
import { Catalog } from '../core/catalog/catalog';
import { visible } from '../core/catalog/controlChars';
import { encodeCallback, encodeCallbackList, encodeEmojiAliasMap, encodeFunction, encodeFunctionList } from '../core/catalog/encode';
import type { CatalogData, CatalogRecord } from '../core/catalog/model';
import { LIST_ENDPOINTS, type ListEndpoint } from './http';

/** The JSON text of each list endpoint, as the service serves it and `export` writes it. */
export function listBodies(data: CatalogData): Record<ListEndpoint, string> {
  return {
    '/function_list': JSON.stringify(encodeFunctionList(data.functions)),
    '/callback_list': JSON.stringify(encodeCallbackList(data.callbacks)),
    '/function_tag_list': JSON.stringify(data.functionTags),
    '/callback_tag_list': JSON.stringify(data.callbackTags),
    '/emoji_alias_list': JSON.stringify(encodeEmojiAliasMap(data.emoji)),
  };
}

/** The JSON text of one record, as `/function/:tag` or `/callback/:tag` serves it. */
export function recordBody(record: CatalogRecord): string {
  return JSON.stringify(record.kind === 'function' ? encodeFunction(record) : encodeCallback(record));
}

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
      this.log(`catalog service: ${visible(String(req.method).slice(0, 20))} ${visible(String(req.url).slice(0, 200))}: ${(err as Error)?.stack ?? String(err)}`);
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
      this.error(req, res, 405, 'method_not_allowed', `method ${method.slice(0, 20)} is not allowed; this API is read-only`, { allow: ALLOW });
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
      tag = decodeURIComponent(m[2]!);
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
    const encoding = resource.body.length >= MIN_COMPRESS_BYTES ? negotiate(req.headers['accept-encoding']) : 'identity';
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
  /** Stops accepting, ends idle keep-alive connections and waits for the rest to finish. */
  close(): Promise<void>;
}

export interface ListenOptions extends CatalogServiceOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
}

/** Starts the service for `data` on a node:http server. */
export async function listen(data: CatalogData | Catalog, options: ListenOptions = {}): Promise<RunningService> {
  const service = new CatalogService(data, options);
  const server = http.createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, service.handle);
  // Idle sockets (slow or stuck clients) are closed rather than held forever.
  server.setTimeout(30_000, (socket) => socket.destroy());
  server.maxConnections = 2048;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'HPE_URI_TOO_LONG' ? 414 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ error: 'bad_request', status, message: http.STATUS_CODES[status] ?? 'Bad Request' });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
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
  const shownHost = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    service,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Connections still busy get a moment to finish, then go.
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      }),
  };
}
