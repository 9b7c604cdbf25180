// `bdscript check` through the bundled CLI (dist/cli.js, built by `npm run build`): exit codes,
// text and JSON output, --premium, --language, --catalog FILE and URL, missing files, the 16 Mi
// character limit, FIFOs and devices, usage errors, and that no network is touched without
// --catalog URL or --refresh. A preloaded guard records every socket the CLI opens and refuses
// any host but 127.0.0.1.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants, existsSync, promises as fsp, readdirSync, statSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileFor } from '../../server/src/catalog/cache';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts } from '../../server/src/core/catalog/decode';
import type { CatalogData } from '../../server/src/core/catalog/model';
import { snapshotText, startCatalogService } from '../support/catalogService';
import { CLI, runCli, type CliRun } from '../support/cli';
import { testCatalogParts } from '../support/testCatalog';

const ROOT = path.resolve(__dirname, '../..');
const SHOWCASE = 'test/fixtures/showcase.bds';
const CLEAN = 'test/fixtures/clean.bds';

/** Records each connection and DNS lookup; refuses every host but the loopback. */
const GUARD = `
const fs = require('node:fs');
const net = require('node:net');
const dns = require('node:dns');
const log = process.env.BDSCRIPT_TEST_NET_LOG;
const loopback = new Set(['127.0.0.1', '::1', 'localhost']);
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  let o = args[0];
  if (Array.isArray(o)) o = o[0];
  const host = o && typeof o === 'object' ? (o.path ? 'pipe:' + o.path : String(o.host ?? 'localhost')) : String(args[1] ?? 'localhost');
  fs.appendFileSync(log, 'connect ' + host + '\\n');
  if (!loopback.has(host) && !host.startsWith('pipe:')) {
    process.nextTick(() => this.destroy(new Error('refused by the test guard: ' + host)));
    return this;
  }
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  fs.appendFileSync(log, 'lookup ' + host + '\\n');
  if (!loopback.has(host)) {
    const cb = rest[rest.length - 1];
    process.nextTick(() => cb(new Error('refused by the test guard: ' + host)));
    return {};
  }
  return lookup.call(this, host, ...rest);
};
`;

interface Run extends CliRun {
  /** What the guard saw: `connect HOST` and `lookup HOST` lines. */
  net: string[];
}

/** A catalog only these tests know: the test catalog plus `$greetNewcomer[Name]`. */
function servedData(): CatalogData {
  const parts = testCatalogParts();
  (parts.function_list as unknown[]).push({
    tag: '$greetNewcomer[Name]',
    shortDescription: 'A function only the served test catalog has.',
    longDescription: '',
    arguments: [{ name: 'Name', type: 'String', required: true }],
    intents: 0,
    premium: false,
    color: 0,
  });
  return new Catalog(decodeCatalogParts(parts, 'served').value).data;
}

/** Opens each FIFO of `dir` for writing and closes it, releasing a reader stuck in open(). */
async function releaseFifos(dir: string): Promise<void> {
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    if (!(await fsp.lstat(file).catch(() => undefined))?.isFIFO()) continue;
    await (await fsp.open(file, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined))?.close();
  }
}

/** The newest modification time of the sources that go into dist/cli.js. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.json')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

describe('bdscript check (bundled CLI)', function () {
  this.timeout(30_000);
  let tmp: string;
  let netLog: string;
  let guard: string;

  before(function () {
    if (!existsSync(CLI)) {
      console.log('      (skipped: dist/cli.js is missing; run npm run build)');
      this.skip();
    }
    // npm test builds first; a bundle older than the sources is still tested, with a note.
    if (statSync(CLI).mtimeMs < newestSource(path.join(ROOT, 'server'))) {
      console.log('      (note: dist/cli.js is older than the sources; run npm run build to test the current code)');
    }
  });

  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-check-'));
    netLog = path.join(tmp, 'net.log');
    guard = path.join(tmp, 'guard.cjs');
    await fsp.writeFile(guard, GUARD);
    await fsp.writeFile(netLog, '');
  });
  afterEach(async () => {
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  /** Runs `node dist/cli.js check ...args` in the repository with HOME and the cache in `tmp`. */
  async function check(args: string[], cwd = ROOT): Promise<Run> {
    const r = await runCli(['check', ...args], {
      cwd,
      home: path.join(tmp, 'home'),
      cacheHome: path.join(tmp, 'cache'),
      env: { BDSCRIPT_TEST_NET_LOG: netLog },
      nodeArgs: ['--require', guard],
    });
    const log = await fsp.readFile(netLog, 'utf8');
    return { ...r, net: log.split('\n').filter(Boolean) };
  }

  const lines = (s: string): string[] => s.split('\n').filter((l) => l !== '');
  const codesOf = (r: Run): string[] => lines(r.stdout).map((l) => l.split(' ')[2]!);

  it('prints file:line:col: severity code message for the showcase, exits 1, and touches no network', async () => {
    const r = await check([SHOWCASE]);
    assert.equal(r.code, 1, r.stderr);
    for (const line of lines(r.stdout)) {
      assert.match(
        line,
        /^test\/fixtures\/showcase\.bds:\d+:\d+: (error|warning|information|hint) [a-z-]+ \S.*$/,
        line,
      );
    }
    assert.ok(
      lines(r.stdout).includes(
        'test/fixtures/showcase.bds:4:17: warning unknown-function Unknown function `$usernam`. Did you mean `$username`?',
      ),
      r.stdout,
    );
    assert.deepEqual([...new Set(codesOf(r))].sort(), [
      'callback-in-code',
      'deprecated',
      'duplicate-else',
      'empty-argument',
      'intents',
      'invalid-argument',
      'missing-argument',
      'premium',
      'stray-bracket',
      'too-many-arguments',
      'unescaped-bracket',
      'unknown-emoji',
      'unknown-function',
      'wrong-form',
    ]);
    // The line silenced by its directive is not reported.
    assert.ok(!r.stdout.includes(':24:'), r.stdout);
    assert.match(r.stderr, /^checked 1 file: 6 errors, 9 warnings, 2 information, 0 hints$/m);
    assert.deepEqual(r.net, []);
    assert.equal(existsSync(path.join(tmp, 'cache')), false, 'a local-only run writes no cache');
  });

  it('exits 0 with no output for a clean file', async () => {
    const r = await check([CLEAN]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /checked 1 file: 0 errors, 0 warnings, 0 information, 0 hints/);
  });

  it('exits 0 when only warnings and information are found', async () => {
    await fsp.writeFile(path.join(tmp, 'warn.bds'), '$usernam\n$userJoined[$authorID]\n');
    const r = await check(['warn.bds'], tmp);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(codesOf(r), ['unknown-function', 'intents']);
  });

  it('prints JSON with 0-based UTF-16 positions that agree with the text output', async () => {
    await fsp.writeFile(path.join(tmp, 'emoji.bds'), '😀😀 $usernam\n');
    const json = await check(['--format', 'json', SHOWCASE, path.join(tmp, 'emoji.bds')]);
    const text = await check([SHOWCASE, path.join(tmp, 'emoji.bds')]);
    assert.equal(json.code, 1);
    const entries = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    assert.ok(Array.isArray(entries) && entries.length > 10);
    // Printed as it goes, file by file, yet the same text as one JSON.stringify of the array.
    assert.equal(json.stdout, JSON.stringify(entries, null, 2) + '\n');
    for (const e of entries) {
      assert.deepEqual(Object.keys(e), ['file', 'range', 'severity', 'code', 'message']);
      assert.ok(['error', 'warning', 'information', 'hint'].includes(e['severity'] as string));
    }
    const rendered = entries.map((e) => {
      const r = e['range'] as { start: { line: number; character: number } };
      return `${String(e['file'])}:${r.start.line + 1}:${r.start.character + 1}: ${String(e['severity'])} ${String(e['code'])} ${String(e['message'])}`;
    });
    assert.deepEqual(rendered, lines(text.stdout));
    const emoji = entries.find((e) => String(e['file']).endsWith('emoji.bds'))!;
    assert.deepEqual(emoji['range'], { start: { line: 0, character: 5 }, end: { line: 0, character: 13 } });
    const unknown = entries.find((e) => e['code'] === 'unknown-function' && e['file'] === SHOWCASE)!;
    assert.deepEqual(unknown['range'], { start: { line: 3, character: 16 }, end: { line: 3, character: 24 } });
  });

  it('drops premium warnings with --premium', async () => {
    const r = await check(['--premium', SHOWCASE]);
    assert.ok(!codesOf(r).includes('premium'));
    assert.ok(codesOf(await check([SHOWCASE])).includes('premium'));
  });

  it('judges BDScript 2 features with --language, and the in-file directive wins', async () => {
    const r = await check(['--language', 'BDScript', CLEAN]);
    assert.equal(r.code, 1);
    assert.deepEqual(codesOf(r), new Array(5).fill('language-feature'));
    assert.match(r.stdout, /`\$elseif` only exists in BDScript 2; this file is BDScript\./);
    await fsp.writeFile(
      path.join(tmp, 'bds2.bds'),
      '$c[bdscript-language: BDScript 2]\n$try\n$stop\n$catch\n$endtry\n',
    );
    const directive = await check(['--language', 'bdscript unstable', 'bds2.bds'], tmp);
    assert.equal(directive.code, 0, directive.stdout);
  });

  it('reads the catalog from a snapshot file with --catalog FILE, and fails cleanly on a bad one', async () => {
    await fsp.writeFile(path.join(tmp, 'snap.json'), snapshotText(servedData()));
    await fsp.writeFile(path.join(tmp, 'greet.bds'), '$greetNewcomer[Ann]\n');
    assert.deepEqual(codesOf(await check(['greet.bds'], tmp)), ['unknown-function']);
    const r = await check(['--catalog', 'snap.json', 'greet.bds'], tmp);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    const missing = await check(['--catalog', 'nope.json', 'greet.bds'], tmp);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /catalog .*nope\.json: cannot read/);
    await fsp.writeFile(path.join(tmp, 'bad.json'), '{"schema": 1');
    const bad = await check(['--catalog', 'bad.json', 'greet.bds'], tmp);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.json: not valid JSON/);
    assert.deepEqual([...missing.net, ...bad.net, ...r.net], []);
  });

  it('fetches the catalog from --catalog URL on 127.0.0.1, caches it, and uses that cache when the URL is down', async () => {
    const service = await startCatalogService(servedData());
    try {
      await fsp.writeFile(path.join(tmp, 'greet.bds'), '$greetNewcomer[Ann]\n');
      const r = await check(['--catalog', service.url, 'greet.bds'], tmp);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.equal(r.stdout, '');
      assert.ok(
        r.net.some((l) => l === 'connect 127.0.0.1'),
        r.net.join(', '),
      );
      assert.ok(
        r.net.every((l) => l.endsWith(' 127.0.0.1')),
        r.net.join(', '),
      );
      assert.ok(readdirSync(path.join(tmp, 'cache', 'bdscript')).some((f) => f.startsWith('catalog-')));
      // With the service gone, the cache of that URL comes before the bundled snapshot.
      await service.close();
      const offline = await check(['--catalog', service.url, 'greet.bds'], tmp);
      assert.equal(offline.code, 0, offline.stderr);
      assert.equal(offline.stdout, '');
      assert.match(offline.stderr, /warning: could not fetch the catalog from http:\/\/127\.0\.0\.1:\d+/);
      assert.match(offline.stderr, /warning: using the cached catalog \(.*catalog-[0-9a-f]+\.json\) instead/);
    } finally {
      await service.close();
    }
  });

  it('falls back to local sources with a warning when --catalog URL cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await check(['--catalog', `http://127.0.0.1:${port}`, CLEAN]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`warning: could not fetch the catalog from http://127\\.0\\.0\\.1:${port}`));
    // The bundled catalog is named, never by its internal location (`<bundled>` in the shipped build).
    assert.match(r.stderr, /warning: using the bundled catalog instead$/m);
  });

  it('tries the default API with --refresh (refused by the guard) and falls back with a warning', async () => {
    const r = await check(['--refresh', CLEAN]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /warning: could not fetch the catalog from https:\/\/botdesignerdiscord\.com\/public\/api/);
    assert.ok(
      r.net.some((l) => l.includes('botdesignerdiscord.com')),
      r.net.join(', '),
    );
  });

  it('reports a missing file, still checks the others, and exits 2', async () => {
    const r = await check(['missing.bds', SHOWCASE]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read missing\.bds: no such file/);
    assert.ok(codesOf(r).length > 10);
    assert.match(r.stderr, /checked 1 file:/);
  });

  it('checks files up to 16 Mi characters, refuses longer ones with exit 2 and still checks the rest', async () => {
    const limit = 16 * 1024 * 1024;
    // Plain text costs the parser one table lookup per character, so the file at the limit is quick.
    await fsp.writeFile(path.join(tmp, 'at-limit.bds'), '\uFEFF' + 'x'.repeat(limit - 9) + '$usernam\n');
    await fsp.writeFile(path.join(tmp, 'over.bds'), 'x'.repeat(limit) + '\n');
    // Two bytes per character: 9 Mi characters fit although the file has 18 MiB.
    await fsp.writeFile(path.join(tmp, 'wide.bds'), 'é'.repeat(9 * 1024 * 1024));
    // Sparse, so it costs nothing on disk: refused by its size, never read.
    const huge = await fsp.open(path.join(tmp, 'huge.bds'), 'w');
    await huge.truncate(200 * 1024 * 1024);
    await huge.close();
    const r = await check(['at-limit.bds', 'over.bds', 'huge.bds', 'wide.bds'], tmp);
    assert.equal(r.code, 2, r.stderr);
    // Both files are one message of millions of characters: each gets the hint once.
    const long = lines(r.stdout).filter((l) => / information message-too-long /.test(l));
    assert.deepEqual(
      long.map((l) => l.split(':')[0]),
      ['at-limit.bds', 'wide.bds'],
    );
    assert.deepEqual(
      lines(r.stdout).filter((l) => !long.includes(l)),
      [
        `at-limit.bds:1:${limit - 8}: warning unknown-function Unknown function \`$usernam\`. Did you mean \`$username\`?`,
      ],
    );
    assert.match(
      r.stderr,
      /^bdscript check: cannot check over\.bds: 16,777,217 characters, more than the limit of 16,777,216 characters \(16 Mi\) that check reads$/m,
    );
    assert.match(
      r.stderr,
      /^bdscript check: cannot read huge\.bds: 209,715,200 bytes, more than the limit of 16,777,216 characters \(16 Mi\) that check reads$/m,
    );
    assert.match(r.stderr, /checked 2 files: 0 errors, 1 warning/);
  });

  it('prints an empty JSON array when nothing is found', async () => {
    const r = await check(['--format', 'json', CLEAN]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '[]\n');
  });

  it('refuses a FIFO or a device to check or as --catalog FILE at once, and exits 2', async function () {
    if (process.platform === 'win32') this.skip();
    execFileSync('mkfifo', [path.join(tmp, 'pipe.bds')]);
    execFileSync('mkfifo', [path.join(tmp, 'pipe.json')]);
    try {
      const r = await check(
        ['pipe.bds', path.join(ROOT, CLEAN), ...(existsSync('/dev/zero') ? ['/dev/zero'] : [])],
        tmp,
      );
      assert.equal(r.code, 2);
      assert.match(r.stderr, /^bdscript check: cannot read pipe\.bds: not a regular file \(a named pipe\)$/m);
      if (existsSync('/dev/zero'))
        assert.match(r.stderr, /^bdscript check: cannot read \/dev\/zero: not a regular file \(a character device\)$/m);
      assert.match(r.stderr, /checked 1 file:/);
      const catalog = await check(['--catalog', 'pipe.json', path.join(ROOT, CLEAN)], tmp);
      assert.equal(catalog.code, 2);
      assert.match(catalog.stderr, /catalog .*pipe\.json: cannot read: not a regular file \(a named pipe\)/);
    } finally {
      await releaseFifos(tmp);
    }
  });

  it('ignores a FIFO at the cache path with --catalog URL and checks', async function () {
    if (process.platform === 'win32') this.skip();
    const service = await startCatalogService(servedData());
    const cacheDir = path.join(tmp, 'cache', 'bdscript');
    await fsp.mkdir(cacheDir, { recursive: true });
    const cacheFile = cacheFileFor(cacheDir, service.url);
    execFileSync('mkfifo', [cacheFile]);
    try {
      await fsp.writeFile(path.join(tmp, 'greet.bds'), '$greetNewcomer[Ann]\n');
      const r = await check(['--catalog', service.url, 'greet.bds'], tmp);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
    } finally {
      await releaseFifos(cacheDir);
      await service.close();
    }
  });

  it('names usage errors and exits 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /no files to check/],
      [['--format', 'xml', CLEAN], /option --format takes text, json or sarif, not "xml"/],
      [['--language', 'Python', CLEAN], /unknown script language "Python"/],
      [['--refresh', '--catalog', 'snap.json', CLEAN], /--refresh fetches from a URL/],
      [['--verbose', CLEAN], /unknown option --verbose/],
      [['--catalog'], /option --catalog needs a value/],
    ];
    for (const [args, message] of cases) {
      const r = await check(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message, args.join(' '));
      assert.match(r.stderr, /Run bdscript check --help for usage\./);
    }
    const help = await check(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: bdscript check \[options\] FILES\|FOLDERS\.\.\./);
  });

  it('does not count a byte order mark as a column', async () => {
    await fsp.writeFile(path.join(tmp, 'bom.bds'), '\uFEFF$usernam\n');
    const r = await check(['bom.bds'], tmp);
    assert.deepEqual(lines(r.stdout), [
      'bom.bds:1:1: warning unknown-function Unknown function `$usernam`. Did you mean `$username`?',
    ]);
  });
});
