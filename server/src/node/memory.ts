// Memory while a large document is edited: every keystroke makes a new copy of the document's
// text (a megabyte or two for a 1 MB file) and V8 lets the heap grow a long way before it
// collects, so a server that edits a large file all day would hold far more memory than it uses.
// After diagnostics of a version went out and the server has been idle for a moment (so no
// request waits for it), if the heap has grown by more than a threshold since the last
// collection, it collects, once, and the heap stays near what is really in use. Needs `--expose-gc` (the launchers pass it); without it
// V8's own schedule applies.

/** Growth of the heap and of memory held outside it for the heap's objects (buffers), in bytes, that makes the server collect after a validation. */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

/** Memory the process's JavaScript objects hold: the used heap and what they hold outside it. */
function heldMemory(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

export interface Collector {
  /** Called when a validation's diagnostics were sent; collects once the server is idle, if the heap grew enough. */
  afterValidation(): void;
  /** How many collections it ran (for tests and the log). */
  readonly collections: number;
}

/**
 * How long after the last validation the server waits before it collects: a full collection of a
 * large document's heap takes tens of milliseconds, and a request that arrives during it waits.
 * While the user types, validations come more often than this and the collection waits for a pause.
 */
export const COLLECT_WHEN_IDLE_MS = 400;

/** A collector, or undefined when the process was not started with `--expose-gc`. */
export function createCollector(
  gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc,
  threshold = COLLECT_AFTER_BYTES,
  usedHeap: () => number = heldMemory,
  idleMs = COLLECT_WHEN_IDLE_MS,
): Collector | undefined {
  if (!gc) return undefined;
  let baseline = usedHeap();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let collections = 0;
  return {
    afterValidation() {
      // After the diagnostics are written, and only once the server has been idle for a while:
      // each new validation moves the collection later.
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (usedHeap() - baseline < threshold) return;
        gc();
        collections++;
        baseline = usedHeap();
      }, idleMs);
      timer.unref?.();
    },
    get collections() {
      return collections;
    },
  };
}
