// The language server process: opens the transport the command line names (transport.ts),
// builds the real runtime (runtime.ts: the catalog manager with its disk cache and HTTP client,
// the bundled snapshot as the fallback), sends console output to the client's log, and starts
// the wiring. A message stream it cannot read, or an exception nothing caught, ends the process
// with an error so the client starts a fresh one. esbuild bundles this file into dist/server.js.

import { createConnection, type Connection, type MessageReader } from 'vscode-languageserver/node';
import { TOOL_VERSION } from '../catalog/endpoints';
import { startServer } from '../lsp/server';
import { nodeRuntime, SERVER_NAME } from './runtime';
import { openTransport, TRANSPORTS } from './transport';
import { errorWithStack, messageOf } from '../protocol/errors';

function usage(): string {
  return [
    `Usage: ${SERVER_NAME} --stdio | --node-ipc | --socket=PORT`,
    '',
    'The BDScript language server (Bot Designer for Discord). An editor starts it and speaks the',
    'Language Server Protocol over the chosen transport.',
    '',
    'Options:',
    '  --stdio              Speak LSP over stdin and stdout (Neovim, Helix, Emacs, ...)',
    '  --node-ipc           Speak LSP over the Node IPC channel (the VS Code extension)',
    '  --socket=PORT        Connect to a socket on 127.0.0.1 at PORT',
    '  --clientProcessId=N  Exit when process N (the editor) is gone',
    '  --version            Show the version',
    '  --help, -h           Show this help',
    '',
    'Settings (section `bdscript`) come from initializationOptions and workspace/configuration;',
    'see docs/settings.md for the keys. The catalog cache lives in bdscript.catalog.cacheDir, else the',
    "editor's storage folder, else $XDG_CACHE_HOME/bdscript or ~/.cache/bdscript.",
    '',
  ].join('\n');
}

/** Sends console output to the client's log: under --stdio, stdout carries only the protocol. */
function redirectConsole(connection: Connection): void {
  const text = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : errorWithStack(a))).join(' ');
  const send =
    (fn: (message: string) => void) =>
    (...args: unknown[]) => {
      try {
        fn(text(args));
      } catch {
        // No connection to log to; dropping the line is all that is left.
      }
    };
  console.log = send((m) => connection.console.log(m));
  console.info = send((m) => connection.console.info(m));
  console.debug = send((m) => connection.console.log(m));
  console.warn = send((m) => connection.console.warn(m));
  console.error = send((m) => connection.console.error(m));
  console.trace = send((m) => connection.console.log(m));
}

/**
 * `reader` with `onMessage` called as each message is read, before the connection handles it:
 * the runtime keeps its collections of garbage away from the moments a user works.
 */
function noticing(reader: MessageReader, onMessage: () => void): MessageReader {
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    listen: (callback) =>
      reader.listen((message) => {
        onMessage();
        callback(message);
      }),
    dispose: () => reader.dispose(),
  };
}

/** Runs the server process; returns an exit code when it ends before serving (help, version, usage). */
export function main(argv: readonly string[]): number | undefined {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return 0;
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(`${SERVER_NAME} ${TOOL_VERSION}\n`);
    return 0;
  }
  const transport = argv.some((a) => TRANSPORTS.includes(a.split('=')[0] ?? '')) ? openTransport(argv) : undefined;
  if (!transport) {
    process.stderr.write(`${SERVER_NAME}: no transport given\n\n${usage()}`);
    return 2;
  }
  const { reader, writer } = transport;
  const runtime = nodeRuntime();
  // The library still reads --clientProcessId from the command line and watches that process.
  const connection = createConnection(
    noticing(reader, () => runtime.clientMessage()),
    writer,
  );
  redirectConsole(connection);
  process.on('unhandledRejection', (reason) => {
    console.error(`unhandled rejection: ${errorWithStack(reason)}`);
  });
  // An exception nothing caught leaves the server in an unknown state, so there is deliberately
  // no 'uncaughtException' handler: Node prints the stack on stderr (the client's log of the
  // process) and exits with code 1, and the client starts a new server.

  // A frame the reader cannot parse (Content-Length missing, negative, not a number, or not the
  // body's length) leaves it out of step with the stream for good: rather than serve deaf, say
  // what was wrong on stderr (the client's log of the process; a log message sent now would be
  // lost with the process) and exit, so the client starts a fresh server.
  reader.onError((err) => {
    // The reason may quote what the client sent: one line, no control characters, bounded.
    const reason = messageOf(err)
      .replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ')
      .trim()
      .slice(0, 300);
    process.stderr.write(
      `${SERVER_NAME}: the messages from the client cannot be read any more (${reason}); exiting so that the client starts a new server\n`,
    );
    process.exit(1);
  });
  const server = startServer(connection, runtime);
  // The client closed the stream: a clean end after `shutdown`, an error without it.
  reader.onClose(() => process.exit(server.stopped ? 0 : 1));
  connection.listen();
  return undefined;
}

/** Entry for the real process (dist/server.js run directly, or the bin launcher). */
export function run(): void {
  const code = main(process.argv.slice(2));
  if (code !== undefined) process.exitCode = code;
}

if (require.main === module) run();
