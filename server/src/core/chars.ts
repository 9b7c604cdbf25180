// Character classes by UTF-16 code, for the hot loops that read document text: one definition of
// what a blank and a line break are, and of what an emoji alias (`:thumbsup:`) is made of, which
// the decoder, hover, completion and the argument checks all share.

import type { DocText } from './parser/text';

/** A space or a tab. */
export function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

/** `\n` or `\r` (LSP also ends lines at a lone `\r`). */
export function isLineBreak(c: number): boolean {
  return c === 10 || c === 13;
}

/** A space, a tab or a line break. */
export function isWhitespace(c: number): boolean {
  return isSpaceOrTab(c) || isLineBreak(c);
}

/** Whether `text` holds only whitespace in [start, end). */
export function isBlankText(text: DocText, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/** What an alias name between its colons is made of: letters and digits of any script, `_`, `+`, `-`. */
const ALIAS_NAME_CLASS = '\\p{L}\\p{M}\\p{N}_+\\-';
const ALIAS_NAME_CHAR = new RegExp(`[${ALIAS_NAME_CLASS}]`, 'u');

/** An emoji alias as written: alias characters between colons (`:thumbsup:`, `:+1:`, `:piñata:`). */
export const ALIAS_PATTERN = new RegExp(`^:[${ALIAS_NAME_CLASS}]+:$`, 'u');

/** How far text is scanned for an alias around a cursor; real alias names are far shorter. */
export const MAX_ALIAS_LENGTH = 64;

/** Whether a UTF-16 unit can be part of an alias name (the class of ALIAS_PATTERN). */
export function isAliasChar(c: number): boolean {
  if (c < 128)
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 43 || c === 45;
  return ALIAS_NAME_CHAR.test(String.fromCharCode(c));
}
