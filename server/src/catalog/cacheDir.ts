// Where the tool keeps what it caches for a user (the catalog, the command line's code cache):
// one small module, so the command line's launcher can name the folder without loading the rest.

import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The default cache folder of a user: `$XDG_CACHE_HOME/bdscript`, else `%LOCALAPPDATA%\bdscript`
 * on Windows, else `~/.cache/bdscript`.
 */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env['XDG_CACHE_HOME']) return path.join(env['XDG_CACHE_HOME'], 'bdscript');
  if (process.platform === 'win32' && env['LOCALAPPDATA']) return path.join(env['LOCALAPPDATA'], 'bdscript');
  return path.join(env['HOME'] || os.homedir(), '.cache', 'bdscript');
}
