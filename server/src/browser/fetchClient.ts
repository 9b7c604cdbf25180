// The catalog HTTP client of the web worker, on `fetch`: the same answers and errors as the
// Node client, under the same retry, time-limit and size-cap policy (requestPolicy.ts), with
// time limits of its own on the headers and on each pause in the body. The browser does
// redirects and decompression; cookies are never sent. A body cut short is read again from the
// start: without the Node client's If-Range handling it is never resumed, so never spliced.
// Validators make a cross-origin request need a CORS preflight, which some static hosts do not
// answer; a conditional request that gets no answer at all is therefore retried without them.

import {
  CatalogHttpError,
  DEFAULT_REQUEST_LIMITS,
  parseBaseUrl,
  parseJsonBody,
  seconds,
  type CatalogGetter,
  type GetOptions,
  type GetResult,
  type RequestLimits,
  type Validators,
} from '../catalog/endpoints';
import { CappedBody, judgeAnswer, requestWithPolicy, RetryableFailure } from '../catalog/requestPolicy';
import { messageOf } from '../protocol/errors';

/** The fetch client's limits: the Node client's, less what the browser does itself (connecting, redirects, the User-Agent). */
export type FetchOptions = RequestLimits;

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

/** What a failed attempt leaves for the next: no answer came, so the next goes without validators. */
const NO_ANSWER = 'no answer';

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
    let validators = opts.validators;
    return requestWithPolicy<GetResult, typeof NO_ANSWER>(
      url,
      this.options,
      [this.closed.signal, opts.signal],
      (signal, previous) => {
        // The browser does not say whether the preflight that validators need was refused; a
        // plain GET needs none. The price of a real network failure is one full download.
        if (previous?.resume === NO_ANSWER) validators = undefined;
        return this.attempt(url, validators, signal);
      },
      (err) => new CatalogHttpError(url, messageOf(err)),
    );
  }

  /** One request; a RetryableFailure when another attempt may succeed (requestPolicy.ts decides). */
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
        // A time limit of the attempt is not retried.
        if (stalled) throw new CatalogHttpError(url, stalled);
        // The browser does not say why a fetch failed (DNS, refused, CORS, a policy): one message for all.
        throw new RetryableFailure(
          new CatalogHttpError(
            url,
            `no answer (the network failed, or the server refused the request or CORS: ${messageOf(err)})`,
          ),
          { resume: NO_ANSWER },
        );
      }
      clearTimeout(timer);
      const got = responseValidators(res.headers);
      let verdict: 'not-modified' | 'body';
      try {
        verdict = judgeAnswer(
          url,
          {
            status: res.status,
            contentType: res.headers.get('content-type') ?? undefined,
            contentLength: res.headers.get('content-length') ?? undefined,
            retryAfter: res.headers.get('retry-after') ?? undefined,
          },
          o,
        );
      } catch (err) {
        await res.body?.cancel().catch(() => undefined);
        throw err;
      }
      if (verdict === 'not-modified') {
        await res.body?.cancel().catch(() => undefined);
        return { kind: 'not-modified', url, validators: { ...validators, ...got } };
      }
      const body = new CappedBody(url, o.maxBytes, res.status);
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
            if (stalled) throw new CatalogHttpError(url, stalled, res.status);
            throw new RetryableFailure(
              new CatalogHttpError(
                url,
                `connection closed before the response was complete (${messageOf(err)})`,
                res.status,
              ),
            );
          }
          if (next.done || !next.value) break;
          try {
            body.add(next.value);
          } catch (err) {
            await reader.cancel().catch(() => undefined);
            throw err;
          }
        }
      }
      const { json, bytes } = parseJsonBody(url, body.bytes(), res.status);
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
