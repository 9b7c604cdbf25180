// The committed bundled snapshot (server/snapshot/catalog.json) and its generator: the file
// decodes cleanly, holds facts only, knows the facts the language service relies on, and, when
// ../shared is present, regenerates byte for byte, from files or from a live endpoint on 127.0.0.1.

import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { decodeSnapshot } from '../../server/src/core/catalog/decode';
import type { Argument } from '../../server/src/core/catalog/model';
import { writeFileAtomic } from '../../server/src/catalog/cache';
import { buildSnapshot, parseArgs, resolveDate, type SnapshotOptions } from '../../server/scripts/snapshot';
import { SNAPSHOT_PATH, snapshotCatalog } from '../support/testCatalog';
import { FACTS_DIR, REAL_SAMPLE } from '../support/shared';

const REPO = path.resolve(__dirname, '../..');

const committedText = (): string => readFileSync(SNAPSHOT_PATH, 'utf8');
const committed = () => decodeSnapshot(JSON.parse(committedText()), SNAPSHOT_PATH);

function offline(date: string): SnapshotOptions {
  return { live: false, real: REAL_SAMPLE, facts: FACTS_DIR, date, timeoutMs: 5000, log: () => undefined };
}

/** Serves fixed JSON bodies by path on 127.0.0.1; anything else is a 404. */
async function serve(routes: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const body = routes[req.url ?? ''];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/public/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A 127.0.0.1 URL on which nothing listens. */
async function closedUrl(): Promise<string> {
  const s = await serve({});
  await s.close();
  return s.url;
}

describe('bundled snapshot', () => {
  it('decodes without a single problem', () => {
    assert.deepEqual(committed().problems, []);
  });

  it('holds facts only: every description is empty', () => {
    const raw = JSON.parse(committedText()) as unknown;
    let seen = 0;
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === 'object' && value !== null) {
        for (const [key, v] of Object.entries(value)) {
          if (/description/i.test(key)) {
            seen++;
            assert.equal(v, '', `${key} is not empty`);
          }
          walk(v);
        }
      }
    };
    walk(raw);
    assert.ok(seen > 1000);
    const { data } = committed().value;
    const args = (list: readonly Argument[] | null): Argument[] =>
      (list ?? []).flatMap((a) => [a, ...args(a.tupleTypes ?? null)]);
    for (const f of data.functions) {
      assert.equal(f.shortDescription + f.longDescription, '', f.tag);
      for (const a of args(f.arguments)) assert.equal(a.description, '', f.tag);
    }
    for (const c of data.callbacks) {
      assert.equal(c.description, '', c.tag);
      for (const a of args(c.arguments)) assert.equal(a.description, '', c.tag);
    }
  });

  it('has the expected counts, and its provenance says so', () => {
    const { data, provenance } = committed().value;
    assert.ok(data.functions.length >= 494);
    assert.ok(data.callbacks.length >= 13);
    assert.ok(Object.keys(data.emoji).length >= 1000);
    assert.deepEqual(provenance!.counts, {
      functions: data.functions.length,
      callbacks: data.callbacks.length,
      emoji: Object.keys(data.emoji).length,
      aliases: Object.values(data.emoji).reduce((n, a) => n + a.length, 0),
    });
    assert.match(provenance!.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(provenance!.source, /discord-emoji/);
    assert.deepEqual(data.functionTags.length, data.functions.length);
    assert.deepEqual(data.callbackTags.length, data.callbacks.length);
  });

  it('knows the facts the language service relies on', () => {
    const catalog = snapshotCatalog();
    const button = catalog.functions.lookup('$addButton[]')!;
    assert.equal(button.arguments!.length, 7);
    const style = button.arguments!.find((a) => a.name === 'Style')!;
    assert.equal(style.type, 'Enum');
    assert.ok(style.enumData!.includes('primary'));
    assert.equal(button.wiki, 'bdscript/addButton.md');
    assert.equal(button.arguments![5]!.type, 'Emoji');

    const reactions = catalog.functions.lookup('$awaitReactions[]')!;
    const tuple = reactions.arguments![0]!;
    assert.equal(tuple.type, 'Tuple');
    assert.equal(tuple.repeatable, true);
    assert.deepEqual(
      tuple.tupleTypes!.map((t) => t.name),
      ['Command name', 'Reaction'],
    );
    assert.equal(reactions.premium, true);

    const old = catalog.functions.lookup('$channelIDFromName[]')!;
    assert.equal(old.deprecated, true);
    assert.equal(old.deprecatedFor, '$channelID');

    assert.equal(catalog.callbacks.lookup('$onJoined[]')!.kind, 'callback');
    assert.equal(catalog.callbacks.lookup('$onJoined[]')!.intents, 2);
    assert.equal(catalog.functions.lookup('$onJoined'), undefined);
    assert.equal(catalog.emoji.emojiFor(':thumbsup:'), '👍');
    assert.equal(catalog.emoji.emojiFor(':hash:'), '#️⃣');
    assert.equal(catalog.functions.lookup('$random')!.bracketed, false);
    assert.equal(catalog.functions.lookup('$random[]')!.arguments!.length, 2);
    assert.equal(catalog.functions.lookup('$getUserStatus[]')!.intents, 256);
    assert.equal(catalog.functions.lookup('$jsonSet[]')!.arguments![0]!.repeatable, true);
  });

  describe('generator', () => {
    it('regenerates the committed snapshot byte for byte from the facts files', async function () {
      if (!existsSync(REAL_SAMPLE) || !existsSync(FACTS_DIR)) this.skip();
      const date = committed().value.provenance!.date;
      const result = await buildSnapshot(offline(date));
      assert.deepEqual(result.problems, []);
      assert.equal(result.text, committedText());
    });

    it('regenerates it through the command line into a temporary folder, dated by SOURCE_DATE_EPOCH', async function () {
      if (!existsSync(REAL_SAMPLE) || !existsSync(FACTS_DIR)) this.skip();
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bdscript-snapshot-'));
      try {
        const out = path.join(dir, 'nested', 'catalog.json');
        const date = committed().value.provenance!.date;
        const epoch = String(Date.parse(`${date}T12:00:00Z`) / 1000);
        const child = spawn(
          process.execPath,
          [
            '--require',
            'tsx/cjs',
            path.join(REPO, 'server/scripts/snapshot.ts'),
            '--no-live',
            '--real',
            REAL_SAMPLE,
            '--facts',
            FACTS_DIR,
            '--out',
            out,
          ],
          { cwd: REPO, env: { ...process.env, SOURCE_DATE_EPOCH: epoch }, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        assert.equal(code, 0, stderr);
        assert.match(stderr, /wrote .*: 494 functions, 13 callbacks/);
        assert.equal(readFileSync(out, 'utf8'), committedText());
        assert.deepEqual(readdirSync(path.dirname(out)), ['catalog.json']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('takes functions and callbacks from a live endpoint, still facts only, with wiki paths from the facts', async function () {
      if (!existsSync(REAL_SAMPLE) || !existsSync(FACTS_DIR)) this.skip();
      const server = await serve({
        '/public/api/function_list': readFileSync(REAL_SAMPLE, 'utf8'),
        '/public/api/callback_list': readFileSync(path.join(FACTS_DIR, 'callback_list.json'), 'utf8'),
      });
      try {
        const date = '2026-01-02';
        const live = await buildSnapshot({ ...offline(date), live: true, from: server.url, fromExplicit: true });
        const files = await buildSnapshot(offline(date));
        assert.deepEqual(live.problems, []);
        assert.deepEqual(live.data.functions, files.data.functions);
        assert.deepEqual(live.data.callbacks, files.data.callbacks);
        assert.deepEqual(live.data.functionTags, files.data.functionTags);
        assert.ok(live.provenance.source.startsWith(`${server.url}/function_list (functions)`), live.provenance.source);
        assert.ok(live.data.functions.every((f) => f.shortDescription === ''));
      } finally {
        await server.close();
      }
    });

    it('decodes a broken live answer without throwing and reports it', async () => {
      const server = await serve({
        '/public/api/function_list': '[1, {"tag": 5}, {"tag": "$ok", "intents": 0, "premium": false}]',
      });
      try {
        const result = await buildSnapshot({
          ...offline('2026-01-02'),
          real: '/nonexistent',
          facts: '/nonexistent',
          live: true,
          from: server.url,
          fromExplicit: true,
        });
        assert.deepEqual(
          result.data.functions.map((f) => f.name),
          ['$ok'],
        );
        assert.equal(result.problems.filter((p) => p.severity === 'error').length, 2);
        assert.ok(result.problems.every((p) => p.source === `${server.url}/function_list`));
      } finally {
        await server.close();
      }
    });

    it('fails when an explicit --from cannot be reached, and falls back quietly otherwise', async () => {
      const url = await closedUrl();
      await assert.rejects(
        buildSnapshot({ ...offline('2026-01-02'), live: true, from: url, fromExplicit: true }),
        /live source .* failed/,
      );
      const lines: string[] = [];
      const result = await buildSnapshot({
        ...offline('2026-01-02'),
        real: '/nonexistent',
        facts: '/nonexistent',
        live: true,
        from: url,
        log: (l) => lines.push(l),
      });
      assert.match(lines[0]!, /live catalog not reachable/);
      assert.deepEqual(result.data.functions, []);
      assert.ok(Object.keys(result.data.emoji).length >= 1000);
    });

    it('builds the emoji map from discord-emoji: aliases between colons, deduplicated, emoji in code-point order', async () => {
      const result = await buildSnapshot({ ...offline('2026-01-02'), real: '/nonexistent', facts: '/nonexistent' });
      const emoji = Object.keys(result.data.emoji);
      assert.deepEqual(result.data.emoji['👍']!.slice(0, 2), [':thumbsup:', ':+1:']);
      assert.deepEqual(result.data.emoji['✅'], [':white_check_mark:']);
      const points = emoji.map((e) => [...e].map((c) => c.codePointAt(0)!));
      for (let i = 1; i < points.length; i++) {
        const [a, b] = [points[i - 1]!, points[i]!];
        const k = a.findIndex((p, j) => p !== b[j]);
        assert.ok(k === -1 ? a.length < b.length : a[k]! < (b[k] ?? -1), emoji[i]);
      }
      for (const aliases of Object.values(result.data.emoji)) {
        assert.equal(new Set(aliases).size, aliases.length);
        assert.ok(aliases.every((a) => /^:[^:\s]+:$/.test(a)));
      }
    });

    it('dates the provenance from --date, else SOURCE_DATE_EPOCH, else today', () => {
      assert.equal(resolveDate('2025-03-04', {}), '2025-03-04');
      assert.equal(resolveDate(undefined, { SOURCE_DATE_EPOCH: '1700000000' }), '2023-11-14');
      assert.equal(resolveDate(undefined, {}, new Date('2024-02-29T23:59:59Z')), '2024-02-29');
      assert.throws(() => resolveDate('yesterday', {}), /YYYY-MM-DD/);
      assert.throws(() => resolveDate(undefined, { SOURCE_DATE_EPOCH: 'soon' }), /whole seconds/);
    });

    it('parses its command line', () => {
      const options = parseArgs([
        '--no-live',
        '--real',
        'r.json',
        '--facts=f',
        '--out',
        'o.json',
        '--date',
        '2025-01-01',
        '--timeout',
        '50',
      ]);
      assert.ok(options !== 'help');
      assert.equal(options.live, false);
      assert.equal(options.real, path.resolve('r.json'));
      assert.equal(options.facts, path.resolve('f'));
      assert.equal(options.out, path.resolve('o.json'));
      assert.equal(options.date, '2025-01-01');
      assert.equal(options.timeoutMs, 50);
      assert.equal(options.fromExplicit, undefined);
      const withFrom = parseArgs(['--from', 'http://127.0.0.1:1/api', '--date', '2025-01-01']);
      assert.ok(withFrom !== 'help' && withFrom.fromExplicit === true && withFrom.live);
      assert.equal(parseArgs(['--help']), 'help');
      assert.throws(() => parseArgs(['--bogus']), /unknown option/);
      assert.throws(() => parseArgs(['--out']), /needs a value/);
      assert.throws(() => parseArgs(['--timeout', '0', '--date', '2025-01-01']), /--timeout/);
    });

    it("writes atomically (through the cache's writer), leaving no temporary file behind", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bdscript-atomic-'));
      try {
        const file = path.join(dir, 'a', 'b.json');
        await writeFileAtomic(file, 'one');
        await writeFileAtomic(file, 'two');
        assert.equal(readFileSync(file, 'utf8'), 'two');
        assert.deepEqual(readdirSync(path.dirname(file)), ['b.json']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
