// The source chain and CatalogManager over real sockets on 127.0.0.1: local start (cache, user
// snapshot, bundled), refresh from the service with conditional requests, the acceptance rule
// and its shrink floor (which a source shrinking a little at a time cannot walk down, also with
// MockAgent standing in for the official API), and the fault matrix: after every failure the last good catalog stays, the cache file is
// untouched and a problem names the endpoint and what happened.

import * as assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheFileFor, readCache } from '../../server/src/catalog/cache';
import { CatalogClient, type HttpOptions } from '../../server/src/catalog/http';
import { LIST_ENDPOINTS } from '../../server/src/catalog/endpoints';
import { CatalogManager, type CatalogManagerOptions } from '../../server/src/catalog/sources';
import { fetchCatalog } from '../../server/src/catalog/fetchCatalog';
import { type CatalogChangeEvent } from '../../server/src/catalog/chain';
import { encodeFunctionList } from '../../server/src/core/catalog/encode';
import { DEFAULT_CATALOG_URL } from '../../server/src/core/settings';
import { MockAgent } from 'undici';
import type { CatalogData } from '../../server/src/core/catalog/model';
import { catalogBodies, snapshotText, sortedByTag, startCatalogService } from '../support/catalogService';
import { bigCatalog } from '../support/catalogBig';
import * as F from '../support/faultServer';
import { testCatalogData } from '../support/testCatalog';

const FAST: Partial<HttpOptions> = {
  connectTimeoutMs: 1000,
  headersTimeoutMs: 400,
  bodyTimeoutMs: 400,
  totalTimeoutMs: 3000,
  maxBytes: 256 * 1024,
  maxRetries: 1,
  minRetryDelayMs: 10,
  maxRetryDelayMs: 1500,
};

const full = testCatalogData();
/** A smaller catalog standing in for the bundled snapshot, so sources can be told apart. */
const bundled: CatalogData = { ...full, functions: full.functions.slice(0, full.functions.length - 4) };

describe('catalog sources', function () {
  // Every fault below must end well within this.
  this.timeout(8000);

  let dir: string;
  const managers: CatalogManager[] = [];

  function manager(opts: Partial<CatalogManagerOptions> & { url: string }): CatalogManager {
    const m = new CatalogManager({
      cacheDir: path.join(dir, 'cache'),
      http: FAST,
      bundledText: () => snapshotText(bundled, 'bundled'),
      ...opts,
    });
    managers.push(m);
    return m;
  }

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-sources-'));
  });
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.dispose()));
    await fsp.rm(dir, { recursive: true, force: true });
  });

  describe('local start', () => {
    it('starts from the bundled snapshot when there is nothing else', async () => {
      const m = manager({ url: 'http://127.0.0.1:9', offline: true });
      assert.equal(m.status().source, 'none');
      await m.loadLocal();
      const s = m.status();
      assert.equal(s.source, 'bundled');
      assert.equal(s.counts.functions, bundled.functions.length);
      assert.equal(s.fetchedAt, '2026-01-01T00:00:00.000Z');
      assert.ok(m.catalog.functions.lookup('$addButton[]'));
    });

    it('prefers a user snapshot to the bundled one', async () => {
      const file = path.join(dir, 'mine.json');
      await fsp.writeFile(file, snapshotText(full, 'mine'));
      const m = manager({ url: 'http://127.0.0.1:9', offline: true, snapshotPath: file });
      await m.loadLocal();
      assert.equal(m.status().source, 'snapshot');
      assert.equal(m.status().location, file);
      assert.equal(m.status().counts.functions, full.functions.length);
    });

    it('falls back to the bundled snapshot when the user snapshot is missing or garbage', async () => {
      for (const [name, content] of [
        ['missing.json', undefined],
        ['garbage.json', '{"schema": 1, "function_list": 7'],
        ['empty.json', '{}'],
      ] as const) {
        const file = path.join(dir, name);
        if (content !== undefined) await fsp.writeFile(file, content);
        const m = manager({ url: 'http://127.0.0.1:9', offline: true, snapshotPath: file });
        await m.loadLocal();
        assert.equal(m.status().source, 'bundled', name);
        assert.ok(
          m.status().problems.some((p) => p.includes(file)),
          `${name}: ${m.status().problems.join(' | ')}`,
        );
      }
    });

    it('ends with an empty catalog, not a throw, when even the bundled snapshot is unreadable', async () => {
      const m = manager({
        url: 'http://127.0.0.1:9',
        offline: true,
        bundledText: () => {
          throw new Error('gone');
        },
      });
      await m.loadLocal();
      assert.equal(m.status().source, 'none');
      assert.ok(m.status().problems.some((p) => /bundled snapshot .*gone/.test(p)));
    });

    it('reports a bad base URL and still starts', async () => {
      const m = manager({ url: 'ftp://nowhere' });
      await m.loadLocal();
      assert.equal(m.status().source, 'bundled');
      assert.ok(m.status().problems.some((p) => /catalog URL: .*unsupported protocol/.test(p)));
      const r = await m.refresh();
      assert.equal(r.ok, false);
      assert.match(r.problems[0]!, /ftp:\/\/nowhere/);
    });
  });

  describe('refresh from the service', () => {
    it("accepts a mirror that serves a smaller catalog than the bundled one (the shrink check compares with this URL's own data)", async () => {
      const small: CatalogData = { ...full, functions: full.functions.slice(0, 3) };
      const svc = await startCatalogService(small);
      try {
        const m = manager({ url: svc.url });
        await m.loadLocal();
        assert.equal(m.status().source, 'bundled');
        const r = await m.refresh();
        assert.equal(r.outcome, 'updated', r.message);
        assert.equal(m.status().counts.functions, 3);
      } finally {
        await svc.close();
      }
    });

    it('fetches all lists, caches them, and the next start reads the cache', async () => {
      const svc = await startCatalogService(full);
      try {
        const m = manager({ url: svc.url, now: () => Date.parse('2026-03-01T12:00:00Z') });
        await m.loadLocal();
        assert.equal(m.status().source, 'bundled');
        const events: CatalogChangeEvent[] = [];
        m.onDidChange((e) => events.push(e));
        const r = await m.refresh();
        assert.equal(r.outcome, 'updated', r.message);
        const s = m.status();
        assert.equal(s.source, 'live');
        assert.equal(s.location, svc.url);
        assert.equal(s.counts.functions, full.functions.length);
        assert.equal(s.counts.callbacks, full.callbacks.length);
        assert.equal(s.counts.emoji, Object.keys(full.emoji).length);
        assert.deepEqual(s.lastRefresh, { at: '2026-03-01T12:00:00.000Z', ok: true, outcome: 'updated' });
        assert.ok(events.some((e) => e.catalogChanged && e.status.source === 'live'));
        assert.deepEqual(m.catalog.data.functionTags, full.functionTags);

        const later = manager({ url: svc.url, offline: true, now: () => Date.parse('2026-03-01T13:00:00Z') });
        await later.loadLocal();
        const s2 = later.status();
        assert.equal(s2.source, 'cache');
        assert.equal(s2.location, cacheFileFor(path.join(dir, 'cache'), svc.url));
        assert.equal(s2.fetchedAt, '2026-03-01T12:00:00.000Z');
        assert.equal(s2.ageMs, 3600_000);
        // The cache stores records in snapshot order (sorted by tag); the content is the same.
        assert.deepEqual(sortedByTag(later.catalog.data), sortedByTag(m.catalog.data));
      } finally {
        await svc.close();
      }
    });

    it('revalidates with conditional requests: all 304 means nothing to parse', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        let t = Date.parse('2026-03-01T12:00:00Z');
        const m = manager({ url: server.url, now: () => t });
        await m.loadLocal();
        await m.refresh();
        const before = m.catalog;
        const changed: boolean[] = [];
        m.onDidChange((e) => changed.push(e.catalogChanged));
        t += 60_000;
        const r = await m.refresh();
        assert.equal(r.outcome, 'not-modified');
        assert.equal(m.catalog, before);
        assert.ok(!changed.includes(true));
        for (const endpoint of LIST_ENDPOINTS) {
          const last = server.requests.filter((q) => q.path === endpoint).at(-1)!;
          assert.ok(last.headers['if-none-match'], `${endpoint} was not conditional`);
        }
        // The fetch time moved on, in memory and in the cache.
        assert.equal(m.status().fetchedAt, '2026-03-01T12:01:00.000Z');
        const cached = await readCache(m.cacheFile!, server.url);
        assert.ok(cached.ok && cached.content.fetchedAt === '2026-03-01T12:01:00.000Z');

        // A restart revalidates from the cache's validators too.
        const next = manager({ url: server.url });
        await next.loadLocal();
        assert.equal((await next.refresh()).outcome, 'not-modified');
      } finally {
        await server.close();
      }
    });

    it('combines fresh and not-modified lists', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const m = manager({ url: server.url });
        await m.loadLocal();
        await m.refresh();
        const fewer = full.callbacks.slice(0, full.callbacks.length - 1);
        server.routes.set('/callback_list', F.json(catalogBodies({ ...full, callbacks: fewer })['/callback_list']));
        const r = await m.refresh();
        assert.equal(r.outcome, 'updated');
        assert.equal(m.status().counts.callbacks, fewer.length);
        assert.equal(m.status().counts.functions, full.functions.length);
      } finally {
        await server.close();
      }
    });

    it('shares one refresh between concurrent callers', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const m = manager({ url: server.url });
        await m.loadLocal();
        const a = m.refresh();
        const b = m.refresh();
        assert.equal(a, b);
        assert.equal(m.status().refreshing, true);
        await a;
        assert.equal(m.status().refreshing, false);
        assert.equal(server.count('/function_list'), 1);
      } finally {
        await server.close();
      }
    });

    it('does not touch the network when offline', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const m = manager({ url: server.url, offline: true });
        await m.loadLocal();
        const r = await m.refresh();
        assert.equal(r.outcome, 'offline');
        assert.equal(server.requests.length, 0);
        assert.equal(m.status().source, 'bundled');
      } finally {
        await server.close();
      }
    });

    it('refreshes on a timer', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const m = manager({ url: server.url });
        await m.loadLocal();
        const updated = new Promise<void>((resolve) => m.onDidChange((e) => e.catalogChanged && resolve()));
        m.autoRefresh(10);
        await updated;
        m.autoRefresh(0);
        assert.equal(m.status().source, 'live');
      } finally {
        await server.close();
      }
    });

    it('cancels a running refresh on dispose', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      server.routes.set('/function_list', F.neverAnswer);
      try {
        const m = manager({ url: server.url, http: { ...FAST, headersTimeoutMs: 60_000, totalTimeoutMs: 60_000 } });
        await m.loadLocal();
        const p = m.refresh();
        await m.dispose();
        const r = await p;
        assert.equal(r.ok, false);
      } finally {
        await server.close();
      }
    });
  });

  describe('faults keep the last good catalog and the cache', () => {
    const one = JSON.stringify(encodeFunctionList(full.functions.slice(0, 1)));
    const garbageRecords = JSON.stringify([
      ...encodeFunctionList(full.functions.slice(0, 5)),
      ...Array.from({ length: 10 }, (_, i) => ({ tag: 7, n: i })),
    ]);
    const cases: Array<{ name: string; endpoint?: string; handler: F.FaultHandler; reason: RegExp }> = [
      { name: '5xx', handler: F.status(503), reason: /HTTP 503 \(after 2 attempts\)/ },
      {
        name: '429 with Retry-After',
        handler: F.status(429, { 'retry-after': '1' }),
        reason: /HTTP 429 \(after 2 attempts\)/,
      },
      { name: 'a server that never answers', handler: F.neverAnswer, reason: /no response within 0\.4 s/ },
      {
        name: 'a body that stalls',
        handler: F.stallBody(catalogBodies(full)['/function_list']),
        reason: /stalled|no complete answer/,
      },
      {
        name: 'truncated JSON',
        handler: F.truncatedJson(catalogBodies(full)['/function_list']),
        reason: /truncated JSON/,
      },
      {
        name: 'a connection closed mid-body',
        handler: F.shortBody(catalogBodies(full)['/function_list']),
        reason: /closed|reset/,
      },
      { name: 'a 200 HTML page', handler: F.htmlPage, reason: /HTML page/ },
      {
        name: 'an oversized body (50 times the cap)',
        handler: F.oversized(256 * 1024 * 50),
        reason: /larger than the limit/,
      },
      {
        name: 'a chunked oversized body',
        handler: F.oversized(256 * 1024 * 50, true),
        reason: /larger than the limit/,
      },
      { name: 'a connection reset', handler: F.reset, reason: /reset|closed/ },
      { name: 'invalid UTF-8', handler: F.invalidUtf8, reason: /not valid UTF-8/ },
      { name: 'a redirect loop', handler: F.redirectLoop, reason: /redirect/ },
      { name: 'a 200 with an empty body', handler: F.emptyBody, reason: /empty body/ },
      {
        name: 'a list that shrinks to one record',
        handler: F.json(one),
        reason: /refused: 1 record where the catalog in use has \d+/,
      },
      {
        name: 'records that do not decode',
        handler: F.json(garbageRecords),
        reason: /refused: decoding dropped 10 of 15 entries/,
      },
      {
        name: 'the wrong JSON type',
        handler: F.json('{"functions": []}'),
        reason: /refused: expected a JSON array, got an object/,
      },
      {
        name: 'a broken callback list',
        endpoint: '/callback_list',
        handler: F.json('"nope"'),
        reason: /refused: expected a JSON array, got a string/,
      },
      {
        name: 'a broken emoji map',
        endpoint: '/emoji_alias_list',
        handler: F.json('[1,2]'),
        reason: /refused: expected a JSON object, got an array/,
      },
      { name: 'a 404 on a tag list', endpoint: '/function_tag_list', handler: F.status(404), reason: /HTTP 404/ },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        const server = await F.startFaultServer(catalogBodies(full));
        try {
          const m = manager({ url: server.url });
          await m.loadLocal();
          assert.equal((await m.refresh()).outcome, 'updated');
          const good = m.catalog;
          const file = m.cacheFile!;
          const bytes = await fsp.readFile(file);
          const stat = await fsp.stat(file);

          const endpoint = c.endpoint ?? '/function_list';
          server.routes.set(endpoint, c.handler);
          const r = await m.refresh();
          assert.equal(r.ok, false);
          assert.equal(r.outcome, 'failed');
          const line = r.problems.find((p) => p.startsWith(`GET ${server.url}${endpoint}: `));
          assert.ok(line, `no problem names ${endpoint}: ${r.problems.join(' | ')}`);
          assert.match(line, c.reason);

          assert.equal(m.catalog, good);
          const s = m.status();
          assert.equal(s.source, 'live');
          assert.equal(s.lastRefresh?.ok, false);
          assert.ok(s.problems.includes(line));
          assert.deepEqual(await fsp.readFile(file), bytes);
          const after = await fsp.stat(file);
          assert.equal(after.mtimeMs, stat.mtimeMs);
          assert.equal(after.ino, stat.ino);
          assert.deepEqual(
            (await fsp.readdir(path.dirname(file))).filter((n) => n.endsWith('.tmp')),
            [],
          );

          // The source recovers: the next good answer is accepted and the problem goes away.
          server.routes.set(endpoint, F.json(catalogBodies(full)[endpoint as keyof ReturnType<typeof catalogBodies>]));
          const again = await m.refresh();
          assert.equal(again.ok, true, again.message);
          assert.ok(!m.status().problems.includes(line));
        } finally {
          await server.close();
        }
      });
    }

    it('a refused first refresh keeps the bundled catalog and writes no cache', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      server.routes.set('/function_list', F.json(garbageRecords));
      try {
        const m = manager({ url: server.url });
        await m.loadLocal();
        const r = await m.refresh();
        assert.equal(r.ok, false);
        assert.match(r.message, /the bundled catalog stays in use/);
        assert.equal(m.status().source, 'bundled');
        await assert.rejects(fsp.stat(m.cacheFile!));
      } finally {
        await server.close();
      }
    });

    it('a refused refresh after a cache start leaves that cache as it was', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const first = manager({ url: server.url });
        await first.loadLocal();
        await first.refresh();
        const bytes = await fsp.readFile(first.cacheFile!);
        server.routes.set('/callback_list', F.htmlPage);
        const m = manager({ url: server.url });
        await m.loadLocal();
        assert.equal(m.status().source, 'cache');
        assert.equal((await m.refresh()).ok, false);
        assert.equal(m.status().source, 'cache');
        assert.deepEqual(await fsp.readFile(m.cacheFile!), bytes);
      } finally {
        await server.close();
      }
    });
  });

  describe('the disk cache', () => {
    async function seedCache(url: string): Promise<string> {
      const svc = await startCatalogService(full);
      try {
        // Fetch from the service, then move the cache to `url`'s name as if fetched from there.
        const m = manager({ url: svc.url });
        await m.loadLocal();
        await m.refresh();
        const text = (await fsp.readFile(m.cacheFile!, 'utf8')).replaceAll(
          JSON.stringify(svc.url),
          JSON.stringify(url),
        );
        const file = cacheFileFor(path.join(dir, 'cache'), url);
        await fsp.writeFile(file, text);
        return file;
      } finally {
        await svc.close();
      }
    }

    it('ignores a truncated cache with a warning and rebuilds it on the next refresh', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const file = await seedCache(server.url);
        const text = await fsp.readFile(file, 'utf8');
        await fsp.writeFile(file, text.slice(0, Math.floor(text.length / 2)));
        const logged: string[] = [];
        const m = manager({ url: server.url, log: (level, msg) => level === 'warning' && logged.push(msg) });
        await m.loadLocal();
        assert.equal(m.status().source, 'bundled');
        assert.ok(
          m.status().problems.some((p) => p.startsWith(`cache ${file}: not valid JSON`)),
          m.status().problems.join(' | '),
        );
        assert.ok(logged.some((l) => l.includes(file)));
        assert.equal((await m.refresh()).outcome, 'updated');
        assert.deepEqual(m.status().problems, []);
        const again = await readCache(file, server.url);
        assert.ok(again.ok);
      } finally {
        await server.close();
      }
    });

    it('ignores a cache of another schema, another format, another URL or with bad data', async () => {
      const url = 'http://127.0.0.1:9';
      const file = await seedCache(url);
      const good = JSON.parse(await fsp.readFile(file, 'utf8')) as Record<string, unknown>;
      const variants: Array<[string, Record<string, unknown>, RegExp]> = [
        ['schema', { ...good, schema: 99 }, /snapshot schema 99/],
        ['format', { ...good, cacheFormat: 0 }, /cache format 0/],
        ['url', { ...good, baseUrl: 'http://elsewhere' }, /made for "http:\/\/elsewhere"/],
        ['fetchedAt', { ...good, fetchedAt: 'yesterday' }, /fetchedAt/],
        ['functions', { ...good, function_list: 'x' }, /does not decode cleanly/],
        ['empty', { ...good, function_list: [] }, /holds no functions/],
      ];
      for (const [name, content, reason] of variants) {
        await fsp.writeFile(file, JSON.stringify(content));
        const r = await readCache(file, url);
        assert.ok(!r.ok && !r.missing, name);
        assert.match(r.reason, reason, name);
        const m = manager({ url, offline: true });
        await m.loadLocal();
        assert.equal(m.status().source, 'bundled', name);
      }
      const missing = await readCache(path.join(dir, 'nope.json'), url);
      assert.ok(!missing.ok && missing.missing);
    });

    it('never sends validators that are not header-safe', async () => {
      const server = await F.startFaultServer(catalogBodies(full));
      try {
        const file = await seedCache(server.url);
        const content = JSON.parse(await fsp.readFile(file, 'utf8')) as Record<string, unknown>;
        content['validators'] = { '/function_list': { etag: '"ok"\r\nX-Injected: 1' } };
        await fsp.writeFile(file, JSON.stringify(content));
        const m = manager({ url: server.url });
        await m.loadLocal();
        assert.equal(m.status().source, 'cache', m.status().problems.join(' | '));
        await m.refresh();
        assert.ok(server.requests.every((q) => !('x-injected' in q.headers)));
        assert.equal(server.requests.find((q) => q.path === '/function_list')!.headers['if-none-match'], undefined);
      } finally {
        await server.close();
      }
    });

    it('reports a cache it cannot write, and keeps the new catalog', async () => {
      const svc = await startCatalogService(full);
      try {
        // A file where the cache folder should be.
        const blocked = path.join(dir, 'blocked');
        await fsp.writeFile(blocked, '');
        const m = manager({ url: svc.url, cacheDir: blocked });
        await m.loadLocal();
        const r = await m.refresh();
        assert.equal(r.ok, true);
        assert.equal(m.status().source, 'live');
        assert.ok(m.status().problems.some((p) => p.includes('cannot write')));
      } finally {
        await svc.close();
      }
    });

    it('works without a cache folder', async () => {
      const svc = await startCatalogService(full);
      try {
        const m = manager({ url: svc.url, cacheDir: '' });
        await m.loadLocal();
        assert.equal(m.cacheFile, undefined);
        assert.equal((await m.refresh()).outcome, 'updated');
      } finally {
        await svc.close();
      }
    });
  });

  describe('the shrink floor cannot be walked down', () => {
    /** A source that serves 49% less on each refresh: 400, 204, 105, 54, 28, 15, 8, 5, 3, 2. */
    function walkDown(start: number, steps: number): number[] {
      const sizes = [start];
      while (sizes.length < steps) sizes.push(Math.ceil(sizes.at(-1)! * 0.51));
      return sizes;
    }
    /** The five list bodies with the first `n` functions of `data`. */
    function bodiesWith(data: CatalogData, n: number): Record<string, string> {
      const functions = data.functions.slice(0, n);
      return catalogBodies({ ...data, functions, functionTags: functions.map((f) => f.listTag) });
    }

    it('refuses the second 49% step of a mirror, across restarts, until the cache is deleted', async () => {
      const big = bigCatalog(363);
      const sizes = walkDown(big.functions.length, 10);
      assert.deepEqual(sizes, [400, 204, 105, 54, 28, 15, 8, 5, 3, 2]);
      const server = await F.startFaultServer(bodiesWith(big, sizes[0]!));
      try {
        const m = manager({ url: server.url });
        await m.loadLocal();
        const file = m.cacheFile!;
        assert.equal((await m.refresh()).outcome, 'updated');
        server.routes.set('/function_list', F.json(bodiesWith(big, sizes[1]!)['/function_list']!));
        assert.equal((await m.refresh()).outcome, 'updated');
        assert.equal(m.status().counts.functions, 204);
        for (const n of sizes.slice(2)) {
          server.routes.set('/function_list', F.json(bodiesWith(big, n)['/function_list']!));
          const r = await m.refresh();
          assert.equal(r.ok, false, `${n} functions were accepted`);
          const line =
            `GET ${server.url}/function_list: refused: ${n} record${n === 1 ? '' : 's'} where this URL has served 400 (shrank by more than 50%); ` +
            `to accept a smaller catalog from this URL on purpose, delete the cache file ${file}`;
          assert.deepEqual(r.problems, [line]);
          assert.equal(m.status().counts.functions, 204);
          assert.ok(m.status().problems.includes(line), 'the refusal is in the status');
          assert.equal(m.status().lastRefresh?.ok, false);
        }
        // The floor is kept with the cache: a restart does not lower it.
        const again = manager({ url: server.url });
        await again.loadLocal();
        assert.equal(again.status().source, 'cache');
        assert.equal((await again.refresh()).ok, false);
        // Deleting the cache, as the refusal says, accepts the smaller catalog.
        await fsp.rm(file);
        const fresh = manager({ url: server.url });
        await fresh.loadLocal();
        assert.equal((await fresh.refresh()).outcome, 'updated');
        assert.equal(fresh.status().counts.functions, 2);
      } finally {
        await server.close();
      }
    });

    it('guards the callback list the same way', async () => {
      const callbacks = Array.from({ length: 40 }, (_, i) => ({
        ...full.callbacks[i % full.callbacks.length]!,
        name: `$onThing${i}`,
        tag: `$onThing${i}`,
        listTag: `$onThing${i}`,
        arguments: null,
        bracketed: false,
      }));
      const data: CatalogData = { ...full, callbacks, callbackTags: callbacks.map((c) => c.listTag) };
      const withCallbacks = (n: number): string =>
        catalogBodies({
          ...data,
          callbacks: callbacks.slice(0, n),
          callbackTags: callbacks.slice(0, n).map((c) => c.listTag),
        })['/callback_list'];
      const server = await F.startFaultServer(catalogBodies(data));
      try {
        const m = manager({ url: server.url });
        await m.loadLocal();
        assert.equal((await m.refresh()).outcome, 'updated');
        server.routes.set('/callback_list', F.json(withCallbacks(21)));
        assert.equal((await m.refresh()).outcome, 'updated');
        server.routes.set('/callback_list', F.json(withCallbacks(11)));
        const r = await m.refresh();
        assert.equal(r.ok, false);
        assert.match(r.problems[0]!, /callback_list: refused: 11 records where this URL has served 40 /);
      } finally {
        await server.close();
      }
    });

    it('holds the official API to the bundled catalog, starting from it', async () => {
      const bundledBig = bigCatalog(457);
      assert.equal(bundledBig.functions.length, 494);
      let served = 494;
      const mock = new MockAgent();
      mock.disableNetConnect();
      const pool = mock.get(new URL(DEFAULT_CATALOG_URL).origin);
      const basePath = new URL(DEFAULT_CATALOG_URL).pathname;
      for (const endpoint of LIST_ENDPOINTS) {
        pool
          .intercept({ path: basePath + endpoint, method: 'GET' })
          .reply(() => ({
            statusCode: 200,
            data: bodiesWith(bundledBig, served)[endpoint]!,
            responseOptions: { headers: { 'content-type': 'application/json' } },
          }))
          .persist();
      }
      try {
        const m = manager({
          url: DEFAULT_CATALOG_URL,
          dispatcher: mock,
          bundledText: () => snapshotText(bundledBig, 'bundled'),
        });
        await m.loadLocal();
        assert.equal(m.status().source, 'bundled');
        served = 252;
        assert.equal((await m.refresh()).outcome, 'updated');
        for (const n of [129, 66, 2]) {
          served = n;
          const r = await m.refresh();
          assert.equal(r.ok, false, `${n} functions were accepted`);
          assert.match(
            r.problems[0]!,
            new RegExp(
              `function_list: refused: ${n} records? where the bundled catalog has 494 \\(shrank by more than 50%\\)$`,
            ),
          );
        }
        assert.equal(m.status().counts.functions, 252);
      } finally {
        await mock.close();
      }
    });
  });

  describe('fetchCatalog', () => {
    it('pulls every list from the service and decodes it to the same data', async () => {
      const svc = await startCatalogService(full);
      const client = new CatalogClient(svc.url, FAST);
      try {
        const r = await fetchCatalog(client);
        assert.ok(r.ok);
        assert.equal(r.kind, 'updated');
        assert.deepEqual(r.data, full);
        assert.deepEqual(r.problems, []);
        for (const endpoint of LIST_ENDPOINTS) assert.ok(r.validators[endpoint]?.etag, endpoint);
      } finally {
        await client.destroy();
        await svc.close();
      }
    });

    it('reports a refused connection by URL', async () => {
      const svc = await startCatalogService(full);
      const url = svc.url;
      await svc.close();
      const client = new CatalogClient(url, { ...FAST, maxRetries: 0 });
      try {
        const r = await fetchCatalog(client);
        assert.ok(!r.ok);
        assert.ok(
          r.problems.some((p) => /^GET http:\/\/127\.0\.0\.1:\d+\/\w+: connection refused$/.test(p)),
          r.problems.join(' | '),
        );
        assert.ok(r.problems.every((p) => !/cancelled/.test(p)));
      } finally {
        await client.destroy();
      }
    });
  });
});
