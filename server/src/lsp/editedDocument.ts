// An open document that takes keystrokes cheaply. Each didChange of a 1 MB document used to cost
// about a millisecond: applying a change to one string and then reading a character of the
// result flattens the whole text again (a 1-2 MB copy). Here each version's text is a
// `PieceText` (core/parser/text.ts): a change makes the next version by copying only the pieces
// it touches, and the language service parses and reads that same object, so no keystroke joins
// the whole text. The line starts are kept up to date with each change. Positions behave exactly
// as `vscode-languageserver-textdocument` computes them (a test compares the two on random edits).
// It also remembers the region each version's changes replaced (changeSince), so the language
// service reparses a new version from that region instead of comparing two megabytes of text.

import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { ChangeTracking } from '../core/languageService';
import type { TextChange } from '../core/parser/parser';
import { PieceText, type DocText } from '../core/parser/text';

/** How many versions back changeSince can answer (one entry a didChange). */
const MAX_LOGGED_VERSIONS = 64;

/** The region a didChange replaced: from version `from` to version `to`, `none` when the text did not change. */
interface LoggedChange {
  readonly from: number;
  readonly to: number;
  readonly change: TextChange | 'none';
}

const LF = 10;
const CR = 13;

const isEol = (c: number): boolean => c === LF || c === CR;

export class EditedDocument implements TextDocument, ChangeTracking {
  /** This version's text. */
  private current: PieceText;
  /** Where each line starts; undefined when a change joined or split a `\r\n` (made again on use). */
  private lineStarts: number[] | undefined;
  private versionValue: number;
  /** The regions the last didChanges replaced, oldest first; emptied when a change cannot be told as a region. */
  private log: LoggedChange[] = [];

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    text: string,
  ) {
    this.current = PieceText.of(text);
    this.versionValue = version;
  }

  get version(): number {
    return this.versionValue;
  }

  get lineCount(): number {
    return this.lines().length;
  }

  /** The length of the text, without joining it. */
  get length(): number {
    return this.current.length;
  }

  /** This version's text as the language service reads it, without joining it. */
  content(): DocText {
    return this.current;
  }

  getText(range?: Range): string {
    if (!range) return this.current.toString();
    // A range given backwards gives the text between its ends, as `substring` does.
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return a === b ? '' : this.current.slice(Math.min(a, b), Math.max(a, b));
  }

  /** Applies changes in order (each relative to the text after the ones before) and sets the version. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    let region: TextChange | undefined;
    let whole = false;
    for (const change of changes) {
      if ('range' in change) region = composeChanges(region, this.replace(change.range, change.text));
      else {
        this.current = PieceText.of(change.text);
        this.lineStarts = undefined;
        whole = true;
      }
    }
    this.logChange(this.versionValue, version, whole ? undefined : (region ?? 'none'));
    this.versionValue = version;
  }

  /**
   * What changed from `version` to the current version, as one region of the text then and now;
   * undefined when that version is not among the last ones logged, or a change since replaced the
   * whole text or went back in version numbers.
   */
  changeSince(version: number): TextChange | undefined {
    let first = this.log.length - 1;
    while (first >= 0 && this.log[first]?.from !== version) first--;
    if (first < 0) return undefined;
    let region: TextChange | undefined;
    let at = version;
    for (const entry of this.log.slice(first)) {
      if (entry.from !== at) return undefined;
      if (entry.change !== 'none') region = composeChanges(region, entry.change);
      at = entry.to;
    }
    if (at !== this.versionValue) return undefined;
    return region ?? { start: 0, oldEnd: 0, newEnd: 0 };
  }

  positionAt(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.current.length));
    const starts = this.lines();
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((starts[mid] ?? 0) > at) hi = mid;
      else lo = mid + 1;
    }
    const line = lo - 1;
    const start = starts[line] ?? 0;
    return { line, character: this.beforeEol(at, start) - start };
  }

  offsetAt(position: Position): number {
    const starts = this.lines();
    if (position.line >= starts.length) return this.current.length;
    if (position.line < 0) return 0;
    const start = starts[position.line] ?? 0;
    if (position.character <= 0) return start;
    const next = starts[position.line + 1] ?? this.current.length;
    return this.beforeEol(Math.min(start + position.character, next), start);
  }

  getLineRange(line: number): Range {
    const starts = this.lines();
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    if (line >= starts.length) {
      const last = starts.length - 1;
      return {
        start: { line: last, character: 0 },
        end: { line: last, character: this.current.length - (starts[last] ?? 0) },
      };
    }
    const start = starts[line] ?? 0;
    const end = this.beforeEol(starts[line + 1] ?? this.current.length, start);
    return { start: { line, character: 0 }, end: { line, character: end - start } };
  }

  getEOLCharacters(line: number): string {
    const starts = this.lines();
    if (line < 0 || line >= starts.length) return '';
    const next = starts[line + 1] ?? this.current.length;
    return this.current.slice(this.beforeEol(next, starts[line] ?? 0), next);
  }

  // ---- internals ----------------------------------------------------------------------------

  /** Moves `offset` back over line-break characters, not before `lineStart`. */
  private beforeEol(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isEol(this.current.charCodeAt(at - 1))) at--;
    return at;
  }

  private lines(): number[] {
    this.lineStarts ??= lineStartsOf(this.current, 0, true);
    return this.lineStarts;
  }

  /** Replaces the text of `range` by `text`; returns the region replaced, in offsets. */
  private replace(range: Range, text: string): TextChange {
    // A range given backwards is read forwards, as the library does.
    const [from, to] =
      range.start.line > range.end.line ||
      (range.start.line === range.end.line && range.start.character > range.end.character)
        ? [range.end, range.start]
        : [range.start, range.end];
    const start = this.offsetAt(from);
    const end = this.offsetAt(to);
    this.current = this.current.replace(start, end, text);
    const insertedEnd = start + text.length;
    const region: TextChange = { start, oldEnd: end, newEnd: insertedEnd };
    // A change that joins or splits a `\r\n` moves a line start the arithmetic below would miss.
    const crlfAt = (i: number): boolean => this.current.charCodeAt(i - 1) === CR && this.current.charCodeAt(i) === LF;
    if (!this.lineStarts || crlfAt(start) || crlfAt(insertedEnd)) {
      this.lineStarts = undefined;
      return region;
    }
    const starts = this.lineStarts;
    const firstLine = Math.max(from.line, 0);
    const lastLine = Math.max(to.line, 0);
    const added = lineStartsOf(text, start, false);
    if (lastLine - firstLine === added.length) {
      for (let i = 0; i < added.length; i++) starts[firstLine + 1 + i] = added[i] ?? 0;
    } else if (added.length < 10_000) {
      starts.splice(firstLine + 1, lastLine - firstLine, ...added);
    } else {
      this.lineStarts = starts.slice(0, firstLine + 1).concat(added, starts.slice(lastLine + 1));
    }
    const delta = text.length - (end - start);
    if (delta !== 0) {
      const moved = this.lineStarts;
      for (let i = firstLine + 1 + added.length; i < moved.length; i++) moved[i] = (moved[i] ?? 0) + delta;
    }
    return region;
  }

  /**
   * Logs what an update did: a region, `none` (the text stayed), or undefined (the whole text was
   * replaced: nothing before it can be told as a region). The server applies a didChange's changes
   * one update at a time, all with the new version: those join the entry of that version. A
   * version that goes back empties the log, so an answer never spans versions told apart wrongly.
   */
  private logChange(from: number, to: number, change: TextChange | 'none' | undefined): void {
    if (change === undefined) {
      this.log = [];
      return;
    }
    const last = this.log[this.log.length - 1];
    if (from === to && last?.to === to) {
      const merged =
        change === 'none' ? last.change : last.change === 'none' ? change : composeChanges(last.change, change);
      this.log[this.log.length - 1] = { from: last.from, to, change: merged };
    } else if (to > from) {
      this.log.push({ from, to, change });
      if (this.log.length > MAX_LOGGED_VERSIONS) this.log.shift();
    } else {
      this.log = [];
    }
  }
}

/**
 * One region for two changes made one after the other (`second` in the text `first` made): the
 * span of both in the text between them, and where that span started and ends before and after.
 */
export function composeChanges(first: TextChange | undefined, second: TextChange): TextChange {
  if (!first) return second;
  const start = Math.min(first.start, second.start);
  const between = Math.max(first.newEnd, second.oldEnd);
  return {
    start,
    oldEnd: between - (first.newEnd - first.oldEnd),
    newEnd: between + (second.newEnd - second.oldEnd),
  };
}

/** Line starts of `text` (offsets plus `base`); with `first`, the start of the first line too. */
function lineStartsOf(text: DocText, base: number, first: boolean): number[] {
  const out: number[] = first ? [base] : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR) {
      if (text.charCodeAt(i + 1) === LF) i++;
      out.push(base + i + 1);
    } else if (c === LF) out.push(base + i + 1);
  }
  return out;
}
