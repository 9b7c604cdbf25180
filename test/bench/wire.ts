// Over-the-wire benchmarks of the bundled server (dist/server.js --stdio): time from spawn to
// the first completion answer with the bundled snapshot, keystroke-to-diagnostics latency on a
// 1 MB document, and the server's resident memory (VmRSS) once loaded and after many edits.
// The server runs offline with a loopback catalog URL and a temporary HOME and cache folder.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../client/src/options';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { generateCommand, generateDocument, MB } from '../support/generate';
import { spawnServer, type SpawnedServer } from '../support/lspClient';
import { summarize, type Figure } from './stats';

export const SERVER_JS = path.resolve(__dirname, '../../dist/server.js');

export interface WireResults {
  readonly spawnToCompletion: Figure;
  /** From sending didChange to receiving publishDiagnostics for that version (includes the server's debounce). */
  readonly keystrokeToDiagnostics: Figure;
  /** The server's validation debounce, as read from its source, for reading the figure above. */
  readonly debounceMs: number | undefined;
  /** Node flags the server ran with (the launchers' own). */
  readonly nodeFlags: readonly string[];
  readonly rssLoadedMB: number;
  /** After `edits` edits of a typical 200-line command, diagnostics awaited every tenth. */
  readonly rssCommandEditsMB: number;
  readonly rssOpenMB: number;
  readonly rssAfterEditsMB: number;
  readonly edits: number;
}

export interface WireOptions {
  readonly quick: boolean;
  readonly log: (line: string) => void;
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
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), NO_PROXY: '*' },
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
    for (let k = 0; k < (quick ? 10 : 40); k++) keySamples.push(await keystroke());
    const keystrokeToDiagnostics = summarize(keySamples, 'ms');
    log(`  keystroke → diagnostics (1 MB): ${keystrokeToDiagnostics.median.toFixed(1)} ms`);

    await typeAway(session, uri, lastLine, endCol, version);
    const rssAfterEditsMB = rssMB(session.server.child.pid!);
    log(`  RSS: 1 MB open ${rssOpenMB.toFixed(1)} MB, after ${edits} edits ${rssAfterEditsMB.toFixed(1)} MB`);
    return {
      spawnToCompletion,
      keystrokeToDiagnostics,
      debounceMs: readDebounce(),
      nodeFlags: SERVER_NODE_FLAGS,
      rssLoadedMB,
      rssCommandEditsMB,
      rssOpenMB,
      rssAfterEditsMB,
      edits,
    };
  } finally {
    await stop(session);
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
