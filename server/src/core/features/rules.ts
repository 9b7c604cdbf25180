// The diagnostic rules: every stable code with its default severity and a one-line summary, and
// the type of those codes (RuleCode), so a diagnostic with a code outside the table does not
// compile. Settings (`bdscript.diagnostics.severity`) and in-file directives refer to these
// codes, the README lists them, and a test keeps this table and the codes diagnostics emit in step.

import type { SeveritySetting } from '../settings';

const RULE_TABLE = [
  // Syntax
  { code: 'unclosed-bracket', severity: 'error', summary: 'A `[` is never closed.' },
  { code: 'unescaped-bracket', severity: 'warning', summary: 'A `]` closes a call although a text `[` in its arguments is still open.' },
  { code: 'stray-bracket', severity: 'warning', summary: 'A `]` outside any arguments: an argument probably ended too early.' },
  { code: 'unclosed-comment', severity: 'error', summary: 'A `$c[` comment is never closed.' },
  // Functions and forms
  { code: 'unknown-function', severity: 'warning', summary: 'A name the catalog does not know, with "did you mean".' },
  { code: 'glued-name', severity: 'hint', summary: 'A known name glued to letters (`$pingms`): BDFD reads the name and leaves the rest as text.' },
  { code: 'glued-arguments', severity: 'warning', summary: 'Brackets after a known name glued to letters (`$addButtonn[`): they are text, not its arguments.' },
  { code: 'wrong-form', severity: 'error', summary: 'Brackets given to a bare-only function, or missing on a bracket-only one.' },
  { code: 'too-many-arguments', severity: 'error', summary: 'More arguments than the function takes.' },
  { code: 'missing-argument', severity: 'error', summary: 'A required argument is missing.' },
  { code: 'empty-argument', severity: 'error', summary: 'An argument that may not be empty is empty.' },
  { code: 'invalid-argument', severity: 'warning', summary: 'A literal argument does not fit the argument\'s type.' },
  { code: 'unknown-emoji', severity: 'warning', summary: 'An emoji alias the emoji map does not know.' },
  { code: 'invalid-json', severity: 'error', summary: 'The literal argument of `$jsonParse` is not valid JSON (the first error, on its exact character).' },
  // Blocks
  { code: 'unclosed-block', severity: 'error', summary: '`$if`, `$try` or `$async` without its end.' },
  { code: 'stray-block-end', severity: 'error', summary: '`$endif`, `$endtry` or `$endasync` without its start.' },
  { code: 'else-outside-if', severity: 'error', summary: '`$elseif` or `$else` outside an `$if` block.' },
  { code: 'elseif-after-else', severity: 'error', summary: '`$elseif` after `$else`.' },
  { code: 'duplicate-else', severity: 'error', summary: 'A second `$else` in one `$if` block.' },
  { code: 'catch-outside-try', severity: 'error', summary: '`$catch` outside a `$try` block.' },
  { code: 'duplicate-catch', severity: 'error', summary: 'A second `$catch` in one `$try` block.' },
  { code: 'error-outside-catch', severity: 'error', summary: '`$error` outside a `$catch` branch.' },
  { code: 'duplicate-async', severity: 'error', summary: 'Two `$async` blocks with the same name.' },
  { code: 'unknown-async', severity: 'error', summary: '`$await` of a name no `$async` block has.' },
  // Catalog flags
  { code: 'deprecated', severity: 'warning', summary: 'A deprecated function; the message names its replacement.' },
  { code: 'premium', severity: 'warning', summary: 'A premium function or callback (off when the bot has premium).' },
  { code: 'intents', severity: 'information', summary: 'A function or callback that needs the Server Members or Presence intent.' },
  // Triggers and languages
  { code: 'callback-in-code', severity: 'error', summary: 'A callback used in code instead of the trigger.' },
  { code: 'not-a-callback', severity: 'warning', summary: 'A trigger line whose call is not a callback.' },
  { code: 'language-feature', severity: 'error', summary: 'A feature the selected script language does not have.' },
  { code: 'unknown-directive', severity: 'warning', summary: 'A `bdscript-*` directive with an unknown value or rule.' },
  // The cap
  { code: 'too-many-findings', severity: 'information', summary: 'More findings than the 5,000 shown: how many there are in all, at the end of the file.' },
] as const satisfies ReadonlyArray<{ readonly code: string; readonly severity: Exclude<SeveritySetting, 'off'>; readonly summary: string }>;

/** A diagnostic code: one of the rules of the table. */
export type RuleCode = (typeof RULE_TABLE)[number]['code'];

export interface Rule {
  readonly code: RuleCode;
  readonly severity: Exclude<SeveritySetting, 'off'>;
  readonly summary: string;
}

export const RULES: readonly Rule[] = RULE_TABLE;

export const RULE_BY_CODE: ReadonlyMap<string, Rule> = new Map(RULES.map((r) => [r.code, r]));

/** Whether a code from outside (a directive, a setting, a client's diagnostic) names a rule. */
export function isRuleCode(code: string): code is RuleCode {
  return RULE_BY_CODE.has(code);
}
