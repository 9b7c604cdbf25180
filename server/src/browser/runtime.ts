// The language server's runtime in a web worker: the catalog chain of chain.ts on `fetch`, a
// cache kept in memory and handed to the client to persist (the worker has no disk; the web
// extension keeps it in its global state and gives it back in `initializationOptions` at the
// next start), and the bundled snapshot embedded in the bundle. A snapshot file named by
// `bdscript.catalog.snapshot` cannot be read here; the status says so.

import { decodeCacheText, encodeCacheText } from '../catalog/cacheFormat';
import { bundledFallback } from '../catalog/snapshotText';
import { CatalogChain, type CacheStore } from '../catalog/chain';
import { TOOL_VERSION } from '../catalog/endpoints';
import {
  releasedRulesPage,
  type CatalogProvider,
  type CatalogProviderOptions,
  type FallbackCatalog,
  type ServerRuntime,
} from '../lsp/runtime';
import { isObject } from '../protocol/json';
import { CATALOG_CACHES_OPTION, type CatalogCacheEntry } from '../protocol/messages';
import { FetchCatalogClient, type FetchOptions } from './fetchClient';
import { bundledSnapshotPath, bundledSnapshotText } from './snapshot';

export const SERVER_NAME = 'bdscript-language-server (web)';

/** How many caches the worker takes from its client; the client keeps no more. */
export const MAX_CACHES = 4;
/** The largest cache text taken (the bundled catalog's is about 0.5 MB). */
export const MAX_CACHE_CHARS = 64 * 1024 * 1024;

/** What the editor's storage is called in cache problems and the status. */
const STORAGE_NAME = "the editor's extension storage";

export interface BrowserRuntimeOptions {
  /** Hands a cache to the client to keep; called after every accepted refresh. */
  readonly persist: (entry: CatalogCacheEntry) => void;
  /** Limits of the fetch client (tests shorten them). */
  readonly http?: Partial<FetchOptions>;
  /** The bundled snapshot's text (the bundle's embedded one unless given). */
  readonly bundledText?: () => string;
}

/** The cache entries in untrusted `initializationOptions`: well-formed ones only, at most MAX_CACHES. */
export function cachesFrom(initializationOptions: unknown): CatalogCacheEntry[] {
  const raw = isObject(initializationOptions) ? initializationOptions[CATALOG_CACHES_OPTION] : undefined;
  if (!Array.isArray(raw)) return [];
  const out: CatalogCacheEntry[] = [];
  for (const e of raw.slice(0, MAX_CACHES)) {
    if (!isObject(e)) continue;
    const { baseUrl, text } = e;
    if (
      typeof baseUrl === 'string' &&
      typeof text === 'string' &&
      baseUrl.length <= 2048 &&
      text.length <= MAX_CACHE_CHARS
    )
      out.push({ baseUrl, text });
  }
  return out;
}

export function browserRuntime(options: BrowserRuntimeOptions): ServerRuntime {
  /** The caches by base URL: what the client handed over, replaced by every accepted refresh. */
  const caches = new Map<string, string>();
  const bundledText = options.bundledText ?? bundledSnapshotText;
  let fallback: FallbackCatalog | undefined;

  const store = (baseUrl: string): CacheStore => ({
    location: `${STORAGE_NAME} (${baseUrl})`,
    read: async () => {
      const text = caches.get(baseUrl);
      if (text === undefined) return { ok: false, missing: true, reason: 'no cache' };
      return decodeCacheText(text, baseUrl, `cache of ${baseUrl}`);
    },
    write: async (content) => {
      const text = encodeCacheText(content);
      caches.set(baseUrl, text);
      options.persist({ baseUrl, text });
    },
  });

  // The worker has no files: the diagnostics' codes link to a release's page online, if any.
  const rulesDocUrl = releasedRulesPage();
  return {
    name: SERVER_NAME,
    version: TOOL_VERSION,
    ...(rulesDocUrl ? { rulesDocUrl } : {}),
    onInitialize(params) {
      for (const entry of cachesFrom(isObject(params) ? params['initializationOptions'] : undefined))
        caches.set(entry.baseUrl, entry.text);
    },
    createCatalogProvider({ settings, log }: CatalogProviderOptions): CatalogProvider {
      const snapshot = settings.snapshot;
      return new CatalogChain({
        url: settings.url,
        offline: settings.offline,
        createClient: (url) => new FetchCatalogClient(url, options.http),
        cache: store,
        ...(snapshot
          ? {
              userSnapshot: {
                location: snapshot,
                read: async () => ({
                  ok: false as const,
                  reason:
                    'the server in the browser cannot read files (use bdscript.catalog.url with a mirror instead)',
                }),
              },
            }
          : {}),
        bundled: { location: bundledSnapshotPath, text: bundledText },
        log,
      });
    },
    fallbackCatalog: () => (fallback ??= bundledFallback({ location: bundledSnapshotPath, text: bundledText })),
  };
}
