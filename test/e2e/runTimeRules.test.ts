// The run-time rules of issue #19 through the bundled server over stdio (dist/server.js, as
// shipped, offline on its bundled catalog): a command with the mistakes BDFD refuses only when it
// runs is published with those findings, the `$roleGrant` quick fix comes back over the wire and
// its edit adds the `+`, and the fixed document is published without that finding.

import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CodeAction } from 'vscode-languageserver-types';
import { fullClientCapabilities, spawnServer, type SpawnedServer } from '../support/lspClient';

const SERVER = path.resolve(__dirname, '../../dist/server.js');
const URI = 'file:///project/commands/roles.bds';
const TEXT = [
  '$nomention',
  '$roleGrant[$authorID;987654321098765432]',
  '$addTextDisplay[Welcome!;main]',
  '$addContainer[main;#5865F2]',
  '$newSelectMenu[roles;1;30;Pick your roles]',
  '$addSelectMenuOption[roles;A;a;First]',
].join('\n');

function offsetOf(text: string, pos: { line: number; character: number }): number {
  let offset = 0;
  for (let l = 0; l < pos.line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + pos.character;
}

describe('e2e: run-time rules over stdio', function () {
  this.timeout(60_000);
  let tmp: string;
  let running: SpawnedServer | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-e2e-'));
  });

  afterEach(() => {
    running?.kill();
    running = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  it('publishes the findings, offers the `+` over the wire, and clears the finding once applied', async () => {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      timeoutMs: 30_000,
    });
    const client = running.client;
    await client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true } },
    });
    let mark = client.mark();
    await client.open(URI, TEXT, 1);
    const published = await client.diagnostics(URI, { since: mark, where: (p) => p.diagnostics.length > 0 });
    const codes = published.diagnostics.map((d) => `${String(d.code)}@${d.range.start.line}`).sort();
    assert.deepEqual(codes, ['component-before-parent@2', 'role-grant-sign@1', 'select-menu-limit@4']);

    const sign = published.diagnostics.find((d) => d.code === 'role-grant-sign')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: sign.range,
      context: { diagnostics: [sign] },
    });
    const fix = actions.find((a) => a.title === 'Add `+` (give the role)');
    assert.ok(fix?.isPreferred && fix.edit?.changes?.[URI], JSON.stringify(actions));
    const edit = fix.edit!.changes![URI]![0]!;
    const fixed =
      TEXT.slice(0, offsetOf(TEXT, edit.range.start)) + edit.newText + TEXT.slice(offsetOf(TEXT, edit.range.end));
    assert.equal(fixed.split('\n')[1], '$roleGrant[$authorID;+987654321098765432]');

    mark = client.mark();
    await client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    const after = await client.diagnostics(URI, { since: mark, version: 2 });
    assert.deepEqual(after.diagnostics.map((d) => String(d.code)).sort(), [
      'component-before-parent',
      'select-menu-limit',
    ]);

    await client.shutdown();
    assert.deepEqual(await running.exited(), { code: 0, signal: null });
    assert.equal(running.stderr(), '');
  });
});
