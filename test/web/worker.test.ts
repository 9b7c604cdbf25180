// The web build of the language server (dist/web/server.js) in a dedicated web worker of headless
// Chromium, talking LSP over postMessage with a client page on 127.0.0.1, as VS Code on the web
// runs it: diagnostics, completion and hover from the embedded snapshot; a refresh from
// `bdscript catalog serve` on another origin (CORS), with the documents re-validated and the
// cache handed to the client; a restart from that cache without the network; and a refresh from
// a host other than 127.0.0.1, which the browser never contacts. Skips, saying why, without
// /usr/bin/chromium.

import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompletionList, Diagnostic, Hover } from 'vscode-languageserver-types';
import { snapshotOf } from '../../server/src/catalog/cacheFormat';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { stringifySnapshot } from '../../server/src/core/catalog/encode';
import { CATALOG_CACHES_OPTION, type CatalogCacheEntry, type CatalogStatus } from '../../server/src/protocol';
import { fullClientCapabilities } from '../support/lspClient';
import { snapshotCatalog } from '../support/testCatalog';
import { browserMissing, serveCatalog, serveSite, WEB_SERVER, WebClient, type ServedCatalog, type StaticSite } from './harness';

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
    functions: data.functions.filter((f) => f.name !== '$time').map((f) => (f.name === '$title' ? { ...f, shortDescription: TITLE_DESCRIPTION } : f)),
  }).data;
  return stringifySnapshot(snapshotOf(served, 'web test', 'test', '2026-01-01T00:00:00.000Z'));
}

function hoverText(h: Hover | null): string {
  const c = h?.contents;
  return typeof c === 'object' && c !== null && 'value' in c ? c.value : JSON.stringify(c);
}

/** Whether the diagnostics report `$time` (line 1) as unknown: true once the served catalog is in use. */
const timeUnknown = (p: Published): boolean => p.diagnostics.some((d) => d.code === 'unknown-function' && d.range.start.line === 1);

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
      capabilities: { ...fullClientCapabilities(), window: { workDoneProgress: true, showDocument: { support: true } } },
      initializationOptions: { ...(settings as object), ...extra },
    });

  it('answers diagnostics, completion and hover from the embedded snapshot, offline', async () => {
    const settings = { catalog: { url: served!.url, offline: true } };
    await web!.startWorker(site!, settings);
    const init = await initialize(settings);
    assert.match(init.serverInfo?.name ?? '', /web/);
    await web!.notify('initialized', {});
    await web!.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'bdscript', version: 1, text: TEXT } });
    const diags = await web!.waitFor<Published>('textDocument/publishDiagnostics', (p) => p.uri === URI);
    const typo = diags.diagnostics.find((d) => d.code === 'unknown-function' && d.range.start.line === 2);
    assert.ok(typo, JSON.stringify(diags.diagnostics));
    assert.match(JSON.stringify(typo.message), /\$addButton/, 'did you mean $addButton');
    assert.ok(!timeUnknown(diags), 'the bundled catalog knows $time');

    const completion = await web!.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 3, character: 4 } });
    assert.ok(completion.items.some((i) => i.label.startsWith('$title')), completion.items.map((i) => i.label).slice(0, 20).join(' '));

    const hover = await web!.request<Hover>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 3 } });
    assert.match(hoverText(hover), /\$title\[Title;\(Index\)\]/);
    assert.doesNotMatch(hoverText(hover), new RegExp(TITLE_DESCRIPTION));

    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'bundled');
    // The commands for any LSP client run in the worker too.
    const command = await web!.request<{ text: string }>('workspace/executeCommand', { command: 'bdscript.server.catalogStatus' });
    assert.match(command.text, /^source: {3}bundled snapshot \(<bundled>\)/);
    assert.equal(web!.blocked.length, 0, `no request left 127.0.0.1: ${web!.blocked.join(', ')}`);
  });

  it('refreshes from `bdscript catalog serve` on another origin (CORS), re-validates, and hands the cache to its client', async () => {
    const since = web!.mark();
    const settings = { catalog: { url: served!.url, offline: false, refreshIntervalMinutes: 0 } };
    await web!.setSettings(settings);
    // Going online builds a new provider, which refreshes at once.
    await web!.notify('workspace/didChangeConfiguration', { settings: { bdscript: settings } });
    const diags = await web!.waitFor<Published>('textDocument/publishDiagnostics', (p) => p.uri === URI && timeUnknown(p), { since });
    assert.ok(diags.diagnostics.some((d) => d.code === 'unknown-function' && d.range.start.line === 2));
    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'live', JSON.stringify(status));
    assert.equal(status.location, served!.url);
    assert.deepEqual(status.problems, []);
    const hover = await web!.request<Hover>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 3 } });
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
    assert.equal(web!.blocked.length, 0, `no request left 127.0.0.1: ${web!.blocked.join(', ')}`);
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
    await web!.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'bdscript', version: 1, text: TEXT } });
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
    await initialize(settings, { [CATALOG_CACHES_OPTION]: [{ baseUrl: served!.url, text: cache!.text.slice(0, 1000) }, { baseUrl: 'http://127.0.0.1:1', text: cache!.text }, 'junk'] });
    await web!.notify('initialized', {});
    await web!.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'bdscript', version: 1, text: TEXT } });
    const diags = await web!.waitFor<Published>('textDocument/publishDiagnostics', (p) => p.uri === URI, { since });
    assert.ok(!timeUnknown(diags), 'the bundled catalog answers');
    const status = await web!.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'bundled');
    assert.ok(status.problems.some((p) => /cache .*not valid JSON/.test(p)), JSON.stringify(status.problems));
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
    const blocked = web!.blocked.slice(before);
    assert.ok(blocked.length > 0 && blocked.every((u) => u.startsWith(url)), `the worker's requests were stopped in the browser: ${blocked.join(', ')}`);
  });
});
