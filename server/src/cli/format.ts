// `bdscript format [--check] FILES...`: the editor's formatter for files on disk (block bodies
// indented, trailing blanks trimmed, only on lines Discord never receives; core/features/
// formatting.ts). Without --check it rewrites each file that changes (rewrite.ts: nothing is lost
// on failure) and names it; with --check it writes nothing, names the files that would change and
// exits 1 when there is one, for CI. The catalog comes from local sources only (it decides how
// names glued to text are read); the network is never touched.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultCacheDir } from '../catalog/cache';
import { visible } from '../core/catalog/controlChars';
import { FULL_CLIENT } from '../core/features/types';
import { LanguageService } from '../core/languageService';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  flag,
  numberOpt,
  parseArgs,
  type ArgSpec,
  type CliIO,
} from './args';
import { loadCatalog, readInput } from './check';
import { expandInputs, FOLDER_HELP } from './inputs';
import { rewriteFile } from './rewrite';

const USAGE = [
  'Usage: bdscript format [options] FILES|FOLDERS...',
  '',
  'Formats BDScript files as the editor does: the bodies of $if, $try and $async blocks are',
  'indented and trailing blanks are trimmed, only on lines that send nothing (a line of calls',
  'such as $title[...] or $nomention, or of block words and comments). Text, values such as',
  '$username, blank lines and everything inside brackets keep their whitespace, so the',
  'command sends the same message after a format.',
  '',
  'Options:',
  '  --check              Write nothing: name the files that would change, exit 1 if there is one',
  '  --tab-size N         Columns per level (1 to 16, default 4)',
  '  --use-tabs           Indent with tabs instead of spaces',
  '',
  FOLDER_HELP,
  '',
  'Files that change are rewritten in place (through a temporary file and a rename, keeping',
  'their permissions and byte order mark); a file that is not valid UTF-8 is left as it is.',
  'Only local catalog sources are used; the network is never touched.',
  '',
  'Exit codes: 0 formatted (or, with --check, nothing to change), 1 --check found files to',
  'change, 2 usage or I/O error.',
].join('\n');

const SPEC: ArgSpec = {
  options: { check: { type: 'boolean' }, 'tab-size': { type: 'number' }, 'use-tabs': { type: 'boolean' } },
  maxPositionals: Number.MAX_SAFE_INTEGER,
};

export async function runFormat(argv: string[], io: CliIO): Promise<number> {
  let check: boolean;
  let tabSize: number;
  let useTabs: boolean;
  let files: readonly string[];
  try {
    const args = parseArgs(argv, SPEC);
    if (args.help) {
      io.stdout(USAGE + '\n');
      return EXIT_OK;
    }
    check = flag(args, 'check');
    useTabs = flag(args, 'use-tabs');
    tabSize = numberOpt(args, 'tab-size') ?? 4;
    if (!Number.isInteger(tabSize) || tabSize < 1 || tabSize > 16)
      throw new UsageError(`option --tab-size takes a whole number from 1 to 16, not ${tabSize}`);
    if (args.positionals.length === 0) throw new UsageError('no files to format');
    files = args.positionals;
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`bdscript format: ${err.message}\nRun bdscript format --help for usage.\n`);
      return EXIT_USAGE;
    }
    throw err;
  }

  const catalog = await loadCatalog({ cacheDir: defaultCacheDir(io.env), refresh: false }, io, 'format');
  if (!catalog) return EXIT_USAGE;
  const service = new LanguageService({ catalog, client: FULL_CLIENT });
  // A folder stands for the BDScript files under it.
  const inputs = await expandInputs(files, io, 'format');
  let failed = inputs.skipped.length > 0;
  let changed = 0;
  for (const file of inputs.files) {
    const full = path.resolve(io.cwd, file);
    const was = await readInput(file, full, io, () => undefined, 'format');
    if (was === undefined) {
      failed = true;
      continue;
    }
    const document = TextDocument.create(pathToFileURL(full).href, 'bdscript', 1, was);
    const edits = service.format(document, { tabSize, insertSpaces: !useTabs });
    service.forget(document.uri);
    const text = TextDocument.applyEdits(document, edits);
    if (text === was) continue;
    if (check) {
      changed++;
      io.stdout(`${visible(file)}\n`);
      continue;
    }
    const error = await rewriteFile(full, was, text);
    if (error) {
      io.stderr(`bdscript format: ${visible(file)}: ${visible(error)}\n`);
      failed = true;
      continue;
    }
    changed++;
    io.stdout(`${visible(file)}\n`);
  }
  const plural = (n: number): string => `${n} file${n === 1 ? '' : 's'}`;
  io.stderr(
    check
      ? `${changed === 0 ? 'no file needs' : `${plural(changed)} ${changed === 1 ? 'needs' : 'need'}`} formatting (of ${plural(inputs.files.length)})\n`
      : `formatted ${plural(changed)} (of ${plural(inputs.files.length)})\n`,
  );
  if (failed) return EXIT_USAGE;
  return check && changed > 0 ? EXIT_FAILURE : EXIT_OK;
}
