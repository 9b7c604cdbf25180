// The server's commands for any LSP client (`workspace/executeCommand`, advertised in
// `executeCommandProvider`): refresh the catalog, show its status and open the wiki page of the
// function at a position, each answering data and telling the user in a message (editors show
// `window/showMessage` without client code; few show a command's result), and "copy for BDFD
// app", which answers the code and trigger as the request `bdscript/copyForApp` does. "Open wiki
// page" is also offered as a source code action on a known function, for editors whose command
// prompt cannot pass a position. The catalog's texts come from core/catalog/statusText.ts, the
// rest people read is in TEXTS.

import {
  CancellationToken,
  CodeActionKind,
  ErrorCodes,
  ResponseError,
  type CodeAction,
  type Position,
} from 'vscode-languageserver';
import { formatStatus, quoted, refreshSentence, statusSentence } from '../core/catalog/statusText';
import { isObject } from '../protocol/json';
import type { CatalogStatus, CopyForAppResult, FunctionAtResult } from '../protocol/messages';
import { ServerCommand, type CatalogCommandResult, type WikiCommandResult } from '../protocol/commands';
import { WIKI_BASE } from '../protocol/wiki';
import type { DiscordMessage } from '../protocol/preview';
import { ENGLISH, type Localizer } from '../core/l10n';
import { previewOptions } from './params';

/** The code action kind of "open wiki page": a source action, so VS Code keeps it out of the lightbulb. */
export const WIKI_ACTION_KIND = `${CodeActionKind.Source}.bdscript.openWikiPage`;

/** The texts people read, in one place. */
export const TEXTS = {
  wikiAction: (name: string) => `Open wiki page for ${name}`,
  wikiUrl: (name: string, url: string) => `BDScript: wiki page for ${name}: ${url}`,
  noFunction: 'BDScript: no known function at that position.',
  wikiArguments: `${ServerCommand.openWikiPage} needs one argument, {textDocument: {uri}, position}, of an open document`,
  unknownCommand: (command: string) =>
    `unknown command "${command}"; this server runs ${Object.values(ServerCommand).join(', ')}`,
};

/** What the commands use of the server: the catalog, the documents and the client. */
export interface CommandContext {
  /** Refreshes the catalog now (one refresh at a time); settles when it ended. */
  refreshCatalog(): Promise<void>;
  catalogStatus(): CatalogStatus;
  /** The function at the position of untrusted `{textDocument, position}` params; null when none, or the document is not open. */
  functionAt(params: unknown): FunctionAtResult | null;
  /** The code and trigger of the open document `uri` for the BDFD app; null when it is not open. */
  copyForApp(uri: string | undefined): CopyForAppResult | null;
  /**
   * The reply of the open document `uri` as Discord's message JSON, each `$if` block on the branch
   * `branches` chooses (the first by default), made as the preview request makes it (behind
   * validation, in slices, refused when stale or cancelled); null when it is not open.
   */
  previewJson(
    uri: string | undefined,
    token: CancellationToken,
    branches?: ReadonlyMap<number, number>,
  ): Promise<DiscordMessage | ResponseError<void> | null>;
  /** Asks the client to open `url` outside the editor; false when it cannot or did not. */
  showDocument(url: string): Promise<boolean>;
  showMessage(type: 'info' | 'warning', message: string): void;
  /** The language of the messages; English when absent. */
  readonly l10n?: Localizer;
}

/** Runs the command of untrusted `workspace/executeCommand` params; an unknown command or bad arguments answer InvalidParams. */
export async function executeCommand(
  ctx: CommandContext,
  params: unknown,
  token: CancellationToken = CancellationToken.None,
): Promise<CatalogCommandResult | WikiCommandResult | CopyForAppResult | DiscordMessage | null | ResponseError<void>> {
  const command = isObject(params) ? params['command'] : undefined;
  const args = isObject(params) && Array.isArray(params['arguments']) ? params['arguments'] : [];
  const l10n = ctx.l10n ?? ENGLISH;
  switch (command) {
    case ServerCommand.catalogStatus: {
      const status = ctx.catalogStatus();
      ctx.showMessage(
        status.source === 'none' || status.lastRefresh?.ok === false ? 'warning' : 'info',
        statusSentence(status, l10n),
      );
      return { text: formatStatus(status), status };
    }
    case ServerCommand.refreshCatalog: {
      await ctx.refreshCatalog();
      const status = ctx.catalogStatus();
      ctx.showMessage(status.lastRefresh?.ok === false ? 'warning' : 'info', refreshSentence(status, l10n));
      return { text: formatStatus(status), status };
    }
    case ServerCommand.openWikiPage: {
      const target = args[0];
      if (!isObject(target) || !isObject(target['textDocument']) || typeof target['textDocument']['uri'] !== 'string') {
        return new ResponseError<void>(ErrorCodes.InvalidParams, TEXTS.wikiArguments);
      }
      const found = ctx.functionAt(target);
      if (!found) {
        ctx.showMessage('info', l10n.t('command.noFunction'));
        return null;
      }
      // The server makes these links itself; a link elsewhere would be a bug, and is not opened.
      const opened = found.wikiUrl.startsWith(WIKI_BASE) && (await ctx.showDocument(found.wikiUrl));
      if (!opened) ctx.showMessage('info', l10n.t('command.wikiUrl', { name: found.name, url: found.wikiUrl }));
      return { ...found, opened };
    }
    case ServerCommand.copyForApp:
      // As the request answers it: anything but a URI string, or a document not open, is null.
      return ctx.copyForApp(typeof args[0] === 'string' ? args[0] : undefined);
    case ServerCommand.previewJson:
      // The budget lens adds the offset it stands on and its branch choices (`[$if start, branch]` pairs).
      return ctx.previewJson(
        typeof args[0] === 'string' ? args[0] : undefined,
        token,
        previewOptions({ branches: args[2] }).branches,
      );
    default:
      return new ResponseError<void>(ErrorCodes.InvalidParams, TEXTS.unknownCommand(quoted(String(command))));
  }
}

/**
 * "Open wiki page for $name" as a code action at `position` (in the client's encoding, as the
 * command will read it back), when the kinds asked for (`only`) allow source actions.
 */
export function wikiCodeAction(
  found: FunctionAtResult,
  uri: string,
  position: Position,
  only: readonly string[] | undefined,
  l10n: Localizer = ENGLISH,
): CodeAction | undefined {
  const wanted = !only || only.some((k) => WIKI_ACTION_KIND === k || WIKI_ACTION_KIND.startsWith(`${k}.`));
  if (!wanted) return undefined;
  const title = l10n.t('command.wikiAction', { name: found.name });
  return {
    title,
    kind: WIKI_ACTION_KIND,
    command: { title, command: ServerCommand.openWikiPage, arguments: [{ textDocument: { uri }, position }] },
  };
}
