// The message budget lens for the client (`textDocument/codeLens`): read from what validation
// made (the per-chunk summaries and path walks of the caps' rules), so it starts only once no
// validation is scheduled or running and never computes anything while the user types; a
// document that changed while it waited is answered ContentModified (the client asks again).
// The lens runs the `bdscript.server.previewJson` command with the document, the offset of the
// call it stands on and the `$if` branches that show it: any editor gets the message's JSON, and
// the VS Code extension opens its preview there instead.

import type { CancellationToken, CodeLens, ResponseError } from 'vscode-languageserver';
import { ServerCommand } from '../protocol/commands';
import { documentUri } from './params';
import { cancelled, contentModified, internalError } from './requests';
import type { Session } from './session';
import type { ValidationScheduler } from './validation';

export class LensRequests {
  constructor(
    private readonly session: Session,
    private readonly validation: ValidationScheduler,
    /** Settles when the local catalog is loaded, or its bounded wait is over. */
    private readonly ready: () => Promise<void>,
  ) {}

  /** The handler of `textDocument/codeLens`, inside the one error boundary. */
  request(params: unknown, token: CancellationToken): Promise<CodeLens[] | ResponseError<void>> {
    const method = 'textDocument/codeLens';
    return this.session.contain<CodeLens[] | ResponseError<void>>(
      method,
      async () => {
        await this.ready();
        return await this.lenses(params, token);
      },
      (err) => internalError(method, err),
    );
  }

  private async lenses(raw: unknown, token: CancellationToken): Promise<CodeLens[] | ResponseError<void>> {
    const { session, validation } = this;
    const { service, documents } = session;
    const uri = documentUri(raw);
    const doc = documents.get(uri);
    if (!doc || !service.settings.codeLens.messageBudget) return [];
    const version = doc.version;
    const generation = session.configGeneration;
    // Behind every validation scheduled or running, and behind requests already received.
    for (;;) {
      await validation.whenIdle();
      await session.yieldToMessages();
      if (token.isCancellationRequested || session.disposed) return cancelled();
      if (documents.get(uri) !== doc || doc.version !== version || session.configGeneration !== generation)
        return contentModified();
      if (validation.idle) break;
    }
    const out = session.outgoing(doc);
    return out.codeLenses(
      service.budgetLenses(doc).map((lens) => ({
        range: { start: doc.positionAt(lens.start), end: doc.positionAt(lens.end) },
        command: {
          title: lens.title,
          command: ServerCommand.previewJson,
          arguments: [doc.uri, lens.start, lens.branches],
        },
      })),
    );
  }
}
