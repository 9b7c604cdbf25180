// The VS Code extension's entry on the desktop: starts the bundled language server over Node
// IPC and hands the client to session.ts, which registers the BDScript commands and keeps the
// catalog status item current. Everything that can be pure lives in options.ts, status.ts,
// wiki.ts and appCode.ts; browserExtension.ts is the same entry for VS Code on the web.
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { SETTINGS_SECTION } from '../../server/src/protocol/settings';
import { buildInitializationOptions, buildServerOptions, SERVER_MODULE } from './options';
import { LensPreview, unlessStopping } from './middleware';
import { DOCUMENT_SELECTOR, startSession } from './session';

let client: LanguageClient | undefined;
/** Set when deactivation starts: providers then answer nothing instead of restarting the client. */
let stopping = false;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const lens = new LensPreview();
  const serverOptions: ServerOptions = buildServerOptions(
    context.asAbsolutePath(SERVER_MODULE),
    TransportKind.ipc,
    process.env,
  );
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    middleware: unlessStopping(() => stopping, lens),
    synchronize: { configurationSection: SETTINGS_SECTION },
    initializationOptions: buildInitializationOptions((key) => config.get(key), context.globalStorageUri.fsPath),
  };
  const lc = new LanguageClient('bdscript', 'BDScript Language Server', serverOptions, clientOptions);
  client = lc;
  await startSession(context, lc, lens);
}

export async function deactivate(): Promise<void> {
  stopping = true;
  const lc = client;
  client = undefined;
  if (lc) await lc.stop();
}
