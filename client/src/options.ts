// How the client starts and configures the language server: the run and debug launch options
// and the initializationOptions built from the `bdscript.*` settings. Pure: the `vscode` values
// (the transport kind, the configuration reader) are handed in, so plain mocha tests this.
import { isObject } from '../../server/src/protocol/json';
import { SETTINGS_SCHEMA } from '../../server/src/protocol/settings';

/** The bundled server, relative to the extension's folder. */
export const SERVER_MODULE = 'dist/server.js';

/** The inspector port of the server when the extension runs in debug mode. */
export const DEBUG_PORT = 6009;

/** One way to launch the server module, with the transport kind left to the caller. */
export interface NodeModuleLaunch<T> {
  readonly module: string;
  readonly transport: T;
  readonly options?: { execArgv: string[]; env: Record<string, string | undefined> };
}

/**
 * Run and debug launch options for the server module. The transport is the caller's
 * `TransportKind.ipc`; vscode-languageclient then passes `--node-ipc` to the server itself. The
 * server's environment is the caller's (`process.env`) with SERVER_ENV on top.
 */
export function buildServerOptions<T>(
  serverModule: string,
  transport: T,
  baseEnv: Readonly<Record<string, string | undefined>> = {},
): { run: NodeModuleLaunch<T>; debug: NodeModuleLaunch<T> } {
  const env = { ...baseEnv, ...SERVER_ENV };
  return {
    run: { module: serverModule, transport, options: { execArgv: [...SERVER_NODE_FLAGS], env } },
    debug: {
      module: serverModule,
      transport,
      options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', `--inspect=${DEBUG_PORT}`], env },
    },
  };
}

/**
 * Node flags for the server process, the same as the `bdscript-language-server` launcher's:
 * `--expose-gc` lets the server collect garbage right after it published diagnostics, once
 * enough has piled up (server/src/node/memory.ts), so memory stays flat while a large document
 * is edited; an 8 MB young generation keeps the short-lived node views of a large document from
 * holding more memory than they need (the parse tree itself is a few typed arrays).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--expose-gc', '--max-semi-space-size=8'];

/**
 * Environment for the server process, as the launcher sets it (glibc's malloc): two arenas, so
 * memory the server frees goes back to the system instead of staying in one arena per thread; and
 * a fixed threshold of 128 KB above which a block is mapped on its own and unmapped when freed.
 * Without it glibc raises the threshold to the largest block freed so far (the 1.6 MB bundle read
 * at start-up, a 1 MB document's message), and later blocks of that size stay in the heap for good:
 * 1-2 MB more at rest, 3-5 MB more with a 1 MB document open (docs/benchmarks.md).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

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
    const leaf = parts.pop() ?? key;
    let node = settings;
    for (const part of parts) {
      const next = node[part];
      node = isObject(next) ? next : (node[part] = {});
    }
    node[leaf] = value;
  }
  return settings;
}

/**
 * The server's initializationOptions: the `bdscript` settings object plus `globalStoragePath`,
 * which the server uses as its cache folder when `bdscript.catalog.cacheDir` is empty.
 */
export function buildInitializationOptions(
  get: (key: string) => unknown,
  globalStoragePath: string,
): Record<string, unknown> {
  return { ...readSettings(get), globalStoragePath };
}
