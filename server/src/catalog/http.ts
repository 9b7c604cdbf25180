// The catalog HTTP client: GETs of the seven catalog endpoints over undici, under the retry,
// time-limit and size-cap policy every catalog client shares (requestPolicy.ts), with what the
// transport adds: connection and per-attempt time limits, redirects, decompression (capped too)
// and conditional requests; a body cut short is resumed only with If-Range on a strong ETag, else
// read again from the start. It returns parsed JSON and validators and knows nothing of the
// catalog model.

import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { Agent, interceptors, type Dispatcher } from 'undici';
import { visible } from '../core/catalog/controlChars';
import {
  CatalogHttpError,
  DEFAULT_REQUEST_LIMITS,
  isStrongEtag,
  parseBaseUrl,
  parseJsonBody,
  seconds,
  TOOL_VERSION,
  type CatalogGetter,
  type GetOptions,
  type GetResult,
  type RequestLimits,
  type Validators,
} from './endpoints';
import { judgeAnswer, requestWithPolicy, RetryableFailure, tooLarge } from './requestPolicy';
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
      // Retries are the shared policy's (requestPolicy.ts), not an interceptor's, so that both
      // clients retry alike and only `attempt` ever resumes a body. Decompression happens in
      // `attempt` with node:zlib: undici 7's decompress interceptor prints an
      // ExperimentalWarning on stderr, which would end up in every CLI run.
      this.dispatcher = new Agent({
        connectTimeout: o.connectTimeoutMs,
        headersTimeout: o.headersTimeoutMs,
        bodyTimeout: o.bodyTimeoutMs,
        maxResponseSize: o.maxBytes,
        keepAliveTimeout: 4_000,
      }).compose(interceptors.redirect({ maxRedirections: o.maxRedirects }));
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
   * `totalTimeoutMs`. A body cut short is resumed only when its response had a strong ETag: a
   * Range request with If-Range, which the server answers with the rest (206) or, if the
   * resource changed meanwhile, with the whole new version (200), which is then read from the
   * start. Without a strong ETag the request starts over. Either way the body is never spliced
   * from two versions.
   */
  async getJson(path: string, opts: GetOptions = {}): Promise<GetResult> {
    const url = this.urlOf(path);
    return requestWithPolicy<GetResult, ResumableBody>(
      url,
      this.options,
      [opts.signal],
      (signal, previous) => this.attempt(url, path, opts.validators, signal, previous?.resume),
      (err) => toHttpError(url, err, this.options),
    );
  }

  /** One request; with `partial`, a resumption of that body (Range and If-Range). */
  private async attempt(
    url: string,
    path: string,
    validators: Validators | undefined,
    signal: AbortSignal,
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
    const request: Dispatcher.RequestOptions = {
      origin: this.origin,
      path: this.basePath + path,
      method: 'GET',
      headers,
      signal,
    };
    let res: Dispatcher.ResponseData;
    try {
      res = await this.dispatcher.request(request);
    } catch (err) {
      // A connection that failed may work the next time; a time limit of the attempt is final.
      if (isRetriedNetworkError(err)) throw new RetryableFailure(toHttpError(url, err, o));
      throw err;
    }
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
        throw new RetryableFailure(
          new CatalogHttpError(url, 'the server answered the resumed download with another part or version'),
        );
      }
      body = partial;
    } else {
      // A fresh answer (a resumption answered 200 means the resource changed: read it whole).
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
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
      let verdict: 'not-modified' | 'body';
      try {
        verdict = judgeAnswer(
          url,
          {
            status: res.statusCode,
            contentType: header(res.headers, 'content-type'),
            contentLength: header(res.headers, 'content-length'),
            retryAfter: header(res.headers, 'retry-after'),
          },
          o,
        );
      } catch (err) {
        discard(res.body);
        throw err;
      }
      if (verdict === 'not-modified') {
        await res.body.dump();
        // A 304 may omit validators it did not change; keep the ones we sent.
        return { kind: 'not-modified', url, validators: { ...validators, ...got } };
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
        if (body.size > o.maxBytes) throw tooLarge(url, o.maxBytes);
        body.chunks.push(chunk);
      }
    } catch (err) {
      if (!res.body.readableEnded) discard(res.body);
      if (isRetriedNetworkError(err))
        throw new RetryableFailure(toHttpError(url, err, o), {
          resume: body.etag !== undefined && body.size > 0 ? (body as ResumableBody) : undefined,
        });
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
        throw tooLarge(url, maxBytes, undefined, ' once decompressed');
      }
      throw err;
    }
  }
  return parseJsonBody(url, body, partial.status);
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
  };
  const code = e?.code ?? e?.errors?.find((x) => x?.code)?.code;
  let reason: string;
  switch (code) {
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
      return tooLarge(url, o.maxBytes);
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
  return new CatalogHttpError(url, reason, undefined, code);
}

function definedOnly<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
