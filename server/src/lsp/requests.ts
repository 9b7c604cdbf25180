// The shapes every request handler takes, so that a handler in server.ts is one line: each waits
// (boundedly) for the local catalog, honours cancellation before and after its work, and answers
// an exception with an error response, inside the session's one error boundary. A request about
// a document reads its params through DocumentParams and converts its answer for the client.

import { CancellationToken, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import type { OutgoingConverter } from './convert';
import { documentUri, DocumentParams } from './params';
import type { Session } from './session';
import { messageOf } from '../protocol/errors';

/** The answer to a request the client cancelled (or that the server's end cancelled). */
export const cancelled = (): ResponseError<void> =>
  new ResponseError<void>(LSPErrorCodes.RequestCancelled, 'request cancelled');

/** The answer to a request whose document (or catalog, or settings) changed before it was ready. */
export const contentModified = (): ResponseError<void> =>
  new ResponseError<void>(LSPErrorCodes.ContentModified, 'the document changed; ask again for the new version');

/** The answer to a request whose handler threw. */
export const internalError = (method: string, err: unknown): ResponseError<void> =>
  new ResponseError<void>(ErrorCodes.InternalError, `${method} failed: ${messageOf(err)}`);

/** A handler as vscode-languageserver calls it: untrusted params and a token. */
export type Handler<R> = (params: unknown, token?: CancellationToken) => Promise<R | ResponseError<void>>;

/** The handler shapes; their methods are bound, so `const { document } = requests` works. */
export class Requests {
  constructor(
    private readonly session: Session,
    /** Settles when the local catalog is loaded, or its bounded wait is over. */
    private readonly ready: () => Promise<void>,
  ) {}

  /**
   * A request handler: waits (boundedly) for the local catalog, honours cancellation before and
   * after the work, and answers an exception with an error response, inside the one boundary.
   */
  readonly request = <R>(
    method: string,
    run: (params: unknown, token: CancellationToken) => R | Promise<R>,
  ): Handler<R> => {
    return (params, token) => {
      // A request sent without params (`bdscript/catalogStatus`) gets only the token.
      const tok = token ?? (CancellationToken.is(params) ? params : CancellationToken.None);
      return this.session.contain<R | ResponseError<void>>(
        method,
        async () => {
          await this.ready();
          await this.session.yieldToMessages();
          if (tok.isCancellationRequested) return cancelled();
          const result = await run(params, tok);
          return tok.isCancellationRequested ? cancelled() : result;
        },
        (err) => internalError(method, err),
      );
    };
  };

  /** A request about one document: null when it is not open; its params read by DocumentParams. */
  readonly document = <R>(
    method: string,
    run: (params: DocumentParams, out: OutgoingConverter) => R,
  ): Handler<R | null> => {
    return this.request<R | null>(method, (raw) => {
      const doc = this.session.documents.get(documentUri(raw));
      if (!doc) return null;
      return run(new DocumentParams(raw, doc, this.session.converter), this.session.outgoing(doc));
    });
  };

  /** A document request whose answer is a list: an empty one when the document is not open. */
  readonly list = <T>(method: string, run: (params: DocumentParams, out: OutgoingConverter) => T[]): Handler<T[]> => {
    const inner = this.document(method, run);
    return async (params, token) => (await inner(params, token)) ?? [];
  };
}
