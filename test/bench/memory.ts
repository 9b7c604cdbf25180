// Memory benchmarks (issue #24): the language server's resident memory at rest beside VS Code's
// JSON language server and a bare Node, both started over stdio in the same run; with the
// realistic 1 MB command open, and after 1,000 edits of it, each in a fresh server; and in
// process, what the tree and the whole analysis (tree, per-chunk facts, path model, findings)
// cost per MB of text, beside Lezer's 3.9 MB per MB. With `--base DIR` every process figure is
// also taken of another checkout's build (DIR/dist/server.js), interleaved in the same run.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../client/src/options';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { LanguageService } from '../../server/src/core/languageService';
import { generateDocument, MB } from '../support/generate';
import { spawnServer, type SpawnedServer } from '../support/lspClient';
import { summarize, type Figure } from './stats';

/** A build under test: the checkout's folder and a label for the tables. */
export interface Build {
  readonly label: string;
  readonly root: string;
}

/** Resident memory of a process, split into what is its own (anonymous) and what maps files (the Node binary). */
export interface Resident {
  readonly rssMB: number;
  readonly anonMB: number;
}

/** Memory of a process in MiB, from /proc/<pid>/smaps_rollup. */
export function residentOf(pid: number): Resident {
  const s = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (key: string): number => {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(s);
    if (!m) throw new Error(`no ${key} in /proc/${pid}/smaps_rollup`);
    return Number(m[1]);
  };
  return { rssMB: kb('Rss') / 1024, anonMB: kb('Anonymous') / 1024 };
}

export interface BuildMemory {
  readonly label: string;
  /** After initialize, a 2-line command opened and one hover, then a quiet pause. */
  readonly rest: Figure;
  readonly restAnon: Figure;
  /** The same server a longer while later, past its rest collection (`restedPauseMs` after the hover). */
  readonly rested?: Figure;
  readonly restedAnon?: Figure;
  /** The 1 MB document opened and diagnosed, then a quiet pause of a second. */
  readonly open1MB: Figure;
  /** The same, `restedPauseMs` after the diagnostics. */
  readonly open1MBRested?: Figure;
  /** After `edits` edits at the end of the 1 MB document (diagnostics awaited every 10th), at once and a second later. */
  readonly afterEdits: Figure;
  readonly afterEditsIdle: Figure;
  /** The same, `restedPauseMs` after the last edit's diagnostics. */
  readonly afterEditsRested?: Figure;
  /**
   * RSS right after each awaited diagnostics from the first tenth of the edits on, pooled over
   * the runs. The figure at once is the last such reading, and where it falls in V8's cycle of
   * collections moves it by 20-40 MB from run to run; the median of all of them does not.
   */
  readonly duringEdits?: Figure;
}

export interface MemoryResults {
  readonly restPauseMs: number;
  /** The longer pause of the "rested" figures: past the server's rest collection (node/memory.ts). */
  readonly restedPauseMs?: number;
  readonly edits: number;
  /** VS Code's JSON language server (vscode-langservers-extracted) at rest, or why it was not run. */
  readonly json:
    | {
        readonly version: string;
        readonly rest: Figure;
        readonly restAnon: Figure;
        readonly rested?: Figure;
        readonly restedAnon?: Figure;
      }
    | { skipped: string };
  /** `node` doing nothing, for the floor. */
  readonly bare: Figure;
  readonly builds: BuildMemory[];
  /** In process, on this checkout's source: heap and buffers per MiB of text. */
  readonly perMB?: {
    readonly textMB: number;
    /** The parsed tree (chunks in typed arrays, directives, the line starts). */
    readonly treeMB: number;
    /** Tree, per-chunk facts, path model and findings of a full validation. */
    readonly analysisMB: number;
  };
}

const REST_PAUSE_MS = 3000;
/**
 * At rest a while longer: past the 6 s after which our server collects once more so that V8 gives
 * back the young generation (REST_AFTER_MS in server/src/node/memory.ts), with time for the
 * collection itself. A server a user leaves open rests far longer than either pause.
 */
const RESTED_PAUSE_MS = 8000;
const SMALL = '$title[Hello $username]\n$addButton[yes;hello;Say hello;primary]';

function offlineSettings(home: string): Record<string, unknown> {
  return { catalog: { offline: true, url: 'http://127.0.0.1:9/api', cacheDir: path.join(home, 'cache') } };
}

/** The build's server over stdio, as its launchers start it, offline, with a private HOME. */
function startOurs(build: Build): { server: SpawnedServer; home: string } {
  const home = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-mem-'));
  const server = spawnServer(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(build.root, 'dist/server.js'), '--stdio'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CACHE_HOME: path.join(home, '.cache'),
        NO_PROXY: '*',
        ...SERVER_ENV,
      },
      cwd: home,
      settings: offlineSettings(home),
      timeoutMs: 120_000,
    },
  );
  return { server, home };
}

async function stopServer(s: { server: SpawnedServer; home?: string }): Promise<void> {
  try {
    await s.server.client.shutdown();
    await s.server.exited(5_000);
  } catch {
    s.server.kill();
  } finally {
    s.server.client.dispose();
    if (s.home) rmSync(s.home, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's memory `REST_PAUSE_MS` and `RESTED_PAUSE_MS` from now. */
async function restingFigures(pid: number): Promise<[Resident, Resident]> {
  const start = Date.now();
  await sleep(REST_PAUSE_MS);
  const rest = residentOf(pid);
  await sleep(RESTED_PAUSE_MS - (Date.now() - start));
  return [rest, residentOf(pid)];
}

async function oursAtRest(build: Build): Promise<[Resident, Resident]> {
  const s = startOurs(build);
  try {
    const client = s.server.client;
    await client.initialize({
      initializationOptions: { bdscript: offlineSettings(s.home) },
      processId: process.pid,
    });
    const uri = 'file:///rest.bds';
    await client.open(uri, SMALL, 1);
    const hover = await client.request('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 2 },
    });
    if (!hover) throw new Error('the hover at rest came back empty');
    return await restingFigures(s.server.child.pid!);
  } finally {
    await stopServer(s);
  }
}

/** Where vscode-langservers-extracted's JSON server is, with its version; undefined when not installed. */
function jsonServer(): { script: string; version: string } | undefined {
  try {
    const pkg = require.resolve('vscode-langservers-extracted/package.json');
    const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
    const script = path.join(path.dirname(pkg), 'bin/vscode-json-language-server');
    return existsSync(script) ? { script, version } : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON server at rest: the same steps as ours (a small document, one hover, a pause). */
async function jsonAtRest(script: string): Promise<[Resident, Resident]> {
  const home = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-json-'));
  const server = spawnServer(process.execPath, [script, '--stdio'], {
    env: { PATH: process.env.PATH ?? '', HOME: home, NO_PROXY: '*' },
    cwd: home,
    timeoutMs: 60_000,
  });
  try {
    const client = server.client;
    await client.initialize({ processId: process.pid });
    const uri = 'file:///rest.json';
    await client.open(uri, '{\n  "name": "hello",\n  "values": [1, 2, {"ok": true}]\n}', 1, 'json');
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } });
    return await restingFigures(server.child.pid!);
  } finally {
    await stopServer({ server, home });
  }
}

/** A Node process that only waits, measured after the same pause. */
async function bareAtRest(): Promise<Resident> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    await sleep(REST_PAUSE_MS);
    return residentOf(child.pid!);
  } finally {
    child.kill('SIGKILL');
  }
}

/** RSS in MiB of a server with the 1 MB document: open, then after the edits (at once, a second later, rested). */
interface LargeFigures {
  readonly open: number;
  readonly openRested: number;
  readonly after: number;
  readonly idle: number;
  readonly rested: number;
  /** RSS right after each awaited diagnostics, from the first tenth of the edits on. */
  readonly during: number[];
}

/** A fresh server: the 1 MB document opened and diagnosed, then `edits` edits at its end. */
async function oursWithLargeDocument(build: Build, text: string, edits: number): Promise<LargeFigures> {
  const s = startOurs(build);
  try {
    const client = s.server.client;
    await client.initialize({ initializationOptions: { bdscript: offlineSettings(s.home) }, processId: process.pid });
    const uri = 'file:///big.bds';
    let version = 1;
    const opened = client.mark();
    await client.open(uri, text, version);
    await client.diagnostics(uri, { since: opened, version, timeoutMs: 120_000 });
    const diagnosed = Date.now();
    const rss = () => residentOf(s.server.child.pid!).rssMB;
    await sleep(1000);
    const open = rss();
    await sleep(RESTED_PAUSE_MS - (Date.now() - diagnosed));
    const openRested = rss();
    const lines = text.split('\n');
    const lastLine = lines.length - 1;
    let col = lines[lastLine]!.length;
    const during: number[] = [];
    for (let k = 1; k <= edits; k++) {
      version++;
      const position = { line: lastLine, character: col++ };
      const mark = client.mark();
      await client.change(uri, version, [{ range: { start: position, end: position }, text: 'y' }]);
      if (k % 10 !== 0) continue;
      await client.diagnostics(uri, { since: mark, version, timeoutMs: 120_000 });
      if (k > edits / 10) during.push(rss());
    }
    const edited = Date.now();
    const after = rss();
    await sleep(1000);
    const idle = rss();
    await sleep(RESTED_PAUSE_MS - (Date.now() - edited));
    return { open, openRested, after, idle, rested: rss(), during };
  } finally {
    await stopServer(s);
  }
}

/** Heap and buffers of the process after full collections. */
function heldBytes(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** What the tree and the whole analysis of the 1 MB document hold, per MiB of its text (in process). */
function perMB(catalog: Catalog, text: string): MemoryResults['perMB'] {
  if (!(globalThis as { gc?: unknown }).gc) return undefined;
  const textMB = text.length / MB;
  const samples = { tree: [] as number[], analysis: [] as number[] };
  for (let k = 0; k < 3; k++) {
    const document = TextDocument.create('file:///per-mb.bds', 'bdscript', 1, text);
    document.getText();
    let service: LanguageService | undefined = new LanguageService({ catalog });
    const before = heldBytes();
    service.analyze(document);
    const parsed = heldBytes();
    service.validate(document);
    const validated = heldBytes();
    samples.tree.push((parsed - before) / MB / textMB);
    samples.analysis.push((validated - before) / MB / textMB);
    service.forget(document.uri);
    service = undefined;
  }
  const median = (xs: number[]) => summarize(xs, 'MB').median;
  return { textMB, treeMB: median(samples.tree), analysisMB: median(samples.analysis) };
}

export async function benchMemory(
  catalog: Catalog,
  builds: readonly Build[],
  options: { quick: boolean; log: (line: string) => void },
): Promise<MemoryResults | { skipped: string }> {
  const missing = builds.find((b) => !existsSync(path.join(b.root, 'dist/server.js')));
  if (missing)
    return { skipped: `${path.join(missing.root, 'dist/server.js')} is missing: run \`npm run build\` there` };
  const { quick, log } = options;
  const json = jsonServer();
  const runs = quick ? 2 : 5;
  const rest = builds.map(() => [] as Array<[Resident, Resident]>);
  const jsonRest: Array<[Resident, Resident]> = [];
  const bare: Resident[] = [];
  // Interleaved, so that every server saw the same machine.
  for (let k = 0; k < runs; k++) {
    for (const [i, build] of builds.entries()) rest[i]!.push(await oursAtRest(build));
    if (json) jsonRest.push(await jsonAtRest(json.script));
    bare.push(await bareAtRest());
  }
  const fig = (xs: Resident[], pick: (r: Resident) => number) => summarize(xs.map(pick), 'MB');
  /** The figure at the first (0) or the second (1) pause. */
  const at = (xs: Array<[Resident, Resident]>, k: 0 | 1, pick: (r: Resident) => number) =>
    summarize(
      xs.map((x) => pick(x[k])),
      'MB',
    );
  const rss = (r: Resident) => r.rssMB;
  const anon = (r: Resident) => r.anonMB;
  for (const k of [0, 1] as const)
    log(
      `  at rest, ${(k ? RESTED_PAUSE_MS : REST_PAUSE_MS) / 1000} s: ${builds.map((b, i) => `${b.label} ${at(rest[i]!, k, rss).median.toFixed(1)} MB`).join(', ')}` +
        `${json ? `, JSON server ${at(jsonRest, k, rss).median.toFixed(1)} MB` : ''}`,
    );
  log(`  bare Node: ${fig(bare, rss).median.toFixed(1)} MB`);

  const text = generateDocument(catalog, { seed: 1, size: MB });
  const edits = quick ? 200 : 1000;
  const large = builds.map(() => [] as LargeFigures[]);
  const largeRuns = quick ? 1 : 2;
  for (let k = 0; k < largeRuns; k++) {
    for (const [i, build] of builds.entries()) large[i]!.push(await oursWithLargeDocument(build, text, edits));
  }
  const large1 = (l: LargeFigures[], pick: (x: LargeFigures) => number) => summarize(l.map(pick), 'MB');
  const results: BuildMemory[] = builds.map((b, i) => {
    const l = large[i]!;
    return {
      label: b.label,
      rest: at(rest[i]!, 0, rss),
      restAnon: at(rest[i]!, 0, anon),
      rested: at(rest[i]!, 1, rss),
      restedAnon: at(rest[i]!, 1, anon),
      open1MB: large1(l, (x) => x.open),
      open1MBRested: large1(l, (x) => x.openRested),
      afterEdits: large1(l, (x) => x.after),
      duringEdits: summarize(
        l.flatMap((x) => x.during),
        'MB',
      ),
      afterEditsIdle: large1(l, (x) => x.idle),
      afterEditsRested: large1(l, (x) => x.rested),
    };
  });
  for (const r of results)
    log(
      `  ${r.label}: 1 MB open ${r.open1MB.median.toFixed(1)} MB (${RESTED_PAUSE_MS / 1000} s: ${r.open1MBRested?.median.toFixed(1)} MB), ` +
        `after ${edits} edits ${r.afterEdits.median.toFixed(1)} MB, 1 s later ${r.afterEditsIdle.median.toFixed(1)} MB, ` +
        `${RESTED_PAUSE_MS / 1000} s later ${r.afterEditsRested?.median.toFixed(1)} MB; during the edits ` +
        `${r.duringEdits?.median.toFixed(1)} MB (max ${r.duringEdits?.max.toFixed(1)} MB)`,
    );
  const per = perMB(catalog, text);
  if (per)
    log(
      `  per MB of text (in process): tree ${per.treeMB.toFixed(2)} MB, whole analysis ${per.analysisMB.toFixed(2)} MB`,
    );
  return {
    restPauseMs: REST_PAUSE_MS,
    restedPauseMs: RESTED_PAUSE_MS,
    edits,
    json: json
      ? {
          version: json.version,
          rest: at(jsonRest, 0, rss),
          restAnon: at(jsonRest, 0, anon),
          rested: at(jsonRest, 1, rss),
          restedAnon: at(jsonRest, 1, anon),
        }
      : { skipped: 'vscode-langservers-extracted is not installed (npm ci installs it)' },
    bare: fig(bare, rss),
    builds: results,
    ...(per ? { perMB: per } : {}),
  };
}
