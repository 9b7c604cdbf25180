// The server's commands for any LSP client (`workspace/executeCommand`, advertised in
// `executeCommandProvider`): refresh the catalog, show its status and open the wiki page of the
// function at a position, each answering data and telling the user in a message (editors show
// `window/showMessage` without client code; few show a command's result). "Open wiki page" is
// also offered as a source code action on a known function, for editors whose command prompt
// cannot pass a position. Every user-facing text is in TEXTS.

import { CodeActionKind, ErrorCodes, ResponseError, type CodeAction, type Position } from 'vscode-languageserver';
import { visible } from '../core/catalog/controlChars';
import { formatAge, formatStatus } from '../core/catalog/statusText';
import { isObject } from '../protocol/json';
import type { CatalogStatus, FunctionAtResult } from '../protocol/messages';
import { ServerCommand, type CatalogCommandResult, type WikiCommandResult } from '../protocol/commands';
import { WIKI_BASE } from '../protocol/wiki';

/** The code action kind of "open wiki page": a source action, so VS Code keeps it out of the lightbulb. */
export const WIKI_ACTION_KIND = `${CodeActionKind.Source}.bdscript.openWikiPage`;

/** The texts people read, in one place. */
export const TEXTS = {
  sources: {
    live: 'live',
    cache: 'cached',
    snapshot: 'snapshot file',
    bundled: 'bundled snapshot',
    none: 'no catalog',
  } satisfies Record<CatalogStatus['source'], string>,
  statusLine: (source: string, location: string, age: string, counts: CatalogStatus['counts'], problems: number) =>
    `BDScript catalog: ${source}${location ? ` (${location})` : ''}${age ? `, ${age}` : ''}; ${counts.functions} functions, ` +
    `${counts.callbacks} callbacks, ${counts.emoji} emoji; ${problems === 0 ? 'no problems' : `${problems} problem${problems === 1 ? '' : 's'}`}`,
  ageAgo: (age: string) => `fetched ${age} ago`,
  refreshed: (outcome: string) => `BDScript catalog refresh: ${outcome}`,
  refreshFailed: (outcome: string) => `BDScript catalog refresh failed, the catalog in use stays: ${outcome}`,
  refreshOffline: 'BDScript catalog refresh: offline (bdscript.catalog.offline), the network is not used',
  wikiAction: (name: string) => `Open wiki page for ${name}`,
  wikiUrl: (name: string, url: string) => `BDScript: wiki page for ${name}: ${url}`,
  noFunction: 'BDScript: no known function at that position.',
  wikiArguments: `${ServerCommand.openWikiPage} needs one argument, {textDocument: {uri}, position}, of an open document`,
  unknownCommand: (command: string) => `unknown command ${command}; this server runs ${Object.values(ServerCommand).join(', ')}`,
};

/** Longest untrusted text quoted in a message (a problem line, a location). */
const MAX_QUOTED = 300;

function quoted(text: string): string {
  const shown = visible(text);
  return shown.length > MAX_QUOTED ? `${shown.slice(0, MAX_QUOTED)}…` : shown;
}

/** What the commands use of the server: the catalog, the documents and the client. */
export interface CommandContext {
  /** Refreshes the catalog now (one refresh at a time); settles when it ended. */
  refreshCatalog(): Promise<void>;
  catalogStatus(): CatalogStatus;
  /** The function at the position of untrusted `{textDocument, position}` params; null when none, or the document is not open. */
  functionAt(params: unknown): FunctionAtResult | null;
  /** Asks the client to open `url` outside the editor; false when it cannot or did not. */
  showDocument(url: string): Promise<boolean>;
  showMessage(type: 'info' | 'warning', message: string): void;
}

/** One line on the catalog: source, where, age, counts and how many problems. */
export function statusLine(status: CatalogStatus): string {
  const age = status.ageMs !== undefined && status.source !== 'none' ? TEXTS.ageAgo(formatAge(status.ageMs)) : '';
  return TEXTS.statusLine(TEXTS.sources[status.source], quoted(status.location), age, status.counts, status.problems.length);
}

/** Runs the command of untrusted `workspace/executeCommand` params; an unknown command or bad arguments answer InvalidParams. */
export async function executeCommand(ctx: CommandContext, params: unknown): Promise<CatalogCommandResult | WikiCommandResult | null | ResponseError<void>> {
  const command = isObject(params) ? params['command'] : undefined;
  const args = isObject(params) && Array.isArray(params['arguments']) ? params['arguments'] : [];
  switch (command) {
    case ServerCommand.catalogStatus: {
      const status = ctx.catalogStatus();
      ctx.showMessage(status.source === 'none' || status.lastRefresh?.ok === false ? 'warning' : 'info', statusLine(status));
      return { text: formatStatus(status), status };
    }
    case ServerCommand.refreshCatalog: {
      await ctx.refreshCatalog();
      const status = ctx.catalogStatus();
      const last = status.lastRefresh;
      const outcome = last ? quoted(last.outcome) : '';
      const message = !last || last.ok ? (last?.outcome === 'offline' ? TEXTS.refreshOffline : TEXTS.refreshed(outcome)) : TEXTS.refreshFailed(outcome);
      ctx.showMessage(last && !last.ok ? 'warning' : 'info', `${message}\n${statusLine(status)}`);
      return { text: formatStatus(status), status };
    }
    case ServerCommand.openWikiPage: {
      const target = args[0];
      if (!isObject(target) || !isObject(target['textDocument']) || typeof target['textDocument']['uri'] !== 'string') {
        return new ResponseError<void>(ErrorCodes.InvalidParams, TEXTS.wikiArguments);
      }
      const found = ctx.functionAt(target);
      if (!found) {
        ctx.showMessage('info', TEXTS.noFunction);
        return null;
      }
      // The server makes these links itself; a link elsewhere would be a bug, and is not opened.
      const opened = found.wikiUrl.startsWith(WIKI_BASE) && (await ctx.showDocument(found.wikiUrl));
      if (!opened) ctx.showMessage('info', TEXTS.wikiUrl(found.name, found.wikiUrl));
      return { ...found, opened };
    }
    default:
      return new ResponseError<void>(ErrorCodes.InvalidParams, TEXTS.unknownCommand(quoted(String(command))));
  }
}

/**
 * "Open wiki page for $name" as a code action at `position` (in the client's encoding, as the
 * command will read it back), when the kinds asked for (`only`) allow source actions.
 */
export function wikiCodeAction(found: FunctionAtResult, uri: string, position: Position, only: readonly string[] | undefined): CodeAction | undefined {
  const wanted = !only || only.some((k) => WIKI_ACTION_KIND === k || WIKI_ACTION_KIND.startsWith(`${k}.`));
  if (!wanted) return undefined;
  const title = TEXTS.wikiAction(found.name);
  return {
    title,
    kind: WIKI_ACTION_KIND,
    command: { title, command: ServerCommand.openWikiPage, arguments: [{ textDocument: { uri }, position }] },
  };
}
