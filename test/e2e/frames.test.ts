// The bundled server (dist/server.js) against broken frames, over real stdio and a socket. A
// Content-Length beyond the cap (issue #26: 99999999999999999999 left the server waiting for
// that many bytes, swallowing every later message) or a header that never ends makes it say so
// on stderr and exit 1, so the client starts a new one; and random frames, well-formed or not,
// leave it either answering what follows or ended with that message, never alive and deaf.

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import { createServer, type Server, type Socket } from 'node:net';
import * as path from 'node:path';
import fc from 'fast-check';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { MAX_FRAME_BYTES, MAX_HEADER_BYTES } from '../../server/src/node/frames';
import { anyFrame, checkFrameOverStdio, EXIT_LINE, sendFrame } from '../fuzz/frames';
import { LspClient, offlineServerPerTest, spawnServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const SEED = 20261127;

describe('e2e: frames the server cannot read', function () {
  this.timeout(120_000);
  const servers = offlineServerPerTest(SERVER, 'bds-frames-');

  const UNREADABLE: Record<string, { frame: string; reason: RegExp }> = {
    'a Content-Length of 20 digits': {
      frame: 'Content-Length: 99999999999999999999\r\n\r\n{}',
      reason: /a frame of 100000000000000000000 bytes \(Content-Length\) is longer than the \d+ the server reads/,
    },
    'a Content-Length one byte beyond the cap': {
      frame: `Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n{}`,
      reason: new RegExp(`a frame of ${MAX_FRAME_BYTES + 1} bytes`),
    },
    'a header that never ends': {
      frame: `X-Pad: ${'x'.repeat(MAX_HEADER_BYTES + 1)}`,
      reason: new RegExp(`a frame header longer than ${MAX_HEADER_BYTES} bytes`),
    },
  };

  for (const [shape, { frame, reason }] of Object.entries(UNREADABLE)) {
    it(`ends the server with its reason on stderr for ${shape}`, async () => {
      const server = servers.start();
      await server.client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
      // A working server first.
      await server.client.roundTrip();
      const outcome = await sendFrame(server, Buffer.from(frame, 'ascii'));
      assert.deepEqual(outcome, { answered: false, code: 1 });
      const line = EXIT_LINE.exec(server.stderr());
      assert.ok(line, `stderr: ${server.stderr()}`);
      assert.match(line[1] ?? '', reason);
    });
  }

  it('answers what follows a random frame, or ends with its reason; never stays up deaf (property, stdio)', async () => {
    // Each run starts a server, so few runs here; `npm run fuzz -- --only frames` runs many.
    for (const frame of fc.sample(anyFrame, { seed: SEED, numRuns: 8 })) {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-frames-any-'));
      try {
        await checkFrameOverStdio(SERVER, tmp, frame);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    }
  });

  describe('over a socket (--socket=PORT)', () => {
    let listener: Server | undefined;
    afterEach(() => listener?.close());

    /** Starts the server with --socket, and resolves with the socket it connects back on. */
    async function serveOnSocket(): Promise<{ socket: Socket; server: ReturnType<typeof spawnServer> }> {
      const connected = new Promise<Socket>((resolve) => {
        listener = createServer((socket) => resolve(socket));
      });
      const port = await new Promise<number>((resolve) => {
        listener?.listen(0, '127.0.0.1', () => {
          const address = listener?.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        });
      });
      const server = spawnServer(process.execPath, [SERVER, `--socket=${port}`], { timeoutMs: 20_000 });
      return { socket: await connected, server };
    }

    it('serves over the socket, and ends with its reason on a Content-Length beyond the cap', async () => {
      const { socket, server } = await serveOnSocket();
      try {
        const client = new LspClient(new StreamMessageReader(socket), new StreamMessageWriter(socket));
        await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
        await client.roundTrip();
        socket.write('Content-Length: 99999999999999999999\r\n\r\n{}');
        assert.deepEqual(await server.exited(20_000), { code: 1, signal: null });
        assert.match(server.stderr(), /is longer than the \d+ the server reads/);
        client.dispose();
      } finally {
        server.kill();
        socket.destroy();
      }
    });
  });
});
