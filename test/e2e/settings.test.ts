// Settings from a hostile client, over real stdio with the bundled server (dist/server.js): a
// value nested 5,000 or 100,000 deep (issue #26: `initialize` failed with "Maximum call stack
// size exceeded") in initializationOptions, in the answer to workspace/configuration and in
// didChangeConfiguration is ignored, with a warning in the log, and the good settings beside it
// apply (the diagnostics come in the language they choose). `initialize` behaves as
// didChangeConfiguration does. The 100,000-deep JSON is written by hand: JSON.stringify itself
// would overflow the test's stack.

import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StreamMessageReader, type Message } from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import { SETTINGS_BOUNDS } from '../../server/src/lsp/settings';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/hello.bds';
const TEXT = '$usernam\n$title[Hi]';
const UNKNOWN = {
  es: 'Función desconocida `$usernam`. ¿Quisiste decir `$username`?',
  ru: 'Неизвестная функция `$usernam`. Возможно, вы имели в виду `$username`?',
};
const IGNORED = (key: string): string =>
  `the setting bdscript.${key} is ignored: nested deeper than ${SETTINGS_BOUNDS.depth} levels`;

/** JSON text of `"off"` under `depth` levels of `{"a": ...}`, written without recursion. */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}"off"${'}'.repeat(depth)}`;
}

/** A client that writes its messages as text (so they can hold any JSON) and reads the server's. */
class RawClient {
  private readonly received: Array<{ message: Message & Record<string, unknown> }> = [];
  private wake: (() => void) | undefined;
  private stderrText = '';
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    const stdout = child.stdout;
    if (!stdout || !child.stderr) throw new Error('the server has no stdio');
    new StreamMessageReader(stdout).listen((message) => {
      this.received.push({ message: message as Message & Record<string, unknown> });
      this.wake?.();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.stderrText += chunk));
    child.stdin?.on('error', () => undefined);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  get stderr(): string {
    return this.stderrText;
  }

  send(json: string): void {
    this.child.stdin?.write(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
  }

  /** The first message received that `match` accepts, waiting for it (bounded). */
  async next(match: (m: Record<string, unknown>) => boolean, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.received.findIndex((r) => match(r.message));
      if (i >= 0) return (this.received.splice(i, 1)[0] as { message: Record<string, unknown> }).message;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms; stderr: ${this.stderrText}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Every log message the server sent so far. */
  logs(): string[] {
    return this.received
      .filter((r) => r.message['method'] === 'window/logMessage')
      .map((r) => String((r.message['params'] as { message?: unknown } | undefined)?.message));
  }

  /** The next diagnostics published for URI. */
  async diagnostics(): Promise<Diagnostic[]> {
    const m = await this.next(
      (x) => x['method'] === 'textDocument/publishDiagnostics' && (x['params'] as { uri?: string }).uri === URI,
    );
    return (m['params'] as { diagnostics: Diagnostic[] }).diagnostics;
  }
}

describe('e2e: settings nested deep, over stdio', function () {
  this.timeout(120_000);
  let tmp = '';
  let raw: RawClient | undefined;

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-settings-raw-'));
  });
  afterEach(() => {
    raw?.child.kill('SIGKILL');
    raw = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The bundled server over stdio with a RawClient, its folders in the test's own. */
  function startRaw(): RawClient {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
    raw = new RawClient(
      spawn(process.execPath, [SERVER, '--stdio'], {
        env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'cache') },
        cwd: tmp,
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    );
    return raw;
  }

  /** Opens the test document; the server validates it. */
  function open(client: RawClient): void {
    client.send(
      `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"${URI}","languageId":"bdscript","version":1,"text":${JSON.stringify(TEXT)}}}}`,
    );
  }

  it('initializes with a value nested 5,000 deep in initializationOptions, ignoring it and applying the rest', async () => {
    const client = startRaw();
    client.send(
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{},` +
        `"initializationOptions":{"bdscript":{"locale":"es","catalog":{"offline":true},"diagnostics":{"severity":${deepJson(5_000)}}}}}}`,
    );
    const answer = await client.next((m) => m['id'] === 1);
    assert.ok(
      (answer['result'] as { capabilities?: unknown } | undefined)?.capabilities,
      `initialize answers with the capabilities: ${JSON.stringify(answer['error'] ?? null)}`,
    );
    client.send('{"jsonrpc":"2.0","method":"initialized","params":{}}');
    open(client);
    assert.deepEqual(
      (await client.diagnostics()).map((d) => d.message),
      [UNKNOWN.es],
    );
    assert.ok(client.logs().includes(IGNORED('diagnostics.severity')), client.logs().join('\n'));
  });

  it('ignores values nested 100,000 deep from every source: initializationOptions, workspace/configuration, didChangeConfiguration', async () => {
    const client = startRaw();
    const deep = deepJson(100_000);
    client.send(
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,` +
        `"capabilities":{"workspace":{"configuration":true}},` +
        `"initializationOptions":{"bdscript":{"locale":"es","catalog":{"offline":true},"diagnostics":{"severity":${deep}}}}}}`,
    );
    const initialized = await client.next((m) => m['id'] === 1);
    assert.ok(initialized['result'], `initialize answers: ${JSON.stringify(initialized['error'] ?? null)}`);
    client.send('{"jsonrpc":"2.0","method":"initialized","params":{}}');
    // The server pulls the client's settings: the answer holds a deep value too, beside the locale.
    let pull = await client.next((m) => m['method'] === 'workspace/configuration');
    client.send(`{"jsonrpc":"2.0","id":${JSON.stringify(pull['id'])},"result":[{"locale":"es","premium":${deep}}]}`);
    open(client);
    assert.deepEqual(
      (await client.diagnostics()).map((d) => d.message),
      [UNKNOWN.es],
    );
    // Pushed settings with a deep value beside a new locale; the pull that follows answers the same.
    client.send(
      `{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{"bdscript":{"locale":"ru","inlayHints":{"argumentNames":${deep}}}}}}`,
    );
    pull = await client.next((m) => m['method'] === 'workspace/configuration');
    client.send(
      `{"jsonrpc":"2.0","id":${JSON.stringify(pull['id'])},"result":[{"locale":"ru","inlayHints":{"argumentNames":${deep}},"catalog":{"url":${deep}}}]}`,
    );
    assert.deepEqual(
      (await client.diagnostics()).map((d) => d.message),
      [UNKNOWN.ru],
    );
    const logs = client.logs();
    for (const key of ['diagnostics.severity', 'premium', 'inlayHints.argumentNames', 'catalog.url'])
      assert.ok(logs.includes(IGNORED(key)), `${key} is named in the log:\n${logs.join('\n')}`);
    client.send('{"jsonrpc":"2.0","id":2,"method":"shutdown"}');
    await client.next((m) => m['id'] === 2);
    client.send('{"jsonrpc":"2.0","method":"exit"}');
    assert.equal(await client.exited, 0);
    assert.equal(client.stderr, '');
  });
});
