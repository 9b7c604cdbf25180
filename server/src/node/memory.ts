// Memory while a large document is edited: every keystroke makes a new copy of the document's
// text (a megabyte or two for a 1 MB file) and V8 lets the heap grow a long way before it
// collects, so a server that edits a large file all day would hold far more memory than it uses.
// After diagnostics of a version went out, the server is done with that edit: if the heap has
// grown by more than a threshold since the last collection, it collects there, once, and the
// heap stays near what is really in use. Needs `--expose-gc` (the launchers pass it); without it
// V8's own schedule applies.

/** Growth of the heap and of memory held outside it for the heap's objects (buffers), in bytes, that makes the server collect after a validation. */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

/** Memory the process's JavaScript objects hold: the used heap and what they hold outside it. */
function heldMemory(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

export interface Collector {
  /** Called when a validation's diagnostics were sent; collects on the next turn if the heap grew enough. */
  afterValidation(): void;
  /** How many collections it ran (for tests and the log). */
  readonly collections: number;
}

/** A collector, or undefined when the process was not started with `--expose-gc`. */
export function createCollector(
  gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc,
  threshold = COLLECT_AFTER_BYTES,
  usedHeap: () => number = heldMemory,
): Collector | undefined {
  if (!gc) return undefined;
  let baseline = usedHeap();
  let pending = false;
  let collections = 0;
  return {
    afterValidation() {
      if (pending) return;
      pending = true;
      // After the diagnostics are written, not before.
      setImmediate(() => {
        pending = false;
        if (usedHeap() - baseline < threshold) return;
        gc();
        collections++;
        baseline = usedHeap();
      });
    },
    get collections() {
      return collections;
    },
  };
}
