// Position encodings at the edge of the server: the core works in UTF-16 positions (those of
// `TextDocument`), and a client that negotiated `utf-8` or `utf-32` columns gets every position
// it sends converted in and every position, range and token length converted out. Untrusted
// positions (negative, fractional, past the end, not numbers) are clamped into the document.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-types';
import { isObject } from '../protocol/json';

export type PositionEncoding = 'utf-16' | 'utf-8' | 'utf-32';

/** Converts positions between the client's encoding and the core's UTF-16. */
export interface PositionConverter {
  readonly encoding: PositionEncoding;
  /** A client position as a valid UTF-16 position inside `doc` (clamped). */
  toServer(doc: TextDocument, position: unknown): Position;
  /** A client range as a valid UTF-16 range inside `doc` (clamped, start not after end). */
  rangeToServer(doc: TextDocument, range: unknown): Range;
  /** A core (UTF-16) position in the client's encoding. */
  toClient(doc: TextDocument, position: Position): Position;
  rangeToClient(doc: TextDocument, range: Range): Range;
  /** A UTF-16 offset inside `text` (a label, one line) as a column in the client's encoding. */
  columnInText(text: string, utf16Column: number): number;
}

/** A whole number inside [min, max]; anything else (NaN, strings, fractions) is made one. */
function clampInt(value: unknown, min: number, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : min;
  return n < min ? min : n > max ? max : n;
}

function lineBounds(doc: TextDocument, line: number): { start: number; end: number; text: string } {
  // The position after the last character of a line is before its line break.
  const range = doc.getLineRange(line);
  return { start: doc.offsetAt(range.start), end: doc.offsetAt(range.end), text: doc.getText(range) };
}

/** The line of a raw position clamped into the document, and that line's text. */
function clampLine(doc: TextDocument, position: unknown): { line: number; raw: unknown; text: string } {
  const p = isObject(position) ? position : {};
  const rawLine = p['line'];
  const lastLine = doc.lineCount - 1;
  // A line past the end means the end of the document.
  if (typeof rawLine === 'number' && rawLine > lastLine) {
    const { text } = lineBounds(doc, lastLine);
    return { line: lastLine, raw: Number.MAX_SAFE_INTEGER, text };
  }
  const line = clampInt(rawLine, 0, lastLine);
  return { line, raw: p['character'], text: lineBounds(doc, line).text };
}

/** UTF-8 bytes of one code point given its first UTF-16 unit. */
function utf8Length(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : 3;
}

function isHighSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
}

/** The UTF-16 column of a column counted in `encoding` units inside `text` (clamped, never inside a character). */
export function fromEncodedColumn(text: string, column: number, encoding: PositionEncoding): number {
  if (encoding === 'utf-16') return Math.min(Math.max(column, 0), text.length);
  let units = 0;
  let i = 0;
  while (i < text.length) {
    const pair = isHighSurrogate(text, i);
    const size = encoding === 'utf-8' ? (pair ? 4 : utf8Length(text.charCodeAt(i))) : 1;
    if (units + size > column) break;
    units += size;
    i += pair ? 2 : 1;
  }
  return i;
}

/** The column in `encoding` units of a UTF-16 column inside `text`. */
export function toEncodedColumn(text: string, column: number, encoding: PositionEncoding): number {
  const end = Math.min(Math.max(column, 0), text.length);
  if (encoding === 'utf-16') return end;
  let units = 0;
  let i = 0;
  while (i < end) {
    const pair = isHighSurrogate(text, i);
    units += encoding === 'utf-8' ? (pair ? 4 : utf8Length(text.charCodeAt(i))) : 1;
    i += pair ? 2 : 1;
  }
  return units;
}

export function createPositionConverter(encoding: PositionEncoding): PositionConverter {
  const toServer = (doc: TextDocument, position: unknown): Position => {
    const { line, raw, text } = clampLine(doc, position);
    const column = clampInt(raw, 0, Number.MAX_SAFE_INTEGER);
    return { line, character: fromEncodedColumn(text, column, encoding) };
  };
  const toClient = (doc: TextDocument, position: Position): Position => {
    if (encoding === 'utf-16') return position;
    const line = clampInt(position.line, 0, doc.lineCount - 1);
    const { text } = lineBounds(doc, line);
    return { line, character: toEncodedColumn(text, position.character, encoding) };
  };
  return {
    encoding,
    toServer,
    rangeToServer(doc, range) {
      const r = isObject(range) ? range : {};
      const start = toServer(doc, r['start']);
      const end = toServer(doc, r['end'] ?? r['start']);
      return doc.offsetAt(start) <= doc.offsetAt(end) ? { start, end } : { start: end, end: start };
    },
    toClient,
    rangeToClient(doc, range) {
      if (encoding === 'utf-16') return range;
      return { start: toClient(doc, range.start), end: toClient(doc, range.end) };
    },
    columnInText(text, utf16Column) {
      return toEncodedColumn(text, utf16Column, encoding);
    },
  };
}
