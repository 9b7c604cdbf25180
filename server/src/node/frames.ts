// A guard in front of the message reader of a stream transport (stdio, socket, pipe). It reads
// each frame's header as vscode-jsonrpc's reader does and ends the stream with an error when a
// frame could never be served: a Content-Length beyond MAX_FRAME_BYTES (the reader would wait
// for that many bytes, swallowing every later message, and never answer again), or a header that
// goes on past MAX_HEADER_BYTES. The bytes pass through unchanged; every
// other broken frame is left to the reader, which reports it itself.

import { Transform, type TransformCallback } from 'node:stream';
import { MAX_DOCUMENT_LENGTH } from '../lsp/documents';

/**
 * The longest frame body read: the longest document the server keeps (MAX_DOCUMENT_LENGTH UTF-16
 * units), each unit as JSON may write it at worst (`\uXXXX`, six bytes), plus 1 MiB for the rest
 * of a didOpen or didChange around it. No message the server can use is longer.
 */
export const MAX_FRAME_BYTES = 6 * MAX_DOCUMENT_LENGTH + 1024 * 1024;

/** The longest header read: a real one is under 100 bytes (Content-Length and Content-Type). */
export const MAX_HEADER_BYTES = 8 * 1024;

const CR = 13;
const LF = 10;

/** Passes a stream's bytes through, ending it with an error at the first frame that can never be read. */
export class FrameGuard extends Transform {
  /** Body bytes of the current frame still to come; 0 while a header is read. */
  private remaining = 0;
  /** The header read so far (its bytes, kept until the blank line ends it). */
  private header: Buffer[] = [];
  private headerBytes = 0;
  /** How far into "\r\n\r\n" the header's last bytes are (as the reader counts). */
  private state = 0;
  /** A frame the reader will report itself: from here on the bytes only pass through. */
  private passing = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const problem = this.passing ? undefined : this.scan(chunk);
    if (problem) {
      callback(new Error(problem));
      return;
    }
    callback(null, chunk);
  }

  /** Follows the frames through `chunk`; the reason the stream cannot be read, if it cannot. */
  private scan(chunk: Buffer): string | undefined {
    let i = 0;
    while (i < chunk.length && !this.passing) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - i);
        this.remaining -= n;
        i += n;
        continue;
      }
      // A header: up to and including "\r\n\r\n", found with the reader's own state machine.
      const start = i;
      while (i < chunk.length && this.state !== 4) {
        const byte = chunk[i++];
        if (byte === CR) this.state = this.state === 0 ? 1 : this.state === 2 ? 3 : 0;
        else if (byte === LF) this.state = this.state === 1 ? 2 : this.state === 3 ? 4 : 0;
        else this.state = 0;
      }
      this.header.push(chunk.subarray(start, i));
      this.headerBytes += i - start;
      if (this.headerBytes > MAX_HEADER_BYTES) return `a frame header longer than ${MAX_HEADER_BYTES} bytes`;
      if (this.state !== 4) return undefined;
      const length = contentLength(Buffer.concat(this.header).toString('ascii'));
      this.header = [];
      this.headerBytes = 0;
      this.state = 0;
      if (length === undefined || !(length > 0)) {
        // Missing, not a number, zero or negative: the reader reports it.
        this.passing = true;
      } else if (length > MAX_FRAME_BYTES) {
        return `a frame of ${length} bytes (Content-Length) is longer than the ${MAX_FRAME_BYTES} the server reads`;
      } else {
        this.remaining = length;
      }
    }
    return undefined;
  }
}

/** The Content-Length of a header as vscode-jsonrpc reads it (the last one, parseInt); undefined when unreadable. */
function contentLength(header: string): number | undefined {
  const lines = header.split('\r\n');
  let value: string | undefined;
  for (let i = 0; i < lines.length - 2; i++) {
    const line = lines[i] ?? '';
    const colon = line.indexOf(':');
    // A line without a colon: the reader stops with an error of its own.
    if (colon === -1) return undefined;
    if (line.slice(0, colon).toLowerCase() === 'content-length') value = line.slice(colon + 1).trim();
  }
  // Without a radix, as the reader parses it ("0x10" is 16 there too).
  return value === undefined ? undefined : Number.parseInt(value);
}

/** `readable` through a FrameGuard; an error of `readable` reaches the guard's reader. */
export function guarded(readable: NodeJS.ReadableStream): FrameGuard {
  const guard = new FrameGuard();
  readable.on('error', (err) => guard.destroy(err));
  readable.pipe(guard);
  return guard;
}
