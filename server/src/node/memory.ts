// Memory while a large document is edited and while the server rests: every keystroke makes a
// new copy of the document's text (a megabyte or two for a 1 MB file) and V8 lets the heap grow a
// long way before it collects, and the young generation it grew while busy is never given back.
// After diagnostics of a version went out and the server has been idle for a moment (no message
// from the client, so no request waits for it), if the heap has grown by more than a threshold
// since the last collection or holds much more room than its objects use, it collects; a moment
// later it collects once more if the old generation still holds that room; after a longer rest
// it collects again so that V8 shrinks the young generation. And as each validation starts it
// empties the young generation (a scavenge), so the request that follows the next keystroke does
// not pay for one. Needs `--expose-gc` (the launchers pass it); without it V8's own schedule
// applies.

import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/** Growth of the heap and of memory held outside it for the heap's objects (buffers), in bytes, that makes the server collect after a validation. */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

/**
 * How long after the last validation the server waits before it collects: a full collection of a
 * large document's heap takes tens of milliseconds, and a request that arrives during it waits.
 * While the user types, validations come more often than this and the collection waits for a pause.
 */
export const COLLECT_WHEN_IDLE_MS = 400;

/**
 * How long after the idle collection the server collects once more when that collection left the
 * old generation holding much more room than its objects use (`COMPACT_AFTER_BYTES`). A full
 * collection gives back the pages it emptied but keeps those it left partly used; a second one
 * moves their objects together and gives them back too (V8 picks the pages to compact by what
 * its sweeping after the first found in them). After a validation of the 1 MB document the one
 * collection left 37 MB of old generation for 21 MB of objects, and the second 22 MB: the
 * process 90 MB a second after the diagnostics instead of 106 MB (docs/benchmarks.md). A message
 * from the client in between moves it later, as it does the first.
 */
export const COMPACT_AFTER_MS = 100;

/** Room the old generation holds beyond what its objects use, in bytes, that makes the idle collection run a second time. */
export const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

/**
 * How long after the last validation the server counts as resting. V8 shrinks its young
 * generation in a full collection only when the program allocated less than 1 KB a millisecond
 * over the last 5 seconds of its collections; the semi-spaces grown while a catalog was decoded
 * or a large document edited (up to 16 MB with `--max-semi-space-size=8`) are otherwise kept for
 * the process's life. Six seconds puts the rest's collection past that window.
 */
export const REST_AFTER_MS = 6000;

/** How long after a try at rest that left the young generation as it was the server tries again. */
export const REST_RETRY_MS = 2000;

/** Tries at rest (each one or two collections) before the server gives up on shrinking the young generation until the next validation. */
export const REST_TRIES = 3;

/** Memory the process's JavaScript objects hold: the used heap and what they hold outside it. */
function heldMemory(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/**
 * The room V8 holds for its heap beyond what the heap's objects use, in bytes, the young
 * generation left out (its two semi-spaces are its own, and given back only at rest).
 */
function unusedRoom(): number {
  const heap = getHeapStatistics();
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return heap.total_heap_size - (young?.space_size ?? 0) - (heap.used_heap_size - (young?.space_used_size ?? 0));
}

/** The bytes V8 holds for its young generation (both semi-spaces). */
function youngGeneration(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * V8's collection of the young generation only (a scavenge), as `--expose-gc` offers it. Run as
 * a validation starts (the user paused for the validation's debounce), it leaves the young
 * generation empty for the validation and the keystrokes and requests after it. Otherwise the
 * scavenge falls wherever the young generation fills up, and on a 1 MB document that was one
 * first request after a keystroke in six (its new text alone takes 2 MB of the young
 * generation's room), which then waited 2-9 ms for it.
 */
function scavenger(gc: (() => void) | undefined): (() => void) | undefined {
  if (!gc) return undefined;
  return () => (gc as (options: { type: 'minor' }) => void)({ type: 'minor' });
}

export interface Collector {
  /** Called when a validation's diagnostics were sent; collects once the server is idle, if the heap grew enough, and again at rest. */
  afterValidation(): void;
  /** Called as a validation starts: empties the young generation. */
  beforeValidation(): void;
  /** Called for each message from the client: a pending collection waits for the next pause. */
  clientMessage(): void;
  /** How many collections it ran (for tests and the log). */
  readonly collections: number;
  /** How many scavenges it ran before validations. */
  readonly scavenges: number;
}

export interface CollectorOptions {
  /** V8's collection; undefined when the process was not started with `--expose-gc`. */
  readonly gc?: (() => void) | undefined;
  /** V8's collection of the young generation; by default `gc({ type: 'minor' })` when `gc` is V8's own. */
  readonly scavenge?: (() => void) | undefined;
  readonly threshold?: number;
  readonly usedHeap?: () => number;
  readonly idleMs?: number;
  readonly compactMs?: number;
  readonly compactThreshold?: number;
  /** Room the heap holds beyond what it uses, in bytes, the young generation left out. */
  readonly unusedRoom?: () => number;
  readonly restMs?: number;
  readonly retryMs?: number;
  /** The young generation's size in bytes; the rest's collection runs while it is above its size at start-up. */
  readonly youngGeneration?: () => number;
}

/** A collector, or undefined when the process was not started with `--expose-gc`. */
export function createCollector(
  options: CollectorOptions = { gc: (globalThis as { gc?: () => void }).gc },
): Collector | undefined {
  const {
    gc,
    threshold = COLLECT_AFTER_BYTES,
    usedHeap = heldMemory,
    idleMs = COLLECT_WHEN_IDLE_MS,
    compactMs = COMPACT_AFTER_MS,
    compactThreshold = COMPACT_AFTER_BYTES,
    unusedRoom: unused = unusedRoom,
    restMs = REST_AFTER_MS,
    retryMs = REST_RETRY_MS,
    youngGeneration: young = youngGeneration,
    // V8's own gc takes the young generation alone when asked; a gc given by a test does not.
    scavenge = options.gc !== undefined && options.gc === (globalThis as { gc?: () => void }).gc
      ? scavenger(options.gc)
      : undefined,
  } = options;
  if (!gc) return undefined;
  let baseline = usedHeap();
  const youngAtStart = young();
  let idle: ReturnType<typeof setTimeout> | undefined;
  /** Whether the pending idle timer is the second collection's. */
  let compacting = false;
  let rest: ReturnType<typeof setTimeout> | undefined;
  let collections = 0;
  let scavenges = 0;
  const collect = () => {
    gc();
    collections++;
    baseline = usedHeap();
  };
  /** The tries left to the pending rest collection. */
  let restTries = REST_TRIES;
  const armIdle = (second: boolean) => {
    if (idle) clearTimeout(idle);
    compacting = second;
    idle = setTimeout(
      () => {
        idle = undefined;
        if (second) collect();
        // Garbage made since the last collection, or room left by one of V8's own: while a
        // client types without a pause V8 collects when it sees fit, and one of its collections
        // late in a burst leaves little garbage but the old generation's pages partly used.
        else if (usedHeap() - baseline >= threshold || unused() >= compactThreshold) {
          collect();
          if (unused() >= compactThreshold) armIdle(true);
        }
      },
      second ? compactMs : idleMs,
    );
    idle.unref?.();
  };
  const armRest = (tries: number, delay: number) => {
    if (rest) clearTimeout(rest);
    restTries = tries;
    rest = setTimeout(() => atRest(tries), delay);
    rest.unref?.();
  };
  const atRest = (tries: number) => {
    rest = undefined;
    if (young() <= youngAtStart) return;
    collect();
    // V8 judges the allocation by the collections before this one, and the one before the rest
    // was a busy one: a second collection at once is judged by the first, a quiet one.
    if (young() > youngAtStart) collect();
    // A request during the rest may have kept V8's measure of allocation above its bar: the next
    // try comes a little later, and the tries end with the next validation.
    if (tries > 1 && young() > youngAtStart) armRest(tries - 1, retryMs);
  };
  return {
    beforeValidation() {
      if (!scavenge) return;
      scavenge();
      scavenges++;
    },
    afterValidation() {
      // After the diagnostics are written, and only once the server has been idle for a while:
      // each new validation moves both collections later.
      armIdle(false);
      armRest(REST_TRIES, restMs);
    },
    clientMessage() {
      // A keystroke or a request: the user is at work, and a full collection started now would
      // fall on the answer they wait for (30-60 ms on a 1 MB document). A pending collection
      // waits for the next pause instead, counted from this message.
      if (idle) armIdle(compacting);
      if (rest) armRest(restTries, restMs);
    },
    get collections() {
      return collections;
    },
    get scavenges() {
      return scavenges;
    },
  };
}
