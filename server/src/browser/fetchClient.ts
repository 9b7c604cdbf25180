// The catalog HTTP client of the web worker, on `fetch`: the same answers and errors as the
// Node client (endpoints.ts) with time limits on the headers, each pause in the body and the
// whole request, retries with backoff and jitter on network errors, 5xx and 429 (honouring a
// readable Retry-After), a cap on the body's size and conditional requests. The browser does
// redirects and decompression; cookies are never sent. A body cut short is read again from the
// start: without the Node client's If-Range handling it is never resumed, so never spliced.
// Validators make a cross-origin request need a CORS preflight, which some static hosts do not
// answer; a conditional request that fails at the network is therefore retried without them.

import { messageOf } from '../protocol/errors';
import {
  abortError,
  backoff,
  CatalogHttpError,
  DEFAULT_REQUEST_LIMITS,
  formatBytes,
  parseBaseUrl,
  parseJsonBody,
  parseRetryAfter,
  seconds,
  sleep,
  type CatalogGetter,
  type GetOptions,
  type GetResult,
  type RequestLimits,
  type Validators,
} from '../catalog/endpoints';

/** The fetch client's limits: the Node client's, less what the browser does itself (connecting, redirects, the User-Agent). */
export type FetchOptions = RequestLimits;

/** Statuses worth another attempt: the server is busy or failing, not refusing. */
const RETRIED_STATUSES = [429, 500, 502, 503, 504];

/** What the client asks of `fetch` (the browser's, or a test's). */
export interface FetchInit {
  readonly method: 'GET';
  readonly headers: Record<string, string>;
  readonly signal: AbortSignal;
  readonly cache: 'no-store';
  readonly credentials: 'omit';
  readonly redirect: 'follow';
  readonly mode: 'cors';
}

export type Fetch = (input: string, init: FetchInit) => Promise<Response>;

/** An attempt that may be repeated: a network failure or a retried status (with its Retry-After). */
class Retryable extends Error {
  constructor(
    readonly error: CatalogHttpError,
    readonly retryAfterMs?: number,
    /** No answer came at all (fetch itself failed), as when a CORS preflight is refused. */
    readonly noAnswer = false,
  ) {
    super(error.message);
  }
}

export class FetchCatalogClient implements CatalogGetter {
  readonly baseUrl: string;
  readonly options: FetchOptions;
  private readonly fetch: Fetch;
  /** Aborted by destroy(): every request in flight ends. */
  private readonly closed = new AbortController();

  /** Throws CatalogHttpError when `baseUrl` is not an http(s) URL. */
  constructor(baseUrl: string, options: Partial<FetchOptions> = {}, fetchFn?: Fetch) {
    const url = parseBaseUrl(baseUrl);
    this.baseUrl = url.origin + url.pathname.replace(/\/+$/, '');
    this.options = { ...DEFAULT_REQUEST_LIMITS, ...options };
    this.fetch = fetchFn ?? ((input, init) => fetch(input, init as RequestInit));
  }

  urlOf(path: string): string {
    return this.baseUrl + path;
  }

  async getJson(path: string, opts: GetOptions = {}): Promise<GetResult> {
    const url = this.urlOf(path);
    const o = this.options;
    const deadline = Date.now() + o.totalTimeoutMs;
    const total = new AbortController();
    const timer = setTimeout(
      () => total.abort(new CatalogHttpError(url, `no complete answer within ${seconds(o.totalTimeoutMs)}`)),
      o.totalTimeoutMs,
    );
    const signal = AbortSignal.any([total.signal, this.closed.signal, ...(opts.signal ? [opts.signal] : [])]);
    let validators = opts.validators;
    try {
      for (let retry = 1; ; retry++) {
        if (signal.aborted) throw abortError(url, signal.reason);
        try {
          return await this.attempt(url, validators, signal);
        } catch (err) {
          if (signal.aborted) throw abortError(url, signal.reason);
          if (!(err instanceof Retryable)) throw err;
          // The browser does not say whether the preflight that validators need was refused; a
          // plain GET needs none. The price of a real network failure is one full download.
          if (err.noAnswer) validators = undefined;
          if (retry > o.maxRetries) {
            throw new CatalogHttpError(
              url,
              `${err.error.reason} (after ${retry} attempt${retry === 1 ? '' : 's'})`,
              err.error.status,
            );
          }
          let wait = backoff(o.minRetryDelayMs, o.maxRetryDelayMs, retry);
          if (err.retryAfterMs !== undefined) {
            if (err.retryAfterMs > o.maxRetryDelayMs) {
              throw new CatalogHttpError(
                url,
                `${err.error.reason}; Retry-After asks for ${seconds(err.retryAfterMs)}, more than the ${seconds(o.maxRetryDelayMs)} allowed`,
                err.error.status,
              );
            }
            wait = err.retryAfterMs + Math.random() * Math.min(250, o.minRetryDelayMs);
          }
          if (Date.now() + wait >= deadline)
            throw new CatalogHttpError(url, `${err.error.reason}; no time left for another attempt`, err.error.status);
          await sleep(wait, signal);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** One request; a Retryable when another attempt may succeed. */
  private async attempt(url: string, validators: Validators | undefined, outer: AbortSignal): Promise<GetResult> {
    const o = this.options;
    const attempt = new AbortController();
    const signal = AbortSignal.any([outer, attempt.signal]);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    let stalled: string | undefined;
    let timer = setTimeout(() => {
      stalled = `no response within ${seconds(o.headersTimeoutMs)}`;
      attempt.abort();
    }, o.headersTimeoutMs);
    try {
      let res: Response;
      try {
        // no-store: validators are ours to send, and a 304 must reach us as a 304.
        res = await this.fetch(url, {
          method: 'GET',
          headers,
          signal,
          cache: 'no-store',
          credentials: 'omit',
          redirect: 'follow',
          mode: 'cors',
        });
      } catch (err) {
        if (outer.aborted) throw err;
        // The browser does not say why a fetch failed (DNS, refused, CORS, a policy): one message for all.
        throw new Retryable(
          new CatalogHttpError(
            url,
            stalled ?? `no answer (the network failed, or the server refused the request or CORS: ${messageOf(err)})`,
          ),
          undefined,
          true,
        );
      }
      clearTimeout(timer);
      const got = responseValidators(res.headers);
      if (res.status === 304) {
        await res.body?.cancel().catch(() => undefined);
        return { kind: 'not-modified', url, validators: { ...validators, ...got } };
      }
      if (RETRIED_STATUSES.includes(res.status)) {
        await res.body?.cancel().catch(() => undefined);
        throw new Retryable(
          new CatalogHttpError(url, `HTTP ${res.status}`, res.status),
          parseRetryAfter(res.headers.get('retry-after')),
        );
      }
      if (res.status < 200 || res.status >= 300 || res.status === 206) {
        await res.body?.cancel().catch(() => undefined);
        throw new CatalogHttpError(url, `HTTP ${res.status}`, res.status);
      }
      const contentType = res.headers.get('content-type') ?? '';
      if (/\bhtml\b/i.test(contentType)) {
        await res.body?.cancel().catch(() => undefined);
        throw new CatalogHttpError(
          url,
          `expected JSON but got an HTML page (${(contentType.split(';')[0] ?? '').trim().slice(0, 100)}), HTTP ${res.status}`,
          res.status,
        );
      }
      const declared = Number(res.headers.get('content-length') ?? NaN);
      if (declared > o.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw new CatalogHttpError(url, `response larger than the limit of ${formatBytes(o.maxBytes)}`, res.status);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = res.body?.getReader();
      if (reader) {
        for (;;) {
          clearTimeout(timer);
          timer = setTimeout(() => {
            stalled = `response body stalled for ${seconds(o.bodyTimeoutMs)}`;
            attempt.abort();
          }, o.bodyTimeoutMs);
          let next: { done: boolean; value?: Uint8Array };
          try {
            next = await reader.read();
          } catch (err) {
            if (outer.aborted) throw err;
            throw new Retryable(
              new CatalogHttpError(
                url,
                stalled ?? `connection closed before the response was complete (${messageOf(err)})`,
                res.status,
              ),
            );
          }
          if (next.done || !next.value) break;
          size += next.value.length;
          if (size > o.maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw new CatalogHttpError(url, `response larger than the limit of ${formatBytes(o.maxBytes)}`, res.status);
          }
          chunks.push(next.value);
        }
      }
      const body = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) {
        body.set(c, at);
        at += c.length;
      }
      const { json, bytes } = parseJsonBody(url, body, res.status);
      return { kind: 'ok', url, json, validators: got, bytes };
    } finally {
      clearTimeout(timer);
    }
  }

  async destroy(): Promise<void> {
    this.closed.abort();
  }
}

function responseValidators(headers: Headers): Validators {
  // A cross-origin server must list ETag in Access-Control-Expose-Headers for us to see it.
  const etag = headers.get('etag');
  const lastModified = headers.get('last-modified');
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}
