// The catalog source chain in Node: `CatalogManager` is the chain of chain.ts with the undici
// client, the disk cache (one file per base URL in a cache folder), a user's snapshot file read
// without ever blocking, and the bundled snapshot file (embedded in the bundles).

import type { Dispatcher } from 'undici';
import { bundledCompact, bundledSnapshotPath, bundledSnapshotText } from './bundled';
import { cacheFileFor, readCache, writeCache } from './cache';
import { CatalogChain, type CacheStore } from './chain';
import { normalizeBaseUrl, type CatalogGetter, type GetOptions, type GetResult } from './endpoints';
import { MAX_CATALOG_FILE_BYTES, readRegularFile } from './files';
import type { HttpOptions } from './http';
import { httpModule } from './loadHttp';

export interface CatalogManagerOptions {
  /** Base URL of the catalog API. */
  readonly url: string;
  /** Never touch the network: refresh() does nothing. */
  readonly offline?: boolean;
  /** A snapshot file that takes precedence over the bundled snapshot; empty or absent for none. */
  readonly snapshotPath?: string;
  /** Folder of the disk cache; empty or absent for no cache. */
  readonly cacheDir?: string;
  /** Limits of the HTTP client (time limits, retries, size cap). */
  readonly http?: Partial<HttpOptions>;
  /** Where to report what happens (a cache ignored, a refresh failed ...). */
  readonly log?: (level: 'info' | 'warning' | 'error', message: string) => void;
  /** The clock, for tests. */
  readonly now?: () => number;
  /** An undici dispatcher to use instead of the client's own (tests). */
  readonly dispatcher?: Dispatcher;
  /** Reads the bundled snapshot's text (tests replace it). */
  readonly bundledText?: () => string;
}

/** The cache file of `baseUrl` in `cacheDir`. */
function fileStore(cacheDir: string, baseUrl: string): CacheStore {
  const file = cacheFileFor(cacheDir, baseUrl);
  return {
    location: file,
    resetHint: `delete the cache file ${file}`,
    read: () => readCache(file, baseUrl),
    write: (content) => writeCache(file, content),
  };
}

/**
 * A catalog client that makes the real one (http.ts, undici) on its first request: the chain
 * makes its client when it is made, but an offline server, or one that answers from its cache
 * until the first refresh, may never send one. The URL is checked at once, as the real client does.
 */
class LazyCatalogClient implements CatalogGetter {
  readonly baseUrl: string;
  private client?: CatalogGetter;

  constructor(
    private readonly url: string,
    private readonly options: CatalogManagerOptions,
  ) {
    this.baseUrl = normalizeBaseUrl(url);
  }

  private get real(): CatalogGetter {
    return (this.client ??= new (httpModule().CatalogClient)(this.url, this.options.http, this.options.dispatcher));
  }

  urlOf(path: string): string {
    return this.baseUrl + path;
  }

  getJson(path: string, opts?: GetOptions): Promise<GetResult> {
    return this.real.getJson(path, opts);
  }

  async destroy(): Promise<void> {
    await this.client?.destroy();
  }
}

/** The catalog chain on Node's sources. */
export class CatalogManager extends CatalogChain {
  constructor(options: CatalogManagerOptions) {
    const { cacheDir, snapshotPath } = options;
    super({
      url: options.url,
      ...(options.offline !== undefined ? { offline: options.offline } : {}),
      createClient: (url) => new LazyCatalogClient(url, options),
      ...(cacheDir ? { cache: (baseUrl: string) => fileStore(cacheDir, baseUrl) } : {}),
      ...(snapshotPath
        ? {
            userSnapshot: {
              location: snapshotPath,
              // A FIFO or a device named by the setting is refused here, never waited on.
              read: () => readRegularFile(snapshotPath, MAX_CATALOG_FILE_BYTES),
            },
          }
        : {}),
      // A test's own text has no compact form; the bundle's has one, made at build time.
      bundled: options.bundledText
        ? { location: bundledSnapshotPath, text: options.bundledText }
        : { location: bundledSnapshotPath, text: bundledSnapshotText, compact: bundledCompact },
      ...(options.log ? { log: options.log } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** The cache file for this base URL, if there is a cache folder. */
  get cacheFile(): string | undefined {
    return this.cacheLocation;
  }
}
