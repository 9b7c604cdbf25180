// The transports the language server speaks, as its command line names them: `--stdio`,
// `--node-ipc`, `--socket=PORT` and `--pipe=NAME`, each a reader and a writer as
// vscode-languageserver reads them.

import {
  createServerPipeTransport,
  createServerSocketTransport,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';

/** The flags that name a transport. */
export const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe'];

/** The reader and writer of the transport the command line names, as vscode-languageserver reads it. */
export function openTransport(argv: readonly string[]): { reader: MessageReader; writer: MessageWriter } | undefined {
  for (const [i, arg] of argv.entries()) {
    const [flag, inline] = arg.split('=', 2);
    const value = inline ?? argv[i + 1];
    switch (flag) {
      case '--stdio':
        return { reader: new StreamMessageReader(process.stdin), writer: new StreamMessageWriter(process.stdout) };
      case '--node-ipc':
        return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process) };
      case '--socket': {
        const [reader, writer] = createServerSocketTransport(Number.parseInt(value ?? '', 10));
        return { reader, writer };
      }
      case '--pipe': {
        const [reader, writer] = createServerPipeTransport(value ?? '');
        return { reader, writer };
      }
      default:
      // Not a transport flag: the next argument may be one.
    }
  }
  return undefined;
}
