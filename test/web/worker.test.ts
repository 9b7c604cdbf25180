// The web build of the language server (dist/web/server.js) in a dedicated web worker of headless
// Chromium, talking LSP over postMessage with a client page on 127.0.0.1, as VS Code on the web
// runs it: diagnostics, completion and hover from the embedded snapshot; a refresh from
// `bdscript catalog serve` on another origin (CORS), with the documents re-validated and the
// cache handed to the client; a restart from that cache without the network; and a refresh from
// a host other than 127.0.0.1, which the browser never contacts. Skips, saying why, without
// /usr/bin/chromium.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompletionList, Diagnostic, Hover } from 'vscode-languageserver-types';
import { snapshotOf } from '../../server/src/catalog/cacheFormat';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { stringifySnapshot } from '../../server/src/core/catalog/encode';
import { CATALOG_CACHES_OPTION, type CatalogCacheEntry, type CatalogStatus } from '../../server/src/protocol/messages';
import { fullClientCapabilities } from '../support/lspClient';
import { snapshotCatalog } from '../support/testCatalog';
import {
  browserMissing,
  ROOT,
  serveCatalog,
  serveSite,
  WEB_SERVER,
  WebClient,
  type ServedCatalog,
  type StaticSite,
} from './harness';

const URI = 'vscode-vfs://github/bdfd/bot/commands/ping.bds';
const TEXT = '$title[Hi]\n$time[UTC]\n$addButtn[yes;id;Label;primary]\n$tit';
const TITLE_DESCRIPTION = 'Sets the title of an embed served by the test service';

interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

/** The bundled catalog with two changes a session can see: `$title` has a description and `$time` is gone. */
function servedSnapshotText(): string {
  const data = snapshotCatalog().data;
  const served = new Catalog({
    ...data,
    functions: data.functions
      .filter((f) => f.name !== '$time')
      .map((f) => (f.name === '$title' ? { ...f, shortDescription: TITLE_DESCRIPTION } : f)),
  }).data;
  return stringifySnapshot(snapshotOf(served, 'web test', 'test', '2026-01-01T00:00:00.000Z'));
}

/**
 * A static host for an export folder as many are: the export's CORS headers on GET (ETag
 * exposed), 304 on a matching If-None-Match, and OPTIONS refused, so no preflight succeeds.
 */
async function serveStatic(folder: string): Promise<{ url: string; preflights(): number; close(): Promise<void> }> {
  let preflights = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      preflights++;
      res.writeHead(405).end();
      return;
    }
    const file = path.join(folder, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!file.startsWith(folder + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    const headers = {
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag, Last-Modified',
      etag,
      'content-type': 'application/json; charset=utf-8',
    };
    if (req.headers['if-none-match'] === etag) res.writeHead(304, headers).end();
    else res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    preflights: () => preflights,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function hoverText(h: Hover | null): string {
  const c = h?.contents;
  return typeof c === 'object' && c !== null && 'value' in c ? c.value : JSON.stringify(c);
}

/** Whether the diagnostics report `$time` (line 1) as unknown: true once the served catalog is in use. */
const timeUnknown = (p: Published): boolean =>
  p.diagnostics.some((d) => d.code === 'unknown-function' && d.range.start.line === 1);

describe('web: the language server in a web worker (headless Chromium)', function () {
  this.timeout(120_000);
  let tmp: string;
  let site: StaticSite | undefined;
  let served: ServedCatalog | undefined;
  let web: WebClient | undefined;
  /** The cache the worker handed over after the refresh, for the restart test. */
  let cache: CatalogCacheEntry | undefined;

  before(async function () {
    const missing = browserMissing();
    if (missing) {
      console.log(`    (skipped: ${missing})`);
      this.skip();
    }
    assert.ok(existsSync(WEB_SERVER), `${WEB_SERVER} is missing: run \`npm run build\` first (npm test does)`);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-web-'));
    const snapshot = path.join(tmp, 'served.json');
    writeFileSync(snapshot, servedSnapshotText());
    served = await serveCatalog(snapshot);
    site = await serveSite();
    web = await WebClient.open(site);
  });

  after(async () => {
    await web?.close();
    await site?.close();
    await served?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const initialize = (settings: unknown, extra: Record<string, unknown> = {}) =>
    web!.request<{ capabilities: Record<string, unknown>; serverInfo?: { name: string } }>('initialize', {
      processId: null,
      rootUri: null,
      capabilities: {
        ...fullClientCapabilities(),
        window: { workDoneProgress: true, showDocument: { support: true } },
      },
      initializationOptions: { ...(settings as object), ...extra },
    });

  it('answers diagnostics, completion and hover from the embedded snapshot, offline', async () => {
    const settings = { catalog: { url: served!.url, offline: true } };
    await web!.startWorker(site!, settings);
    const init = await initialize(settings);
    assert.match(init.serverInfo?.name ?? '', /web/);
    await web!.notify('initialized', {});
    await web!.notify('textDocument/didOpen', {
      textDocument: { uri: URI, languageId: 'bdscript', version: 1, text: TEXT },
    });
    const diags = await web!.waitFor<Published>('textDocument/publishDiagnostics', (p) => p.uri === URI);
    const typo = diags.diagnostics.find((d) => d.code === 'unknown-function' && d.range.start.line === 2);
    assert.ok(typo, JSON.stringify(diags.diagnostics));
    assert.match(JSON.stringify(typo.message), /\$addButton/, 'did you mean $addButton');
    assert.ok(!timeUnknown(diags), 'the bundled catalog knows $time');

    const completion = await web!.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 3, character: 4 },
    });
    assert.ok(
      completion.items.some((i) => i.label.startsWith('$title')),
      completion.items
        .map((i) => i.label)
        .slice(0, 20)
        .join(' '),
    );

    const hover = await web!.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 0, character: 3 },
    });
    assert.match(hoverText(hover), /\$title\[Title;\(Index\)\]/);
    assert.doesNotMatch(hoverText(hover), new RegExp(TITLE_DESCRIPTION));

    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'bundled');
    // The web build dates the bundled catalog by its day too, with no age in hours.
    assert.equal(status.fetchedAtPrecision, 'date', JSON.stringify(status));
    assert.match(status.fetchedAt ?? '', /^\d{4}-\d\d-\d\d$/);
    assert.equal(status.ageMs, undefined);
    // The commands for any LSP client run in the worker too.
    const command = await web!.request<{ text: string }>('workspace/executeCommand', {
      command: 'bdscript.server.catalogStatus',
    });
    assert.match(
      command.text,
      /^source: {3}the catalog bundled with bdscript\ndate: {5}\d{4}-\d\d-\d\d \(the catalog records the day it was made, not the time\)\n/,
    );
    assert.deepEqual([...web!.blocked, ...web!.escaped], [], 'every request was to 127.0.0.1');
  });

  it('refreshes from `bdscript catalog serve` on another origin (CORS), re-validates, and hands the cache to its client', async () => {
    const since = web!.mark();
    const settings = { catalog: { url: served!.url, offline: false, refreshIntervalMinutes: 0 } };
    await web!.setSettings(settings);
    // Going online builds a new provider, which refreshes at once.
    await web!.notify('workspace/didChangeConfiguration', { settings: { bdscript: settings } });
    const diags = await web!.waitFor<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === URI && timeUnknown(p),
      { since },
    );
    assert.ok(diags.diagnostics.some((d) => d.code === 'unknown-function' && d.range.start.line === 2));
    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'live', JSON.stringify(status));
    assert.equal(status.location, served!.url);
    assert.deepEqual(status.problems, []);
    const hover = await web!.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 0, character: 3 },
    });
    assert.match(hoverText(hover), new RegExp(TITLE_DESCRIPTION));

    cache = await web!.waitFor<CatalogCacheEntry>('bdscript/catalogCache', () => true, { since });
    assert.equal(cache.baseUrl, served!.url);
    assert.match(cache.text, /"cacheFormat"/);

    // A second refresh sends the validators back and gets 304s: the catalog stays, and the cache
    // handed over again says it was confirmed later.
    const again = web!.mark();
    const refreshed = await web!.request<CatalogStatus>('bdscript/refreshCatalog');
    assert.equal(refreshed.lastRefresh?.outcome, 'not-modified', JSON.stringify(refreshed.lastRefresh));
    const confirmed = await web!.waitFor<CatalogCacheEntry>('bdscript/catalogCache', () => true, { since: again });
    const fetchedAt = (text: string) => Date.parse((JSON.parse(text) as { fetchedAt: string }).fetchedAt);
    assert.ok(fetchedAt(confirmed.text) >= fetchedAt(cache.text));
    assert.deepEqual([...web!.blocked, ...web!.escaped], [], 'every request was to 127.0.0.1');
  });

  it('refreshes, again and again, from a static export whose host answers no CORS preflight', async () => {
    // `bdscript catalog export` as a static host serves it: CORS on GET, ETag exposed, but an
    // OPTIONS request (the preflight If-None-Match needs) refused.
    const site2 = path.join(tmp, 'export');
    const exported = spawnSync(
      path.join(ROOT, 'server/bin/bdscript'),
      ['catalog', 'export', '--out', site2, '--snapshot', path.join(tmp, 'served.json')],
      { encoding: 'utf8' },
    );
    assert.equal(exported.status, 0, exported.stderr);
    const host = await serveStatic(site2);
    try {
      const settings = { catalog: { url: host.url, offline: false, refreshIntervalMinutes: 0 } };
      await web!.setSettings(settings);
      const since = web!.mark();
      await web!.notify('workspace/didChangeConfiguration', { settings: { bdscript: settings } });
      await web!.waitFor<CatalogStatus>(
        'bdscript/catalogStatusChanged',
        (s) => s.source === 'live' && s.location === host.url && !s.refreshing,
        { since },
      );
      const again = await web!.request<CatalogStatus>('bdscript/refreshCatalog');
      assert.equal(again.lastRefresh?.ok, true, JSON.stringify(again));
      assert.deepEqual(again.problems, []);
      assert.ok(host.preflights() > 0, 'the browser asked for a preflight and was refused');
    } finally {
      await host.close();
    }
  });

  it('starts from the cache its client kept, without the network', async () => {
    assert.ok(cache, 'the previous test handed over a cache');
    await web!.stopWorker();
    await served!.stop();
    const since = web!.mark();
    const settings = { catalog: { url: served!.url, offline: true } };
    await web!.startWorker(site!, settings);
    await initialize(settings, { [CATALOG_CACHES_OPTION]: [cache] });
    await web!.notify('initialized', {});
    await web!.notify('textDocument/didOpen', {
      textDocument: { uri: URI, languageId: 'bdscript', version: 1, text: TEXT },
    });
    const diags = await web!.waitFor<Published>('textDocument/publishDiagnostics', (p) => p.uri === URI, { since });
    assert.ok(timeUnknown(diags), 'the cached (served) catalog lacks $time');
    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'cache', JSON.stringify(status));
    assert.match(status.location, new RegExp(served!.url.replace(/[.:/]/g, '\\$&')));
  });

  it('ignores a kept cache that is not for its URL or does not decode, and says so', async () => {
    await web!.stopWorker();
    const since = web!.mark();
    const settings = { catalog: { url: served!.url, offline: true } };
    await web!.startWorker(site!, settings);
    await initialize(settings, {
      [CATALOG_CACHES_OPTION]: [
        { baseUrl: served!.url, text: cache!.text.slice(0, 1000) },
        { baseUrl: 'http://127.0.0.1:1', text: cache!.text },
        'junk',
      ],
    });
    await web!.notify('initialized', {});
    await web!.notify('textDocument/didOpen', {
      textDocument: { uri: URI, languageId: 'bdscript', version: 1, text: TEXT },
    });
    const diags = await web!.waitFor<Published>('textDocument/publishDiagnostics', (p) => p.uri === URI, { since });
    assert.ok(!timeUnknown(diags), 'the bundled catalog answers');
    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'bundled');
    assert.ok(
      status.problems.some((p) => /cache .*not valid JSON/.test(p)),
      JSON.stringify(status.problems),
    );
  });

  it('fails a refresh from a host other than 127.0.0.1 without contacting it, and keeps its catalog', async () => {
    await web!.stopWorker();
    const before = web!.blocked.length;
    const url = 'https://botdesignerdiscord.com/public/api';
    const settings = { catalog: { url, offline: false, refreshIntervalMinutes: 0 } };
    await web!.startWorker(site!, settings);
    await initialize(settings);
    await web!.notify('initialized', {});
    const status = await web!.request<CatalogStatus>('bdscript/refreshCatalog');
    assert.equal(status.source, 'bundled', JSON.stringify(status));
    assert.equal(status.lastRefresh?.ok, false);
    assert.match(status.lastRefresh?.outcome ?? '', /botdesignerdiscord\.com\/public\/api\/\w+/);
    // The browser refused each connection and reported it; none was made.
    const blocked = web!.blocked.slice(before);
    assert.ok(
      blocked.length > 0 && blocked.every((u) => u.startsWith('https://botdesignerdiscord.com')),
      `the worker's requests were refused by the browser: ${blocked.join(', ')}`,
    );
    assert.deepEqual(web!.escaped, []);
  });
});
