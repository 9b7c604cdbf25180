// The files a command reads from its arguments: a file as given, and a folder as every BDScript
// file under it (core/workspace.ts: `.bds` and `.bdscript`, hidden folders, `node_modules` and
// symbolic links inside it left out), named by the folder as the user wrote it (`cmds/ban.bds`).

import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { visible } from '../core/catalog/controlChars';
import { BDSCRIPT_FILE_EXTENSIONS, findBdscriptFiles } from '../core/workspace';
import { pathLister } from '../node/workspaceFiles';
import type { CliIO } from './args';

export interface Inputs {
  /** Files to read, in the order of the arguments (a folder's in walk order). */
  readonly files: readonly string[];
  /** Folders that could not be read or held no BDScript file, with why; each printed on stderr. */
  readonly skipped: ReadonlyArray<{ readonly file: string; readonly reason: string }>;
}

/** Help text for the commands that take folders (two lines). */
export const FOLDER_HELP = [
  `A folder stands for every ${BDSCRIPT_FILE_EXTENSIONS.join(' and ')} file under it, in path order (hidden`,
  'folders, node_modules and symbolic links inside it are left out).',
].join('\n');

/**
 * The files named by `args` (relative to `io.cwd`). An argument that is a folder (or a link the
 * user named that leads to one) is replaced by its BDScript files; anything else stays as given,
 * for the reader to check or refuse. A folder with no BDScript file, or one inside it that cannot
 * be read, is printed on stderr as `bdscript COMMAND: …` and returned in `skipped`.
 */
export async function expandInputs(args: readonly string[], io: CliIO, command: string): Promise<Inputs> {
  const files: string[] = [];
  const skipped: Array<{ file: string; reason: string }> = [];
  const skip = (file: string, reason: string): void => {
    io.stderr(`bdscript ${command}: ${visible(file)}: ${visible(reason)}\n`);
    skipped.push({ file, reason });
  };
  for (const arg of args) {
    const full = path.resolve(io.cwd, arg);
    const isFolder = await fsp.stat(full).then(
      (st) => st.isDirectory(),
      () => false,
    );
    if (!isFolder) {
      files.push(arg);
      continue;
    }
    const walk = await findBdscriptFiles(pathLister, [full], {
      maxFiles: Number.POSITIVE_INFINITY,
      maxEntries: Number.POSITIVE_INFINITY,
    });
    for (const u of walk.unreadable) skip(shown(arg, full, u.location), `cannot read the folder: ${u.reason}`);
    if (walk.files.length === 0 && walk.unreadable.length === 0)
      skip(arg, `the folder holds no ${BDSCRIPT_FILE_EXTENSIONS.join(' or ')} file`);
    for (const file of walk.files) files.push(shown(arg, full, file));
  }
  return { files, skipped };
}

/** A path found under the folder `arg` (resolved as `full`), written from `arg` as the user did. */
function shown(arg: string, full: string, found: string): string {
  const relative = path.relative(full, found);
  return relative === '' ? arg : path.join(arg, relative);
}
