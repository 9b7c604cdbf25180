// The message preview over real stdio with the bundled server (dist/server.js): the request
// `bdscript/preview` answers the model, Discord's JSON and (with a nonce) the page, follows edits
// and branch choices, answers null for a document that is not open and survives malformed params;
// the `bdscript.server.previewJson` command gives any LSP editor the JSON. In a session whose
// language is Spanish (`initialize.locale`) the notes, branch labels and page are Spanish, and
// they follow the `bdscript.locale` setting when it changes.

import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PreviewRequest, ServerCommand, type DiscordMessage, type PreviewResult } from '../../server/src/protocol';
import { spawnOfflineServer, type SpawnedServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/shop.bds';
const TEXT = 'Hi $username\\; welcome\n$title[Shop]\n$color[#FF0000]\n$if[$var[x]==1]\nOne\n$else\nTwo\n$endif\n$addButton[no;buy;Buy 😀;success]\n';
const NONCE = 'abcdefghijklmnopqrstuvwx';

describe('e2e: message preview over stdio', function () {
  this.timeout(60_000);
  let tmp: string;
  let server: SpawnedServer | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-preview-'));
  });
  afterEach(() => {
    server?.kill();
    server = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers the model, the JSON and the page, follows edits and branch choices', async () => {
    server = spawnOfflineServer(SERVER, tmp);
    const client = server.client;
    const init = await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
    assert.ok((init.capabilities['executeCommandProvider'] as { commands: string[] }).commands.includes(ServerCommand.previewJson));
    await client.open(URI, TEXT, 1);

    const first = (await client.request(PreviewRequest.method, { textDocument: { uri: URI }, nonce: NONCE, theme: 'light' })) as PreviewResult;
    assert.equal(first.version, 1);
    const expected: DiscordMessage = {
      content: 'Hi {$username}; welcome\nOne',
      embeds: [{ title: 'Shop', color: 0xff0000 }],
      components: [{ type: 1, components: [{ type: 2, style: 3, label: 'Buy 😀', custom_id: 'buy', disabled: false }] }],
    };
    assert.deepEqual(first.discord, expected);
    assert.match(first.html ?? '', /<body class="light">/);
    assert.match(first.html ?? '', new RegExp(`script-src 'nonce-${NONCE}'`));
    assert.deepEqual(await client.request('workspace/executeCommand', { command: ServerCommand.previewJson, arguments: [URI] }), expected);

    // The other branch of the $if block, by its start.
    const ifStart = TEXT.indexOf('$if');
    const other = (await client.request(PreviewRequest.method, { textDocument: { uri: URI }, branches: [[ifStart, 1]] })) as PreviewResult;
    assert.equal(other.discord.content, 'Hi {$username}; welcome\nTwo');
    assert.equal(other.html, undefined, 'no page without a nonce');

    // An edit: the preview follows the new version.
    await client.change(URI, 2, [{ range: { start: { line: 1, character: 7 }, end: { line: 1, character: 11 } }, text: 'Store' }]);
    const edited = (await client.request(PreviewRequest.method, { textDocument: { uri: URI } })) as PreviewResult;
    assert.equal(edited.version, 2);
    assert.equal(edited.discord.embeds?.[0]?.title, 'Store');

    // Not open, and malformed params: null, and the server keeps serving.
    assert.equal(await client.request(PreviewRequest.method, { textDocument: { uri: 'file:///nowhere.bds' } }), null);
    for (const bad of [null, 7, { textDocument: 'x' }, { textDocument: { uri: URI }, branches: 'all', nonce: '<script>', theme: 5 }]) {
      const r = (await client.request(PreviewRequest.method, bad)) as PreviewResult | null;
      if (r) assert.equal(r.html, undefined, 'an unsafe nonce gives no page');
    }
    assert.equal(((await client.request(PreviewRequest.method, { textDocument: { uri: URI } })) as PreviewResult).version, 2);
  });

  it("speaks the session's language: Spanish notes, labels and page with locale es, Russian after bdscript.locale changes", async () => {
    server = spawnOfflineServer(SERVER, tmp);
    const client = server.client;
    await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } }, locale: 'es' });
    const text = '$sendMessage[hi]\n$if[$var[x]==1]\nOne\n$endif\n$newSelectMenu[m;1;1]\n$usernam\n';
    await client.open(URI, text, 1);

    const es = (await client.request(PreviewRequest.method, { textDocument: { uri: URI }, nonce: NONCE })) as PreviewResult;
    assert.deepEqual(
      es.message.notes.map((n) => n.message),
      ['`$sendMessage` envía un mensaje propio, que esta vista previa no muestra.'],
    );
    assert.deepEqual(es.message.branches.map((b) => b.branches), [['{$var[x]}==1', 'ninguna de ellas']]);
    const html = es.html ?? '';
    assert.match(html, /<html lang="es">/);
    assert.match(html, /<div class="header">Tu bot</);
    assert.match(html, /Rama de \$if mostrada: <select/);
    assert.match(html, /<option value="1">ninguna de ellas<\/option>/);
    assert.match(html, /Haz una selección/);
    assert.match(html, /<li[^>]*>`\$sendMessage` envía un mensaje propio, que esta vista previa no muestra\.<\/li>/);
    assert.doesNotMatch(html, /Your bot|none of them|message of its own|Make a selection/);
    // What Discord gets does not depend on the user's language.
    assert.equal(es.discord.content, 'One\n{$usernam}');

    // The user picks Russian: once the diagnostics are republished in Russian, so is the preview.
    const mark = client.mark();
    client.settings = { catalog: { offline: true }, locale: 'ru' };
    await client.notify('workspace/didChangeConfiguration', { settings: { bdscript: { catalog: { offline: true }, locale: 'ru' } } });
    await client.diagnostics(URI, { since: mark, where: (p) => p.diagnostics.some((d) => typeof d.message === 'string' && d.message.startsWith('Неизвестная функция')) });
    const ru = (await client.request(PreviewRequest.method, { textDocument: { uri: URI }, nonce: NONCE })) as PreviewResult;
    assert.deepEqual(ru.message.notes.map((n) => n.message), ['`$sendMessage` отправляет отдельное сообщение, которое предпросмотр не показывает.']);
    assert.deepEqual(ru.message.branches.map((b) => b.branches), [['{$var[x]}==1', 'ни одна из веток']]);
    assert.match(ru.html ?? '', /<html lang="ru">/);
    assert.match(ru.html ?? '', /Показана ветка \$if:/);
  });
});
