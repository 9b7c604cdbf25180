// Fixed-run, seeded property tests of the catalog side (the long runs are `npm run fuzz -- --only
// catalog`): terminal text is always shown escaped, the decoder keeps only safe names and text,
// and a cut download is never spliced from two versions (over real sockets on 127.0.0.1).

import fc from 'fast-check';
import {
  checkCutDownload,
  checkDecodedNames,
  checkTerminalText,
  cutScenario,
  emojiArbitrary,
  hostileText,
  recordsArbitrary,
} from '../fuzz/catalog';

const SEED = 20261124;

describe('catalog fuzz (fixed runs)', function () {
  this.timeout(60_000);

  it('shows any text on a terminal without a raw control or format character', () => {
    fc.assert(fc.property(hostileText, checkTerminalText), { seed: SEED, numRuns: 1000 });
  });

  it('decodes hostile records and emoji maps to BDScript names and safe inserted text', () => {
    fc.assert(fc.property(recordsArbitrary, emojiArbitrary, checkDecodedNames), { seed: SEED, numRuns: 300 });
  });

  it('never splices a download cut at any point, whatever the ETag, the changes and the server', async () => {
    await fc.assert(fc.asyncProperty(cutScenario, checkCutDownload), { seed: SEED, numRuns: 40 });
  });
});
