// The catalog cache's format, whatever holds it (a file in Node, the extension's storage in the
// browser): the last catalog a refresh accepted, in the snapshot format plus the fetch time, the
// base URL, each endpoint's validators and the largest counts the URL has served (the shrink
// check's floor). Decoding is strict: anything that does not fit is refused with the reason.

import { decodeSnapshot, SNAPSHOT_SCHEMA } from '../core/catalog/decode';
import { DECODE_LIMITS } from '../core/catalog/decodeReaders';
import { encodeSnapshot, stringifySnapshot, type Json } from '../core/catalog/encode';
import type { CatalogData, CatalogProblem } from '../core/catalog/model';
import { LIST_ENDPOINTS, TOOL_VERSION, type ListEndpoint, type Validators } from './endpoints';
import { messageOf } from '../protocol/errors';

/** The version of the cache envelope (the fields around the snapshot). Bump on any change. */
export const CACHE_FORMAT = 1;

export type EndpointValidators = Partial<Record<ListEndpoint, Validators>>;

/** What a cache file holds, decoded. */
export interface CacheContent {
  readonly data: CatalogData;
  /** The base URL the data was fetched from. */
  readonly baseUrl: string;
  /** When the data was last confirmed by the server (ISO 8601). */
  readonly fetchedAt: string;
  readonly validators: EndpointValidators;
  /**
   * The largest function and callback counts this URL has served, at least those of `data`: the
   * floor of the shrink check, which a source that shrinks a little on every refresh cannot lower.
   */
  readonly peak?: { readonly functions: number; readonly callbacks: number };
}

export type CacheReadResult =
  | { readonly ok: true; readonly content: CacheContent; readonly problems: readonly CatalogProblem[] }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/**
 * Checks and decodes the text of a cache for `baseUrl`; `location` names it in problems. Never
 * throws: text that does not parse, another format or schema, another base URL, or data that
 * does not decode cleanly give `{ok: false}` with the reason.
 */
export function decodeCacheText(text: string, baseUrl: string, location: string): CacheReadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, missing: false, reason: `not valid JSON (${messageOf(err)})` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, missing: false, reason: 'not a cache object' };
  const o = json as Record<string, unknown>;
  if (o['cacheFormat'] !== CACHE_FORMAT)
    return {
      ok: false,
      missing: false,
      reason: `cache format ${JSON.stringify(o['cacheFormat'])} is not ${CACHE_FORMAT}`,
    };
  if (o['schema'] !== SNAPSHOT_SCHEMA)
    return {
      ok: false,
      missing: false,
      reason: `snapshot schema ${JSON.stringify(o['schema'])} is not ${SNAPSHOT_SCHEMA}`,
    };
  if (o['baseUrl'] !== baseUrl)
    return { ok: false, missing: false, reason: `made for ${JSON.stringify(o['baseUrl'])}, not ${baseUrl}` };
  const fetchedAt = o['fetchedAt'];
  if (typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt)))
    return { ok: false, missing: false, reason: 'no valid fetchedAt' };
  const decoded = decodeSnapshot(json, location);
  const errors = decoded.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    return {
      ok: false,
      missing: false,
      reason: `does not decode cleanly (${errors.length} error${errors.length === 1 ? '' : 's'}, first: ${errors[0]?.message ?? 'unknown'})`,
    };
  }
  if (decoded.value.data.functions.length === 0) return { ok: false, missing: false, reason: 'holds no functions' };
  const data = decoded.value.data;
  return {
    ok: true,
    content: { data, baseUrl, fetchedAt, validators: readValidators(o['validators']), peak: readPeak(o['peak'], data) },
    problems: decoded.problems,
  };
}

/** Catalog data in the snapshot format, with provenance saying which tool wrote it from where. */
export function snapshotOf(data: CatalogData, what: string, source: string, date: string): Record<string, Json> {
  return encodeSnapshot(data, {
    generatedBy: `bdscript ${TOOL_VERSION} ${what}`,
    source,
    date,
    counts: {
      functions: data.functions.length,
      callbacks: data.callbacks.length,
      emoji: Object.keys(data.emoji).length,
      aliases: Object.values(data.emoji).reduce((n, a) => n + a.length, 0),
    },
  });
}

/** The text of a cache holding `content`, in the snapshot format's stable key order. */
export function encodeCacheText(content: CacheContent): string {
  const snapshot = snapshotOf(content.data, 'catalog cache', content.baseUrl, content.fetchedAt);
  const validators: Record<string, Json> = {};
  for (const endpoint of LIST_ENDPOINTS) {
    const v = content.validators[endpoint];
    if (v && (v.etag || v.lastModified)) validators[endpoint] = { ...v };
  }
  const envelope: Record<string, Json> = {
    cacheFormat: CACHE_FORMAT,
    ...snapshot,
    baseUrl: content.baseUrl,
    fetchedAt: content.fetchedAt,
    validators,
    peak: {
      functions: Math.max(content.peak?.functions ?? 0, content.data.functions.length),
      callbacks: Math.max(content.peak?.callbacks ?? 0, content.data.callbacks.length),
    },
  };
  return stringifySnapshot(envelope);
}

function readValidators(value: unknown): EndpointValidators {
  const out: Partial<Record<ListEndpoint, Validators>> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const endpoint of LIST_ENDPOINTS) {
    const v = (value as Record<string, unknown>)[endpoint];
    if (typeof v !== 'object' || v === null) continue;
    const etag = (v as Record<string, unknown>)['etag'];
    const lastModified = (v as Record<string, unknown>)['lastModified'];
    const validators: { etag?: string; lastModified?: string } = {};
    // Validators go back into request headers: only printable ASCII of a sane length.
    if (typeof etag === 'string' && isHeaderSafe(etag)) validators.etag = etag;
    if (typeof lastModified === 'string' && isHeaderSafe(lastModified)) validators.lastModified = lastModified;
    if (validators.etag || validators.lastModified) out[endpoint] = validators;
  }
  return out;
}

/**
 * The peak counts of a cache: at least the counts of its data; a recorded higher value is kept
 * when it is a sane count (caches written before the field existed have none).
 */
function readPeak(value: unknown, data: CatalogData): { functions: number; callbacks: number } {
  const count = (key: 'functions' | 'callbacks'): number => {
    const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    const recorded = typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= DECODE_LIMITS.maxRecords ? v : 0;
    return Math.max(recorded, data[key].length);
  };
  return { functions: count('functions'), callbacks: count('callbacks') };
}

function isHeaderSafe(s: string): boolean {
  return s.length > 0 && s.length <= 512 && /^[\x20-\x7e]+$/.test(s);
}
