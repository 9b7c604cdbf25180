// Random frames for the stream reader (node/frames.ts and the server behind it), shared by the
// fixed-run tests (test/lsp/frames.test.ts, test/e2e/frames.test.ts) and `npm run fuzz -- --only
// frames`. A well-formed frame passes the guard byte for byte; a broken one either is read (and
// the server answers what follows) or ends the server with its message on stderr and exit 1.
// Never: a server alive that answers nothing.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { FrameGuard, MAX_FRAME_BYTES, MAX_HEADER_BYTES } from '../../server/src/node/frames';
import { spawnOfflineServer, type SpawnedServer } from '../support/lspClient';

/** The line the server leaves on stderr when it cannot read the client's messages any more. */
export const EXIT_LINE =
  /^bdscript-language-server: the messages from the client cannot be read any more \((.+)\); exiting so that the client starts a new server\n$/;

const CASES = ['Content-Length', 'content-length', 'CONTENT-LENGTH', 'Content-length'];

/** A header line other than Content-Length: printable ASCII, a colon, no line break. */
const otherHeader = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/).filter((k) => k.toLowerCase() !== 'content-length'),
    fc.stringMatching(/^[ -~]{0,40}$/),
  )
  .map(([k, v]) => `${k}: ${v}`);

/** The body of a message the server takes without answering (an unknown notification). */
const body = fc
  .string({ unit: 'binary', maxLength: 200 })
  .map((text) => Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'bdscript/fuzzNotice', params: { text } })));

/** One well-formed frame: its Content-Length in any case, other headers around it, in any order. */
export const validFrame: fc.Arbitrary<Buffer> = fc
  .tuple(body, fc.constantFrom(...CASES), fc.array(otherHeader, { maxLength: 3 }), fc.nat())
  .map(([b, name, others, at]) => {
    const lines = [...others];
    lines.splice(at % (others.length + 1), 0, `${name}: ${b.length}`);
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'ascii'), b]);
  });

/** A Content-Length beyond the cap, as digits: just past it, or as long as a client could write. */
export const tooLong: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: MAX_FRAME_BYTES + 1, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.stringMatching(/^[1-9][0-9]{20,40}$/),
  fc.constant('99999999999999999999'),
);

/** A frame that cannot be served: too long, or a header that never ends. */
export const unreadableFrame: fc.Arbitrary<{ frame: Buffer; why: RegExp }> = fc.oneof(
  fc.tuple(tooLong, body).map(([length, b]) => ({
    frame: Buffer.concat([Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'), b]),
    why: /is longer than the \d+ the server reads/,
  })),
  fc.integer({ min: MAX_HEADER_BYTES + 1, max: 4 * MAX_HEADER_BYTES }).map((n) => ({
    frame: Buffer.from(`X-Pad: ${'x'.repeat(n)}`, 'ascii'),
    why: /header longer than \d+ bytes/,
  })),
);

/** Any frame a broken or hostile client might send, well-formed or not. */
export const anyFrame: fc.Arbitrary<Buffer> = fc.oneof(
  validFrame,
  unreadableFrame.map((u) => u.frame),
  // A Content-Length that does not match the body, or is not a length at all.
  fc
    .tuple(
      body,
      fc.oneof(
        fc.integer({ min: -1000, max: 1000 }).map(String),
        // Anything that does not declare more than a few followers can fill.
        fc.stringMatching(/^[ -~]{0,12}$/).filter((v) => !(Number.parseInt(v) > 1000)),
        fc.constantFrom('', '0x10', '1e3', '+5', ' 12 ', 'NaN', '-0'),
      ),
    )
    .map(([b, length]) => Buffer.concat([Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'), b])),
  // No Content-Length, a line without a colon, or line feeds alone.
  body.map((b) => Buffer.concat([Buffer.from('Content-Type: application/vscode-jsonrpc\r\n\r\n', 'ascii'), b])),
  body.map((b) => Buffer.concat([Buffer.from(`Content-Length ${b.length}\r\n\r\n`, 'ascii'), b])),
  body.map((b) => Buffer.concat([Buffer.from(`Content-Length: ${b.length}\n\n`, 'ascii'), b])),
  // Random bytes.
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
);

/** Splits `bytes` into chunks at the given cut points (as a stream may deliver them). */
export function chunked(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const c of at) {
    out.push(bytes.subarray(from, c));
    from = c;
  }
  out.push(bytes.subarray(from));
  return out.filter((c) => c.length > 0);
}

/** What became of a server sent a frame: it answered a request sent after it, or it ended. */
export type FrameOutcome = { readonly answered: true } | { readonly answered: false; readonly code: number | null };

/**
 * Requests written after a frame: enough bytes (about 80 each) to complete any body the frames
 * above declare longer than it is (at most about 1,300 bytes), so such a frame is judged too.
 */
const FOLLOWERS = 32;

/**
 * Writes `frame` to a running server, then FOLLOWERS requests, and resolves with what came first:
 * an answer to one of them, or the end of the server. Rejects when neither comes within `boundMs`
 * (a deaf server), and kills it then.
 */
export async function sendFrame(server: SpawnedServer, frame: Buffer, boundMs = 15_000): Promise<FrameOutcome> {
  const stdin = server.child.stdin;
  if (!stdin) throw new Error('the server has no stdin');
  stdin.write(frame);
  const ended = server.exited(boundMs).then((e) => ({ answered: false as const, code: e.code }));
  const answers = Array.from({ length: FOLLOWERS }, () => server.client.request('bdscript/catalogStatus'));
  const answered = Promise.any(answers).then(
    () => ({ answered: true }) as const,
    // Every request failed: the connection closed, so the server ended (`ended` says how).
    () => ended,
  );
  return Promise.race([answered, ended]);
}

/** What came out of a FrameGuard fed `chunks`, and the error that ended it, if one did. */
export function feedGuard(chunks: readonly Buffer[]): Promise<{ out: Buffer; error: Error | undefined }> {
  return new Promise((resolve) => {
    const guard = new FrameGuard();
    const out: Buffer[] = [];
    let error: Error | undefined;
    guard.on('data', (chunk: Buffer) => out.push(chunk));
    guard.on('error', (err) => {
      error = err;
      resolve({ out: Buffer.concat(out), error });
    });
    guard.on('end', () => resolve({ out: Buffer.concat(out), error }));
    for (const chunk of chunks) {
      if (guard.destroyed) break;
      guard.write(chunk);
    }
    if (!guard.destroyed) guard.end();
  });
}

/** Well-formed frames, cut anywhere, pass the guard byte for byte. */
export async function checkGuardPasses(frames: readonly Buffer[], cuts: readonly number[]): Promise<void> {
  const bytes = Buffer.concat(frames);
  const { out, error } = await feedGuard(chunked(bytes, cuts));
  assert.equal(error, undefined);
  assert.ok(out.equals(bytes));
}

/** An unreadable frame after well-formed ones, cut anywhere, ends the stream with its reason. */
export async function checkGuardStops(
  before: readonly Buffer[],
  bad: { frame: Buffer; why: RegExp },
  cuts: readonly number[],
): Promise<void> {
  const good = Buffer.concat(before);
  const { out, error } = await feedGuard(chunked(Buffer.concat([good, bad.frame]), cuts));
  assert.ok(error, 'the stream ends with an error');
  assert.match(error.message, bad.why);
  // What went through is the input's start.
  const input = Buffer.concat([good, bad.frame]);
  assert.ok(out.equals(input.subarray(0, out.length)));
}

/**
 * The bundled server at `serverJs` (offline, its folders in `tmp`) sent `frame` after
 * `initialize`: it answers what follows, saying nothing on stderr, or ends with exit 1 and
 * EXIT_LINE; never stays up deaf.
 */
export async function checkFrameOverStdio(serverJs: string, tmp: string, frame: Buffer): Promise<void> {
  const server = spawnOfflineServer(serverJs, tmp);
  try {
    await server.client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
    const outcome = await sendFrame(server, frame);
    const shown = JSON.stringify(frame.toString('latin1').slice(0, 120));
    if (outcome.answered) {
      assert.equal(server.stderr(), '', `a server that read on after ${shown} says nothing on stderr`);
    } else {
      assert.equal(outcome.code, 1, `exit code after ${shown}`);
      assert.match(server.stderr(), EXIT_LINE);
    }
  } finally {
    server.kill();
    server.client.dispose();
  }
}
