// Runs a CommonJS bundle with a V8 code cache, so a cold `bdscript` process deserializes the
// compiled functions of its last run instead of parsing and compiling 1.4 MB of script again
// (Node 20 has no module compile cache of its own). The cache lives in the user's cache folder
// ($XDG_CACHE_HOME/bdscript/v8 or ~/.cache/bdscript/v8), one file per bundle, named by the
// bundle's place, its size and time and Node's version, architecture and flags; V8 checks it again and
// refuses one made for other source or flags. A refused, missing or stale cache costs nothing
// but a new one, written once the program is done, so it also holds the functions that ran. Any
// failure to read or write the cache is ignored: the bundle then runs as `require` would run it.
// esbuild bundles this file into dist/codeCache.js for the launcher (server/bin/bdscript).

import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { defaultCacheDir } from '../catalog/cacheDir';

/** What happened to the cache on this run. */
export type CodeCacheUse = 'used' | 'written' | 'refused' | 'unwritable' | 'off';

export interface CodeCacheOptions {
  /** The folder of the cache files; undefined turns the cache off. */
  readonly dir: string | undefined;
  /** Called once the program is done, with what happened to the cache. */
  readonly onDone?: (use: CodeCacheUse) => void;
  /**
   * V8 flags for the program's work after its start-up, set when it calls `setLaterFlags`
   * (`v8.setFlagsFromString`). V8 refuses a cache made under other flags, so they are set only
   * in a run that writes no cache: a first run (or one after a refused cache) goes without them.
   */
  readonly laterFlags?: string;
}

/** The flags `setLaterFlags` sets: the last load's `laterFlags`, when it writes no cache. */
let pendingFlags: string | undefined;

/**
 * Sets the flags the last load was given as `laterFlags`, once, if that load writes no cache;
 * the program calls it when its start-up is done. Does nothing otherwise.
 */
export function setLaterFlags(): void {
  const flags = pendingFlags;
  pendingFlags = undefined;
  if (flags) v8.setFlagsFromString(flags);
}

/** The cache folder: `v8` in the tool's cache folder, unless BDSCRIPT_CODE_CACHE=0 turns it off. */
export function codeCacheDir(env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.BDSCRIPT_CODE_CACHE === '0') return undefined;
  try {
    return path.join(defaultCacheDir(env), 'v8');
  } catch {
    return undefined;
  }
}

/**
 * The cache file's name for a bundle: its name, a hash of its place (the part a newer build of
 * the same bundle shares), then a hash of what makes a cache valid.
 */
export function cacheFileName(bundle: string, size: number, mtimeMs: number): string {
  const key = [size, mtimeMs, process.version, process.arch, process.execArgv.join(' ')].join('\0');
  return `${bundlePrefix(bundle)}${nameHash(key)}.cache`;
}

/**
 * What the cache files of one bundle's builds start with: its name and a hash of its absolute
 * place. Two copies of the tools (a global install and a project's own, or two checkouts) keep
 * a cache each; with the name alone, each run of one removed the other's cache, and runs that
 * took turns never found one.
 */
function bundlePrefix(bundle: string): string {
  return `${path.basename(bundle)}.${nameHash(path.resolve(bundle))}.`;
}

/** FNV-1a, twice with different seeds: a name, not a secret, and no crypto module to load. */
function nameHash(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x811c9dc5);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${hex(a)}${hex(b)}`;
}

/**
 * Loads the CommonJS file `bundle` as `require` would (the same wrapper, `require`, `module`,
 * `__filename` and `__dirname`) with the code cache, and returns its exports. Once the process is
 * about to exit, writes a new cache if there was none or V8 refused it.
 */
export function loadWithCodeCache(bundle: string, options: CodeCacheOptions = { dir: codeCacheDir() }): unknown {
  const filename = path.resolve(bundle);
  const source = readFileSync(filename, 'utf8');
  let cacheFile: string | undefined;
  let cachedData: Buffer | undefined;
  if (options.dir) {
    try {
      const stat = statSync(filename);
      cacheFile = path.join(options.dir, cacheFileName(filename, stat.size, stat.mtimeMs));
      cachedData = readFileSync(cacheFile);
    } catch {
      // No cache yet (or no cache folder): compile, and write one at the end.
    }
  }
  const script = new vm.Script(Module.wrap(source), {
    filename,
    ...(cachedData ? { cachedData } : {}),
  });
  const use: CodeCacheUse = !cacheFile
    ? 'off'
    : cachedData && !script.cachedDataRejected
      ? 'used'
      : cachedData
        ? 'refused'
        : 'written';
  if (cacheFile && use !== 'used') {
    const file = cacheFile;
    // After the program ran, so the functions it compiled on the way are in the cache too.
    process.once('exit', () => {
      const written = writeCache(file, bundlePrefix(filename), script);
      options.onDone?.(written ? use : 'unwritable');
    });
  } else if (options.onDone) {
    const done = options.onDone;
    process.once('exit', () => done(use));
  }
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(filename),
  );
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(filename), mod, filename, path.dirname(filename));
  mod.loaded = true;
  pendingFlags = use === 'used' || use === 'off' ? options.laterFlags : undefined;
  return mod.exports;
}

/**
 * Writes the cache atomically and removes the other caches that start with `prefix` (older builds
 * of the same bundle, or the same bundle under other flags); false when it cannot.
 */
function writeCache(file: string, prefix: string, script: vm.Script): boolean {
  try {
    const data = script.createCachedData();
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
    for (const name of readdirSync(dir)) {
      if (name !== path.basename(file) && name.startsWith(prefix) && name.endsWith('.cache')) {
        try {
          unlinkSync(path.join(dir, name));
        } catch {
          // Another process may have removed it first.
        }
      }
    }
    return true;
  } catch {
    // A read-only or full cache folder: the next run compiles again, nothing else changes.
    return false;
  }
}
