// Catalog benchmarks: decoding the full bundled catalog (JSON.parse, decode, index), a refresh
// that the service answers with 304s, and the service's throughput and latency under load from
// autocannon with keep-alive, the service running in its own process on 127.0.0.1, port 0.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { tagPath } from '../../server/src/catalog/http';
import { listen } from '../../server/src/catalog/service';
import { CatalogManager } from '../../server/src/catalog/sources';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeSnapshot } from '../../server/src/core/catalog/decode';
import { SNAPSHOT_PATH } from '../support/testCatalog';
import { sampleSync, summarize, type Figure } from './stats';

/** The part of autocannon's result the benchmark reads (the package ships no types). */
interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p90: number; readonly p99: number; readonly average: number; readonly max: number };
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

export interface CatalogResults {
  readonly decode: Figure & { readonly functions: number; readonly emoji: number; readonly bytes: number };
  readonly refresh304: Figure & { readonly outcome: string };
  readonly load: LoadResult[];
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
  const decode = { ...summarize(decodeSamples, 'ms'), functions: catalog.functions.records.length, emoji: catalog.emoji.size, bytes: Buffer.byteLength(text) };
  log(`  decode full catalog: ${decode.median.toFixed(2)} ms`);

  // ---- a refresh answered with 304s ----------------------------------------------------------
  const running = await listen(catalog.data, { host: '127.0.0.1', port: 0 });
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-cache-'));
  const manager = new CatalogManager({ url: running.url, cacheDir, bundledText: () => text });
  let refresh304: CatalogResults['refresh304'];
  try {
    await manager.loadLocal();
    const first = await manager.refresh();
    if (first.outcome !== 'updated') throw new Error(`the first refresh should update the catalog, got ${first.outcome}: ${first.message}`);
    const samples: number[] = [];
    let outcome = '';
    for (let k = 0; k < (quick ? 10 : 40) + 3; k++) {
      const t = performance.now();
      const r = await manager.refresh();
      const ms = performance.now() - t;
      outcome = r.outcome;
      if (r.outcome !== 'not-modified') throw new Error(`a repeated refresh should get 304s, got ${r.outcome}: ${r.message}`);
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
      { label: '/function_list, br (what the client asks)', path: '/function_list', headers: { 'accept-encoding': 'br, gzip' }, status: 200 },
      { label: '/function_list, If-None-Match (304)', path: '/function_list', headers: { 'accept-encoding': 'br, gzip', 'if-none-match': listEtag }, status: 304 },
      { label: '/function/:tag', path: tagPath('function', '$addButton[]'), status: 200 },
    ];
    for (const c of cases) {
      // A short warm-up so the service renders and compresses its bodies before the measured run.
      await autocannon({ url: url + c.path, connections, duration: 1, headers: c.headers ?? {} });
      const serviceBefore = cpuSeconds(child.pid!);
      const clientBefore = process.cpuUsage();
      const started = performance.now();
      const r = await autocannon({ url: url + c.path, connections, workers, duration: durationSeconds, headers: c.headers ?? {} });
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
  return { decode, refresh304, load, connections, workers, durationSeconds };
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
