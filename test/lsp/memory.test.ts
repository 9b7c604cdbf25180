// The node entry's memory policy: after a validation's diagnostics went out, collect garbage on
// the next turn when the heap has grown past the threshold since the last collection; not more
// than once per turn, and not at all without `--expose-gc`. After a longer rest, collect again
// while the young generation is larger than at start-up, so that V8 gives it back. And as each
// validation starts, a scavenge of the young generation alone, so the first request after the
// next keystroke does not run into one. A message from the client moves a pending collection
// to the next pause, so a request never waits behind one.

import * as assert from 'node:assert/strict';
import { createCollector, REST_TRIES } from '../../server/src/node/memory';

const IDLE = 20;
/** A rest that never comes within a test. */
const NEVER = 2_000_000_000;
/** Past the collector's idle wait. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, IDLE * 3));

describe('node/memory', () => {
  it('collects once the memory held grew past the threshold, and measures from there', async () => {
    let held = 100;
    let collections = 0;
    const collector = createCollector({
      gc: () => {
        collections++;
        held = 110;
      },
      threshold: 50,
      usedHeap: () => held,
      idleMs: IDLE,
      restMs: NEVER,
      youngGeneration: () => 0,
    })!;
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
    const collector = createCollector({
      gc: () => void collections++,
      threshold: 10,
      usedHeap: () => held,
      idleMs: IDLE,
      restMs: NEVER,
      youngGeneration: () => 0,
    })!;
    held = 100;
    collector.afterValidation();
    collector.afterValidation();
    collector.afterValidation();
    assert.equal(collections, 0, 'not during the turn that sent the diagnostics');
    await nextTurn();
    assert.equal(collections, 1);
  });

  it('scavenges the young generation as each validation starts, and only then', async () => {
    let scavenges = 0;
    let collections = 0;
    const collector = createCollector({
      gc: () => void collections++,
      scavenge: () => void scavenges++,
      threshold: Number.MAX_SAFE_INTEGER,
      usedHeap: () => 0,
      idleMs: IDLE,
      restMs: NEVER,
      youngGeneration: () => 0,
    })!;
    collector.beforeValidation();
    assert.equal(scavenges, 1, 'at once, before the validation allocates');
    collector.afterValidation();
    await nextTurn();
    assert.equal(scavenges, 1, 'not after the validation');
    collector.beforeValidation();
    assert.equal(collector.scavenges, 2);
    assert.equal(collections, 0, 'no full collection below the threshold');
  });

  it("leaves the young generation to V8 when its gc is not V8's own", () => {
    let collections = 0;
    const collector = createCollector({
      gc: () => void collections++,
      threshold: Number.MAX_SAFE_INTEGER,
      usedHeap: () => 0,
      idleMs: IDLE,
      restMs: NEVER,
      youngGeneration: () => 0,
    })!;
    collector.beforeValidation();
    assert.equal(collections, 0);
    assert.equal(collector.scavenges, 0);
  });

  it('waits for the client to pause: each message moves a pending collection later', async () => {
    // Messages 25 ms apart against an idle time ten times as long (see the test below).
    const idleMs = 250;
    let collections = 0;
    let held = 0;
    const collector = createCollector({
      gc: () => void collections++,
      threshold: 10,
      usedHeap: () => held,
      idleMs,
      restMs: NEVER,
      youngGeneration: () => 0,
    })!;
    held = 1_000;
    collector.afterValidation();
    for (let k = 0; k < 20; k++) {
      await new Promise((resolve) => setTimeout(resolve, idleMs / 10));
      collector.clientMessage();
    }
    assert.equal(collections, 0, 'not while the client keeps typing, past the idle time after the validation');
    await new Promise((resolve) => setTimeout(resolve, idleMs * 3));
    assert.equal(collections, 1, 'once, after the last message');
    collector.clientMessage();
    await new Promise((resolve) => setTimeout(resolve, idleMs * 2));
    assert.equal(collections, 1, 'a message with no collection pending starts none');
  });

  it('waits for the server to be idle: each validation moves the collection later', async () => {
    // Validations 25 ms apart against an idle time ten times as long, so that a loaded machine
    // that runs a timer late still sends the next validation before the server counts as idle.
    const idleMs = 250;
    let collections = 0;
    let held = 0;
    const collector = createCollector({
      gc: () => void collections++,
      threshold: 10,
      usedHeap: () => held,
      idleMs,
      restMs: NEVER,
      youngGeneration: () => 0,
    })!;
    held = 1_000;
    for (let k = 0; k < 5; k++) {
      collector.afterValidation();
      await new Promise((resolve) => setTimeout(resolve, idleMs / 10));
    }
    assert.equal(collections, 0, 'not while validations keep coming');
    await new Promise((resolve) => setTimeout(resolve, idleMs * 3));
    assert.equal(collections, 1, 'once, after the last one');
  });

  describe('at rest', () => {
    // A rest ten times as long as the gaps between validations below, so that a loaded machine
    // that runs a timer late still sends the next validation before the server counts as resting.
    const REST = 250;
    const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

    /**
     * A collector whose gc shrinks the young generation to `shrinksTo` from its `shrinksAt`-th
     * collection on (V8 decides whether it does).
     */
    function resting(young: { size: number }, shrinksTo: number, shrinksAt = 1) {
      let collections = 0;
      const collector = createCollector({
        gc: () => {
          collections++;
          if (collections >= shrinksAt) young.size = shrinksTo;
        },
        threshold: Number.MAX_SAFE_INTEGER,
        usedHeap: () => 0,
        idleMs: IDLE,
        restMs: REST,
        retryMs: REST / 2,
        youngGeneration: () => young.size,
      })!;
      return { collector, collections: () => collections };
    }

    it('collects once at rest when the young generation grew since start-up, and not again once it shrank', async () => {
      const young = { size: 2 };
      const { collector, collections } = resting(young, 2);
      young.size = 16;
      collector.afterValidation();
      await sleep(REST / 2);
      assert.equal(collections(), 0, 'not before the rest');
      await sleep(REST * 2);
      assert.equal(collections(), 1);
      await sleep(REST * 4);
      assert.equal(collections(), 1, 'the young generation is back to its size at start-up');
    });

    it('does not collect at rest when the young generation never grew', async () => {
      const young = { size: 2 };
      const { collector, collections } = resting(young, 2);
      collector.afterValidation();
      await sleep(REST * 3);
      assert.equal(collections(), 0);
    });

    it('collects a second time at once when the first left the young generation as it was', async () => {
      const young = { size: 2 };
      const { collector, collections } = resting(young, 2, 2);
      young.size = 16;
      collector.afterValidation();
      await sleep(REST * 1.25);
      assert.equal(collections(), 2, 'both in the rest, before any retry');
      assert.equal(young.size, 2);
      await sleep(REST * 3);
      assert.equal(collections(), 2);
    });

    it('tries again a little later while V8 keeps the young generation, a bounded number of times', async () => {
      const young = { size: 2 };
      const { collector, collections } = resting(young, 16);
      young.size = 16;
      collector.afterValidation();
      await sleep(REST * (REST_TRIES + 3));
      assert.equal(collections(), 2 * REST_TRIES, 'two collections a try');
    });

    it('waits for the rest: each validation moves it later', async () => {
      const young = { size: 2 };
      const { collector, collections } = resting(young, 2);
      young.size = 16;
      for (let k = 0; k < 6; k++) {
        collector.afterValidation();
        await sleep(REST / 10);
      }
      assert.equal(collections(), 0, 'not while validations keep coming');
      await sleep(REST * 2);
      assert.equal(collections(), 1);
    });

    it('waits for the rest: each message from the client moves it later', async () => {
      const young = { size: 2 };
      const { collector, collections } = resting(young, 2);
      young.size = 16;
      collector.afterValidation();
      for (let k = 0; k < 15; k++) {
        await sleep(REST / 10);
        collector.clientMessage();
      }
      assert.equal(collections(), 0, 'not while requests keep coming, past the rest after the validation');
      await sleep(REST * 2);
      assert.equal(collections(), 1);
    });
  });

  it('does nothing without a gc function (no --expose-gc)', () => {
    assert.equal(createCollector({ gc: undefined }), undefined);
  });
});
