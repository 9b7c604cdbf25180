// Over-the-wire benchmarks of the bundled server (dist/server.js --stdio): time from spawn to
// the first completion answer with the bundled snapshot; on a 1 MB document the first
// completion, hover and signature help after an edit (the path a user hits: the request right
// after the keystroke, on a version nothing has analysed yet), keystroke-to-diagnostics latency,
// and the server's resident memory (VmRSS) once loaded, with the document open and after many
// edits; and `bdscript check` on 1 MB as a whole process; and typing into the 1 MB document
// with and without an open message preview that asks `bdscript/preview` as the VS Code client
// does (benchPreviewTyping). The server runs offline with a loopback catalog URL and a temporary
// HOME and cache folder.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../client/src/options';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import { PreviewRequest, type PreviewResult } from '../../server/src/protocol/messages';
import { generateCommand, generateDocument, MB, Rng } from '../support/generate';
import { spawnServer, type SpawnedServer } from '../support/lspClient';
import { percentiles, summarize, type Figure, type Percentiles } from './stats';

export const SERVER_JS = path.resolve(__dirname, '../../dist/server.js');
export const CLI_JS = path.resolve(__dirname, '../../dist/cli.js');

export interface WireResults {
  readonly spawnToCompletion: Figure;
  /** From sending the last didChange of a typed word to the answer of the request right after it, on 1 MB. */
  readonly afterEdit: {
    readonly completion: Percentiles;
    readonly hover: Percentiles;
    readonly signatureHelp: Percentiles;
  };
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
function start(serverJs = SERVER_JS): Session {
  const home = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-'));
  const settings = { catalog: { offline: true, url: 'http://127.0.0.1:9/api', cacheDir: path.join(home, 'cache') } };
  const server = spawnServer(process.execPath, [...SERVER_NODE_FLAGS, serverJs, '--stdio'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_CACHE_HOME: path.join(home, '.cache'),
      NO_PROXY: '*',
      ...SERVER_ENV,
    },
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
      if (!list || !Array.isArray(list.items) || list.items.length === 0)
        throw new Error('the first completion came back empty');
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
  const typeAway = async (
    session: Session,
    uri: string,
    lastLine: number,
    col: number,
    version: number,
  ): Promise<number> => {
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
    log(
      `  keystroke → diagnostics (1 MB): p50 ${keystrokeToDiagnosticsP.p50.toFixed(1)} ms, p95 ${keystrokeToDiagnosticsP.p95.toFixed(1)} ms`,
    );

    // The first request after typing: a word typed at the start of a random line (one didChange
    // per character, as editors send them), then at once the request; the clock runs from the
    // last didChange to the answer. The typed word is removed again after each sample and the
    // server is left to publish its diagnostics, so every sample starts from an idle server.
    const current = text.split('\n');
    const rng = new Rng(11);
    const afterEdit = async (
      request: (line: number, typedEnd: number, lineText: string) => Promise<unknown>,
      word: string,
    ): Promise<number> => {
      const line = rng.int(1, current.length - 2);
      for (let c = 0; c < word.length; c++) {
        version++;
        await client.change(uri, version, [
          { range: { start: { line, character: c }, end: { line, character: c } }, text: word[c]! },
        ]);
      }
      const t = performance.now();
      await request(line, word.length, word + current[line]!);
      const ms = performance.now() - t;
      version++;
      since = client.mark();
      await client.change(uri, version, [
        { range: { start: { line, character: 0 }, end: { line, character: word.length } }, text: '' },
      ]);
      await client.diagnostics(uri, { since, version, timeoutMs: 60_000 });
      return ms;
    };
    const samples = quick ? 30 : 200;
    const completionSamples: number[] = [];
    const hoverSamples: number[] = [];
    const signatureSamples: number[] = [];
    for (let k = 0; k < samples + 5; k++) {
      const c = await afterEdit(async (line, end) => {
        const list = await client.request<{ items: Array<{ label: string }> }>('textDocument/completion', {
          textDocument: { uri },
          position: { line, character: end },
        });
        if (!list || !list.items.some((i) => i.label.startsWith('$addButton')))
          throw new Error('completion after $addBu did not offer $addButton');
      }, '$addBu');
      // Hover on the name of a call typed just now, and signature help inside its argument list
      // (the `]` typed with the `[`, as editors close brackets).
      const h = await afterEdit(
        (line) => client.request('textDocument/hover', { textDocument: { uri }, position: { line, character: 3 } }),
        '$title[x]',
      );
      const s = await afterEdit(
        (line) =>
          client.request('textDocument/signatureHelp', { textDocument: { uri }, position: { line, character: 10 } }),
        '$random[1;]',
      );
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
    log(
      `  RSS: 1 MB open ${rssOpenMB.toFixed(1)} MB, after ${edits} edits ${rssAfterEditsMB.toFixed(1)} MB, 1 s later ${rssAfterEditsIdleMB.toFixed(1)} MB`,
    );
    const check = benchCheck(text, quick, options.inProcessDiagnoseMs);
    log(
      `  bdscript check, 1 MB: ${check.process.median.toFixed(0)} ms as a process, start-up ${check.startup.median.toFixed(0)} ms, in process ${check.inProcessMs.toFixed(1)} ms`,
    );
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
      const r = spawnSync(process.execPath, [CLI_JS, 'check', '--format', 'json', file], {
        env,
        encoding: 'utf8',
        maxBuffer: 256 * MB,
      });
      const ms = performance.now() - t;
      if (r.status !== 0 && r.status !== 1) throw new Error(`bdscript check exited ${r.status}: ${r.stderr}`);
      return ms;
    };
    const runs = quick ? 3 : 10;
    run(small);
    const startup = summarize(
      Array.from({ length: runs }, () => run(small)),
      'ms',
    );
    const processMs = summarize(
      Array.from({ length: runs }, () => run(big)),
      'ms',
    );
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
    const src = readFileSync(path.resolve(__dirname, '../../server/src/lsp/validation.ts'), 'utf8');
    const m = /VALIDATE_DELAY_MS\s*=\s*(\d+)/.exec(src);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

// ---- typing with the message preview open -------------------------------------------------

/** Keystroke latencies of one way of typing, pooled over the rounds. */
export interface TypingFigures {
  /** From sending a keystroke's didChange to the answer of the completion request sent right after it. */
  readonly completion: Percentiles;
  /** From sending a keystroke's didChange to publishDiagnostics for its version (debounce included). */
  readonly diagnostics: Percentiles;
  readonly keys: number;
  /** Keystrokes whose version got no diagnostics because the next one came first (the debounce at work). */
  readonly superseded: number;
}

export interface PreviewTypingResults {
  readonly rounds: number;
  readonly keysPerRound: number;
  /** Pause between keystrokes, drawn uniformly from this range (ms). */
  readonly gapMs: readonly [number, number];
  /** The client's debounce before it asks for a preview, read from client/src/preview.ts. */
  readonly clientDebounceMs: number;
  /** The client cancels a preview request still running when the document changes. */
  readonly clientCancels: boolean;
  /** The client asks for the page alone (`pageOnly`). */
  readonly clientPageOnly: boolean;
  readonly without: TypingFigures;
  readonly with: TypingFigures & {
    /** Preview requests sent, answered with a page, and refused (cancelled, or content modified). */
    readonly requested: number;
    readonly answered: number;
    readonly refused: number;
    /** Keystrokes sent while a preview request was running. */
    readonly keysDuringPreview: number;
    /** From sending a preview request to its answer, for answered ones. */
    readonly previewAnswer: Percentiles;
    readonly previewBytes: number;
  };
  /** Pooled with / without, for completion and diagnostics at p50 and p95. */
  readonly ratio: {
    readonly completionP50: number;
    readonly completionP95: number;
    readonly diagnosticsP50: number;
    readonly diagnosticsP95: number;
  };
  /** p95 of each round, for the spread: [without, with] per round. */
  readonly perRound: ReadonlyArray<{
    readonly completionP95: readonly [number, number];
    readonly diagnosticsP95: readonly [number, number];
  }>;
}

/** DEBOUNCE_MS from the preview client's source (it imports vscode, so it is read, not imported). */
function readClientDebounce(): number {
  const src = readFileSync(path.resolve(__dirname, '../../client/src/preview.ts'), 'utf8');
  const m = /DEBOUNCE_MS\s*=\s*(\d+)/.exec(src);
  if (!m) throw new Error('no DEBOUNCE_MS in client/src/preview.ts');
  return Number(m[1]);
}

/** Whether the preview client asks for the page alone (`pageOnly`), as read from its source. */
function readClientPageOnly(): boolean {
  return /pageOnly:\s*true/.test(readFileSync(path.resolve(__dirname, '../../client/src/preview.ts'), 'utf8'));
}

/** Whether the preview client passes a cancellation token with its request (and so cancels superseded ones). */
function readClientCancels(): boolean {
  const src = readFileSync(path.resolve(__dirname, '../../client/src/preview.ts'), 'utf8');
  return /sendRequest\(PreviewRequest,[\s\S]*?\},\s*[a-zA-Z.]*token\s*\)/.test(src);
}

interface TypingRun {
  readonly completion: number[];
  readonly diagnostics: number[];
  readonly superseded: number;
  readonly requested: number;
  readonly answered: number;
  readonly refused: number;
  readonly keysDuringPreview: number;
  readonly previewAnswer: number[];
  readonly previewBytes: number;
}

/**
 * One user typing into the 1 MB document (`$stop` taken out, so the preview reads the whole
 * text, its worst case): single characters alternating between the end and the middle as in the
 * keystroke scenario, each followed at once by a completion request at the cursor, with pauses
 * drawn from `gapMs` (keystrokes are sent on their own clock, not after the answers, as a user
 * types). With `preview`, a preview panel is open and behaves as client/src/preview.ts: a
 * `bdscript/preview` request with a page (nonce) `debounceMs` after the last change, the request
 * still running cancelled on the next change when the client does so, and only the page asked for
 * when the client does so.
 */
async function typeWithPreview(
  catalog: Catalog,
  opts: {
    preview: boolean;
    keys: number;
    seed: number;
    gapMs: readonly [number, number];
    debounceMs: number;
    cancels: boolean;
    pageOnly: boolean;
  },
): Promise<TypingRun> {
  const session = start();
  try {
    const client = session.server.client;
    await client.initialize({ initializationOptions: initOptions(session.home), processId: process.pid });
    const uri = 'file:///typing.bds';
    const text = generateDocument(catalog, { seed: 1, size: MB }).replaceAll('$stop', '$stup');
    let version = 1;
    const opened = client.mark();
    await client.open(uri, text, version);
    await client.diagnostics(uri, { since: opened, version, timeoutMs: 60_000 });

    const lines = text.split('\n');
    const lastLine = lines.length - 1;
    const midLine = lastLine >> 1;
    const cols = { end: lines[lastLine]!.length, mid: 0 };
    const typed = ' $title[Hi] $addBu';
    const rng = new Rng(opts.seed);

    const completion: number[] = [];
    const diagnostics: number[] = [];
    const pendingDiagnostics: Array<Promise<void>> = [];
    const answers: Array<Promise<void>> = [];
    let superseded = 0;
    let requested = 0;
    let answered = 0;
    let refused = 0;
    let keysDuringPreview = 0;
    let previewBytes = 0;
    const previewAnswer: number[] = [];
    let previewTimer: ReturnType<typeof setTimeout> | undefined;
    let running: CancellationTokenSource | undefined;
    let runningCount = 0;

    const askPreview = (): void => {
      if (opts.cancels) running?.cancel();
      const source = new CancellationTokenSource();
      running = source;
      requested++;
      runningCount++;
      const t = performance.now();
      const params = {
        textDocument: { uri },
        branches: [],
        theme: 'dark',
        allowImages: false,
        nonce: 'abcdefghijklmnopqrstuvwx',
        ...(opts.pageOnly ? { pageOnly: true } : {}),
      };
      const answer = client.connection.sendRequest(
        PreviewRequest.method,
        params,
        ...(opts.cancels ? [source.token] : []),
      ) as Promise<PreviewResult | null>;
      answers.push(
        answer
          .then(
            (result) => {
              previewAnswer.push(performance.now() - t);
              if (!result?.html) throw new Error('the preview came back without a page');
              answered++;
              previewBytes = Math.max(previewBytes, result.html.length);
            },
            () => void refused++,
          )
          .finally(() => {
            runningCount--;
            if (running === source) running = undefined;
          }),
      );
    };

    const keystroke = async (measured: boolean): Promise<void> => {
      version++;
      const atEnd = version % 2 === 0;
      const col = atEnd ? cols.end++ : cols.mid++;
      const position = { line: atEnd ? lastLine : midLine, character: col };
      const ch = typed[(atEnd ? cols.end : cols.mid) % typed.length]!;
      const v = version;
      const since = client.mark();
      if (runningCount > 0 && measured) keysDuringPreview++;
      const t = performance.now();
      await client.change(uri, v, [{ range: { start: position, end: position }, text: ch }]);
      if (opts.preview) {
        if (opts.cancels) running?.cancel();
        if (previewTimer) clearTimeout(previewTimer);
        previewTimer = setTimeout(() => {
          previewTimer = undefined;
          askPreview();
        }, opts.debounceMs);
      }
      const after = { line: position.line, character: col + 1 };
      answers.push(
        client.request('textDocument/completion', { textDocument: { uri }, position: after }).then(() => {
          if (measured) completion.push(performance.now() - t);
        }),
      );
      pendingDiagnostics.push(
        client.diagnostics(uri, { since, version: v, timeoutMs: 5_000 }).then(
          () => {
            if (measured) diagnostics.push(performance.now() - t);
          },
          () => {
            // A later version was validated instead: the debounce dropped this one.
            if (measured) superseded++;
          },
        ),
      );
    };

    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const warmup = 5;
    let next = performance.now();
    for (let k = 0; k < warmup + opts.keys; k++) {
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      await keystroke(k >= warmup);
      next += opts.gapMs[0] + rng.next() * (opts.gapMs[1] - opts.gapMs[0]);
    }
    await Promise.all(answers);
    await Promise.all(pendingDiagnostics);
    if (previewTimer) clearTimeout(previewTimer);
    await Promise.all(answers);
    return {
      completion,
      diagnostics,
      superseded,
      requested,
      answered,
      refused,
      keysDuringPreview,
      previewAnswer,
      previewBytes,
    };
  } finally {
    await stop(session);
  }
}

/**
 * Typing into the 1 MB document without and with an open preview, in alternating rounds on fresh
 * servers (so both saw the same machine state), each round with the same keystrokes and pauses.
 */
export async function benchPreviewTyping(
  catalog: Catalog,
  options: { quick: boolean; log: (line: string) => void },
): Promise<PreviewTypingResults | { skipped: string }> {
  if (!existsSync(SERVER_JS)) return { skipped: `${SERVER_JS} is missing: run \`npm run build\` first` };
  const { quick, log } = options;
  const rounds = quick ? 1 : 3;
  const keys = quick ? 40 : 100;
  const gapMs = [150, 550] as const;
  const debounceMs = readClientDebounce();
  const cancels = readClientCancels();
  const pageOnly = readClientPageOnly();
  const runs: Array<{ without: TypingRun; with: TypingRun }> = [];
  for (let r = 0; r < rounds; r++) {
    const seed = 100 + r;
    const without = await typeWithPreview(catalog, {
      preview: false,
      keys,
      seed,
      gapMs,
      debounceMs,
      cancels,
      pageOnly,
    });
    const withPreview = await typeWithPreview(catalog, {
      preview: true,
      keys,
      seed,
      gapMs,
      debounceMs,
      cancels,
      pageOnly,
    });
    runs.push({ without, with: withPreview });
    log(
      `  typing round ${r + 1}: completion p95 ${percentiles(without.completion, 'ms').p95.toFixed(1)} → ${percentiles(withPreview.completion, 'ms').p95.toFixed(1)} ms, ` +
        `diagnostics p95 ${percentiles(without.diagnostics, 'ms').p95.toFixed(1)} → ${percentiles(withPreview.diagnostics, 'ms').p95.toFixed(1)} ms; ` +
        `previews ${withPreview.requested} asked, ${withPreview.answered} answered, ${withPreview.refused} refused; ${withPreview.keysDuringPreview} keys during one`,
    );
  }
  const pool = (pick: (r: { without: TypingRun; with: TypingRun }) => TypingRun): TypingFigures => {
    const all = runs.map(pick);
    return {
      completion: percentiles(
        all.flatMap((r) => r.completion),
        'ms',
      ),
      diagnostics: percentiles(
        all.flatMap((r) => r.diagnostics),
        'ms',
      ),
      keys: rounds * keys,
      superseded: all.reduce((n, r) => n + r.superseded, 0),
    };
  };
  const without = pool((r) => r.without);
  const withBase = pool((r) => r.with);
  const w = runs.map((r) => r.with);
  const withPreview = {
    ...withBase,
    requested: w.reduce((n, r) => n + r.requested, 0),
    answered: w.reduce((n, r) => n + r.answered, 0),
    refused: w.reduce((n, r) => n + r.refused, 0),
    keysDuringPreview: w.reduce((n, r) => n + r.keysDuringPreview, 0),
    previewAnswer: percentiles(
      w.flatMap((r) => r.previewAnswer),
      'ms',
    ),
    previewBytes: Math.max(...w.map((r) => r.previewBytes)),
  };
  const ratio = {
    completionP50: withBase.completion.p50 / without.completion.p50,
    completionP95: withBase.completion.p95 / without.completion.p95,
    diagnosticsP50: withBase.diagnostics.p50 / without.diagnostics.p50,
    diagnosticsP95: withBase.diagnostics.p95 / without.diagnostics.p95,
  };
  const perRound = runs.map((r) => ({
    completionP95: [percentiles(r.without.completion, 'ms').p95, percentiles(r.with.completion, 'ms').p95] as const,
    diagnosticsP95: [percentiles(r.without.diagnostics, 'ms').p95, percentiles(r.with.diagnostics, 'ms').p95] as const,
  }));
  log(
    `  typing with the preview open (1 MB): completion p50/p95 ${without.completion.p50.toFixed(1)}/${without.completion.p95.toFixed(1)} → ` +
      `${withBase.completion.p50.toFixed(1)}/${withBase.completion.p95.toFixed(1)} ms (p95 ×${ratio.completionP95.toFixed(2)}), diagnostics ` +
      `${without.diagnostics.p50.toFixed(1)}/${without.diagnostics.p95.toFixed(1)} → ${withBase.diagnostics.p50.toFixed(1)}/${withBase.diagnostics.p95.toFixed(1)} ms (p95 ×${ratio.diagnosticsP95.toFixed(2)})`,
  );
  return {
    rounds,
    keysPerRound: keys,
    gapMs,
    clientDebounceMs: debounceMs,
    clientCancels: cancels,
    clientPageOnly: pageOnly,
    without,
    with: withPreview,
    ratio,
    perRound,
  };
}

// ---- the first request after a keystroke at the end of 1 MB, builds side by side -----------

export interface AtEndBuild {
  readonly label: string;
  /** Completion asked right after `$addBu` was typed (one didChange per character) on a new last line. */
  readonly completion: Percentiles;
  /** Hover and signature help asked right after `$title[x]` and `$random[1;]` were typed there. */
  readonly hover: Percentiles;
  readonly signatureHelp: Percentiles;
  /** One character typed at the end, to its publishDiagnostics (the server's debounce included). */
  readonly diagnostics: Percentiles;
}

export interface AtEndResults {
  readonly samples: number;
  readonly builds: AtEndBuild[];
}

/**
 * Typing at the end of the 1 MB document, as a user appends to a long command: a new line, then a
 * word one character per didChange, then at once the request; the clock runs from the last
 * didChange to the answer, and the word and line are taken out again (diagnostics awaited) so
 * each sample starts from an idle server. Each build runs its own server, both open at once, and
 * the samples alternate between them, so both saw the same machine.
 */
export async function benchAtEnd(
  catalog: Catalog,
  builds: ReadonlyArray<{ label: string; root: string }>,
  options: { quick: boolean; log: (line: string) => void },
): Promise<AtEndResults | { skipped: string }> {
  const missing = builds.find((b) => !existsSync(path.join(b.root, 'dist/server.js')));
  if (missing)
    return { skipped: `${path.join(missing.root, 'dist/server.js')} is missing: run \`npm run build\` there` };
  const { quick, log } = options;
  const text = generateDocument(catalog, { seed: 1, size: MB });
  const lines = text.split('\n');
  const lastLine = lines.length - 1;
  const endCol = lines[lastLine]!.length;
  const uri = 'file:///end.bds';
  const sessions: Session[] = [];
  try {
    const states: Array<{ session: Session; version: number }> = [];
    for (const b of builds) {
      const session = start(path.join(b.root, 'dist/server.js'));
      sessions.push(session);
      const client = session.server.client;
      await client.initialize({ initializationOptions: initOptions(session.home), processId: process.pid });
      const since = client.mark();
      await client.open(uri, text, 1);
      await client.diagnostics(uri, { since, version: 1, timeoutMs: 120_000 });
      states.push({ session, version: 1 });
    }
    const end = { line: lastLine, character: endCol };
    /** Types `\n` + word at the end, runs `request` at the word's end, then takes it all out again. */
    const sample = async (i: number, word: string, request: (at: { line: number }) => Promise<unknown>) => {
      const state = states[i]!;
      const client = state.session.server.client;
      const typed = '\n' + word;
      for (let c = 0; c < typed.length; c++) {
        state.version++;
        const at = c === 0 ? end : { line: lastLine + 1, character: c - 1 };
        await client.change(uri, state.version, [{ range: { start: at, end: at }, text: typed[c]! }]);
      }
      const t = performance.now();
      await request({ line: lastLine + 1 });
      const ms = performance.now() - t;
      state.version++;
      const since = client.mark();
      await client.change(uri, state.version, [
        { range: { start: end, end: { line: lastLine + 1, character: word.length } }, text: '' },
      ]);
      await client.diagnostics(uri, { since, version: state.version, timeoutMs: 120_000 });
      return ms;
    };
    const keystroke = async (i: number): Promise<number> => {
      const state = states[i]!;
      const client = state.session.server.client;
      state.version++;
      let since = client.mark();
      const t = performance.now();
      await client.change(uri, state.version, [{ range: { start: end, end }, text: 'x' }]);
      await client.diagnostics(uri, { since, version: state.version, timeoutMs: 120_000 });
      const ms = performance.now() - t;
      state.version++;
      since = client.mark();
      await client.change(uri, state.version, [
        { range: { start: end, end: { line: lastLine, character: endCol + 1 } }, text: '' },
      ]);
      await client.diagnostics(uri, { since, version: state.version, timeoutMs: 120_000 });
      return ms;
    };
    const samples = quick ? 30 : 200;
    const got = builds.map(() => ({
      completion: [] as number[],
      hover: [] as number[],
      signatureHelp: [] as number[],
      diagnostics: [] as number[],
    }));
    for (let k = 0; k < samples + 5; k++) {
      for (let i = 0; i < builds.length; i++) {
        const client = states[i]!.session.server.client;
        const c = await sample(i, '$addBu', async ({ line }) => {
          const list = await client.request<{ items: Array<{ label: string }> }>('textDocument/completion', {
            textDocument: { uri },
            position: { line, character: 6 },
          });
          if (!list || !list.items.some((item) => item.label.startsWith('$addButton')))
            throw new Error('completion after $addBu at the end did not offer $addButton');
        });
        const h = await sample(i, '$title[x]', ({ line }) =>
          client.request('textDocument/hover', { textDocument: { uri }, position: { line, character: 3 } }),
        );
        const s = await sample(i, '$random[1;]', ({ line }) =>
          client.request('textDocument/signatureHelp', { textDocument: { uri }, position: { line, character: 10 } }),
        );
        const d = k % 4 === 0 ? await keystroke(i) : NaN;
        if (k < 5) continue;
        got[i]!.completion.push(c);
        got[i]!.hover.push(h);
        got[i]!.signatureHelp.push(s);
        if (!Number.isNaN(d)) got[i]!.diagnostics.push(d);
      }
    }
    const results = builds.map((b, i): AtEndBuild => ({
      label: b.label,
      completion: percentiles(got[i]!.completion, 'ms'),
      hover: percentiles(got[i]!.hover, 'ms'),
      signatureHelp: percentiles(got[i]!.signatureHelp, 'ms'),
      diagnostics: percentiles(got[i]!.diagnostics, 'ms'),
    }));
    for (const r of results)
      log(
        `  ${r.label}, at the end of 1 MB: completion after $addBu p50 ${r.completion.p50.toFixed(2)} p95 ${r.completion.p95.toFixed(2)} ms, ` +
          `hover p95 ${r.hover.p95.toFixed(2)} ms, signature help p95 ${r.signatureHelp.p95.toFixed(2)} ms, keystroke → diagnostics p95 ${r.diagnostics.p95.toFixed(1)} ms`,
      );
    return { samples, builds: results };
  } finally {
    for (const s of sessions) await stop(s);
  }
}
