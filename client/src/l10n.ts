// The client's texts in the editor's display language. VS Code's `vscode.l10n.t` translates a
// message from the bundle of the user's language (l10n/bundle.l10n.<language>.json, keyed by the
// English message; `{0}`, `{1}` are arguments). Modules that import `vscode` call it directly;
// the pure ones (status.ts, appCode.ts), which plain mocha tests without VS Code, call `tr`, which
// the session points at `vscode.l10n.t` when the extension starts and which otherwise fills in
// the English message. A test checks that every message either calls has a translation in each
// bundle.

/** `vscode.l10n.t`'s shape for positional arguments. */
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

/** The English message with `{0}`, `{1}` … replaced by the arguments. */
export function formatMessage(message: string, ...args: Array<string | number | boolean>): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

let translate: Translate = formatMessage;

/** Sends `tr` through VS Code's translation (the session does this once at start). */
export function useTranslator(t: Translate): void {
  translate = t;
}

/** A message of the pure modules in the user's language (English until the session starts). */
export function tr(message: string, ...args: Array<string | number | boolean>): string {
  return translate(message, ...args);
}
