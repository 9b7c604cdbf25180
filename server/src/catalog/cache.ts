// The on-disk catalog cache: one file per base URL in the format of cacheFormat.ts. Files are
// replaced atomically (temp file, fsync, rename), so a reader sees the old cache or the new one,
// never a torn one; anything unreadable is reported and ignored.

import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { decodeCacheText, encodeCacheText, type CacheContent, type CacheReadResult } from './cacheFormat';
import { MAX_CATALOG_FILE_BYTES, readRegularFile } from './files';

/** Temp files older than this are leftovers of a writer that died; the next write removes them. */
const STALE_TEMP_MS = 10 * 60 * 1000;

export { defaultCacheDir } from './cacheDir';

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
  if (!read.ok)
    return { ok: false, missing: read.missing, reason: read.missing ? 'no cache file' : `cannot read: ${read.reason}` };
  return decodeCacheText(read.text, baseUrl, file);
}

/** Writes the cache for `content.baseUrl` atomically; rejects on an I/O error (the old file stays). */
export async function writeCache(file: string, content: CacheContent): Promise<void> {
  await writeFileAtomic(file, encodeCacheText(content));
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
