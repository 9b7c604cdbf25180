// The commands the server runs for any LSP client through `workspace/executeCommand`, so that
// Neovim, Helix, Emacs and the rest get "refresh", "status", "open wiki page" and "copy for
// BDFD app" without client code: their ids (distinct from the VS Code extension's own commands, since
// vscode-languageclient registers every command a server advertises) and what each answers.

import type { CatalogStatus, FunctionAtResult } from './messages';

export const ServerCommand = {
  /** Refreshes the catalog now; answers a CatalogCommandResult after the refresh. */
  refreshCatalog: 'bdscript.server.refreshCatalog',
  /** Answers the catalog status as a CatalogCommandResult. */
  catalogStatus: 'bdscript.server.catalogStatus',
  /**
   * Opens the wiki page of the function at a position (the one argument: `{textDocument: {uri},
   * position}`, as the code action passes it); answers a WikiCommandResult, or null when no
   * known function is there.
   */
  openWikiPage: 'bdscript.server.openWikiPage',
  /**
   * The code of an open document for the BDFD app, as the request `bdscript/copyForApp` answers
   * it (the one argument: the document's URI); answers a CopyForAppResult, or null when that
   * document is not open or the argument is no URI. Its id differs from the VS Code command
   * `bdscript.copyForApp`, which the VS Code client registers itself.
   */
  copyForApp: 'bdscript.server.copyForApp',
  /**
   * The reply an open document sends, as Discord's message JSON (the one argument: the
   * document's URI); answers a DiscordMessage, or null when that document is not open.
   */
  previewJson: 'bdscript.server.previewJson',
} as const;

export type ServerCommandId = (typeof ServerCommand)[keyof typeof ServerCommand];

export const SERVER_COMMANDS: readonly ServerCommandId[] = Object.values(ServerCommand);

export interface CatalogCommandResult {
  /** The status for people, several lines (what `bdscript catalog status` prints). */
  readonly text: string;
  readonly status: CatalogStatus;
}

export interface WikiCommandResult extends FunctionAtResult {
  /** The client opened the page (`window/showDocument`); otherwise the URL was shown in a message. */
  readonly opened: boolean;
}
