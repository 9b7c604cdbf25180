// The frame guard in front of the stream reader (server/src/node/frames.ts), in process: any run
// of well-formed frames, cut into chunks anywhere, passes through byte for byte and untouched by
// errors; a frame whose Content-Length is beyond the cap, or a header longer than its cap, ends
// the stream with an error that says so, wherever it stands and however the bytes are cut.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_FRAME_BYTES, MAX_HEADER_BYTES } from '../../server/src/node/frames';
import { MAX_DOCUMENT_LENGTH } from '../../server/src/lsp/documents';
import { checkGuardPasses, checkGuardStops, feedGuard as feed, unreadableFrame, validFrame } from '../fuzz/frames';

const SEED = 20261127;

describe('node/frames: the frame guard', () => {
  it('caps a frame at the longest document the server keeps, as JSON writes it at worst, and a header at 8 KiB', () => {
    assert.equal(MAX_FRAME_BYTES, 6 * MAX_DOCUMENT_LENGTH + 1024 * 1024);
    assert.equal(MAX_HEADER_BYTES, 8192);
  });

  it('passes any run of well-formed frames through unchanged, however it is cut (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(validFrame, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        checkGuardPasses,
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('ends the stream at a frame that can never be read, after the good frames before it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(validFrame, { maxLength: 4 }),
        unreadableFrame,
        fc.array(fc.nat(), { maxLength: 12 }),
        checkGuardStops,
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('names the length it refused, for the 20-digit one of the review too', async () => {
    const { error } = await feed([Buffer.from('Content-Length: 99999999999999999999\r\n\r\n{}', 'ascii')]);
    assert.equal(
      error?.message,
      `a frame of 100000000000000000000 bytes (Content-Length) is longer than the ${MAX_FRAME_BYTES} the server reads`,
    );
  });

  it('leaves to the reader a frame it reports itself (no length, not a number, negative)', async () => {
    for (const header of ['Content-Type: x', 'Content-Length: many', 'Content-Length: -5', 'Content-Length 5']) {
      const bytes = Buffer.from(`${header}\r\n\r\n{"jsonrpc":"2.0"}`, 'ascii');
      const { out, error } = await feed([bytes]);
      assert.equal(error, undefined, header);
      assert.ok(out.equals(bytes), header);
    }
  });
});
