// The language server wiring: `startServer(connection, runtime)` declares the capabilities and
// registers one line per handler; the parts it wires live beside it. The session (session.ts)
// holds the service, the documents and what was negotiated; validation is scheduled by
// validation.ts (pushed, or pulled through pullDiagnostics.ts with the workspace's files), the
// preview made by preview.ts, settings kept by configuration.ts, the catalog's life is
// catalogHost.ts, and the handler shapes (one error boundary, cancellation) are requests.ts. It
// knows nothing of HTTP or files.

import {
  DidChangeConfigurationNotification,
  DidChangeWorkspaceFoldersNotification,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import type { CompletionItem } from 'vscode-languageserver-types';
import { SEMANTIC_TOKENS_LEGEND } from '../core/features/semanticTokens';
import type { LanguageServiceOptions } from '../core/languageService';
import { isObject } from '../protocol/json';
import {
  CatalogStatusRequest,
  CopyForAppRequest,
  FunctionAtRequest,
  PreviewRequest,
  RefreshCatalogRequest,
} from '../protocol/messages';
import { SETTINGS_SECTION } from '../protocol/settings';
import { clientAbilitiesFrom, clientFeaturesFrom, negotiatePositionEncoding, serverCapabilities } from './capabilities';
import { CatalogHost } from './catalogHost';
import { executeCommand, type CommandContext } from './commands';
import { SettingsSync } from './configuration';
import { codeActions, copyForApp, functionAt, prepareRename, rename } from './features';
import { completionItem, documentUri } from './params';
import { createPositionConverter } from './positions';
import { LensRequests } from './lenses';
import { PreviewRequests } from './preview';
import { PullDiagnostics } from './pullDiagnostics';
import { Requests } from './requests';
import type { ServerRuntime } from './runtime';
import { Session } from './session';
import { ValidationScheduler, VALIDATE_DELAY_MS } from './validation';
import { errorWithStack, messageOf } from '../protocol/errors';

/** At most this many positions of one selection range request are answered (the rest get none). */
const MAX_SELECTION_POSITIONS = 1000;

/** What `startServer` returns: whether `shutdown` has stopped it, and a way to stop it (tests use it). */
export interface ServerHandle {
  /** `shutdown` arrived (or `dispose` ran): timers and the catalog provider are stopped. */
  readonly stopped: boolean;
  dispose(): void;
}

export function startServer(connection: Connection, runtime: ServerRuntime): ServerHandle {
  const session = new Session(connection, runtime);
  const { service, documents, log } = session;
  const ready = () => catalog.ready();
  const validation = new ValidationScheduler(session, ready);
  const preview = new PreviewRequests(session, validation, ready);
  const lenses = new LensRequests(session, validation, ready);
  const requests = new Requests(session, ready);
  // Pulled diagnostics wait for the client's own settings too (severities, the workspace's caps),
  // so that what the first pull answers is what the settings say.
  let settingsApplied = (): void => undefined;
  const firstSettings = new Promise<void>((resolve) => (settingsApplied = resolve));
  const pull = new PullDiagnostics(
    session,
    validation,
    () => ready().then(() => firstSettings),
    runtime.workspaceFiles,
  );

  /** The catalog or the settings changed: later answers use them, documents are validated again. */
  function reconfigure(options: LanguageServiceOptions, then?: () => void): void {
    session.configGeneration++;
    service.configure(options);
    then?.();
    validation.revalidateAll();
    session.refreshViews();
    pull.configChanged();
  }

  const catalog = new CatalogHost({
    runtime,
    timers: session.timers,
    log,
    createProgress: () => session.createProgress(),
    // Takes the catalog to answer with when it changed, and re-validates.
    onDidChangeCatalog: () => {
      if (!session.disposed && catalog.catalog !== service.catalog) reconfigure({ catalog: catalog.catalog });
    },
    onDidChangeStatus: () => session.notifyStatus(() => catalog.status()),
    l10n: () => session.l10n,
  });

  // The catalog host takes its part of the settings, the service the rest.
  const settings = new SettingsSync(session, (next) => reconfigure({ settings: next }, () => catalog.configure(next)));

  // ---- life cycle ---------------------------------------------------------------------------

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities: unknown = isObject(params) ? params.capabilities : undefined;
    const encoding = negotiatePositionEncoding(capabilities);
    session.converter = createPositionConverter(encoding);
    session.abilities = clientAbilitiesFrom(capabilities);
    try {
      runtime.onInitialize?.(params);
    } catch (err) {
      log.error(`the runtime could not read the initialize params: ${errorWithStack(err)}`);
    }
    const init = settings.initialize(isObject(params) ? params.initializationOptions : undefined);
    // A client that pulls diagnostics gets them per request (and the workspace's files); others are sent them.
    pull.initialize(params);
    const locale = isObject(params) && typeof params.locale === 'string' ? params.locale : undefined;
    service.configure({
      settings: init.settings,
      client: clientFeaturesFrom(capabilities),
      ...(locale !== undefined ? { clientLocale: locale } : {}),
      ...(runtime.rulesDocUrl ? { rulesDocUrl: runtime.rulesDocUrl } : {}),
    });
    // The local catalog starts loading now; requests wait for it (boundedly) from here on.
    catalog.configure(init.settings, init.storagePath);
    const offered = Array.isArray(
      (capabilities as { general?: { positionEncodings?: unknown } } | undefined)?.general?.positionEncodings,
    );
    return {
      capabilities: serverCapabilities(
        encoding,
        SEMANTIC_TOKENS_LEGEND,
        offered,
        session.abilities.renamePrepare,
        pull.active ? { workspace: pull.workspace } : undefined,
      ),
      serverInfo: {
        name: runtime.name ?? 'bdscript-language-server',
        ...(runtime.version ? { version: runtime.version } : {}),
      },
    };
  });

  connection.onInitialized(() => {
    session.initialized = true;
    session.notifyStatus(() => catalog.status());
    if (session.abilities.configuration && session.abilities.didChangeConfigurationRegistration) {
      connection.client
        .register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION })
        .catch((err: unknown) => {
          log.warn(`registering for configuration changes failed: ${messageOf(err)}`);
        });
    }
    pull.watchFiles();
    // The settings the client holds now decide the first refresh's URL.
    settings.trigger();
    void settings.flush().then(() => {
      settingsApplied();
      if (session.disposed) return;
      session.started = true;
      catalog.start();
    });
  });

  connection.onDidChangeConfiguration((params) => settings.pushed(params));
  connection.onDidChangeWatchedFiles(() => pull.filesChanged());
  connection.onNotification(DidChangeWorkspaceFoldersNotification.type, (params) => pull.foldersChanged(params));

  // ---- documents ----------------------------------------------------------------------------

  connection.onDidOpenTextDocument((params) => {
    const opened = documents.open(params);
    if (typeof opened === 'string') return log.warn(opened);
    service.forget(opened.uri);
    validation.schedule(opened.uri, 0);
  });

  connection.onDidChangeTextDocument((params) => {
    const { doc, problem } = documents.change(params, session.converter);
    if (problem) log.warn(problem);
    if (doc) {
      validation.schedule(doc.uri, VALIDATE_DELAY_MS);
      pull.documentChanged(doc.uri);
    }
  });

  connection.onDidCloseTextDocument((params) => {
    const uri = documents.close(params);
    if (uri === undefined) return;
    validation.forget(uri);
    service.forget(uri);
    // A client that pulls keeps what the workspace report says of the file; others are told it has none.
    if (pull.active) pull.documentClosed(uri);
    else session.post(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
  });

  // ---- requests (one line each; a longer body goes in features.ts) ---------------------------

  const { request, document, list } = requests;

  connection.languages.diagnostics.on((params, token) => pull.document(params, token));
  connection.languages.diagnostics.onWorkspace((params, token, _work, partial) =>
    pull.workspaceDiagnostics(params, token, partial),
  );
  connection.onCompletion(
    document('textDocument/completion', (p, out) =>
      out.completionList(service.complete(p.document, p.position(), p.completionContext())),
    ),
  );
  // Something that is not an item goes back as it came: there is nothing to add to it.
  connection.onCompletionResolve(
    request('completionItem/resolve', (raw) => {
      const item = completionItem(raw);
      return item ? service.resolveCompletion(item) : (raw as CompletionItem);
    }),
  );
  connection.onHover(document('textDocument/hover', (p, out) => out.hover(service.hover(p.document, p.position()))));
  connection.onSignatureHelp(
    document('textDocument/signatureHelp', (p, out) =>
      out.signatureHelp(service.signatureHelp(p.document, p.position(), p.signatureHelpContext())),
    ),
  );
  connection.onCodeAction(document('textDocument/codeAction', (p, out) => codeActions(session, p, out)));
  connection.onDocumentSymbol(
    document('textDocument/documentSymbol', (p, out) => out.symbols(service.documentSymbols(p.document))),
  );
  connection.onFoldingRanges(
    document('textDocument/foldingRange', (p, out) => out.foldingRanges(service.foldingRanges(p.document))),
  );
  connection.languages.semanticTokens.on(
    document('textDocument/semanticTokens/full', (p, out) => out.semanticTokens(service.semanticTokens(p.document))),
  );
  connection.languages.semanticTokens.onRange(
    document('textDocument/semanticTokens/range', (p, out) =>
      out.semanticTokens(service.semanticTokens(p.document, p.range())),
    ),
  );
  connection.languages.inlayHint.on(
    document('textDocument/inlayHint', (p, out) => out.inlayHints(service.inlayHints(p.document, p.range()))),
  );
  connection.onDefinition(
    document('textDocument/definition', (p, out) => out.locations(service.definition(p.document, p.position()))),
  );
  connection.onReferences(
    document('textDocument/references', (p, out) =>
      out.locations(service.references(p.document, p.position(), p.includeDeclaration())),
    ),
  );
  connection.onPrepareRename(document('textDocument/prepareRename', (p, out) => prepareRename(session, p, out)));
  connection.onRenameRequest(document('textDocument/rename', (p, out) => rename(session, p, out)));
  connection.onDocumentColor(
    list('textDocument/documentColor', (p, out) => out.colors(service.documentColors(p.document))),
  );
  connection.onColorPresentation(
    list('textDocument/colorPresentation', (p, out) => {
      const color = p.color();
      return color ? out.colorPresentations(service.colorPresentations(p.document, color, p.range())) : [];
    }),
  );

  connection.onDocumentHighlight(
    list('textDocument/documentHighlight', (p, out) =>
      out.highlights(service.documentHighlights(p.document, p.position())),
    ),
  );
  connection.onSelectionRanges(
    list('textDocument/selectionRange', (p, out) =>
      out.selectionRanges(service.selectionRanges(p.document, p.positions(MAX_SELECTION_POSITIONS))),
    ),
  );
  connection.onDocumentLinks(
    list('textDocument/documentLink', (p, out) => out.links(service.documentLinks(p.document))),
  );
  connection.onDocumentFormatting(
    list('textDocument/formatting', (p, out) => out.textEdits(service.format(p.document, p.formattingOptions()))),
  );
  connection.onDocumentRangeFormatting(
    list('textDocument/rangeFormatting', (p, out) =>
      out.textEdits(service.format(p.document, p.formattingOptions(), p.range())),
    ),
  );
  connection.onCodeLens((params, token) => lenses.request(params, token));

  // ---- custom requests and commands ---------------------------------------------------------

  connection.onRequest(
    FunctionAtRequest,
    request(FunctionAtRequest.method, (raw) => functionAt(session, raw)),
  );
  connection.onRequest(
    CopyForAppRequest,
    request(CopyForAppRequest.method, (raw) => copyForApp(session, documentUri(raw))),
  );
  connection.onRequest(PreviewRequest, (params, token) => preview.request(params, token));
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

  const commands: CommandContext = {
    refreshCatalog: () => catalog.refresh(),
    catalogStatus: () => catalog.status(),
    functionAt: (raw) => functionAt(session, raw),
    copyForApp: (uri) => copyForApp(session, uri),
    previewJson: (uri, token, branches) => preview.json(uri, token, branches),
    showDocument: (uri) => session.showDocument(uri),
    showMessage: (type, message) => session.showMessage(type, message),
    get l10n() {
      return session.l10n;
    },
  };
  connection.onExecuteCommand(
    request('workspace/executeCommand', (raw, token) => executeCommand(commands, raw, token)),
  );

  const dispose = (): void => {
    if (session.disposed) return;
    session.disposed = true;
    settings.dispose();
    validation.dispose();
    settingsApplied();
    pull.dispose();
    catalog.dispose();
  };
  connection.onShutdown(() => dispose());

  return {
    get stopped() {
      return session.disposed;
    },
    dispose,
  };
}
