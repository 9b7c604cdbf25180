// The `bdscript` command line: a table of commands, `--help` and `--version`, and the one place
// that maps a command's exit code onto the process. Everything a command prints passes through a
// last guard here (`visibleLines` for text, `jsonSafe` for JSON, `htmlSafe` for HTML), so no
// control character from untrusted data reaches the terminal raw and machine output stays valid.
// esbuild bundles this file into dist/cli.js; server/bin/bdscript calls `runCli()`.

import { EXIT_OK, EXIT_USAGE, type CliIO, type OutputKind } from './args';
import { TOOL_VERSION } from '../catalog/endpoints';
import { htmlSafe, jsonSafe, visibleLines } from '../core/catalog/controlChars';
import { errorWithStack } from '../protocol/errors';

export type CommandRunner = (argv: string[], io: CliIO) => Promise<number>;

interface Command {
  /** One line for `bdscript --help`. */
  readonly summary: string;
  /**
   * Loads the command's module only when it runs. A typed `require` rather than `import()`:
   * esbuild bundles both, but only `require` works under tsx's CommonJS hook in tests.
   */
  readonly load: () => CommandRunner;
}

/**
 * The commands. To add one, add a line here that loads its `run…(argv, io)` function, e.g.
 * `check: { summary: '…', load: () => (require('./check') as typeof import('./check')).runCheck },`.
 */
const COMMANDS: Readonly<Record<string, Command>> = {
  check: {
    summary: "Check BDScript files with the editor's diagnostics",
    load: () => (require('./check') as typeof import('./check')).runCheck,
  },
  format: {
    summary: 'Format BDScript files as the editor does (--check for CI)',
    load: () => (require('./format') as typeof import('./format')).runFormat,
  },
  preview: {
    summary: 'Show the reply a command sends (content, embeds, components)',
    load: () => (require('./preview') as typeof import('./preview')).runPreview,
  },
  mcp: {
    summary: 'Serve tools for AI assistants over the Model Context Protocol (stdio)',
    // Its module loads only when this command runs, and the SDK's code is compiled only then (mcpBundle.ts).
    load: () => (require('./mcp') as typeof import('./mcp')).runMcp,
  },
  catalog: {
    summary: 'Serve, pull, export or inspect the function catalog',
    load: () => (require('./catalogCommands') as typeof import('./catalogCommands')).runCatalog,
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: bdscript <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  --help, -h   Show help (also after a command: bdscript <command> --help)',
    '  --version    Show the version',
    '',
    'Exit codes: 0 success, 1 the command failed or found problems, 2 usage or I/O error.',
    '',
  ].join('\n');
}

/** The last guard of each kind of output: what it does to a control or format character left raw. */
const GUARDS: Readonly<Record<OutputKind, (s: string) => string>> = {
  text: visibleLines,
  json: jsonSafe,
  html: htmlSafe,
};

/**
 * Runs the CLI on `argv` (without `node` and the script) and resolves with the exit code. The
 * commands compose their lines (showing untrusted fields with `visible`, which also escapes line
 * breaks, or writing JSON with `jsonVisible`); as a last guard, any control or format character
 * left in their output other than a line break is escaped on the way out as the output's format
 * does: made visible in text, `\u200b` in JSON (which must still parse), `&#x200B;` in HTML.
 */
export async function main(argv: readonly string[], raw: CliIO): Promise<number> {
  const io: CliIO = {
    ...raw,
    stdout: (s) => raw.stdout(GUARDS.text(s)),
    stderr: (s) => raw.stderr(GUARDS.text(s)),
    stdoutAs: (kind, s) => raw.stdout(GUARDS[kind](s)),
  };
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? io.stderr : io.stdout)(usage());
    return first === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return EXIT_OK;
  }
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!command) {
    io.stderr(`bdscript: unknown ${first.startsWith('-') ? 'option' : 'command'} ${first}\n\n${usage()}`);
    return EXIT_USAGE;
  }
  try {
    const run = command.load();
    return await run(rest, io);
  } catch (err) {
    // Commands report their own failures; reaching here is a bug, but it still ends cleanly.
    io.stderr(`bdscript ${first}: internal error: ${errorWithStack(err)}\n`);
    return EXIT_USAGE;
  }
}

/**
 * Entry for the real process: reads `process.argv` and sets `process.exitCode`. Output goes
 * through `processWriter`: a reader that goes away (`bdscript check … | head -1`) ends the output
 * quietly and the exit code is the one the command would have had; any other write error (a full
 * disk) prints one line on stderr and exits 2 at once. A command that is done ends the process once
 * its output is written (`afterWritten`).
 */
export function runCli(options: { readonly startedUp?: () => void } = {}): Promise<void> {
  const fail = (stream: string, err: NodeJS.ErrnoException): never => {
    if (stream !== 'standard error') writeStderr(`bdscript: cannot write to ${stream}: ${describeWriteError(err)}\n`);
    process.exit(EXIT_USAGE);
  };
  const writeStderr = processWriter(process.stderr, 'standard error', fail);
  const io: CliIO = {
    stdout: processWriter(process.stdout, 'standard output', fail),
    stderr: writeStderr,
    cwd: process.cwd(),
    env: process.env,
    ...(options.startedUp ? { startedUp: options.startedUp } : {}),
  };
  return main(process.argv.slice(2), io).then((code) => {
    process.exitCode = code;
    // Every command resolves only once it is done (a server once it has stopped), so the process
    // ends as soon as both streams have written what it printed. Left to end by itself, Node would
    // first take down the heap the command built: 20-35 ms after a check of 1 MB, against ~12 ms for
    // an empty file (docs/benchmarks.md). The 'exit' listeners (the code cache) still run.
    afterWritten(process.stdout, () => afterWritten(process.stderr, () => process.exit(code)));
  });
}

/**
 * Calls `then` once what was written to `stream` before has been handed to the system (at once
 * on Linux, where pipes and files are written synchronously; later for Windows pipes), or at once
 * when the stream is gone (a reader that went away).
 */
function afterWritten(stream: NodeJS.WritableStream & { readonly destroyed?: boolean }, then: () => void): void {
  if (stream.destroyed || !stream.writable) then();
  else stream.write('', () => then());
}

/**
 * Writes to a process stream until it fails. EPIPE (the reader closed the pipe) drops the rest
 * quietly; any other error is handed to `fail`. Node records a failed write on the stream at
 * once (`errored`) and emits 'error' only later, so both are watched: the failure is handled
 * before the next line is composed, and the event never goes unhandled.
 */
export function processWriter(
  stream: NodeJS.WritableStream & { readonly errored?: Error | null; readonly destroyed?: boolean },
  name: string,
  fail: (stream: string, err: NodeJS.ErrnoException) => void,
): (text: string) => void {
  let closed = false;
  const failed = (err: NodeJS.ErrnoException): void => {
    if (closed) return;
    closed = true;
    if (err.code !== 'EPIPE') fail(name, err);
  };
  stream.on('error', failed);
  return (text) => {
    if (closed) return;
    if (stream.destroyed) {
      closed = true;
      return;
    }
    stream.write(text);
    const err = stream.errored;
    if (err) failed(err as NodeJS.ErrnoException);
  };
}

/** `no space left on device (ENOSPC)`. */
function describeWriteError(err: NodeJS.ErrnoException): string {
  const code = typeof err.code === 'string' ? err.code : undefined;
  // Node's message is `ENOSPC: no space left on device, write`; the middle is the part people read.
  const text = String(err.message ?? err)
    .replace(/^[A-Z_]+: /, '')
    .replace(/, write$/, '');
  return code ? `${text} (${code})` : text;
}

if (require.main === module) void runCli();
