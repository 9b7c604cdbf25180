// "Copy for BDFD app" over real stdio with the bundled server (dist/server.js): the custom request
// `bdscript/copyForApp` and the `workspace/executeCommand` command other editors use give the
// code without the trigger line and the trigger, follow edits, answer null for a document that
// is not open, refuse an unknown command with an error, and survive malformed params.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { CopyForAppRequest, type CopyForAppResult } from '../../server/src/protocol/messages';
import { ServerCommand } from '../../server/src/protocol/commands';

const COPY_FOR_APP_COMMAND = ServerCommand.copyForApp;
import { offlineServerPerTest } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/welcome.bds';
const TEXT =
  '$onJoined[$getServerVar[welcomeChannel]] $c[bdscript-disable-line intents]\r\n$title[Welcome $username!]\r\n$description[Say hi 😀]\r\n';

describe('e2e: copy for BDFD app over stdio', function () {
  this.timeout(60_000);
  const servers = offlineServerPerTest(SERVER, 'bds-copy-');

  it('answers the request and the command with the code and the trigger, and follows edits', async () => {
    const server = servers.start();
    const client = server.client;
    const init = await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
    // One dispatcher runs every server command; copy for the app is one of them, under the id docs/editors.md gives.
    assert.deepEqual(init.capabilities['executeCommandProvider'], { commands: Object.values(ServerCommand) });
    assert.ok(
      (init.capabilities['executeCommandProvider'] as { commands: string[] }).commands.includes(
        'bdscript.server.copyForApp',
      ),
    );
    await client.open(URI, TEXT, 1);

    const expected: CopyForAppResult = {
      code: '$title[Welcome $username!]\r\n$description[Say hi 😀]\r\n',
      trigger: '$onJoined[$getServerVar[welcomeChannel]]',
      triggerLine: 0,
    };
    assert.deepEqual(await client.request(CopyForAppRequest.method, { textDocument: { uri: URI } }), expected);
    assert.deepEqual(
      await client.request('workspace/executeCommand', { command: COPY_FOR_APP_COMMAND, arguments: [URI] }),
      expected,
    );

    // An edit that removes the trigger line: everything is code now.
    await client.change(URI, 2, [
      { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' },
    ]);
    assert.deepEqual(await client.request(CopyForAppRequest.method, { textDocument: { uri: URI } }), {
      code: expected.code,
      trigger: null,
      triggerLine: null,
    });

    // Not open, malformed, unknown: null or an error, and the server keeps answering.
    assert.equal(
      await client.request(CopyForAppRequest.method, { textDocument: { uri: 'file:///elsewhere.bds' } }),
      null,
    );
    assert.equal(await client.request(CopyForAppRequest.method, { textDocument: 42 }), null);
    assert.equal(
      await client.request('workspace/executeCommand', { command: COPY_FOR_APP_COMMAND, arguments: [{ uri: URI }] }),
      null,
    );
    assert.equal(await client.request('workspace/executeCommand', { command: COPY_FOR_APP_COMMAND }), null);
    await assert.rejects(
      client.request('workspace/executeCommand', { command: 'bdscript.nothing', arguments: [URI] }),
      /unknown command "bdscript.nothing"/,
    );
    assert.equal(
      (await client.request<CopyForAppResult>(CopyForAppRequest.method, { textDocument: { uri: URI } })).trigger,
      null,
    );

    await client.shutdown();
    assert.deepEqual(await server.exited(), { code: 0, signal: null });
    assert.equal(server.stderr(), '');
  });
});
