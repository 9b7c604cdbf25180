// A snapshot's text read as a catalog, for the chain's user and bundled snapshots and for
// `bdscript catalog`: the decoder's problems as status lines, the provenance date as exactly as it
// is known, and the bundled catalog that answers while a slow local load runs. The bundled
// snapshot is also read here in its compact form (core/catalog/compact.ts), which the build makes
// from its text with this decoder. No Node API is used here.

import { Catalog } from '../core/catalog/catalog';
import { decodeCompact, encodeCompact } from '../core/catalog/compact';
import { decodeSnapshot } from '../core/catalog/decode';
import type { CatalogData } from '../core/catalog/model';
import type { CatalogDatePrecision } from '../protocol/messages';
import { summarizeProblems } from './judge';
import { messageOf } from '../protocol/errors';

/** What decoding a snapshot's text gave: the data, or why it cannot be used. */
export type SnapshotText =
  | {
      readonly ok: true;
      readonly data: CatalogData;
      /** The provenance date: a day `YYYY-MM-DD` (precision `date`) or an ISO instant (`time`). */
      readonly fetchedAt?: string;
      readonly fetchedAtPrecision?: CatalogDatePrecision;
      readonly problems: string[];
    }
  | { readonly ok: false; readonly reason: string; readonly problems: string[] };

/**
 * Decodes the text of the snapshot at `location` (a user's file or the bundled one); `what`
 * names it in summary problems. A snapshot without functions cannot be used. Never throws.
 */
export function decodeSnapshotText(text: string, location: string, what = location): SnapshotText {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `not valid JSON (${messageOf(err)})`, problems: [] };
  }
  const decoded = decodeSnapshot(json, location);
  const problems = summarizeProblems(what, decoded.problems);
  if (decoded.value.data.functions.length === 0) {
    const first = decoded.problems.find((p) => p.severity === 'error');
    return { ok: false, reason: `holds no functions${first ? ` (${first.message})` : ''}`, problems };
  }
  return { ok: true, data: decoded.value.data, ...provenanceDate(decoded.value.provenance?.date), problems };
}

/** A calendar day and nothing more, as `npm run snapshot` writes the provenance date. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * When a snapshot was made, as exactly as its provenance says: a bare day stays a day (an age in
 * hours counted from its midnight would be made up); a timestamp becomes an ISO instant. Nothing
 * for a date that is no date.
 */
export function provenanceDate(date: string | undefined): {
  fetchedAt?: string;
  fetchedAtPrecision?: CatalogDatePrecision;
} {
  if (!date) return {};
  const day = DAY_ONLY.exec(date);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const t = new Date(Date.UTC(y, m - 1, d));
    // `2026-02-31` parses as March 3rd; a day that does not exist is no date.
    if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return {};
    return { fetchedAt: date, fetchedAtPrecision: 'date' };
  }
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? {} : { fetchedAt: new Date(ms).toISOString(), fetchedAtPrecision: 'time' };
}

/** The bundled snapshot as the chain and the fallback read it: its text, and its compact form when the build made one. */
export interface BundledSnapshot {
  readonly location: string;
  /** The snapshot's JSON text; throws when it cannot be read. */
  text(): string;
  /** The same snapshot in the compact form, as `compactSnapshot` wrote it; absent when there is none. */
  compact?(): Uint8Array;
}

/**
 * The compact form of a snapshot's text (the build embeds the bundled snapshot so), with the
 * problems and provenance date the JSON path would report for it as `bundled snapshot <location>`.
 * Throws when the snapshot cannot be used.
 */
export function compactSnapshot(text: string, location: string): Uint8Array {
  const loaded = decodeSnapshotText(text, location, `bundled snapshot ${location}`);
  if (!loaded.ok) throw new Error(`the snapshot ${location} cannot be used: ${loaded.reason}`);
  return encodeCompact(loaded.data, {
    ...(loaded.fetchedAt !== undefined ? { fetchedAt: loaded.fetchedAt } : {}),
    ...(loaded.fetchedAtPrecision !== undefined ? { fetchedAtPrecision: loaded.fetchedAtPrecision } : {}),
    problems: loaded.problems,
  });
}

/** The bundled snapshot read as a catalog: its compact form when there is one that fits, else its text. */
export type BundledLoad =
  | {
      readonly ok: true;
      readonly catalog: Catalog;
      readonly fetchedAt?: string;
      readonly fetchedAtPrecision?: CatalogDatePrecision;
      readonly problems: string[];
    }
  | { readonly ok: false; readonly reason: string; readonly problems: string[] };

/**
 * Reads the bundled snapshot: the compact form, whose records are made when first looked up,
 * or the JSON text when there is no compact form or it does not fit (said in a problem). Throws
 * only when the text must be read and cannot be.
 */
export function loadBundled(bundled: BundledSnapshot): BundledLoad {
  const what = `bundled snapshot ${bundled.location}`;
  const notes: string[] = [];
  if (bundled.compact) {
    // Should the emoji part of the compact form not fit, which is checked when the emoji are
    // first asked for, the JSON text's emoji stand in.
    const compact = decodeCompact(bundled.compact(), () => {
      const json = decodeSnapshotText(bundled.text(), bundled.location, what);
      return json.ok ? json.data.emoji : {};
    });
    if (compact.ok && compact.value.functions.size > 0) {
      const { meta } = compact.value;
      return {
        ok: true,
        catalog: new Catalog(compact.value.data, compact.value),
        ...(meta.fetchedAt !== undefined ? { fetchedAt: meta.fetchedAt } : {}),
        ...(meta.fetchedAtPrecision !== undefined ? { fetchedAtPrecision: meta.fetchedAtPrecision } : {}),
        problems: [...meta.problems],
      };
    }
    notes.push(
      `${what}: its compact form ${compact.ok ? 'holds no functions' : `does not fit (${compact.reason})`}; read as JSON`,
    );
  }
  const loaded = decodeSnapshotText(bundled.text(), bundled.location, what);
  if (!loaded.ok) return { ...loaded, problems: [...notes, ...loaded.problems] };
  const { data, problems, ...date } = loaded;
  return { ...date, catalog: new Catalog(data), problems: [...notes, ...problems] };
}

/**
 * The catalog of the bundled snapshot, for the fallback that answers while a slow local load
 * runs; undefined when its text cannot be read or used. Never throws.
 */
export function bundledFallback(bundled: BundledSnapshot): { catalog: Catalog; location: string } | undefined {
  let loaded: BundledLoad;
  try {
    loaded = loadBundled(bundled);
  } catch {
    // Run from source without the snapshot file; the bundles embed it.
    return undefined;
  }
  return loaded.ok ? { catalog: loaded.catalog, location: bundled.location } : undefined;
}
