// Reading the files the tools are pointed at (files to check, snapshot files, the disk cache)
// without ever blocking: each is opened non-blocking, checked through the open handle (so no
// rename can slip in between) to be a regular file of bounded size, and read only up to that
// bound. A FIFO, a device, a socket or a folder is refused with the reason, never waited on.

import { constants, promises as fsp } from 'node:fs';
import { formatBytes } from './endpoints';
import { messageOf } from '../protocol/errors';

/** Largest snapshot or cache file read: far above any real catalog (the bundled one is 0.4 MB). */
export const MAX_CATALOG_FILE_BYTES = 64 * 1024 * 1024;

export type FileRead =
  | { readonly ok: true; readonly text: string; readonly bytes: number }
  | {
      readonly ok: false;
      /** The file does not exist (as opposed to existing and being unreadable). */
      readonly missing: boolean;
      /** Why, in a few words: `no such file`, `not a regular file (a named pipe)` ... */
      readonly reason: string;
      /** Set when the file was refused for its size: the bytes it has (at least). */
      readonly tooLarge?: number;
    };

/**
 * Opening with O_NONBLOCK returns at once for a FIFO without a writer (a plain open would wait
 * for one forever); O_NOCTTY keeps a terminal device from becoming ours. Neither changes how a
 * regular file is read. Platforms without them (Windows) have no FIFOs to wait on.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Reads `file` as UTF-8 text (invalid sequences become U+FFFD) when it is a regular file of at
 * most `maxBytes` bytes. Never throws and never blocks on a FIFO or a device. With `noFollow`, a
 * symbolic link in the file's own place is refused (a walk that follows no link reads through none).
 */
export async function readRegularFile(
  file: string,
  maxBytes: number,
  options: { readonly noFollow?: boolean } = {},
): Promise<FileRead> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, OPEN_FLAGS | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, missing: code === 'ENOENT', reason: describeFileError(err) };
  }
  try {
    const st = await handle.stat();
    if (!st.isFile())
      return {
        ok: false,
        missing: false,
        reason: st.isDirectory() ? 'is a directory' : `not a regular file (${kindOf(st)})`,
      };
    if (st.size > maxBytes)
      return {
        ok: false,
        missing: false,
        reason: `larger than the limit of ${formatBytes(maxBytes)} (${formatBytes(st.size)})`,
        tooLarge: st.size,
      };
    // The size can change while we read; the loop reads at most one byte past the limit to notice.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const room = maxBytes + 1 - total;
      if (room <= 0) break;
      const buffer = Buffer.allocUnsafe(Math.min(room, Math.max(st.size - total + 1, 64 * 1024)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    if (total > maxBytes)
      return {
        ok: false,
        missing: false,
        reason: `larger than the limit of ${formatBytes(maxBytes)} (it grew while being read)`,
        tooLarge: total,
      };
    const whole = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, total);
    return { ok: true, text: whole.toString('utf8'), bytes: total };
  } catch (err) {
    return { ok: false, missing: false, reason: describeFileError(err) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** An I/O error in a few words. */
export function describeFileError(err: unknown): string {
  switch ((err as NodeJS.ErrnoException)?.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'a symbolic link, or too many levels of them';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    default:
      return messageOf(err);
  }
}

function kindOf(st: import('node:fs').Stats): string {
  if (st.isFIFO()) return 'a named pipe';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'a special file';
}
