// A document's text as the parser and the features read it. A version of a 1 MB document used to
// be one string, so every keystroke in the editor made a fresh 2 MB string (the text is two bytes
// a character once it holds an emoji): V8 allocates it in fresh pages of its large-object space
// and promotes it at the next scavenge, so the copy and its page faults were two thirds of the CPU
// of the first request after a keystroke, and the dead texts nearly all the garbage a burst of
// edits left behind (docs/benchmarks.md, H9's section). A `PieceText` keeps the text as pieces of
// a few thousand characters; an edit makes a new version that shares every piece the edit did not
// touch, and copies only the one or two it did. A plain string is a `DocText` too (a cold check
// parses one), so the reads are the string's own methods, and code written for a string reads a
// `PieceText` unchanged.

/** The reads of a text that the parser and the features make: a subset of `String`'s methods. */
export interface DocText {
  readonly length: number;
  /** The code unit at `index`; NaN outside the text, as for a string. */
  charCodeAt(index: number): number;
  /** `[start, end)` as a string, with `String.prototype.slice`'s reading of its arguments. */
  slice(start?: number, end?: number): string;
  /** Whether `search` occurs at `position`, as for a string. */
  startsWith(search: string, position?: number): boolean;
}

/** A piece is made this long when a text is cut, and split when an edit makes it over twice that. */
const PIECE_LENGTH = 4096;

/** An edited piece shorter than this is merged with the next one, so deletions do not leave crumbs. */
const MERGE_BELOW = PIECE_LENGTH / 4;

/** The whole text as one string: the string itself, or the pieces joined. */
export function wholeText(text: DocText): string {
  return typeof text === 'string' ? text : text.toString();
}

/** An immutable text made of pieces; `replace` makes the next version. */
export class PieceText implements DocText {
  readonly length: number;
  /** The piece the last read found: reads come in runs, mostly within one piece. */
  private hit = 0;
  /** The string a text cut by `of` was cut from: its slices are read from it directly. */
  private joined: string | undefined;

  private constructor(
    private readonly pieces: readonly string[],
    /** Where each piece ends (so piece k is [ends[k - 1] or 0, ends[k])). */
    private readonly ends: Int32Array,
  ) {
    this.length = ends.length === 0 ? 0 : (ends[ends.length - 1] ?? 0);
  }

  /** A text cut into pieces; they are slices of `text`, which they keep alive. */
  static of(text: string): PieceText {
    const pieces = cut(text);
    const out = new PieceText(pieces, endsOf(pieces));
    out.joined = text;
    return out;
  }

  /** The text with `[start, end)` replaced by `insert` (offsets clamped to the text). */
  replace(start: number, end: number, insert: string): PieceText {
    const from = clamp(Math.min(start, end), this.length);
    const to = clamp(Math.max(start, end), this.length);
    const pieces = this.pieces;
    if (pieces.length === 0) return PieceText.of(insert);
    // The pieces the edit touches: the one holding `from` (the last one for the end of the
    // text) to the one holding the last replaced character.
    let first = from === this.length ? pieces.length - 1 : this.find(from);
    let last = to > from ? this.find(to - 1) : first;
    const firstStart = this.startOf(first);
    let middle =
      (pieces[first] ?? '').slice(0, from - firstStart) + insert + (pieces[last] ?? '').slice(to - this.startOf(last));
    if (middle.length < MERGE_BELOW) {
      if (last + 1 < pieces.length) middle += pieces[++last] ?? '';
      else if (first > 0) middle = (pieces[--first] ?? '') + middle;
    }
    const made = middle.length > 2 * PIECE_LENGTH ? cut(middle) : middle === '' ? [] : [flat(middle)];
    const next = pieces.slice(0, first);
    for (const piece of made) next.push(piece);
    for (let k = last + 1; k < pieces.length; k++) next.push(pieces[k] ?? '');
    return new PieceText(next, endsOf(next));
  }

  charCodeAt(index: number): number {
    let k = this.hit;
    const end = this.ends[k] ?? 0;
    const start = k === 0 ? 0 : (this.ends[k - 1] ?? 0);
    if (index >= start && index < end) return (this.pieces[k] ?? '').charCodeAt(index - start);
    if (!(index >= 0 && index < this.length)) return NaN;
    k = this.find(index);
    this.hit = k;
    return (this.pieces[k] ?? '').charCodeAt(index - this.startOf(k));
  }

  slice(start = 0, end = this.length): string {
    const from = sliceIndex(start, this.length);
    const to = sliceIndex(end, this.length);
    if (to <= from) return '';
    if (this.joined !== undefined) return this.joined.slice(from, to);
    const k = this.find(from);
    const kStart = this.startOf(k);
    const kEnd = this.ends[k] ?? 0;
    if (to <= kEnd) return (this.pieces[k] ?? '').slice(from - kStart, to - kStart);
    const parts = [(this.pieces[k] ?? '').slice(from - kStart)];
    for (let j = k + 1; j < this.pieces.length; j++) {
      const jStart = this.startOf(j);
      if (jStart >= to) break;
      const piece = this.pieces[j] ?? '';
      parts.push(to >= jStart + piece.length ? piece : piece.slice(0, to - jStart));
    }
    return parts.join('');
  }

  startsWith(search: string, position = 0): boolean {
    const at = clamp(Math.trunc(position) || 0, this.length);
    if (at + search.length > this.length) return false;
    for (let i = 0; i < search.length; i++) if (this.charCodeAt(at + i) !== search.charCodeAt(i)) return false;
    return true;
  }

  /**
   * The whole text as one string (a full parse, the preview and "copy for the app" read all of
   * it). Not kept: a version's join would live as long as the version, beside its pieces.
   */
  toString(): string {
    return this.joined ?? this.pieces.join('');
  }

  /** The length of each piece the text is kept in, in order. */
  pieceLengths(): number[] {
    return this.pieces.map((piece) => piece.length);
  }

  /** The piece holding `index` (which is inside the text). */
  private find(index: number): number {
    let lo = 0;
    let hi = this.ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.ends[mid] ?? 0) > index) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private startOf(k: number): number {
    return k === 0 ? 0 : (this.ends[k - 1] ?? 0);
  }
}

/** `text` in pieces of PIECE_LENGTH (the last one up to twice that). */
function cut(text: string): string[] {
  if (text.length <= 2 * PIECE_LENGTH) return text === '' ? [] : [text];
  const pieces: string[] = [];
  let at = 0;
  while (text.length - at > 2 * PIECE_LENGTH) {
    pieces.push(text.slice(at, at + PIECE_LENGTH));
    at += PIECE_LENGTH;
  }
  pieces.push(text.slice(at));
  return pieces;
}

function endsOf(pieces: readonly string[]): Int32Array {
  const ends = new Int32Array(pieces.length);
  let at = 0;
  for (let k = 0; k < pieces.length; k++) {
    at += (pieces[k] ?? '').length;
    ends[k] = at;
  }
  return ends;
}

/**
 * A string made of parts, as one sequential string. Reading a concatenation flattens it anyway;
 * doing it here, while the parts are at hand, keeps the piece from holding its parts (the old
 * pieces it was made from) until its first read.
 */
function flat(s: string): string {
  // Reading a character flattens a concatenation in place (V8 replaces the rope's parts by the result).
  s.charCodeAt(0);
  return s;
}

function clamp(at: number, length: number): number {
  return Math.max(0, Math.min(at, length));
}

/** An index as `String.prototype.slice` reads it: negative from the end, clamped to the text. */
function sliceIndex(at: number, length: number): number {
  const n = Math.trunc(at) || 0;
  return n < 0 ? Math.max(length + n, 0) : Math.min(n, length);
}
