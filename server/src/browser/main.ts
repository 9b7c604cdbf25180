// The language server in a web worker (vscode.dev, github.dev, the web extension host): the same
// wiring and core as the Node server, over `postMessage` with the worker's parent, on the
// browser runtime (fetch, the client-kept cache, the embedded snapshot). esbuild bundles this
// file into dist/web/server.js for the browser; the build fails if any Node API gets in.

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { startServer } from '../lsp/server';
import { CatalogCacheNotification } from '../protocol/messages';
import { browserRuntime } from './runtime';

/** The worker's own scope: messages from the client arrive here, answers leave from here. */
const scope = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];

const connection = createConnection(new BrowserMessageReader(scope), new BrowserMessageWriter(scope));

const runtime = browserRuntime({
  persist: (entry) => {
    connection.sendNotification(CatalogCacheNotification, entry).catch(() => undefined);
  },
});

startServer(connection, runtime);
connection.listen();
