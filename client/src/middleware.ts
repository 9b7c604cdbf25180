// Middleware the desktop and web clients share, without VS Code at run time (types only), so
// plain mocha tests it.
import type { ProviderResult } from 'vscode';
import type { Middleware } from 'vscode-languageclient';

/**
 * Provider middleware that stops asking the server once the extension is being deactivated. When
 * the extension host stops (a window closes), the editor may still ask for completions or code
 * actions; without this each such request tries to start the stopping client again and logs
 * "provider FAILED". A request that fails because of the stop answers nothing instead of an
 * error. Before and while the client starts, requests go through as usual (they wait for it).
 */
export function unlessStopping(stopping: () => boolean): Middleware {
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
  };
}
