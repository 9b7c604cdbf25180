// What the client can do and what the server offers: ClientFeatures for the core from the
// client's capabilities (snippets, Markdown, tags...), the position encoding, the optional
// protocol features the wiring uses (progress, configuration, refresh requests), and the
// server's capabilities. Client capabilities are untrusted input: every field is checked.

import { TextDocumentSyncKind, type SemanticTokensLegend, type ServerCapabilities } from 'vscode-languageserver';
import { FIX_ALL_KIND } from '../core/features/codeActions';
import type { ClientFeatures } from '../core/features/types';
import { SERVER_COMMANDS } from '../protocol/commands';
import { isObject } from '../protocol/json';
import { WIKI_ACTION_KIND } from './commands';
import type { PositionEncoding } from './positions';

/** Reads a nested field of untrusted JSON; undefined when any step is not an object. */
function at(value: unknown, ...path: string[]): unknown {
  let cur = value;
  for (const key of path) cur = isObject(cur) ? cur[key] : undefined;
  return cur;
}

function isTrue(value: unknown): boolean {
  return value === true;
}

function includes(list: unknown, item: unknown): boolean {
  return Array.isArray(list) && list.includes(item);
}

/** The core's view of what the client can show. A client that declares nothing gets plain text. */
export function clientFeaturesFrom(capabilities: unknown): ClientFeatures {
  const item = at(capabilities, 'textDocument', 'completion', 'completionItem');
  return {
    snippets: isTrue(at(item, 'snippetSupport')),
    markdown: includes(at(capabilities, 'textDocument', 'hover', 'contentFormat'), 'markdown'),
    completionDeprecatedTag: includes(at(item, 'tagSupport', 'valueSet'), 1),
    completionLabelDetails: isTrue(at(item, 'labelDetailsSupport')),
    insertReplace: isTrue(at(item, 'insertReplaceSupport')),
    signatureActiveParameter: isTrue(
      at(capabilities, 'textDocument', 'signatureHelp', 'signatureInformation', 'activeParameterSupport'),
    ),
  };
}

const SUPPORTED_ENCODINGS: readonly PositionEncoding[] = ['utf-16', 'utf-8', 'utf-32'];

/**
 * The position encoding to use: the first one the client lists (its order is its preference)
 * that the server supports; UTF-16 when it lists none, as the protocol requires.
 */
export function negotiatePositionEncoding(capabilities: unknown): PositionEncoding {
  const offered = at(capabilities, 'general', 'positionEncodings');
  if (!Array.isArray(offered)) return 'utf-16';
  for (const e of offered) {
    if ((SUPPORTED_ENCODINGS as readonly unknown[]).includes(e)) return e as PositionEncoding;
  }
  return 'utf-16';
}

/** Optional protocol features of the client that change what the server sends. */
export interface ClientAbilities {
  /** `window/workDoneProgress/create` and `$/progress` are understood. */
  readonly workDoneProgress: boolean;
  /** `workspace/configuration` may be asked. */
  readonly configuration: boolean;
  /** `workspace/didChangeConfiguration` may be registered dynamically. */
  readonly didChangeConfigurationRegistration: boolean;
  /** `workspace/semanticTokens/refresh` may be sent. */
  readonly semanticTokensRefresh: boolean;
  /** `workspace/inlayHint/refresh` may be sent. */
  readonly inlayHintRefresh: boolean;
  /** `textDocument/publishDiagnostics` may carry the document version. */
  readonly diagnosticVersion: boolean;
  /** `textDocument/prepareRename` is understood. */
  readonly renamePrepare: boolean;
  /** `window/showDocument` may be asked (to open a wiki page in the browser). */
  readonly showDocument: boolean;
  /** The client pulls diagnostics (`textDocument/diagnostic`, LSP 3.17) rather than waiting for them. */
  readonly diagnosticPull: boolean;
  /** `workspace/diagnostic/refresh` may be sent. */
  readonly diagnosticRefresh: boolean;
  /** `workspace/didChangeWatchedFiles` may be registered dynamically. */
  readonly watchedFilesRegistration: boolean;
  /** `workspace/codeLens/refresh` may be sent. */
  readonly codeLensRefresh: boolean;
}

export function clientAbilitiesFrom(capabilities: unknown): ClientAbilities {
  return {
    workDoneProgress: isTrue(at(capabilities, 'window', 'workDoneProgress')),
    configuration: isTrue(at(capabilities, 'workspace', 'configuration')),
    didChangeConfigurationRegistration: isTrue(
      at(capabilities, 'workspace', 'didChangeConfiguration', 'dynamicRegistration'),
    ),
    semanticTokensRefresh: isTrue(at(capabilities, 'workspace', 'semanticTokens', 'refreshSupport')),
    inlayHintRefresh: isTrue(at(capabilities, 'workspace', 'inlayHint', 'refreshSupport')),
    diagnosticVersion: isTrue(at(capabilities, 'textDocument', 'publishDiagnostics', 'versionSupport')),
    renamePrepare: isTrue(at(capabilities, 'textDocument', 'rename', 'prepareSupport')),
    showDocument: isTrue(at(capabilities, 'window', 'showDocument', 'support')),
    diagnosticPull: isObject(at(capabilities, 'textDocument', 'diagnostic')),
    diagnosticRefresh: isTrue(at(capabilities, 'workspace', 'diagnostics', 'refreshSupport')),
    watchedFilesRegistration: isTrue(at(capabilities, 'workspace', 'didChangeWatchedFiles', 'dynamicRegistration')),
    codeLensRefresh: isTrue(at(capabilities, 'workspace', 'codeLens', 'refreshSupport')),
  };
}

/** Characters after which clients ask for completion: a call, an argument list, a separator, an emoji alias. */
export const COMPLETION_TRIGGERS = ['$', '[', ';', ':'];
export const SIGNATURE_TRIGGERS = ['[', ';'];
export const SIGNATURE_RETRIGGERS = [';'];

/** The identifier of the server's pull diagnostics (`DiagnosticOptions.identifier`). */
export const DIAGNOSTIC_IDENTIFIER = 'bdscript';

/**
 * What the server offers. Every provider is offered to every client; the answers adapt to it.
 * `prepareRename` is announced only to clients that declare they send it, as the protocol asks;
 * pull diagnostics only to clients that pull (`pull`), with the workspace's files when the
 * runtime can read them (`pull.workspace`); the others get diagnostics pushed.
 */
export function serverCapabilities(
  encoding: PositionEncoding,
  legend: SemanticTokensLegend,
  negotiated: boolean,
  renamePrepare = false,
  pull?: { readonly workspace: boolean },
): ServerCapabilities {
  return {
    ...(pull
      ? {
          diagnosticProvider: {
            identifier: DIAGNOSTIC_IDENTIFIER,
            interFileDependencies: false,
            workspaceDiagnostics: pull.workspace,
          },
          ...(pull.workspace
            ? { workspace: { workspaceFolders: { supported: true, changeNotifications: true } } }
            : {}),
        }
      : {}),
    // Only a client that offered encodings may be told one (older clients assume UTF-16).
    ...(negotiated ? { positionEncoding: encoding } : {}),
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: true },
    hoverProvider: true,
    signatureHelpProvider: { triggerCharacters: SIGNATURE_TRIGGERS, retriggerCharacters: SIGNATURE_RETRIGGERS },
    codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite', FIX_ALL_KIND, WIKI_ACTION_KIND] },
    documentSymbolProvider: { label: 'BDScript' },
    foldingRangeProvider: true,
    semanticTokensProvider: { legend, full: true, range: true },
    inlayHintProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: renamePrepare ? { prepareProvider: true } : true,
    colorProvider: true,
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
    documentHighlightProvider: true,
    selectionRangeProvider: true,
    documentLinkProvider: { resolveProvider: false },
    codeLensProvider: { resolveProvider: false },
    executeCommandProvider: { commands: [...SERVER_COMMANDS] },
  };
}
