// Named steps of the VS Code test: each runs with a time bound, leaves a screenshot, and on
// failure reports its name, the reason, what was on screen in the parts of the workbench it
// looks at, and the screenshot's path. A failed step does not stop the later ones unless it is
// marked essential (nothing after it could work).

import { join } from 'node:path';
import type { Workbench } from './workbench';

export interface StepOptions {
  /** CSS selectors of the workbench parts this step looks at, described on failure. */
  readonly region?: readonly string[];
  /** The session cannot go on without this step. */
  readonly essential?: boolean;
  readonly timeoutMs?: number;
}

export interface StepResult {
  readonly name: string;
  readonly ok: boolean;
  /** False when the step was not run because an essential step before it failed. */
  readonly ran: boolean;
  readonly seconds: number;
  readonly screenshot?: string;
  readonly error?: string;
  readonly screen?: string;
}

const DEFAULT_STEP_MS = 90_000;

export class StepFailed extends Error {}

export class Steps {
  readonly results: StepResult[] = [];
  private count = 0;
  private aborted: string | undefined;

  constructor(
    private readonly screenshotDir: string,
    private readonly log: (line: string) => void,
  ) {}

  /** The step currently running, for a watchdog's message. */
  current: string | undefined;

  get failed(): StepResult[] {
    return this.results.filter((r) => !r.ok);
  }

  /** Lets the next steps run again after an essential step failed (a new session). */
  resume(): void {
    this.aborted = undefined;
  }

  /**
   * A screenshot in the middle of the running step, of a state the step then moves on from (an
   * open list or menu); the step's own screenshot is taken at its end.
   */
  async snapshot(workbench: Workbench, label: string): Promise<void> {
    const file = join(
      this.screenshotDir,
      `${String(this.count).padStart(2, '0')}-${slug(this.current ?? 'step')}-${slug(label)}.png`,
    );
    await workbench.page.screenshot({ path: file, timeout: 15_000 }).catch(() => undefined);
  }

  async run(workbench: Workbench, name: string, options: StepOptions, body: () => Promise<void>): Promise<boolean> {
    this.count += 1;
    const file = join(this.screenshotDir, `${String(this.count).padStart(2, '0')}-${slug(name)}.png`);
    if (this.aborted) {
      this.record({ name, ok: false, ran: false, seconds: 0, error: `not run: "${this.aborted}" failed` });
      return false;
    }
    this.current = name;
    const started = Date.now();
    const bound = options.timeoutMs ?? DEFAULT_STEP_MS;
    let timer: NodeJS.Timeout | undefined;
    let error: string | undefined;
    try {
      await Promise.race([
        body(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new StepFailed(`the step took longer than ${bound / 1000} s`)), bound);
        }),
      ]);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timer);
      this.current = undefined;
    }
    const seconds = (Date.now() - started) / 1000;
    let screenshot: string | undefined = file;
    await workbench.page.screenshot({ path: file, timeout: 15_000 }).catch(() => (screenshot = undefined));
    if (error === undefined) {
      this.record({ name, ok: true, ran: true, seconds, ...(screenshot ? { screenshot } : {}) });
      return true;
    }
    const screen = await workbench
      .describe(options.region ?? [])
      .catch((err: Error) => `(could not read the screen: ${err.message})`);
    this.record({ name, ok: false, ran: true, seconds, error, screen, ...(screenshot ? { screenshot } : {}) });
    if (options.essential) this.aborted = name;
    return false;
  }

  private record(result: StepResult): void {
    this.results.push(result);
    if (result.ok) {
      this.log(`  ok    ${result.name} (${result.seconds.toFixed(1)} s)`);
      return;
    }
    this.log(`  FAIL  ${result.name} (${result.seconds.toFixed(1)} s)`);
    this.log(indent(`why: ${result.error}`));
    if (result.screen) this.log(indent(`on screen:\n${indent(result.screen)}`));
    if (result.screenshot) this.log(indent(`screenshot: ${result.screenshot}`));
  }
}

/** Throws a step failure unless `condition` holds. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new StepFailed(message);
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `        ${l}`)
    .join('\n');
}
