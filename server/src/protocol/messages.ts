// The requests and notifications between the BDScript language server and its clients beyond
// LSP: catalog status, "refresh now", the function under the cursor, the code to copy into the
// BDFD app (also a `workspace/executeCommand` command for other editors, commands.ts) and the web
// worker's catalog caches, each typed with its params and result so both ends agree at compile time. Answers still cross a process boundary:
// the client checks what it receives (client/src/status.ts), the server what it is sent.

import type { DiscordMessage, PreviewMessage } from './preview';
import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';

/** Where the catalog in use came from. */
export type CatalogSourceKind = 'live' | 'cache' | 'snapshot' | 'bundled' | 'none';

/**
 * How exactly the time a catalog was made is known: `time` for an instant (a download, the
 * cache, a snapshot written by `bdscript catalog pull`), `date` for a day only (the bundled
 * snapshot and snapshots made by `npm run snapshot` record `YYYY-MM-DD`).
 */
export type CatalogDatePrecision = 'time' | 'date';

/** What the last refresh did: took a new catalog, found it unchanged, was skipped offline, or failed. */
export type CatalogRefreshOutcome = 'updated' | 'not-modified' | 'offline';

/** The last refresh attempt: a success names what it did, a failure the error that stopped it. */
export type CatalogLastRefresh =
  | { readonly at: string; readonly ok: true; readonly outcome: CatalogRefreshOutcome }
  | { readonly at: string; readonly ok: false; readonly outcome: string };

export interface CatalogStatus {
  readonly source: CatalogSourceKind;
  /**
   * A URL or file path naming the source. For `bundled` it names where the server read its
   * embedded copy (`<bundled>` in the shipped build): an internal name, not for display.
   */
  readonly location: string;
  /**
   * When the data in use was fetched or generated, when known: an ISO 8601 instant, or with
   * `fetchedAtPrecision` `date` a day `YYYY-MM-DD`.
   */
  readonly fetchedAt?: string;
  /** How exactly `fetchedAt` is known; absent means `time` (servers before this field). */
  readonly fetchedAtPrecision?: CatalogDatePrecision;
  /**
   * Milliseconds since `fetchedAt` at the time the status was made. Only for `time`: an age
   * counted from a bare date would claim hours it does not know.
   */
  readonly ageMs?: number;
  readonly counts: { readonly functions: number; readonly callbacks: number; readonly emoji: number };
  /** Problems noticed while loading or refreshing (decoding drops, network failures). */
  readonly problems: readonly string[];
  /** The last refresh attempt, if any. */
  readonly lastRefresh?: CatalogLastRefresh;
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
export const FunctionAtRequest = new RequestType<FunctionAtParams, FunctionAtResult | null, void>(
  'bdscript/functionAt',
);

export interface CopyForAppParams {
  readonly textDocument: { readonly uri: string };
}

export interface CopyForAppResult {
  /** The command's code without the file-only trigger line (the whole text when there is none). */
  readonly code: string;
  /** The trigger's call, to type into the app's trigger field; null when the file has no trigger line. */
  readonly trigger: string | null;
  /** The trigger's 0-based line, or null. */
  readonly triggerLine: number | null;
}

/** Request (client → server): the code and trigger of an open document for the BDFD app; null when it is not open. */
export const CopyForAppRequest = new RequestType<CopyForAppParams, CopyForAppResult | null, void>(
  'bdscript/copyForApp',
);

export interface PreviewParams {
  readonly textDocument: { readonly uri: string };
  /**
   * The branch to show per block: pairs of the opener's start offset (`$if`, or `$try` for its
   * `$catch`) and the branch index, oldest choice first. The preview keeps the newest choices first
   * and moves the other blocks to branches that can run with them.
   */
  readonly branches?: ReadonlyArray<readonly [number, number]>;
  /** Draw the page for this theme. */
  readonly theme?: 'dark' | 'light';
  /** A fresh random value for the page's Content-Security-Policy (style and script). */
  readonly nonce?: string;
  /** Load images from https: URLs in the page. */
  readonly allowImages?: boolean;
  /**
   * With a nonce: answer only the version and the page, without `message` and `discord`. They are
   * most of the answer's size (about 1.8 MB of 3.6 MB for 1 MB of code), which both ends encode
   * and decode on the thread that also serves typing; a panel that only draws needs neither.
   */
  readonly pageOnly?: boolean;
}

export interface PreviewResult {
  /** The document version the preview was made from. */
  readonly version: number;
  /** The message model; absent when the page alone was asked for (`pageOnly`). */
  readonly message?: PreviewMessage;
  /** The reply as Discord's message JSON; absent when the page alone was asked for (`pageOnly`). */
  readonly discord?: DiscordMessage;
  /** The page drawing it (with the editor script), when a nonce was given. */
  readonly html?: string;
}

/**
 * Request (client → server): the reply an open document sends, for the preview; null when it is
 * not open. It yields to typing: the error ContentModified when the document (or the catalog or
 * settings) changed before the answer was ready (ask again for the new version), RequestCancelled
 * when the client cancelled it.
 */
export const PreviewRequest = new RequestType<PreviewParams, PreviewResult | null, void>('bdscript/preview');

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
