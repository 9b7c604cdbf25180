// Runs headless Neovim (no config, no plugins, no shada or swap files) on one of the Lua drivers
// in test/e2e/nvim/, which starts the bundled server with Neovim's built-in LSP client on a file
// and writes one JSON line per step; the run is killed if it overruns its bound. The caller
// judges the steps. Everything Neovim and the server write goes into the test's folder.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface NeovimStep {
  step: string;
  [key: string]: unknown;
}

/** `NVIM v0.7.2` and so on, or undefined when nvim is not installed. */
export function nvimVersion(): string | undefined {
  const r = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n')[0] : undefined;
}

export interface NeovimRun {
  /** The Lua driver to run (`luafile`). */
  readonly driver: string;
  /** The test's own folder: Neovim's home and the server's go inside it. */
  readonly tmp: string;
  /** The file the driver opens. */
  readonly file: string;
  /** The bundled server. */
  readonly server: string;
  /** The server's initializationOptions. */
  readonly initOptions: unknown;
  /** Bound of each wait inside the driver. */
  readonly waitMs: number;
  /** The whole run is killed after this long. */
  readonly limitMs: number;
  /** More environment for the driver. */
  readonly env?: Record<string, string>;
}

/** Runs nvim with the driver; resolves with its exit code, the steps it wrote and its stderr. */
export function runNeovim(run: NeovimRun): Promise<{ code: number | null; steps: NeovimStep[]; stderr: string }> {
  const out = path.join(run.tmp, 'steps.jsonl');
  const nvimHome = path.join(run.tmp, 'nvim-home');
  mkdirSync(nvimHome, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: nvimHome,
    XDG_CONFIG_HOME: path.join(nvimHome, 'config'),
    XDG_CACHE_HOME: path.join(nvimHome, 'cache'),
    XDG_DATA_HOME: path.join(nvimHome, 'data'),
    XDG_STATE_HOME: path.join(nvimHome, 'state'),
    BDS_OUT: out,
    BDS_FILE: run.file,
    BDS_NODE: process.execPath,
    BDS_SERVER: run.server,
    BDS_SERVER_HOME: path.join(run.tmp, 'server-home'),
    BDS_SERVER_CACHE: path.join(run.tmp, 'server-home', 'cache'),
    BDS_WAIT_MS: String(run.waitMs),
    BDS_INIT_OPTIONS: JSON.stringify(run.initOptions),
    ...run.env,
  };
  const child = spawn(
    'nvim',
    ['--headless', '--clean', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${run.driver}`],
    {
      env,
      cwd: run.tmp,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stdout.on('data', () => undefined);
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      // nvim overran every bound of the driver: end it (and with it the server it started).
      child.kill('SIGKILL');
    }, run.limitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const steps = existsSync(out)
        ? readFileSync(out, 'utf8')
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => JSON.parse(l) as NeovimStep)
        : [];
      resolve({ code, steps, stderr });
    });
  });
}
