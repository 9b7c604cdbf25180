// The message preview over real stdio with the bundled server (dist/server.js): the request
// `bdscript/preview` answers the model, Discord's JSON and (with a nonce) the page, follows edits
// and branch choices, answers null for a document that is not open and survives malformed params;
// the `bdscript.server.previewJson` command gives any LSP editor the JSON. In a session whose
// language is Spanish (`initialize.locale`) the notes, branch labels and page are Spanish, and
// they follow the `bdscript.locale` setting when it changes. On a long command the preview gives
// way (issue #17): a request overtaken by an edit is refused with ContentModified, a cancelled one
// with RequestCancelled, and a completion sent after it is answered first.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { LSPErrorCodes } from 'vscode-languageserver/node';
import { PreviewRequest, type PreviewResult } from '../../server/src/protocol/messages';
import { ServerCommand } from '../../server/src/protocol/commands';
import { type DiscordMessage } from '../../server/src/protocol/preview';
import { offlineServerPerTest, type SpawnedServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/shop.bds';
const TEXT =
  'Hi $username\\; welcome\n$title[Shop]\n$color[#FF0000]\n$if[$var[x]==1]\nOne\n$else\nTwo\n$endif\n$addButton[no;buy;Buy 😀;success]\n';
const NONCE = 'abcdefghijklmnopqrstuvwx';

describe('e2e: message preview over stdio', function () {
  this.timeout(60_000);
  const servers = offlineServerPerTest(SERVER, 'bds-preview-');

  it('answers the model, the JSON and the page, follows edits and branch choices', async () => {
    const server = servers.start();
    const client = server.client;
    const init = await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
    assert.ok(
      (init.capabilities['executeCommandProvider'] as { commands: string[] }).commands.includes(
        ServerCommand.previewJson,
      ),
    );
    await client.open(URI, TEXT, 1);

    const first = (await client.request(PreviewRequest.method, {
      textDocument: { uri: URI },
      nonce: NONCE,
      theme: 'light',
    })) as PreviewResult;
    assert.equal(first.version, 1);
    const expected: DiscordMessage = {
      content: 'Hi {$username}; welcome\nOne',
      embeds: [{ title: 'Shop', color: 0xff0000 }],
      components: [
        { type: 1, components: [{ type: 2, style: 3, label: 'Buy 😀', custom_id: 'buy', disabled: false }] },
      ],
    };
    assert.deepEqual(first.discord, expected);
    assert.match(first.html ?? '', /<body class="light">/);
    assert.match(first.html ?? '', new RegExp(`script-src 'nonce-${NONCE}'`));
    assert.deepEqual(
      await client.request('workspace/executeCommand', { command: ServerCommand.previewJson, arguments: [URI] }),
      expected,
    );

    // The page alone, as the VS Code panel asks for it: no model and no JSON beside it.
    const page = (await client.request(PreviewRequest.method, {
      textDocument: { uri: URI },
      nonce: NONCE,
      theme: 'light',
      pageOnly: true,
    })) as PreviewResult;
    assert.deepEqual(Object.keys(page).sort(), ['html', 'version']);
    assert.equal(page.html, first.html);
    // Without a nonce there is no page, so `pageOnly` leaves the answer whole.
    assert.deepEqual(
      ((await client.request(PreviewRequest.method, { textDocument: { uri: URI }, pageOnly: true })) as PreviewResult)
        .discord,
      expected,
    );

    // The other branch of the $if block, by its start.
    const ifStart = TEXT.indexOf('$if');
    const other = (await client.request(PreviewRequest.method, {
      textDocument: { uri: URI },
      branches: [[ifStart, 1]],
    })) as PreviewResult;
    assert.equal(other.discord?.content, 'Hi {$username}; welcome\nTwo');
    assert.equal(other.html, undefined, 'no page without a nonce');

    // An edit: the preview follows the new version.
    await client.change(URI, 2, [
      { range: { start: { line: 1, character: 7 }, end: { line: 1, character: 11 } }, text: 'Store' },
    ]);
    const edited = (await client.request(PreviewRequest.method, { textDocument: { uri: URI } })) as PreviewResult;
    assert.equal(edited.version, 2);
    assert.equal(edited.discord?.embeds?.[0]?.title, 'Store');

    // Copy as Discord Message JSON: `$addTimestamp` is the time of the copy, and a URL only the
    // running bot knows is left out (Discord refuses a placeholder there), with a note saying so.
    const stamped = 'file:///stamped.bds';
    await client.open(stamped, '$title[Hi]\n$thumbnail[$authorAvatar]\n$addTimestamp', 1);
    const before = Date.now();
    const copy = (await client.request(PreviewRequest.method, { textDocument: { uri: stamped } })) as PreviewResult;
    const after = Date.now();
    const at = Date.parse(copy.discord?.embeds?.[0]?.timestamp ?? '');
    assert.ok(at >= before - 1000 && at <= after + 1000, `timestamp ${copy.discord?.embeds?.[0]?.timestamp}`);
    assert.equal(copy.discord?.embeds?.[0]?.thumbnail, undefined);
    assert.ok(
      copy.message?.notes.some((n) =>
        /leaves out `embeds\[0\]\.thumbnail\.url`: its URL is known only/.test(n.message),
      ),
      JSON.stringify(copy.message?.notes),
    );

    // Not open, and malformed params: null, and the server keeps serving.
    assert.equal(await client.request(PreviewRequest.method, { textDocument: { uri: 'file:///nowhere.bds' } }), null);
    for (const bad of [
      null,
      7,
      { textDocument: 'x' },
      { textDocument: { uri: URI }, branches: 'all', nonce: '<script>', theme: 5 },
    ]) {
      const r = (await client.request(PreviewRequest.method, bad)) as PreviewResult | null;
      if (r) assert.equal(r.html, undefined, 'an unsafe nonce gives no page');
    }
    assert.equal(
      ((await client.request(PreviewRequest.method, { textDocument: { uri: URI } })) as PreviewResult).version,
      2,
    );
  });

  it("speaks the session's language: Spanish notes, labels and page with locale es, Russian after bdscript.locale changes", async () => {
    const server = servers.start();
    const client = server.client;
    await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } }, locale: 'es' });
    const text = '$sendMessage[hi]\n$if[$var[x]==1]\nOne\n$endif\n$newSelectMenu[m;1;1]\n$usernam\n';
    await client.open(URI, text, 1);

    const es = (await client.request(PreviewRequest.method, {
      textDocument: { uri: URI },
      nonce: NONCE,
    })) as PreviewResult;
    assert.deepEqual(
      es.message?.notes.map((n) => n.message),
      [
        '`$sendMessage` envía un mensaje propio, que esta vista previa no muestra.',
        'Copiar como JSON de mensaje de Discord omite `components[0].components[0]`: un menú de selección necesita al menos una opción.',
      ],
    );
    assert.deepEqual(
      es.message?.branches.map((b) => b.branches),
      [['{$var[x]}==1', 'ninguna de ellas']],
    );
    const html = es.html ?? '';
    assert.match(html, /<html lang="es">/);
    assert.match(html, /<div class="header">Tu bot</);
    assert.match(html, /Rama de \$if mostrada: <select/);
    assert.match(html, /<option value="1">ninguna de ellas<\/option>/);
    assert.match(html, /Haz una selección/);
    assert.match(html, /<li[^>]*>`\$sendMessage` envía un mensaje propio, que esta vista previa no muestra\.<\/li>/);
    assert.doesNotMatch(html, /Your bot|none of them|message of its own|Make a selection/);
    // What Discord gets does not depend on the user's language.
    assert.equal(es.discord?.content, 'One\n{$usernam}');

    // The user picks Russian: once the diagnostics are republished in Russian, so is the preview.
    const mark = client.mark();
    client.settings = { catalog: { offline: true }, locale: 'ru' };
    await client.notify('workspace/didChangeConfiguration', {
      settings: { bdscript: { catalog: { offline: true }, locale: 'ru' } },
    });
    await client.diagnostics(URI, {
      since: mark,
      where: (p) =>
        p.diagnostics.some((d) => typeof d.message === 'string' && d.message.startsWith('Неизвестная функция')),
    });
    const ru = (await client.request(PreviewRequest.method, {
      textDocument: { uri: URI },
      nonce: NONCE,
    })) as PreviewResult;
    assert.deepEqual(
      ru.message?.notes.map((n) => n.message),
      [
        '`$sendMessage` отправляет отдельное сообщение, которое предпросмотр не показывает.',
        'Копирование JSON сообщения Discord опускает `components[0].components[0]`: меню выбора нужен хотя бы один вариант.',
      ],
    );
    assert.deepEqual(
      ru.message?.branches.map((b) => b.branches),
      [['{$var[x]}==1', 'ни одна из веток']],
    );
    assert.match(ru.html ?? '', /<html lang="ru">/);
    assert.match(ru.html ?? '', /Показана ветка \$if:/);
  });

  describe('gives way to typing on a long command', () => {
    // About 1 MB that the model reads to the end (no `$stop`): drawing it takes tens of milliseconds.
    const BLOCK =
      'Hello $username, here is line text\n$if[$var[x]==1]\n$addButton[no;b;Buy;primary]\n$else\nother $random[1;5]\n$endif\n$title[T]\n';
    const LONG = BLOCK.repeat(Math.ceil(1_000_000 / BLOCK.length));
    const lastLine = LONG.split('\n').length - 1;

    /** Resolves with the order in which the promises settled (by label), and their outcomes. */
    function settleOrder(
      promises: Record<string, Promise<unknown>>,
    ): Promise<{ order: string[]; outcomes: Record<string, PromiseSettledResult<unknown>> }> {
      const order: string[] = [];
      const labelled = Object.entries(promises).map(([label, p]) =>
        p.then(
          (value) => {
            order.push(label);
            return [label, { status: 'fulfilled', value }] as const;
          },
          (reason: unknown) => {
            order.push(label);
            return [label, { status: 'rejected', reason }] as const;
          },
        ),
      );
      return Promise.all(labelled).then((pairs) => ({
        order,
        outcomes: Object.fromEntries(pairs) as Record<string, PromiseSettledResult<unknown>>,
      }));
    }

    const codeOf = (r: PromiseSettledResult<unknown> | undefined): unknown =>
      r?.status === 'rejected' ? (r.reason as { code?: unknown }).code : 'answered';

    async function openLong(): Promise<SpawnedServer['client']> {
      const server = servers.start();
      const client = server.client;
      await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
      const since = client.mark();
      await client.open(URI, LONG, 1);
      await client.diagnostics(URI, { since, version: 1 });
      return client;
    }

    it('refuses a preview of a version an edit overtook (ContentModified), without making the completion after the edit wait', async () => {
      const client = await openLong();
      // The edit is written right behind the preview request, so the server reads it while the
      // preview is being made however quick that is: the preview reads the messages that came
      // before it starts and between its slices. (Sent after a round trip instead, the edit raced
      // a preview that now takes a few milliseconds, and lost one run in three.)
      const stale = client.request(PreviewRequest.method, { textDocument: { uri: URI }, nonce: NONCE });
      await client.change(URI, 2, [
        { range: { start: { line: lastLine, character: 0 }, end: { line: lastLine, character: 0 } }, text: '$addBu' },
      ]);
      const completion = client.request<{ items: Array<{ label: string }> }>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: lastLine, character: 6 },
      });
      const { outcomes } = await settleOrder({ stale, completion });
      // Refused as soon as the edit was read (before or after the completion's answer: it costs nothing).
      assert.equal(codeOf(outcomes['stale']), LSPErrorCodes.ContentModified, 'the preview of version 1 is refused');
      const list = (outcomes['completion'] as PromiseFulfilledResult<{ items: Array<{ label: string }> }>).value;
      assert.ok(list.items.some((i) => i.label.startsWith('$addButton')));
      // Asked again, the preview answers for the new version.
      const fresh = (await client.request(PreviewRequest.method, {
        textDocument: { uri: URI },
        nonce: NONCE,
      })) as PreviewResult;
      assert.equal(fresh.version, 2);
      assert.match(fresh.html ?? '', /<body class="dark">/);
    });

    it('answers a completion sent after a preview first, then the preview; a cancelled preview is refused', async () => {
      const client = await openLong();
      const preview = client.request(PreviewRequest.method, { textDocument: { uri: URI }, nonce: NONCE });
      const completion = client.request('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 1, character: 3 },
      });
      const { order, outcomes } = await settleOrder({ preview, completion });
      assert.deepEqual(order, ['completion', 'preview'], 'the completion is answered while the preview is being drawn');
      assert.equal(codeOf(outcomes['preview']), 'answered');
      assert.equal((outcomes['preview'] as PromiseFulfilledResult<PreviewResult>).value.version, 1);

      await assert.rejects(
        client.requestAndCancel(PreviewRequest.method, { textDocument: { uri: URI }, nonce: NONCE }),
        (err: { code?: number }) => err.code === LSPErrorCodes.RequestCancelled,
      );
      // The server goes on serving previews.
      assert.equal(
        ((await client.request(PreviewRequest.method, { textDocument: { uri: URI } })) as PreviewResult).version,
        1,
      );
    });
  });
});
