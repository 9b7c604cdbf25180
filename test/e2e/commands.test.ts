// The server's commands for any LSP editor, over stdio with the bundled server (dist/server.js):
// advertised in executeCommandProvider; `bdscript.server.catalogStatus` and `refreshCatalog`
// answer the status (text and JSON) and tell the user in window/showMessage, a failed refresh as
// a warning; `openWikiPage` asks the client to open the page (window/showDocument, external)
// when it can and shows the URL when it cannot; the "Open wiki page" code action carries a
// position the command reads back, in the client's position encoding. Last, Neovim's built-in
// client runs them through the user commands docs/editors.md gives (skipped without `nvim`).

import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CodeAction } from 'vscode-languageserver-types';
import { listen, type RunningService } from '../../server/src/catalog/service';
import { ServerCommand, type CatalogCommandResult, type WikiCommandResult } from '../../server/src/protocol/commands';
import { fullClientCapabilities, spawnServer, type SpawnedServer } from '../support/lspClient';
import { nvimVersion, runNeovim, type NeovimStep } from '../support/nvim';
import { snapshotCatalog } from '../support/testCatalog';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/hello.bds';
/** `$title` after an emoji: its column differs between UTF-8, UTF-16 and UTF-32. */
const TEXT = '😀 $title[Hello]\nplain text\n$addButtn[yes;id;Label;primary]';

/** A count as the status sentences write it: `3,799`. */
const count = (n: number) => n.toLocaleString('en-US');

interface ShowMessage {
  type: number;
  message: string;
}

describe('e2e: commands for any LSP editor (workspace/executeCommand over stdio)', function () {
  this.timeout(60_000);
  let tmp: string;
  let running: SpawnedServer | undefined;
  let service: RunningService | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-commands-'));
  });

  afterEach(async () => {
    running?.kill();
    running = undefined;
    await service?.close();
    service = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The bundled server over stdio; `showDocument` says whether the client declares window/showDocument. */
  async function start(
    settings: unknown,
    opts: { showDocument?: boolean; encoding?: string } = {},
  ): Promise<SpawnedServer> {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      timeoutMs: 30_000,
    });
    const caps = fullClientCapabilities();
    const init = await running.client.initialize({
      capabilities: {
        ...caps,
        general: { positionEncodings: [opts.encoding ?? 'utf-16'] },
        window: { workDoneProgress: true, ...(opts.showDocument ? { showDocument: { support: true } } : {}) },
      },
      initializationOptions: settings,
    });
    assert.deepEqual(init.capabilities['executeCommandProvider'], { commands: Object.values(ServerCommand) });
    return running;
  }

  const execute = <R>(server: SpawnedServer, command: string, args?: unknown[]) =>
    server.client.request<R>('workspace/executeCommand', { command, ...(args ? { arguments: args } : {}) });

  it('answers the catalog status as text and JSON, and shows one line about it', async () => {
    const server = await start({ catalog: { offline: true } });
    const mark = server.client.mark();
    const result = await execute<CatalogCommandResult>(server, ServerCommand.catalogStatus);
    assert.equal(result.status.source, 'bundled');
    assert.equal(result.status.counts.functions, snapshotCatalog().data.functions.length);
    // The same text as `bdscript catalog status`: the bundled catalog by its day, never `<bundled>` or an age.
    assert.equal(result.status.fetchedAtPrecision, 'date');
    assert.match(
      result.text,
      /^source: {3}the catalog bundled with bdscript\ndate: {5}\d{4}-\d\d-\d\d \(the catalog records the day it was made, not the time\)\n/,
    );
    assert.match(result.text, /\ncounts: {3}[\d,]+ functions, [\d,]+ callbacks, [\d,]+ emoji\n/);
    const shown = await server.client.waitFor<ShowMessage>('window/showMessage', () => true, { since: mark });
    assert.equal(shown.type, 3, 'information');
    assert.equal(
      shown.message,
      `BDScript is using the catalog bundled with bdscript, dated ${result.status.fetchedAt}: ${count(result.status.counts.functions)} functions, ` +
        `${count(result.status.counts.callbacks)} callbacks and ${count(result.status.counts.emoji)} emoji. No problems.`,
    );
  });

  it('refreshes from the catalog service, then says so as a warning when the service is gone', async () => {
    const data = snapshotCatalog().data;
    service = await listen(data);
    const server = await start({ catalog: { url: service.url, refreshIntervalMinutes: 0 } });
    const mark = server.client.mark();
    const result = await execute<CatalogCommandResult>(server, ServerCommand.refreshCatalog);
    assert.equal(result.status.source, 'live');
    assert.equal(result.status.lastRefresh?.ok, true);
    assert.equal(result.text.split('\n')[0], `source:   the catalog API at ${service.url}`);
    const ok = await server.client.waitFor<ShowMessage>('window/showMessage', (m) => /catalog/.test(m.message), {
      since: mark,
    });
    assert.equal(ok.type, 3);
    const counts = `${count(data.functions.length)} functions, ${count(data.callbacks.length)} callbacks and ${count(Object.keys(data.emoji).length)} emoji`;
    assert.equal(ok.message, `The catalog was updated from ${service.url}: ${counts}.`);

    await service.close();
    service = undefined;
    const again = server.client.mark();
    const failed = await execute<CatalogCommandResult>(server, ServerCommand.refreshCatalog);
    assert.equal(failed.status.source, 'live', 'the catalog in use stays');
    assert.equal(failed.status.lastRefresh?.ok, false);
    assert.match(
      failed.text,
      /\nrefresh: {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: failed: GET http:\/\/127\.0\.0\.1:\d+\/\w+: /,
    );
    const warning = await server.client.waitFor<ShowMessage>('window/showMessage', (m) => /catalog/.test(m.message), {
      since: again,
    });
    assert.equal(warning.type, 2, 'warning');
    assert.match(
      warning.message,
      /^The catalog could not be refreshed: GET http:\/\/127\.0\.0\.1:\d+\/\w+: .+\. Still using the catalog downloaded from http:\/\/127\.0\.0\.1:\d+, fetched \d+ s ago: /,
    );
    assert.ok(warning.message.endsWith(`: ${counts}.`), warning.message);
  });

  for (const encoding of ['utf-16', 'utf-8']) {
    it(`opens the wiki page from the code action's position (${encoding}) through window/showDocument`, async () => {
      const server = await start({ catalog: { offline: true } }, { showDocument: true, encoding });
      const asked: unknown[] = [];
      server.client.connection.onRequest('window/showDocument', (params: unknown) => {
        asked.push(params);
        return { success: true };
      });
      await server.client.open(URI, TEXT);
      // The client's column of `t` in `$title`: after the emoji (4 UTF-8 bytes, 2 UTF-16 units) and a space.
      const column = (encoding === 'utf-8' ? 4 : 2) + 3;
      const range = { start: { line: 0, character: column }, end: { line: 0, character: column } };
      const actions = await server.client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: URI },
        range,
        context: { diagnostics: [] },
      });
      const wiki = actions.find((a) => a.command?.command === ServerCommand.openWikiPage);
      assert.ok(wiki, JSON.stringify(actions));
      assert.equal(wiki.title, 'Open wiki page for $title');
      assert.equal(wiki.kind, 'source.bdscript.openWikiPage');
      assert.deepEqual(wiki.command!.arguments, [{ textDocument: { uri: URI }, position: range.start }]);

      const result = await execute<WikiCommandResult>(server, wiki.command!.command, wiki.command!.arguments);
      assert.deepEqual(result, {
        name: '$title',
        kind: 'function',
        wikiUrl: 'https://wiki.botdesignerdiscord.com/bdscript/title.html',
        opened: true,
      });
      assert.deepEqual(asked, [{ uri: result.wikiUrl, external: true }]);
    });
  }

  it('shows the URL in a message when the client cannot open documents, and says when no function is there', async () => {
    const server = await start({ catalog: { offline: true } });
    await server.client.open(URI, TEXT);
    const mark = server.client.mark();
    const result = await execute<WikiCommandResult>(server, ServerCommand.openWikiPage, [
      { textDocument: { uri: URI }, position: { line: 0, character: 6 } },
    ]);
    assert.equal(result.opened, false);
    assert.equal(server.client.all('window/showDocument').length, 0);
    const shown = await server.client.waitFor<ShowMessage>('window/showMessage', () => true, { since: mark });
    assert.equal(shown.message, `BDScript: wiki page for $title: ${result.wikiUrl}`);

    const none = server.client.mark();
    assert.equal(
      await execute(server, ServerCommand.openWikiPage, [
        { textDocument: { uri: URI }, position: { line: 1, character: 3 } },
      ]),
      null,
    );
    const said = await server.client.waitFor<ShowMessage>('window/showMessage', () => true, { since: none });
    assert.match(said.message, /no known function/);
  });

  it('offers no wiki action on text, on an unknown name, or when only quick fixes are asked for', async () => {
    const server = await start({ catalog: { offline: true } });
    await server.client.open(URI, TEXT);
    const actionsAt = (line: number, character: number, only?: string[]) =>
      server.client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: URI },
        range: { start: { line, character }, end: { line, character } },
        context: { diagnostics: [], ...(only ? { only } : {}) },
      });
    const isWiki = (a: CodeAction) => a.command?.command === ServerCommand.openWikiPage;
    assert.ok(!(await actionsAt(1, 3)).some(isWiki), 'plain text');
    assert.ok(!(await actionsAt(2, 3)).some(isWiki), 'unknown $addButtn');
    assert.ok(!(await actionsAt(0, 6, ['quickfix'])).some(isWiki), 'only quick fixes');
    assert.ok((await actionsAt(0, 6, ['source'])).some(isWiki), 'source actions asked for');
  });

  it('answers InvalidParams to an unknown command or missing arguments, and keeps serving', async () => {
    const server = await start({ catalog: { offline: true } });
    await assert.rejects(
      execute(server, 'bdscript.refreshCatalog'),
      (e: { code?: number; message?: string }) =>
        e.code === -32602 && /unknown command "bdscript\.refreshCatalog"/.test(e.message ?? ''),
    );
    await assert.rejects(
      execute(server, '\u001b]0;title\u0007'),
      (e: { message?: string }) => !/[\u0000-\u001f]/.test(e.message ?? '') && /\\x1b/.test(e.message ?? ''),
    );
    for (const args of [undefined, [], ['file:///x.bds'], [{ textDocument: 'x' }]]) {
      await assert.rejects(
        execute(server, ServerCommand.openWikiPage, args),
        (e: { code?: number }) => e.code === -32602,
        JSON.stringify(args),
      );
    }
    // A document that is not open has no function to open.
    assert.equal(
      await execute(server, ServerCommand.openWikiPage, [
        { textDocument: { uri: 'file:///closed.bds' }, position: { line: 0, character: 0 } },
      ]),
      null,
    );
    const status = await execute<CatalogCommandResult>(server, ServerCommand.catalogStatus);
    assert.equal(status.status.source, 'bundled');
  });
});

/** The Lua block of docs/editors.md that defines the Neovim user commands. */
function readmeCommandsLua(): string {
  const readme = readFileSync(path.join(ROOT, 'docs', 'editors.md'), 'utf8');
  const block = [...readme.matchAll(/```lua\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => b.includes(ServerCommand.catalogStatus));
  assert.ok(block, 'docs/editors.md has a Lua block with the Neovim user commands');
  return block;
}

describe('e2e: the commands from Neovim, as docs/editors.md sets them up', function () {
  const WAIT_MS = 15_000;
  const RUN_LIMIT_MS = 60_000;
  this.timeout(RUN_LIMIT_MS + 10_000);
  let tmp: string;
  let steps: NeovimStep[] = [];
  const step = (name: string) => {
    const found = steps.find((s) => s.step === name);
    assert.ok(found, `the script wrote no "${name}" step; steps: ${JSON.stringify(steps).slice(0, 3000)}`);
    return found;
  };

  before(async function () {
    if (!nvimVersion()) {
      console.log('    nvim is not installed: skipping the Neovim commands test (apt-get install neovim)');
      this.skip();
    }
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-nvim-commands-'));
    const file = path.join(tmp, 'hello.bds');
    writeFileSync(file, '$title[Hello]\nplain text\n');
    const lua = path.join(tmp, 'readme-commands.lua');
    writeFileSync(lua, readmeCommandsLua());
    const run = await runNeovim({
      driver: path.join(__dirname, 'nvim/commands.lua'),
      tmp,
      file,
      server: SERVER,
      // Bundled catalog only: nothing leaves this machine.
      initOptions: { catalog: { offline: true } },
      waitMs: WAIT_MS,
      limitMs: RUN_LIMIT_MS,
      env: { BDS_COMMANDS_LUA: lua },
    });
    steps = run.steps;
    const { code, stderr } = run;
    const problems = steps.filter((s) => s.step === 'error' || s.step === 'timeout');
    assert.deepEqual(problems, [], stderr);
    assert.equal(code, 0, `nvim exited with ${code}: ${stderr}`);
  });

  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('sees the commands advertised', () => {
    assert.deepEqual(step('initialized')['commands'], { commands: Object.values(ServerCommand) });
  });

  it(':BdsStatus and :BdsRefresh show the catalog status', () => {
    const status = step('status')['message'] as ShowMessage;
    assert.equal(status.type, 3);
    assert.match(status.message, /^BDScript is using the catalog bundled with bdscript, dated \d{4}-\d\d-\d\d: /);
    const refresh = step('refresh')['message'] as ShowMessage;
    assert.match(
      refresh.message,
      /^Offline: the catalog was not refreshed \(bdscript\.catalog\.offline is on\)\. Using the catalog bundled with bdscript, dated \d{4}-\d\d-\d\d: /,
    );
  });

  it(':BdsWiki shows the wiki page of the function under the cursor (Neovim 0.7 opens no documents)', () => {
    const wiki = step('wiki')['message'] as ShowMessage;
    assert.equal(
      wiki.message,
      'BDScript: wiki page for $title: https://wiki.botdesignerdiscord.com/bdscript/title.html',
    );
  });

  it('lists "Open wiki page" among the code actions at the function', () => {
    const actions = step('code_actions')['result'] as CodeAction[];
    assert.ok(
      Array.isArray(actions) &&
        actions.some(
          (a) => a.title === 'Open wiki page for $title' && a.command?.command === ServerCommand.openWikiPage,
        ),
      JSON.stringify(actions),
    );
    assert.equal(step('stopped')['exit_code'], 0);
  });
});
