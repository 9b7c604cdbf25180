// The coalescer the server applies settings changes with, on a manual clock: a burst becomes one
// run after the quiet time, an endless storm still runs every max delay, triggers during a run
// lead to exactly one more run, and flush runs at once.

import * as assert from 'node:assert/strict';
import { Coalescer } from '../../server/src/lsp/coalesce';
import type { Timers } from '../../server/src/lsp/runtime';

/** Timers on a clock the test moves; only timeouts (the coalescer uses nothing else). */
class ManualClock implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  setInterval(): unknown {
    throw new Error('not used');
  }
  clearInterval(): void {}

  /** Moves the clock by `ms`, firing due timeouts in order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = end;
  }
}

/** Lets promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(task: () => Promise<void> = () => Promise.resolve()) {
  const clock = new ManualClock();
  const runs: number[] = [];
  const coalescer = new Coalescer(
    clock,
    50,
    500,
    async () => {
      runs.push(clock.now);
      await task();
    },
    () => clock.now,
  );
  return { clock, runs, coalescer };
}

describe('lsp/coalesce', () => {
  it('runs once for a burst, after the triggers have been quiet', async () => {
    const { clock, runs, coalescer } = setup();
    for (let i = 0; i < 1000; i++) coalescer.trigger();
    clock.advance(49);
    await settle();
    assert.deepEqual(runs, []);
    clock.advance(1);
    await settle();
    assert.deepEqual(runs, [50]);
    clock.advance(1000);
    await settle();
    assert.deepEqual(runs, [50]);
  });

  it('still runs every max delay while triggers never stop', async () => {
    const { clock, runs, coalescer } = setup();
    for (let t = 0; t < 1200; t += 10) {
      coalescer.trigger();
      clock.advance(10);
      await settle();
    }
    assert.deepEqual(runs, [500, 1000]);
  });

  it('runs once more, after the quiet time, for triggers that came during a run', async () => {
    let release!: () => void;
    const { clock, runs, coalescer } = setup(() => new Promise<void>((resolve) => (release = resolve)));
    coalescer.trigger();
    clock.advance(50);
    assert.deepEqual(runs, [50]);
    for (let i = 0; i < 10; i++) coalescer.trigger();
    clock.advance(100);
    assert.deepEqual(runs, [50], 'no second run while the first is running');
    release();
    await settle();
    clock.advance(50);
    await settle();
    assert.deepEqual(runs, [50, 200]);
    release();
  });

  it('flush runs at once and resolves when nothing is pending; dispose stops it', async () => {
    const { clock, runs, coalescer } = setup();
    await coalescer.flush();
    assert.deepEqual(runs, []);
    coalescer.trigger();
    await coalescer.flush();
    assert.deepEqual(runs, [0]);
    clock.advance(1000);
    await settle();
    assert.deepEqual(runs, [0]);
    coalescer.dispose();
    coalescer.trigger();
    clock.advance(1000);
    await settle();
    assert.deepEqual(runs, [0]);
  });
});
