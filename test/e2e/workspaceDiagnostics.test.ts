// Pull diagnostics over stdio with the bundled server (issue #25): a client that pulls
// (`textDocument/diagnostic`, `workspace/diagnostic`, LSP 3.17) opens a folder of 50 commands
// and receives every finding of every file without opening one; hidden folders, node_modules,
// links out of the folder and files over the size cap are not read; an unchanged workspace holds
// the request until a file changes; open documents are answered from their own text, with
// result ids; a settings change asks the client to pull again; the file cap tells the user once;
// a client that does not pull still gets diagnostics pushed for open documents.

import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import { fullClientCapabilities, spawnServer, type LspClient, type SpawnedServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const COMMANDS = 50;

interface Report {
  kind: 'full' | 'unchanged';
  uri: string;
  version: number | null;
  resultId?: string;
  items?: Diagnostic[];
}

/** A client that pulls diagnostics, watches files and takes refresh requests. */
function pullingCapabilities(): Record<string, unknown> {
  const caps = fullClientCapabilities() as {
    workspace: Record<string, unknown>;
    textDocument: Record<string, unknown>;
  };
  caps.workspace['diagnostics'] = { refreshSupport: true };
  caps.workspace['didChangeWatchedFiles'] = { dynamicRegistration: true };
  caps.workspace['workspaceFolders'] = true;
  caps.textDocument['diagnostic'] = { dynamicRegistration: false, relatedDocumentSupport: false };
  return caps;
}

/** The command in file `i`: an unknown function named after it, and every fifth an unclosed `[`. */
function command(i: number): string {
  return `$nomention\nHello from command ${i}\n$unknownIn${i}\n${i % 5 === 0 ? `$title[Unclosed ${i}\n` : ''}`;
}

/** Waits until `done()` holds, looking every 10 ms; fails after 10 s naming `what`. */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('e2e: diagnostics of a whole folder, pulled over stdio', function () {
  this.timeout(120_000);
  let tmp: string;
  let folder: string;
  let running: SpawnedServer | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-workspace-'));
    folder = path.join(tmp, 'bot');
    for (let i = 0; i < COMMANDS; i++) {
      const dir = path.join(folder, i < 25 ? 'commands' : path.join('events', `group${i % 3}`));
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `cmd${String(i).padStart(2, '0')}.bds`), command(i));
    }
    // None of these may be read: hidden, dependencies, a link out of the folder, not BDScript.
    for (const hidden of ['.git', 'node_modules/pkg']) {
      mkdirSync(path.join(folder, hidden), { recursive: true });
      writeFileSync(path.join(folder, hidden, 'hidden.bds'), '$hiddenUnknown\n');
    }
    mkdirSync(path.join(tmp, 'outside'));
    writeFileSync(path.join(tmp, 'outside', 'secret.bds'), '$secretUnknown\n');
    symlinkSync(path.join(tmp, 'outside'), path.join(folder, 'linked'));
    symlinkSync(path.join(tmp, 'outside', 'secret.bds'), path.join(folder, 'linked.bds'));
    writeFileSync(path.join(folder, 'notes.txt'), '$notBdscript\n');
  });

  afterEach(() => {
    running?.kill();
    running?.client.dispose();
    running = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  function start(settings: Record<string, unknown> = {}): LspClient {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'cache') },
      cwd: tmp,
      settings: { catalog: { offline: true }, ...settings },
      timeoutMs: 60_000,
    });
    return running.client;
  }

  const fileUri = (i: number): string =>
    pathToFileURL(
      path.join(
        folder,
        i < 25 ? 'commands' : path.join('events', `group${i % 3}`),
        `cmd${String(i).padStart(2, '0')}.bds`,
      ),
    ).href;

  /** Sends `workspace/diagnostic` with a partial result token; every report, partial or final. */
  async function pullWorkspace(
    client: LspClient,
    previousResultIds: Array<{ uri: string; value: string }> = [],
    token = `p${Math.random()}`,
  ): Promise<Report[]> {
    const since = client.mark();
    const final = await client.request<{ items: Report[] }>('workspace/diagnostic', {
      identifier: 'bdscript',
      previousResultIds,
      partialResultToken: token,
    });
    const partial = client.received
      .filter((m) => m.seq > since && m.method === '$/progress')
      .map((m) => m.params as { token: string; value: { items: Report[] } })
      .filter((p) => p.token === token)
      .flatMap((p) => p.value.items);
    return [...partial, ...final.items];
  }

  it('checks a folder of 50 commands without opening them: every finding of every file', async () => {
    const client = start();
    const init = await client.initialize({
      capabilities: pullingCapabilities(),
      workspaceFolders: [pathToFileURL(folder).href],
    });
    assert.deepEqual(init.capabilities['diagnosticProvider'], {
      identifier: 'bdscript',
      interFileDependencies: false,
      workspaceDiagnostics: true,
    });
    const reports = await pullWorkspace(client);
    assert.equal(reports.length, COMMANDS, reports.map((r) => r.uri).join('\n'));
    for (let i = 0; i < COMMANDS; i++) {
      const report = reports.find((r) => r.uri === fileUri(i));
      assert.ok(report, `a report for command ${i}`);
      assert.equal(report.kind, 'full');
      assert.equal(report.version, null);
      assert.ok(report.resultId);
      const unknown = report.items?.find((d) => d.code === 'unknown-function');
      assert.ok(unknown, `command ${i}: ${JSON.stringify(report.items)}`);
      assert.match(String(unknown.message), new RegExp(`\\$unknownIn${i}\\b`));
      assert.deepEqual(unknown.range.start, { line: 2, character: 0 });
      assert.equal(
        report.items?.some((d) => d.code === 'unclosed-bracket'),
        i % 5 === 0,
        `command ${i} has an unclosed bracket exactly when i is a multiple of 5`,
      );
    }
    const all = JSON.stringify(reports);
    assert.doesNotMatch(all, /hidden|secret|linked|notes|notBdscript/);
    // Nothing was pushed: this client pulls.
    assert.deepEqual(client.all('textDocument/publishDiagnostics'), []);
  });

  it('holds the request while nothing changed, and answers when a file changes or goes', async () => {
    const client = start();
    await client.initialize({ capabilities: pullingCapabilities(), workspaceFolders: [pathToFileURL(folder).href] });
    const registration = await client.waitFor<{ registrations: Array<{ method: string }> }>(
      'client/registerCapability',
      (p) => p.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'),
    );
    assert.ok(registration);
    const first = await pullWorkspace(client);
    const previous = first.map((r) => ({ uri: r.uri, value: r.resultId ?? '' }));

    let answered = false;
    const held = pullWorkspace(client, previous).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(answered, false, 'an unchanged workspace holds the request');

    const changed = fileUri(7);
    writeFileSync(new URL(changed), '$nomention\n$fixedNow7\n');
    rmSync(new URL(fileUri(8)));
    await client.notify('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: changed, type: 2 },
        { uri: fileUri(8), type: 3 },
      ],
    });
    const second = await held;
    const byUri = new Map(second.map((r) => [r.uri, r]));
    assert.equal(byUri.get(changed)?.kind, 'full');
    assert.match(JSON.stringify(byUri.get(changed)?.items), /\$fixedNow7/);
    assert.deepEqual(byUri.get(fileUri(8)), { kind: 'full', uri: fileUri(8), version: null, items: [] });
    const unchanged = second.filter((r) => r.kind === 'unchanged');
    assert.equal(unchanged.length, COMMANDS - 2);
    assert.ok(unchanged.every((r) => r.resultId === previous.find((p) => p.uri === r.uri)?.value));
  });

  it('answers open documents from their text with result ids, and leaves them out of the workspace report', async () => {
    const client = start();
    await client.initialize({ capabilities: pullingCapabilities(), workspaceFolders: [pathToFileURL(folder).href] });
    const uri = fileUri(3);
    await client.open(uri, '$nomention\n$openedOnly\n', 1);
    const first = await client.request<{ kind: string; resultId: string; items: Diagnostic[] }>(
      'textDocument/diagnostic',
      { textDocument: { uri } },
    );
    assert.equal(first.kind, 'full');
    assert.match(JSON.stringify(first.items), /\$openedOnly/);
    const again = await client.request<{ kind: string; resultId: string }>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId: first.resultId,
    });
    assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId });
    await client.change(uri, 2, [{ text: '$nomention\n$editedNow\n' }]);
    const edited = await client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId: first.resultId,
    });
    assert.equal(edited.kind, 'full');
    assert.match(JSON.stringify(edited.items), /\$editedNow/);

    const reports = await pullWorkspace(client);
    assert.equal(reports.length, COMMANDS - 1);
    assert.ok(!reports.some((r) => r.uri === uri), 'the open file is left to the document pull');

    // Closed again, the workspace report takes it back: from the disk, as it is there.
    const previous = reports.map((r) => ({ uri: r.uri, value: r.resultId ?? '' }));
    await client.close(uri);
    const after = await pullWorkspace(client, previous);
    const back = after.find((r) => r.uri === uri);
    assert.equal(back?.kind, 'full');
    assert.match(JSON.stringify(back?.items), /\$unknownIn3/);
    assert.deepEqual(client.all('textDocument/publishDiagnostics'), []);

    // A closed file inside the folder is read on request; one outside is not.
    const closed = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri: fileUri(4) },
    });
    assert.match(JSON.stringify(closed.items), /\$unknownIn4/);
    const outside = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri: pathToFileURL(path.join(tmp, 'outside', 'secret.bds')).href },
    });
    assert.deepEqual(outside.items, []);
  });

  it('a pull the client cancels because the user typed on is pulled again: the last version typed gets its findings', async () => {
    // A client that pulls as VS Code's does: one pull in flight per document; a change cancels it
    // and asks for a new pull once it is answered, unless the answer says not to retrigger
    // (`DiagnosticServerCancellationData.retriggerRequest: false`, the LSP's "no point asking
    // again"). Typed faster than the server's debounce, every pull but the last is cancelled.
    const client = start();
    await client.initialize({ capabilities: pullingCapabilities(), workspaceFolders: [pathToFileURL(folder).href] });
    const uri = fileUri(7);
    let text = '$nomention\n$unknownHere\n';
    let version = 1;
    let shown: Diagnostic[] = [];
    let inFlight: { source: CancellationTokenSource; again: boolean } | undefined;
    const dropped: string[] = [];
    const pull = (): void => {
      if (inFlight) {
        inFlight.source.cancel();
        inFlight.again = true;
        return;
      }
      const request = { source: new CancellationTokenSource(), again: false };
      inFlight = request;
      void client.connection
        .sendRequest('textDocument/diagnostic', { textDocument: { uri } }, request.source.token)
        .then(
          (report) => {
            const r = report as { kind: string; items?: Diagnostic[] };
            if (r.kind === 'full' && !request.source.token.isCancellationRequested) shown = r.items ?? [];
            return true;
          },
          (err: unknown) => {
            const data = (err as { data?: { retriggerRequest?: unknown } }).data;
            if (data?.retriggerRequest === false) {
              dropped.push((err as Error).message);
              return false;
            }
            return true;
          },
        )
        .then((retrigger) => {
          inFlight = undefined;
          if (retrigger && request.again) pull();
        });
    };
    await client.open(uri, text, version);
    pull();
    await until('the first pull', () => shown.some((d) => d.code === 'unknown-function' && d.range.start.line === 1));
    const typed = '$usernam';
    for (const ch of typed) {
      const line = text.split('\n').length - 1;
      const character = text.length - text.lastIndexOf('\n') - 1;
      text += ch;
      version++;
      await client.change(uri, version, [
        { range: { start: { line, character }, end: { line, character } }, text: ch },
      ]);
      pull();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const lastLine = text.split('\n').length - 1;
    await until(`unknown-function on the typed line ${lastLine}`, () =>
      shown.some((d) => d.code === 'unknown-function' && d.range.start.line === lastLine),
    );
    assert.deepEqual(dropped, [], 'no cancelled pull told the client not to pull again');
  });

  it('asks the client to pull again when the settings change; the file and size caps hold', async () => {
    writeFileSync(new URL(fileUri(0)), `${'x'.repeat(3000)}\n$tooBig\n`);
    const client = start({ diagnostics: { workspace: { maxFiles: 10, maxFileSizeKB: 2 } } });
    await client.initialize({ capabilities: pullingCapabilities(), workspaceFolders: [pathToFileURL(folder).href] });
    const reports = await pullWorkspace(client);
    // Ten files found; the first (over 2 KiB) is not checked, so nine reports.
    assert.equal(reports.length, 9, reports.map((r) => r.uri).join('\n'));
    assert.ok(!reports.some((r) => r.uri === fileUri(0)));
    const message = await client.waitFor<{ message: string }>('window/showMessage', (p) =>
      /first 10 files of the workspace/.test(p.message),
    );
    assert.match(message.message, /bdscript\.diagnostics\.workspace\.maxFiles/);

    const since = client.mark();
    client.settings = { catalog: { offline: true }, premium: true };
    await client.notify('workspace/didChangeConfiguration', { settings: null });
    await client.waitFor('workspace/diagnostic/refresh', () => true, { since });
    const widened = await pullWorkspace(client);
    assert.equal(widened.length, COMMANDS);
  });

  it('turns the workspace off with maxFiles 0, and keeps pushing to a client that does not pull', async () => {
    const pulling = start({ diagnostics: { workspace: { maxFiles: 0 } } });
    await pulling.initialize({ capabilities: pullingCapabilities(), workspaceFolders: [pathToFileURL(folder).href] });
    let answered = false;
    void pullWorkspace(pulling).then(
      () => (answered = true),
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(answered, false, 'nothing to report: the request is held');
    running?.kill();

    const client = start();
    const init = await client.initialize({ workspaceFolders: [pathToFileURL(folder).href] });
    assert.equal(init.capabilities['diagnosticProvider'], undefined);
    const uri = fileUri(1);
    await client.open(uri, '$nomention\n$pushedStill\n', 1);
    const pushed = await client.diagnostics(uri, { version: 1 });
    assert.match(JSON.stringify(pushed.diagnostics), /\$pushedStill/);
    const since = client.mark();
    await client.close(uri);
    const cleared = await client.diagnostics(uri, { since, where: (d) => d.diagnostics.length === 0 });
    assert.deepEqual(cleared.diagnostics, []);
  });
});
