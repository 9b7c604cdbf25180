// How a fetched catalog is judged, whatever fetched it: a list whose decoding dropped more than a
// tenth of its entries is refused (`judgePart`), and so is a function or callback list that shrank
// below half of the shrink floor (the catalog in use, the largest this URL served, the bundled
// one). Also the decoder's problems as the status's lines. No Node API is used here.

import { decodeCallbackList, decodeEmojiAliasMap, decodeFunctionList, decodeTagList } from '../core/catalog/decode';
import type { CatalogData, CatalogProblem, Decoded } from '../core/catalog/model';
import type { ListEndpoint } from './endpoints';

/**
 * The acceptance rule for fetched data: a list whose decoding dropped more than this share of
 * its entries is refused (the data is broken, not merely drifting).
 */
export const MAX_DROPPED_SHARE = 0.1;
/**
 * A function or callback list with fewer than this share of the records of the shrink floor is
 * refused: a catalog does not lose half its functions overnight; a broken server does.
 */
export const MIN_KEPT_SHARE = 0.5;

/** The record lists the shrink check guards. */
export type GuardedList = 'functions' | 'callbacks';

/** The size a guarded list may not fall below half of, and what set it (for the refusal). */
export interface FloorEntry {
  readonly count: number;
  /** Completes "… records where ___ N": `the catalog in use has`, `this URL has served` … */
  readonly what: string;
  /** Said after the refusal, e.g. how to accept a smaller catalog on purpose. */
  readonly hint?: string;
}

/**
 * The shrink floor of a fetch. It cannot ratchet down: the manager takes the largest of the
 * catalog in use, the largest catalog this URL ever served (kept with the cache) and, for the
 * official API, the bundled catalog, so a source that serves 49% less on each refresh is refused
 * on the second step instead of being accepted every time.
 */
export type ShrinkFloor = Partial<Record<GuardedList, FloorEntry>>;

/** The counts of the guarded lists of `data`. */
export function guardedCounts(data: CatalogData): Record<GuardedList, number> {
  return { functions: data.functions.length, callbacks: data.callbacks.length };
}

/** A floor from one catalog's counts. */
export function floorOf(counts: Readonly<Record<GuardedList, number>>, what: string, hint?: string): ShrinkFloor {
  const entry = (count: number): FloorEntry => ({ count, what, ...(hint ? { hint } : {}) });
  return { functions: entry(counts.functions), callbacks: entry(counts.callbacks) };
}

/** The higher floor of `a` and `b`, list by list; `a` wins ties. */
export function higherFloor(a: ShrinkFloor, b: ShrinkFloor): ShrinkFloor {
  const pick = (x?: FloorEntry, y?: FloorEntry): FloorEntry | undefined => (x && (!y || x.count >= y.count) ? x : y);
  const functions = pick(a.functions, b.functions);
  const callbacks = pick(a.callbacks, b.callbacks);
  return { ...(functions ? { functions } : {}), ...(callbacks ? { callbacks } : {}) };
}

/** Decodes one list response; a string when it must be refused, with the reason. */
export function judgePart(endpoint: ListEndpoint, json: unknown, source: string): Decoded<unknown> | string {
  let decoded: Decoded<unknown>;
  let input: number;
  let kept: number;
  switch (endpoint) {
    case '/function_list':
    case '/callback_list':
    case '/function_tag_list':
    case '/callback_tag_list': {
      if (!Array.isArray(json)) return `expected a JSON array, got ${describe(json)}`;
      const d =
        endpoint === '/function_list'
          ? decodeFunctionList(json, source)
          : endpoint === '/callback_list'
            ? decodeCallbackList(json, source)
            : decodeTagList(json, source);
      decoded = d;
      input = json.length;
      kept = d.value.length;
      if (endpoint === '/function_list' && kept === 0) return 'no function records';
      break;
    }
    case '/emoji_alias_list': {
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        return `expected a JSON object, got ${describe(json)}`;
      const d = decodeEmojiAliasMap(json, source);
      decoded = d;
      input = Object.keys(json).length;
      kept = Object.keys(d.value).length;
      break;
    }
  }
  const dropped = input - kept;
  if (dropped > input * MAX_DROPPED_SHARE) {
    const firstError = decoded.problems.find((p) => p.severity === 'error') ?? decoded.problems[0];
    return (
      `decoding dropped ${dropped} of ${input} entries (more than ${Math.round(MAX_DROPPED_SHARE * 100)}%)` +
      (firstError ? `; first problem: ${formatProblem(firstError)}` : '')
    );
  }
  return decoded;
}

function describe(json: unknown): string {
  if (json === null) return 'null';
  if (Array.isArray(json)) return 'an array';
  return typeof json === 'object' ? 'an object' : `a ${typeof json}`;
}

/** One problem as a line: `source #3 $x[...] arguments[1].type: message`. */
export function formatProblem(p: CatalogProblem): string {
  const where = [p.record, p.field].filter(Boolean).join(' ');
  return `${p.source}${where ? ' ' + where : ''}: ${p.message}`;
}

/** How many problem lines a status shows per source before summarising. */
const MAX_LISTED_PROBLEMS = 5;

/**
 * Decoder problems as status lines: errors listed (a few), warnings counted, so that the drift
 * of real data does not bury what matters.
 */
export function summarizeProblems(what: string, problems: readonly CatalogProblem[]): string[] {
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.length - errors.length;
  const out = errors.slice(0, MAX_LISTED_PROBLEMS).map(formatProblem);
  if (errors.length > MAX_LISTED_PROBLEMS)
    out.push(`${what}: ${errors.length - MAX_LISTED_PROBLEMS} more decoding errors`);
  if (warnings > 0) out.push(`${what}: ${warnings} decoding warning${warnings === 1 ? '' : 's'} (data kept)`);
  return out;
}

/** The larger of two sets of counts, list by list. */
export function maxCounts(
  a: Record<GuardedList, number> | undefined,
  b: Record<GuardedList, number> | undefined,
): Record<GuardedList, number> | undefined {
  if (!a || !b) return a ?? b;
  return { functions: Math.max(a.functions, b.functions), callbacks: Math.max(a.callbacks, b.callbacks) };
}
