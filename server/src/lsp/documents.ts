// The open documents, kept in sync from didOpen/didChange/didClose. Incremental changes arrive
// in the client's position encoding and are converted to UTF-16 before they are applied (to an
// EditedDocument, which joins its text only when it is read); a notification with a bad shape or
// for a document that is not open is reported, not applied.

import { EditedDocument } from './editedDocument';
import { isObject, type JsonObject } from '../protocol/json';
import { documentUri } from './params';
import type { PositionConverter } from './positions';

/** Documents longer than this are not kept: the core is not meant for them and clients rarely send them. */
export const MAX_DOCUMENT_LENGTH = 16 * 1024 * 1024;

export class DocumentStore {
  private readonly docs = new Map<string, EditedDocument>();

  get(uri: string | undefined): EditedDocument | undefined {
    return uri === undefined ? undefined : this.docs.get(uri);
  }

  all(): EditedDocument[] {
    return [...this.docs.values()];
  }

  /** Opens (or reopens) a document; returns it, or a reason it was refused. */
  open(params: unknown): EditedDocument | string {
    const td = isObject(params) ? params['textDocument'] : undefined;
    if (!isObject(td)) return 'didOpen without a textDocument';
    const { uri, languageId, version, text } = td;
    if (typeof uri !== 'string') return 'didOpen without a uri';
    if (typeof text !== 'string') return `didOpen of ${uri} without text`;
    if (text.length > MAX_DOCUMENT_LENGTH)
      return `didOpen of ${uri}: document of ${text.length} characters is too long`;
    const doc = new EditedDocument(
      uri,
      typeof languageId === 'string' ? languageId : 'bdscript',
      versionOf(version, 0),
      text,
    );
    this.docs.set(uri, doc);
    return doc;
  }

  /** Applies a didChange; returns the updated document (if any) and what was wrong with the notification. */
  change(params: unknown, converter: PositionConverter): { doc?: EditedDocument; problem?: string } {
    const uri = documentUri(params);
    const doc = this.get(uri);
    if (!doc) return { problem: `didChange of a document that is not open: ${String(uri).slice(0, 200)}` };
    const changes = isObject(params) ? params['contentChanges'] : undefined;
    if (!Array.isArray(changes)) return { problem: `didChange of ${uri} without contentChanges` };
    const td = (params as JsonObject)['textDocument'] as JsonObject;
    const version = versionOf(td['version'], doc.version + 1);
    let skipped = 0;
    for (const change of changes) {
      if (!isObject(change) || typeof change['text'] !== 'string') {
        skipped++;
        continue;
      }
      const text = change['text'];
      if (change['range'] === undefined || change['range'] === null) {
        if (text.length > MAX_DOCUMENT_LENGTH) {
          skipped++;
          continue;
        }
        doc.update([{ text }], version);
      } else if (!isRange(change['range'])) {
        // A range that is not one is skipped rather than guessed at.
        skipped++;
      } else {
        // Each change is relative to the text after the previous ones, so convert one at a time.
        const range = converter.rangeToServer(doc, change['range']);
        if (doc.length - (doc.offsetAt(range.end) - doc.offsetAt(range.start)) + text.length > MAX_DOCUMENT_LENGTH) {
          skipped++;
          continue;
        }
        doc.update([{ range, text }], version);
      }
    }
    // A change list with nothing usable still moves the version, so stale answers are dropped.
    if (changes.length === 0 || skipped === changes.length) doc.update([], version);
    if (skipped === 0) return { doc };
    return {
      doc,
      problem: `didChange of ${uri}: ${skipped} of ${changes.length} changes had a bad shape or made the document too long and were skipped`,
    };
  }

  /** Closes a document; returns its uri when it was open. */
  close(params: unknown): string | undefined {
    const uri = documentUri(params);
    if (uri === undefined || !this.docs.has(uri)) return undefined;
    this.docs.delete(uri);
    return uri;
  }
}

function isPosition(v: unknown): boolean {
  return (
    isObject(v) &&
    typeof v['line'] === 'number' &&
    typeof v['character'] === 'number' &&
    Number.isFinite(v['line']) &&
    Number.isFinite(v['character'])
  );
}

function isRange(v: unknown): boolean {
  return isObject(v) && isPosition(v['start']) && isPosition(v['end']);
}

function versionOf(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
}
