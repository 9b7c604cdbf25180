// The on-disk catalog cache: one file per base URL holding the last catalog that a refresh
// accepted, in the snapshot format plus the fetch time, the base URL, each endpoint's
// validators and the largest counts the URL has served (the shrink check's floor). Files are replaced atomically (temp file, fsync, rename), so a reader sees the
// old cache or the new one, never a torn one; anything unreadable is reported and ignored.

import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DECODE_LIMITS, decodeSnapshot, SNAPSHOT_SCHEMA } from '../core/catalog/decode';
import { encodeSnapshot, stringifySnapshot, type Json } from '../core/catalog/encode';
import type { CatalogData, CatalogProblem } from '../core/catalog/model';
import { MAX_CATALOG_FILE_BYTES, readRegularFile } from './files';
import { LIST_ENDPOINTS, TOOL_VERSION, type ListEndpoint, type Validators } from './http';

/** The version of the cache envelope (the fields around the snapshot). Bump on any change. */
export const CACHE_FORMAT = 1;

/** Temp files older than this are leftovers of a writer that died; the next write removes them. */
const STALE_TEMP_MS = 10 * 60 * 1000;

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
 * The default cache folder of a user: `$XDG_CACHE_HOME/bdscript`, else `%LOCALAPPDATA%\bdscript`
 * on Windows, else `~/.cache/bdscript`.
 */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env['XDG_CACHE_HOME']) return path.join(env['XDG_CACHE_HOME'], 'bdscript');
  if (process.platform === 'win32' && env['LOCALAPPDATA']) return path.join(env['LOCALAPPDATA'], 'bdscript');
  return path.join(env['HOME'] || os.homedir(), '.cache', 'bdscript');
}

/** The cache file for a base URL (already normalised) inside a cache folder. */
export function cacheFileFor(cacheDir: string, baseUrl: string): string {
  const digest = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
  return path.join(cacheDir, `catalog-${digest}.json`);
}

/**
 * Reads and checks a cache file for `baseUrl`. Never throws and never blocks: a missing file, one
 * that is not a regular file of sane size (a FIFO planted at the path), a file that does not
 * parse, another format or schema, another base URL, or data that does not decode cleanly all
 * give `{ok: false}` with the reason.
 */
export async function readCache(file: string, baseUrl: string): Promise<CacheReadResult> {
  const read = await readRegularFile(file, MAX_CATALOG_FILE_BYTES);
  if (!read.ok) return { ok: false, missing: read.missing, reason: read.missing ? 'no cache file' : `cannot read: ${read.reason}` };
  const text = read.text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, missing: false, reason: `not valid JSON (${(err as Error).message})` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, missing: false, reason: 'not a cache object' };
  const o = json as Record<string, unknown>;
  if (o['cacheFormat'] !== CACHE_FORMAT) return { ok: false, missing: false, reason: `cache format ${JSON.stringify(o['cacheFormat'])} is not ${CACHE_FORMAT}` };
  if (o['schema'] !== SNAPSHOT_SCHEMA) return { ok: false, missing: false, reason: `snapshot schema ${JSON.stringify(o['schema'])} is not ${SNAPSHOT_SCHEMA}` };
  if (o['baseUrl'] !== baseUrl) return { ok: false, missing: false, reason: `made for ${JSON.stringify(o['baseUrl'])}, not ${baseUrl}` };
  const fetchedAt = o['fetchedAt'];
  if (typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt))) return { ok: false, missing: false, reason: 'no valid fetchedAt' };
  const decoded = decodeSnapshot(json, file);
  const errors = decoded.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    return { ok: false, missing: false, reason: `does not decode cleanly (${errors.length} error${errors.length === 1 ? '' : 's'}, first: ${errors[0]!.message})` };
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

/** Writes the cache for `content.baseUrl` atomically; rejects on an I/O error (the old file stays). */
export async function writeCache(file: string, content: CacheContent): Promise<void> {
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
  await writeFileAtomic(file, stringifySnapshot(envelope));
}

/**
 * Replaces `file` with `text` so that readers see either the old or the new content: writes a
 * temp file beside it, fsyncs it, renames it over `file` and fsyncs the folder. Creates the
 * folder when missing and removes stale temp files left by writers that died mid-write.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true });
  await removeStaleTemps(file);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(temp, 'wx', 0o644);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fsp.rename(temp, file);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
  // Makes the rename itself durable; not every platform can open a folder, which is fine.
  try {
    const d = await fsp.open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // Best effort only.
  }
}

async function removeStaleTemps(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = path.basename(file) + '.';
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const full = path.join(dir, name);
    try {
      const st = await fsp.stat(full);
      if (now - st.mtimeMs > STALE_TEMP_MS) await fsp.rm(full, { force: true });
    } catch {
      // Another process may have removed it first.
    }
  }
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
