// The catalog HTTP client: GETs of the seven catalog endpoints over undici, with time limits,
// retries (backoff, jitter, Retry-After), redirects, decompression, a size cap and conditional
// requests. It returns parsed JSON and validators and knows nothing of the catalog model.

import { pipeline } from 'node:stream';
import * as zlib from 'node:zlib';
import { Agent, interceptors, type Dispatcher } from 'undici';
import type RetryHandler from 'undici/types/retry-handler';
import { version as TOOL_VERSION } from '../../../package.json';
import { visible } from '../core/catalog/controlChars';

export { TOOL_VERSION };

/** The five list endpoints a refresh pulls, in a stable order. */
export const LIST_ENDPOINTS = [
  '/function_list',
  '/callback_list',
  '/function_tag_list',
  '/callback_tag_list',
  '/emoji_alias_list',
] as const;
export type ListEndpoint = (typeof LIST_ENDPOINTS)[number];

/** The validators of one response, sent back on the next request for a conditional GET. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

/** Limits and policies of the client. Every field has a default (see `DEFAULT_HTTP_OPTIONS`). */
export interface HttpOptions {
  /** Time to establish a connection (TCP and TLS), per attempt. */
  readonly connectTimeoutMs: number;
  /** Time from sending a request to receiving the complete response headers, per attempt. */
  readonly headersTimeoutMs: number;
  /** Longest pause between two pieces of a response body, per attempt. */
  readonly bodyTimeoutMs: number;
  /** The whole request, retries and their waits included; a request never outlives it. */
  readonly totalTimeoutMs: number;
  /** Largest body accepted, both as sent and after decompression. */
  readonly maxBytes: number;
  /** Retries after the first attempt, for network errors, 5xx and 429. */
  readonly maxRetries: number;
  /** First retry delay; later ones double, each with jitter. */
  readonly minRetryDelayMs: number;
  /** Longest wait between attempts, `Retry-After` included. */
  readonly maxRetryDelayMs: number;
  /** Redirects followed before giving up. */
  readonly maxRedirects: number;
  readonly userAgent: string;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 20_000,
  totalTimeoutMs: 60_000,
  maxBytes: 32 * 1024 * 1024,
  maxRetries: 3,
  minRetryDelayMs: 500,
  maxRetryDelayMs: 15_000,
  maxRedirects: 5,
  userAgent: `bdscript-tooling/${TOOL_VERSION} (BDScript catalog client)`,
};

/** A successful GET: the parsed JSON and the validators to send next time. */
export interface JsonResponse {
  readonly kind: 'ok';
  readonly url: string;
  readonly json: unknown;
  readonly validators: Validators;
  /** Size of the decoded text in bytes. */
  readonly bytes: number;
}

/** The server says the resource did not change since the validators were issued. */
export interface NotModifiedResponse {
  readonly kind: 'not-modified';
  readonly url: string;
  readonly validators: Validators;
}

export type GetResult = JsonResponse | NotModifiedResponse;

/**
 * Why a GET failed, in words that name the request: `GET http://…/function_list: connection
 * refused`. `reason` is the part after the colon; `status` is set for HTTP errors. Header values
 * the server sent are quoted escaped (`visible`), since the message is shown to people.
 */
export class CatalogHttpError extends Error {
  override readonly name = 'CatalogHttpError';
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(`GET ${url}: ${reason}`);
  }
}

export interface GetOptions {
  /** Validators of the copy we hold; makes the request conditional. */
  readonly validators?: Validators;
  /** Aborts the request (for example when a whole refresh runs out of time). */
  readonly signal?: AbortSignal;
}

/**
 * A client for one catalog base URL. Create one per base URL and `close()` it when done; it
 * owns its connection pool unless a dispatcher is handed in (tests use undici's MockAgent).
 */
export class CatalogClient {
  readonly baseUrl: string;
  readonly options: HttpOptions;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  /** Throws CatalogHttpError when `baseUrl` is not an http(s) URL. */
  constructor(baseUrl: string, options: Partial<HttpOptions> = {}, dispatcher?: Dispatcher) {
    this.options = { ...DEFAULT_HTTP_OPTIONS, ...definedOnly(options) };
    const url = parseBaseUrl(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.baseUrl = this.origin + this.basePath;
    const o = this.options;
    if (dispatcher) {
      this.dispatcher = dispatcher;
      this.ownsDispatcher = false;
    } else {
      // Interceptors compose inside out: the last one listed sees the request first, so retries
      // sit next to the socket and redirects on top. Decompression happens in `attempt` with
      // node:zlib: undici 7's decompress interceptor prints an ExperimentalWarning on stderr,
      // which would end up in every CLI run.
      this.dispatcher = new Agent({
        connectTimeout: o.connectTimeoutMs,
        headersTimeout: o.headersTimeoutMs,
        bodyTimeout: o.bodyTimeoutMs,
        maxResponseSize: o.maxBytes,
        keepAliveTimeout: 4_000,
      }).compose(
        interceptors.retry({
          maxRetries: o.maxRetries,
          minTimeout: o.minRetryDelayMs,
          maxTimeout: o.maxRetryDelayMs,
          timeoutFactor: 2,
          methods: ['GET', 'HEAD'],
          statusCodes: [429, 500, 502, 503, 504],
          errorCodes: [...RETRIED_ERROR_CODES],
        }),
        interceptors.redirect({ maxRedirections: o.maxRedirects }),
      );
      this.ownsDispatcher = true;
    }
  }

  /** The absolute URL of an endpoint path (`/function_list`, `/function/%24c%5B%5D`). */
  urlOf(path: string): string {
    return this.baseUrl + path;
  }

  /**
   * GETs `path` under the base URL and parses the body as JSON. Resolves with the JSON or a
   * not-modified answer; rejects only with CatalogHttpError, at the latest after
   * `totalTimeoutMs`.
   */
  async getJson(path: string, opts: GetOptions = {}): Promise<GetResult> {
    const url = this.urlOf(path);
    const o = this.options;
    const deadline = Date.now() + o.totalTimeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new CatalogHttpError(url, `no complete answer within ${seconds(o.totalTimeoutMs)}`)),
      o.totalTimeoutMs,
    );
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
    // The total time limit must hold even if an abort is not noticed somewhere below us.
    let rejectOnAbort!: (e: unknown) => void;
    const aborted = new Promise<never>((_, reject) => (rejectOnAbort = reject));
    const onAbort = (): void => rejectOnAbort(abortError(url, signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    try {
      return await Promise.race([this.attempt(url, path, opts.validators, signal, deadline), aborted]);
    } catch (err) {
      throw toHttpError(url, err, o);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  private async attempt(
    url: string,
    path: string,
    validators: Validators | undefined,
    signal: AbortSignal,
    deadline: number,
  ): Promise<GetResult> {
    const o = this.options;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      'user-agent': o.userAgent,
    };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    const request: Dispatcher.RequestOptions & { retryOptions?: RetryHandler.RetryOptions } = {
      origin: this.origin,
      path: this.basePath + path,
      method: 'GET',
      headers,
      signal,
      retryOptions: { retry: retryPolicy(o, deadline) },
    };
    const res = await this.dispatcher.request(request);
    const got = responseValidators(res.headers);
    if (res.statusCode === 304) {
      await res.body.dump();
      // A 304 may omit validators it did not change; keep the ones we sent.
      return { kind: 'not-modified', url, validators: { ...validators, ...got } };
    }
    if (res.statusCode >= 300 && res.statusCode < 400) {
      await res.body.dump();
      const location = header(res.headers, 'location');
      throw new CatalogHttpError(
        url,
        location
          ? `still redirected after ${o.maxRedirects} redirects (last to ${visible(location.slice(0, 300))})`
          : `HTTP ${res.statusCode} redirect without a Location header`,
        res.statusCode,
      );
    }
    if (res.statusCode < 200 || res.statusCode >= 300) {
      await res.body.dump();
      throw new CatalogHttpError(url, `HTTP ${res.statusCode}`, res.statusCode);
    }
    const contentType = header(res.headers, 'content-type') ?? '';
    if (/\bhtml\b/i.test(contentType)) {
      // A captive portal or a misconfigured proxy: nothing in that body is worth reading.
      discard(res.body);
      throw new CatalogHttpError(url, `expected JSON but got an HTML page (${visible(contentType.split(';')[0]!.trim().slice(0, 100))}), HTTP ${res.statusCode}`, res.statusCode);
    }
    const encoding = (header(res.headers, 'content-encoding') ?? 'identity').trim().toLowerCase();
    const makeDecoder = DECODERS[encoding];
    if (makeDecoder === undefined) {
      discard(res.body);
      throw new CatalogHttpError(url, `unsupported Content-Encoding "${visible(encoding.slice(0, 100))}"`, res.statusCode);
    }
    // The agent's maxResponseSize caps the bytes on the wire; this loop caps what decompression
    // makes of them (a small gzip body can inflate a thousandfold).
    const decoder = makeDecoder?.();
    const source: AsyncIterable<Buffer> = decoder ? pipeline(res.body, decoder, () => undefined) : res.body;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > o.maxBytes) {
          throw new CatalogHttpError(url, `response larger than the limit of ${formatBytes(o.maxBytes)}${decoder ? ' once decompressed' : ''}`);
        }
        chunks.push(chunk);
      }
    } finally {
      if (!res.body.readableEnded) discard(res.body);
      if (decoder) discard(decoder);
    }
    const body = Buffer.concat(chunks, size);
    if (size === 0) throw new CatalogHttpError(url, `empty body (HTTP ${res.statusCode})`, res.statusCode);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
    } catch {
      throw new CatalogHttpError(url, `body is not valid UTF-8 (${formatBytes(size)})`, res.statusCode);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      const what = isTruncation(text, (err as Error).message) ? 'truncated JSON' : 'invalid JSON';
      throw new CatalogHttpError(url, `${what} (${formatBytes(size)}): ${(err as Error).message}`, res.statusCode);
    }
    return { kind: 'ok', url, json, validators: got, bytes: size };
  }

  /** Closes the connection pool (when this client made it). */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close().catch(() => undefined);
  }

  /** Destroys the connection pool at once, aborting what is in flight. */
  async destroy(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.destroy().catch(() => undefined);
  }
}

/**
 * The path of a per-tag endpoint with the tag percent-encoded as one path segment:
 * `tagPath('function', '$c[]')` is `/function/%24c%5B%5D`, which a server decodes back to `$c[]`.
 */
export function tagPath(kind: 'function' | 'callback', tag: string): string {
  return `/${kind}/${encodeURIComponent(tag)}`;
}

/** Network error codes worth another attempt: the connection failed, not the request. */
const RETRIED_ERROR_CODES = [
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
] as const;

/**
 * undici's retry policy hook: which failures to retry and how long to wait. Exponential backoff
 * with jitter (each wait drawn from the upper half of its step), `Retry-After` honoured up to
 * `maxRetryDelayMs`, and never a wait that would end past the request's deadline.
 */
function retryPolicy(o: HttpOptions, deadline: number): RetryHandler.RetryCallback {
  return (err, { state }, cb) => {
    const e = err as Error & { statusCode?: number; code?: string; headers?: Record<string, string | string[] | undefined> };
    const code = e.code;
    const status = e.statusCode;
    const isStatus = code === 'UND_ERR_REQ_RETRY' && typeof status === 'number';
    if (!isStatus && !(code && (RETRIED_ERROR_CODES as readonly string[]).includes(code))) return cb(err);
    if (isStatus && ![429, 500, 502, 503, 504].includes(status!)) return cb(err);
    if (state.counter > o.maxRetries) return cb(err);
    const step = Math.min(o.minRetryDelayMs * 2 ** Math.max(0, state.counter - 1), o.maxRetryDelayMs);
    let wait = step / 2 + Math.random() * (step / 2);
    const retryAfter = parseRetryAfter(e.headers?.['retry-after']);
    if (retryAfter !== undefined) {
      if (retryAfter > o.maxRetryDelayMs) return cb(withNote(err, `Retry-After asks for ${seconds(retryAfter)}, more than the ${seconds(o.maxRetryDelayMs)} allowed`));
      wait = retryAfter + Math.random() * Math.min(250, o.minRetryDelayMs);
    }
    if (Date.now() + wait >= deadline) return cb(withNote(err, 'no time left for another attempt'));
    const timer = setTimeout(() => cb(null), wait);
    timer.unref?.();
  };
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or bad. */
export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function withNote(err: Error, note: string): Error {
  (err as Error & { retryNote?: string }).retryNote = note;
  return err;
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CatalogHttpError(baseUrl, 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CatalogHttpError(baseUrl, `unsupported protocol ${url.protocol} (use http or https)`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new CatalogHttpError(baseUrl, 'a base URL has no query, fragment or credentials');
  }
  return url;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function responseValidators(headers: Record<string, string | string[] | undefined>): Validators {
  const etag = header(headers, 'etag');
  const lastModified = header(headers, 'last-modified');
  return {
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
  };
}

/** Destroys a stream we stopped reading, without an unhandled 'error' event. */
function discard(stream: NodeJS.ReadableStream & { destroy(): void }): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

/** Content-Encoding values we accept and how to undo them; null for none. */
const DECODERS: Readonly<Record<string, (() => zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate) | null>> = {
  identity: null,
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  br: () => zlib.createBrotliDecompress(),
  deflate: () => zlib.createInflate(),
};

/** Whether JSON.parse failed because the text ended early rather than on a wrong character. */
function isTruncation(text: string, message: string): boolean {
  if (/end of JSON input/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= text.trimEnd().length;
}

function abortError(url: string, reason: unknown): CatalogHttpError {
  if (reason instanceof CatalogHttpError) return reason;
  if ((reason as Error | undefined)?.name === 'TimeoutError') return new CatalogHttpError(url, "timed out (the caller's time limit)");
  return new CatalogHttpError(url, 'cancelled');
}

/** Turns whatever undici or our own code threw into a CatalogHttpError naming the request. */
function toHttpError(url: string, err: unknown, o: HttpOptions): CatalogHttpError {
  if (err instanceof CatalogHttpError) return err;
  const e = err as Error & { code?: string; statusCode?: number; errors?: Array<{ code?: string }>; retryNote?: string; data?: { count?: number } };
  const code = e?.code ?? e?.errors?.find((x) => x?.code)?.code;
  const note = e?.retryNote ? `; ${e.retryNote}` : '';
  let reason: string;
  switch (code) {
    case 'UND_ERR_REQ_RETRY': {
      if (e.statusCode !== undefined && e.statusCode < 300) {
        // undici asked to resume a body cut short (a Range request) and the server could not.
        return new CatalogHttpError(url, `connection closed in the middle of the body and the download could not be resumed (${e.message})`, undefined, code);
      }
      const attempts = e.data?.count;
      reason = `HTTP ${e.statusCode}${attempts ? ` (after ${attempts} attempt${attempts === 1 ? '' : 's'})` : ''}`;
      return new CatalogHttpError(url, reason + note, e.statusCode, code);
    }
    case 'ECONNREFUSED':
      reason = 'connection refused';
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      reason = 'host not found';
      break;
    case 'ECONNRESET':
      reason = 'connection reset by the server';
      break;
    case 'UND_ERR_SOCKET':
      reason = 'connection closed before the response was complete';
      break;
    case 'UND_ERR_CONNECT_TIMEOUT':
      reason = `no connection within ${seconds(o.connectTimeoutMs)}`;
      break;
    case 'UND_ERR_HEADERS_TIMEOUT':
      reason = `no response within ${seconds(o.headersTimeoutMs)}`;
      break;
    case 'UND_ERR_BODY_TIMEOUT':
      reason = `response body stalled for ${seconds(o.bodyTimeoutMs)}`;
      break;
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      reason = `response larger than the limit of ${formatBytes(o.maxBytes)}`;
      break;
    case 'UND_ERR_ABORTED':
    case 'ABORT_ERR':
      reason = 'cancelled';
      break;
    default:
      if (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__'))) {
        reason = `corrupt compressed body (${e.message})`;
      } else {
        reason = e?.message ? e.message : String(err);
      }
  }
  return new CatalogHttpError(url, reason + note, undefined, code);
}

export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number(s.toFixed(s < 1 ? 2 : 1))} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n % 1024 ? 1 : 0)} KiB`;
  return `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) ? 1 : 0)} MiB`;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
