// The cache on disk is never partial: a writer killed (SIGKILL) in the middle of a cache write
// leaves the old or the new cache, which the next start reads; its temp file is ignored and
// cleared later.

import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { promises as fsp, watch } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileFor, readCache, writeCache } from '../../server/src/catalog/cache';
import { CatalogManager } from '../../server/src/catalog/sources';
import { bigCatalog } from '../support/catalogBig';

const BASE_URL = 'http://127.0.0.1:9';

/** Starts the writer, kills it as soon as it has opened a temp file, and resolves when it is gone. */
async function killMidWrite(file: string): Promise<void> {
  const dir = path.dirname(file);
  const writer = path.resolve(__dirname, '../support/catalogCacheWriter.ts');
  const child = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), writer, file, BASE_URL], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
  });
  let rounds = 0;
  await new Promise<void>((resolve) => {
    const watcher = watch(dir, (_event, name) => {
      // Let a few whole writes land first, then kill at the start of the next one.
      if (name && String(name).endsWith('.tmp') && ++rounds >= 6) {
        child.kill('SIGKILL');
        watcher.close();
        resolve();
      }
    });
  });
  await exited;
}

describe('catalog cache crash safety', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-crash-'));
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('a writer killed mid-write leaves a readable cache, old or new', async () => {
    const file = cacheFileFor(dir, BASE_URL);
    const seed = bigCatalog(4000);
    await writeCache(file, { data: seed, baseUrl: BASE_URL, fetchedAt: '2025-06-01T00:00:00.000Z', validators: {} });
    let leftovers = 0;
    for (let i = 0; i < 3; i++) {
      await killMidWrite(file);
      const r = await readCache(file, BASE_URL);
      assert.ok(r.ok, `after kill ${i}: ${r.ok ? '' : r.reason}`);
      assert.equal(r.content.data.functions.length, seed.functions.length);
      assert.ok(
        r.content.fetchedAt === '2025-06-01T00:00:00.000Z' || r.content.fetchedAt.startsWith('2026-01-01T00:00:'),
        r.content.fetchedAt,
      );
      leftovers = (await fsp.readdir(dir)).filter((n) => n.endsWith('.tmp')).length;
      if (leftovers > 0) break;
    }
    // The kill landed between opening the temp file and renaming it at least once.
    assert.ok(leftovers > 0, 'the writer was never caught mid-write');

    // The next start reads the cache, not the torn temp file.
    const m = new CatalogManager({ url: BASE_URL, offline: true, cacheDir: dir, bundledText: () => '{}' });
    await m.loadLocal();
    assert.equal(m.status().source, 'cache');
    assert.deepEqual(m.status().problems, []);
    await m.dispose();

    // A later write clears temp files that have been lying around.
    const old = new Date(Date.now() - 3600_000);
    for (const n of (await fsp.readdir(dir)).filter((n) => n.endsWith('.tmp')))
      await fsp.utimes(path.join(dir, n), old, old);
    await writeCache(file, { data: seed, baseUrl: BASE_URL, fetchedAt: '2025-07-01T00:00:00.000Z', validators: {} });
    assert.deepEqual(
      (await fsp.readdir(dir)).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });
});
