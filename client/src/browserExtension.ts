// The VS Code extension's entry on the web (vscode.dev, github.dev, the web extension host): the
// language server runs in a web worker (dist/web/server.js) and the client talks to it over
// `postMessage`. The commands and the status item are session.ts's, as on the desktop. The
// worker has no disk, so its catalog cache lives in the extension's global state: the worker
// hands over each accepted catalog and gets the kept ones back when it starts.
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import { CATALOG_CACHES_OPTION, CatalogCacheNotification } from '../../server/src/protocol/messages';
import { SETTINGS_SECTION } from '../../server/src/protocol/settings';
import { readSettings } from './options';
import { LensPreview, unlessStopping } from './middleware';
import { DOCUMENT_SELECTOR, startSession } from './session';
import { keptCaches, WEB_CACHE_KEY, withCache } from './webCache';

/** The web worker's bundle, relative to the extension's folder. */
export const WEB_SERVER_MODULE = 'dist/web/server.js';

let client: LanguageClient | undefined;
/** Set when deactivation starts: providers then answer nothing instead of restarting the client. */
let stopping = false;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const lens = new LensPreview();
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    middleware: unlessStopping(() => stopping, lens),
    synchronize: { configurationSection: SETTINGS_SECTION },
    initializationOptions: {
      ...readSettings((key) => config.get(key)),
      [CATALOG_CACHES_OPTION]: keptCaches(context.globalState.get(WEB_CACHE_KEY)),
    },
  };
  const worker = new Worker(vscode.Uri.joinPath(context.extensionUri, WEB_SERVER_MODULE).toString(true));
  const lc = new LanguageClient('bdscript', 'BDScript Language Server', worker, clientOptions);
  client = lc;
  context.subscriptions.push(
    lc.onNotification(CatalogCacheNotification, (params) => {
      const next = withCache(context.globalState.get(WEB_CACHE_KEY), params);
      if (next) void context.globalState.update(WEB_CACHE_KEY, next);
    }),
  );
  await startSession(context, lc, lens);
}

export async function deactivate(): Promise<void> {
  stopping = true;
  const lc = client;
  client = undefined;
  if (lc) await lc.stop();
}
