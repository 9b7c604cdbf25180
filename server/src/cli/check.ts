// `bdscript check`: the editor's diagnostics for files on disk, as `file:line:col: severity code
// message` lines, JSON or SARIF (sarif.ts). The catalog comes from local sources only (cache, then the bundled
// snapshot) unless `--catalog URL` or `--refresh` asks for the network, or `--catalog FILE`
// names a snapshot. Exit 0 without errors, 1 with errors, 2 on usage or I/O errors (a file that
// cannot be read or is over the 16 Mi character limit). File names, messages and catalog problems
// are untrusted text and are printed through `visible`.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { defaultCacheDir } from '../catalog/cache';
import { loadSnapshotFile } from '../catalog/export';
import { readRegularFile } from '../catalog/files';
import { CatalogManager } from '../catalog/sources';
import { Catalog } from '../core/catalog/catalog';
import { jsonVisible, visible } from '../core/catalog/controlChars';
import { MAX_DIAGNOSTICS } from '../core/features/diagnosticCollector';
import { FULL_CLIENT, type CappedFindings, type DiagnosticData } from '../core/features/types';
import { englishInteger } from '../core/l10n';
import { LanguageService, scriptLanguageFromName } from '../core/languageService';
import { MAX_DOCUMENT_LENGTH } from '../lsp/documents';
import { TOOL_VERSION } from '../catalog/endpoints';
import { rewriteFile } from './rewrite';
import { sarifFrame, sarifResult, type SarifSkipped } from './sarif';
import { expandInputs, FOLDER_HELP } from './inputs';
import { DEFAULT_CATALOG_URL, normalizeSettings, SCRIPT_LANGUAGES, type ScriptLanguage } from '../core/settings';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  flag,
  parseArgs,
  print,
  stringOpt,
  type ArgSpec,
  type CliIO,
  type ParsedArgs,
} from './args';

const USAGE = [
  'Usage: bdscript check [options] FILES|FOLDERS...',
  '',
  'Checks BDScript files with the same diagnostics as the editor and prints one line per',
  'problem: file:line:col: severity code message (line and column count from 1).',
  FOLDER_HELP,
  '',
  'Options:',
  '  --format text|json|sarif',
  '                       Output format (default text). json prints an array of',
  '                       {file, range, severity, code, message} with 0-based UTF-16 LSP positions;',
  '                       sarif prints a SARIF 2.1.0 log for code scanning (1-based lines, UTF-16',
  '                       columns, files relative to the working directory)',
  '  --catalog URL|FILE   Fetch the catalog from this API base URL (falling back to local sources',
  '                       with a warning), or read it from a snapshot file',
  '  --cache-dir DIR      Catalog cache folder (default $XDG_CACHE_HOME/bdscript or ~/.cache/bdscript)',
  `  --refresh            Fetch the catalog from ${DEFAULT_CATALOG_URL} (or --catalog URL) first`,
  '  --premium            The bot has premium: no warnings about premium functions',
  `  --language NAME      Script language of files without a directive: ${SCRIPT_LANGUAGES.join(', ')}`,
  '                       (default BDScript 2)',
  '  --fix                Apply every safe fix first (escapes, deprecated functions whose arguments',
  '                       carry over) and rewrite the file, then report what is left',
  '',
  'Without --catalog or --refresh only local sources are used (the cache, then the bundled',
  'snapshot) and the network is never touched. Silence rules in a file with',
  '$c[bdscript-disable CODE] or $c[bdscript-disable-line CODE]. A file longer than 16 Mi',
  'characters (16,777,216, the editor limit), or one that is not a regular file, is not',
  'checked (exit 2); the others still are.',
  '',
  `At most ${MAX_DIAGNOSTICS} findings are printed per file; a last too-many-findings line then says`,
  'how many there are, and the summary on stderr counts them all (errors past the cap still',
  'make the exit code 1).',
  '',
  'Exit codes: 0 no errors found, 1 errors found, 2 usage or I/O error (with --fix, also a file',
  'that could not be rewritten: it is left as it was and checked as it is).',
].join('\n');

const SPEC: ArgSpec = {
  options: {
    format: { type: 'string' },
    catalog: { type: 'string' },
    'cache-dir': { type: 'string' },
    refresh: { type: 'boolean' },
    premium: { type: 'boolean' },
    language: { type: 'string' },
    fix: { type: 'boolean' },
  },
  maxPositionals: Number.MAX_SAFE_INTEGER,
};

/**
 * The longest text `check` reads, in UTF-16 code units as editors count them: the language
 * server's own document limit, 16 Mi characters.
 */
export const MAX_INPUT_LENGTH = MAX_DOCUMENT_LENGTH;
/** A UTF-8 file holds at most 3 bytes per UTF-16 code unit: any file larger is over the limit unread. */
const MAX_INPUT_BYTES = 3 * MAX_INPUT_LENGTH;
const LIMIT_TEXT = `the limit of ${englishInteger(MAX_INPUT_LENGTH)} characters (16 Mi) that check reads`;

const SEVERITY_NAMES: Readonly<Record<DiagnosticSeverity, string>> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};

/** One diagnostic as `--format json` prints it. */
export interface CheckJsonEntry {
  readonly file: string;
  readonly range: {
    readonly start: { line: number; character: number };
    readonly end: { line: number; character: number };
  };
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
  readonly code: string;
  readonly message: string;
}

type Format = 'text' | 'json' | 'sarif';

export interface Options {
  readonly format: Format;
  readonly catalog?: { readonly kind: 'url'; readonly url: string } | { readonly kind: 'file'; readonly file: string };
  readonly cacheDir: string;
  readonly refresh: boolean;
  readonly premium: boolean;
  readonly language?: ScriptLanguage;
  readonly fix: boolean;
  readonly files: readonly string[];
}

/** `bdscript check …`: parses its options, loads a catalog, diagnoses every file, prints them. */
export async function runCheck(argv: string[], io: CliIO): Promise<number> {
  let options: Options;
  try {
    const args = parseArgs(argv, SPEC);
    if (args.help) {
      io.stdout(USAGE + '\n');
      return EXIT_OK;
    }
    options = readOptions(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`bdscript check: ${err.message}\nRun bdscript check --help for usage.\n`);
      return EXIT_USAGE;
    }
    throw err;
  }

  const catalog = await loadCatalog(options, io);
  if (!catalog) return EXIT_USAGE;

  const settings = normalizeSettings({
    premium: options.premium,
    ...(options.language ? { language: options.language } : {}),
  });
  const service = new LanguageService({ catalog, settings, client: FULL_CLIENT, checkOnly: true });
  // Files are read, diagnosed and printed one at a time, and each analysis is dropped before the
  // next file: memory follows the largest file, not the sum of them.
  const out = new Output(io, options.format);
  out.begin();
  // A folder stands for the BDScript files under it.
  const inputs = await expandInputs(options.files, io, 'check');
  for (const s of inputs.skipped) out.skip(s.file, s.reason);
  let ioFailed = inputs.skipped.length > 0;
  let checked = 0;
  for (const file of inputs.files) {
    const text = await readInput(file, path.resolve(io.cwd, file), io, (reason) => out.skip(file, reason));
    if (text === undefined) {
      ioFailed = true;
      continue;
    }
    checked++;
    const uri = pathToFileURL(path.resolve(io.cwd, file)).href;
    const fixed = options.fix ? await fixFile(service, file, path.resolve(io.cwd, file), uri, text, io) : undefined;
    if (fixed?.error) ioFailed = true;
    const document = TextDocument.create(uri, 'bdscript', 1, fixed?.text ?? text);
    const printed: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
    for (const d of service.validate(document)) {
      const entry = toEntry(file, d);
      const capped = cappedOf(d);
      // The cap's note is printed but is no finding: the findings it counts are, printed or not.
      out.add(entry, !capped);
      if (capped) out.addUnprinted(capped, printed);
      else printed[entry.severity]++;
    }
    service.forget(document.uri);
    out.flush();
  }
  out.end();
  if (options.format === 'text') io.stderr(summary(checked, out.counts, out.unprinted) + '\n');
  if (ioFailed) return EXIT_USAGE;
  return out.counts.error > 0 ? EXIT_FAILURE : EXIT_OK;
}

/** Safe fixes are applied in at most this many rounds (a fix can make another finding fixable). */
const MAX_FIX_ROUNDS = 10;

/**
 * `--fix`: every safe fix applied (fixAll.ts), round after round until none is left, and the
 * file rewritten when it changed (rewrite.ts). Returns the text to report on (the file as it is
 * on disk), and whether writing failed.
 */
async function fixFile(
  service: LanguageService,
  file: string,
  full: string,
  uri: string,
  text: string,
  io: CliIO,
): Promise<{ text: string; error?: true }> {
  let current = text;
  let applied = 0;
  for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
    const document = TextDocument.create(uri, 'bdscript', round + 1, current);
    const edits = service.fixAll(document);
    service.forget(uri);
    if (edits.length === 0) break;
    current = TextDocument.applyEdits(document, edits);
    applied += edits.length;
  }
  if (current === text) return { text };
  const error = await rewriteFile(full, text, current);
  if (error) {
    io.stderr(`bdscript check: ${visible(file)}: ${visible(error)}\n`);
    return { text, error: true };
  }
  io.stderr(`bdscript check: fixed ${visible(file)} (${applied} edit${applied === 1 ? '' : 's'})\n`);
  return { text: current };
}

/**
 * The text of one file to check, without a byte order mark (editors do not count it as text;
 * neither do positions here), or undefined after printing why it cannot be checked: not a
 * regular file (a FIFO or a device is refused at once, never waited on) or over the limit.
 */
export async function readInput(
  file: string,
  full: string,
  io: CliIO,
  skipped: (reason: string) => void,
  command = 'check',
): Promise<string | undefined> {
  const read = await readRegularFile(full, MAX_INPUT_BYTES);
  if (!read.ok) {
    const reason =
      read.tooLarge !== undefined ? `${englishInteger(read.tooLarge)} bytes, more than ${LIMIT_TEXT}` : read.reason;
    io.stderr(`bdscript ${command}: cannot read ${visible(file)}: ${visible(reason)}\n`);
    skipped(reason);
    return undefined;
  }
  let text = read.text;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length > MAX_INPUT_LENGTH) {
    const reason = `${englishInteger(text.length)} characters, more than ${LIMIT_TEXT}`;
    io.stderr(`bdscript ${command}: cannot ${command} ${visible(file)}: ${reason}\n`);
    skipped(reason);
    return undefined;
  }
  return text;
}

type Severity = CheckJsonEntry['severity'];

/** Results sit four levels deep in a SARIF log (`runs[0].results[i]`) written with two spaces. */
const SARIF_RESULT_INDENT = '        ';

/**
 * Prints diagnostics as they come, in text lines, as one JSON array (the same text
 * JSON.stringify(entries, null, 2) would give) or as a SARIF log (sarif.ts) whose results are
 * written as they come, batched into writes of about 64 KB.
 */
class Output {
  /** Findings in all, printed or left out past the cap, per severity. */
  readonly counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  /** Findings left out past the cap, in all files. */
  unprinted = 0;
  private pending: string[] = [];
  private pendingLength = 0;
  private any = false;
  /** Files that could not be checked, for the SARIF invocation. */
  private readonly skipped: SarifSkipped[] = [];

  constructor(
    private readonly io: CliIO,
    private readonly format: Format,
  ) {}

  /** Writes what comes before the first diagnostic (the SARIF log's head). */
  begin(): void {
    if (this.format === 'sarif') this.pending.push(sarifFrame(this.io.cwd, TOOL_VERSION, [], 2).head);
  }

  /** A file that could not be checked (SARIF names it in the invocation). */
  skip(file: string, reason: string): void {
    this.skipped.push({ file, reason });
  }

  /** Prints an entry; `counted` false for the cap's note, which is no finding. */
  add(e: CheckJsonEntry, counted = true): void {
    if (counted) this.counts[e.severity]++;
    let text: string;
    if (this.format === 'json') {
      text = (this.any ? ',\n' : '[\n') + jsonVisible(e, 2).replace(/^/gm, '  ');
    } else if (this.format === 'sarif') {
      text =
        (this.any ? ',\n' : '\n') + jsonVisible(sarifResult(e, this.io.cwd), 2).replace(/^/gm, SARIF_RESULT_INDENT);
    } else {
      text = `${visible(e.file)}:${e.range.start.line + 1}:${e.range.start.character + 1}: ${e.severity} ${visible(e.code)} ${visible(e.message)}\n`;
    }
    this.any = true;
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 64 * 1024) this.flush();
  }

  /** Counts the findings of one file that the cap left out: its totals less what was printed. */
  addUnprinted(capped: CappedFindings, printed: Readonly<Record<Severity, number>>): void {
    for (const severity of Object.keys(this.counts) as Severity[]) {
      const left = Math.max(0, capped.total[severity] - printed[severity]);
      this.counts[severity] += left;
      this.unprinted += left;
    }
  }

  flush(): void {
    if (this.pending.length === 0) return;
    print(this.io, this.format === 'text' ? 'text' : 'json', this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }

  end(): void {
    if (this.format === 'json') {
      this.pending.push(this.any ? '\n]\n' : '[]\n');
    } else if (this.format === 'sarif') {
      this.pending.push(
        `${this.any ? `\n${SARIF_RESULT_INDENT.slice(2)}` : ''}${sarifFrame(this.io.cwd, TOOL_VERSION, this.skipped, 2).tail}\n`,
      );
    }
    this.flush();
  }
}

function readOptions(args: ParsedArgs, io: CliIO): Options {
  const format = stringOpt(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'sarif')
    throw new UsageError(`option --format takes text, json or sarif, not "${format}"`);
  let language: ScriptLanguage | undefined;
  const languageName = stringOpt(args, 'language');
  if (languageName !== undefined) {
    language = scriptLanguageFromName(languageName);
    if (!language)
      throw new UsageError(`unknown script language "${languageName}"; use one of: ${SCRIPT_LANGUAGES.join(', ')}`);
  }
  const source = stringOpt(args, 'catalog');
  let catalog: Options['catalog'];
  if (source !== undefined) {
    if (source.trim() === '') throw new UsageError('option --catalog needs a URL or a file');
    catalog = /^https?:\/\//i.test(source)
      ? { kind: 'url', url: source }
      : { kind: 'file', file: path.resolve(io.cwd, source) };
  }
  const refresh = flag(args, 'refresh');
  if (refresh && catalog?.kind === 'file')
    throw new UsageError('--refresh fetches from a URL; it cannot be used with --catalog FILE');
  if (args.positionals.length === 0) throw new UsageError('no files to check');
  const cacheDirOpt = stringOpt(args, 'cache-dir');
  return {
    format,
    ...(catalog ? { catalog } : {}),
    cacheDir: cacheDirOpt ? path.resolve(io.cwd, cacheDirOpt) : defaultCacheDir(io.env),
    refresh,
    premium: flag(args, 'premium'),
    ...(language ? { language } : {}),
    fix: flag(args, 'fix'),
    files: args.positionals,
  };
}

/**
 * The catalog to check with. A snapshot file must load (else undefined: an I/O error); a URL or
 * `--refresh` tries the network and falls back to local sources with a warning; otherwise only
 * local sources are read.
 */
export async function loadCatalog(
  options: Pick<Options, 'catalog' | 'cacheDir' | 'refresh'>,
  io: CliIO,
  command = 'check',
): Promise<Catalog | undefined> {
  if (options.catalog?.kind === 'file') {
    const loaded = await loadSnapshotFile(options.catalog.file);
    if (!loaded.ok) {
      io.stderr(`bdscript ${command}: catalog ${visible(loaded.location)}: ${visible(loaded.reason)}\n`);
      return undefined;
    }
    return new Catalog(loaded.data);
  }
  const url = options.catalog?.kind === 'url' ? options.catalog.url : DEFAULT_CATALOG_URL;
  const online = options.catalog?.kind === 'url' || options.refresh;
  const local = new CatalogManager({ url, offline: !online, cacheDir: options.cacheDir });
  try {
    await local.loadLocal();
    let catalog = local.catalog;
    if (online) {
      // The manager judges a shrunken answer against this URL's cache, or the bundled snapshot
      // when the URL is the official API, and makes the fetch conditional when it can.
      const outcome = await local.refresh();
      if (outcome.ok) {
        catalog = local.catalog;
      } else {
        const status = local.status();
        io.stderr(
          `bdscript ${command}: warning: could not fetch the catalog from ${visible(url)}: ${visible(outcome.problems[0] ?? outcome.message)}\n`,
        );
        // The bundled catalog's location is an internal name (`<bundled>`), not a file to name.
        const where = status.location && status.source !== 'bundled' ? ` (${visible(status.location)})` : '';
        io.stderr(`bdscript ${command}: warning: using the ${SOURCE_NAMES[status.source]}${where} instead\n`);
      }
    }
    if (catalog.functions.size === 0) {
      io.stderr(`bdscript ${command}: warning: no catalog could be loaded; every function will look unknown\n`);
    }
    return catalog;
  } finally {
    await local.dispose();
  }
}

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  live: 'live catalog',
  cache: 'cached catalog',
  snapshot: 'snapshot file',
  bundled: 'bundled catalog',
  none: 'empty catalog',
};

function toEntry(file: string, d: Diagnostic): CheckJsonEntry {
  return {
    file,
    range: {
      start: { line: d.range.start.line, character: d.range.start.character },
      end: { line: d.range.end.line, character: d.range.end.character },
    },
    severity: (SEVERITY_NAMES[d.severity ?? DiagnosticSeverity.Error] ?? 'error') as CheckJsonEntry['severity'],
    code: String(d.code ?? ''),
    message: typeof d.message === 'string' ? d.message : d.message.value,
  };
}

/** What the cap's note carries, or undefined for any other diagnostic. */
function cappedOf(d: Diagnostic): CappedFindings | undefined {
  if (d.code !== 'too-many-findings') return undefined;
  const capped = (d.data as DiagnosticData | undefined)?.capped;
  return capped && typeof capped.shown === 'number' ? capped : undefined;
}

/**
 * "checked 2 files: 1 error, 3 warnings, 0 information, 0 hints", counting the findings past the
 * cap too, and then how many of them were not printed.
 */
function summary(files: number, counts: Readonly<Record<Severity, number>>, unprinted: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const line =
    `checked ${plural(files, 'file')}: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ` +
    `${counts.information} information, ${plural(counts.hint, 'hint')}`;
  if (unprinted === 0) return line;
  return `${line}; ${plural(unprinted, 'finding')} not printed (at most ${MAX_DIAGNOSTICS} findings are printed per file)`;
}
