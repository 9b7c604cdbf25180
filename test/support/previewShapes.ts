// Adversarial documents for the message preview, each of size about `n`: the shapes that made the
// old model quadratic or its steps long (issue #26): placeholders everywhere, a component removed
// by ID after each one made, resets between rows, text under many open `$if` blocks, one embed
// with a great many fields, a menu with a great many options, Components V2 rows emptied by ID.
// Shared by the counted linearity test (test/core/previewBudget.test.ts), `npm run fuzz` and the
// preview bench row.

/** `n` lines of `line`, with `{k}` replaced by the line's number from 1. */
function lines(n: number, line: string): string {
  let out = '';
  for (let k = 1; k <= n; k++) out += line.replaceAll('{k}', String(k)) + '\n';
  return out;
}

export const PREVIEW_SHAPES: Readonly<Record<string, (n: number) => string>> = {
  /** `$a ` repeated: every call a placeholder chip (the page was 56× the document). */
  placeholders: (n) => '$a '.repeat(n),
  /** A row of its own per button, each followed by a removal by an ID no component has. */
  'remove by ID': (n) => lines(n, '$addButton[yes;b{k};B;primary]\n$removeComponent[x{k}]'),
  /** A container per line (kept), each followed by `$removeButtons`. */
  'remove buttons': (n) => lines(n, '$addContainer[c{k}]\n$removeButtons'),
  /** `n` `$if` blocks opened, text under all of them, then `n` `$endif`. */
  'open $if': (n) => lines(n, '$if[$var[x]==1]') + lines(n, 'text {k}') + '$endif\n'.repeat(n),
  /** One embed with `n` fields. */
  'embed fields': (n) => lines(n, '$addField[Name {k};Value {k}]'),
  /** One select menu with `n` options. */
  'menu options': (n) =>
    '$newSelectMenu[m;1;1;Pick]\n' + lines(n, '$addSelectMenuOption[m;Label {k};v{k};Description]'),
  /** Components V2 rows with buttons, each removed by ID after the next is made. */
  'V2 remove': (n) =>
    '$addContainer[c]\n' +
    lines(n, '$addActionRow[r{k};c]\n$addButtonCV2[b{k};B;primary;no;;r{k}]\n$removeComponent[b{k}]'),
  /** Lines that only calls leave blank. */
  'blank lines': (n) => lines(n, '$nomention $c[note]'),
};
