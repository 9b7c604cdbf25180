// Characters that must never reach a terminal or a document unseen: C0 and C1 controls, DEL,
// format characters (bidi overrides and isolates, zero-width characters, soft hyphen, tags), line
// and paragraph separators and lone surrogates. The decoder refuses them in names; everything that
// prints untrusted text to a terminal shows them as visible escapes through `visible`, and every
// machine format keeps them in its own escapes (`jsonSafe`: `\u200b` in JSON, `htmlSafe`: `&#x200B;`
// in HTML), so the output stays valid in its format and safe on a terminal.

/** One unsafe character (a whole code point, so a lone surrogate counts as one). */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const UNSAFE_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/**
 * What must not stay raw in composed output of a machine format: every unsafe character but the
 * line break the writer put between lines (JSON.stringify leaves DEL, C1, format characters and
 * separators raw; a raw C0 or lone surrogate can only come from a writer that bypassed it).
 */
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const ZWJ = 0x200d;
/** A pictograph, optionally with its emoji presentation selector or a skin tone, right before a ZWJ. */
const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;

/** Whether `text` holds any unsafe character (a joiner inside an emoji counts too). */
export function hasUnsafeChars(text: string): boolean {
  return UNSAFE.test(text);
}

/**
 * `text` with every unsafe character written as an escape: `\n`, `\t`, `\r`, `\x1b` for C0,
 * DEL and C1, `\u{202E}` for the rest. A zero-width joiner between two pictographs (an emoji
 * sequence such as a family) stays, since it is part of the emoji. With `keepNewlines`, `\n`
 * stays too (for whole blocks of output whose lines the tool itself composed).
 */
export function visible(text: string, keepNewlines = false): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE_ALL, (ch: string, offset: number, whole: string) => {
    const cp = ch.codePointAt(0);
    if (cp === undefined) return ch; // a match is never empty
    if (cp === 10 && keepNewlines) return ch;
    if (cp === ZWJ && joinsEmoji(whole, offset)) return ch;
    return escapeCodePoint(cp);
  });
}

/** `visible` for composed output: every line break the tool wrote stays a line break. */
export function visibleLines(text: string): string {
  return visible(text, true);
}

/**
 * JSON text of `value` (as JSON.stringify with `space`) in which every unsafe character is a
 * `\uXXXX` escape: the same JSON value, safe to print to a terminal.
 */
export function jsonVisible(value: unknown, space?: number): string {
  const text = JSON.stringify(value, null, space);
  if (text === undefined) return 'null';
  return jsonSafe(text);
}

/**
 * Composed JSON text (one value, or JSON lines) with every raw unsafe character but `\n` written
 * as JSON writes it, `\u200b` per UTF-16 unit: valid inside a string, where alone such characters
 * can stand in JSON from JSON.stringify, so the text stays the same JSON value (or lines of them).
 * The last guard of every machine format that claims JSON.
 */
export function jsonSafe(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, (ch: string) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    return out;
  });
}

/**
 * Composed HTML with every raw unsafe character but `\n` written as a character reference
 * (`&#x200B;`): a browser draws the same text, a terminal shows the references. Only for text
 * outside `<style>` and `<script>`, where character references are not read (the pages drawn
 * here put nothing untrusted there).
 */
export function htmlSafe(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, (ch: string) => `&#x${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()};`);
}

function escapeCodePoint(cp: number): string {
  if (cp === 9) return '\\t';
  if (cp === 10) return '\\n';
  if (cp === 13) return '\\r';
  if (cp <= 0xff) return '\\x' + cp.toString(16).padStart(2, '0');
  return `\\u{${cp.toString(16).toUpperCase()}}`;
}

function joinsEmoji(text: string, offset: number): boolean {
  return (
    PICTOGRAPH_BEFORE.test(text.slice(Math.max(0, offset - 4), offset)) &&
    PICTOGRAPH_AFTER.test(text.slice(offset + 1, offset + 3))
  );
}
