// The catalog's life inside the server: one provider per set of catalog settings (a new one when
// they change), its best local source loaded without ever holding requests for long (past a
// bound the runtime's fallback catalog answers until the load ends), background refreshes on a
// timer and on demand with progress, and the status clients see. It says when the catalog to
// answer with or its status changed; the wiring re-validates documents and notifies the client.

import type { WorkDoneProgressServerReporter } from 'vscode-languageserver';
import { Catalog } from '../core/catalog/catalog';
import type { Settings } from '../core/settings';
import type { CatalogStatus } from '../protocol/messages';
import { type CatalogProvider, type FallbackCatalog, type Logger, type ServerRuntime, type Timers } from './runtime';
import { catalogIdentity } from './settings';
import { ENGLISH, type Localizer } from '../core/l10n';
import { errorWithStack, messageOf } from '../protocol/errors';

/** How long requests wait for a provider's local load (cache, snapshot file) before the fallback answers. */
export const LOCAL_LOAD_TIMEOUT_MS = 1_500;
/** setInterval's longest delay; longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A provider for when there is none yet, or the runtime could not build one: an empty catalog and the reason. */
class NoProvider implements CatalogProvider {
  readonly catalog = Catalog.empty();
  constructor(private readonly reason: string) {}
  loadLocal(): Promise<void> {
    return Promise.resolve();
  }
  refresh(): Promise<unknown> {
    return Promise.resolve();
  }
  status(): CatalogStatus {
    return {
      source: 'none',
      location: '',
      counts: { functions: 0, callbacks: 0, emoji: 0 },
      problems: [this.reason],
      refreshing: false,
    };
  }
  onDidChange(): () => void {
    return () => undefined;
  }
  dispose(): void {}
}

/** Where the local load of the current provider stands. */
interface LocalLoad {
  readonly provider: CatalogProvider;
  /** The provider's catalog before its load: an answer from it means nothing was loaded yet. */
  readonly initial: Catalog;
  /** The load has ended (whatever it found). */
  settled: boolean;
  /** The wait bound passed before the load ended. */
  overdue: boolean;
  /** Settles when the load ends or the bound passes, whichever comes first. */
  readonly ready: Promise<void>;
}

export interface CatalogHostOptions {
  readonly runtime: ServerRuntime;
  readonly timers: Timers;
  readonly log: Logger;
  /** A progress reporter for a refresh, when the client takes one. */
  readonly createProgress: () => Promise<WorkDoneProgressServerReporter | undefined>;
  /** The catalog to answer with (`catalog`) may have changed. */
  readonly onDidChangeCatalog: () => void;
  /** The status may have changed. */
  readonly onDidChangeStatus: () => void;
  /** The language of the progress texts; English when absent. */
  readonly l10n?: () => Localizer;
}

export class CatalogHost {
  private provider: CatalogProvider = new NoProvider('the server is not initialised yet');
  private identity: string | undefined;
  private settings: Settings['catalog'] | undefined;
  private storagePath: string | undefined;
  private unsubscribe: (() => void) | undefined;
  private load: LocalLoad;
  private fallback: FallbackCatalog | undefined;
  private refreshing: { provider: CatalogProvider; done: Promise<void> } | undefined;
  private refreshTimer: unknown;
  /** Background refreshes start once the first settings are known (after `initialized`). */
  private started = false;
  private disposed = false;

  constructor(private readonly opts: CatalogHostOptions) {
    this.load = {
      provider: this.provider,
      initial: this.provider.catalog,
      settled: true,
      overdue: false,
      ready: Promise.resolve(),
    };
  }

  /** The catalog to answer with: the provider's, or the fallback while its overdue load has brought nothing. */
  get catalog(): Catalog {
    return this.usingFallback() ?? this.provider.catalog;
  }

  /** Settles when the catalog can be used: the local load ended, or took longer than the bound. */
  ready(): Promise<void> {
    return this.load.ready;
  }

  /**
   * Takes new settings: a new provider when the catalog settings that name a source changed (it
   * refreshes at once if refreshes have started), the refresh timer when its interval did.
   */
  configure(settings: Settings, storagePath?: string): void {
    const previous = this.settings;
    this.settings = settings.catalog;
    if (storagePath !== undefined) this.storagePath = storagePath;
    const identity = catalogIdentity(settings);
    if (identity !== this.identity) {
      this.identity = identity;
      this.replaceProvider(settings.catalog);
      if (this.started && !settings.catalog.offline) void this.refresh();
    }
    if (
      previous?.refreshIntervalMinutes !== settings.catalog.refreshIntervalMinutes ||
      previous?.offline !== settings.catalog.offline
    )
      this.scheduleRefreshes();
  }

  /** Starts background refreshes: one now (unless offline), then on the interval. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.scheduleRefreshes();
    if (this.settings && !this.settings.offline) void this.refresh();
  }

  /** Refreshes the current provider's catalog (one refresh at a time), reporting progress. */
  refresh(): Promise<void> {
    const target = this.provider;
    if (this.disposed) return Promise.resolve();
    if (this.refreshing?.provider === target) return this.refreshing.done;
    const done = this.runRefresh(target);
    this.refreshing = { provider: target, done };
    return done;
  }

  /** The status as clients see it; while the fallback answers, it says so. */
  status(): CatalogStatus {
    const status = this.provider.status();
    const fallback = this.usingFallback();
    if (!fallback || !this.fallback) return status;
    const data = fallback.data;
    return {
      ...status,
      source: 'bundled',
      location: this.fallback.location,
      counts: {
        functions: data.functions.length,
        callbacks: data.callbacks.length,
        emoji: Object.keys(data.emoji).length,
      },
      problems: [
        `the local catalog (cache or snapshot file) has not loaded after ${this.timeoutMs() / 1000} s; the bundled snapshot answers until it does`,
        ...status.problems,
      ],
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.refreshTimer !== undefined) this.opts.timers.clearInterval(this.refreshTimer);
    this.unsubscribe?.();
    this.provider.dispose();
  }

  private timeoutMs(): number {
    return this.opts.runtime.localLoadTimeoutMs ?? LOCAL_LOAD_TIMEOUT_MS;
  }

  /** The fallback catalog when it is the one to answer with, else undefined. */
  private usingFallback(): Catalog | undefined {
    const load = this.load;
    if (load.provider !== this.provider || load.settled || !load.overdue) return undefined;
    // A refresh that ended before the load did brought a catalog of its own.
    if (this.provider.catalog !== load.initial) return undefined;
    return this.fallback?.catalog;
  }

  private replaceProvider(settings: Settings['catalog']): void {
    const { runtime, log } = this.opts;
    this.unsubscribe?.();
    this.provider.dispose();
    let next: CatalogProvider;
    try {
      next = runtime.createCatalogProvider({
        settings,
        storagePath: this.storagePath,
        log: (level, message) =>
          level === 'error' ? log.error(message) : level === 'warning' ? log.warn(message) : log.info(message),
      });
    } catch (err) {
      log.error(`the catalog could not be set up: ${errorWithStack(err)}`);
      next = new NoProvider(`the catalog could not be set up: ${messageOf(err)}`);
    }
    this.provider = next;
    this.refreshing = undefined;
    this.unsubscribe = next.onDidChange(() => this.changed(next));
    this.load = this.startLoad(next);
  }

  /** Starts the provider's local load, bounded: past the bound, the fallback answers until it ends. */
  private startLoad(provider: CatalogProvider): LocalLoad {
    const { timers, log } = this.opts;
    let timer: unknown;
    const bound = new Promise<void>((resolve) => {
      timer = timers.setTimeout(() => {
        if (!load.settled && provider === this.provider && !this.disposed) {
          load.overdue = true;
          this.fallback ??= this.opts.runtime.fallbackCatalog?.();
          log.warn(
            `the local catalog has not loaded after ${this.timeoutMs()} ms; ${this.fallback ? 'answering with the bundled snapshot until it does' : 'answering without it'}`,
          );
          this.changed(provider);
        }
        resolve();
      }, this.timeoutMs());
    });
    const loaded = provider
      .loadLocal()
      .catch((err: unknown) => log.error(`loading the local catalog failed: ${errorWithStack(err)}`))
      .then(() => {
        load.settled = true;
        timers.clearTimeout(timer);
        this.changed(provider);
      });
    const load: LocalLoad = {
      provider,
      initial: provider.catalog,
      settled: false,
      overdue: false,
      ready: Promise.race([loaded, bound]),
    };
    return load;
  }

  private changed(provider: CatalogProvider): void {
    if (provider !== this.provider || this.disposed) return;
    this.opts.onDidChangeCatalog();
    this.opts.onDidChangeStatus();
  }

  private async runRefresh(target: CatalogProvider): Promise<void> {
    const { log } = this.opts;
    await this.ready();
    if (target !== this.provider || this.disposed) return;
    const work = target.refresh();
    this.opts.onDidChangeStatus();
    const progress = await this.opts.createProgress();
    const l10n = this.opts.l10n?.() ?? ENGLISH;
    const url = this.settings?.url;
    progress?.begin(
      l10n.t('progress.title'),
      undefined,
      url ? l10n.t('progress.refreshingFrom', { url }) : l10n.t('progress.refreshing'),
      false,
    );
    try {
      await work;
    } catch (err) {
      log.error(`catalog refresh failed: ${errorWithStack(err)}`);
    } finally {
      progress?.done();
      if (this.refreshing?.provider === target) this.refreshing = undefined;
    }
    this.changed(target);
  }

  private scheduleRefreshes(): void {
    const { timers } = this.opts;
    if (this.refreshTimer !== undefined) timers.clearInterval(this.refreshTimer);
    this.refreshTimer = undefined;
    const settings = this.settings;
    if (!settings || !this.started || this.disposed || settings.offline || settings.refreshIntervalMinutes <= 0) return;
    this.refreshTimer = timers.setInterval(
      () => void this.refresh(),
      Math.min(settings.refreshIntervalMinutes * 60_000, MAX_TIMER_MS),
    );
  }
}
