// The catalog HTTP client: GETs of the seven catalog endpoints over undici, with time limits,
// retries (backoff, jitter, Retry-After), redirects, decompression, a size cap and conditional
// requests; a body cut short is resumed only with If-Range on a strong ETag, else read again
// from the start. It returns parsed JSON and validators and knows nothing of the catalog model.

import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { Agent, interceptors, type Dispatcher } from 'undici';
import type RetryHandler from 'undici/types/retry-handler';
import { visible } from '../core/catalog/controlChars';
import {
  abortError,
  backoff as backoffStep,
  CatalogHttpError,
  DEFAULT_REQUEST_LIMITS,
  formatBytes,
  isStrongEtag,
  parseBaseUrl,
  parseJsonBody,
  parseRetryAfter,
  seconds,
  sleep,
  TOOL_VERSION,
  type CatalogGetter,
  type GetOptions,
  type GetResult,
  type RequestLimits,
  type Validators,
} from './endpoints';
import { messageOf } from '../protocol/errors';

/** Limits and policies of the client. Every field has a default (see `DEFAULT_HTTP_OPTIONS`). */
export interface HttpOptions extends RequestLimits {
  /** Time to establish a connection (TCP and TLS), per attempt. */
  readonly connectTimeoutMs: number;
  /** Redirects followed before giving up. */
  readonly maxRedirects: number;
  readonly userAgent: string;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  ...DEFAULT_REQUEST_LIMITS,
  connectTimeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: `bdscript-tooling/${TOOL_VERSION} (BDScript catalog client)`,
};

/**
 * A client for one catalog base URL. Create one per base URL and `close()` it when done; it
 * owns its connection pool unless a dispatcher is handed in (tests use undici's MockAgent).
 */
export class CatalogClient implements CatalogGetter {
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
          // Network failures are retried by attemptWithRetries, which resumes bodies safely.
          errorCodes: [],
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
      return await Promise.race([this.attemptWithRetries(url, path, opts.validators, signal, deadline), aborted]);
    } catch (err) {
      throw toHttpError(url, err, o);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Runs attempts until one succeeds, retrying network failures (undici's interceptor retries
   * only error statuses, honouring Retry-After, and never touches a body). A body cut short is
   * resumed only when its response had a strong ETag: a Range request with If-Range, which the
   * server answers with the rest (206) or, if the resource changed meanwhile, with the whole new
   * version (200), which is then read from the start. Without a strong ETag the request starts
   * over. Either way the body is never spliced from two versions.
   */
  private async attemptWithRetries(
    url: string,
    path: string,
    validators: Validators | undefined,
    signal: AbortSignal,
    deadline: number,
  ): Promise<GetResult> {
    const o = this.options;
    let partial: ResumableBody | undefined;
    for (let retry = 1; ; retry++) {
      try {
        return await this.attempt(url, path, validators, signal, deadline, partial);
      } catch (err) {
        const cut = err instanceof BodyCut ? err : undefined;
        const cause = cut ? cut.cause : err;
        if (!cut && !isRetriedNetworkError(cause)) throw cause;
        if (retry > o.maxRetries) throw cause;
        const wait = backoff(o, retry);
        if (Date.now() + wait >= deadline) throw withNote(cause as Error, 'no time left for another attempt');
        partial = cut?.partial;
        await sleep(wait, signal);
      }
    }
  }

  /** One request; with `partial`, a resumption of that body (Range and If-Range). */
  private async attempt(
    url: string,
    path: string,
    validators: Validators | undefined,
    signal: AbortSignal,
    deadline: number,
    partial: ResumableBody | undefined,
  ): Promise<GetResult> {
    const o = this.options;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      'user-agent': o.userAgent,
    };
    if (partial) {
      headers['range'] = `bytes=${partial.size}-`;
      headers['if-range'] = partial.etag;
    } else {
      if (validators?.etag) headers['if-none-match'] = validators.etag;
      if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    }
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
    const encoding = (header(res.headers, 'content-encoding') ?? 'identity').trim().toLowerCase();
    let body: PartialBody;
    if (partial && res.statusCode === 206) {
      // The rest of the same version, or nothing: a different start, ETag or coding means the
      // server did not honour If-Range, and the body starts over.
      const range = /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(header(res.headers, 'content-range') ?? '');
      if (
        !range ||
        Number(range[1]) !== partial.size ||
        (got.etag !== undefined && got.etag !== partial.etag) ||
        encoding !== partial.encoding
      ) {
        await res.body.dump();
        throw new BodyCut(
          new CatalogHttpError(url, 'the server answered the resumed download with another part or version'),
          undefined,
        );
      }
      body = partial;
    } else {
      // A fresh answer (a resumption answered 200 means the resource changed: read it whole).
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
      if (res.statusCode < 200 || res.statusCode >= 300 || res.statusCode === 206) {
        await res.body.dump();
        throw new CatalogHttpError(url, `HTTP ${res.statusCode}`, res.statusCode);
      }
      const contentType = header(res.headers, 'content-type') ?? '';
      if (/\bhtml\b/i.test(contentType)) {
        // A captive portal or a misconfigured proxy: nothing in that body is worth reading.
        discard(res.body);
        throw new CatalogHttpError(
          url,
          `expected JSON but got an HTML page (${visible((contentType.split(';')[0] ?? '').trim().slice(0, 100))}), HTTP ${res.statusCode}`,
          res.statusCode,
        );
      }
      if (!Object.hasOwn(DECODERS, encoding)) {
        discard(res.body);
        throw new CatalogHttpError(
          url,
          `unsupported Content-Encoding "${visible(encoding.slice(0, 100))}"`,
          res.statusCode,
        );
      }
      const etag = got.etag !== undefined && isStrongEtag(got.etag) ? got.etag : undefined;
      body = { chunks: [], size: 0, encoding, validators: got, status: res.statusCode, ...(etag ? { etag } : {}) };
    }
    // The agent's maxResponseSize caps each response on the wire; this caps them together.
    try {
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        body.size += chunk.length;
        if (body.size > o.maxBytes)
          throw new CatalogHttpError(url, `response larger than the limit of ${formatBytes(o.maxBytes)}`);
        body.chunks.push(chunk);
      }
    } catch (err) {
      if (!res.body.readableEnded) discard(res.body);
      if (isRetriedNetworkError(err))
        throw new BodyCut(err, body.etag !== undefined && body.size > 0 ? (body as ResumableBody) : undefined);
      throw err;
    }
    const { json, bytes } = await parseBody(url, body, o.maxBytes);
    return { kind: 'ok', url, json, validators: body.validators, bytes };
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
 * undici's retry policy hook, for error statuses only (429 and 5xx): exponential backoff with
 * jitter (each wait drawn from the upper half of its step), `Retry-After` honoured up to
 * `maxRetryDelayMs`, and never a wait that would end past the request's deadline (the total
 * time limit also aborts the wait). Network failures are retried by `attemptWithRetries`, which
 * alone may resume a body: undici would resume one with a Range request that is not
 * conditional when the response had no strong ETag.
 */
function retryPolicy(o: HttpOptions, deadline: number): RetryHandler.RetryCallback {
  return (err, { state }, cb) => {
    const e = err as Error & {
      statusCode?: number;
      code?: string;
      headers?: Record<string, string | string[] | undefined>;
    };
    const status = e.statusCode;
    if (e.code !== 'UND_ERR_REQ_RETRY' || typeof status !== 'number' || ![429, 500, 502, 503, 504].includes(status))
      return cb(err);
    if (state.counter > o.maxRetries) return cb(err);
    let wait = backoff(o, state.counter);
    const retryAfter = parseRetryAfter(e.headers?.['retry-after']);
    if (retryAfter !== undefined) {
      if (retryAfter > o.maxRetryDelayMs)
        return cb(
          withNote(
            err,
            `Retry-After asks for ${seconds(retryAfter)}, more than the ${seconds(o.maxRetryDelayMs)} allowed`,
          ),
        );
      wait = retryAfter + Math.random() * Math.min(250, o.minRetryDelayMs);
    }
    if (Date.now() + wait >= deadline) return cb(withNote(err, 'no time left for another attempt'));
    const timer = setTimeout(() => cb(null), wait);
    timer.unref?.();
  };
}

/** The wait before retry number `retry` (1 for the first): doubling steps, each drawn from its upper half. */
function backoff(o: HttpOptions, retry: number): number {
  return backoffStep(o.minRetryDelayMs, o.maxRetryDelayMs, retry);
}

/** Whether `err` is a network failure worth another attempt (the connection failed, not the request). */
function isRetriedNetworkError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (RETRIED_ERROR_CODES as readonly string[]).includes(code);
}

/** A body read so far, kept to resume it: the raw bytes (still content-coded) and what identifies the version. */
interface PartialBody {
  readonly chunks: Buffer[];
  size: number;
  readonly encoding: string;
  readonly validators: Validators;
  readonly status: number;
  /** The response's strong ETag; a body without one is never resumed. */
  readonly etag?: string;
}

/** A partial body that may be resumed: it has a strong ETag and some bytes. */
type ResumableBody = PartialBody & { readonly etag: string };

/** A body cut short by a network failure: `partial` when it may be resumed, undefined to start over. */
class BodyCut extends Error {
  constructor(
    override readonly cause: unknown,
    readonly partial: ResumableBody | undefined,
  ) {
    super('body cut short');
  }
}

/** Undoes the content coding (capped at `maxBytes`), checks UTF-8 and parses the JSON. */
async function parseBody(
  url: string,
  partial: PartialBody,
  maxBytes: number,
): Promise<{ json: unknown; bytes: number }> {
  const raw =
    partial.chunks.length === 1 && partial.chunks[0] ? partial.chunks[0] : Buffer.concat(partial.chunks, partial.size);
  let body: Buffer = raw;
  const decode = DECODERS[partial.encoding];
  if (decode) {
    try {
      // maxOutputLength stops a small compressed body that inflates a thousandfold.
      body = await decode(raw, maxBytes);
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
        throw new CatalogHttpError(url, `response larger than the limit of ${formatBytes(maxBytes)} once decompressed`);
      }
      throw err;
    }
  }
  return parseJsonBody(url, body, partial.status);
}

function withNote(err: Error, note: string): Error {
  (err as Error & { retryNote?: string }).retryNote = note;
  return err;
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

/** Content-Encoding values we accept and how to undo them (output capped); null for none. */
const DECODERS: Readonly<Record<string, ((body: Buffer, maxBytes: number) => Promise<Buffer>) | null>> = {
  identity: null,
  gzip: (body, maxBytes) => promisify(zlib.gunzip)(body, { maxOutputLength: maxBytes }),
  'x-gzip': (body, maxBytes) => promisify(zlib.gunzip)(body, { maxOutputLength: maxBytes }),
  br: (body, maxBytes) => promisify(zlib.brotliDecompress)(body, { maxOutputLength: maxBytes }),
  deflate: (body, maxBytes) => promisify(zlib.inflate)(body, { maxOutputLength: maxBytes }),
};

/** Turns whatever undici or our own code threw into a CatalogHttpError naming the request. */
function toHttpError(url: string, err: unknown, o: HttpOptions): CatalogHttpError {
  if (err instanceof CatalogHttpError) return err;
  const e = err as Error & {
    code?: string;
    statusCode?: number;
    errors?: Array<{ code?: string }>;
    retryNote?: string;
    data?: { count?: number };
  };
  const code = e?.code ?? e?.errors?.find((x) => x?.code)?.code;
  const note = e?.retryNote ? `; ${e.retryNote}` : '';
  let reason: string;
  switch (code) {
    case 'UND_ERR_REQ_RETRY': {
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
      if (
        typeof code === 'string' &&
        (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__'))
      ) {
        reason = `corrupt compressed body (${e.message})`;
      } else {
        reason = messageOf(err);
      }
  }
  return new CatalogHttpError(url, reason + note, undefined, code);
}

function definedOnly<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
