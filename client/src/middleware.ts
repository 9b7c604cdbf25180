// Middleware the desktop and web clients share, without VS Code at run time (types only), so
// plain mocha tests it.
import type { ProviderResult } from 'vscode';
import type { Middleware } from 'vscode-languageclient';
import { ServerCommand } from '../../server/src/protocol/commands';

/**
 * Where the message budget lens leads in VS Code: the preview panel, opened on the lens's
 * document with the `$if` branches that show its message. session.ts sets `open` once the panel
 * exists; until then the lens runs the server's command as any editor does.
 */
export class LensPreview {
  open: ((uri: string, branches: ReadonlyArray<readonly [number, number]>) => void) | undefined;
}

/**
 * The budget lens's arguments when `command` is the one the lens runs (`previewJson` with the
 * document, the lens's offset and its branches); undefined for any other use of the command.
 */
export function lensPreviewArgs(
  command: string,
  args: readonly unknown[],
): { uri: string; branches: Array<[number, number]> } | undefined {
  const [uri, offset, pairs] = args;
  if (command !== ServerCommand.previewJson || typeof uri !== 'string' || !Number.isSafeInteger(offset))
    return undefined;
  const branches: Array<[number, number]> = [];
  if (Array.isArray(pairs)) {
    for (const pair of pairs.slice(0, 1000)) {
      if (Array.isArray(pair) && Number.isSafeInteger(pair[0]) && Number.isSafeInteger(pair[1]) && pair[1] >= 0)
        branches.push([pair[0] as number, pair[1] as number]);
    }
  }
  return { uri, branches };
}

/**
 * Provider middleware that stops asking the server once the extension is being deactivated. When
 * the extension host stops (a window closes), the editor may still ask for completions or code
 * actions; without this each such request tries to start the stopping client again and logs
 * "provider FAILED". A request that fails because of the stop answers nothing instead of an
 * error. Before and while the client starts, requests go through as usual (they wait for it).
 */
export function unlessStopping(stopping: () => boolean, lens?: LensPreview): Middleware {
  const guard = <R>(call: () => ProviderResult<R>): ProviderResult<R> => {
    if (stopping()) return undefined;
    return Promise.resolve(call()).then(
      (value) => value,
      (err: unknown) => {
        if (stopping()) return undefined;
        throw err;
      },
    );
  };
  return {
    provideCompletionItem: (d, p, c, t, next) => guard(() => next(d, p, c, t)),
    resolveCompletionItem: (item, t, next) => guard(() => next(item, t)),
    provideHover: (d, p, t, next) => guard(() => next(d, p, t)),
    provideSignatureHelp: (d, p, c, t, next) => guard(() => next(d, p, c, t)),
    provideDefinition: (d, p, t, next) => guard(() => next(d, p, t)),
    provideReferences: (d, p, o, t, next) => guard(() => next(d, p, o, t)),
    provideCodeActions: (d, r, c, t, next) => guard(() => next(d, r, c, t)),
    provideDocumentSymbols: (d, t, next) => guard(() => next(d, t)),
    provideFoldingRanges: (d, c, t, next) => guard(() => next(d, c, t)),
    provideDocumentColors: (d, t, next) => guard(() => next(d, t)),
    provideColorPresentations: (c, x, t, next) => guard(() => next(c, x, t)),
    provideRenameEdits: (d, p, n, t, next) => guard(() => next(d, p, n, t)),
    prepareRename: (d, p, t, next) => guard(() => next(d, p, t)),
    provideInlayHints: (d, r, t, next) => guard(() => next(d, r, t)),
    provideDocumentSemanticTokens: (d, t, next) => guard(() => next(d, t)),
    provideDocumentRangeSemanticTokens: (d, r, t, next) => guard(() => next(d, r, t)),
    provideDocumentFormattingEdits: (d, o, t, next) => guard(() => next(d, o, t)),
    provideDocumentRangeFormattingEdits: (d, r, o, t, next) => guard(() => next(d, r, o, t)),
    provideDocumentHighlights: (d, p, t, next) => guard(() => next(d, p, t)),
    provideSelectionRanges: (d, p, t, next) => guard(() => next(d, p, t)),
    provideDocumentLinks: (d, t, next) => guard(() => next(d, t)),
    provideCodeLenses: (d, t, next) => guard(() => next(d, t)),
    // The budget lens opens the preview in VS Code; any other command goes to the server.
    executeCommand: (command, args, next) => {
      const target = lensPreviewArgs(command, args);
      if (target && lens?.open) {
        lens.open(target.uri, target.branches);
        return undefined;
      }
      return guard(() => next(command, args));
    },
  };
}
