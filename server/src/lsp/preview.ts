// The message preview of an open document, for every entry into it: the request
// `bdscript/preview` (the message model, Discord's message JSON and the page that draws it) and
// the command `bdscript.server.previewJson` (the JSON, for Neovim, Helix, Emacs...). Both are
// made the same way: behind validation, in slices so that they never hold up typing (issue #17),
// and refused as soon as what they were made from changed or the client cancelled.

import { ResponseError, type CancellationToken } from 'vscode-languageserver';
import type { PreviewPageOptions } from '../core/languageService';
import { PreviewRequest, type PreviewResult } from '../protocol/messages';
import type { DiscordMessage, PreviewMessage } from '../protocol/preview';
import { documentUri, previewOptions } from './params';
import { cancelled, contentModified, internalError } from './requests';
import type { Session } from './session';
import { PREVIEW_SLICE_MS, runInSlices } from './slices';
import type { ValidationScheduler } from './validation';

/** A preview made for one document version. */
interface Made {
  readonly version: number;
  readonly message: PreviewMessage;
  /** The page, when one was asked for. */
  readonly html?: string;
}

export class PreviewRequests {
  constructor(
    private readonly session: Session,
    private readonly validation: ValidationScheduler,
    /** Settles when the local catalog is loaded, or its bounded wait is over. */
    private readonly ready: () => Promise<void>,
  ) {}

  /** The handler of `bdscript/preview`, inside the one error boundary. */
  request(params: unknown, token: CancellationToken): Promise<PreviewResult | ResponseError<void> | null> {
    const method = PreviewRequest.method;
    return this.session.contain<PreviewResult | ResponseError<void> | null>(
      method,
      async () => {
        await this.ready();
        const options = previewOptions(params);
        const page: PreviewPageOptions | undefined = options.nonce
          ? { theme: options.theme, nonce: options.nonce, allowImages: options.allowImages, interactive: true }
          : undefined;
        const made = await this.make(documentUri(params), token, options.branches, page);
        if (made === null || made instanceof ResponseError) return made;
        const { version, message, html } = made;
        // A page alone when asked for (and there is one): the model and the JSON would double the answer.
        if (html !== undefined && options.pageOnly) return { version, html };
        const discord = this.session.service.discordMessage(message);
        return { version, message, discord, ...(html !== undefined ? { html } : {}) };
      },
      (err) => internalError(method, err),
    );
  }

  /**
   * The command `bdscript.server.previewJson`: the reply of the open document `uri` as Discord's
   * message JSON, each `$if` block on the branch `branches` chooses (the first by default), made
   * as `bdscript/preview` makes it; null when the document is not open. Runs inside the command's
   * request handler (its boundary and catalog wait).
   */
  async json(
    uri: string | undefined,
    token: CancellationToken,
    branches?: ReadonlyMap<number, number>,
  ): Promise<DiscordMessage | ResponseError<void> | null> {
    const made = await this.make(uri, token, branches ?? new Map(), undefined);
    if (made === null || made instanceof ResponseError) return made;
    return this.session.service.discordMessage(made.message);
  }

  /**
   * The reply an open document sends (the message model), with the page that draws it when asked.
   * Made on request only: nothing is computed for it while the user types, and it never holds up
   * what the user waits for (issue #17). It starts only once no validation is scheduled or
   * running, and is made in slices of at most PREVIEW_SLICE_MS, each after the messages that
   * arrived in the meantime were read; a change of the document (or of the catalog or settings)
   * before it is ready ends it with ContentModified (the client asks again for the new version),
   * a `$/cancelRequest` with RequestCancelled. A preview made is taken as activity by the runtime.
   */
  private async make(
    uri: string | undefined,
    token: CancellationToken,
    branches: ReadonlyMap<number, number>,
    page: PreviewPageOptions | undefined,
  ): Promise<Made | ResponseError<void> | null> {
    const { session, validation } = this;
    const { service, documents } = session;
    const doc = documents.get(uri);
    if (!doc) return null;
    const version = doc.version;
    const generation = session.configGeneration;
    /** Why the work must stop now, if it must. */
    const stale = (): ResponseError<void> | undefined => {
      if (token.isCancellationRequested || session.disposed) return cancelled();
      if (documents.get(uri) !== doc || doc.version !== version || session.configGeneration !== generation)
        return contentModified();
      return undefined;
    };
    // Behind every validation scheduled or running, and behind requests already received.
    for (;;) {
      await validation.whenIdle();
      await session.yieldToMessages();
      const why = stale();
      if (why) return why;
      if (validation.idle) break;
    }
    /** Runs `steps` to the end in slices, reading messages between them; a ResponseError when it went stale. */
    const drive = async <T>(steps: Generator<void, T, void>): Promise<T | ResponseError<void>> => {
      const run = await runInSlices(steps, PREVIEW_SLICE_MS, () => session.yieldToMessages(), stale);
      return 'done' in run ? run.done : run.stale;
    };
    // Notes, branch labels and the page's words in the session's language, as diagnostics are.
    const message = await drive(service.previewSteps(doc, { branches }));
    if (message instanceof ResponseError) return message;
    let html: string | undefined;
    if (page) {
      const drawn = await drive(service.previewPageSteps(message, page));
      if (drawn instanceof ResponseError) return drawn;
      html = drawn;
    }
    // The answer is written in one piece: read what came meanwhile first.
    await session.yieldToMessages();
    const why = stale();
    if (why) return why;
    session.runtime.afterPreview?.();
    return { version, message, ...(html !== undefined ? { html } : {}) };
  }
}
