// End to end over stdio against the bundled server (dist/server.js, as shipped): initialize,
// open, diagnostics, completion, hover, signature help, code action, shutdown and exit. The
// catalog comes from the project's own catalog service on 127.0.0.1, then with that service
// down (cache, then bundled fallback). HOME and XDG_CACHE_HOME point at a temporary folder.

import * as assert from 'node:assert/strict';
import { execFile, fork } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver/node';
import type { CodeAction, CompletionList, Hover, SignatureHelp } from 'vscode-languageserver-types';
import { listen, type RunningService } from '../../server/src/catalog/service';
import type { CatalogStatus } from '../../server/src/protocol/messages';
import { fullClientCapabilities, LspClient, spawnServer, type SpawnedServer } from '../support/lspClient';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { snapshotCatalog } from '../support/testCatalog';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const LAUNCHER = path.join(ROOT, 'server/bin/bdscript-language-server');
const URI = 'file:///project/commands/ping.bds';

/**
 * The served catalog is the bundled snapshot with two differences a session can see: `$title`
 * has a description (the snapshot's descriptions are empty) and `$time` is gone. A refresh must
 * not shrink the catalog by half, so the small test catalog would be refused.
 */
const TEXT = '$title[Hi]\n$time[UTC]\n$addButtn[yes;id;Label;primary]\n$tit';
const TITLE_DESCRIPTION = 'Sets the title of an embed served by the test service';

function servedCatalog(): Catalog {
  const data = snapshotCatalog().data;
  return new Catalog({
    ...data,
    functions: data.functions
      .filter((f) => f.name !== '$time')
      .map((f) => (f.name === '$title' ? { ...f, shortDescription: TITLE_DESCRIPTION } : f)),
  });
}

const TITLE_PATTERN = /Sets the title of an embed served by the test service/;

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function offsetOf(text: string, pos: { line: number; character: number }): number {
  let offset = 0;
  for (let l = 0; l < pos.line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + pos.character;
}

function hoverText(h: Hover | null): string {
  const c = h?.contents;
  return typeof c === 'object' && c !== null && 'value' in c ? c.value : JSON.stringify(c);
}

describe('e2e: bundled server over stdio', function () {
  this.timeout(60_000);
  let tmp: string;
  let running: SpawnedServer | undefined;
  let service: RunningService | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-e2e-'));
  });

  afterEach(async () => {
    running?.kill();
    running = undefined;
    await service?.close();
    service = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  function startServer(): SpawnedServer {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      timeoutMs: 30_000,
    });
    return running;
  }

  /** Runs the editing session every scenario shares; returns the hover text of `$title`. */
  async function session(client: LspClient, expectTimeKnown: boolean): Promise<string> {
    const mark = client.mark();
    await client.open(URI, TEXT, 1);
    const diags = await client.diagnostics(URI, {
      since: mark,
      where: (p) =>
        p.diagnostics.some((d) => d.code === 'unknown-function' && d.range.start.line === 1) === !expectTimeKnown,
    });
    const typo = diags.diagnostics.find((d) => d.code === 'unknown-function' && d.range.start.line === 2);
    assert.ok(typo, JSON.stringify(diags.diagnostics));

    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 3, character: 4 },
    });
    assert.ok(
      list.items.some((i) => i.label.startsWith('$title')),
      'completion offers $title',
    );

    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 0, character: 3 },
    });
    assert.match(hoverText(hover), /\$title\[Title;\(Index\)\]/);

    const help = await client.request<SignatureHelp>('textDocument/signatureHelp', {
      textDocument: { uri: URI },
      position: { line: 0, character: 8 },
    });
    assert.equal(help.signatures[0]?.label, '$title[Title;(Index)]');

    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: typo.range,
      context: { diagnostics: [typo] },
    });
    const fix = actions.find((a) => a.isPreferred);
    assert.ok(fix?.edit?.changes?.[URI], JSON.stringify(actions));
    const edit = fix.edit.changes[URI]![0]!;
    const fixed =
      TEXT.slice(0, offsetOf(TEXT, edit.range.start)) + edit.newText + TEXT.slice(offsetOf(TEXT, edit.range.end));
    assert.match(fixed.split('\n')[2]!, /^\$addButton\[/);
    return hoverText(hover);
  }

  async function shutdown(server: SpawnedServer): Promise<void> {
    await server.client.shutdown();
    const exit = await server.exited();
    assert.deepEqual(exit, { code: 0, signal: null });
    // Under --stdio nothing but the protocol may reach stdout, and nothing went wrong on stderr.
    assert.equal(server.stderr(), '');
  }

  it('serves an editing session with the catalog from the local catalog service', async () => {
    service = await listen(servedCatalog());
    const cacheDir = path.join(tmp, 'cache');
    const server = startServer();
    const init = await server.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { url: service.url, cacheDir } },
    });
    assert.equal((init.capabilities['completionProvider'] as { resolveProvider?: boolean }).resolveProvider, true);
    const live = await server.client.waitFor<CatalogStatus>(
      'bdscript/catalogStatusChanged',
      (s) => s.source === 'live',
    );
    assert.equal(live.location, service.url);
    assert.equal(live.counts.functions, servedCatalog().data.functions.length);
    // The served catalog has no `$time`: the document says so.
    const hover = await session(server.client, false);
    assert.match(hover, TITLE_PATTERN);
    const status = await server.client.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'live');
    assert.equal(status.lastRefresh?.ok, true);
    assert.ok(
      readdirSync(cacheDir).some((f) => /^catalog-.*\.json$/.test(f)),
      'the refresh wrote the cache',
    );
    await shutdown(server);
  });

  it('falls back to the bundled catalog when the catalog service is down', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const server = startServer();
    await server.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { url } },
    });
    const failed = await server.client.waitFor<CatalogStatus>(
      'bdscript/catalogStatusChanged',
      (s) => s.lastRefresh?.ok === false && !s.refreshing,
    );
    assert.equal(failed.source, 'bundled');
    assert.match(failed.problems.join('\n'), new RegExp(url.replace(/\./g, '\\.')));
    // The bundled snapshot knows `$time` and has no descriptions of its own.
    const hover = await session(server.client, true);
    assert.doesNotMatch(hover, TITLE_PATTERN);
    // "Refresh now" answers with the status after trying again.
    const again = await server.client.request<CatalogStatus>('bdscript/refreshCatalog');
    assert.equal(again.source, 'bundled');
    assert.equal(again.lastRefresh?.ok, false);
    await shutdown(server);
  });

  it('starts from the last good cache when the service has gone away', async () => {
    service = await listen(servedCatalog());
    const url = service.url;
    const first = startServer();
    await first.client.initialize({ initializationOptions: { catalog: { url } } });
    await first.client.waitFor<CatalogStatus>('bdscript/catalogStatusChanged', (s) => s.source === 'live');
    await shutdown(first);
    await service.close();
    service = undefined;

    // Same URL, nothing listening: the cache in XDG_CACHE_HOME/bdscript serves the session.
    const second = startServer();
    await second.client.initialize({ initializationOptions: { catalog: { url } } });
    const status = await second.client.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'cache');
    assert.ok(status.location.startsWith(path.join(tmp, 'xdg-cache', 'bdscript')), status.location);
    const hover = await session(second.client, false);
    assert.match(hover, TITLE_PATTERN);
    await second.client.waitFor<CatalogStatus>(
      'bdscript/catalogStatusChanged',
      (s) => s.lastRefresh?.ok === false && !s.refreshing,
    );
    await shutdown(second);
  });

  it('speaks over --node-ipc as the VS Code client starts it', async () => {
    const child = fork(SERVER, ['--node-ipc'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const client = new LspClient(new IPCMessageReader(child), new IPCMessageWriter(child));
      await client.initialize({
        initializationOptions: { catalog: { offline: true }, globalStoragePath: path.join(tmp, 'storage') },
      });
      await client.open(URI, TEXT);
      const diags = await client.diagnostics(URI);
      assert.ok(diags.diagnostics.some((d) => d.code === 'unknown-function'));
      const status = await client.request<CatalogStatus>('bdscript/catalogStatus');
      assert.equal(status.source, 'bundled');
      await client.shutdown();
      assert.equal(await exited, 0);
      // Console output went to the client's log, not to the process's stdout.
      assert.equal(output, '');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('keeps answering under abuse: rapid edits, cancellations, unknown documents, bad params', async () => {
    const server = startServer();
    await server.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true } },
    });
    let text = '$title[]';
    await server.client.open(URI, text, 1);
    const edits = 2000;
    for (let i = 0; i < edits; i++) {
      void server.client.change(URI, i + 2, [
        { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, text: 'x' },
      ]);
      text = `${text.slice(0, 7)}x${text.slice(7)}`;
      if (i % 200 === 0) {
        // Requests cancelled at once, in the middle of the edits; each must still be answered.
        const cancelled = [
          'textDocument/completion',
          'textDocument/hover',
          'textDocument/signatureHelp',
          'textDocument/semanticTokens/full',
        ].map((m) =>
          server.client.requestAndCancel(m, { textDocument: { uri: URI }, position: { line: 0, character: 7 } }).then(
            () => 'answered',
            (err: { code?: number }) => (err.code === -32800 ? 'cancelled' : `error ${String(err.code)}`),
          ),
        );
        for (const outcome of await Promise.all(cancelled)) assert.match(outcome, /^(answered|cancelled)$/);
      }
    }
    assert.equal(
      await server.client.request('textDocument/hover', {
        textDocument: { uri: 'file:///nowhere.bds' },
        position: { line: 0, character: 0 },
      }),
      null,
    );
    assert.ok(
      (await server.client.request('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 40, character: 1e9 },
      })) !== undefined,
    );
    await server.client.notify('textDocument/didChange', { textDocument: { uri: URI }, contentChanges: 'nonsense' });
    // The last edit drops the closing bracket: the one problem sits at the end of the final text.
    await server.client.change(URI, edits + 2, [
      { range: { start: { line: 0, character: text.length - 1 }, end: { line: 0, character: text.length } }, text: '' },
    ]);
    const final = await server.client.diagnostics(URI, { version: edits + 2 });
    assert.deepEqual(
      final.diagnostics.map((d) => d.code),
      ['unclosed-bracket'],
    );
    await shutdown(server);
  });

  it('runs as a single copied file, without node_modules', async () => {
    const alone = path.join(tmp, 'alone', 'server.js');
    mkdirSync(path.dirname(alone), { recursive: true });
    copyFileSync(SERVER, alone);
    running = spawnServer(process.execPath, [alone, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'), NODE_PATH: '' },
      cwd: path.dirname(alone),
    });
    await running.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true } },
    });
    const status = await running.client.request<CatalogStatus>('bdscript/catalogStatus');
    assert.equal(status.source, 'bundled');
    assert.ok(status.counts.functions > 100, 'the embedded snapshot is loaded');
    await session(running.client, true);
    await shutdown(running);
  });

  it('answers --version and --help, and refuses to start without a transport', async () => {
    const run = promisify(execFile);
    const version = await run(process.execPath, [LAUNCHER, '--version']);
    assert.match(version.stdout, /^bdscript-language-server \d+\.\d+\.\d+/);
    const help = await run(process.execPath, [LAUNCHER, '--help']);
    assert.match(help.stdout, /--stdio/);
    await assert.rejects(
      run(process.execPath, [SERVER]),
      (err: { code?: number; stderr?: string }) => err.code === 2 && /no transport/.test(err.stderr ?? ''),
    );
  });
});
