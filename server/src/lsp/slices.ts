// Long work in slices: validation and the preview run their steps for a few milliseconds, then
// read the messages that arrived in the meantime (a keystroke, a completion, a `$/cancelRequest`)
// before they go on, so a large document never holds up what the user waits for (issue #17).

import type { Timers } from './runtime';

/**
 * The longest stretch of preview work between two looks at the message queue: the preview gives
 * way to keystrokes, completion and validation (issue #17), so a keystroke that arrives while a
 * page is being drawn waits at most about this long for it.
 */
export const PREVIEW_SLICE_MS = 4;
/**
 * The same for validation: between two looks at the message queue it runs this long, and then
 * to the end of its current step (a few chunks, or one rule about the whole command), so a
 * completion typed while a large document is validated waits for one step, not the validation.
 */
export const VALIDATE_SLICE_MS = 4;

/** Lets messages already received (a `$/cancelRequest`) be read before work starts or goes on. */
export function yieldToMessages(timers: Timers): Promise<void> {
  return new Promise<void>((resolve) => timers.setTimeout(resolve, 0));
}

/**
 * Runs `steps` to the end in slices of about `sliceMs` (whole steps), calling `pause` between
 * slices; after each pause `stale` may end it with its answer instead.
 */
export async function runInSlices<T, E>(
  steps: Generator<void, T, void>,
  sliceMs: number,
  pause: () => Promise<void>,
  stale: () => E | undefined,
): Promise<{ done: T } | { stale: E }> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return { done: step.value };
    if (performance.now() - sliceStart >= sliceMs) {
      await pause();
      const why = stale();
      if (why !== undefined) return { stale: why };
      sliceStart = performance.now();
    }
  }
}
