// The node entry's memory policy: after a validation's diagnostics went out, collect garbage on
// the next turn when the heap has grown past the threshold since the last collection; not more
// than once per turn, and not at all without `--expose-gc`; a moment later once more when the old
// generation kept much room it does not use. After a longer rest, collect again
// while the young generation is larger than at start-up, so that V8 gives it back. And as each
// validation starts, a scavenge of the young generation alone, so the first request after the
// next keystroke does not run into one. A message from the client moves a pending collection
// to the next pause, so a request never waits behind one.

import * as assert from 'node:assert/strict';
import { createCollector, REST_TRIES, type Collector } from '../../server/src/node/memory';

const IDLE = 20;
/** A rest that never comes within a test. */
const NEVER = 2_000_000_000;
/** Past the collector's idle wait. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, IDLE * 3));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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
      unusedRoom: () => 0,
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
      unusedRoom: () => 0,
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
      unusedRoom: () => 0,
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
      unusedRoom: () => 0,
    })!;
    collector.beforeValidation();
    assert.equal(collections, 0);
    assert.equal(collector.scavenges, 0);
  });

  /**
   * A pending idle collection, with `postpone` called ten times within each idle time for twice
   * that time (ten times, so that a loaded machine that runs a timer late still postpones it
   * before the server counts as idle); then the pause after the last call.
   */
  async function postponedBy(postpone: (collector: Collector) => void) {
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
      unusedRoom: () => 0,
    })!;
    held = 1_000;
    collector.afterValidation();
    for (let k = 0; k < 20; k++) {
      await sleep(idleMs / 10);
      postpone(collector);
    }
    assert.equal(collections, 0, 'not while they keep coming, past the idle time after the validation');
    await sleep(idleMs * 3);
    assert.equal(collections, 1, 'once, after the last one');
    return { collector, idleMs, collections: () => collections };
  }

  it('waits for the client to pause: each message moves a pending collection later', async () => {
    const { collector, idleMs, collections } = await postponedBy((c) => c.clientMessage());
    collector.clientMessage();
    await sleep(idleMs * 2);
    assert.equal(collections(), 1, 'a message with no collection pending starts none');
  });

  it('waits for the server to be idle: each validation moves the collection later', async () => {
    await postponedBy((c) => c.afterValidation());
  });

  describe('the second collection when the old generation kept room it does not use', () => {
    /** A collector whose heap holds `room.bytes` unused after each collection. */
    function compacting(room: { bytes: number }, compactMs = IDLE) {
      let collections = 0;
      let held = 0;
      const collector = createCollector({
        gc: () => {
          collections++;
          // Each collection finds garbage that grew past the threshold: only the room decides.
          held = 0;
        },
        threshold: 10,
        usedHeap: () => held,
        idleMs: IDLE,
        compactMs,
        compactThreshold: 100,
        restMs: NEVER,
        youngGeneration: () => 0,
        unusedRoom: () => room.bytes,
      })!;
      held = 1_000;
      return { collector, collections: () => collections };
    }

    it('collects again a moment after the idle collection, and only then', async () => {
      const room = { bytes: 500 };
      const { collector, collections } = compacting(room);
      collector.afterValidation();
      await sleep(IDLE * 1.5);
      assert.equal(collections(), 1, 'the idle collection first, alone');
      room.bytes = 0;
      await sleep(IDLE * 3);
      assert.equal(collections(), 2);
      await sleep(IDLE * 3);
      assert.equal(collections(), 2, 'one second collection, not one per turn');
    });

    it('does not collect again when the idle collection left little room unused', async () => {
      const { collector, collections } = compacting({ bytes: 99 });
      collector.afterValidation();
      await sleep(IDLE * 5);
      assert.equal(collections(), 1);
    });

    it('collects at idle when the heap holds that room without having grown (V8 collected in the burst)', async () => {
      const room = { bytes: 500 };
      let collections = 0;
      const collector = createCollector({
        gc: () => {
          collections++;
          room.bytes = 0;
        },
        threshold: 10,
        usedHeap: () => 0,
        idleMs: IDLE,
        compactThreshold: 100,
        restMs: NEVER,
        youngGeneration: () => 0,
        unusedRoom: () => room.bytes,
      })!;
      collector.afterValidation();
      await sleep(IDLE * 5);
      assert.equal(collections, 1, 'once: the collection gave the room back');
      collector.afterValidation();
      await sleep(IDLE * 5);
      assert.equal(collections, 1, 'not again with neither garbage nor room');
    });

    it('waits for the client to pause before the second collection too', async () => {
      const compactMs = 250;
      const { collector, collections } = compacting({ bytes: 500 }, compactMs);
      collector.afterValidation();
      await sleep(IDLE * 3);
      assert.equal(collections(), 1);
      for (let k = 0; k < 20; k++) {
        await sleep(compactMs / 10);
        collector.clientMessage();
      }
      assert.equal(collections(), 1, 'not while messages keep coming');
      await sleep(compactMs * 3);
      assert.equal(collections(), 2, 'once, after the last message');
    });
  });

  describe('at rest', () => {
    // A rest ten times as long as the gaps between validations below, so that a loaded machine
    // that runs a timer late still sends the next validation before the server counts as resting.
    const REST = 250;

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
        unusedRoom: () => 0,
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
