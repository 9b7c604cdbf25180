// Runs the bundled command line (dist/cli.js) as a shell would: a fresh Node process in a working
// folder, with HOME and the cache folder where the test puts them (never the user's own) and only
// PATH from the test's environment, and collects its exit code and whole output.

import { spawn } from 'node:child_process';
import * as path from 'node:path';

/** The bundled command line that `npm run build` writes. */
export const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The working folder. */
  readonly cwd: string;
  /** HOME; the working folder when not given. */
  readonly home?: string;
  /** XDG_CACHE_HOME; `cache` under HOME when not given. */
  readonly cacheHome?: string;
  /** More environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** Node's own options before the script, e.g. `--require` of a guard. */
  readonly nodeArgs?: readonly string[];
}

/** `node [nodeArgs] dist/cli.js ...args`, resolved when the process has closed its output. */
export function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const home = options.home ?? options.cwd;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
      cwd: options.cwd,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: home,
        XDG_CACHE_HOME: options.cacheHome ?? path.join(home, 'cache'),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
