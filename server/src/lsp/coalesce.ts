// Coalescing bursts of triggers into few runs of one task: a run starts once triggers have been
// quiet for a while (or, in an endless storm, a bounded time after the first unserved one), one
// run at a time, and triggers during a run lead to one more run after it. The server applies
// settings changes this way, so a thousand changes rebuild the catalog provider a few times,
// not a thousand.

import type { Timers } from './runtime';

export class Coalescer {
  private timer: unknown;
  /** When the oldest trigger not yet served arrived (ms since the epoch). */
  private since: number | undefined;
  private dirty = false;
  private running: Promise<void> | undefined;
  private disposed = false;

  constructor(
    private readonly timers: Timers,
    /** A run starts after this long without a trigger... */
    private readonly quietMs: number,
    /** ...or at the latest this long after the oldest unserved trigger. */
    private readonly maxDelayMs: number,
    /** The work; it must not reject (the caller's error boundary belongs inside it). */
    private readonly task: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for a run. */
  trigger(): void {
    if (this.disposed) return;
    this.dirty = true;
    this.since ??= this.now();
    // A run in progress arms the timer again when it ends.
    if (!this.running) this.arm();
  }

  /** Runs at once when a run is wanted, and resolves when none is wanted or running. */
  async flush(): Promise<void> {
    while (!this.disposed) {
      if (this.running) {
        await this.running;
        continue;
      }
      this.timers.clearTimeout(this.timer);
      if (!this.dirty) return;
      await this.run();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.timers.clearTimeout(this.timer);
  }

  private arm(): void {
    this.timers.clearTimeout(this.timer);
    const waited = this.now() - (this.since ?? this.now());
    this.timer = this.timers.setTimeout(
      () => void this.run(),
      Math.max(0, Math.min(this.quietMs, this.maxDelayMs - waited)),
    );
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    if (this.disposed) return Promise.resolve();
    this.dirty = false;
    this.since = undefined;
    this.running = this.task().finally(() => {
      this.running = undefined;
      if (this.dirty && !this.disposed) this.arm();
    });
    return this.running;
  }
}
