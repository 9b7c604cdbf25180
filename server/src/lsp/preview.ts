// The message preview of an open document for the client (`bdscript/preview`): the message model,
// Discord's message JSON and the page that draws it, made in slices behind validation so that it
// never holds up typing (issue #17), and refused as soon as what it was made from changed.

import { type CancellationToken, ResponseError } from 'vscode-languageserver';
import { PreviewRequest, type PreviewResult } from '../protocol/messages';
import type { DiscordMessage } from '../protocol/preview';
import { documentUri, previewOptions } from './params';
import { cancelled, contentModified, internalError } from './requests';
import type { Session } from './session';
import { PREVIEW_SLICE_MS, runInSlices } from './slices';
import type { ValidationScheduler } from './validation';

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
        const answer = await this.preview(params, token);
        if (answer && !(answer instanceof ResponseError)) this.session.runtime.afterPreview?.();
        return answer;
      },
      (err) => internalError(method, err),
    );
  }

  /** The reply of the open document `uri` as Discord's message JSON (on the branches chosen); null when it is not open. */
  json(uri: string | undefined, branches?: ReadonlyMap<number, number>): DiscordMessage | null {
    const { service, documents } = this.session;
    const doc = documents.get(uri);
    return doc ? service.discordMessage(service.preview(doc, branches ? { branches } : undefined)) : null;
  }

  /**
   * The reply an open document sends (the message model), with the page that draws it when the
   * client gives a nonce. A pull request: nothing is computed for it while the user types, and it
   * never holds up what the user waits for (issue #17). It starts only once no validation is
   * scheduled or running, and is made in slices of at most PREVIEW_SLICE_MS, each after the
   * messages that arrived in the meantime were read; a change of the document (or of the catalog
   * or settings) before the answer is ready ends it with ContentModified (the client asks again
   * for the new version), a `$/cancelRequest` with RequestCancelled.
   */
  private async preview(raw: unknown, token: CancellationToken): Promise<PreviewResult | ResponseError<void> | null> {
    const { session, validation } = this;
    const { service, documents } = session;
    const uri = documentUri(raw);
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
    const options = previewOptions(raw);
    // Notes, branch labels and the page's words in the session's language, as diagnostics are.
    const message = await drive(service.previewSteps(doc, { branches: options.branches }));
    if (message instanceof ResponseError) return message;
    let html: string | undefined;
    if (options.nonce) {
      const page = await drive(
        service.previewPageSteps(message, {
          theme: options.theme,
          nonce: options.nonce,
          allowImages: options.allowImages,
          interactive: true,
        }),
      );
      if (page instanceof ResponseError) return page;
      html = page;
    }
    // The answer is written in one piece: read what came meanwhile first.
    await session.yieldToMessages();
    const why = stale();
    if (why) return why;
    // A page alone when asked for (and there is one): the model and the JSON would double the answer.
    if (html !== undefined && options.pageOnly) return { version, html };
    return { version, message, discord: service.discordMessage(message), ...(html !== undefined ? { html } : {}) };
  }
}
