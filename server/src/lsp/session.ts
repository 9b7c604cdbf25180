// What the parts of the server share for one connection: the language service and the open
// documents, what was negotiated with the client (position encoding, optional protocol features),
// the life-cycle flags, the log, the one error boundary, and the messages sent to the client that
// nobody waits for. startServer builds one and hands it to the scheduler, the preview and the
// request handlers.

import {
  CodeLensRefreshRequest,
  MessageType,
  ShowMessageNotification,
  type Connection,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MINIMAL_CLIENT, l10nOf } from '../core/features/types';
import type { Localizer } from '../core/l10n';
import { LanguageService } from '../core/languageService';
import { DEFAULT_SETTINGS } from '../core/settings';
import { CatalogStatusNotification, type CatalogStatus } from '../protocol/messages';
import { clientAbilitiesFrom, type ClientAbilities } from './capabilities';
import { OutgoingConverter } from './convert';
import { DocumentStore } from './documents';
import { createPositionConverter, type PositionConverter } from './positions';
import { hostTimers, type Logger, type ServerRuntime, type Timers } from './runtime';
import { yieldToMessages } from './slices';
import { errorWithStack, messageOf } from '../protocol/errors';

/** How long the server waits for the client to accept a progress token before refreshing without one. */
const PROGRESS_CREATE_TIMEOUT_MS = 5_000;

export class Session {
  readonly timers: Timers;
  readonly service = new LanguageService({ client: MINIMAL_CLIENT, settings: DEFAULT_SETTINGS });
  readonly documents = new DocumentStore();
  readonly log: Logger;
  /** Converts positions between the client's encoding and UTF-16; set by `initialize`. */
  converter: PositionConverter = createPositionConverter('utf-16');
  abilities: ClientAbilities = clientAbilitiesFrom(undefined);
  /** Counts catalog and settings changes, after which a preview being drawn is stale. */
  configGeneration = 0;
  /** The client's `initialized` arrived: the server may send notifications and requests. */
  initialized = false;
  /** The first settings are applied and background refreshes run. */
  started = false;
  /** `shutdown` arrived (or the server was disposed): nothing more is sent or started. */
  disposed = false;
  private lastStatusText = '';

  constructor(
    readonly connection: Connection,
    readonly runtime: ServerRuntime,
  ) {
    this.timers = runtime.timers ?? hostTimers;
    this.log = {
      error: (message) => this.post(async () => connection.console.error(message)),
      warn: (message) => this.post(async () => connection.console.warn(message)),
      info: (message) => this.post(async () => connection.console.info(message)),
    };
  }

  /** The language of the messages people read, as the settings and the client's locale decide. */
  get l10n(): Localizer {
    return l10nOf(this.service.context);
  }

  /** Sends something nobody waits for; a connection that is gone is nobody to tell. */
  post(send: () => Promise<unknown>): void {
    try {
      void send().catch(() => undefined);
    } catch {
      // The connection is closed or disposed (sending throws then).
    }
  }

  /**
   * The one error boundary: every handler, validation and settings update runs inside it. An
   * exception is logged with its stack and turned into `onError`'s answer; the server goes on.
   */
  async contain<T>(what: string, work: () => T | Promise<T>, onError: (err: unknown) => T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      this.log.error(`${what} failed: ${errorWithStack(err)}`);
      return onError(err);
    }
  }

  /** Lets messages already received (a `$/cancelRequest`) be read before work starts. */
  yieldToMessages(): Promise<void> {
    return yieldToMessages(this.timers);
  }

  /** Converts what leaves the server about `doc` into the client's position encoding. */
  outgoing(doc: TextDocument): OutgoingConverter {
    return new OutgoingConverter(this.converter, doc, (u) => this.documents.get(u));
  }

  /** Sends the catalog status when it changed since the last one sent (never before `initialized`). */
  notifyStatus(status: () => CatalogStatus): void {
    // Nothing but logs and progress may precede the client's `initialized`.
    if (this.disposed || !this.initialized) return;
    const current = status();
    const { ageMs: _age, ...stable } = current;
    const text = JSON.stringify(stable);
    if (text === this.lastStatusText) return;
    this.lastStatusText = text;
    this.post(() => this.connection.sendNotification(CatalogStatusNotification, current));
  }

  /** Creates a progress token when the client supports it; undefined when it does not answer in time. */
  async createProgress(): Promise<WorkDoneProgressServerReporter | undefined> {
    if (!this.abilities.workDoneProgress) return undefined;
    let timer: unknown;
    try {
      return await Promise.race([
        this.connection.window.createWorkDoneProgress(),
        new Promise<undefined>((resolve) => {
          timer = this.timers.setTimeout(() => resolve(undefined), PROGRESS_CREATE_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      this.log.warn(`the client refused a progress token: ${messageOf(err)}`);
      return undefined;
    } finally {
      this.timers.clearTimeout(timer);
    }
  }

  /** Asks clients that support it to re-request semantic tokens, inlay hints and code lenses. */
  refreshViews(): void {
    if (!this.started || this.disposed) return;
    if (this.abilities.semanticTokensRefresh) this.post(() => this.connection.languages.semanticTokens.refresh());
    if (this.abilities.inlayHintRefresh) this.post(() => this.connection.languages.inlayHint.refresh());
    if (this.abilities.codeLensRefresh) this.post(() => this.connection.sendRequest(CodeLensRefreshRequest.type));
  }

  /** Asks the client to open `uri` outside the editor; false when it cannot or did not. */
  async showDocument(uri: string): Promise<boolean> {
    if (!this.abilities.showDocument) return false;
    try {
      return (await this.connection.window.showDocument({ uri, external: true })).success === true;
    } catch (err) {
      this.log.warn(`window/showDocument failed: ${messageOf(err)}`);
      return false;
    }
  }

  /**
   * Tells the user something. A notification, not the library's showMessage helpers (which send
   * window/showMessageRequest and so make Neovim prompt for an answer).
   */
  showMessage(type: 'info' | 'warning', message: string): void {
    this.post(() =>
      this.connection.sendNotification(ShowMessageNotification.type, {
        type: type === 'warning' ? MessageType.Warning : MessageType.Info,
        message,
      }),
    );
  }
}
