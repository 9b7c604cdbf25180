// The one retry, time-limit and size-cap policy of the catalog's HTTP clients (undici in Node,
// `fetch` in the web worker): a transport makes one attempt at a time and reports what it got,
// and this module decides what is tried again, how long to wait, which answers are refused and
// where a body is cut off. Connection failures, cut bodies, 429 and 5xx are retried; a time
// limit of one attempt is not. No Node API is used here.

import { visible } from '../core/catalog/controlChars';
import {
  abortError,
  backoff,
  CatalogHttpError,
  formatBytes,
  parseRetryAfter,
  seconds,
  sleep,
  type RequestLimits,
} from './endpoints';

/** Statuses worth another attempt: the server is busy or failing, not refusing. */
export const RETRIED_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/**
 * An attempt that another may fix: a connection that failed, a body cut short, or a retried
 * status (`answered`, with its Retry-After). `resume` is what the transport keeps for the next
 * attempt (the part of a body it may resume, or that validators should be left out).
 */
export class RetryableFailure<R = undefined> extends Error {
  constructor(
    readonly error: CatalogHttpError,
    readonly options: { readonly answered?: boolean; readonly retryAfterMs?: number; readonly resume?: R } = {},
  ) {
    super(error.message);
  }

  get resume(): R | undefined {
    return this.options.resume;
  }
}

/**
 * Runs `attempt` under the policy: the total time limit (its own error, and a race so that an
 * abort not noticed below still ends the request), the caller's signals, and the retries. Each
 * attempt gets the signal to stop on and the failure of the attempt before it, if any. Rejects
 * only with CatalogHttpError.
 */
export async function requestWithPolicy<T, R>(
  url: string,
  limits: RequestLimits,
  signals: readonly (AbortSignal | undefined)[],
  attempt: (signal: AbortSignal, previous: RetryableFailure<R> | undefined) => Promise<T>,
  describe: (err: unknown) => CatalogHttpError,
): Promise<T> {
  const deadline = Date.now() + limits.totalTimeoutMs;
  const total = new AbortController();
  const timer = setTimeout(
    () => total.abort(new CatalogHttpError(url, `no complete answer within ${seconds(limits.totalTimeoutMs)}`)),
    limits.totalTimeoutMs,
  );
  const signal = AbortSignal.any([total.signal, ...signals.filter((s): s is AbortSignal => s !== undefined)]);
  // The total time limit must hold even if an abort is not noticed somewhere below us.
  let rejectOnAbort: (e: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => (rejectOnAbort = reject));
  const onAbort = (): void => rejectOnAbort(abortError(url, signal.reason));
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  try {
    return await Promise.race([withRetries(url, limits, deadline, signal, attempt), aborted]);
  } catch (err) {
    throw err instanceof CatalogHttpError ? err : describe(err);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

async function withRetries<T, R>(
  url: string,
  limits: RequestLimits,
  deadline: number,
  signal: AbortSignal,
  attempt: (signal: AbortSignal, previous: RetryableFailure<R> | undefined) => Promise<T>,
): Promise<T> {
  let previous: RetryableFailure<R> | undefined;
  for (let retry = 1; ; retry++) {
    if (signal.aborted) throw abortError(url, signal.reason);
    try {
      return await attempt(signal, previous);
    } catch (err) {
      if (signal.aborted) throw abortError(url, signal.reason);
      if (!(err instanceof RetryableFailure)) throw err;
      await sleep(waitBeforeRetry(limits, retry, err, deadline), signal);
      previous = err;
    }
  }
}

/** How long to wait before retry number `retry` (1 for the first); throws when no retry is left. */
function waitBeforeRetry<R>(
  limits: RequestLimits,
  retry: number,
  failure: RetryableFailure<R>,
  deadline: number,
): number {
  const { error } = failure;
  if (retry > limits.maxRetries) {
    // A server that answered each time with an error status is counted; a connection failure
    // says what failed.
    if (!failure.options.answered || retry === 1) throw error;
    throw new CatalogHttpError(error.url, `${error.reason} (after ${retry} attempts)`, error.status, error.code);
  }
  let wait = backoff(limits.minRetryDelayMs, limits.maxRetryDelayMs, retry);
  const retryAfter = failure.options.retryAfterMs;
  if (retryAfter !== undefined) {
    if (retryAfter > limits.maxRetryDelayMs) {
      throw new CatalogHttpError(
        error.url,
        `${error.reason}; Retry-After asks for ${seconds(retryAfter)}, more than the ${seconds(limits.maxRetryDelayMs)} allowed`,
        error.status,
        error.code,
      );
    }
    wait = retryAfter + Math.random() * Math.min(250, limits.minRetryDelayMs);
  }
  if (Date.now() + wait >= deadline)
    throw new CatalogHttpError(
      error.url,
      `${error.reason}; no time left for another attempt`,
      error.status,
      error.code,
    );
  return wait;
}

/** What an answer's status and headers say, read the same way by every transport. */
export interface AnswerHead {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly contentLength: string | undefined;
  readonly retryAfter: string | undefined;
}

/**
 * Judges an answer's status and headers: `not-modified` for a 304, `body` when the body is worth
 * reading; throws a RetryableFailure for a retried status, CatalogHttpError for a refusal.
 */
export function judgeAnswer(url: string, head: AnswerHead, limits: RequestLimits): 'not-modified' | 'body' {
  const { status } = head;
  if (status === 304) return 'not-modified';
  if (RETRIED_STATUSES.includes(status))
    throw new RetryableFailure(new CatalogHttpError(url, `HTTP ${status}`, status), {
      answered: true,
      retryAfterMs: parseRetryAfter(head.retryAfter),
    });
  if (status < 200 || status >= 300 || status === 206) throw new CatalogHttpError(url, `HTTP ${status}`, status);
  const contentType = head.contentType ?? '';
  if (/\bhtml\b/i.test(contentType)) {
    // A captive portal or a misconfigured proxy: nothing in that body is worth reading.
    throw new CatalogHttpError(
      url,
      `expected JSON but got an HTML page (${visible((contentType.split(';')[0] ?? '').trim().slice(0, 100))}), HTTP ${status}`,
      status,
    );
  }
  if (Number(head.contentLength ?? NaN) > limits.maxBytes) throw tooLarge(url, limits.maxBytes, status);
  return 'body';
}

/** The refusal of a body over the cap (`when` says at which stage, as " once decompressed"). */
export function tooLarge(url: string, maxBytes: number, status?: number, when = ''): CatalogHttpError {
  return new CatalogHttpError(url, `response larger than the limit of ${formatBytes(maxBytes)}${when}`, status);
}

/** A body read as it arrives, refused as soon as it passes the cap. */
export class CappedBody {
  readonly chunks: Uint8Array[] = [];
  size = 0;

  constructor(
    private readonly url: string,
    private readonly maxBytes: number,
    private readonly status?: number,
  ) {}

  /** Takes the next piece; throws the refusal when the body passes the cap. */
  add(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw tooLarge(this.url, this.maxBytes, this.status);
    this.chunks.push(chunk);
  }

  /** The pieces as one array. */
  bytes(): Uint8Array {
    const only = this.chunks.length === 1 ? this.chunks[0] : undefined;
    if (only) return only;
    const body = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      body.set(c, at);
      at += c.length;
    }
    return body;
  }
}
