// The requests and notifications between the BDScript language server and its clients beyond
// LSP: catalog status, "refresh now" and the function under the cursor, each typed with its
// params and result so both ends agree at compile time. Answers still cross a process boundary:
// the client checks what it receives (client/src/status.ts), the server what it is sent.

import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';

/** Where the catalog in use came from. */
export type CatalogSourceKind = 'live' | 'cache' | 'snapshot' | 'bundled' | 'none';

export interface CatalogStatus {
  readonly source: CatalogSourceKind;
  /** A URL or file path naming the source. */
  readonly location: string;
  /** When the data in use was fetched or generated (ISO 8601), when known. */
  readonly fetchedAt?: string;
  /** Milliseconds since `fetchedAt`, when known, at the time the status was made. */
  readonly ageMs?: number;
  readonly counts: { readonly functions: number; readonly callbacks: number; readonly emoji: number };
  /** Problems noticed while loading or refreshing (decoding drops, network failures). */
  readonly problems: readonly string[];
  /** The last refresh attempt, if any. */
  readonly lastRefresh?: {
    readonly at: string;
    readonly ok: boolean;
    /** `updated`, `not-modified`, `offline` or the error that stopped it. */
    readonly outcome: string;
  };
  /** A refresh is running now. */
  readonly refreshing: boolean;
}

/** Request (client → server): the current catalog status. */
export const CatalogStatusRequest = new RequestType0<CatalogStatus, void>('bdscript/catalogStatus');

/** Request (client → server): refresh the catalog now; answers the status after the refresh. */
export const RefreshCatalogRequest = new RequestType0<CatalogStatus, void>('bdscript/refreshCatalog');

/** Notification (server → client): the catalog or its status changed. */
export const CatalogStatusNotification = new NotificationType<CatalogStatus>('bdscript/catalogStatusChanged');

export interface FunctionAtParams {
  readonly textDocument: { readonly uri: string };
  readonly position: { readonly line: number; readonly character: number };
}

export interface FunctionAtResult {
  /** `$addButton` */
  readonly name: string;
  readonly kind: 'function' | 'callback';
  /** The wiki page for the form under the cursor. */
  readonly wikiUrl: string;
}

/** Request (client → server): the function at a position, for "open wiki page"; null when none is known there. */
export const FunctionAtRequest = new RequestType<FunctionAtParams, FunctionAtResult | null, void>('bdscript/functionAt');

/**
 * A catalog cache as the web extension keeps it for the language server in a web worker, which
 * has no disk: the base URL it was fetched from and the cache's text (the disk cache's format).
 */
export interface CatalogCacheEntry {
  readonly baseUrl: string;
  readonly text: string;
}

/** Notification (server → client, from the web worker only): keep this cache; it replaces the one of its base URL. */
export const CatalogCacheNotification = new NotificationType<CatalogCacheEntry>('bdscript/catalogCache');

/** The key of `initializationOptions` under which the web client hands the worker the caches it kept (CatalogCacheEntry[]). */
export const CATALOG_CACHES_OPTION = 'catalogCaches';
