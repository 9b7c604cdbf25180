// `npm run snapshot`: regenerates the bundled catalog snapshot (server/snapshot/catalog.json).
// Functions and callbacks come from a live catalog endpoint when one answers, else from the
// facts files beside the checkout; emoji aliases always come from the `discord-emoji` package.
// Only facts are kept: every description is emptied. The output is deterministic for equal
// inputs and date (pin the date with --date or SOURCE_DATE_EPOCH) and is written atomically.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../src/catalog/cache';
import {
  decodeCallbackList,
  decodeEmojiAliasMap,
  decodeFunctionList,
  decodeTagList,
  deriveTagList,
  type SnapshotProvenance,
} from '../src/core/catalog/decode';
import { compareCodePoints, encodeSnapshot, stringifySnapshot } from '../src/core/catalog/encode';
import type {
  Argument,
  CallbackRecord,
  CatalogData,
  CatalogProblem,
  EmojiAliasMap,
  FunctionRecord,
} from '../src/core/catalog/model';

/** The repository root (this file is server/scripts/snapshot.ts). */
export const REPO_ROOT = path.resolve(__dirname, '../..');
export const DEFAULT_LIVE_URL = 'https://botdesignerdiscord.com/public/api';
export const DEFAULT_OUT = path.join(REPO_ROOT, 'server/snapshot/catalog.json');
export const DEFAULT_REAL = path.resolve(REPO_ROOT, '../shared/real-api-sample/function_list.json');
export const DEFAULT_FACTS = path.resolve(REPO_ROOT, '../shared/catalog-facts');
const GENERATED_BY = 'server/scripts/snapshot.ts (npm run snapshot)';
/** Bound on one live response, so a misbehaving endpoint cannot exhaust memory. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface SnapshotOptions {
  /** Try a live endpoint first. */
  live: boolean;
  /** The live base URL; when given explicitly, failing to reach it is an error. */
  from?: string;
  fromExplicit?: boolean;
  /** The saved real `/function_list` response. */
  real: string;
  /** The catalog-facts folder. */
  facts: string;
  /** The provenance date, `YYYY-MM-DD`. */
  date: string;
  /** Timeout of each live request, in milliseconds. */
  timeoutMs: number;
  /** Progress and problem lines (stderr by default). */
  log?: (line: string) => void;
}

export interface SnapshotResult {
  text: string;
  data: CatalogData;
  provenance: SnapshotProvenance;
  /** Problems found while decoding the inputs. */
  problems: CatalogProblem[];
}

// ---------------------------------------------------------------------------------------------
// Facts only.

function blankArgument(arg: Argument): Argument {
  const out: Argument = { ...arg, description: '' };
  return arg.tupleTypes ? { ...out, tupleTypes: arg.tupleTypes.map(blankArgument) } : out;
}

function blankFunction(record: FunctionRecord): FunctionRecord {
  return {
    ...record,
    shortDescription: '',
    longDescription: '',
    arguments: record.arguments && record.arguments.map(blankArgument),
  };
}

function blankCallback(record: CallbackRecord): CallbackRecord {
  return { ...record, description: '', arguments: record.arguments && record.arguments.map(blankArgument) };
}

/**
 * The wiki facts map the wiki's `Emoji` type to `String` and say so in `wikiType`; the real API
 * says `Emoji`. This restores `Emoji` in facts JSON before decoding, so wiki-only records agree
 * with the real ones.
 */
function restoreEmojiTypes(json: unknown): unknown {
  const fixArgs = (args: unknown): unknown =>
    Array.isArray(args)
      ? args.map((a: unknown) => {
          if (typeof a !== 'object' || a === null || Array.isArray(a)) return a;
          const arg = { ...(a as Record<string, unknown>) };
          if (arg.wikiType === 'Emoji' && arg.type === 'String') arg.type = 'Emoji';
          if (arg.tupleTypes !== undefined) arg.tupleTypes = fixArgs(arg.tupleTypes);
          return arg;
        })
      : args;
  if (!Array.isArray(json)) return json;
  return json.map((r: unknown) =>
    typeof r === 'object' && r !== null && !Array.isArray(r)
      ? { ...(r as Record<string, unknown>), arguments: fixArgs((r as Record<string, unknown>).arguments) }
      : r,
  );
}

// ---------------------------------------------------------------------------------------------
// Emoji from the discord-emoji package.

interface EmojiSource {
  map: EmojiAliasMap;
  version: string;
}

/**
 * Builds `{emoji: [":alias:", ...]}` from the package's category tables (`{alias: emoji}`):
 * categories in name order, aliases in the package's order within each, deduplicated; emoji
 * keys in code-point order.
 */
export function emojiFromPackage(): EmojiSource {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tables = require('discord-emoji') as Record<string, unknown>;
  const byEmoji = new Map<string, string[]>();
  for (const category of Object.keys(tables).sort()) {
    const table = tables[category];
    if (typeof table !== 'object' || table === null) continue;
    for (const [alias, emoji] of Object.entries(table as Record<string, unknown>)) {
      if (typeof emoji !== 'string' || emoji === '') continue;
      const list = byEmoji.get(emoji) ?? [];
      const written = `:${alias}:`;
      if (!list.includes(written)) list.push(written);
      byEmoji.set(emoji, list);
    }
  }
  const map: Record<string, string[]> = {};
  for (const emoji of [...byEmoji.keys()].sort(compareCodePoints)) map[emoji] = byEmoji.get(emoji)!;
  const pkgFile = path.resolve(path.dirname(require.resolve('discord-emoji')), '..', 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: unknown; version?: unknown };
  const version = pkg.name === 'discord-emoji' && typeof pkg.version === 'string' ? pkg.version : 'unknown';
  return { map, version };
}

// ---------------------------------------------------------------------------------------------
// Inputs.

async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_RESPONSE_BYTES) throw new Error(`${url} is larger than ${MAX_RESPONSE_BYTES} bytes`);
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) throw new Error(`${url} is larger than ${MAX_RESPONSE_BYTES} bytes`);
  return JSON.parse(text) as unknown;
}

interface LiveParts {
  base: string;
  functionList: unknown;
  callbackList?: unknown;
  functionTagList?: unknown;
  callbackTagList?: unknown;
}

/** Fetches the live parts; the function list is required, the others are taken when they answer. */
async function fetchLive(base: string, timeoutMs: number): Promise<LiveParts> {
  const root = base.replace(/\/+$/, '');
  const optional = async (name: string): Promise<unknown> => {
    try {
      return await fetchJson(`${root}/${name}`, timeoutMs);
    } catch {
      return undefined;
    }
  };
  const functionList = await fetchJson(`${root}/function_list`, timeoutMs);
  const [callbackList, functionTagList, callbackTagList] = await Promise.all([
    optional('callback_list'),
    optional('function_tag_list'),
    optional('callback_tag_list'),
  ]);
  return { base: root, functionList, callbackList, functionTagList, callbackTagList };
}

function readJsonFile(file: string): { json: unknown; sha256: string } {
  const bytes = readFileSync(file);
  return {
    json: JSON.parse(bytes.toString('utf8')) as unknown,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** A path as the provenance shows it: relative to the repository root, with `/`. */
function shown(file: string): string {
  return path.relative(REPO_ROOT, file).split(path.sep).join('/') || '.';
}

const formKey = (r: { readonly listTag: string }): string => r.listTag;

// ---------------------------------------------------------------------------------------------
// Building.

/** Builds the snapshot text and data from the configured sources; writes nothing. */
export async function buildSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const problems: CatalogProblem[] = [];
  const take = <T>(decoded: { value: T; problems: readonly CatalogProblem[] }): T => {
    problems.push(...decoded.problems);
    return decoded.value;
  };
  const sources: string[] = [];
  const notes: string[] = ['Facts only: every description is intentionally empty.'];

  let live: LiveParts | undefined;
  if (options.live) {
    const base = options.from ?? DEFAULT_LIVE_URL;
    try {
      live = await fetchLive(base, options.timeoutMs);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (options.fromExplicit) throw new Error(`live source ${base} failed: ${reason}`);
      log(`live catalog not reachable (${reason}); using the facts files`);
    }
  }

  // Wiki facts: wiki paths for every record they know, callbacks, and wiki-only functions.
  const factsFunctionsFile = path.join(options.facts, 'function_list.json');
  const factsCallbacksFile = path.join(options.facts, 'callback_list.json');
  let factsFunctions: FunctionRecord[] = [];
  let factsCallbacks: CallbackRecord[] = [];
  if (existsSync(factsFunctionsFile)) {
    const { json, sha256 } = readJsonFile(factsFunctionsFile);
    factsFunctions = take(decodeFunctionList(restoreEmojiTypes(json), shown(factsFunctionsFile))).map(blankFunction);
    notes.push(`${shown(factsFunctionsFile)} sha256 ${sha256}`);
  } else {
    log(`no facts file ${factsFunctionsFile}; no wiki paths or wiki-only functions`);
  }
  if (existsSync(factsCallbacksFile)) {
    const { json, sha256 } = readJsonFile(factsCallbacksFile);
    factsCallbacks = take(decodeCallbackList(restoreEmojiTypes(json), shown(factsCallbacksFile))).map(blankCallback);
    notes.push(`${shown(factsCallbacksFile)} sha256 ${sha256}`);
  }

  // Functions and callbacks: live first, else the real sample, topped up from the wiki facts.
  let functions: FunctionRecord[];
  let callbacks: CallbackRecord[];
  let functionTags: string[] | undefined;
  let callbackTags: string[] | undefined;
  if (live) {
    functions = take(decodeFunctionList(live.functionList, `${live.base}/function_list`)).map(blankFunction);
    sources.push(`${live.base}/function_list (functions)`);
    if (live.callbackList !== undefined) {
      callbacks = take(decodeCallbackList(live.callbackList, `${live.base}/callback_list`)).map(blankCallback);
      sources.push(`${live.base}/callback_list (callbacks)`);
    } else {
      callbacks = [];
    }
    if (live.functionTagList !== undefined)
      functionTags = take(decodeTagList(live.functionTagList, `${live.base}/function_tag_list`));
    if (live.callbackTagList !== undefined)
      callbackTags = take(decodeTagList(live.callbackTagList, `${live.base}/callback_tag_list`));
  } else if (existsSync(options.real)) {
    const { json, sha256 } = readJsonFile(options.real);
    functions = take(decodeFunctionList(json, shown(options.real))).map(blankFunction);
    sources.push(`${shown(options.real)} (functions)`);
    notes.push(`${shown(options.real)} sha256 ${sha256}`);
    callbacks = [];
  } else {
    log(`no real /function_list sample at ${options.real}; functions come from the wiki facts only`);
    functions = [];
    callbacks = [];
  }

  const wikiByForm = new Map<string, string>();
  for (const r of factsFunctions) if (r.wiki !== undefined) wikiByForm.set(formKey(r), r.wiki);
  const callbackWikiByForm = new Map<string, string>();
  for (const r of factsCallbacks) if (r.wiki !== undefined) callbackWikiByForm.set(formKey(r), r.wiki);

  const known = new Set(functions.map(formKey));
  const wikiOnly = factsFunctions.filter((r) => !known.has(formKey(r)));
  if (wikiOnly.length > 0)
    notes.push(`${wikiOnly.length} functions come only from the wiki facts: ${wikiOnly.map(formKey).join(', ')}`);
  functions = [...functions, ...wikiOnly].map((r) => withWiki(r, wikiByForm.get(formKey(r))));

  if (callbacks.length === 0 && factsCallbacks.length > 0) {
    callbacks = factsCallbacks;
  } else {
    const knownCallbacks = new Set(callbacks.map(formKey));
    callbacks = [...callbacks, ...factsCallbacks.filter((r) => !knownCallbacks.has(formKey(r)))];
  }
  callbacks = callbacks.map((r) => withWiki(r, callbackWikiByForm.get(formKey(r))));
  if (factsFunctions.length > 0 || factsCallbacks.length > 0) {
    sources.push(`${shown(options.facts)} (${live ? '' : 'callbacks, '}wiki paths, wiki-only records)`);
  }

  const emoji = emojiFromPackage();
  const emojiMap = take(decodeEmojiAliasMap(emoji.map, `discord-emoji ${emoji.version}`));
  sources.push(`npm discord-emoji ${emoji.version} (emoji aliases)`);

  const data: CatalogData = {
    functions,
    callbacks,
    functionTags: functionTags ?? deriveTagList(functions),
    callbackTags: callbackTags ?? deriveTagList(callbacks),
    emoji: emojiMap,
  };
  const provenance: SnapshotProvenance = {
    generatedBy: GENERATED_BY,
    source: sources.join('; '),
    date: options.date,
    counts: {
      functions: functions.length,
      callbacks: callbacks.length,
      emoji: Object.keys(emojiMap).length,
      aliases: Object.values(emojiMap).reduce((n, a) => n + a.length, 0),
    },
    notes,
  };
  const text = stringifySnapshot(encodeSnapshot(data, provenance));
  return { text, data, provenance, problems };
}

function withWiki<R extends FunctionRecord | CallbackRecord>(record: R, wiki: string | undefined): R {
  if (wiki === undefined || record.wiki === wiki) return record;
  return { ...record, wiki };
}

// ---------------------------------------------------------------------------------------------
// Command line.

const USAGE = `usage: npm run snapshot -- [options]
  --from URL      live catalog base URL (default ${DEFAULT_LIVE_URL}, tried quietly)
  --no-live       do not try any live endpoint
  --real FILE     saved real /function_list response (default ../shared/real-api-sample/function_list.json)
  --facts DIR     catalog-facts folder (default ../shared/catalog-facts)
  --out FILE      output file (default server/snapshot/catalog.json)
  --date DATE     provenance date YYYY-MM-DD (default: SOURCE_DATE_EPOCH, else today in UTC)
  --timeout MS    timeout of each live request (default 3000)`;

/** The provenance date: --date, else SOURCE_DATE_EPOCH (seconds), else today in UTC. */
export function resolveDate(flag: string | undefined, env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  if (flag !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(flag) || Number.isNaN(Date.parse(flag)))
      throw new Error(`--date must be YYYY-MM-DD, got ${flag}`);
    return flag;
  }
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds, got ${epoch}`);
    return new Date(Number(epoch) * 1000).toISOString().slice(0, 10);
  }
  return now.toISOString().slice(0, 10);
}

export function parseArgs(argv: readonly string[]): (SnapshotOptions & { out: string }) | 'help' {
  const values = new Map<string, string>();
  let live = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--no-live' || arg === '--offline') {
      live = false;
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq >= 0 ? arg.slice(0, eq) : arg;
    if (!['--from', '--real', '--facts', '--out', '--date', '--timeout'].includes(key))
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new Error(`${key} needs a value`);
    values.set(key, value);
  }
  const timeoutMs = Number(values.get('--timeout') ?? '3000');
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error('--timeout must be a positive whole number of milliseconds');
  const from = values.get('--from');
  return {
    live,
    ...(from !== undefined ? { from, fromExplicit: true } : {}),
    real: path.resolve(values.get('--real') ?? DEFAULT_REAL),
    facts: path.resolve(values.get('--facts') ?? DEFAULT_FACTS),
    out: path.resolve(values.get('--out') ?? DEFAULT_OUT),
    date: resolveDate(values.get('--date')),
    timeoutMs,
  };
}

export async function main(argv: readonly string[]): Promise<number> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  let result: SnapshotResult;
  try {
    result = await buildSnapshot(options);
  } catch (e) {
    process.stderr.write(`snapshot: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  for (const p of result.problems) {
    process.stderr.write(
      `${p.severity}: ${p.source}${p.record ? ' ' + p.record : ''}${p.field ? ' ' + p.field : ''}: ${p.message}\n`,
    );
  }
  const errors = result.problems.filter((p) => p.severity === 'error').length;
  if (result.data.functions.length === 0) {
    process.stderr.write('snapshot: no functions found; nothing written\n');
    return 1;
  }
  await writeFileAtomic(options.out, result.text);
  const c = result.provenance.counts;
  process.stderr.write(
    `wrote ${shown(options.out)}: ${c.functions} functions, ${c.callbacks} callbacks, ${c.emoji} emoji, ${c.aliases} aliases, ` +
      `${result.text.length} characters; ${errors} decoding errors, ${result.problems.length - errors} warnings\n`,
  );
  return errors > 0 ? 1 : 0;
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
