// What the process entry hands the language server: a way to build a catalog provider for the
// catalog settings, the catalog to answer with while a provider is slow to load, timers and
// identity. The LSP wiring depends on these interfaces only, so it never touches HTTP or the
// file system, and tests can hand in a catalog provider of their own.

import type { Catalog } from '../core/catalog/catalog';
import type { FolderLister } from '../core/workspace';
import type { Settings } from '../core/settings';
import type { CatalogStatus } from '../protocol/messages';

/** The catalog as the server uses it: the best local source first, then refreshes. */
export interface CatalogProvider {
  /** The catalog in use now; replaced (never mutated) when a fresher one arrives. */
  readonly catalog: Catalog;
  /** Loads the best local source (cache, user snapshot, bundled). Never rejects. */
  loadLocal(): Promise<void>;
  /** Fetches the catalog from its URL, unless offline. Concurrent calls may share one fetch. */
  refresh(): Promise<unknown>;
  /** Source, age, counts, problems and the last refresh, as sent to clients. */
  status(): CatalogStatus;
  /** Calls `listener` when the catalog or its status changed; returns the unsubscribe function. */
  onDidChange(listener: () => void): () => void;
  /** Stops timers and requests in flight; the provider is not used afterwards. */
  dispose(): void;
}

/** What a catalog provider is built from. */
export interface CatalogProviderOptions {
  /** The `bdscript.catalog.*` settings. */
  readonly settings: Settings['catalog'];
  /** The editor's storage folder (`globalStoragePath` in initializationOptions), if it gave one. */
  readonly storagePath?: string;
  /** Where the provider's own messages go (the client's log). */
  readonly log: (level: 'info' | 'warning' | 'error', message: string) => void;
}

/** Timer functions, handed in so the wiring stays free of globals it does not need. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** A catalog that is always at hand (the bundled snapshot), with where it came from. */
export interface FallbackCatalog {
  readonly catalog: Catalog;
  /** A file path or name for the status. */
  readonly location: string;
}

/** A file of the workspace as read for its diagnostics: its text, or why it was not read. */
export type WorkspaceRead =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string; readonly tooLarge?: number };

/**
 * The workspace's files by URI, for diagnostics of files that are not open: folders listed
 * without following symbolic links, and regular files read up to a size, never through a link.
 */
export interface WorkspaceFiles extends FolderLister {
  read(uri: string, maxBytes: number): Promise<WorkspaceRead>;
}

export interface ServerRuntime {
  /** Builds the catalog provider for the given settings; called again when they change. */
  createCatalogProvider(options: CatalogProviderOptions): CatalogProvider;
  /**
   * The catalog requests are answered with when a provider's local load takes longer than
   * `localLoadTimeoutMs` (a slow disk, a snapshot path that names a FIFO); undefined when there
   * is none. Called only then, and may be called more than once.
   */
  fallbackCatalog?(): FallbackCatalog | undefined;
  /** How long requests wait for a provider's local load before the fallback answers. */
  readonly localLoadTimeoutMs?: number;
  /** Timers; the host's own when omitted. */
  readonly timers?: Timers;
  /**
   * Sees the client's initialize params before the first catalog provider is built (the web
   * worker takes the catalog caches its client kept from `initializationOptions`).
   */
  onInitialize?(params: unknown): void;
  /**
   * Called after diagnostics of a document version were sent: the server has done its work for
   * that edit, a moment where the host may tidy up (the node entry collects garbage there once
   * enough has piled up since the last time, which keeps memory flat while a large document is
   * edited).
   */
  afterValidation?(): void;
  /**
   * Called as a validation of a document version starts, after the debounce: the user paused
   * typing. The node entry empties the young generation there, so that the requests after the
   * next keystrokes do not run into a scavenge.
   */
  beforeValidation?(): void;
  /**
   * Called after a preview was answered: work that made garbage (megabytes for a large
   * document) and that the user was not waiting for. The node entry takes it as activity, so its
   * collection waits for a pause after it rather than falling on the next keystroke.
   */
  afterPreview?(): void;
  /**
   * Where the rules page (docs/rules.md, a section per diagnostic code) is, as a URL: the
   * diagnostics' codes link to its sections. Without it only the wiki links remain.
   */
  readonly rulesDocUrl?: string;
  /**
   * Read access to the workspace folders' files, for the diagnostics of files that are not open
   * (`workspace/diagnostic`); without it (the web worker) only open documents are checked.
   */
  readonly workspaceFiles?: WorkspaceFiles;
  /** `serverInfo` in the initialize result. */
  readonly name?: string;
  readonly version?: string;
}

/**
 * The host's timers. Timeouts and intervals do not keep a process alive on their own; a zero
 * delay runs on the next turn of the event loop, after messages already read: setImmediate where
 * the host has it (Node), else a message on a MessageChannel (a web worker, where a zero
 * `setTimeout` nested in another is held back 4 ms, which validation and the preview, pausing
 * between slices of a few milliseconds, would pay on every pause). The globals are looked up, not
 * named, so the wiring also compiles and runs where one of them does not exist.
 */
export function timersOf(host: HostGlobals): Timers {
  const immediate = zeroDelay(host);
  return {
    setTimeout: (callback, ms) =>
      ms <= 0 && immediate
        ? { immediate: immediate.set(callback) }
        : { timeout: unrefTimer(host.setTimeout(callback, Math.max(0, ms))) },
    clearTimeout: (handle) => {
      const h = handle as { immediate?: unknown; timeout?: unknown } | undefined;
      if (h?.immediate !== undefined) immediate?.clear(h.immediate);
      if (h?.timeout !== undefined) host.clearTimeout(h.timeout);
    },
    setInterval: (callback, ms) => unrefTimer(host.setInterval(callback, ms)),
    clearInterval: (handle) => host.clearInterval(handle),
  };
}

/** What `timersOf` uses of the host's globals. */
export interface HostGlobals {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setImmediate?: (callback: () => void) => unknown;
  clearImmediate?: (handle: unknown) => void;
  MessageChannel?: new () => {
    port1: { onmessage: ((event: { data: unknown }) => void) | null; close?(): void };
    port2: { postMessage(data: unknown): void };
  };
}

/** The host's way to run a callback on the next turn, or undefined when it has none. */
function zeroDelay(
  host: HostGlobals,
): { set(callback: () => void): unknown; clear(handle: unknown): void } | undefined {
  const { setImmediate, clearImmediate, MessageChannel } = host;
  if (setImmediate && clearImmediate)
    return { set: (callback) => setImmediate(callback), clear: (handle) => clearImmediate(handle) };
  if (!MessageChannel) return undefined;
  // One channel; each message names the callback it runs, so a cleared one is skipped.
  const waiting = new Map<number, () => void>();
  let next = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    const id = event.data as number;
    const callback = waiting.get(id);
    waiting.delete(id);
    callback?.();
  };
  return {
    set: (callback) => {
      const id = ++next;
      waiting.set(id, callback);
      channel.port2.postMessage(id);
      return id;
    },
    clear: (handle) => void waiting.delete(handle as number),
  };
}

export const hostTimers: Timers = timersOf(globalThis as unknown as HostGlobals);

function unrefTimer<T>(handle: T): T {
  const h = handle as { unref?: () => void };
  if (typeof h.unref === 'function') h.unref();
  return handle;
}

/** Where the wiring's own messages go (the client's log). */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
}

/**
 * The rules page of a release, online (docs/rules.md at the release's tag): the build defines
 * this name (build.mjs, from BDSCRIPT_REPOSITORY_URL) in every bundle, the web worker's too; it
 * is an empty string in other builds and undeclared where the sources run unbundled.
 */
declare const BDSCRIPT_RELEASED_RULES_PAGE: string | undefined;

/** The rules page a release build names for the diagnostics' links; undefined in any other build. */
export function releasedRulesPage(): string | undefined {
  const page = typeof BDSCRIPT_RELEASED_RULES_PAGE === 'string' ? BDSCRIPT_RELEASED_RULES_PAGE : '';
  return page !== '' ? page : undefined;
}
