// How the client starts and configures the language server: the run and debug launch options
// and the initializationOptions built from the `bdscript.*` settings. Pure: the `vscode` values
// (the transport kind, the configuration reader) are handed in, so plain mocha tests this.
import { isObject, SETTINGS_SCHEMA } from '../../server/src/protocol';

/** The bundled server, relative to the extension's folder. */
export const SERVER_MODULE = 'dist/server.js';

/** The inspector port of the server when the extension runs in debug mode. */
export const DEBUG_PORT = 6009;

/** One way to launch the server module, with the transport kind left to the caller. */
export interface NodeModuleLaunch<T> {
  readonly module: string;
  readonly transport: T;
  readonly options?: { execArgv: string[] };
}

/**
 * Run and debug launch options for the server module. The transport is the caller's
 * `TransportKind.ipc`; vscode-languageclient then passes `--node-ipc` to the server itself.
 */
export function buildServerOptions<T>(serverModule: string, transport: T): { run: NodeModuleLaunch<T>; debug: NodeModuleLaunch<T> } {
  return {
    run: { module: serverModule, transport, options: { execArgv: [...SERVER_NODE_FLAGS] } },
    debug: { module: serverModule, transport, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', `--inspect=${DEBUG_PORT}`] } },
  };
}

/**
 * Node flags for the server process, the same as the `bdscript-language-server` launcher's: a
 * 64 MB young generation keeps the parse tree of a large document out of repeated scavenges.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/**
 * The `bdscript` settings as one nested object (`{catalog: {url: ...}, premium: ...}`), read key
 * by key through `get` (VS Code's `WorkspaceConfiguration.get` for section `bdscript`). Keys whose
 * value is undefined are left out; the server fills them with defaults and checks every type.
 */
export function readSettings(get: (key: string) => unknown): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const { key } of SETTINGS_SCHEMA) {
    const value = get(key);
    if (value === undefined) continue;
    const parts = key.split('.');
    let node = settings;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = isObject(next) ? next : (node[part] = {});
    }
    node[parts[parts.length - 1]!] = value;
  }
  return settings;
}

/**
 * The server's initializationOptions: the `bdscript` settings object plus `globalStoragePath`,
 * which the server uses as its cache folder when `bdscript.catalog.cacheDir` is empty.
 */
export function buildInitializationOptions(get: (key: string) => unknown, globalStoragePath: string): Record<string, unknown> {
  return { ...readSettings(get), globalStoragePath };
}

