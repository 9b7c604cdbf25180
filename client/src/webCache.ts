// The catalog caches the web extension keeps for its language server, which runs in a web worker
// without a disk: the worker hands each accepted catalog over (a CatalogCacheNotification) and
// gets them back in `initializationOptions` at its next start. Pure: the caller reads and writes
// the extension's global state. Entries are untrusted on both ways in and are checked here; the
// worker decodes the text itself and ignores a cache that does not decode for its URL.
import { isObject } from '../../server/src/protocol/json';
import { type CatalogCacheEntry } from '../../server/src/protocol/messages';

/** The global state key of the kept caches. */
export const WEB_CACHE_KEY = 'bdscript.catalogCaches';
/** How many base URLs keep a cache; the least recently written go first. */
export const MAX_WEB_CACHES = 4;
/** The largest cache text kept (the bundled catalog's is about 0.5 MB). */
export const MAX_WEB_CACHE_CHARS = 64 * 1024 * 1024;
const MAX_BASE_URL = 2048;

function entryOf(raw: unknown): CatalogCacheEntry | undefined {
  if (!isObject(raw)) return undefined;
  const { baseUrl, text } = raw;
  if (typeof baseUrl !== 'string' || baseUrl.length === 0 || baseUrl.length > MAX_BASE_URL) return undefined;
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_WEB_CACHE_CHARS) return undefined;
  return { baseUrl, text };
}

/** The kept caches in what the global state holds (anything else counts as none), most recent first. */
export function keptCaches(stored: unknown): CatalogCacheEntry[] {
  if (!Array.isArray(stored)) return [];
  const out: CatalogCacheEntry[] = [];
  for (const raw of stored) {
    const entry = entryOf(raw);
    if (entry && !out.some((e) => e.baseUrl === entry.baseUrl)) out.push(entry);
    if (out.length === MAX_WEB_CACHES) break;
  }
  return out;
}

/**
 * The caches to keep once `received` (a notification's params) is taken: it goes first and
 * replaces the cache of its base URL; undefined when it is not a cache entry (nothing changes).
 */
export function withCache(stored: unknown, received: unknown): CatalogCacheEntry[] | undefined {
  const entry = entryOf(received);
  if (!entry) return undefined;
  return [entry, ...keptCaches(stored).filter((e) => e.baseUrl !== entry.baseUrl)].slice(0, MAX_WEB_CACHES);
}
