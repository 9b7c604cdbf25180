// What every catalog HTTP client shares, whatever it runs on (undici in Node, `fetch` in a web
// worker): the list endpoints, validators and the shape of an answer, the error that names the
// request, the base URL rules and the one way a body becomes JSON. No Node API is used here, so
// the browser build bundles it unchanged.

import { version as TOOL_VERSION } from '../../../package.json';
import { messageOf } from '../protocol/errors';

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

export interface GetOptions {
  /** Validators of the copy we hold; makes the request conditional. */
  readonly validators?: Validators;
  /** Aborts the request (for example when a whole refresh runs out of time). */
  readonly signal?: AbortSignal;
}

/** The limits every catalog HTTP client keeps. */
export interface RequestLimits {
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
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 20_000,
  totalTimeoutMs: 60_000,
  maxBytes: 32 * 1024 * 1024,
  maxRetries: 3,
  minRetryDelayMs: 500,
  maxRetryDelayMs: 15_000,
};

/**
 * What a refresh needs of an HTTP client for one base URL. `getJson` resolves with the JSON or a
 * not-modified answer and rejects only with CatalogHttpError, within its own time limit.
 */
export interface CatalogGetter {
  readonly baseUrl: string;
  /** The absolute URL of an endpoint path (`/function_list`, `/function/%24c%5B%5D`). */
  urlOf(path: string): string;
  getJson(path: string, opts?: GetOptions): Promise<GetResult>;
  /** Closes connections at once, aborting what is in flight. */
  destroy(): Promise<void>;
}

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

/** Throws CatalogHttpError when `baseUrl` is not an http(s) URL without query, fragment or credentials. */
export function parseBaseUrl(baseUrl: string): URL {
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

/** The base URL a client requests under: `baseUrl` checked by parseBaseUrl, without trailing slashes. */
export function normalizeBaseUrl(baseUrl: string): string {
  const url = parseBaseUrl(baseUrl);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * The path of a per-tag endpoint with the tag percent-encoded as one path segment:
 * `tagPath('function', '$c[]')` is `/function/%24c%5B%5D`, which a server decodes back to `$c[]`.
 */
export function tagPath(kind: 'function' | 'callback', tag: string): string {
  return `/${kind}/${encodeURIComponent(tag)}`;
}

/** A strong ETag (`"abc"`): a weak one (`W/"abc"`) does not promise the same bytes, so it cannot resume a download. */
export function isStrongEtag(etag: string): boolean {
  return /^"[^"]*"$/.test(etag.trim());
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or bad. */
export function parseRetryAfter(value: string | string[] | null | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v === null || v.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * The JSON of a decoded response body: checks it is not empty, is valid UTF-8 and parses, and
 * says which of these failed (a body cut short reads as truncated JSON). Throws CatalogHttpError.
 */
export function parseJsonBody(url: string, body: Uint8Array, status: number): { json: unknown; bytes: number } {
  const size = body.length;
  if (size === 0) throw new CatalogHttpError(url, `empty body (HTTP ${status})`, status);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new CatalogHttpError(url, `body is not valid UTF-8 (${formatBytes(size)})`, status);
  }
  try {
    return { json: JSON.parse(text), bytes: size };
  } catch (err) {
    const what = isTruncation(text, messageOf(err)) ? 'truncated JSON' : 'invalid JSON';
    throw new CatalogHttpError(url, `${what} (${formatBytes(size)}): ${messageOf(err)}`, status);
  }
}

/** Whether JSON.parse failed because the text ended early rather than on a wrong character. */
function isTruncation(text: string, message: string): boolean {
  if (/end of JSON input/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= text.trimEnd().length;
}

/** The wait before retry number `retry` (1 for the first): doubling steps, each drawn from its upper half. */
export function backoff(minRetryDelayMs: number, maxRetryDelayMs: number, retry: number): number {
  const step = Math.min(minRetryDelayMs * 2 ** Math.max(0, retry - 1), maxRetryDelayMs);
  return step / 2 + Math.random() * (step / 2);
}

/** The error for a request its signal ended: the time limit's own error, a caller's time limit, or a cancellation. */
export function abortError(url: string, reason: unknown): CatalogHttpError {
  if (reason instanceof CatalogHttpError) return reason;
  if ((reason as Error | undefined)?.name === 'TimeoutError')
    return new CatalogHttpError(url, "timed out (the caller's time limit)");
  return new CatalogHttpError(url, 'cancelled');
}

/** Waits `ms`, or less when `signal` aborts (the caller's race reports the abort). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
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
