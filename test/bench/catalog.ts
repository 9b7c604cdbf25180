// Catalog benchmarks: decoding the full bundled catalog (JSON.parse, decode, index), a refresh
// that the service answers with 304s, the service's throughput and latency under load from
// autocannon with keep-alive, and the latency a well-behaved client sees while many slow clients
// hold connections (slowloris), the service running in its own process on 127.0.0.1, port 0.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { tagPath } from '../../server/src/catalog/endpoints';
import { listen } from '../../server/src/catalog/service';
import { CatalogManager } from '../../server/src/catalog/sources';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeSnapshot } from '../../server/src/core/catalog/decode';
import { SNAPSHOT_PATH } from '../support/testCatalog';
import { sampleSync, summarize, type Figure } from './stats';

/** The part of autocannon's result the benchmark reads (the package ships no types). */
interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: {
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly average: number;
    readonly max: number;
  };
  readonly throughput: { readonly average: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly '2xx': number;
  readonly statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = require('autocannon') as Autocannon;

export interface LoadResult {
  readonly label: string;
  readonly path: string;
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly latencyMaxMs: number;
  readonly bytesPerSecond: number;
  /** Share of one core the service used during the run (1 = one core saturated). */
  readonly serviceCpu: number;
  /** Share of one core the load tool used (all its threads). */
  readonly clientCpu: number;
  readonly requests: number;
  /** Answers that were not the expected status, plus errors and timeouts. */
  readonly failures: number;
  readonly expectedStatus: number;
}

/** What a well-behaved client saw in one phase: one request at a time, each on a new connection. */
export interface ProbeFigures {
  readonly requests: number;
  readonly failures: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface AttackResult {
  /** Slow clients: each sends a request line, then one header line every 5 s, never finishing; reconnects 1-2 s after losing its connection. */
  readonly slowClients: number;
  readonly durationSeconds: number;
  readonly calm: ProbeFigures;
  readonly attacked: ProbeFigures;
  /** The service's connection counts at the end of the attack. */
  readonly service: { readonly open: number; readonly evicted: number; readonly refused: number };
}

export interface CatalogResults {
  readonly decode: Figure & { readonly functions: number; readonly emoji: number; readonly bytes: number };
  readonly refresh304: Figure & { readonly outcome: string };
  readonly load: LoadResult[];
  readonly attack: AttackResult;
  readonly connections: number;
  readonly workers: number;
  readonly durationSeconds: number;
}

export interface CatalogOptions {
  readonly quick: boolean;
  readonly log: (line: string) => void;
}

/** Starts serviceChild.ts under tsx and resolves with the child and the service URL. */
function startServiceChild(): Promise<{ child: ChildProcess; url: string }> {
  const script = path.resolve(__dirname, 'serviceChild.ts');
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', script], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      child.stdout!.off('data', onData);
      try {
        resolve({ child, url: (JSON.parse(buffer.slice(0, nl)) as { url: string }).url });
      } catch (e) {
        reject(new Error(`the service child said ${JSON.stringify(buffer.slice(0, 200))}: ${(e as Error).message}`));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the service child exited early (${code})`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin!.end();
  });
}

export async function benchCatalog(options: CatalogOptions): Promise<CatalogResults> {
  const { quick, log } = options;

  // ---- decode the full catalog -------------------------------------------------------------
  const text = readFileSync(SNAPSHOT_PATH, 'utf8');
  let catalog = Catalog.empty();
  const decodeSamples = sampleSync(
    () => {
      catalog = new Catalog(decodeSnapshot(JSON.parse(text), SNAPSHOT_PATH).value.data);
      return catalog;
    },
    3,
    quick ? 10 : 40,
  );
  const decode = {
    ...summarize(decodeSamples, 'ms'),
    functions: catalog.functions.records.length,
    emoji: catalog.emoji.size,
    bytes: Buffer.byteLength(text),
  };
  log(`  decode full catalog: ${decode.median.toFixed(2)} ms`);

  // ---- a refresh answered with 304s ----------------------------------------------------------
  const running = await listen(catalog.data, { host: '127.0.0.1', port: 0 });
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-cache-'));
  const manager = new CatalogManager({ url: running.url, cacheDir, bundledText: () => text });
  let refresh304: CatalogResults['refresh304'];
  try {
    await manager.loadLocal();
    const first = await manager.refresh();
    if (first.outcome !== 'updated')
      throw new Error(`the first refresh should update the catalog, got ${first.outcome}: ${first.message}`);
    const samples: number[] = [];
    let outcome = '';
    for (let k = 0; k < (quick ? 10 : 40) + 3; k++) {
      const t = performance.now();
      const r = await manager.refresh();
      const ms = performance.now() - t;
      outcome = r.outcome;
      if (r.outcome !== 'not-modified')
        throw new Error(`a repeated refresh should get 304s, got ${r.outcome}: ${r.message}`);
      if (k >= 3) samples.push(ms);
    }
    refresh304 = { ...summarize(samples, 'ms'), outcome };
    log(`  refresh with 304s: ${refresh304.median.toFixed(2)} ms`);
  } finally {
    await manager.dispose();
    await running.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }

  // ---- the service under load ---------------------------------------------------------------
  const { child, url } = await startServiceChild();
  const connections = 10;
  // One load thread saturates its core before the service does on this 2-core machine, so the
  // load comes from two worker threads; the service's own CPU share shows who was the limit.
  const workers = 2;
  const durationSeconds = quick ? 3 : 10;
  const load: LoadResult[] = [];
  try {
    const listEtag = await etagOf(`${url}/function_list`);
    const cases: Array<{ label: string; path: string; headers?: Record<string, string>; status: number }> = [
      { label: '/function_list, identity', path: '/function_list', status: 200 },
      {
        label: '/function_list, br (what the client asks)',
        path: '/function_list',
        headers: { 'accept-encoding': 'br, gzip' },
        status: 200,
      },
      {
        label: '/function_list, If-None-Match (304)',
        path: '/function_list',
        headers: { 'accept-encoding': 'br, gzip', 'if-none-match': listEtag },
        status: 304,
      },
      { label: '/function/:tag', path: tagPath('function', '$addButton[]'), status: 200 },
    ];
    for (const c of cases) {
      // A short warm-up so the service renders and compresses its bodies before the measured run.
      await autocannon({ url: url + c.path, connections, duration: 1, headers: c.headers ?? {} });
      const serviceBefore = cpuSeconds(child.pid!);
      const clientBefore = process.cpuUsage();
      const started = performance.now();
      const r = await autocannon({
        url: url + c.path,
        connections,
        workers,
        duration: durationSeconds,
        headers: c.headers ?? {},
      });
      const wall = (performance.now() - started) / 1000;
      const serviceCpu = (cpuSeconds(child.pid!) - serviceBefore) / wall;
      const clientUsage = process.cpuUsage(clientBefore);
      const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / wall;
      const expected = r.statusCodeStats?.[String(c.status)]?.count ?? (c.status === 200 ? r['2xx'] : 0);
      const result: LoadResult = {
        label: c.label,
        path: c.path,
        requestsPerSecond: r.requests.average,
        latencyP50Ms: r.latency.p50,
        latencyP99Ms: r.latency.p99,
        latencyMaxMs: r.latency.max,
        bytesPerSecond: r.throughput.average,
        serviceCpu,
        clientCpu,
        requests: r.requests.total,
        failures: r.requests.total - expected + r.errors + r.timeouts,
        expectedStatus: c.status,
      };
      load.push(result);
      log(
        `  ${c.label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, ` +
          `service CPU ${(serviceCpu * 100).toFixed(0)}%, load tool CPU ${(clientCpu * 100).toFixed(0)}%, failures ${result.failures}`,
      );
    }
  } finally {
    await stopChild(child);
  }

  // ---- a well-behaved client while slow clients attack ---------------------------------------
  const attack = await benchAttack(quick ? 500 : 2000, quick ? 3 : 10, log);
  return { decode, refresh304, load, attack, connections, workers, durationSeconds };
}

/**
 * p50/p99/max of a well-behaved client (sequential GETs of /function_list as the catalog client
 * asks for it, each on a new connection) first alone, then while `slowClients` slow clients
 * attack a fresh service process with its default limits.
 */
async function benchAttack(slowClients: number, seconds: number, log: (line: string) => void): Promise<AttackResult> {
  const { child, url } = await startServiceChild();
  const attackers = new Set<net.Socket>();
  let stopped = false;
  try {
    const calm = await probe(url, seconds * 1000);
    log(
      `  calm: p50 ${calm.p50Ms.toFixed(2)} ms, p99 ${calm.p99Ms.toFixed(2)} ms, ${calm.failures} failures of ${calm.requests}`,
    );
    const { port, hostname } = new URL(url);
    const open = (i: number): void => {
      if (stopped) return;
      const s = net.connect(Number(port), hostname, () => s.write('GET /function_list HTTP/1.1\r\nHost: bench\r\n'));
      s.on('error', () => undefined);
      // It gets no answer to read; reading anyway lets it notice at once when it is cut, and come back.
      s.resume();
      attackers.add(s);
      const tick = setInterval(() => s.writable && s.write(`X-Slow-${i}: 1\r\n`), 5000);
      s.on('close', () => {
        attackers.delete(s);
        clearInterval(tick);
        if (!stopped) setTimeout(() => open(i), 1000 + Math.random() * 1000).unref();
      });
    };
    for (let i = 0; i < slowClients; i++) open(i);
    // Let the attack settle into its steady state (connections held, evicted, reconnecting).
    await new Promise((r) => setTimeout(r, 3000));
    const attacked = await probe(url, seconds * 1000);
    const service = await askStats(child);
    log(
      `  ${slowClients} slow clients: p50 ${attacked.p50Ms.toFixed(2)} ms, p99 ${attacked.p99Ms.toFixed(2)} ms, ${attacked.failures} failures of ` +
        `${attacked.requests}; service holds ${service.open}, evicted ${service.evicted}, refused ${service.refused}`,
    );
    return { slowClients, durationSeconds: seconds, calm, attacked, service };
  } finally {
    stopped = true;
    for (const s of attackers) s.destroy();
    await stopChild(child);
  }
}

/** Sequential GETs for `ms`, each on its own connection. */
async function probe(url: string, ms: number): Promise<ProbeFigures> {
  const samples: number[] = [];
  let failures = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get(
        url + '/function_list',
        { agent: false, headers: { 'accept-encoding': 'br, gzip' }, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
          res.on('error', () => resolve(false));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
    });
    if (ok) samples.push(performance.now() - started);
    else failures++;
  }
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return {
    requests: samples.length + failures,
    failures,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? NaN,
  };
}

/** The service child's connection counts. */
function askStats(child: ChildProcess): Promise<AttackResult['service']> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      child.stdout!.off('data', onData);
      try {
        resolve(JSON.parse(buffer.slice(0, nl)) as AttackResult['service']);
      } catch (e) {
        reject(e as Error);
      }
    };
    child.stdout!.on('data', onData);
    child.stdin!.write('stats\n');
  });
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat at 100 ticks a second. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The ETag the service gives a resource (for the conditional-request case). */
async function etagOf(url: string): Promise<string> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`${url} gave no ETag`);
  return etag;
}
