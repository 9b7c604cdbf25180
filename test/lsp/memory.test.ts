// The node entry's memory policy: after a validation's diagnostics went out, collect garbage on
// the next turn when the heap has grown past the threshold since the last collection; not more
// than once per turn, and not at all without `--expose-gc`.

import * as assert from 'node:assert/strict';
import { createCollector } from '../../server/src/node/memory';

const IDLE = 20;
/** Past the collector's idle wait. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, IDLE * 3));

describe('node/memory', () => {
  it('collects once the memory held grew past the threshold, and measures from there', async () => {
    let held = 100;
    let collections = 0;
    const collector = createCollector(
      () => {
        collections++;
        held = 110;
      },
      50,
      () => held,
      IDLE,
    )!;
    held = 140;
    collector.afterValidation();
    await nextTurn();
    assert.equal(collections, 0, 'below the threshold');
    held = 151;
    collector.afterValidation();
    await nextTurn();
    assert.equal(collections, 1);
    // The baseline is now 110, as measured after the collection.
    held = 150;
    collector.afterValidation();
    await nextTurn();
    assert.equal(collections, 1);
    held = 161;
    collector.afterValidation();
    await nextTurn();
    assert.equal(collections, 2);
    assert.equal(collector.collections, 2);
  });

  it('collects at most once for several validations in one turn, after they are done', async () => {
    let held = 0;
    let collections = 0;
    const collector = createCollector(
      () => void collections++,
      10,
      () => held,
      IDLE,
    )!;
    held = 100;
    collector.afterValidation();
    collector.afterValidation();
    collector.afterValidation();
    assert.equal(collections, 0, 'not during the turn that sent the diagnostics');
    await nextTurn();
    assert.equal(collections, 1);
  });

  it('waits for the server to be idle: each validation moves the collection later', async () => {
    let collections = 0;
    let held = 0;
    const collector = createCollector(
      () => void collections++,
      10,
      () => held,
      IDLE,
    )!;
    held = 1_000;
    for (let k = 0; k < 5; k++) {
      collector.afterValidation();
      await new Promise((resolve) => setTimeout(resolve, IDLE / 2));
    }
    assert.equal(collections, 0, 'not while validations keep coming');
    await nextTurn();
    assert.equal(collections, 1, 'once, after the last one');
  });

  it('does nothing without a gc function (no --expose-gc)', () => {
    assert.equal(createCollector(undefined), undefined);
  });
});
