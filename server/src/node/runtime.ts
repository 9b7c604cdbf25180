// The language server's runtime under Node: catalog providers built on the catalog manager (its
// disk cache and undici client), the bundled snapshot as the fallback catalog, and the idle
// garbage collector after validations and previews, and the workspace's files read from the disk
// for the diagnostics of files that are not open (workspaceFiles.ts). The wiring (lsp/) sees only
// the ServerRuntime interface, so it never touches HTTP or files itself.

import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledCompact, bundledSnapshotPath, bundledSnapshotText } from '../catalog/bundled';
import { defaultCacheDir } from '../catalog/cache';
import { TOOL_VERSION } from '../catalog/endpoints';
import { bundledFallback } from '../catalog/snapshotText';
import { CatalogManager } from '../catalog/sources';
import {
  releasedRulesPage,
  type CatalogProvider,
  type CatalogProviderOptions,
  type FallbackCatalog,
  type ServerRuntime,
} from '../lsp/runtime';
import { createCollector } from './memory';
import { messageOf } from '../protocol/errors';
import { uriWorkspaceFiles } from './workspaceFiles';

export const SERVER_NAME = 'bdscript-language-server';

/** The cache folder for the catalog settings: the setting, the editor's storage, or the user's cache folder. */
export function resolveCacheDir(
  cacheDir: string,
  storagePath: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  if (cacheDir) return path.resolve(cacheDir);
  if (storagePath) return path.resolve(storagePath);
  return defaultCacheDir(env);
}

/** The real catalog provider: the catalog manager, with a dispose that never rejects. */
export function createCatalogProvider(options: CatalogProviderOptions): CatalogProvider {
  const { settings, storagePath, log } = options;
  const manager = new CatalogManager({
    url: settings.url,
    offline: settings.offline,
    ...(settings.snapshot ? { snapshotPath: path.resolve(settings.snapshot) } : {}),
    cacheDir: resolveCacheDir(settings.cacheDir, storagePath),
    log,
  });
  return {
    get catalog() {
      return manager.catalog;
    },
    loadLocal: () => manager.loadLocal(),
    refresh: () => manager.refresh(),
    status: () => manager.status(),
    onDidChange: (listener) => manager.onDidChange(() => listener()),
    dispose: () => {
      manager.dispose().catch((err: unknown) => log('warning', `closing the catalog client failed: ${messageOf(err)}`));
    },
  };
}

let bundled: FallbackCatalog | undefined;

/** The bundled snapshot, decoded once per process (it never changes); undefined if it is unusable. */
export function bundledCatalog(): FallbackCatalog | undefined {
  return (bundled ??= bundledFallback({
    location: bundledSnapshotPath,
    text: bundledSnapshotText,
    compact: bundledCompact,
  }));
}

/**
 * The rules page for the diagnostics' links: a release's copy online (the build names it), else
 * the copy beside the server (dist/../docs in the installed extension and a checkout, or the
 * sources' own when run unbundled); undefined when there is none.
 */
export function rulesPage(): string | undefined {
  const released = releasedRulesPage();
  if (released) return released;
  for (const up of [['..'], ['..', '..', '..']]) {
    const file = path.resolve(__dirname, ...up, 'docs', 'rules.md');
    if (existsSync(file)) return pathToFileURL(file).href;
  }
  return undefined;
}

/** The server's runtime under Node, and what the process tells it that the wiring does not see. */
export interface NodeRuntime extends ServerRuntime {
  /** A message came from the client (main.ts reads them). */
  clientMessage(): void;
}

export function nodeRuntime(): NodeRuntime {
  const collector = createCollector();
  const rulesDocUrl = rulesPage();
  return {
    createCatalogProvider,
    fallbackCatalog: bundledCatalog,
    workspaceFiles: uriWorkspaceFiles,
    ...(rulesDocUrl ? { rulesDocUrl } : {}),
    name: SERVER_NAME,
    version: TOOL_VERSION,
    clientMessage: () => collector?.clientMessage(),
    ...(collector
      ? {
          beforeValidation: () => collector.beforeValidation(),
          afterValidation: () => collector.afterValidation(),
          afterPreview: () => collector.afterValidation(),
        }
      : {}),
  };
}
