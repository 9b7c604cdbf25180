// Diagnostics a client pulls (LSP 3.17), so the Problems view holds every BDScript file of the
// workspace, open or not. `textDocument/diagnostic` answers with the result of the document's
// validation (validation.ts hands it here instead of publishing it), with a result id so an
// unchanged document costs nothing to send. `workspace/diagnostic` walks the workspace folders
// (core/workspace.ts, through the files the runtime hands in; nothing outside the folders, no
// symbolic link) and checks the files that are not open, bounded by the settings' file count
// and size, one file at a time with the message queue read in between. When nothing changed it
// holds the request (a long poll) until a file, the folders, the catalog or the settings change.

import {
  type CancellationToken,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type Diagnostic,
  type DiagnosticServerCancellationData,
  type DocumentDiagnosticReport,
  type ResultProgressReporter,
  type WorkspaceDiagnosticReport,
  type WorkspaceDiagnosticReportPartialResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { findBdscriptFiles, isBdscriptFileName } from '../core/workspace';
import { isObject } from '../protocol/json';
import { documentUri } from './params';
import { internalError } from './requests';
import { messageOf } from '../protocol/errors';
import type { WorkspaceFiles } from './runtime';
import type { Session } from './session';
import { runInSlices, VALIDATE_SLICE_MS } from './slices';
import type { ValidationScheduler } from './validation';

/** How often a held workspace request looks at the files again when the client reports no file changes. */
export const RESCAN_MS = 30_000;
/** The same when the client reports file changes (`workspace/didChangeWatchedFiles`). */
export const WATCHED_RESCAN_MS = 5 * 60_000;
/** Reports sent together as one partial result of a workspace request. */
const PARTIAL_BATCH = 20;
/** The most previous result ids read from a request (one per file the client knows). */
const MAX_PREVIOUS_RESULTS = 100_000;
/** The glob the server asks the client to watch. */
const WATCH_PATTERN = '**/*.{bds,bdscript}';

/**
 * A URI compared by what it names: scheme and authority in lower case, the path decoded with its
 * dot segments resolved, no trailing slash.
 */
export function uriKey(uri: string): string {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/[^/?#]*)?([^?#]*)/.exec(uri);
  if (!m) return uri;
  let path = m[3] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: compare as written.
  }
  // Windows drive letters come in either case (`file:///C:/…`, `file:///c%3A/…`).
  path = withoutDotSegments(path)
    .replace(/^\/([A-Za-z]):/, (_, d: string) => `/${d.toLowerCase()}:`)
    .replace(/\/+$/, '');
  return `${(m[1] ?? '').toLowerCase()}:${(m[2] ?? '').toLowerCase()}${path}`;
}

/**
 * A path with `.` and `..` segments resolved, as a URL parser resolves them before the file is
 * opened: `/w/../etc/x.bds` is `/etc/x.bds`, which is not inside `/w`.
 */
function withoutDotSegments(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '.') continue;
    if (segment === '..') {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.join('/');
}

/** A 64-bit FNV-1a hash of the text in two 32-bit lanes, as hex: a file's content in its result id. */
function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return `${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}.${text.length}`;
}

/** The folders of the workspace from `initialize` params: `workspaceFolders`, else `rootUri`. */
export function workspaceFoldersOf(params: unknown): string[] {
  if (!isObject(params)) return [];
  const folders = params['workspaceFolders'];
  if (Array.isArray(folders)) {
    return folders
      .slice(0, 100)
      .map((f) => (isObject(f) ? f['uri'] : undefined))
      .filter((u): u is string => typeof u === 'string');
  }
  const root = params['rootUri'];
  return typeof root === 'string' ? [root] : [];
}

/** A diagnostic request's error, with the data the protocol gives it. */
type DocumentError = ResponseError<DiagnosticServerCancellationData>;

/**
 * The answer to a request that stopped before its report: the client cancelled it, or the server
 * is going down. A client cancels a document pull because the user typed on, and pulls again once
 * this answer comes, unless it says not to: `retriggerRequest: false` there made VS Code's client
 * drop the pull of the last version typed, whose findings then never showed. Only a server going
 * down says not to ask again.
 */
const cancelled = (serverStopping: boolean): DocumentError =>
  new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled', { retriggerRequest: !serverStopping });

/** The result ids a client holds, by URI key, and the URIs as it wrote them. */
interface Previous {
  readonly ids: ReadonlyMap<string, string>;
  readonly uris: ReadonlyMap<string, string>;
}

/** The latest validation of an open document. */
interface OpenResult {
  readonly version: number;
  readonly generation: number;
  readonly items: Diagnostic[];
}

export class PullDiagnostics {
  /** The latest validation of each open document. */
  private readonly results = new Map<string, OpenResult>();
  /** Document requests waiting for a validation, by URI. */
  private readonly documentWaiters = new Map<string, Set<() => void>>();
  /** Workspace requests waiting for a change. */
  private workspaceWaiters = new Set<() => void>();
  /** Counts changes that concern the workspace report, so one that comes during a look is not lost. */
  private workspaceChanges = 0;
  private folders: string[] = [];
  /** The file cap the user was told about (once per value). */
  private toldCap: number | undefined;
  private watching = false;

  constructor(
    private readonly session: Session,
    private readonly validation: ValidationScheduler,
    private readonly ready: () => Promise<void>,
    private readonly files: WorkspaceFiles | undefined,
  ) {}

  /** Whether the client pulls: set from its capabilities at `initialize`. */
  get active(): boolean {
    return this.session.abilities.diagnosticPull;
  }

  /** Whether the workspace's files are checked: the client pulls and the runtime can read them. */
  get workspace(): boolean {
    return this.active && this.files !== undefined;
  }

  /** Takes the folders from `initialize`, and validation results from the scheduler when the client pulls. */
  initialize(params: unknown): void {
    this.folders = workspaceFoldersOf(params);
    this.validation.onValidated = this.active
      ? (uri, version, items) => {
          this.results.set(uri, { version, generation: this.session.configGeneration, items });
          this.wakeDocument(uri);
        }
      : undefined;
  }

  /** After `initialized`: asks the client to report changes of BDScript files, when it can. */
  watchFiles(): void {
    if (!this.workspace || !this.session.abilities.watchedFilesRegistration) return;
    this.session.connection.client
      .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCH_PATTERN }] })
      .then(
        () => (this.watching = true),
        (err: unknown) => this.session.log.warn(`registering a file watcher failed: ${messageOf(err)}`),
      );
  }

  /** `workspace/didChangeWorkspaceFolders`: folders added and removed. */
  foldersChanged(params: unknown): void {
    const event = isObject(params) ? params['event'] : undefined;
    if (!isObject(event)) return;
    const uris = (list: unknown): string[] =>
      Array.isArray(list)
        ? list.map((f) => (isObject(f) ? f['uri'] : undefined)).filter((u): u is string => typeof u === 'string')
        : [];
    const removed = new Set(uris(event['removed']).map(uriKey));
    this.folders = [...this.folders.filter((f) => !removed.has(uriKey(f))), ...uris(event['added'])].slice(0, 100);
    this.wakeWorkspace();
  }

  /** Files changed on disk (`workspace/didChangeWatchedFiles`). */
  filesChanged(): void {
    this.wakeWorkspace();
  }

  /** A document changed: a request waiting for its old version looks again. */
  documentChanged(uri: string): void {
    this.wakeDocument(uri);
  }

  /** A document closed: its result goes, and the workspace report takes the file back. */
  documentClosed(uri: string): void {
    this.results.delete(uri);
    this.wakeDocument(uri);
    this.wakeWorkspace();
  }

  /** The catalog or the settings changed: every result is stale; the client is asked to pull again. */
  configChanged(): void {
    if (!this.active) return;
    this.wakeWorkspace();
    if (this.session.started && !this.session.disposed && this.session.abilities.diagnosticRefresh)
      this.session.post(() => this.session.connection.languages.diagnostics.refresh());
  }

  dispose(): void {
    for (const waiters of this.documentWaiters.values()) for (const wake of waiters) wake();
    this.documentWaiters.clear();
    this.wakeWorkspace();
  }

  // ---- textDocument/diagnostic ----------------------------------------------------------------

  /** `textDocument/diagnostic`: the diagnostics of an open document, or of a closed file of the workspace. */
  async document(raw: unknown, token: CancellationToken): Promise<DocumentDiagnosticReport | DocumentError> {
    const method = 'textDocument/diagnostic';
    return this.session.contain<DocumentDiagnosticReport | DocumentError>(
      method,
      async () => {
        await this.ready();
        const uri = documentUri(raw);
        const previous = isObject(raw) && typeof raw['previousResultId'] === 'string' ? raw['previousResultId'] : '';
        for (;;) {
          if (token.isCancellationRequested || this.session.disposed) return cancelled(this.session.disposed);
          const doc = uri === undefined ? undefined : this.session.documents.get(uri);
          if (!doc || uri === undefined) return this.closedFile(uri, previous, token);
          const result = this.results.get(uri);
          const generation = this.session.configGeneration;
          if (result && result.version === doc.version && result.generation === generation) {
            const resultId = `open.${generation}.${doc.version}`;
            return resultId === previous
              ? { kind: DocumentDiagnosticReportKind.Unchanged, resultId }
              : { kind: DocumentDiagnosticReportKind.Full, resultId, items: result.items };
          }
          // The version asked for is validated once the scheduler gets to it; start it if nothing is due.
          if (!this.validation.busyWith(uri)) this.validation.schedule(uri, 0);
          await this.nextDocumentEvent(uri, token);
        }
      },
      (err) =>
        new ResponseError(ErrorCodes.InternalError, internalError(method, err).message, { retriggerRequest: false }),
    );
  }

  private nextDocumentEvent(uri: string, token: CancellationToken): Promise<void> {
    return new Promise<void>((resolve) => {
      let waiters = this.documentWaiters.get(uri);
      if (!waiters) this.documentWaiters.set(uri, (waiters = new Set()));
      const wake = (): void => {
        waiters.delete(wake);
        if (waiters.size === 0 && this.documentWaiters.get(uri) === waiters) this.documentWaiters.delete(uri);
        subscription.dispose();
        resolve();
      };
      waiters.add(wake);
      const subscription = token.onCancellationRequested(wake);
    });
  }

  private wakeDocument(uri: string): void {
    const waiters = this.documentWaiters.get(uri);
    if (waiters) for (const wake of [...waiters]) wake();
  }

  /** A document that is not open: a file of the workspace is read and checked; anything else has no diagnostics. */
  private async closedFile(
    uri: string | undefined,
    previous: string,
    token: CancellationToken,
  ): Promise<DocumentDiagnosticReport | DocumentError> {
    const empty: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };
    if (uri === undefined || !this.files || !this.inWorkspace(uri)) return empty;
    const key = uriKey(uri);
    const report = await this.fileReport(uri, { ids: new Map([[key, previous]]), uris: new Map([[key, uri]]) }, token);
    if (report === 'cancelled') return cancelled(this.session.disposed);
    if (!report) return empty;
    return report.kind === DocumentDiagnosticReportKind.Full
      ? { kind: report.kind, items: report.items, ...(report.resultId ? { resultId: report.resultId } : {}) }
      : { kind: report.kind, resultId: report.resultId };
  }

  // ---- workspace/diagnostic -------------------------------------------------------------------

  /**
   * `workspace/diagnostic`: a report per BDScript file of the workspace folders that is not open
   * (full, or unchanged when its content and the configuration are as the client last heard), and
   * an empty one for each file the client knows that is gone. When every file is unchanged the
   * request is held until something changes, then looked at again.
   */
  async workspaceDiagnostics(
    raw: unknown,
    token: CancellationToken,
    progress: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport | DocumentError> {
    const method = 'workspace/diagnostic';
    return this.session.contain<WorkspaceDiagnosticReport | DocumentError>(
      method,
      async () => {
        await this.ready();
        const previous = previousResults(raw);
        const partial = isObject(raw) && raw['partialResultToken'] !== undefined ? progress : undefined;
        for (;;) {
          const changes = this.workspaceChanges;
          const pass = await this.workspacePass(previous, token, partial);
          if (pass === 'cancelled') return cancelled(this.session.disposed);
          if (pass !== 'unchanged') return { items: pass };
          // Nothing to tell: hold the request until something changes (or changed during the look), then look again.
          if (changes === this.workspaceChanges) await this.nextWorkspaceEvent(token);
          if (token.isCancellationRequested || this.session.disposed) return cancelled(this.session.disposed);
        }
      },
      (err) =>
        new ResponseError(ErrorCodes.InternalError, internalError(method, err).message, { retriggerRequest: false }),
    );
  }

  /**
   * One look at the workspace: the reports not yet sent as partial results, 'unchanged' when no
   * file needs a full report (nothing was sent then), or 'cancelled'.
   */
  private async workspacePass(
    previous: Previous,
    token: CancellationToken,
    partial: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDocumentDiagnosticReport[] | 'unchanged' | 'cancelled'> {
    const { session } = this;
    const stop = (): boolean => token.isCancellationRequested || session.disposed;
    const limits = session.service.settings.diagnostics.workspace;
    const reports: WorkspaceDocumentDiagnosticReport[] = [];
    let full = false;
    const seen = new Set<string>();
    const add = (report: WorkspaceDocumentDiagnosticReport): void => {
      reports.push(report);
      if (report.kind === DocumentDiagnosticReportKind.Full) full = true;
      // Once there is something to tell, it is told as it comes.
      if (full && partial && reports.length >= PARTIAL_BATCH) partial.report({ items: reports.splice(0) });
    };
    if (this.files && limits.maxFiles > 0 && this.folders.length > 0) {
      const walk = await findBdscriptFiles(
        this.files,
        this.folders,
        { maxFiles: limits.maxFiles, maxEntries: Math.max(10_000, limits.maxFiles * 100) },
        { pause: () => session.yieldToMessages(), stop },
      );
      if (stop()) return 'cancelled';
      for (const u of walk.unreadable)
        session.log.warn(`workspace diagnostics: cannot read the folder ${u.location}: ${u.reason}`);
      if (walk.stoppedAt !== undefined) this.tellCap(limits.maxFiles);
      for (const uri of walk.files) {
        const key = uriKey(uri);
        if (seen.has(key) || this.isOpen(key)) continue;
        seen.add(key);
        const report = await this.fileReport(uri, previous, token);
        if (report === 'cancelled') return 'cancelled';
        if (report) add(report);
      }
    }
    // Files the client has reports of that are gone (deleted, moved, past the cap): empty now.
    for (const [key, uri] of previous.uris) {
      if (seen.has(key) || this.isOpen(key)) continue;
      add({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
    }
    if (!full) return 'unchanged';
    return reports;
  }

  /**
   * The report of one closed file: unchanged when its content and the configuration are those of
   * the result id the client holds; undefined when it cannot be checked and the client knows
   * nothing of it (too large, unreadable: logged).
   */
  private async fileReport(
    uri: string,
    previous: Previous,
    token: CancellationToken,
  ): Promise<WorkspaceDocumentDiagnosticReport | undefined | 'cancelled'> {
    const { session } = this;
    const files = this.files;
    if (!files) return undefined;
    await session.yieldToMessages();
    if (token.isCancellationRequested || session.disposed) return 'cancelled';
    const limits = session.service.settings.diagnostics.workspace;
    const key = uriKey(uri);
    const known = previous.ids.get(key);
    const read = await files.read(uri, limits.maxFileSizeKB * 1024);
    if (!read.ok) {
      session.log.info(`workspace diagnostics: ${uri} is not checked: ${read.reason}`);
      // Whatever the client shows for it is no longer true.
      return known !== undefined
        ? { kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] }
        : undefined;
    }
    let text = read.text;
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const resultId = `file.${session.configGeneration}.${contentHash(text)}`;
    if (known === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, uri, version: null, resultId };
    const items = await this.validateText(uri, text, token);
    if (items === undefined) return 'cancelled';
    return { kind: DocumentDiagnosticReportKind.Full, uri, version: null, resultId, items };
  }

  /** The diagnostics of a closed file's text, in slices; undefined when cancelled or opened meanwhile. */
  private async validateText(uri: string, text: string, token: CancellationToken): Promise<Diagnostic[] | undefined> {
    const { session } = this;
    const doc = TextDocument.create(uri, 'bdscript', 0, text);
    try {
      const run = await runInSlices(
        session.service.validateSteps(doc),
        VALIDATE_SLICE_MS,
        () => session.yieldToMessages(),
        () => (token.isCancellationRequested || session.disposed ? 'stop' : undefined),
      );
      if (!('done' in run)) return undefined;
      return session.outgoing(doc).diagnostics(run.done);
    } finally {
      // The analysis of a file nobody has open is not kept; an open document's is its own.
      if (!session.documents.get(uri)) session.service.forget(uri);
    }
  }

  private nextWorkspaceEvent(token: CancellationToken): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        this.workspaceWaiters.delete(wake);
        subscription.dispose();
        this.session.timers.clearTimeout(timer);
        resolve();
      };
      this.workspaceWaiters.add(wake);
      const subscription = token.onCancellationRequested(wake);
      const timer = this.session.timers.setTimeout(wake, this.watching ? WATCHED_RESCAN_MS : RESCAN_MS);
    });
  }

  private wakeWorkspace(): void {
    this.workspaceChanges++;
    const waiters = this.workspaceWaiters;
    this.workspaceWaiters = new Set();
    for (const wake of waiters) wake();
  }

  private isOpen(key: string): boolean {
    for (const doc of this.session.documents.all()) if (uriKey(doc.uri) === key) return true;
    return false;
  }

  /** Whether a URI names a BDScript file inside one of the workspace folders. */
  private inWorkspace(uri: string): boolean {
    const key = uriKey(uri);
    const name = key.slice(key.lastIndexOf('/') + 1);
    if (!isBdscriptFileName(name)) return false;
    return this.folders.some((f) => key.startsWith(`${uriKey(f)}/`));
  }

  private tellCap(max: number): void {
    if (this.toldCap === max) return;
    this.toldCap = max;
    this.session.showMessage('info', this.session.l10n.t('workspace.capped', { max }));
  }
}

/** The previous result ids of a workspace request, by URI key (bounded; malformed entries ignored). */
function previousResults(raw: unknown): Previous {
  const ids = new Map<string, string>();
  const uris = new Map<string, string>();
  const list = isObject(raw) ? raw['previousResultIds'] : undefined;
  if (Array.isArray(list)) {
    for (const item of list.slice(0, MAX_PREVIOUS_RESULTS)) {
      if (!isObject(item) || typeof item['uri'] !== 'string' || typeof item['value'] !== 'string') continue;
      const key = uriKey(item['uri']);
      ids.set(key, item['value']);
      uris.set(key, item['uri']);
    }
  }
  return { ids, uris };
}
