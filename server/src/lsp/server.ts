// The language server wiring: `startServer(connection, runtime)` declares the capabilities,
// answers every request through the core's LanguageService, keeps documents and settings in
// sync, runs the catalog provider (local load, background refresh with progress, status) and
// re-validates open documents when the catalog changes. It knows nothing of HTTP or files.

import {
  CancellationToken,
  DidChangeConfigurationNotification,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeActionContext, CompletionItem, Diagnostic } from 'vscode-languageserver';
import { Catalog } from '../core/catalog/catalog';
import { SEMANTIC_TOKENS_LEGEND } from '../core/features/semanticTokens';
import { MINIMAL_CLIENT, type CompletionContext, type SignatureHelpContext } from '../core/features/types';
import { LanguageService } from '../core/languageService';
import { DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { clientAbilitiesFrom, clientFeaturesFrom, negotiatePositionEncoding, serverCapabilities, type ClientAbilities } from './capabilities';
import { OutgoingConverter } from './convert';
import { DocumentStore, uriOf } from './documents';
import { createPositionConverter, type PositionConverter } from './positions';
import {
  CatalogStatusNotification,
  CatalogStatusRequest,
  FunctionAtRequest,
  RefreshCatalogRequest,
  type CatalogStatus,
  type FunctionAtResult,
} from '../protocol/messages';
import { describeError, hostTimers, messageOf, type CatalogProvider, type ServerRuntime, type Timers } from './runtime';
import { catalogIdentity, readInitializationOptions, resolveSettings, settingsSection } from './settings';
import { isObject, type JsonObject } from '../protocol/json';

/** Delay between the last edit and validation; edits in between restart it. */
export const VALIDATE_DELAY_MS = 75;
/** How long the server waits for the client to accept a progress token before refreshing without one. */
const PROGRESS_CREATE_TIMEOUT_MS = 5_000;
/** setInterval's longest delay; longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;


/** Completion and signature help trigger kinds are 1, 2 or 3. */
function isTriggerKind(v: unknown): v is 1 | 2 | 3 {
  return v === 1 || v === 2 || v === 3;
}

/** A signature help context from untrusted params: the previous answer only when it has signatures. */
function signatureContext(raw: JsonObject): SignatureHelpContext {
  const active = raw['activeSignatureHelp'];
  return {
    triggerKind: raw['triggerKind'] as 1 | 2 | 3,
    ...(typeof raw['triggerCharacter'] === 'string' ? { triggerCharacter: raw['triggerCharacter'] } : {}),
    isRetrigger: raw['isRetrigger'] === true,
    ...(isObject(active) && Array.isArray(active['signatures']) ? { activeSignatureHelp: active as unknown as NonNullable<SignatureHelpContext['activeSignatureHelp']> } : {}),
  };
}

/** A provider for when the runtime could not build one: an empty catalog and the reason. */
class FailedProvider implements CatalogProvider {
  readonly catalog = Catalog.empty();
  constructor(private readonly reason: string) {}
  loadLocal(): Promise<void> {
    return Promise.resolve();
  }
  refresh(): Promise<unknown> {
    return Promise.resolve();
  }
  status(): CatalogStatus {
    return { source: 'none', location: '', counts: { functions: 0, callbacks: 0, emoji: 0 }, problems: [this.reason], refreshing: false };
  }
  onDidChange(): () => void {
    return () => undefined;
  }
  dispose(): void {}
}

/** What `startServer` returns: a way to stop timers and the catalog provider (tests use it). */
export interface ServerHandle {
  dispose(): void;
}

export function startServer(connection: Connection, runtime: ServerRuntime): ServerHandle {
  const timers: Timers = runtime.timers ?? hostTimers;
  const service = new LanguageService({ client: MINIMAL_CLIENT, settings: DEFAULT_SETTINGS });
  const documents = new DocumentStore();
  const log = {
    error: (message: string) => safely(() => connection.console.error(message)),
    warn: (message: string) => safely(() => connection.console.warn(message)),
    info: (message: string) => safely(() => connection.console.info(message)),
  };

  let converter: PositionConverter = createPositionConverter('utf-16');
  let abilities: ClientAbilities = clientAbilitiesFrom(undefined);
  let initSection: JsonObject | undefined;
  let clientSection: JsonObject | undefined;
  let storagePath: string | undefined;
  let settings: Settings = DEFAULT_SETTINGS;

  let provider: CatalogProvider | undefined;
  let providerIdentity = '';
  let unsubscribe: (() => void) | undefined;
  /** Settles when the current provider has loaded its best local source. */
  let ready: Promise<void> = Promise.resolve();
  let refreshing: { provider: CatalogProvider; done: Promise<void> } | undefined;
  let refreshTimer: unknown;
  /** Background refreshes start once the first settings are known (after `initialized`). */
  let started = false;
  let initializedReceived = false;
  let disposed = false;
  let lastStatusText = '';
  let settingsQueue: Promise<void> = Promise.resolve();
  const validationTimers = new Map<string, unknown>();

  function safely(fn: () => void): void {
    try {
      fn();
    } catch {
      // The connection is gone; there is nobody to tell.
    }
  }

  // ---- catalog -------------------------------------------------------------------------

  function currentStatus(): CatalogStatus {
    try {
      return provider ? provider.status() : new FailedProvider('the server is not initialised yet').status();
    } catch (err) {
      log.error(`catalog status failed: ${describeError(err)}`);
      return new FailedProvider(`catalog status failed: ${String(err)}`).status();
    }
  }

  function notifyStatus(): void {
    // Nothing but logs and progress may precede the client's `initialized`.
    if (disposed || !initializedReceived) return;
    const status = currentStatus();
    const { ageMs: _age, ...stable } = status;
    const text = JSON.stringify(stable);
    if (text === lastStatusText) return;
    lastStatusText = text;
    void connection.sendNotification(CatalogStatusNotification, status).catch(() => undefined);
  }

  /** Takes the provider's catalog when it differs from the one in use; re-validates if so. */
  function adoptCatalog(from: CatalogProvider): void {
    if (from !== provider || disposed) return;
    let catalog: Catalog;
    try {
      catalog = from.catalog;
    } catch (err) {
      log.error(`reading the catalog failed: ${describeError(err)}`);
      return;
    }
    if (catalog !== service.catalog) {
      service.configure({ catalog });
      revalidateAll();
      refreshViews();
    }
    notifyStatus();
  }

  function replaceProvider(): void {
    unsubscribe?.();
    unsubscribe = undefined;
    if (provider) {
      try {
        provider.dispose();
      } catch (err) {
        log.error(`disposing the catalog provider failed: ${describeError(err)}`);
      }
    }
    let next: CatalogProvider;
    try {
      next = runtime.createCatalogProvider({
        settings: settings.catalog,
        storagePath,
        log: (level, message) => (level === 'error' ? log.error(message) : level === 'warning' ? log.warn(message) : log.info(message)),
      });
    } catch (err) {
      log.error(`the catalog could not be set up: ${describeError(err)}`);
      next = new FailedProvider(`the catalog could not be set up: ${messageOf(err)}`);
    }
    provider = next;
    providerIdentity = catalogIdentity(settings);
    refreshing = undefined;
    try {
      unsubscribe = next.onDidChange(() => adoptCatalog(next));
    } catch (err) {
      log.error(`watching the catalog failed: ${describeError(err)}`);
    }
    let loading: Promise<void>;
    try {
      loading = Promise.resolve(next.loadLocal());
    } catch (err) {
      loading = Promise.reject(err);
    }
    ready = loading
      .catch((err: unknown) => log.error(`loading the local catalog failed: ${describeError(err)}`))
      .then(() => adoptCatalog(next));
  }

  /** Creates a progress token when the client supports it; undefined when it does not answer in time. */
  async function createProgress(): Promise<WorkDoneProgressServerReporter | undefined> {
    if (!abilities.workDoneProgress) return undefined;
    let timer: unknown;
    try {
      return await Promise.race([
        connection.window.createWorkDoneProgress(),
        new Promise<undefined>((resolve) => {
          timer = timers.setTimeout(() => resolve(undefined), PROGRESS_CREATE_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      log.warn(`the client refused a progress token: ${messageOf(err)}`);
      return undefined;
    } finally {
      timers.clearTimeout(timer);
    }
  }

  /** Refreshes the current provider's catalog (one refresh at a time) and reports progress. */
  function refreshCatalog(): Promise<void> {
    const target = provider;
    if (!target || disposed) return Promise.resolve();
    if (refreshing && refreshing.provider === target) return refreshing.done;
    const done = (async () => {
      await ready;
      if (target !== provider || disposed) return;
      let work: Promise<unknown>;
      try {
        work = Promise.resolve(target.refresh());
      } catch (err) {
        work = Promise.reject(err);
      }
      notifyStatus();
      const progress = await createProgress();
      progress?.begin('BDScript catalog', undefined, `refreshing from ${settings.catalog.url}`, false);
      try {
        await work;
      } catch (err) {
        log.error(`catalog refresh failed: ${describeError(err)}`);
      } finally {
        progress?.done();
        if (refreshing?.provider === target) refreshing = undefined;
      }
      adoptCatalog(target);
      notifyStatus();
    })();
    refreshing = { provider: target, done };
    return done;
  }

  function scheduleRefreshes(): void {
    if (refreshTimer !== undefined) timers.clearInterval(refreshTimer);
    refreshTimer = undefined;
    const minutes = settings.catalog.refreshIntervalMinutes;
    if (!started || disposed || settings.catalog.offline || minutes <= 0) return;
    refreshTimer = timers.setInterval(() => void refreshCatalog(), Math.min(minutes * 60_000, MAX_TIMER_MS));
  }

  // ---- settings ------------------------------------------------------------------------

  /** Applies new settings: a new catalog provider when catalog settings changed, else reconfigure. */
  function applySettings(next: Settings): void {
    const previous = settings;
    settings = next;
    if (JSON.stringify(previous) === JSON.stringify(next) && provider) return;
    service.configure({ settings: next });
    if (catalogIdentity(next) !== providerIdentity || !provider) {
      replaceProvider();
      if (started && !next.catalog.offline) void refreshCatalog();
    }
    if (previous.catalog.refreshIntervalMinutes !== next.catalog.refreshIntervalMinutes || previous.catalog.offline !== next.catalog.offline) scheduleRefreshes();
    revalidateAll();
    refreshViews();
  }

  async function pullConfiguration(): Promise<void> {
    if (!abilities.configuration) return;
    try {
      const value: unknown = await connection.workspace.getConfiguration('bdscript');
      // The section itself (`{catalog: {...}}`); a client without settings answers null.
      if (isObject(value)) clientSection = settingsSection({ bdscript: value });
    } catch (err) {
      log.warn(`workspace/configuration failed: ${messageOf(err)}`);
    }
  }

  /** Runs settings updates one after another, so an older answer never overwrites a newer one. */
  function updateSettings(pushed: unknown): Promise<void> {
    settingsQueue = settingsQueue.then(async () => {
      if (disposed) return;
      const section = settingsSection(pushed);
      if (section) clientSection = section;
      await pullConfiguration();
      applySettings(resolveSettings(initSection, clientSection));
    }).catch((err: unknown) => log.error(`applying settings failed: ${describeError(err)}`));
    return settingsQueue;
  }

  // ---- diagnostics ---------------------------------------------------------------------

  function scheduleValidation(uri: string, delay: number): void {
    const pending = validationTimers.get(uri);
    if (pending !== undefined) timers.clearTimeout(pending);
    validationTimers.set(
      uri,
      timers.setTimeout(() => {
        validationTimers.delete(uri);
        void validate(uri);
      }, delay),
    );
  }

  function revalidateAll(): void {
    for (const doc of documents.all()) scheduleValidation(doc.uri, 0);
  }

  async function validate(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc || disposed) return;
    const version = doc.version;
    await ready;
    // A newer version or a close since: that one has (or needs) its own validation.
    if (documents.get(uri) !== doc || doc.version !== version || disposed) return;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = new OutgoingConverter(converter, doc, (u) => documents.get(u)).diagnostics(service.validate(doc));
    } catch (err) {
      log.error(`validating ${uri} failed: ${describeError(err)}`);
      return;
    }
    void connection.sendDiagnostics({ uri, version, diagnostics }).catch(() => undefined);
  }

  /** Asks clients that support it to re-request semantic tokens and inlay hints. */
  function refreshViews(): void {
    if (!started || disposed) return;
    if (abilities.semanticTokensRefresh) void connection.languages.semanticTokens.refresh().catch(() => undefined);
    if (abilities.inlayHintRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
  }

  // ---- requests ------------------------------------------------------------------------

  const cancelled = () => new ResponseError<void>(LSPErrorCodes.RequestCancelled, 'request cancelled');

  /** Lets messages already received (a `$/cancelRequest`) be read before work starts. */
  const yieldToMessages = () => new Promise<void>((resolve) => timers.setTimeout(resolve, 0));

  /**
   * Wraps a request handler: waits for the local catalog, honours cancellation before and
   * after the work, and turns any exception into a logged error and an error response.
   */
  function request<P, R>(method: string, run: (params: P, token: CancellationToken) => R) {
    return async (params: P, token?: CancellationToken): Promise<R | ResponseError<void>> => {
      const tok = token ?? CancellationToken.None;
      try {
        await ready;
        await yieldToMessages();
        if (tok.isCancellationRequested) return cancelled();
        const result = run(params, tok);
        if (tok.isCancellationRequested) return cancelled();
        return result;
      } catch (err) {
        log.error(`${method} failed: ${describeError(err)}`);
        return new ResponseError<void>(ErrorCodes.InternalError, `${method} failed: ${messageOf(err)}`);
      }
    };
  }

  /** A request about a position or range in one document: null when the document is not open. */
  function documentRequest<P, R>(method: string, run: (doc: TextDocument, params: P, out: OutgoingConverter) => R) {
    return request<P, R | null>(method, (params) => {
      const doc = documents.get(uriOf(params));
      if (!doc) return null;
      return run(doc, params, new OutgoingConverter(converter, doc, (u) => documents.get(u)));
    });
  }

  const field = (params: unknown, name: string): unknown => (isObject(params) ? params[name] : undefined);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities: unknown = isObject(params) ? params.capabilities : undefined;
    const encoding = negotiatePositionEncoding(capabilities);
    converter = createPositionConverter(encoding);
    abilities = clientAbilitiesFrom(capabilities);
    const init = readInitializationOptions(isObject(params) ? params.initializationOptions : undefined);
    initSection = init.section;
    storagePath = init.storagePath;
    settings = resolveSettings(initSection);
    service.configure({ settings, client: clientFeaturesFrom(capabilities) });
    replaceProvider();
    const offered = Array.isArray((capabilities as { general?: { positionEncodings?: unknown } } | undefined)?.general?.positionEncodings);
    return {
      capabilities: serverCapabilities(encoding, SEMANTIC_TOKENS_LEGEND, offered),
      serverInfo: { name: runtime.name ?? 'bdscript-language-server', ...(runtime.version ? { version: runtime.version } : {}) },
    };
  });

  connection.onInitialized(() => {
    initializedReceived = true;
    notifyStatus();
    if (abilities.configuration && abilities.didChangeConfigurationRegistration) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: 'bdscript' }).catch((err: unknown) => {
        log.warn(`registering for configuration changes failed: ${messageOf(err)}`);
      });
    }
    void updateSettings(undefined).then(() => {
      started = true;
      scheduleRefreshes();
      if (!settings.catalog.offline) void refreshCatalog();
    });
  });

  connection.onDidChangeConfiguration((params) => {
    void updateSettings(field(params, 'settings'));
  });

  connection.onDidOpenTextDocument((params) => {
    const opened = documents.open(params);
    if (typeof opened === 'string') {
      log.warn(opened);
      return;
    }
    service.forget(opened.uri);
    scheduleValidation(opened.uri, 0);
  });

  connection.onDidChangeTextDocument((params) => {
    const { doc, problem } = documents.change(params, converter);
    if (problem) log.warn(problem);
    if (doc) scheduleValidation(doc.uri, VALIDATE_DELAY_MS);
  });

  connection.onDidCloseTextDocument((params) => {
    const uri = documents.close(params);
    if (uri === undefined) return;
    const pending = validationTimers.get(uri);
    if (pending !== undefined) timers.clearTimeout(pending);
    validationTimers.delete(uri);
    service.forget(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] }).catch(() => undefined);
  });

  connection.onCompletion(
    documentRequest('textDocument/completion', (doc, params, out) => {
      const position = converter.toServer(doc, field(params, 'position'));
      const context = field(params, 'context');
      const ctx = isObject(context) && isTriggerKind(context['triggerKind']) ? (context as unknown as CompletionContext) : undefined;
      return out.completionList(service.complete(doc, position, ctx));
    }),
  );

  connection.onCompletionResolve(
    request('completionItem/resolve', (item: CompletionItem) => (isObject(item) && typeof item.label === 'string' ? service.resolveCompletion(item) : item)),
  );

  connection.onHover(
    documentRequest('textDocument/hover', (doc, params, out) => out.hover(service.hover(doc, converter.toServer(doc, field(params, 'position'))))),
  );

  connection.onSignatureHelp(
    documentRequest('textDocument/signatureHelp', (doc, params, out) => {
      const context = field(params, 'context');
      const ctx = isObject(context) && isTriggerKind(context['triggerKind']) ? signatureContext(context) : undefined;
      return out.signatureHelp(service.signatureHelp(doc, converter.toServer(doc, field(params, 'position')), ctx));
    }),
  );

  connection.onCodeAction(
    documentRequest('textDocument/codeAction', (doc, params, out) => {
      const range = converter.rangeToServer(doc, field(params, 'range'));
      const raw = field(params, 'context');
      const rawDiagnostics = isObject(raw) && Array.isArray(raw['diagnostics']) ? raw['diagnostics'] : [];
      const diagnostics = rawDiagnostics
        .filter((d): d is Diagnostic => isObject(d) && typeof d['message'] === 'string')
        .map((d) => ({ ...d, range: converter.rangeToServer(doc, d.range) }));
      const only = isObject(raw) && Array.isArray(raw['only']) ? raw['only'].filter((k): k is string => typeof k === 'string') : undefined;
      const triggerKind = isObject(raw) && (raw['triggerKind'] === 1 || raw['triggerKind'] === 2) ? raw['triggerKind'] : undefined;
      const context: CodeActionContext = { diagnostics, ...(only ? { only } : {}), ...(triggerKind ? { triggerKind } : {}) };
      return out.codeActions(service.codeActions(doc, range, context));
    }),
  );

  connection.onDocumentSymbol(documentRequest('textDocument/documentSymbol', (doc, _params, out) => out.symbols(service.documentSymbols(doc))));

  connection.onFoldingRanges(documentRequest('textDocument/foldingRange', (doc, _params, out) => out.foldingRanges(service.foldingRanges(doc))));

  connection.languages.semanticTokens.on(
    documentRequest('textDocument/semanticTokens/full', (doc, _params, out) => out.semanticTokens(service.semanticTokens(doc))),
  );

  connection.languages.semanticTokens.onRange(
    documentRequest('textDocument/semanticTokens/range', (doc, params, out) =>
      out.semanticTokens(service.semanticTokens(doc, converter.rangeToServer(doc, field(params, 'range')))),
    ),
  );

  connection.languages.inlayHint.on(
    documentRequest('textDocument/inlayHint', (doc, params, out) => out.inlayHints(service.inlayHints(doc, converter.rangeToServer(doc, field(params, 'range'))))),
  );

  connection.onDefinition(
    documentRequest('textDocument/definition', (doc, params, out) => out.locations(service.definition(doc, converter.toServer(doc, field(params, 'position'))))),
  );

  connection.onRequest(
    FunctionAtRequest,
    documentRequest('bdscript/functionAt', (doc, params: unknown): FunctionAtResult | null => {
      const found = service.functionAt(doc, converter.toServer(doc, field(params, 'position')));
      return found ? { name: found.name, kind: found.kind, wikiUrl: found.wikiUrl } : null;
    }),
  );

  connection.onRequest(
    CatalogStatusRequest,
    request('bdscript/catalogStatus', () => currentStatus()),
  );

  connection.onRequest(RefreshCatalogRequest, async () => {
    try {
      await refreshCatalog();
      return currentStatus();
    } catch (err) {
      log.error(`bdscript/refreshCatalog failed: ${describeError(err)}`);
      return new ResponseError<void>(ErrorCodes.InternalError, `refresh failed: ${messageOf(err)}`);
    }
  });

  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    if (refreshTimer !== undefined) timers.clearInterval(refreshTimer);
    for (const t of validationTimers.values()) timers.clearTimeout(t);
    validationTimers.clear();
    unsubscribe?.();
    try {
      provider?.dispose();
    } catch (err) {
      log.error(`disposing the catalog provider failed: ${describeError(err)}`);
    }
  };

  connection.onShutdown(() => dispose());

  return { dispose };
}
