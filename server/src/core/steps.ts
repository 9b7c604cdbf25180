// Work in steps: a generator that pauses (yields) between pieces of a long computation, so that a
// single-threaded server can run other work between them (validation, the message preview and
// its page are written this way). Where nothing needs to run in between, it is run to its end.

/** Runs `steps` to their end and returns their result. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
