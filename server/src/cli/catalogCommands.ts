// `bdscript catalog serve|pull|export|status`: thin commands over the catalog I/O modules. They
// parse their options, resolve paths against the caller's folder, print what happened (untrusted
// text, from a server, a snapshot or a cache, through `visible`), and return an exit code (0 done,
// 1 failed, 2 usage or I/O error).

import * as path from 'node:path';
import { defaultCacheDir } from '../catalog/cache';
import { exportStatic, loadSnapshotFile, pull } from '../catalog/export';
import { listen } from '../catalog/service';
import { CatalogManager } from '../catalog/sources';
import { jsonVisible, visible } from '../core/catalog/controlChars';
import { formatStatus } from '../core/catalog/statusText';
import { DEFAULT_CATALOG_URL } from '../core/settings';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  flag,
  numberOpt,
  parseArgs,
  print,
  stringOpt,
  type ArgSpec,
  type CliIO,
  type ParsedArgs,
} from './args';
import { messageOf } from '../protocol/errors';

interface Subcommand {
  readonly summary: string;
  readonly usage: string;
  readonly spec: ArgSpec;
  readonly run: (args: ParsedArgs, io: CliIO) => Promise<number>;
}

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  serve: {
    summary: 'Serve a catalog over the seven API endpoints',
    usage: [
      'Usage: bdscript catalog serve [--host H] [--port N] [--snapshot FILE]',
      '',
      'Serves the catalog of FILE (default: the bundled snapshot) over the catalog API:',
      '/function_list, /callback_list, /function_tag_list, /callback_tag_list, /emoji_alias_list,',
      '/function/<tag> and /callback/<tag>. The first line of output is the base URL.',
      'Runs until interrupted (Ctrl-C or SIGTERM).',
      '',
      'Options:',
      '  --host H          Address to listen on (default 127.0.0.1)',
      '  --port N          Port (default 0: any free port)',
      '  --snapshot FILE   Snapshot file to serve instead of the bundled one',
    ].join('\n'),
    spec: { options: { host: { type: 'string' }, port: { type: 'number' }, snapshot: { type: 'string' } } },
    run: runServe,
  },
  pull: {
    summary: 'Save a snapshot of the catalog of any endpoint',
    usage: [
      'Usage: bdscript catalog pull --from URL --out FILE [--timeout SECONDS]',
      '',
      'Fetches the five list endpoints under URL and writes them to FILE as a snapshot, only',
      'once all of them arrived and decoded. On any failure FILE is left as it was.',
      '',
      'Options:',
      '  --from URL          Base URL of a catalog API (ours or the real one)',
      '  --out FILE          Snapshot file to write (atomically)',
      '  --timeout SECONDS   Limit for the whole pull, retries included (default 60)',
    ].join('\n'),
    spec: { options: { from: { type: 'string' }, out: { type: 'string' }, timeout: { type: 'number' } } },
    run: runPull,
  },
  export: {
    summary: 'Write the API as static files for a static host or CDN',
    usage: [
      'Usage: bdscript catalog export --out DIR [--snapshot FILE]',
      '',
      'Writes the catalog of FILE (default: the bundled snapshot) as files named like the API',
      'paths (function_list, function/$addButton[], ...) plus a _headers file (Netlify and',
      'Cloudflare Pages format) giving them a JSON content type and CORS. DIR must be empty,',
      'new, or an earlier export. Nothing is written through a symbolic link: a link inside',
      'DIR where a file or folder of the export goes is refused before anything is written.',
      '',
      'Options:',
      '  --out DIR         Folder to write',
      '  --snapshot FILE   Snapshot file to export instead of the bundled one',
    ].join('\n'),
    spec: { options: { out: { type: 'string' }, snapshot: { type: 'string' } } },
    run: runExport,
  },
  status: {
    summary: 'Show where the catalog comes from, its age, counts and problems',
    usage: [
      'Usage: bdscript catalog status [--catalog URL] [--cache-dir DIR] [--snapshot FILE] [--refresh] [--offline] [--json]',
      '',
      'Shows the catalog the tools would use now: the cache for URL, else the snapshot file,',
      'else the bundled snapshot. With --refresh it first fetches the catalog (a conditional',
      'request when the cache has validators) and updates the cache.',
      '',
      'Options:',
      `  --catalog URL       Base URL of the catalog API (default ${DEFAULT_CATALOG_URL})`,
      '  --cache-dir DIR     Cache folder (default $XDG_CACHE_HOME/bdscript or ~/.cache/bdscript)',
      '  --snapshot FILE     Snapshot file that takes precedence over the bundled one',
      '  --refresh           Fetch from URL first; exit 1 if that fails',
      '  --offline           Never touch the network',
      '  --timeout SECONDS   Limit for the refresh, retries included (default 60)',
      '  --json              Print the status as JSON',
    ].join('\n'),
    spec: {
      options: {
        catalog: { type: 'string' },
        'cache-dir': { type: 'string' },
        snapshot: { type: 'string' },
        refresh: { type: 'boolean' },
        offline: { type: 'boolean' },
        timeout: { type: 'number' },
        json: { type: 'boolean' },
      },
    },
    run: runStatus,
  },
};

function catalogUsage(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map((n) => n.length));
  return [
    'Usage: bdscript catalog <subcommand> [options]',
    '',
    'Subcommands:',
    ...Object.entries(SUBCOMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Run bdscript catalog <subcommand> --help for its options.',
    '',
  ].join('\n');
}

/** `bdscript catalog …`: dispatches to a subcommand and turns usage errors into exit code 2. */
export async function runCatalog(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(catalogUsage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const sub = Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
  if (!sub) {
    io.stderr(`bdscript catalog: unknown subcommand ${name}\n\n${catalogUsage()}`);
    return EXIT_USAGE;
  }
  let args: ParsedArgs;
  try {
    args = parseArgs(rest, sub.spec);
    if (args.help) {
      io.stdout(sub.usage + '\n');
      return EXIT_OK;
    }
    return await sub.run(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`bdscript catalog ${name}: ${err.message}\nRun bdscript catalog ${name} --help for usage.\n`);
      return EXIT_USAGE;
    }
    throw err;
  }
}

function required(args: ParsedArgs, name: string): string {
  const v = stringOpt(args, name);
  if (v === undefined || v === '') throw new UsageError(`option --${name} is required`);
  return v;
}

function timeoutMs(args: ParsedArgs): number | undefined {
  const s = numberOpt(args, 'timeout');
  if (s === undefined) return undefined;
  if (!(s > 0) || s > 86_400)
    throw new UsageError(`option --timeout needs a number of seconds between 0 and 86400, not ${s}`);
  return Math.round(s * 1000);
}

function resolvePath(io: CliIO, p: string | undefined): string | undefined {
  return p === undefined || p === '' ? undefined : path.resolve(io.cwd, p);
}

async function runServe(args: ParsedArgs, io: CliIO): Promise<number> {
  const host = stringOpt(args, 'host') ?? '127.0.0.1';
  const port = numberOpt(args, 'port') ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`option --port needs a port number from 0 to 65535, not ${port}`);
  const loaded = await loadSnapshotFile(resolvePath(io, stringOpt(args, 'snapshot')));
  if (!loaded.ok) {
    io.stderr(`serve: snapshot ${visible(loaded.location)}: ${visible(loaded.reason)}\n`);
    return EXIT_USAGE;
  }
  let running;
  try {
    running = await listen(loaded.data, { host, port, log: (m) => io.stderr(m + '\n') });
  } catch (err) {
    io.stderr(`serve: cannot listen on ${visible(host)}:${port}: ${visible(messageOf(err))}\n`);
    return EXIT_USAGE;
  }
  io.stdout(`${running.url}\n`);
  const d = loaded.data;
  io.stderr(
    `serve: ${d.functions.length} functions, ${d.callbacks.length} callbacks, ${Object.keys(d.emoji).length} emoji from ${visible(loaded.location)}\n`,
  );
  for (const p of loaded.problems) io.stderr(`serve: ${visible(p)}\n`);
  await untilStopped(io.signal);
  await running.close();
  io.stderr('serve: stopped\n');
  return EXIT_OK;
}

/** Resolves when `signal` aborts, or without one on SIGINT or SIGTERM. */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return new Promise((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function runPull(args: ParsedArgs, io: CliIO): Promise<number> {
  const from = required(args, 'from');
  const out = path.resolve(io.cwd, required(args, 'out'));
  const limit = timeoutMs(args) ?? 60_000;
  const result = await pull({ from, out, timeoutMs: limit });
  if (!result.ok) {
    for (const p of result.problems) io.stderr(`pull: ${visible(p)}\n`);
    io.stderr(`pull: nothing written${result.kind === 'network' ? `; ${visible(out)} left as it was` : ''}\n`);
    return result.kind === 'io' ? EXIT_USAGE : EXIT_FAILURE;
  }
  for (const p of result.problems) io.stderr(`pull: ${visible(p)}\n`);
  const c = result.counts;
  io.stdout(
    `wrote ${visible(out)}: ${c.functions} functions, ${c.callbacks} callbacks, ${c.emoji} emoji from ${visible(from)}\n`,
  );
  return EXIT_OK;
}

async function runExport(args: ParsedArgs, io: CliIO): Promise<number> {
  const out = path.resolve(io.cwd, required(args, 'out'));
  const loaded = await loadSnapshotFile(resolvePath(io, stringOpt(args, 'snapshot')));
  if (!loaded.ok) {
    io.stderr(`export: snapshot ${visible(loaded.location)}: ${visible(loaded.reason)}\n`);
    return EXIT_USAGE;
  }
  for (const p of loaded.problems) io.stderr(`export: ${visible(p)}\n`);
  try {
    const r = await exportStatic(loaded.data, out);
    for (const s of r.skipped) io.stderr(`export: skipped ${visible(s)}\n`);
    io.stdout(`wrote ${r.files.length} files to ${visible(out)}\n`);
    return EXIT_OK;
  } catch (err) {
    io.stderr(`export: ${visible(messageOf(err))}\n`);
    return EXIT_USAGE;
  }
}

async function runStatus(args: ParsedArgs, io: CliIO): Promise<number> {
  const url = stringOpt(args, 'catalog') ?? DEFAULT_CATALOG_URL;
  const cacheDir = resolvePath(io, stringOpt(args, 'cache-dir')) ?? defaultCacheDir(io.env);
  const snapshotPath = resolvePath(io, stringOpt(args, 'snapshot'));
  const offline = flag(args, 'offline');
  const limit = timeoutMs(args);
  const manager = new CatalogManager({
    url,
    offline,
    cacheDir,
    ...(snapshotPath ? { snapshotPath } : {}),
    ...(limit !== undefined ? { http: { totalTimeoutMs: limit } } : {}),
  });
  try {
    await manager.loadLocal();
    let failed = false;
    if (flag(args, 'refresh')) {
      const r = await manager.refresh();
      failed = !r.ok;
      if (!flag(args, 'json')) io.stderr(`refresh: ${visible(r.message)}\n`);
    }
    const status = manager.status();
    if (flag(args, 'json')) print(io, 'json', jsonVisible({ ...status, url, cacheFile: manager.cacheFile }, 2) + '\n');
    else io.stdout(formatStatus(status));
    return failed ? EXIT_FAILURE : EXIT_OK;
  } finally {
    await manager.dispose();
  }
}
