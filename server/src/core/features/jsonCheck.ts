// A strict JSON validator (RFC 8259) written for BDScript's `$jsonParse[...]`: it reads a text
// once, without recursion (a literal nested thousands deep costs no call stack), and gives the
// first error with its exact span and a message that says what to write instead, plus the shape
// of what it read (objects' keys, arrays' items, short scalar previews) for key completion.
// Offsets are UTF-16 code unit indices into the text it was given.

import { msg, type Msg, type Text } from '../l10n';
import { must } from '../must';

/** The first thing that makes a text not JSON. */
export interface JsonError {
  /** Where the problem is: [start, end) in the text; start === end === length at the end of the text. */
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
}

/** What a JSON value looks like, as far as completion needs to know. */
export type JsonShape =
  | { readonly kind: 'object'; readonly keys: ReadonlyMap<string, JsonShape> }
  | { readonly kind: 'array'; readonly items: readonly JsonShape[] }
  | { readonly kind: 'string' | 'number' | 'boolean' | 'null'; readonly preview: string };

export interface JsonCheck {
  /** The first error, or undefined when the text is one JSON value. */
  readonly error?: JsonError;
  /** The value read (up to the error, or whole), when the text starts with one. */
  readonly shape?: JsonShape;
}

/** At most this many values of one text are kept in its shape; the rest is validated and dropped. */
export const MAX_SHAPE_VALUES = 5000;
/** Scalar previews are cut to this many characters. */
const PREVIEW_LENGTH = 40;
/** Words quoted in messages are cut to this many characters. */
const QUOTED_LENGTH = 24;

const QUOTE = 34; // "
const BACKSLASH = 92;
const SLASH = 47;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;

/** JSON's whitespace: space, tab, line feed, carriage return (and nothing else). */
function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isWordChar(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/** One container being read: an object (with the key whose value comes next) or an array. */
interface Frame {
  readonly kind: 'object' | 'array';
  /** Offset of `{` or `[`. */
  readonly open: number;
  readonly keys: Map<string, JsonShape> | undefined;
  readonly items: JsonShape[] | undefined;
  key: string;
  /** Offset of the last `,` read in this container, or -1. */
  comma: number;
}

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'after';

/** Checks that `text` is exactly one JSON value (whitespace around it allowed). Never throws. */
export function checkJson(text: string): JsonCheck {
  return new Reader(text).run();
}

class Reader {
  private i = 0;
  private readonly stack: Frame[] = [];
  private root: JsonShape | undefined;
  /** Values kept in the shape so far (see MAX_SHAPE_VALUES). */
  private kept = 0;

  constructor(private readonly s: string) {}

  run(): JsonCheck {
    const error = this.read();
    return { ...(error ? { error } : {}), ...(this.root ? { shape: this.root } : {}) };
  }

  private read(): JsonError | undefined {
    const s = this.s;
    const n = s.length;
    let expect: Expect = 'value';
    for (;;) {
      this.skipSpace();
      const i = this.i;
      const c = i < n ? s.charCodeAt(i) : -1;
      const top = this.stack[this.stack.length - 1];

      if (expect === 'after') {
        if (!top) {
          if (i < n) return this.at(i, msg('json.trailing'), this.tokenEnd(i));
          return undefined;
        }
        if (c < 0) return this.unclosed(top);
        if (c === COMMA) {
          top.comma = i;
          this.i++;
          expect = top.kind === 'object' ? 'key' : 'value';
          continue;
        }
        if ((top.kind === 'object' && c === CLOSE_BRACE) || (top.kind === 'array' && c === CLOSE_BRACKET)) {
          this.close();
          continue;
        }
        if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          return this.at(
            i,
            msg('json.wrongClose', {
              got: s.charAt(i),
              open: top.kind === 'object' ? '{' : '[',
              close: top.kind === 'object' ? '}' : ']',
            }),
          );
        }
        if (c === SLASH) return this.at(i, msg('json.comment'), this.tokenEnd(i));
        const missing = c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === MINUS || isDigit(c);
        const key =
          top.kind === 'object'
            ? missing
              ? 'json.expectedAfterValueComma'
              : 'json.expectedAfterValue'
            : missing
              ? 'json.expectedAfterItemComma'
              : 'json.expectedAfterItem';
        return this.at(i, msg(key, { found: this.describe(i) }), this.tokenEnd(i));
      }

      if (expect === 'key' || expect === 'keyOrClose') {
        const frame = must(top, 'a key is expected only inside an object');
        if (c < 0) return this.unclosed(frame);
        if (c === CLOSE_BRACE) {
          if (expect === 'key') return this.at(frame.comma, msg('json.commaBeforeBrace'));
          this.close();
          expect = 'after';
          continue;
        }
        if (c !== QUOTE) {
          if (c === 39 /* ' */) return this.at(i, msg('json.keySingleQuotes'), this.tokenEnd(i));
          if (isWordChar(c)) {
            const end = this.wordEnd(i);
            return this.at(i, msg('json.keyQuotes', { key: this.quoted(i, end) }), end);
          }
          return this.at(
            i,
            msg(expect === 'keyOrClose' ? 'json.expectedKeyOrClose' : 'json.expectedKey', { found: this.describe(i) }),
            this.tokenEnd(i),
          );
        }
        const key = this.string();
        if (typeof key !== 'string') return key;
        this.skipSpace();
        if (this.i >= n) return this.unclosed(frame);
        if (s.charCodeAt(this.i) !== COLON)
          return this.at(this.i, msg('json.expectedColon', { found: this.describe(this.i) }), this.tokenEnd(this.i));
        this.i++;
        frame.key = key;
        expect = 'value';
        continue;
      }

      // A value (or, in an array that has no item yet, its end).
      if (c < 0) {
        if (top) return expect === 'valueOrClose' ? this.unclosed(top) : this.endBeforeValue(top);
        return this.at(n, msg('json.empty'));
      }
      if (c === CLOSE_BRACKET && top?.kind === 'array') {
        if (expect === 'value') return this.at(top.comma, msg('json.commaBeforeBracket'));
        this.close();
        expect = 'after';
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const keep = this.kept++ < MAX_SHAPE_VALUES;
        const object = c === OPEN_BRACE;
        this.stack.push({
          kind: object ? 'object' : 'array',
          open: i,
          keys: keep && object ? new Map() : undefined,
          items: keep && !object ? [] : undefined,
          key: '',
          comma: -1,
        });
        this.i++;
        expect = object ? 'keyOrClose' : 'valueOrClose';
        continue;
      }
      const scalar = this.scalar(i, c);
      if ('message' in scalar) return scalar;
      this.attach(scalar);
      expect = 'after';
    }
  }

  /** Reads a string, number, true, false or null at `i`. */
  private scalar(i: number, c: number): JsonShape | JsonError {
    const s = this.s;
    if (c === QUOTE) {
      const value = this.string();
      if (typeof value !== 'string') return value;
      return { kind: 'string', preview: preview(value) };
    }
    if (c === MINUS || isDigit(c)) return this.number(i);
    if (isWordChar(c)) {
      const end = this.wordEnd(i);
      const word = s.slice(i, end);
      this.i = end;
      if (word === 'true' || word === 'false') return { kind: 'boolean', preview: word };
      if (word === 'null') return { kind: 'null', preview: word };
      const lower = word.toLowerCase();
      if (lower === 'true' || lower === 'false' || lower === 'null') {
        return this.at(i, msg('json.lowerCase', { word: lower, got: this.quoted(i, end) }), end);
      }
      if (word === 'NaN' || word === 'Infinity' || word === 'undefined') {
        return this.at(i, msg('json.notAValue', { word }), end);
      }
      return this.at(i, msg('json.bareWord', { word: this.quoted(i, end) }), end);
    }
    if (c === 39 /* ' */) return this.at(i, msg('json.stringSingleQuotes'), this.tokenEnd(i));
    if (c === PLUS) return this.at(i, msg('json.plus'));
    if (c === DOT) return this.at(i, msg('json.leadingDot'));
    if (c === SLASH) return this.at(i, msg('json.comment'), this.tokenEnd(i));
    if (c === COMMA) return this.at(i, msg('json.valueBeforeComma'));
    if (c === CLOSE_BRACE || c === CLOSE_BRACKET)
      return this.at(i, msg('json.valueBeforeClose', { close: s.charAt(i) }));
    if (c === COLON) return this.at(i, msg('json.valueNotColon'));
    return this.at(i, msg('json.expectedValue', { found: this.describe(i) }), this.tokenEnd(i));
  }

  /** Reads a number at `start` (the grammar of RFC 8259 section 6). */
  private number(start: number): JsonShape | JsonError {
    const s = this.s;
    let i = start;
    if (s.charCodeAt(i) === MINUS) i++;
    const first = s.charCodeAt(i);
    if (!isDigit(first))
      return this.at(
        i,
        i < s.length ? msg('json.minusFound', { found: this.describe(i) }) : msg('json.minus'),
        i < s.length ? this.tokenEnd(i) : i,
      );
    i++;
    if (first === 48 /* 0 */ && isDigit(s.charCodeAt(i))) {
      return this.at(i - 1, msg('json.leadingZeros'));
    }
    while (isDigit(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) === DOT) {
      i++;
      if (!isDigit(s.charCodeAt(i))) return this.at(i - 1, msg('json.trailingDot'));
      while (isDigit(s.charCodeAt(i))) i++;
    }
    const e = s.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const sign = s.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      if (!isDigit(s.charCodeAt(i))) return this.at(i, msg('json.exponent'), Math.min(s.length, i + 1));
      while (isDigit(s.charCodeAt(i))) i++;
    }
    this.i = i;
    return { kind: 'number', preview: preview(s.slice(start, i)) };
  }

  /** Reads a string whose `"` is at `this.i`; returns its value, or the first error in it. */
  private string(): string | JsonError {
    const s = this.s;
    const open = this.i;
    let i = open + 1;
    let out = '';
    let runStart = i;
    for (;;) {
      if (i >= s.length) return this.at(open, msg('json.unclosedString'));
      const c = s.charCodeAt(i);
      if (c === QUOTE) {
        out += s.slice(runStart, i);
        this.i = i + 1;
        return out;
      }
      if (c < 0x20) {
        const which = c === 10 || c === 13 ? 'json.lineBreak' : c === 9 ? 'json.tab' : 'json.controlChar';
        const write =
          c === 10 ? '`\\n`' : c === 13 ? '`\\r`' : c === 9 ? '`\\t`' : `\`\\u${c.toString(16).padStart(4, '0')}\``;
        return this.at(i, msg(which, { write }));
      }
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      out += s.slice(runStart, i);
      const e = s.charCodeAt(i + 1);
      switch (e) {
        case QUOTE:
        case BACKSLASH:
        case SLASH:
          out += String.fromCharCode(e);
          i += 2;
          break;
        case 98 /* b */:
          out += '\b';
          i += 2;
          break;
        case 102 /* f */:
          out += '\f';
          i += 2;
          break;
        case 110 /* n */:
          out += '\n';
          i += 2;
          break;
        case 114 /* r */:
          out += '\r';
          i += 2;
          break;
        case 116 /* t */:
          out += '\t';
          i += 2;
          break;
        case 117 /* u */: {
          let k = 0;
          while (k < 4 && isHex(s.charCodeAt(i + 2 + k))) k++;
          if (k < 4) return this.at(i, msg('json.unicodeEscape'), i + 2 + k);
          out += String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16));
          i += 6;
          break;
        }
        default:
          if (i + 1 >= s.length) return this.at(open, msg('json.unclosedString'));
          return this.at(
            i,
            msg('json.badEscape', { escape: this.quoted(i + 1, this.charEnd(i + 1)) }),
            this.charEnd(i + 1),
          );
      }
      runStart = i;
    }
  }

  /** Closes the innermost container and hands its shape to the one around it. */
  private close(): void {
    const frame = must(this.stack.pop(), 'close() runs with a container open');
    this.i++;
    const shape: JsonShape | undefined = frame.keys
      ? { kind: 'object', keys: frame.keys }
      : frame.items
        ? { kind: 'array', items: frame.items }
        : undefined;
    // A container beyond the cap was not kept, and neither is anything in it.
    if (shape) this.attach(shape, true);
  }

  /** Puts a value read into its container (or makes it the root). `counted` when already counted. */
  private attach(shape: JsonShape, counted = false): void {
    if (!counted && this.kept++ >= MAX_SHAPE_VALUES) return;
    const top = this.stack[this.stack.length - 1];
    if (!top) this.root = shape;
    else if (top.keys) top.keys.set(top.key, shape);
    else if (top.items) top.items.push(shape);
  }

  /** The error for a text that ends inside a container. */
  private unclosed(frame: Frame): JsonError {
    const [open, close] = frame.kind === 'object' ? ['{', '}'] : ['[', ']'];
    return this.at(frame.open, msg('json.unclosed', { open, close }));
  }

  /** The error for a text that ends where a value should come. */
  private endBeforeValue(frame: Frame): JsonError {
    return this.at(this.s.length, msg('json.endBeforeValue', { open: frame.kind === 'object' ? '{' : '[' }));
  }

  /** An error at [start, end); `end` defaults to the one character (a surrogate pair counts as one) at `start`. */
  private at(start: number, message: Msg, end?: number): JsonError {
    return { start, end: end ?? this.charEnd(start), message };
  }

  /** The end of the character at `i` (two code units for a surrogate pair), or `i` at the end. */
  private charEnd(i: number): number {
    const s = this.s;
    if (i >= s.length) return s.length;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return i + 2;
    }
    return i + 1;
  }

  /** The end of a word (letters, digits, `_`, `$`) at `i`, or of the one character there. */
  private tokenEnd(i: number): number {
    return isWordChar(this.s.charCodeAt(i)) ? this.wordEnd(i) : this.charEnd(i);
  }

  private wordEnd(i: number): number {
    let j = i;
    while (j < this.s.length && isWordChar(this.s.charCodeAt(j))) j++;
    return j;
  }

  /** Text of [start, end) for a message, cut short. */
  private quoted(start: number, end: number): string {
    const text = this.s.slice(start, Math.min(end, start + QUOTED_LENGTH));
    return end - start > QUOTED_LENGTH ? `${text}…` : text;
  }

  /** What stands at `i`, for "found ...": a quoted word or character, or "the end". */
  private describe(i: number): Text {
    if (i >= this.s.length) return msg('json.foundEnd');
    const c = this.s.charCodeAt(i);
    if (c === 96 /* ` */) return msg('json.foundBacktick');
    if (c < 0x20 || c === 0x7f)
      return msg('json.foundControl', { code: c.toString(16).toUpperCase().padStart(4, '0') });
    return `\`${this.quoted(i, this.tokenEnd(i))}\``;
  }

  private skipSpace(): void {
    const s = this.s;
    while (this.i < s.length && isJsonSpace(s.charCodeAt(this.i))) this.i++;
  }
}

/** A scalar's text for completion details: one line, cut short. */
function preview(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}
