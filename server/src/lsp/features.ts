// Handler bodies longer than a line: what the wiring adds to the service's answer before it
// leaves (the wiki code action beside the service's fixes, rename refusals as error responses,
// the custom requests' answers). server.ts registers them with one line each; a new handler's
// body goes here when it is more than a call to the service and a conversion.

import { ErrorCodes, ResponseError, type CodeAction, type PrepareRenameResult } from 'vscode-languageserver';
import type { WorkspaceEdit } from 'vscode-languageserver-types';
import type { CopyForAppResult, FunctionAtResult } from '../protocol/messages';
import { wikiCodeAction } from './commands';
import type { OutgoingConverter } from './convert';
import { documentUri, DocumentParams } from './params';
import type { Session } from './session';

/** The service's code actions at a range, and "open wiki page" for a known function at its start. */
export function codeActions(session: Session, p: DocumentParams, out: OutgoingConverter): CodeAction[] {
  const { service, converter } = session;
  const context = p.codeActionContext();
  const range = p.range();
  const actions = out.codeActions(service.codeActions(p.document, range, context));
  const found = service.functionAt(p.document, range.start);
  const wiki =
    found &&
    wikiCodeAction(found, p.document.uri, converter.toClient(p.document, range.start), context.only, session.l10n);
  return wiki ? [...actions, wiki] : actions;
}

/** The range and placeholder of a rename at the position; a refusal (not a name to rename) is an error. */
export function prepareRename(
  session: Session,
  p: DocumentParams,
  out: OutgoingConverter,
): PrepareRenameResult | ResponseError<void> | null {
  const found = session.service.prepareRename(p.document, p.position());
  if (!found) return null;
  if ('error' in found) return new ResponseError<void>(ErrorCodes.InvalidRequest, found.error);
  return { range: out.range(found.range), placeholder: found.placeholder };
}

/** The edit of a rename; params without a newName, or a refused name, are errors. */
export function rename(
  session: Session,
  p: DocumentParams,
  out: OutgoingConverter,
): WorkspaceEdit | ResponseError<void> | null {
  const newName = p.newName();
  if (newName === undefined) return new ResponseError<void>(ErrorCodes.InvalidParams, 'rename needs a newName string');
  const edit = session.service.rename(p.document, p.position(), newName);
  if (!edit) return null;
  if ('error' in edit) return new ResponseError<void>(ErrorCodes.InvalidRequest, edit.error);
  return out.workspaceEdit(edit);
}

/** The function at the position of untrusted `{textDocument, position}` params, for the wiki page. */
export function functionAt(session: Session, raw: unknown): FunctionAtResult | null {
  const doc = session.documents.get(documentUri(raw));
  if (!doc) return null;
  const found = session.service.functionAt(doc, new DocumentParams(raw, doc, session.converter).position());
  return found ? { name: found.name, kind: found.kind, wikiUrl: found.wikiUrl } : null;
}

/** "Copy for BDFD app" of an open document: its code without the trigger line, and the trigger. */
export function copyForApp(session: Session, uri: string | undefined): CopyForAppResult | null {
  const doc = session.documents.get(uri);
  return doc ? session.service.appCode(doc) : null;
}
