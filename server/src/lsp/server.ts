// The language server wiring: `startServer(connection, runtime)` declares the capabilities,
// keeps documents and settings in sync, and answers every request through the core's
// LanguageService. Request params are read in params.ts, the catalog's life is catalogHost.ts,
// and every handler runs inside one error boundary. It knows nothing of HTTP or files.

import {
  CancellationToken,
  DidChangeConfigurationNotification,
  ErrorCodes,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver';
import type { CompletionItem } from 'vscode-languageserver-types';
import { SEMANTIC_TOKENS_LEGEND } from '../core/features/semanticTokens';
import { MINIMAL_CLIENT } from '../core/features/types';
import { LanguageService } from '../core/languageService';
import { DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { isObject, type JsonObject } from '../protocol/json';
import {
  CatalogStatusNotification,
  CatalogStatusRequest,
  CopyForAppRequest,
  FunctionAtRequest,
  PreviewRequest,
  RefreshCatalogRequest,
  type CopyForAppResult,
  type FunctionAtResult,
  type PreviewResult,
} from '../protocol/messages';
import type { DiscordMessage } from '../protocol/preview';
import { previewHtmlSteps } from '../core/preview/html';
import { toDiscordMessage } from '../core/preview/model';
import { SETTINGS_SECTION } from '../protocol/settings';
import {
  clientAbilitiesFrom,
  clientFeaturesFrom,
  negotiatePositionEncoding,
  serverCapabilities,
  type ClientAbilities,
} from './capabilities';
import { CatalogHost } from './catalogHost';
import { Coalescer } from './coalesce';
import { executeCommand, wikiCodeAction, type CommandContext } from './commands';
import { OutgoingConverter } from './convert';
import { DocumentStore } from './documents';
import { completionItem, documentUri, DocumentParams, previewOptions, pushedSettings } from './params';
import { createPositionConverter, type PositionConverter } from './positions';
import { errorWithStack, hostTimers, messageOf, type Logger, type ServerRuntime, type Timers } from './runtime';
import { readInitializationOptions, resolveSettings, settingsSection } from './settings';
import { l10nOf } from '../core/features/types';

/** Delay between the last edit and validation; edits in between restart it. */
export const VALIDATE_DELAY_MS = 75;
/** Settings changes are applied once they have been quiet this long... */
export const SETTINGS_QUIET_MS = 50;
/** ...or at the latest this long after the first change not yet applied. */
export const SETTINGS_MAX_DELAY_MS = 500;
/**
 * The longest stretch of preview work between two looks at the message queue: the preview gives
 * way to keystrokes, completion and validation (issue #17), so a keystroke that arrives while a
 * page is being drawn waits at most about this long for it.
 */
export const PREVIEW_SLICE_MS = 4;
/**
 * The same for validation: between two looks at the message queue it runs this long, and then
 * to the end of its current step (a few chunks, or one rule about the whole command), so a
 * completion typed while a large document is validated waits for one step, not the validation.
 */
export const VALIDATE_SLICE_MS = 4;

/**
 * Runs `steps` to the end in slices of about `sliceMs` (whole steps), calling `pause` between
 * slices; after each pause `stale` may end it with its answer instead.
 */
async function runInSlices<T, E>(
  steps: Generator<void, T, void>,
  sliceMs: number,
  pause: () => Promise<void>,
  stale: () => E | undefined,
): Promise<{ done: T } | { stale: E }> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return { done: step.value };
    if (performance.now() - sliceStart >= sliceMs) {
      await pause();
      const why = stale();
      if (why !== undefined) return { stale: why };
      sliceStart = performance.now();
    }
  }
}
/** How long the server waits for the client to accept a progress token before refreshing without one. */
const PROGRESS_CREATE_TIMEOUT_MS = 5_000;

/** What `startServer` returns: whether `shutdown` has stopped it, and a way to stop it (tests use it). */
export interface ServerHandle {
  /** `shutdown` arrived (or `dispose` ran): timers and the catalog provider are stopped. */
  readonly stopped: boolean;
  dispose(): void;
}

export function startServer(connection: Connection, runtime: ServerRuntime): ServerHandle {
  const timers: Timers = runtime.timers ?? hostTimers;
  const service = new LanguageService({ client: MINIMAL_CLIENT, settings: DEFAULT_SETTINGS });
  const documents = new DocumentStore();
  const validationTimers = new Map<string, unknown>();
  /** Per document, the number of the latest validation started: an older one stops at its next pause. */
  const validationTickets = new Map<string, number>();
  /** Validations started and not finished (waiting for the catalog, or running). */
  let validating = 0;
  /** Wakes whatever waits for validation to be idle (the preview); each waiter looks again. */
  let validationWaiters: Array<() => void> = [];
  /** Counts catalog and settings changes, after which a preview being drawn is stale. */
  let configGeneration = 0;

  let converter: PositionConverter = createPositionConverter('utf-16');
  let abilities: ClientAbilities = clientAbilitiesFrom(undefined);
  let initSection: JsonObject | undefined;
  let clientSection: JsonObject | undefined;
  let settings: Settings = DEFAULT_SETTINGS;
  /** The client's `initialized` arrived: the server may send notifications and requests. */
  let initialized = false;
  /** The first settings are applied and background refreshes run. */
  let started = false;
  let disposed = false;
  let lastStatusText = '';

  // ---- talking to the client ----------------------------------------------------------------

  /** Sends something nobody waits for; a connection that is gone is nobody to tell. */
  function post(send: () => Promise<unknown>): void {
    try {
      void send().catch(() => undefined);
    } catch {
      // The connection is closed or disposed (sending throws then).
    }
  }

  const log: Logger = {
    error: (message) => post(async () => connection.console.error(message)),
    warn: (message) => post(async () => connection.console.warn(message)),
    info: (message) => post(async () => connection.console.info(message)),
  };

  /**
   * The one error boundary: every handler, validation and settings update runs inside it. An
   * exception is logged with its stack and turned into `onError`'s answer; the server goes on.
   */
  async function contain<T>(what: string, work: () => T | Promise<T>, onError: (err: unknown) => T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      log.error(`${what} failed: ${errorWithStack(err)}`);
      return onError(err);
    }
  }

  // ---- catalog ------------------------------------------------------------------------------

  const catalog = new CatalogHost({
    runtime,
    timers,
    log,
    createProgress,
    onDidChangeCatalog: adoptCatalog,
    onDidChangeStatus: notifyStatus,
    l10n: () => l10nOf(service.context),
  });

  /** Takes the catalog to answer with when it changed, and re-validates. */
  function adoptCatalog(): void {
    const next = catalog.catalog;
    if (disposed || next === service.catalog) return;
    configGeneration++;
    service.configure({ catalog: next });
    revalidateAll();
    refreshViews();
  }

  function notifyStatus(): void {
    // Nothing but logs and progress may precede the client's `initialized`.
    if (disposed || !initialized) return;
    const status = catalog.status();
    const { ageMs: _age, ...stable } = status;
    const text = JSON.stringify(stable);
    if (text === lastStatusText) return;
    lastStatusText = text;
    post(() => connection.sendNotification(CatalogStatusNotification, status));
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

  // ---- settings -----------------------------------------------------------------------------

  /** Applies complete settings: the catalog host takes its part, the service the rest. */
  function applySettings(next: Settings): void {
    const previous = settings;
    settings = next;
    if (JSON.stringify(previous) === JSON.stringify(next)) return;
    configGeneration++;
    service.configure({ settings: next });
    catalog.configure(next);
    revalidateAll();
    refreshViews();
  }

  async function pullConfiguration(): Promise<void> {
    if (!abilities.configuration) return;
    try {
      const value: unknown = await connection.workspace.getConfiguration(SETTINGS_SECTION);
      // The section itself (`{catalog: {...}}`); a client without settings answers null.
      if (isObject(value)) clientSection = settingsSection({ [SETTINGS_SECTION]: value });
    } catch (err) {
      log.warn(`workspace/configuration failed: ${messageOf(err)}`);
    }
  }

  /** Settings changes come in bursts; they are applied together, so the catalog is rebuilt once. */
  const settingsUpdates = new Coalescer(timers, SETTINGS_QUIET_MS, SETTINGS_MAX_DELAY_MS, () =>
    contain(
      'applying settings',
      async () => {
        await pullConfiguration();
        if (!disposed) applySettings(resolveSettings(initSection, clientSection));
      },
      () => undefined,
    ),
  );

  // ---- diagnostics --------------------------------------------------------------------------

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

  /** Resolves once no validation is scheduled or running (or at once when none is). */
  function validationIdle(): Promise<void> {
    if (validationTimers.size === 0 && validating === 0) return Promise.resolve();
    return new Promise<void>((resolve) => validationWaiters.push(resolve));
  }

  function wakeValidationWaiters(): void {
    const waiters = validationWaiters;
    validationWaiters = [];
    for (const wake of waiters) wake();
  }

  async function validate(uri: string): Promise<void> {
    validating++;
    try {
      await validateNow(uri);
    } finally {
      validating--;
      wakeValidationWaiters();
    }
  }

  async function validateNow(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc || disposed) return;
    const version = doc.version;
    await catalog.ready();
    // A newer version or a close since: that one has (or needs) its own validation.
    if (documents.get(uri) !== doc || doc.version !== version || disposed) return;
    // In slices, reading messages between them: requests are answered while a large document is
    // validated. One validation per document runs at a time: one that a newer validation of the
    // document overtakes stops at its next pause (so a burst of edits never keeps several
    // analyses of a large document alive at once); one overtaken only by an edit runs to its end
    // (what it remembers lets the next version carry its findings over) but is not published.
    const ticket = (validationTickets.get(uri) ?? 0) + 1;
    validationTickets.set(uri, ticket);
    const diagnostics = await contain(
      `validating ${uri}`,
      async () => {
        const run = await runInSlices(service.validateSteps(doc), VALIDATE_SLICE_MS, yieldToMessages, () =>
          disposed || documents.get(uri) !== doc
            ? 'closed'
            : validationTickets.get(uri) !== ticket
              ? 'overtaken'
              : undefined,
        );
        if (!('done' in run) || doc.version !== version) return undefined;
        return new OutgoingConverter(converter, doc, (u) => documents.get(u)).diagnostics(run.done);
      },
      () => undefined,
    );
    if (diagnostics) {
      post(() => connection.sendDiagnostics({ uri, version, diagnostics }));
      runtime.afterValidation?.();
    }
  }

  /** Asks clients that support it to re-request semantic tokens and inlay hints. */
  function refreshViews(): void {
    if (!started || disposed) return;
    if (abilities.semanticTokensRefresh) post(() => connection.languages.semanticTokens.refresh());
    if (abilities.inlayHintRefresh) post(() => connection.languages.inlayHint.refresh());
  }

  // ---- requests -----------------------------------------------------------------------------

  const cancelled = () => new ResponseError<void>(LSPErrorCodes.RequestCancelled, 'request cancelled');

  /** Lets messages already received (a `$/cancelRequest`) be read before work starts. */
  const yieldToMessages = () => new Promise<void>((resolve) => timers.setTimeout(resolve, 0));

  /**
   * A request handler: waits (boundedly) for the local catalog, honours cancellation before and
   * after the work, and answers an exception with an error response, inside the one boundary.
   */
  function request<R>(method: string, run: (params: unknown) => R | Promise<R>) {
    return (params: unknown, token?: CancellationToken): Promise<R | ResponseError<void>> => {
      // A request sent without params (`bdscript/catalogStatus`) gets only the token.
      const tok = token ?? (CancellationToken.is(params) ? params : CancellationToken.None);
      return contain<R | ResponseError<void>>(
        method,
        async () => {
          await catalog.ready();
          await yieldToMessages();
          if (tok.isCancellationRequested) return cancelled();
          const result = await run(params);
          return tok.isCancellationRequested ? cancelled() : result;
        },
        (err) => new ResponseError<void>(ErrorCodes.InternalError, `${method} failed: ${messageOf(err)}`),
      );
    };
  }

  /** A request about one document: null when it is not open; its params read by DocumentParams. */
  function documentRequest<R>(method: string, run: (params: DocumentParams, out: OutgoingConverter) => R) {
    return request<R | null>(method, (raw) => {
      const doc = documents.get(documentUri(raw));
      if (!doc) return null;
      return run(
        new DocumentParams(raw, doc, converter),
        new OutgoingConverter(converter, doc, (u) => documents.get(u)),
      );
    });
  }

  /** A document request whose answer is a list: an empty one when the document is not open. */
  function listRequest<T>(method: string, run: (params: DocumentParams, out: OutgoingConverter) => T[]) {
    const inner = documentRequest(method, run);
    return async (params: unknown, token?: CancellationToken): Promise<T[] | ResponseError<void>> =>
      (await inner(params, token)) ?? [];
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities: unknown = isObject(params) ? params.capabilities : undefined;
    const encoding = negotiatePositionEncoding(capabilities);
    converter = createPositionConverter(encoding);
    abilities = clientAbilitiesFrom(capabilities);
    try {
      runtime.onInitialize?.(params);
    } catch (err) {
      log.error(`the runtime could not read the initialize params: ${errorWithStack(err)}`);
    }
    const init = readInitializationOptions(isObject(params) ? params.initializationOptions : undefined);
    initSection = init.section;
    settings = resolveSettings(initSection);
    const locale = isObject(params) && typeof params.locale === 'string' ? params.locale : undefined;
    service.configure({
      settings,
      client: clientFeaturesFrom(capabilities),
      ...(locale !== undefined ? { clientLocale: locale } : {}),
    });
    // The local catalog starts loading now; requests wait for it (boundedly) from here on.
    catalog.configure(settings, init.storagePath);
    const offered = Array.isArray(
      (capabilities as { general?: { positionEncodings?: unknown } } | undefined)?.general?.positionEncodings,
    );
    return {
      capabilities: serverCapabilities(encoding, SEMANTIC_TOKENS_LEGEND, offered, abilities.renamePrepare),
      serverInfo: {
        name: runtime.name ?? 'bdscript-language-server',
        ...(runtime.version ? { version: runtime.version } : {}),
      },
    };
  });

  connection.onInitialized(() => {
    initialized = true;
    notifyStatus();
    if (abilities.configuration && abilities.didChangeConfigurationRegistration) {
      connection.client
        .register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION })
        .catch((err: unknown) => {
          log.warn(`registering for configuration changes failed: ${messageOf(err)}`);
        });
    }
    // The settings the client holds now decide the first refresh's URL.
    settingsUpdates.trigger();
    void settingsUpdates.flush().then(() => {
      if (disposed) return;
      started = true;
      catalog.start();
    });
  });

  connection.onDidChangeConfiguration((params) => {
    const section = settingsSection(pushedSettings(params));
    if (section) clientSection = section;
    settingsUpdates.trigger();
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
    validationTickets.delete(uri);
    wakeValidationWaiters();
    service.forget(uri);
    post(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
  });

  connection.onCompletion(
    documentRequest('textDocument/completion', (p, out) =>
      out.completionList(service.complete(p.document, p.position(), p.completionContext())),
    ),
  );

  connection.onCompletionResolve(
    request('completionItem/resolve', (raw) => {
      const item = completionItem(raw);
      // Something that is not an item goes back as it came: there is nothing to add to it.
      return item ? service.resolveCompletion(item) : (raw as CompletionItem);
    }),
  );

  connection.onHover(
    documentRequest('textDocument/hover', (p, out) => out.hover(service.hover(p.document, p.position()))),
  );

  connection.onSignatureHelp(
    documentRequest('textDocument/signatureHelp', (p, out) =>
      out.signatureHelp(service.signatureHelp(p.document, p.position(), p.signatureHelpContext())),
    ),
  );

  connection.onCodeAction(
    documentRequest('textDocument/codeAction', (p, out) => {
      const context = p.codeActionContext();
      const range = p.range();
      const actions = out.codeActions(service.codeActions(p.document, range, context));
      const found = service.functionAt(p.document, range.start);
      const wiki =
        found &&
        wikiCodeAction(
          found,
          p.document.uri,
          converter.toClient(p.document, range.start),
          context.only,
          l10nOf(service.context),
        );
      return wiki ? [...actions, wiki] : actions;
    }),
  );

  connection.onDocumentSymbol(
    documentRequest('textDocument/documentSymbol', (p, out) => out.symbols(service.documentSymbols(p.document))),
  );

  connection.onFoldingRanges(
    documentRequest('textDocument/foldingRange', (p, out) => out.foldingRanges(service.foldingRanges(p.document))),
  );

  connection.languages.semanticTokens.on(
    documentRequest('textDocument/semanticTokens/full', (p, out) =>
      out.semanticTokens(service.semanticTokens(p.document)),
    ),
  );

  connection.languages.semanticTokens.onRange(
    documentRequest('textDocument/semanticTokens/range', (p, out) =>
      out.semanticTokens(service.semanticTokens(p.document, p.range())),
    ),
  );

  connection.languages.inlayHint.on(
    documentRequest('textDocument/inlayHint', (p, out) => out.inlayHints(service.inlayHints(p.document, p.range()))),
  );

  connection.onDefinition(
    documentRequest('textDocument/definition', (p, out) => out.locations(service.definition(p.document, p.position()))),
  );

  connection.onReferences(
    documentRequest('textDocument/references', (p, out) =>
      out.locations(service.references(p.document, p.position(), p.includeDeclaration())),
    ),
  );

  connection.onPrepareRename(
    documentRequest('textDocument/prepareRename', (p, out) => {
      const found = service.prepareRename(p.document, p.position());
      if (!found) return null;
      if ('error' in found) return new ResponseError<void>(ErrorCodes.InvalidRequest, found.error);
      return { range: out.range(found.range), placeholder: found.placeholder };
    }),
  );

  connection.onRenameRequest(
    documentRequest('textDocument/rename', (p, out) => {
      const newName = p.newName();
      if (newName === undefined)
        return new ResponseError<void>(ErrorCodes.InvalidParams, 'rename needs a newName string');
      const edit = service.rename(p.document, p.position(), newName);
      if (!edit) return null;
      if ('error' in edit) return new ResponseError<void>(ErrorCodes.InvalidRequest, edit.error);
      return out.workspaceEdit(edit);
    }),
  );

  connection.onDocumentColor(
    listRequest('textDocument/documentColor', (p, out) => out.colors(service.documentColors(p.document))),
  );

  connection.onColorPresentation(
    listRequest('textDocument/colorPresentation', (p, out) => {
      const color = p.color();
      return color ? out.colorPresentations(service.colorPresentations(p.document, color, p.range())) : [];
    }),
  );

  /** The function at the position of untrusted `{textDocument, position}` params, for the wiki page. */
  function functionAt(raw: unknown): FunctionAtResult | null {
    const doc = documents.get(documentUri(raw));
    if (!doc) return null;
    const found = service.functionAt(doc, new DocumentParams(raw, doc, converter).position());
    return found ? { name: found.name, kind: found.kind, wikiUrl: found.wikiUrl } : null;
  }

  connection.onRequest(
    FunctionAtRequest,
    request(FunctionAtRequest.method, (raw) => functionAt(raw)),
  );

  /** "Copy for BDFD app" of an open document: its code without the trigger line, and the trigger. */
  const copyForApp = (uri: string | undefined): CopyForAppResult | null => {
    const doc = documents.get(uri);
    return doc ? service.appCode(doc) : null;
  };

  connection.onRequest(
    CopyForAppRequest,
    request(CopyForAppRequest.method, (raw) => copyForApp(documentUri(raw))),
  );

  const contentModified = () =>
    new ResponseError<void>(LSPErrorCodes.ContentModified, 'the document changed; ask again for the new version');

  /**
   * The reply an open document sends (the message model), with the page that draws it when the
   * client gives a nonce. A pull request: nothing is computed for it while the user types, and it
   * never holds up what the user waits for (issue #17). It starts only once no validation is
   * scheduled or running, and is made in slices of at most PREVIEW_SLICE_MS, each after the
   * messages that arrived in the meantime were read; a change of the document (or of the catalog
   * or settings) before the answer is ready ends it with ContentModified (the client asks again
   * for the new version), a `$/cancelRequest` with RequestCancelled.
   */
  const preview = async (
    raw: unknown,
    token: CancellationToken,
  ): Promise<PreviewResult | ResponseError<void> | null> => {
    const uri = documentUri(raw);
    const doc = documents.get(uri);
    if (!doc) return null;
    const version = doc.version;
    const generation = configGeneration;
    /** Why the work must stop now, if it must. */
    const stale = (): ResponseError<void> | undefined => {
      if (token.isCancellationRequested || disposed) return cancelled();
      if (documents.get(uri) !== doc || doc.version !== version || configGeneration !== generation)
        return contentModified();
      return undefined;
    };
    // Behind every validation scheduled or running, and behind requests already received.
    for (;;) {
      await validationIdle();
      await yieldToMessages();
      const why = stale();
      if (why) return why;
      if (validationTimers.size === 0 && validating === 0) break;
    }
    /** Runs `steps` to the end in slices, reading messages between them; a ResponseError when it went stale. */
    const drive = async <T>(steps: Generator<void, T, void>): Promise<T | ResponseError<void>> => {
      const run = await runInSlices(steps, PREVIEW_SLICE_MS, yieldToMessages, stale);
      return 'done' in run ? run.done : run.stale;
    };
    const options = previewOptions(raw);
    // Notes, branch labels and the page's words in the session's language, as diagnostics are.
    const message = await drive(service.previewSteps(doc, { branches: options.branches }));
    if (message instanceof ResponseError) return message;
    let html: string | undefined;
    if (options.nonce) {
      const page = await drive(
        previewHtmlSteps(message, {
          theme: options.theme,
          nonce: options.nonce,
          allowImages: options.allowImages,
          interactive: true,
          l10n: l10nOf(service.context),
        }),
      );
      if (page instanceof ResponseError) return page;
      html = page;
    }
    // The answer is written in one piece: read what came meanwhile first.
    await yieldToMessages();
    const why = stale();
    if (why) return why;
    // A page alone when asked for (and there is one): the model and the JSON would double the answer.
    if (html !== undefined && options.pageOnly) return { version, html };
    return { version, message, discord: toDiscordMessage(message), ...(html !== undefined ? { html } : {}) };
  };
  const previewJson = (uri: string | undefined): DiscordMessage | null => {
    const doc = documents.get(uri);
    return doc ? toDiscordMessage(service.preview(doc)) : null;
  };

  connection.onRequest(PreviewRequest, (params, token) =>
    contain<PreviewResult | ResponseError<void> | null>(
      PreviewRequest.method,
      async () => {
        await catalog.ready();
        const answer = await preview(params, token);
        if (answer && !(answer instanceof ResponseError)) runtime.afterPreview?.();
        return answer;
      },
      (err) => new ResponseError<void>(ErrorCodes.InternalError, `${PreviewRequest.method} failed: ${messageOf(err)}`),
    ),
  );

  const commands: CommandContext = {
    refreshCatalog: () => catalog.refresh(),
    catalogStatus: () => catalog.status(),
    functionAt,
    copyForApp,
    previewJson,
    showDocument: async (uri) => {
      if (!abilities.showDocument) return false;
      try {
        return (await connection.window.showDocument({ uri, external: true })).success === true;
      } catch (err) {
        log.warn(`window/showDocument failed: ${messageOf(err)}`);
        return false;
      }
    },
    // A notification, not the library's showMessage helpers (which send window/showMessageRequest
    // and so make Neovim prompt for an answer).
    showMessage: (type, message) =>
      post(() =>
        connection.sendNotification(ShowMessageNotification.type, {
          type: type === 'warning' ? MessageType.Warning : MessageType.Info,
          message,
        }),
      ),
    get l10n() {
      return l10nOf(service.context);
    },
  };

  connection.onExecuteCommand(request('workspace/executeCommand', (raw) => executeCommand(commands, raw)));

  connection.onRequest(
    CatalogStatusRequest,
    request(CatalogStatusRequest.method, () => catalog.status()),
  );

  connection.onRequest(
    RefreshCatalogRequest,
    request(RefreshCatalogRequest.method, async () => {
      await catalog.refresh();
      return catalog.status();
    }),
  );

  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    settingsUpdates.dispose();
    for (const t of validationTimers.values()) timers.clearTimeout(t);
    validationTimers.clear();
    wakeValidationWaiters();
    catalog.dispose();
  };

  connection.onShutdown(() => dispose());

  return {
    get stopped() {
      return disposed;
    },
    dispose,
  };
}
