// Writing a changed file back for `bdscript format` and `bdscript check --fix` without losing
// anything: the file's bytes must still be the UTF-8 of the text that was read (with or without a
// byte order mark, which is kept), so a file holding invalid sequences (which reading turns into
// U+FFFD) or one that changed meanwhile is never written. The new text goes to a temporary file
// beside the real one (a symbolic link is followed to it), with the old file's permissions, and
// then replaces it in one rename, so a failure at any point leaves the old file as it was.

import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from '../catalog/files';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Replaces the content of `full`, read as `was` (without its byte order mark), with `text`.
 * Returns what went wrong in a few words, or undefined when written.
 */
export async function rewriteFile(full: string, was: string, text: string): Promise<string | undefined> {
  let target: string;
  let mode: number;
  let bom: boolean;
  try {
    target = await fsp.realpath(full);
    const raw = await fsp.readFile(target);
    bom = raw.subarray(0, 3).equals(BOM);
    if (!raw.subarray(bom ? 3 : 0).equals(Buffer.from(was, 'utf8')))
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
    await fsp.writeFile(temp, Buffer.concat([bom ? BOM : Buffer.alloc(0), Buffer.from(text, 'utf8')]), {
      mode,
      flag: 'wx',
    });
    await fsp.chmod(temp, mode);
    await fsp.rename(temp, target);
    return undefined;
  } catch (err) {
    await fsp.unlink(temp).catch(() => undefined);
    return `not written: ${describeFileError(err)}`;
  }
}
