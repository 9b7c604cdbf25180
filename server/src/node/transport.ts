// The transports the language server speaks, as its command line names them: `--stdio`,
// `--node-ipc`, `--socket=PORT` and `--pipe=NAME`, each a reader and a writer as
// vscode-languageserver reads them. The stream transports read through a FrameGuard (frames.ts),
// so a frame that could never be read ends the server instead of leaving it deaf, and write each
// message in one piece (FrameWriter).

import { createConnection as connect } from 'node:net';
import type { Writable } from 'node:stream';
import {
  AbstractMessageWriter,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  type Message,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';
import { guarded } from './frames';

/**
 * Writes each message to a stream as one frame: its header and its JSON body in a single write.
 * vscode-jsonrpc's stream writer writes the header, waits for that write to finish and then
 * writes the body, so a client reading the pipe is woken twice for every answer and reads a
 * header without its body first.
 */
export class FrameWriter extends AbstractMessageWriter implements MessageWriter {
  /** Writes that failed, as the library's writer counts them for the connection. */
  private failed = 0;

  constructor(private readonly stream: Writable) {
    super();
    stream.on('error', (error: Error) => this.fireError(error));
    stream.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    const header = Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'ascii');
    return new Promise((resolve, reject) => {
      this.stream.write(Buffer.concat([header, body], header.byteLength + body.byteLength), (error) => {
        if (!error) return resolve();
        this.fireError(error, message, ++this.failed);
        reject(error);
      });
    });
  }

  end(): void {
    this.stream.end();
  }
}

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
          writer: new FrameWriter(process.stdout),
        };
      case '--node-ipc':
        return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process) };
      // As vscode-languageserver's createServerSocketTransport and createServerPipeTransport, read through the guard.
      case '--socket': {
        const socket = connect(Number.parseInt(value ?? '', 10), '127.0.0.1');
        return { reader: new StreamMessageReader(guarded(socket)), writer: new FrameWriter(socket) };
      }
      case '--pipe': {
        const socket = connect(value ?? '');
        return { reader: new StreamMessageReader(guarded(socket)), writer: new FrameWriter(socket) };
      }
      default:
      // Not a transport flag: the next argument may be one.
    }
  }
  return undefined;
}
