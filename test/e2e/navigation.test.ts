// End to end over stdio against the bundled server (dist/server.js) with the bundled catalog,
// offline: the findings along execution paths (variables, components per message), references
// and rename of a `$var`, the colour picker, and completion rows named by the function with
// the arguments beside them. HOME and XDG_CACHE_HOME point at a temporary folder.

import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type {
  ColorInformation,
  ColorPresentation,
  CompletionList,
  Location,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import { fullClientCapabilities, spawnServer, type SpawnedServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/menu.bds';

/**
 * A command with two interaction handlers: five buttons in each is fine, a sixth in one row of
 * the first is not; a `$var` read before its set; a colour.
 */
const TEXT = [
  '$nomention',
  '$if[$customID==shop]',
  ...[1, 2, 3, 4, 5].map((k) => `$addButton[no;buy${k};Buy ${k};primary]`),
  '$addButton[no;buy6;Buy 6;primary]',
  '$endif',
  '$if[$customID==bank]',
  ...[1, 2, 3, 4, 5].map((k) => `$addButton[no;buy${k};Take ${k};secondary]`),
  '$endif',
  'Balance: $var[coins]',
  '$var[coins;10]',
  'Again: $var[coins]',
  '$color[#5865F2]',
  '$sen',
].join('\n');

describe('e2e: paths, navigation and colours over stdio', function () {
  this.timeout(60_000);
  let tmp: string;
  let running: SpawnedServer | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-nav-'));
  });

  afterEach(() => {
    running?.kill();
    running = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  it('serves a session: findings per message, references, rename, colours, completion rows', async () => {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      timeoutMs: 30_000,
    });
    const { client } = running;
    const caps = fullClientCapabilities();
    const init = await client.initialize({
      capabilities: {
        ...caps,
        textDocument: { ...(caps['textDocument'] as object), rename: { prepareSupport: true } },
      },
      initializationOptions: { catalog: { offline: true } },
    });
    assert.deepEqual(init.capabilities['renameProvider'], { prepareProvider: true });
    await client.open(URI, TEXT, 1);
    const published = await client.diagnostics(URI, { where: (p) => p.diagnostics.length > 0 });
    const found = published.diagnostics.map((d) => `${String(d.code)}@${d.range.start.line}`).sort();
    // The sixth button of the first handler; the read before the set. Nothing for the second
    // handler's buttons (another message), nor for IDs repeated across handlers.
    assert.deepEqual(
      found,
      ['action-row-limit@7', 'unknown-function@20', 'variable-before-set@16'].sort(),
      JSON.stringify(published.diagnostics),
    );

    const refs = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: URI },
      position: { line: 17, character: 8 },
      context: { includeDeclaration: true },
    });
    assert.deepEqual(
      refs.map((l) => l.range.start.line),
      [16, 17, 18],
    );
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: URI },
      position: { line: 17, character: 8 },
      newName: 'gold',
    });
    assert.deepEqual(
      edit.changes?.[URI]?.map((e) => `${e.range.start.line}:${e.newText}`),
      ['16:gold', '17:gold', '18:gold'],
    );

    const colors = await client.request<ColorInformation[]>('textDocument/documentColor', {
      textDocument: { uri: URI },
    });
    assert.equal(colors.length, 1);
    assert.equal(colors[0]!.range.start.line, 19);
    const presentations = await client.request<ColorPresentation[]>('textDocument/colorPresentation', {
      textDocument: { uri: URI },
      range: colors[0]!.range,
      color: { red: 1, green: 1, blue: 1, alpha: 1 },
    });
    assert.equal(presentations[0]!.label, '#FFFFFF');

    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 20, character: 4 },
    });
    const sorted = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.equal(sorted[0]!.label, '$sendMessage', JSON.stringify(sorted.slice(0, 5).map((i) => i.label)));
    assert.equal(sorted[0]!.labelDetails?.detail, '[Message;(Return ID)]');

    await client.shutdown();
    assert.deepEqual(await running.exited(), { code: 0, signal: null });
  });
});
