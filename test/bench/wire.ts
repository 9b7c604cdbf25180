// Over-the-wire benchmarks of the bundled server (dist/server.js --stdio): time from spawn to
// the first completion answer with the bundled snapshot; on a 1 MB document the first
// completion, hover and signature help after an edit (the path a user hits: the request right
// after the keystroke, on a version nothing has analysed yet), keystroke-to-diagnostics latency,
// and the server's resident memory (VmRSS) once loaded, with the document open and after many
// edits; and `bdscript check` on 1 MB as a whole process. The server runs offline with a
// loopback catalog URL and a temporary HOME and cache folder.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../client/src/options';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { generateCommand, generateDocument, MB, Rng } from '../support/generate';
import { spawnServer, type SpawnedServer } from '../support/lspClient';
import { percentiles, summarize, type Figure, type Percentiles } from './stats';

export const SERVER_JS = path.resolve(__dirname, '../../dist/server.js');
export const CLI_JS = path.resolve(__dirname, '../../dist/cli.js');

export interface WireResults {
  readonly spawnToCompletion: Figure;
  /** From sending the last didChange of a typed word to the answer of the request right after it, on 1 MB. */
  readonly afterEdit: { readonly completion: Percentiles; readonly hover: Percentiles; readonly signatureHelp: Percentiles };
  /** From sending didChange to receiving publishDiagnostics for that version (includes the server's debounce). */
  readonly keystrokeToDiagnostics: Figure;
  readonly keystrokeToDiagnosticsP: Percentiles;
  /** `bdscript check` of a 1 MB file as a whole process, of a one-line file (start-up), and in process. */
  readonly check: { readonly process: Figure; readonly startup: Figure; readonly inProcessMs: number };
  /** The server's validation debounce, as read from its source, for reading the figure above. */
  readonly debounceMs: number | undefined;
  /** Node flags the server ran with (the launchers' own). */
  readonly nodeFlags: readonly string[];
  readonly rssLoadedMB: number;
  /** After `edits` edits of a typical 200-line command, diagnostics awaited every tenth. */
  readonly rssCommandEditsMB: number;
  readonly rssOpenMB: number;
  readonly rssAfterEditsMB: number;
  /** The same one second later, with the server idle (the user stopped typing). */
  readonly rssAfterEditsIdleMB: number;
  readonly edits: number;
}

export interface WireOptions {
  readonly quick: boolean;
  readonly log: (line: string) => void;
  /** Parse + full diagnostics of the 1 MB document in process (from the language service benchmark), for the check ratio. */
  readonly inProcessDiagnoseMs?: number;
}

/** Resident memory of a process in MiB, from /proc/<pid>/status. */
export function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

interface Session {
  readonly server: SpawnedServer;
  readonly home: string;
}

/**
 * Spawns the bundled server as its launchers do (same Node flags), with a private HOME and
 * cache, offline, and the catalog URL on loopback should anything try it anyway.
 */
function start(): Session {
  const home = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-'));
  const settings = { catalog: { offline: true, url: 'http://127.0.0.1:9/api', cacheDir: path.join(home, 'cache') } };
  const server = spawnServer(process.execPath, [...SERVER_NODE_FLAGS, SERVER_JS, '--stdio'], {
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), NO_PROXY: '*', ...SERVER_ENV },
    settings,
    timeoutMs: 60_000,
  });
  return { server, home };
}

async function stop(session: Session): Promise<void> {
  try {
    await session.server.client.shutdown();
    await session.server.exited(5_000);
  } catch {
    session.server.kill();
  } finally {
    session.server.client.dispose();
    rmSync(session.home, { recursive: true, force: true });
  }
}

const initOptions = (home: string) => ({
  bdscript: { catalog: { offline: true, url: 'http://127.0.0.1:9/api', cacheDir: path.join(home, 'cache') } },
});

export async function benchWire(catalog: Catalog, options: WireOptions): Promise<WireResults | { skipped: string }> {
  if (!existsSync(SERVER_JS)) return { skipped: `${SERVER_JS} is missing: run \`npm run build\` first` };
  const { quick, log } = options;

  // ---- spawn → initialize → didOpen → first completion answer ------------------------------
  const small = '$title[Hello $username]\n$addBu';
  const spawnRuns = quick ? 3 : 10;
  const spawnSamples: number[] = [];
  let rssLoadedMB = NaN;
  for (let k = 0; k < spawnRuns + 1; k++) {
    const t0 = performance.now();
    const session = start();
    try {
      const client = session.server.client;
      await client.initialize({ initializationOptions: initOptions(session.home), processId: process.pid });
      await client.open('file:///small.bds', small, 1);
      const list = await client.request<{ items: unknown[] }>('textDocument/completion', {
        textDocument: { uri: 'file:///small.bds' },
        position: { line: 1, character: 6 },
      });
      const ms = performance.now() - t0;
      if (!list || !Array.isArray(list.items) || list.items.length === 0) throw new Error('the first completion came back empty');
      // The first spawn warms the file cache; it is not counted.
      if (k > 0) spawnSamples.push(ms);
      if (k === spawnRuns) rssLoadedMB = rssMB(session.server.child.pid!);
    } finally {
      await stop(session);
    }
  }
  const spawnToCompletion = summarize(spawnSamples, 'ms');
  log(`  spawn → first completion: ${spawnToCompletion.median.toFixed(0)} ms; RSS loaded ${rssLoadedMB.toFixed(1)} MB`);

  const edits = quick ? 200 : 1000;
  /** `edits` single-character edits at the end of the last line, diagnostics awaited every tenth (fast typing). */
  const typeAway = async (session: Session, uri: string, lastLine: number, col: number, version: number): Promise<number> => {
    const client = session.server.client;
    for (let k = 1; k <= edits; k++) {
      version++;
      const position = { line: lastLine, character: col++ };
      const mark = client.mark();
      await client.change(uri, version, [{ range: { start: position, end: position }, text: 'y' }]);
      if (k % 10 === 0) await client.diagnostics(uri, { since: mark, version, timeoutMs: 60_000 });
    }
    return version;
  };

  // ---- memory after many edits of a typical command ----------------------------------------
  let rssCommandEditsMB: number;
  {
    const session = start();
    try {
      const client = session.server.client;
      await client.initialize({ initializationOptions: initOptions(session.home), processId: process.pid });
      const uri = 'file:///command.bds';
      const text = generateCommand(catalog, 1, 200);
      const since = client.mark();
      await client.open(uri, text, 1);
      await client.diagnostics(uri, { since, version: 1, timeoutMs: 60_000 });
      const lines = text.split('\n');
      await typeAway(session, uri, lines.length - 1, lines[lines.length - 1]!.length, 1);
      rssCommandEditsMB = rssMB(session.server.child.pid!);
      log(`  RSS after ${edits} edits of a 200-line command: ${rssCommandEditsMB.toFixed(1)} MB`);
    } finally {
      await stop(session);
    }
  }

  // ---- keystroke → diagnostics on 1 MB, and memory after many edits of it -------------------
  const session = start();
  try {
    const client = session.server.client;
    await client.initialize({ initializationOptions: initOptions(session.home), processId: process.pid });
    const uri = 'file:///big.bds';
    const text = generateDocument(catalog, { seed: 1, size: MB });
    let version = 1;
    let since = client.mark();
    await client.open(uri, text, version);
    await client.diagnostics(uri, { since, version, timeoutMs: 60_000 });
    const rssOpenMB = rssMB(session.server.child.pid!);

    // Edits alternate between the end and the middle; each waits for its own diagnostics.
    const lines = text.split('\n');
    const lastLine = lines.length - 1;
    const midLine = lastLine >> 1;
    let endCol = lines[lastLine]!.length;
    let midCol = 0;
    const keystroke = async (): Promise<number> => {
      version++;
      const atEnd = version % 2 === 0;
      const position = atEnd ? { line: lastLine, character: endCol } : { line: midLine, character: midCol };
      if (atEnd) endCol++;
      else midCol++;
      since = client.mark();
      const t = performance.now();
      await client.change(uri, version, [{ range: { start: position, end: position }, text: 'x' }]);
      await client.diagnostics(uri, { since, version, timeoutMs: 60_000 });
      return performance.now() - t;
    };
    for (let k = 0; k < 3; k++) await keystroke();
    const keySamples: number[] = [];
    for (let k = 0; k < (quick ? 20 : 100); k++) keySamples.push(await keystroke());
    const keystrokeToDiagnostics = summarize(keySamples, 'ms');
    const keystrokeToDiagnosticsP = percentiles(keySamples, 'ms');
    log(`  keystroke → diagnostics (1 MB): p50 ${keystrokeToDiagnosticsP.p50.toFixed(1)} ms, p95 ${keystrokeToDiagnosticsP.p95.toFixed(1)} ms`);

    // The first request after typing: a word typed at the start of a random line (one didChange
    // per character, as editors send them), then at once the request; the clock runs from the
    // last didChange to the answer. The typed word is removed again after each sample and the
    // server is left to publish its diagnostics, so every sample starts from an idle server.
    const current = text.split('\n');
    const rng = new Rng(11);
    const afterEdit = async (request: (line: number, typedEnd: number, lineText: string) => Promise<unknown>, word: string): Promise<number> => {
      const line = rng.int(1, current.length - 2);
      for (let c = 0; c < word.length; c++) {
        version++;
        await client.change(uri, version, [{ range: { start: { line, character: c }, end: { line, character: c } }, text: word[c]! }]);
      }
      const t = performance.now();
      await request(line, word.length, word + current[line]!);
      const ms = performance.now() - t;
      version++;
      since = client.mark();
      await client.change(uri, version, [{ range: { start: { line, character: 0 }, end: { line, character: word.length } }, text: '' }]);
      await client.diagnostics(uri, { since, version, timeoutMs: 60_000 });
      return ms;
    };
    const samples = quick ? 30 : 200;
    const completionSamples: number[] = [];
    const hoverSamples: number[] = [];
    const signatureSamples: number[] = [];
    for (let k = 0; k < samples + 5; k++) {
      const c = await afterEdit(async (line, end) => {
        const list = await client.request<{ items: Array<{ label: string }> }>('textDocument/completion', { textDocument: { uri }, position: { line, character: end } });
        if (!list || !list.items.some((i) => i.label.startsWith('$addButton'))) throw new Error('completion after $addBu did not offer $addButton');
      }, '$addBu');
      // Hover on the name of a call typed just now, and signature help inside its argument list
      // (the `]` typed with the `[`, as editors close brackets).
      const h = await afterEdit((line) => client.request('textDocument/hover', { textDocument: { uri }, position: { line, character: 3 } }), '$title[x]');
      const s = await afterEdit((line) => client.request('textDocument/signatureHelp', { textDocument: { uri }, position: { line, character: 10 } }), '$random[1;]');
      if (k >= 5) {
        completionSamples.push(c);
        hoverSamples.push(h);
        signatureSamples.push(s);
      }
    }
    const afterEditFigures = {
      completion: percentiles(completionSamples, 'ms'),
      hover: percentiles(hoverSamples, 'ms'),
      signatureHelp: percentiles(signatureSamples, 'ms'),
    };
    log(
      `  first request after an edit (1 MB): completion p95 ${afterEditFigures.completion.p95.toFixed(2)} ms, ` +
        `hover p95 ${afterEditFigures.hover.p95.toFixed(2)} ms, signature help p95 ${afterEditFigures.signatureHelp.p95.toFixed(2)} ms`,
    );

    await typeAway(session, uri, lastLine, endCol, version);
    const rssAfterEditsMB = rssMB(session.server.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfterEditsIdleMB = rssMB(session.server.child.pid!);
    log(`  RSS: 1 MB open ${rssOpenMB.toFixed(1)} MB, after ${edits} edits ${rssAfterEditsMB.toFixed(1)} MB, 1 s later ${rssAfterEditsIdleMB.toFixed(1)} MB`);
    const check = benchCheck(text, quick, options.inProcessDiagnoseMs);
    log(`  bdscript check, 1 MB: ${check.process.median.toFixed(0)} ms as a process, start-up ${check.startup.median.toFixed(0)} ms, in process ${check.inProcessMs.toFixed(1)} ms`);
    return {
      spawnToCompletion,
      afterEdit: afterEditFigures,
      keystrokeToDiagnostics,
      keystrokeToDiagnosticsP,
      check,
      debounceMs: readDebounce(),
      nodeFlags: SERVER_NODE_FLAGS,
      rssLoadedMB,
      rssCommandEditsMB,
      rssOpenMB,
      rssAfterEditsMB,
      rssAfterEditsIdleMB,
      edits,
    };
  } finally {
    await stop(session);
  }
}

/**
 * `bdscript check` as a user runs it: the bundled CLI on a 1 MB file (process start, catalog,
 * parse, diagnostics, output), and on a one-line file for the start-up alone.
 */
function benchCheck(text: string, quick: boolean, inProcessMs: number | undefined): WireResults['check'] {
  const dir = mkdtempSync(path.join(tmpdir(), 'bdscript-check-bench-'));
  try {
    const big = path.join(dir, 'big.bds');
    const small = path.join(dir, 'small.bds');
    writeFileSync(big, text);
    writeFileSync(small, '$title[Hello]\n');
    const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_CACHE_HOME: path.join(dir, '.cache') };
    const run = (file: string): number => {
      const t = performance.now();
      const r = spawnSync(process.execPath, [CLI_JS, 'check', '--format', 'json', file], { env, encoding: 'utf8', maxBuffer: 256 * MB });
      const ms = performance.now() - t;
      if (r.status !== 0 && r.status !== 1) throw new Error(`bdscript check exited ${r.status}: ${r.stderr}`);
      return ms;
    };
    const runs = quick ? 3 : 10;
    run(small);
    const startup = summarize(Array.from({ length: runs }, () => run(small)), 'ms');
    const processMs = summarize(Array.from({ length: runs }, () => run(big)), 'ms');
    // Without the in-process figure, time one parse + diagnostics here (the check bundle does the same work).
    const inProcess = inProcessMs ?? NaN;
    return { process: processMs, startup, inProcessMs: inProcess };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** VALIDATE_DELAY_MS from the server's source, if it is there. */
function readDebounce(): number | undefined {
  try {
    const src = readFileSync(path.resolve(__dirname, '../../server/src/lsp/server.ts'), 'utf8');
    const m = /VALIDATE_DELAY_MS\s*=\s*(\d+)/.exec(src);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
