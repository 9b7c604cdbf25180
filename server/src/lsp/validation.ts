// When open documents are validated and their diagnostics published: a validation is scheduled a
// short while after an edit (edits in between restart the wait), runs in slices with the message
// queue read between them, and one validation per document runs at a time. Others ask it whether
// validation is idle (the preview waits for that) and tell it when a document closed. For a
// client that pulls diagnostics, the results go to a listener (pullDiagnostics.ts) instead.

import type { Diagnostic } from 'vscode-languageserver-types';
import { runInSlices, VALIDATE_SLICE_MS } from './slices';
import type { Session } from './session';

/** Delay between the last edit and validation; edits in between restart it. */
export const VALIDATE_DELAY_MS = 75;

export class ValidationScheduler {
  private readonly pending = new Map<string, unknown>();
  /** Per document, the number of the latest validation started: an older one stops at its next pause. */
  private readonly tickets = new Map<string, number>();
  /** Validations started and not finished (waiting for the catalog, or running). */
  private running = 0;
  /** Wakes whatever waits for validation to be idle (the preview); each waiter looks again. */
  private waiters: Array<() => void> = [];
  /** Documents whose validation has started and not finished. */
  private readonly runningUris = new Map<string, number>();
  /**
   * Takes the diagnostics of each validated version instead of publishing them (a client that
   * pulls diagnostics asks for them); unset, they are published.
   */
  onValidated: ((uri: string, version: number, diagnostics: Diagnostic[]) => void) | undefined;

  constructor(
    private readonly session: Session,
    /** Settles when the local catalog is loaded, or its bounded wait is over. */
    private readonly ready: () => Promise<void>,
  ) {}

  /** Validates `uri` after `delay` ms, replacing a validation of it scheduled and not yet started. */
  schedule(uri: string, delay: number): void {
    const timers = this.session.timers;
    const pending = this.pending.get(uri);
    if (pending !== undefined) timers.clearTimeout(pending);
    this.pending.set(
      uri,
      timers.setTimeout(() => {
        this.pending.delete(uri);
        void this.validate(uri);
      }, delay),
    );
  }

  /** Validates every open document at once (the catalog or the settings changed). */
  revalidateAll(): void {
    for (const doc of this.session.documents.all()) this.schedule(doc.uri, 0);
  }

  /** A validation of `uri` is scheduled or running. */
  busyWith(uri: string): boolean {
    return this.pending.has(uri) || this.runningUris.has(uri);
  }

  /** No validation is scheduled or running. */
  get idle(): boolean {
    return this.pending.size === 0 && this.running === 0;
  }

  /** Resolves once no validation is scheduled or running (or at once when none is). */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** A document closed: its scheduled validation is dropped and a running one stops at its next pause. */
  forget(uri: string): void {
    const pending = this.pending.get(uri);
    if (pending !== undefined) this.session.timers.clearTimeout(pending);
    this.pending.delete(uri);
    this.tickets.delete(uri);
    this.wakeWaiters();
  }

  /** Drops every scheduled validation and wakes the waiters (the server is stopping). */
  dispose(): void {
    for (const t of this.pending.values()) this.session.timers.clearTimeout(t);
    this.pending.clear();
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async validate(uri: string): Promise<void> {
    this.running++;
    this.runningUris.set(uri, (this.runningUris.get(uri) ?? 0) + 1);
    try {
      await this.validateNow(uri);
    } finally {
      this.running--;
      const left = (this.runningUris.get(uri) ?? 1) - 1;
      if (left > 0) this.runningUris.set(uri, left);
      else this.runningUris.delete(uri);
      this.wakeWaiters();
    }
  }

  private async validateNow(uri: string): Promise<void> {
    const { session } = this;
    const { documents } = session;
    const doc = documents.get(uri);
    if (!doc || session.disposed) return;
    const version = doc.version;
    await this.ready();
    // A newer version or a close since: that one has (or needs) its own validation.
    if (documents.get(uri) !== doc || doc.version !== version || session.disposed) return;
    // In slices, reading messages between them: requests are answered while a large document is
    // validated. One validation per document runs at a time: one that a newer validation of the
    // document overtakes stops at its next pause (so a burst of edits never keeps several
    // analyses of a large document alive at once); one overtaken only by an edit runs to its end
    // (what it remembers lets the next version carry its findings over) but is not published.
    const ticket = (this.tickets.get(uri) ?? 0) + 1;
    this.tickets.set(uri, ticket);
    const diagnostics = await session.contain(
      `validating ${uri}`,
      async () => {
        session.runtime.beforeValidation?.();
        const run = await runInSlices(
          session.service.validateSteps(doc),
          VALIDATE_SLICE_MS,
          () => session.yieldToMessages(),
          () =>
            session.disposed || documents.get(uri) !== doc
              ? 'closed'
              : this.tickets.get(uri) !== ticket
                ? 'overtaken'
                : undefined,
        );
        if (!('done' in run) || doc.version !== version) return undefined;
        return session.outgoing(doc).diagnostics(run.done);
      },
      () => undefined,
    );
    if (diagnostics) {
      if (this.onValidated) this.onValidated(uri, version, diagnostics);
      else session.post(() => session.connection.sendDiagnostics({ uri, version, diagnostics }));
      session.runtime.afterValidation?.();
    }
  }
}
