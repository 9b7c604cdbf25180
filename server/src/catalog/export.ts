// Moving a catalog in and out of files: `pull` saves a snapshot fetched from any endpoint (ours or
// the real one) only once the whole catalog arrived and decoded; `exportStatic` writes the API as
// plain files that a static host or CDN can serve; `loadSnapshotFile` reads a snapshot for them.

import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { stringifySnapshot } from '../core/catalog/encode';
import { Catalog } from '../core/catalog/catalog';
import type { CatalogData, CatalogRecord } from '../core/catalog/model';
import { bundledSnapshotPath, bundledSnapshotText } from './bundled';
import { snapshotOf } from './cacheFormat';
import { writeFileAtomic } from './cache';
import { MAX_CATALOG_FILE_BYTES, readRegularFile } from './files';
import { LIST_ENDPOINTS } from './endpoints';
import type { CatalogClient, HttpOptions } from './http';
import { httpModule } from './loadHttp';
import { listBodies, recordBody } from './bodies';
import { decodeSnapshotText } from './snapshotText';
import { fetchCatalog } from './fetchCatalog';
import { summarizeProblems } from './judge';
import { messageOf } from '../protocol/errors';

// ---------------------------------------------------------------------------------------------
// Reading a snapshot.

export type SnapshotLoad =
  | { readonly ok: true; readonly data: CatalogData; readonly location: string; readonly problems: readonly string[] }
  | { readonly ok: false; readonly location: string; readonly reason: string };

/**
 * Reads and decodes a snapshot file, or the bundled snapshot when `file` is undefined. Never
 * throws, and never waits on a FIFO or a device named as the file.
 */
export async function loadSnapshotFile(file: string | undefined): Promise<SnapshotLoad> {
  const location = file ?? bundledSnapshotPath;
  let text: string;
  if (file === undefined) {
    try {
      text = bundledSnapshotText();
    } catch (err) {
      return { ok: false, location, reason: `cannot read: ${messageOf(err)}` };
    }
  } else {
    const read = await readRegularFile(file, MAX_CATALOG_FILE_BYTES);
    if (!read.ok) return { ok: false, location, reason: `cannot read: ${read.reason}` };
    text = read.text;
  }
  const loaded = decodeSnapshotText(text, location);
  return loaded.ok
    ? { ok: true, data: loaded.data, location, problems: loaded.problems }
    : { ok: false, location, reason: loaded.reason };
}

// ---------------------------------------------------------------------------------------------
// Pull.

export interface PullOptions {
  /** Base URL of a catalog API. */
  readonly from: string;
  /** The snapshot file to write. */
  readonly out: string;
  /** Bounds the whole pull, retries included. */
  readonly timeoutMs?: number;
  readonly http?: Partial<HttpOptions>;
  readonly now?: () => number;
}

export type PullResult =
  | {
      readonly ok: true;
      readonly file: string;
      readonly counts: { readonly functions: number; readonly callbacks: number; readonly emoji: number };
      /** Decoding warnings about the data that was saved. */
      readonly problems: readonly string[];
    }
  | {
      readonly ok: false;
      /** `network` for a failed or refused download (nothing written), `io` for a failed write. */
      readonly kind: 'network' | 'io';
      readonly problems: readonly string[];
    };

/**
 * Fetches the five lists from `from`, and only when all arrived and decoded well enough writes
 * them to `out` atomically as a snapshot. On any failure `out` is left as it was. Never throws.
 */
export async function pull(opts: PullOptions): Promise<PullResult> {
  const timeoutMs = opts.timeoutMs ?? opts.http?.totalTimeoutMs;
  let client: CatalogClient;
  try {
    client = new (httpModule().CatalogClient)(opts.from, {
      ...opts.http,
      ...(timeoutMs !== undefined ? { totalTimeoutMs: timeoutMs } : {}),
    });
  } catch (err) {
    return { ok: false, kind: 'network', problems: [messageOf(err)] };
  }
  try {
    // The requests run in parallel and each is bounded by totalTimeoutMs, retries included, so
    // the whole pull is bounded by it too.
    const result = await fetchCatalog(client);
    if (!result.ok) return { ok: false, kind: 'network', problems: result.problems };
    const data = result.data;
    const counts = {
      functions: data.functions.length,
      callbacks: data.callbacks.length,
      emoji: Object.keys(data.emoji).length,
    };
    const text = stringifySnapshot(
      snapshotOf(data, 'catalog pull', client.baseUrl, new Date((opts.now ?? Date.now)()).toISOString()),
    );
    try {
      await writeFileAtomic(opts.out, text);
    } catch (err) {
      return { ok: false, kind: 'io', problems: [`cannot write ${opts.out}: ${messageOf(err)}`] };
    }
    return { ok: true, file: opts.out, counts, problems: summarizeProblems(client.baseUrl, result.problems) };
  } finally {
    await client.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Static export.

export interface ExportResult {
  /** Files written, relative to the output folder. */
  readonly files: readonly string[];
  /** Tags that cannot be file names, with the reason. */
  readonly skipped: readonly string[];
}

/** The response headers for hosts that read them from a file (Netlify, Cloudflare Pages). */
const HEADERS_FILE = '_headers';

/**
 * Writes the seven endpoints as files under `outDir`: `function_list` … `emoji_alias_list`, and
 * `function/<tag>` and `callback/<tag>` for every tag-list spelling (plus the bare spelling of a
 * name that has only a bracketed form, as the service answers it), and a `_headers` file with
 * the content type, CORS and caching headers in the format of Netlify and Cloudflare Pages.
 *
 * A static host decodes the request path before it looks for the file, so `/function/%24c%5B%5D`
 * finds `function/$c[]`. Refuses a non-empty folder that is not an earlier export; in an earlier
 * export, the per-tag folders are replaced so that removed records disappear.
 *
 * Nothing is ever written through a symbolic link: a link (or anything but a file) where a list
 * file goes, or a link where a per-tag folder goes, is refused before anything is written, with
 * the path in the error. List files are replaced by a temp file and a rename, per-tag files are
 * created exclusively in fresh folders, so a link planted meanwhile makes the export fail rather
 * than write elsewhere. `outDir` itself may be a link to a folder: that one the caller named.
 */
export async function exportStatic(data: CatalogData, outDir: string): Promise<ExportResult> {
  let existing: string[] = [];
  try {
    existing = await fsp.readdir(outDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (existing.length > 0 && !existing.includes('function_list')) {
    throw new Error(`${outDir} is not empty and does not hold an earlier export; choose an empty or new folder`);
  }
  const listFiles = [...LIST_ENDPOINTS.map((e) => e.slice(1)), HEADERS_FILE];
  for (const name of [...listFiles, ...TAG_FOLDERS])
    await refuseLink(path.join(outDir, name), TAG_FOLDERS.includes(name) ? 'folder' : 'file');
  await fsp.mkdir(outDir, { recursive: true });
  for (const sub of TAG_FOLDERS) await fsp.rm(path.join(outDir, sub), { recursive: true, force: true });

  const files: string[] = [];
  const skipped: string[] = [];
  const bodies = listBodies(data);
  for (const endpoint of LIST_ENDPOINTS) {
    await replaceFile(path.join(outDir, endpoint.slice(1)), bodies[endpoint]);
    files.push(endpoint.slice(1));
  }

  const catalog = new Catalog(data);
  for (const [kind, index] of [
    ['function', catalog.functions],
    ['callback', catalog.callbacks],
  ] as const) {
    // Not recursive: whatever appeared at this path since the rm above makes it fail.
    await fsp.mkdir(path.join(outDir, kind));
    const entries: Array<[string, CatalogRecord]> = [];
    for (const name of index.names) {
      const forms = index.forms(name);
      if (!forms) continue;
      if (forms.bare) entries.push([forms.bare.listTag, forms.bare]);
      if (forms.bracketed) {
        entries.push([forms.bracketed.listTag, forms.bracketed]);
        if (!forms.bare) entries.push([name, forms.bracketed]);
      }
    }
    // Case-insensitive file systems (macOS, Windows) would merge two such files into one.
    const taken = new Map<string, string>();
    for (const [spelling, record] of entries) {
      const clash = taken.get(spelling.toLowerCase());
      const unsafe =
        unsafeFileName(spelling) ?? (clash ? `differs only in case from ${JSON.stringify(clash)}` : undefined);
      taken.set(spelling.toLowerCase(), clash ?? spelling);
      if (unsafe) {
        skipped.push(`${kind} ${JSON.stringify(spelling)}: ${unsafe}`);
        continue;
      }
      await createFile(path.join(outDir, kind, spelling), recordBody(record));
      files.push(`${kind}/${spelling}`);
    }
  }
  await replaceFile(
    path.join(outDir, HEADERS_FILE),
    [
      '/*',
      '  Content-Type: application/json; charset=utf-8',
      '  Access-Control-Allow-Origin: *',
      '  Access-Control-Expose-Headers: ETag, Last-Modified',
      '  Cache-Control: public, max-age=300',
      '  X-Content-Type-Options: nosniff',
      `/${HEADERS_FILE}`,
      '  Content-Type: text/plain; charset=utf-8',
      '',
    ].join('\n'),
  );
  files.push(HEADERS_FILE);
  return { files, skipped };
}

/** The per-tag folders of an export, replaced on every export. */
const TAG_FOLDERS: readonly string[] = ['function', 'callback'];

/** Throws when `file` is a symbolic link, or is not a `kind` (missing is fine). */
async function refuseLink(file: string, kind: 'file' | 'folder'): Promise<void> {
  let st: import('node:fs').Stats;
  try {
    st = await fsp.lstat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (st.isSymbolicLink()) {
    throw new Error(
      `${file} is a symbolic link; export never writes through links: remove it or choose another folder (nothing was written)`,
    );
  }
  if (kind === 'file' ? !st.isFile() : !st.isDirectory()) {
    throw new Error(
      `${file} is not a ${kind} as in an earlier export; remove it or choose another folder (nothing was written)`,
    );
  }
}

/** Creates `file` with `text`; fails if anything, a link included, is already at that path. */
async function createFile(file: string, text: string): Promise<void> {
  const handle = await fsp.open(file, 'wx', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
}

/** Replaces `file` with `text` by a temp file beside it and a rename, which replaces a link rather than following it. */
async function replaceFile(file: string, text: string): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`,
  );
  try {
    await createFile(temp, text);
    await fsp.rename(temp, file);
  } catch (err) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** Why a tag cannot be a portable file name, or undefined when it can. */
function unsafeFileName(spelling: string): string | undefined {
  if (spelling.length > 200) return 'longer than 200 characters';
  if (/[\x00-\x1f\x7f/\\:*?"<>|%]/.test(spelling)) return 'holds a character that is not portable in file names';
  if (/^\.+$/.test(spelling) || /[. ]$/.test(spelling)) return 'not a portable file name';
  return undefined;
}
