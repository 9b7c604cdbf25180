// The transports the language server speaks, as its command line names them: `--stdio`,
// `--node-ipc`, `--socket=PORT` and `--pipe=NAME`, each a reader and a writer as
// vscode-languageserver reads them. The stream transports read through a FrameGuard (frames.ts),
// so a frame that could never be read ends the server instead of leaving it deaf.

import { createConnection as connect } from 'node:net';
import {
  IPCMessageReader,
  IPCMessageWriter,
  SocketMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';
import { guarded } from './frames';

/** The flags that name a transport. */
export const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe'];

/** The reader and writer of the transport the command line names, as vscode-languageserver reads it. */
export function openTransport(argv: readonly string[]): { reader: MessageReader; writer: MessageWriter } | undefined {
  for (const [i, arg] of argv.entries()) {
    const [flag, inline] = arg.split('=', 2);
    const value = inline ?? argv[i + 1];
    switch (flag) {
      case '--stdio':
        return {
          reader: new StreamMessageReader(guarded(process.stdin)),
          writer: new StreamMessageWriter(process.stdout),
        };
      case '--node-ipc':
        return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process) };
      // As vscode-languageserver's createServerSocketTransport and createServerPipeTransport, read through the guard.
      case '--socket': {
        const socket = connect(Number.parseInt(value ?? '', 10), '127.0.0.1');
        return { reader: new StreamMessageReader(guarded(socket)), writer: new SocketMessageWriter(socket) };
      }
      case '--pipe': {
        const socket = connect(value ?? '');
        return { reader: new StreamMessageReader(guarded(socket)), writer: new SocketMessageWriter(socket) };
      }
      default:
      // Not a transport flag: the next argument may be one.
    }
  }
  return undefined;
}
