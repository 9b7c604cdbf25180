// Custom protocol between the BDScript language server and its clients, beyond LSP: catalog
// status, "refresh now" and the function under the cursor. Plain types and method names only,
// so the VS Code client can import them without pulling in the server.

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

/** Request (client → server): the current catalog status. No params. */
export const CatalogStatusRequest = 'bdscript/catalogStatus';
/** Request (client → server): refresh the catalog now; answers the status after the refresh. */
export const RefreshCatalogRequest = 'bdscript/refreshCatalog';
/** Notification (server → client): the catalog or its status changed. Params: CatalogStatus. */
export const CatalogStatusNotification = 'bdscript/catalogStatusChanged';

/** Request (client → server): the function at a position, for "open wiki page". */
export const FunctionAtRequest = 'bdscript/functionAt';
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
