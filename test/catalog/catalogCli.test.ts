// The `bdscript` frame and the `bdscript catalog` commands, run in-process through `main` with
// a captured CliIO, plus one real process for `serve` (first line is the URL, SIGTERM stops it);
// `export` with symbolic links planted in its folder. Everything talks to 127.0.0.1 only.

import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, promises as fsp } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { CatalogClient } from '../../server/src/catalog/http';
import { fetchCatalog } from '../../server/src/catalog/fetchCatalog';
import { parseArgs, UsageError, type CliIO } from '../../server/src/cli/args';
import { main } from '../../server/src/cli/main';
import { decodeSnapshot } from '../../server/src/core/catalog/decode';
import { catalogBodies, snapshotText, sortedByTag, startCatalogService } from '../support/catalogService';
import * as F from '../support/faultServer';
import { testCatalogData } from '../support/testCatalog';

const ROOT = path.resolve(__dirname, '../..');
const full = testCatalogData();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function capture(
  cwd: string,
  env: Record<string, string | undefined> = {},
  signal?: AbortSignal,
): { io: CliIO; out: { stdout: string; stderr: string } } {
  const out = { stdout: '', stderr: '' };
  const io: CliIO = {
    stdout: (s) => (out.stdout += s),
    stderr: (s) => (out.stderr += s),
    cwd,
    env,
    ...(signal ? { signal } : {}),
  };
  return { io, out };
}

async function run(argv: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<Run> {
  const { io, out } = capture(cwd, env);
  const code = await main(argv, io);
  return { code, ...out };
}

describe('bdscript argument parser', () => {
  const spec = {
    options: {
      out: { type: 'string' as const },
      n: { type: 'number' as const },
      json: { type: 'boolean' as const, short: 'j' },
    },
    maxPositionals: 1,
  };

  it('reads long, inline, short and positional arguments', () => {
    const a = parseArgs(['--out', 'x', '--n=3', '-j', 'pos'], spec);
    assert.deepEqual(a.values, { out: 'x', n: 3, json: true });
    assert.deepEqual(a.positionals, ['pos']);
    assert.equal(a.help, false);
    assert.deepEqual(parseArgs(['--', '--out'], spec).positionals, ['--out']);
    assert.equal(parseArgs(['--help', 'a', 'b'], spec).help, true);
  });

  it('names what is wrong', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--nope'], /^unknown option --nope$/],
      [['--nope=1'], /^unknown option --nope$/],
      [['-x'], /^unknown option -x$/],
      [['--out'], /^option --out needs a value$/],
      [['--n', 'many'], /^option --n needs a number, not "many"$/],
      [['--json=yes'], /^option --json takes no value$/],
      [['--out', 'a', '--out', 'b'], /^option --out given more than once$/],
      [['a', 'b'], /^unexpected argument "b"$/],
    ];
    for (const [argv, message] of cases)
      assert.throws(
        () => parseArgs(argv, spec),
        (e: unknown) => e instanceof UsageError && message.test(e.message),
        argv.join(' '),
      );
  });
});

describe('bdscript command line', function () {
  this.timeout(20_000);
  let dir: string;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-cli-'));
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('prints the version, help, and usage errors with exit code 2', async () => {
    const pkg = JSON.parse(await fsp.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(await run(['--version'], dir), { code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const help = await run(['--help'], dir);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /catalog/);
    const none = await run([], dir);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /^Usage: bdscript/);
    const unknown = await run(['frobnicate'], dir);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command frobnicate/);
    const sub = await run(['catalog', 'frobnicate'], dir);
    assert.equal(sub.code, 2);
    assert.match(sub.stderr, /unknown subcommand frobnicate/);
    for (const name of ['serve', 'pull', 'export', 'status']) {
      const h = await run(['catalog', name, '--help'], dir);
      assert.equal(h.code, 0, name);
      assert.match(h.stdout, new RegExp(`^Usage: bdscript catalog ${name}`), name);
    }
    const bad = await run(['catalog', 'pull', '--form', 'x'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bdscript catalog pull: unknown option --form/);
  });

  describe('catalog pull', () => {
    it('saves a snapshot that decodes to the served catalog', async () => {
      const svc = await startCatalogService(full);
      try {
        const r = await run(['catalog', 'pull', '--from', svc.url, '--out', 'snap.json'], dir);
        assert.equal(r.code, 0, r.stderr);
        assert.match(
          r.stdout,
          new RegExp(
            `^wrote ${path.join(dir, 'snap.json').replace(/[$]/g, '\\$')}: ${full.functions.length} functions`,
          ),
        );
        const decoded = decodeSnapshot(JSON.parse(await fsp.readFile(path.join(dir, 'snap.json'), 'utf8')));
        assert.deepEqual(decoded.problems, []);
        assert.deepEqual(sortedByTag(decoded.value.data), sortedByTag(full));
        assert.equal(decoded.value.provenance?.source, svc.url);
      } finally {
        await svc.close();
      }
    });

    it('fails with a message naming the request and leaves FILE untouched', async () => {
      const out = path.join(dir, 'snap.json');
      await fsp.writeFile(out, 'precious');
      const svc = await startCatalogService(full);
      const url = svc.url;
      await svc.close();
      const r = await run(['catalog', 'pull', '--from', url, '--out', out, '--timeout', '5'], dir);
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`^pull: GET ${url}/\\w+: connection refused$`, 'm'));
      assert.match(r.stderr, /nothing written/);
      assert.equal(await fsp.readFile(out, 'utf8'), 'precious');
    });

    it('bounds the whole pull with --timeout', async () => {
      const server = await F.startFaultServer({});
      for (const p of [
        '/function_list',
        '/callback_list',
        '/function_tag_list',
        '/callback_tag_list',
        '/emoji_alias_list',
      ])
        server.routes.set(p, F.neverAnswer);
      try {
        const r = await run(['catalog', 'pull', '--from', server.url, '--out', 'x.json', '--timeout', '0.5'], dir);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /within 0\.5 s/);
        assert.equal(existsSync(path.join(dir, 'x.json')), false);
      } finally {
        await server.close();
      }
    });

    it('refuses an incomplete catalog', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      server.routes.set('/emoji_alias_list', F.truncatedJson('{"👍": [":thumbsup:"]}'));
      try {
        const r = await run(['catalog', 'pull', '--from', server.url, '--out', 'x.json'], dir);
        assert.equal(r.code, 1);
        assert.match(r.stderr, new RegExp(`pull: GET ${server.url}/emoji_alias_list: truncated JSON`));
        assert.equal(existsSync(path.join(dir, 'x.json')), false);
      } finally {
        await server.close();
      }
    });

    it('needs --from and --out, and a sane --timeout', async () => {
      assert.match((await run(['catalog', 'pull', '--out', 'x'], dir)).stderr, /option --from is required/);
      assert.match(
        (await run(['catalog', 'pull', '--from', 'http://127.0.0.1:9'], dir)).stderr,
        /option --out is required/,
      );
      const t = await run(['catalog', 'pull', '--from', 'http://127.0.0.1:9', '--out', 'x', '--timeout', '-1'], dir);
      assert.equal(t.code, 2);
      assert.match(t.stderr, /--timeout/);
      const u = await run(['catalog', 'pull', '--from', 'nonsense', '--out', 'x'], dir);
      assert.equal(u.code, 1);
      assert.match(u.stderr, /GET nonsense: not a valid URL/);
    });

    it('exits 2 when FILE cannot be written', async () => {
      const svc = await startCatalogService(full);
      try {
        await fsp.writeFile(path.join(dir, 'file'), '');
        const r = await run(['catalog', 'pull', '--from', svc.url, '--out', 'file/snap.json'], dir);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /cannot write .*file\/snap\.json/);
      } finally {
        await svc.close();
      }
    });
  });

  describe('catalog export', () => {
    it('writes files that a static server can serve as the API', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      const r = await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir);
      assert.equal(r.code, 0, r.stderr);
      const site = path.join(dir, 'site');
      for (const f of [
        'function_list',
        'callback_list',
        'function_tag_list',
        'callback_tag_list',
        'emoji_alias_list',
        '_headers',
        'function/$c[]',
        'function/$random',
        'function/$random[]',
        'function/$addButton',
        'callback/$onJoined[]',
      ]) {
        assert.ok(existsSync(path.join(site, f)), f);
      }
      assert.match(
        await fsp.readFile(path.join(site, '_headers'), 'utf8'),
        /Content-Type: application\/json; charset=utf-8/,
      );

      // A minimal static file server, as a host or CDN would be: decode the path, serve the file.
      const server = http.createServer((req, res) => {
        const rel = decodeURIComponent((req.url ?? '/').split('?')[0]!);
        const file = path.join(site, rel);
        if (!file.startsWith(site + path.sep)) return void res.writeHead(404).end();
        fsp.readFile(file).then(
          (body) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
          () => res.writeHead(404).end(),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new CatalogClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { maxRetries: 0 });
      try {
        const fetched = await fetchCatalog(client);
        assert.ok(fetched.ok);
        assert.deepEqual(sortedByTag(fetched.data), sortedByTag(full));
        const one = await client.getJson('/function/' + encodeURIComponent('$c[]'));
        assert.equal(one.kind === 'ok' && (one.json as { tag: string }).tag, '$c[Comment]');
      } finally {
        await client.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }

      // Exporting again into the same folder replaces the per-tag files.
      const fewer = { ...full, functions: full.functions.filter((f) => f.name !== '$c') };
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(fewer));
      assert.equal((await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir)).code, 0);
      assert.equal(existsSync(path.join(site, 'function/$c[]')), false);
    });

    it('refuses a folder that holds something else', async () => {
      await fsp.mkdir(path.join(dir, 'mine'));
      await fsp.writeFile(path.join(dir, 'mine', 'index.html'), 'hi');
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      const r = await run(['catalog', 'export', '--out', 'mine', '--snapshot', 'snap.json'], dir);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /is not empty and does not hold an earlier export/);
      assert.deepEqual(await fsp.readdir(path.join(dir, 'mine')), ['index.html']);
    });

    it('never writes through a symbolic link planted in an earlier export', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      assert.equal((await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir)).code, 0);
      const site = path.join(dir, 'site');
      const victim = path.join(dir, 'victim.txt');
      const victimDir = path.join(dir, 'victim-dir');
      await fsp.mkdir(victimDir);
      await fsp.writeFile(path.join(victimDir, 'keep.txt'), 'keep');
      for (const [planted, target] of [
        ['function_list', victim],
        ['_headers', victim],
        ['emoji_alias_list', path.join(dir, 'not-there-yet.txt')],
        ['function', victimDir],
      ] as const) {
        await fsp.writeFile(victim, 'precious');
        const link = path.join(site, planted);
        await fsp.rm(link, { recursive: true, force: true });
        await fsp.symlink(target, link);
        const before = await fsp.readdir(site);
        const r = await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir);
        assert.equal(r.code, 2, planted);
        assert.equal(
          r.stderr,
          `export: ${link} is a symbolic link; export never writes through links: remove it or choose another folder (nothing was written)\n`,
        );
        assert.equal(await fsp.readFile(victim, 'utf8'), 'precious', planted);
        assert.equal(existsSync(path.join(dir, 'not-there-yet.txt')), false, planted);
        assert.deepEqual(await fsp.readdir(victimDir), ['keep.txt'], planted);
        assert.deepEqual(await fsp.readdir(site), before, planted);
        // Once the link is gone (here: replaced by what an export leaves), the export goes ahead.
        await fsp.rm(link);
        if (planted === 'function') await fsp.mkdir(link);
        else await fsp.writeFile(link, '');
        assert.equal(
          (await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir)).code,
          0,
          planted,
        );
      }
      // Links inside the per-tag folders go with the folder, and what they point to stays.
      await fsp.rm(path.join(site, 'callback', '$onJoined[]'));
      await fsp.symlink(victim, path.join(site, 'callback', '$onJoined[]'));
      await fsp.symlink(victimDir, path.join(site, 'function', 'dir-link'));
      const r = await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(await fsp.readFile(victim, 'utf8'), 'precious');
      assert.deepEqual(await fsp.readdir(victimDir), ['keep.txt']);
      assert.ok((await fsp.lstat(path.join(site, 'callback', '$onJoined[]'))).isFile());
      assert.equal(existsSync(path.join(site, 'function', 'dir-link')), false);
      assert.deepEqual(
        (await fsp.readdir(site)).filter((n) => n.endsWith('.tmp')),
        [],
      );
    });

    it('refuses a folder where a list file belongs, naming it', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      assert.equal((await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir)).code, 0);
      await fsp.rm(path.join(dir, 'site', '_headers'));
      await fsp.mkdir(path.join(dir, 'site', '_headers'));
      const r = await run(['catalog', 'export', '--out', 'site', '--snapshot', 'snap.json'], dir);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /_headers is not a file as in an earlier export/);
    });

    it('reports an unreadable snapshot', async () => {
      const r = await run(['catalog', 'export', '--out', 'site', '--snapshot', 'missing.json'], dir);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /export: snapshot .*missing\.json: cannot read/);
    });
  });

  describe('catalog status', () => {
    it('shows the source chain: snapshot, then live after --refresh, then the cache', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      const svc = await startCatalogService(full);
      const env = { XDG_CACHE_HOME: path.join(dir, 'xdg') };
      try {
        const a = await run(
          ['catalog', 'status', '--catalog', svc.url, '--snapshot', 'snap.json', '--offline', '--json'],
          dir,
          env,
        );
        assert.equal(a.code, 0, a.stderr);
        const sa = JSON.parse(a.stdout) as {
          source: string;
          location: string;
          counts: { functions: number };
          cacheFile: string;
        };
        assert.equal(sa.source, 'snapshot');
        assert.equal(sa.location, path.join(dir, 'snap.json'));
        assert.equal(sa.counts.functions, full.functions.length);
        assert.ok(sa.cacheFile.startsWith(path.join(dir, 'xdg', 'bdscript') + path.sep));

        // The first fetch is judged against the catalog in use (the snapshot), so it is given again.
        const b = await run(
          ['catalog', 'status', '--catalog', svc.url, '--snapshot', 'snap.json', '--refresh'],
          dir,
          env,
        );
        assert.equal(b.code, 0, b.stderr);
        assert.match(b.stdout, new RegExp(`^source: +the catalog API at ${svc.url}$`, 'm'));
        assert.match(b.stdout, /^refresh: +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: the catalog was updated$/m);
        assert.match(b.stdout, /^problems: none$/m);
        assert.match(b.stderr, /^refresh: updated from/);

        const c = await run(['catalog', 'status', '--catalog', svc.url, '--offline'], dir, env);
        assert.match(c.stdout, /^source: +the disk cache \(.*\), saved at the last download$/m);
        assert.match(c.stdout, new RegExp(`^counts: +${full.functions.length} functions`, 'm'));
        assert.match(c.stdout, /^fetched: +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(\d+ s ago\)$/m);

        // A conditional refresh costs a 304.
        const d = await run(['catalog', 'status', '--catalog', svc.url, '--refresh', '--json'], dir, env);
        assert.equal(
          (JSON.parse(d.stdout) as { lastRefresh: { outcome: string } }).lastRefresh.outcome,
          'not-modified',
        );
      } finally {
        await svc.close();
      }
    });

    it('exits 1 when --refresh fails, and says why', async () => {
      const svc = await startCatalogService(full);
      const url = svc.url;
      await svc.close();
      const r = await run(
        ['catalog', 'status', '--catalog', url, '--cache-dir', 'c', '--refresh', '--timeout', '5'],
        dir,
      );
      assert.equal(r.code, 1);
      assert.match(r.stdout, new RegExp(`GET ${url}/\\w+: connection refused`));
      assert.match(r.stderr, /^refresh: failed: GET .*; the bundled catalog stays in use$/m);
    });
  });

  describe('catalog serve', () => {
    it('prints its URL first, serves, and stops when told', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      const stop = new AbortController();
      const { io, out } = capture(dir, {}, stop.signal);
      let printed!: () => void;
      const firstLine = new Promise<void>((resolve) => (printed = resolve));
      const io2: CliIO = { ...io, stdout: (s) => (io.stdout(s), printed()) };
      const done = main(['catalog', 'serve', '--snapshot', 'snap.json', '--port', '0'], io2);
      await firstLine;
      const url = out.stdout.split('\n')[0]!;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new CatalogClient(url, { maxRetries: 0 });
      try {
        const r = await fetchCatalog(client);
        assert.ok(r.ok);
        assert.deepEqual(sortedByTag(r.data), sortedByTag(full));
      } finally {
        await client.destroy();
      }
      stop.abort();
      assert.equal(await done, 0);
      assert.match(out.stderr, /serve: stopped/);
    });

    it('reports a port in use and a bad snapshot with exit code 2', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      const svc = await startCatalogService(full);
      try {
        const port = new URL(svc.url).port;
        const r = await run(['catalog', 'serve', '--snapshot', 'snap.json', '--port', port], dir);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/);
      } finally {
        await svc.close();
      }
      await fsp.writeFile(path.join(dir, 'bad.json'), '{"schema": 1}');
      const b = await run(['catalog', 'serve', '--snapshot', 'bad.json'], dir);
      assert.equal(b.code, 2);
      assert.match(b.stderr, /holds no functions/);
      assert.equal((await run(['catalog', 'serve', '--port', '70000'], dir)).code, 2);
    });

    it('runs as a process: the URL is the first line and SIGTERM ends it cleanly', async () => {
      await fsp.writeFile(path.join(dir, 'snap.json'), snapshotText(full));
      const child = spawn(
        process.execPath,
        [
          '--require',
          require.resolve('tsx/cjs'),
          path.join(ROOT, 'server/src/cli/main.ts'),
          'catalog',
          'serve',
          '--snapshot',
          'snap.json',
        ],
        {
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let stderr = '';
      child.stderr!.on('data', (c) => (stderr += String(c)));
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', () => reject(new Error(`serve exited early: ${stderr}`)));
      });
      assert.match(first, /^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new CatalogClient(first, { maxRetries: 0 });
      try {
        const r = await client.getJson('/callback_tag_list');
        assert.deepEqual(r.kind === 'ok' && r.json, full.callbackTags);
      } finally {
        await client.destroy();
      }
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr);
    });

    it('the bin launcher runs the bundled CLI', async function () {
      if (!existsSync(path.join(ROOT, 'dist/cli.js'))) this.skip();
      const child = spawn(path.join(ROOT, 'server/bin/bdscript'), ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout!.on('data', (c) => (stdout += String(c)));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      assert.equal(code, 0);
      assert.match(stdout, /^\d+\.\d+\.\d+\n$/);
    });
  });
});
