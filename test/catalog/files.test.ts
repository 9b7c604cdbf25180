// Files the tools are pointed at that are not regular files: a FIFO (named pipe) with no writer,
// a device that never ends, a folder, a symbolic link to a FIFO, a file far over the size limit.
// Each is refused at once with a reason, by the reader and by every path that reads a snapshot
// or the cache (CatalogManager.loadLocal, snapshot loading, the catalog commands).

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants, existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileFor, readCache } from '../../server/src/catalog/cache';
import { loadSnapshotFile } from '../../server/src/catalog/export';
import { MAX_CATALOG_FILE_BYTES, readRegularFile } from '../../server/src/catalog/files';
import { CatalogManager } from '../../server/src/catalog/sources';
import type { CliIO } from '../../server/src/cli/args';
import { main } from '../../server/src/cli/main';
import { snapshotText, startCatalogService } from '../support/catalogService';
import { testCatalogData } from '../support/testCatalog';

/** Makes a FIFO; tests that need one skip where mkfifo is missing (Windows). */
function mkfifo(file: string): void {
  execFileSync('mkfifo', [file]);
}

/**
 * Opens every FIFO of `dir` for writing and closes it again, which releases a reader stuck in
 * open() (as one was before the fix), so a failing test cannot leave a thread blocked.
 */
async function releaseFifos(dir: string): Promise<void> {
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const st = await fsp.lstat(file).catch(() => undefined);
    if (!st?.isFIFO()) continue;
    const h = await fsp.open(file, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined);
    await h?.close();
  }
}

/** Resolves with `p`, or rejects when it takes longer than `ms` (a read that hangs). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)),
  );
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

describe('files that are not regular files', function () {
  this.timeout(10_000);
  let dir: string;
  let fifo: string;

  before(function () {
    if (process.platform === 'win32') this.skip();
  });
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-files-'));
    fifo = path.join(dir, 'pipe.json');
    mkfifo(fifo);
  });
  afterEach(async () => {
    await releaseFifos(dir);
    await fsp.rm(dir, { recursive: true, force: true });
  });

  describe('readRegularFile', () => {
    it('reads a regular file, and names a missing one', async () => {
      await fsp.writeFile(path.join(dir, 'ok.json'), 'héllo');
      assert.deepEqual(await readRegularFile(path.join(dir, 'ok.json'), 100), { ok: true, text: 'héllo', bytes: 6 });
      assert.deepEqual(await readRegularFile(path.join(dir, 'nope.json'), 100), {
        ok: false,
        missing: true,
        reason: 'no such file',
      });
    });

    it('refuses a FIFO without a writer, a symbolic link to one, a device and a folder at once', async () => {
      await fsp.symlink(fifo, path.join(dir, 'link.json'));
      const cases: Array<[string, RegExp]> = [
        [fifo, /^not a regular file \(a named pipe\)$/],
        [path.join(dir, 'link.json'), /^not a regular file \(a named pipe\)$/],
        [dir, /^is a directory$/],
      ];
      if (existsSync('/dev/zero')) cases.push(['/dev/zero', /^not a regular file \(a character device\)$/]);
      for (const [file, reason] of cases) {
        const r = await within(readRegularFile(file, 1024), 2000, file);
        assert.ok(!r.ok && !r.missing, file);
        assert.match(r.reason, reason, file);
      }
    });

    it('refuses a file over the limit without reading it', async () => {
      const big = path.join(dir, 'big.json');
      // Sparse: 10 GB on paper, nothing on disk, and nothing read.
      const h = await fsp.open(big, 'w');
      await h.truncate(10 * 1024 ** 3);
      await h.close();
      const r = await within(readRegularFile(big, MAX_CATALOG_FILE_BYTES), 2000, 'a 10 GB file');
      assert.ok(!r.ok);
      assert.equal(r.tooLarge, 10 * 1024 ** 3);
      assert.match(r.reason, /^larger than the limit of 64 MiB \(10240 MiB\)$/);
      await fsp.writeFile(path.join(dir, 'edge'), 'x'.repeat(101));
      assert.ok(!(await readRegularFile(path.join(dir, 'edge'), 100)).ok);
      assert.ok((await readRegularFile(path.join(dir, 'edge'), 101)).ok);
    });
  });

  describe('catalog sources', () => {
    it('loadLocal refuses a FIFO named as the snapshot and starts from the bundled catalog', async () => {
      const m = new CatalogManager({
        url: 'http://127.0.0.1:9',
        offline: true,
        snapshotPath: fifo,
        bundledText: () => snapshotText(testCatalogData()),
      });
      try {
        await within(m.loadLocal(), 2000, 'loadLocal');
        const s = m.status();
        assert.equal(s.source, 'bundled');
        assert.ok(
          s.problems.includes(`snapshot ${fifo}: cannot read: not a regular file (a named pipe)`),
          s.problems.join(' | '),
        );
      } finally {
        await m.dispose();
      }
    });

    it('loadLocal refuses a FIFO at the cache path, and a refresh replaces it with a cache', async () => {
      const cacheDir = path.join(dir, 'cache');
      await fsp.mkdir(cacheDir);
      const svc = await startCatalogService();
      const cacheFile = cacheFileFor(cacheDir, svc.url);
      mkfifo(cacheFile);
      const m = new CatalogManager({ url: svc.url, cacheDir, bundledText: () => snapshotText(testCatalogData()) });
      try {
        const r = await within(readCache(cacheFile, svc.url), 2000, 'readCache');
        assert.deepEqual(r, { ok: false, missing: false, reason: 'cannot read: not a regular file (a named pipe)' });
        await within(m.loadLocal(), 2000, 'loadLocal');
        assert.equal(m.status().source, 'bundled');
        assert.ok(
          m.status().problems.some((p) => p.startsWith(`cache ${cacheFile}: cannot read: not a regular file`)),
          m.status().problems.join(' | '),
        );
        assert.equal((await m.refresh()).outcome, 'updated');
        assert.ok((await fsp.lstat(cacheFile)).isFile());
        assert.ok((await readCache(cacheFile, svc.url)).ok);
      } finally {
        await m.dispose();
        await releaseFifos(cacheDir);
        await svc.close();
      }
    });

    it('loadSnapshotFile refuses a FIFO, a device and a snapshot over the size limit', async () => {
      const fromFifo = await within(loadSnapshotFile(fifo), 2000, 'loadSnapshotFile');
      assert.deepEqual(fromFifo, {
        ok: false,
        location: fifo,
        reason: 'cannot read: not a regular file (a named pipe)',
      });
      if (existsSync('/dev/zero'))
        assert.match(
          ((await within(loadSnapshotFile('/dev/zero'), 2000, '/dev/zero')) as { reason: string }).reason,
          /character device/,
        );
      const big = path.join(dir, 'big.json');
      const h = await fsp.open(big, 'w');
      await h.truncate(MAX_CATALOG_FILE_BYTES + 1);
      await h.close();
      assert.match(
        ((await loadSnapshotFile(big)) as { reason: string }).reason,
        /^cannot read: larger than the limit of 64 MiB/,
      );
    });
  });

  describe('catalog commands', () => {
    async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
      const out = { stdout: '', stderr: '' };
      const stop = new AbortController();
      const io: CliIO = {
        stdout: (s) => void ((out.stdout += s), stop.abort()),
        stderr: (s) => void (out.stderr += s),
        cwd: dir,
        env: { XDG_CACHE_HOME: path.join(dir, 'xdg') },
        signal: stop.signal,
      };
      const code = await within(main(argv, io), 3000, argv.join(' '));
      return { code, ...out };
    }

    it('serve, export and status name the FIFO and go on or stop cleanly', async () => {
      const serve = await run(['catalog', 'serve', '--snapshot', 'pipe.json']);
      assert.equal(serve.code, 2);
      assert.match(serve.stderr, /^serve: snapshot .*pipe\.json: cannot read: not a regular file \(a named pipe\)$/m);
      const exp = await run(['catalog', 'export', '--out', 'site', '--snapshot', 'pipe.json']);
      assert.equal(exp.code, 2);
      assert.match(exp.stderr, /^export: snapshot .*pipe\.json: cannot read: not a regular file \(a named pipe\)$/m);
      const status = await run(['catalog', 'status', '--offline', '--snapshot', 'pipe.json']);
      assert.equal(status.code, 0);
      assert.match(status.stdout, /^source: +the catalog bundled with bdscript$/m);
      assert.match(status.stdout, /snapshot .*pipe\.json: cannot read: not a regular file \(a named pipe\)/);
    });
  });
});
