// Where the catalog comes from, whatever the tools run on: the live endpoints, the last good
// cache, a user's snapshot and the bundled snapshot, in that order. `CatalogChain` starts from the
// best local source at once, refreshes on demand or on a timer (fetchCatalog.ts pulls a live
// catalog, judge.ts judges it), keeps the last good catalog through any failure and reports where
// its catalog came from. The HTTP client, the cache and the snapshot readers are handed in:
// sources.ts gives the Node ones (undici, files), server/src/browser/ the web worker's (fetch, the
// extension's storage). No Node API is used here.

import { Catalog } from '../core/catalog/catalog';
import { emojiCount } from '../core/catalog/compact';
import type { CatalogDatePrecision, CatalogSourceKind, CatalogStatus } from '../protocol/messages';
import { DEFAULT_CATALOG_URL } from '../core/settings';
import type { CacheContent, CacheReadResult, EndpointValidators } from './cacheFormat';
import type { CatalogGetter } from './endpoints';
import { fetchCatalog } from './fetchCatalog';
import {
  floorOf,
  guardedCounts,
  higherFloor,
  maxCounts,
  summarizeProblems,
  type GuardedList,
  type ShrinkFloor,
} from './judge';
import { decodeSnapshotText, loadBundled, type BundledLoad, type BundledSnapshot } from './snapshotText';
import { messageOf } from '../protocol/errors';

// ---------------------------------------------------------------------------------------------
// The manager.

/** The catalog of each source, as the refresh message names the one that stays in use. */
const SOURCE_WORDS: Readonly<Record<CatalogSourceKind, string>> = {
  live: 'catalog fetched before',
  cache: 'cached catalog',
  snapshot: 'catalog of the snapshot file',
  bundled: 'bundled catalog',
  none: 'empty catalog',
};

const NO_CATALOG: Current = { catalog: Catalog.empty(), source: 'none', location: '', dataProblems: [] };

/** Where a chain keeps the last good catalog of its URL (a file, the extension's storage). */
export interface CacheStore {
  /** Names the cache in problems and the status: a file path, or what holds it. */
  readonly location: string;
  /** What to do to accept a smaller catalog from this URL on purpose (`delete the cache file …`); none when nothing can. */
  readonly resetHint?: string;
  /** The cache for the chain's base URL; never rejects. */
  read(): Promise<CacheReadResult>;
  /** Replaces the cache; rejects when it cannot be written (the old one stays). */
  write(content: CacheContent): Promise<void>;
}

/** A snapshot's text, or why it cannot be read. */
export type SnapshotRead =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

export interface CatalogChainOptions {
  /** Base URL of the catalog API. */
  readonly url: string;
  /** Never touch the network: refresh() does nothing. */
  readonly offline?: boolean;
  /** Builds the HTTP client for `url`; throws CatalogHttpError when the URL cannot be used. */
  readonly createClient: (url: string) => CatalogGetter;
  /** The cache of a (normalised) base URL; none for no cache. */
  readonly cache?: (baseUrl: string) => CacheStore | undefined;
  /** A snapshot that takes precedence over the bundled one; none for none. */
  readonly userSnapshot?: { readonly location: string; read(): Promise<SnapshotRead> };
  /** The bundled snapshot: where it is (for the status) and its text (throws when unreadable). */
  readonly bundled: BundledSnapshot;
  /** Where to report what happens (a cache ignored, a refresh failed ...). */
  readonly log?: (level: 'info' | 'warning' | 'error', message: string) => void;
  /** The clock, for tests. */
  readonly now?: () => number;
}

export interface RefreshOutcome {
  /** False when the refresh failed or its data was refused; the old catalog stays. */
  readonly ok: boolean;
  readonly outcome: 'updated' | 'not-modified' | 'offline' | 'failed';
  /** One line: what happened. */
  readonly message: string;
  /** Every failure or refusal, one line each, naming the endpoint. */
  readonly problems: readonly string[];
}

export interface CatalogChangeEvent {
  /** The catalog value changed (documents need re-validating), not merely its status. */
  readonly catalogChanged: boolean;
  readonly status: CatalogStatus;
}

interface Current {
  readonly catalog: Catalog;
  readonly source: CatalogSourceKind;
  readonly location: string;
  readonly fetchedAt?: string;
  /** How exactly `fetchedAt` is known; `time` when absent. */
  readonly fetchedAtPrecision?: CatalogDatePrecision;
  /** Set when the data came from `url` (cache or live): the GETs can be conditional. */
  readonly validators?: EndpointValidators;
  /** What decoding noticed in this data, summarised. */
  readonly dataProblems: readonly string[];
}

/**
 * The catalog in use and where it came from. `loadLocal()` once at start, then `refresh()` in
 * the background and on demand. Neither ever throws; every failure becomes a status problem and
 * the last good catalog stays in use.
 */
export class CatalogChain {
  private readonly opts: CatalogChainOptions;
  private readonly now: () => number;
  private readonly baseUrl: string;
  private readonly urlError?: string;
  private current: Current = NO_CATALOG;
  /** Sources that `loadLocal` skipped and why; cleared once a refresh has rewritten the cache. */
  private loadProblems: string[] = [];
  /** Why the last refresh failed, or a cache it could not write. */
  private refreshProblems: string[] = [];
  private lastRefresh?: CatalogStatus['lastRefresh'];
  private inflight?: Promise<RefreshOutcome>;
  private inflightAbort?: AbortController;
  private client?: CatalogGetter;
  private readonly store?: CacheStore;
  private timer?: ReturnType<typeof setInterval>;
  private disposed = false;
  private readonly listeners = new Set<(e: CatalogChangeEvent) => void>();
  /** The largest counts this URL has served, from the cache and every accepted refresh since. */
  private peak?: Record<GuardedList, number>;
  /** The bundled catalog's counts, read once when the official API's floor needs them. */
  private bundledCounts?: Record<GuardedList, number> | null;

  constructor(options: CatalogChainOptions) {
    this.opts = options;
    this.now = options.now ?? Date.now;
    let baseUrl = options.url;
    try {
      this.client = options.createClient(options.url);
      baseUrl = this.client.baseUrl;
    } catch (err) {
      this.urlError = messageOf(err);
    }
    this.baseUrl = baseUrl;
    this.store = options.cache?.(baseUrl);
  }

  /** The catalog in use (empty until `loadLocal()` has run). */
  get catalog(): Catalog {
    return this.current.catalog;
  }

  /** Where the cache of this base URL is, if there is one. */
  get cacheLocation(): string | undefined {
    return this.store?.location;
  }

  /**
   * Loads the best local source: the cache for this URL, else the user's snapshot, else the
   * bundled snapshot. Ends with some catalog (empty only if even the bundled one is unreadable).
   */
  async loadLocal(): Promise<void> {
    const problems: string[] = [];
    const next =
      (await this.fromCache(problems)) ?? (await this.fromUserSnapshot(problems)) ?? this.fromBundled(problems);
    this.loadProblems = problems;
    if (this.urlError) this.loadProblems.unshift(`catalog URL: ${this.urlError}`);
    if (this.disposed) return;
    // A refresh that finished while we were reading wins: it is newer than any local source.
    if (this.current.source === 'live') {
      this.emit(false);
      return;
    }
    this.current = next;
    this.emit(true);
  }

  private async fromCache(problems: string[]): Promise<Current | undefined> {
    const store = this.store;
    if (!store) return undefined;
    const file = store.location;
    const r = await store.read();
    if (!r.ok) {
      if (!r.missing) {
        const line = `cache ${file}: ${r.reason}; ignored (the next refresh rewrites it)`;
        problems.push(line);
        this.log('warning', line);
      }
      return undefined;
    }
    this.peak = maxCounts(this.peak, r.content.peak);
    return {
      catalog: new Catalog(r.content.data),
      source: 'cache',
      location: file,
      fetchedAt: r.content.fetchedAt,
      validators: r.content.validators,
      dataProblems: summarizeProblems(`cache ${file}`, r.problems),
    };
  }

  private async fromUserSnapshot(problems: string[]): Promise<Current | undefined> {
    const snapshot = this.opts.userSnapshot;
    if (!snapshot) return undefined;
    const file = snapshot.location;
    const read = await snapshot.read();
    if (!read.ok) {
      problems.push(`snapshot ${file}: cannot read: ${read.reason}`);
      return undefined;
    }
    return this.fromSnapshotText(read.text, file, 'snapshot', problems);
  }

  private fromBundled(problems: string[]): Current {
    const bundled = this.opts.bundled;
    let loaded: BundledLoad;
    try {
      loaded = loadBundled(bundled);
    } catch (err) {
      problems.push(`bundled snapshot ${bundled.location}: cannot read: ${messageOf(err)}`);
      return NO_CATALOG;
    }
    if (!loaded.ok) {
      problems.push(...loaded.problems, `bundled snapshot ${bundled.location}: ${loaded.reason}; not used`);
      return NO_CATALOG;
    }
    return {
      catalog: loaded.catalog,
      source: 'bundled',
      location: bundled.location,
      ...(loaded.fetchedAt ? { fetchedAt: loaded.fetchedAt } : {}),
      ...(loaded.fetchedAtPrecision ? { fetchedAtPrecision: loaded.fetchedAtPrecision } : {}),
      dataProblems: loaded.problems,
    };
  }

  private fromSnapshotText(
    text: string,
    file: string,
    source: 'snapshot' | 'bundled',
    problems: string[],
  ): Current | undefined {
    const what = source === 'bundled' ? `bundled snapshot ${file}` : `snapshot ${file}`;
    const loaded = decodeSnapshotText(text, file, what);
    if (!loaded.ok) {
      problems.push(...loaded.problems, `${what}: ${loaded.reason}; not used`);
      return undefined;
    }
    return {
      catalog: new Catalog(loaded.data),
      source,
      location: file,
      ...(loaded.fetchedAt ? { fetchedAt: loaded.fetchedAt } : {}),
      ...(loaded.fetchedAtPrecision ? { fetchedAtPrecision: loaded.fetchedAtPrecision } : {}),
      dataProblems: loaded.problems,
    };
  }

  /**
   * Fetches the catalog from the live endpoints (conditionally when the data in use came from
   * this URL). On success the new catalog is used and cached; on failure or refusal the old one
   * stays and the cache is untouched. Concurrent calls share one refresh. Never throws.
   */
  refresh(): Promise<RefreshOutcome> {
    if (this.inflight) return this.inflight;
    const run = this.runRefresh().catch((err: unknown): RefreshOutcome => {
      // runRefresh handles its failures; this is a last guard so that callers never see a throw.
      const message = `refresh failed unexpectedly: ${messageOf(err)}`;
      this.refreshProblems = [message];
      this.lastRefresh = { at: new Date(this.now()).toISOString(), ok: false, outcome: message };
      return { ok: false, outcome: 'failed', message, problems: [message] };
    });
    this.inflight = run.finally(() => {
      this.inflight = undefined;
      this.inflightAbort = undefined;
      if (!this.disposed) this.emit(false);
    });
    this.emit(false);
    return this.inflight;
  }

  /** Whether this manager's URL is the official API (which a snapshot was taken from). */
  private get isOfficial(): boolean {
    return this.opts.url.replace(/\/+$/, '') === DEFAULT_CATALOG_URL;
  }

  /**
   * The sizes a refresh may not fall below half of: the catalog in use when it says how big this
   * URL's catalog should be (data from this URL, or a snapshot for the official API it was taken
   * from), the largest catalog this URL ever served, and for the official API the bundled
   * catalog. A mirror that serves a smaller catalog than the bundle is not refused for that.
   */
  private shrinkFloor(held: Current): ShrinkFloor {
    let floor: ShrinkFloor = {};
    const fromUrl = held.source === 'live' || held.source === 'cache';
    if (fromUrl || (held.source !== 'none' && this.isOfficial))
      floor = floorOf(catalogCounts(held.catalog), 'the catalog in use has');
    if (this.peak) {
      const reset = this.store?.resetHint;
      const hint = reset ? `to accept a smaller catalog from this URL on purpose, ${reset}` : undefined;
      floor = higherFloor(floor, floorOf(this.peak, 'this URL has served', hint));
    }
    if (this.isOfficial) {
      const bundled = this.bundledFloorCounts();
      if (bundled) floor = higherFloor(floor, floorOf(bundled, 'the bundled catalog has'));
    }
    return floor;
  }

  private bundledFloorCounts(): Record<GuardedList, number> | undefined {
    if (this.bundledCounts === undefined) {
      let counts: Record<GuardedList, number> | null = null;
      try {
        const loaded = loadBundled(this.opts.bundled);
        if (loaded.ok) counts = catalogCounts(loaded.catalog);
      } catch {
        // An unreadable bundle sets no floor; loadLocal reports it.
      }
      this.bundledCounts = counts;
    }
    return this.bundledCounts ?? undefined;
  }

  private async runRefresh(): Promise<RefreshOutcome> {
    const at = new Date(this.now()).toISOString();
    if (this.disposed)
      return { ok: false, outcome: 'failed', message: 'the catalog manager was disposed', problems: [] };
    if (this.opts.offline) {
      this.lastRefresh = { at, ok: true, outcome: 'offline' };
      return {
        ok: true,
        outcome: 'offline',
        message: 'skipped: the catalog is set to offline, so the network is not used',
        problems: [],
      };
    }
    if (!this.client) return this.failed(at, [`catalog URL ${JSON.stringify(this.opts.url)}: ${this.urlError}`]);
    this.inflightAbort = new AbortController();
    const held = this.current;
    const result = await fetchCatalog(this.client, {
      ...(held.validators ? { current: { data: held.catalog.data, validators: held.validators } } : {}),
      floor: this.shrinkFloor(held),
      signal: this.inflightAbort.signal,
    });
    if (this.disposed)
      return { ok: false, outcome: 'failed', message: 'the catalog manager was disposed', problems: [] };
    if (!result.ok) return this.failed(at, [...result.problems]);

    const fetchedAt = new Date(this.now()).toISOString();
    const changed = result.kind === 'updated';
    this.current = {
      catalog: changed ? new Catalog(result.data) : held.catalog,
      source: 'live',
      location: this.baseUrl,
      fetchedAt,
      validators: result.validators,
      dataProblems: changed ? summarizeProblems(this.baseUrl, result.problems) : held.dataProblems,
    };
    this.refreshProblems = [];
    // The load problems described sources no longer in play (a corrupt cache is rewritten now).
    this.loadProblems = [];
    this.peak = maxCounts(this.peak, guardedCounts(result.data));
    const store = this.store;
    if (store) {
      try {
        await store.write({
          data: result.data,
          baseUrl: this.baseUrl,
          fetchedAt,
          validators: result.validators,
          peak: this.peak,
        });
      } catch (err) {
        const line = `cache ${store.location}: cannot write: ${messageOf(err)}`;
        this.refreshProblems = [...this.refreshProblems, line];
        this.log('warning', line);
      }
    }
    const outcome = result.kind;
    this.lastRefresh = { at, ok: true, outcome };
    const c = this.current.catalog.data;
    const message =
      outcome === 'updated'
        ? `updated from ${this.baseUrl}: ${c.functions.length} functions, ${c.callbacks.length} callbacks, ${Object.keys(c.emoji).length} emoji`
        : `the catalog is up to date: ${this.baseUrl} has not changed it since the last fetch`;
    this.log('info', `catalog refresh: ${message}`);
    if (changed) this.emit(true);
    return { ok: true, outcome, message, problems: [...this.refreshProblems] };
  }

  private failed(at: string, problems: string[]): RefreshOutcome {
    this.refreshProblems = problems;
    const first = problems[0] ?? 'unknown failure';
    this.lastRefresh = { at, ok: false, outcome: first };
    for (const p of problems) this.log('warning', `catalog refresh: ${p}`);
    const kept =
      this.current.source === 'none'
        ? 'there is still no catalog'
        : `the ${SOURCE_WORDS[this.current.source]} stays in use`;
    return { ok: false, outcome: 'failed', message: `failed: ${first}; ${kept}`, problems };
  }

  /** Where the catalog came from, its age, counts and problems. */
  status(): CatalogStatus {
    const c = this.current;
    const data = c.catalog.data;
    const precision = c.fetchedAtPrecision ?? 'time';
    // A day has no age in milliseconds: its hours are not known.
    const fetchedAtMs = c.fetchedAt && precision === 'time' ? Date.parse(c.fetchedAt) : NaN;
    return {
      source: c.source,
      location: c.location,
      ...(c.fetchedAt ? { fetchedAt: c.fetchedAt, fetchedAtPrecision: precision } : {}),
      ...(Number.isNaN(fetchedAtMs) ? {} : { ageMs: Math.max(0, this.now() - fetchedAtMs) }),
      counts: { ...catalogCounts(c.catalog), emoji: emojiCount(data) },
      problems: [...this.loadProblems, ...this.refreshProblems, ...c.dataProblems],
      ...(this.lastRefresh ? { lastRefresh: this.lastRefresh } : {}),
      refreshing: this.inflight !== undefined,
    };
  }

  /**
   * Refreshes every `intervalMs` in the background (0 stops it). The timer does not keep the
   * process alive.
   */
  autoRefresh(intervalMs: number): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (intervalMs > 0 && !this.disposed) {
      this.timer = setInterval(() => void this.refresh(), intervalMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Calls `listener` when the catalog or its status changes; returns the unsubscribe function. */
  onDidChange(listener: (e: CatalogChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the timer, cancels a running refresh and closes connections. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.autoRefresh(0);
    this.listeners.clear();
    this.inflightAbort?.abort();
    await this.inflight;
    await this.client?.destroy();
  }

  private emit(catalogChanged: boolean): void {
    if (this.listeners.size === 0) return;
    const e: CatalogChangeEvent = { catalogChanged, status: this.status() };
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch (err) {
        this.log('error', `catalog change listener failed: ${messageOf(err)}`);
      }
    }
  }

  private log(level: 'info' | 'warning' | 'error', message: string): void {
    try {
      this.opts.log?.(level, message);
    } catch {
      // A failing logger must not break the catalog.
    }
  }
}

/** A catalog's function and callback counts, without making the records of a compact one. */
function catalogCounts(catalog: Catalog): Record<GuardedList, number> {
  return { functions: catalog.functions.size, callbacks: catalog.callbacks.size };
}
