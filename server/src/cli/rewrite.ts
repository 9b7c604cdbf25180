// Writing a changed file back for `bdscript format` and `bdscript check --fix` without losing
// anything: the text is read with its byte order mark noted, and a file whose bytes are not the
// UTF-8 of its text (invalid sequences, which reading turns into U+FFFD) is never written. The new
// text goes to a temporary file beside the real one (a symbolic link is followed to it), with the
// old file's permissions, and then replaces it in one rename, so a failure at any point leaves the
// old file as it was.

import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from '../catalog/files';
import { visible } from '../core/catalog/controlChars';
import { readInput } from './check';
import type { CliIO } from './args';

/** A file read to be rewritten: its text without the byte order mark, and whether it had one. */
export interface EditableFile {
  readonly file: string;
  readonly full: string;
  readonly text: string;
  readonly bom: boolean;
}

const BOM = '\ufeff';

/** Reads a file as `check` does (regular files up to the limit), noting its byte order mark. */
export async function readEditable(
  file: string,
  io: CliIO,
  command: string,
  skipped: (reason: string) => void = () => undefined,
): Promise<EditableFile | undefined> {
  const full = path.resolve(io.cwd, file);
  const text = await readInput(file, full, io, skipped, command);
  if (text === undefined) return undefined;
  // readInput drops a byte order mark; the first bytes say whether there was one.
  let bom = false;
  try {
    const handle = await fsp.open(full, 'r');
    try {
      const head = Buffer.alloc(3);
      const { bytesRead } = await handle.read(head, 0, 3, 0);
      bom = bytesRead === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    } finally {
      await handle.close();
    }
  } catch (err) {
    const reason = describeFileError(err);
    io.stderr(`bdscript ${command}: cannot read ${visible(file)}: ${visible(reason)}\n`);
    skipped(reason);
    return undefined;
  }
  return { file, full, text, bom };
}

/**
 * Replaces the file's content with `text` (its byte order mark kept). Returns an error in a few
 * words, or undefined when written. Nothing is written when the file changed since it was read or
 * holds bytes that are not UTF-8.
 */
export async function writeEditable(f: EditableFile, text: string): Promise<string | undefined> {
  let target: string;
  let mode: number;
  try {
    target = await fsp.realpath(f.full);
    const raw = await fsp.readFile(target);
    if (!raw.equals(Buffer.from((f.bom ? BOM : '') + f.text, 'utf8')))
      return 'not written: the file is not valid UTF-8, or it changed while it was read';
    mode = (await fsp.stat(target)).mode & 0o7777;
  } catch (err) {
    return `not written: ${describeFileError(err)}`;
  }
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.bdscript.tmp`,
  );
  try {
    await fsp.writeFile(temp, (f.bom ? BOM : '') + text, { encoding: 'utf8', mode, flag: 'wx' });
    await fsp.chmod(temp, mode);
    await fsp.rename(temp, target);
    return undefined;
  } catch (err) {
    await fsp.unlink(temp).catch(() => undefined);
    return `not written: ${describeFileError(err)}`;
  }
}
