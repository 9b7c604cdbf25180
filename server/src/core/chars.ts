// Character classes by UTF-16 code, for the hot loops that read document text: one definition of
// what a blank and a line break are.

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
export function isBlankText(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  return true;
}
