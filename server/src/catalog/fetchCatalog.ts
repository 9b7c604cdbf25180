// Fetching a live catalog: the five list endpoints GET in parallel over whatever HTTP client is
// handed in (undici in Node, fetch in the web worker), each answer decoded and judged (judge.ts),
// conditional when the data in use has validators. No Node API is used here.

import type { CatalogData, CatalogProblem } from '../core/catalog/model';
import type { EndpointValidators } from './cacheFormat';
import { CatalogHttpError, LIST_ENDPOINTS, type CatalogGetter, type GetResult, type ListEndpoint } from './endpoints';
import { judgePart, MIN_KEPT_SHARE, type ShrinkFloor } from './judge';
import { messageOf } from '../protocol/errors';

/** The piece of catalog data each list endpoint supplies. */
const PART_OF: Readonly<Record<ListEndpoint, keyof CatalogData>> = {
  '/function_list': 'functions',
  '/callback_list': 'callbacks',
  '/function_tag_list': 'functionTags',
  '/callback_tag_list': 'callbackTags',
  '/emoji_alias_list': 'emoji',
};

export interface FetchCatalogOptions {
  /** The data we hold and the validators it came with: makes the GETs conditional. */
  readonly current?: { readonly data: CatalogData; readonly validators: EndpointValidators };
  /** The sizes the function and callback lists may not fall below half of; none for a first fetch (`catalog pull`). */
  readonly floor?: ShrinkFloor;
  readonly signal?: AbortSignal;
}

export type FetchCatalogResult =
  | {
      readonly ok: true;
      /** `not-modified` when every endpoint answered 304. */
      readonly kind: 'updated' | 'not-modified';
      readonly data: CatalogData;
      readonly validators: EndpointValidators;
      /** What decoding noticed in the accepted data (all below the refusal threshold). */
      readonly problems: readonly CatalogProblem[];
    }
  | {
      readonly ok: false;
      /** One line per failed or refused endpoint, naming it and the reason. */
      readonly problems: readonly string[];
    };

/**
 * GETs the five list endpoints in parallel, decodes them and applies the acceptance rule. The
 * first failure cancels the other requests. Never throws.
 */
export async function fetchCatalog(client: CatalogGetter, opts: FetchCatalogOptions = {}): Promise<FetchCatalogResult> {
  const cancel = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, cancel.signal]) : cancel.signal;
  const failures: string[] = [];
  const results = await Promise.all(
    LIST_ENDPOINTS.map(async (endpoint): Promise<GetResult | undefined> => {
      try {
        return await client.getJson(endpoint, { validators: opts.current?.validators[endpoint], signal });
      } catch (err) {
        // Requests we cancelled ourselves are not news; the failure that caused it is.
        if (!(cancel.signal.aborted && err instanceof CatalogHttpError && err.reason === 'cancelled')) {
          // An error names its request; anything else thrown gets the request named here.
          failures.push(err instanceof Error ? messageOf(err) : `GET ${client.urlOf(endpoint)}: ${messageOf(err)}`);
        }
        cancel.abort();
        return undefined;
      }
    }),
  );
  if (failures.length > 0) return { ok: false, problems: failures };

  const parts: Partial<{ -readonly [K in keyof CatalogData]: CatalogData[K] }> = {};
  const validators: Partial<Record<ListEndpoint, { etag?: string; lastModified?: string }>> = {};
  const problems: CatalogProblem[] = [];
  let allNotModified = true;
  LIST_ENDPOINTS.forEach((endpoint, i) => {
    const r = results[i];
    // One result per endpoint, in order; a missing one would be a bug in the fetch above.
    if (!r) throw new Error(`no result for ${endpoint}`);
    const url = client.urlOf(endpoint);
    validators[endpoint] = r.validators;
    const key = PART_OF[endpoint];
    if (r.kind === 'not-modified') {
      if (!opts.current?.validators[endpoint]) {
        failures.push(`GET ${url}: 304 Not Modified answered to a request that was not conditional`);
        return;
      }
      (parts as Record<string, unknown>)[key] = opts.current.data[key];
      return;
    }
    allNotModified = false;
    const judged = judgePart(endpoint, r.json, url);
    if (typeof judged === 'string') {
      failures.push(`GET ${url}: refused: ${judged}`);
      return;
    }
    problems.push(...judged.problems);
    (parts as Record<string, unknown>)[key] = judged.value;
  });
  if (failures.length > 0) return { ok: false, problems: failures };
  const data = parts as CatalogData;

  if (opts.floor) {
    for (const [endpoint, key] of [
      ['/function_list', 'functions'],
      ['/callback_list', 'callbacks'],
    ] as const) {
      const floor = opts.floor[key];
      const after = data[key].length;
      if (floor && floor.count > 0 && after < floor.count * MIN_KEPT_SHARE) {
        failures.push(
          `GET ${client.urlOf(endpoint)}: refused: ${after} record${after === 1 ? '' : 's'} where ${floor.what} ${floor.count}` +
            ` (shrank by more than ${Math.round((1 - MIN_KEPT_SHARE) * 100)}%)${floor.hint ? `; ${floor.hint}` : ''}`,
        );
      }
    }
    if (failures.length > 0) return { ok: false, problems: failures };
  }
  return { ok: true, kind: allNotModified ? 'not-modified' : 'updated', data, validators, problems };
}
