// The stream transports' writer (server/src/node/transport.ts), in process: every message leaves
// in one write, header and body together, and vscode-jsonrpc's reader reads back what was sent;
// a write the stream refuses is reported with its message and count, as the library's writer does.

import * as assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { StreamMessageReader, type Message } from 'vscode-languageserver/node';
import { FrameWriter } from '../../server/src/node/transport';

/** A stream that keeps each write's bytes apart. */
function recording(): { stream: Writable; writes: Buffer[] } {
  const writes: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writes.push(Buffer.from(chunk));
      callback();
    },
  });
  return { stream, writes };
}

const MESSAGES: Message[] = [
  { jsonrpc: '2.0', id: 1, result: { contents: { kind: 'markdown', value: '**$title** héllo 🙂' } } } as Message,
  {
    jsonrpc: '2.0',
    method: 'textDocument/publishDiagnostics',
    params: { uri: 'file:///a.bds', diagnostics: [] },
  } as Message,
  { jsonrpc: '2.0', id: 2, result: null } as Message,
];

describe('node/transport: the frame writer', () => {
  it('writes each message as one frame: its header and its body in a single write', async () => {
    const { stream, writes } = recording();
    const writer = new FrameWriter(stream);
    for (const m of MESSAGES) await writer.write(m);
    assert.equal(writes.length, MESSAGES.length);
    for (const [i, bytes] of writes.entries()) {
      const text = bytes.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const body = bytes.subarray(Buffer.byteLength(text.slice(0, split + 4), 'utf8'));
      assert.equal(text.slice(0, split), `Content-Length: ${body.byteLength}`);
      assert.deepEqual(JSON.parse(body.toString('utf8')), MESSAGES[i]);
    }
  });

  it("writes frames vscode-jsonrpc's reader reads back, in order", async () => {
    const pipe = new PassThrough();
    const reader = new StreamMessageReader(pipe);
    const read: Message[] = [];
    const all = new Promise<void>((resolve) =>
      reader.listen((m) => {
        read.push(m);
        if (read.length === MESSAGES.length) resolve();
      }),
    );
    const writer = new FrameWriter(pipe);
    await Promise.all(MESSAGES.map((m) => writer.write(m)));
    await all;
    assert.deepEqual(read, MESSAGES);
    reader.dispose();
  });

  it('reports a write the stream refuses with its message and count, and rejects it', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('pipe closed'));
      },
    });
    // The stream's own 'error' event is reported too (without a message), as the library does.
    const reported: Array<[Error, Message | undefined, number | undefined]> = [];
    const writer = new FrameWriter(stream);
    writer.onError((e) => reported.push(e));
    await assert.rejects(writer.write(MESSAGES[0]!), /pipe closed/);
    const withMessage = reported.filter(([, m]) => m !== undefined);
    assert.deepEqual(
      withMessage.map(([e, m, n]) => [e.message, m, n]),
      [['pipe closed', MESSAGES[0], 1]],
    );
  });
});
