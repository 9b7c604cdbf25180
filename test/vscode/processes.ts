// The processes the VS Code test starts and must stop: code-server (VS Code's workbench and
// extension host) and the catalog mirror (`bdscript catalog serve`). Each runs in its own process
// group so that it and its children, and nothing else, are stopped; both listen on 127.0.0.1.

import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import * as net from 'node:net';

/** A loopback port nothing listens on: bound to learn a free number, then closed. */
export function deadLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A started process group, with its output going to a log file. */
export class Service {
  private exited: Promise<number | null>;
  private done = false;

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        this.done = true;
        resolve(code);
      }),
    );
  }

  get running(): boolean {
    return !this.done;
  }

  /** The last lines of the log, for error messages. */
  logTail(lines = 15): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** Waits until the log has a line matching `pattern`; fails when the process exits first or on the bound. */
  async waitForLog(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let text = '';
      try {
        text = readFileSync(this.logFile, 'utf8');
      } catch {
        // Not written yet.
      }
      const match = pattern.exec(text);
      if (match) return match;
      if (this.done) throw new Error(`${this.name} exited before printing ${pattern}:\n${this.logTail()}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name} did not print ${pattern} within ${timeoutMs / 1000} s:\n${this.logTail()}`);
      await Promise.race([this.exited, new Promise((r) => setTimeout(r, 100))]);
    }
  }

  /** Waits for the process to exit on its own; its exit code, or an error on the bound. */
  async exit(timeoutMs: number): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.exited,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${this.name} did not finish within ${timeoutMs / 1000} s:\n${this.logTail()}`)),
            timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops the whole process group: SIGTERM, then SIGKILL if it is still there after a while. */
  async stop(): Promise<void> {
    if (this.done || this.child.pid === undefined) return;
    const pid = this.child.pid;
    const signal = (sig: NodeJS.Signals): void => {
      try {
        process.kill(-pid, sig);
      } catch {
        // The group is already gone.
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
    // Children that outlived the leader (an extension host, a language server) go too.
    signal('SIGKILL');
  }

  /** Synchronous last resort for process exit handlers. */
  killNow(): void {
    if (this.done || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Starts `command args` in its own process group with stdout and stderr appended to `logFile`. */
export function startService(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): Service {
  const fd = openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { env, detached: true, stdio: ['ignore', fd, fd] });
    return new Service(name, child, logFile);
  } finally {
    closeSync(fd);
  }
}
