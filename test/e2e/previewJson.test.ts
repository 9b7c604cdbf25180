// `bdscript.server.previewJson`, the preview for Neovim, Helix and Emacs, over real stdio with the
// bundled server (dist/server.js), on a command of about 1 MB. It takes the path `bdscript/preview`
// takes (issue #26): it waits for validation, is made in slices (a completion sent after it is
// answered first), and is refused with ContentModified when an edit overtakes it and with
// RequestCancelled when the client cancels it. Before, it was one synchronous call that held the
// server for seconds and ignored `$/cancelRequest`.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { CancellationTokenSource, LSPErrorCodes } from 'vscode-languageserver/node';
import { ServerCommand } from '../../server/src/protocol/commands';
import { PreviewRequest, type PreviewResult } from '../../server/src/protocol/messages';
import type { DiscordMessage } from '../../server/src/protocol/preview';
import { offlineServerPerTest, type LspClient } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/long.bds';
// About 1 MB that the model reads to the end (no `$stop`).
const BLOCK =
  'Hello $username, here is line text\n$if[$var[x]==1]\n$addButton[no;b;Buy;primary]\n$else\nother $random[1;5]\n$endif\n$title[T]\n';
const LONG = BLOCK.repeat(Math.ceil(1_000_000 / BLOCK.length));
const LAST_LINE = LONG.split('\n').length - 1;
const PREVIEW_JSON = { command: ServerCommand.previewJson, arguments: [URI] };

/** The order in which the labelled promises settled, and how. */
async function settleOrder(
  promises: Record<string, Promise<unknown>>,
): Promise<{ order: string[]; outcomes: Record<string, PromiseSettledResult<unknown>> }> {
  const order: string[] = [];
  const pairs = await Promise.all(
    Object.entries(promises).map(([label, p]) =>
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
    ),
  );
  return { order, outcomes: Object.fromEntries(pairs) as Record<string, PromiseSettledResult<unknown>> };
}

const codeOf = (r: PromiseSettledResult<unknown> | undefined): unknown =>
  r?.status === 'rejected' ? (r.reason as { code?: unknown }).code : 'answered';

describe('e2e: bdscript.server.previewJson gives way like the preview request', function () {
  this.timeout(120_000);
  const servers = offlineServerPerTest(SERVER, 'bds-preview-json-');

  async function openLong(): Promise<LspClient> {
    const client = servers.start().client;
    await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
    const since = client.mark();
    await client.open(URI, LONG, 1);
    await client.diagnostics(URI, { since, version: 1, timeoutMs: 60_000 });
    return client;
  }

  it('answers a completion sent after it first, and gives the JSON the preview request gives', async () => {
    const client = await openLong();
    const json = client.request<DiscordMessage>('workspace/executeCommand', PREVIEW_JSON);
    const completion = client.request('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 1, character: 3 },
    });
    const { order, outcomes } = await settleOrder({ json, completion });
    assert.deepEqual(order, ['completion', 'json'], 'the completion did not wait for the JSON');
    const answered = (outcomes['json'] as PromiseFulfilledResult<DiscordMessage>).value;
    const preview = await client.request<PreviewResult>(PreviewRequest.method, { textDocument: { uri: URI } });
    assert.deepEqual(answered, preview.discord);
    assert.ok((answered.components?.length ?? 0) > 0, 'the JSON is the real reply');
  });

  it('is refused with ContentModified when an edit overtakes it, and answers for the new version after', async () => {
    const client = await openLong();
    const stale = client.request('workspace/executeCommand', PREVIEW_JSON);
    // The edit comes while it is being made: a request sent after it is answered between its slices.
    await client.roundTrip();
    await client.change(URI, 2, [
      {
        range: { start: { line: LAST_LINE, character: 0 }, end: { line: LAST_LINE, character: 0 } },
        text: '$title[New]',
      },
    ]);
    const { outcomes } = await settleOrder({ stale });
    assert.equal(codeOf(outcomes['stale']), LSPErrorCodes.ContentModified);
    const fresh = await client.request<DiscordMessage>('workspace/executeCommand', PREVIEW_JSON);
    assert.equal(fresh.embeds?.[0]?.title, 'New');
  });

  it('waits for the validation an edit started: the diagnostics of the new version come first', async () => {
    const client = await openLong();
    const since = client.mark();
    await client.change(URI, 2, [
      {
        range: { start: { line: LAST_LINE, character: 0 }, end: { line: LAST_LINE, character: 0 } },
        text: '$usernam\n',
      },
    ]);
    const { order } = await settleOrder({
      json: client.request('workspace/executeCommand', PREVIEW_JSON),
      diagnostics: client.diagnostics(URI, { since, version: 2, timeoutMs: 60_000 }),
    });
    assert.deepEqual(order, ['diagnostics', 'json']);
  });

  it('is refused with RequestCancelled when cancelled while it is being made, and the server goes on', async () => {
    const client = await openLong();
    const source = new CancellationTokenSource();
    const cancelledJson = client.connection.sendRequest('workspace/executeCommand', PREVIEW_JSON, source.token);
    // Cancelled while it is being made: a request sent after it is answered between its slices.
    await client.roundTrip();
    source.cancel();
    await assert.rejects(cancelledJson, (err: { code?: number }) => err.code === LSPErrorCodes.RequestCancelled);
    const json = await client.request<DiscordMessage>('workspace/executeCommand', PREVIEW_JSON);
    assert.ok((json.components?.length ?? 0) > 0);
  });
});
