// The diagnostic rules: every stable code with its default severity and a one-line summary, and
// the type of those codes (RuleCode), so a diagnostic with a code outside the table does not
// compile. Settings (`bdscript.diagnostics.severity`) and in-file directives refer to these
// codes, docs/rules.md documents them, and a test keeps this table and the codes diagnostics emit in step.

import type { SeveritySetting } from '../settings';

const RULE_TABLE = [
  // Syntax
  { code: 'unclosed-bracket', severity: 'error', summary: 'A `[` is never closed.' },
  {
    code: 'unescaped-bracket',
    severity: 'warning',
    summary: 'A `]` closes a call although a text `[` in its arguments is still open.',
  },
  {
    code: 'stray-bracket',
    severity: 'warning',
    summary: 'A `]` outside any arguments: an argument probably ended too early.',
  },
  { code: 'unclosed-comment', severity: 'error', summary: 'A `$c[` comment is never closed.' },
  // Functions and forms
  { code: 'unknown-function', severity: 'warning', summary: 'A name the catalog does not know, with "did you mean".' },
  {
    code: 'glued-name',
    severity: 'hint',
    summary: 'A known name glued to letters (`$pingms`): BDFD reads the name and leaves the rest as text.',
  },
  {
    code: 'glued-arguments',
    severity: 'warning',
    summary: 'Brackets after a known name glued to letters (`$addButtonn[`): they are text, not its arguments.',
  },
  {
    code: 'wrong-form',
    severity: 'error',
    summary: 'Brackets given to a bare-only function, or missing on a bracket-only one.',
  },
  { code: 'too-many-arguments', severity: 'error', summary: 'More arguments than the function takes.' },
  { code: 'missing-argument', severity: 'error', summary: 'A required argument is missing.' },
  { code: 'empty-argument', severity: 'error', summary: 'An argument that may not be empty is empty.' },
  { code: 'invalid-argument', severity: 'warning', summary: "A literal argument does not fit the argument's type." },
  { code: 'unknown-emoji', severity: 'warning', summary: 'An emoji alias the emoji map does not know.' },
  {
    code: 'invalid-json',
    severity: 'error',
    summary: 'The literal argument of `$jsonParse` is not valid JSON (the first error, on its exact character).',
  },
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
  {
    code: 'intents',
    severity: 'information',
    summary: 'A function or callback that needs the Server Members or Presence intent.',
  },
  // Triggers and languages
  { code: 'callback-in-code', severity: 'error', summary: 'A callback used in code instead of the trigger.' },
  { code: 'not-a-callback', severity: 'warning', summary: 'A trigger line whose call is not a callback.' },
  { code: 'language-feature', severity: 'error', summary: 'A feature the selected script language does not have.' },
  {
    code: 'unknown-directive',
    severity: 'warning',
    summary: 'A `bdscript-*` directive with an unknown value or rule.',
  },
  // Variables (document-wide, along the execution paths)
  {
    code: 'unset-variable',
    severity: 'warning',
    summary: 'A `$var` read that no `$var[name;value]` in the command sets, with "did you mean".',
  },
  {
    code: 'variable-before-set',
    severity: 'warning',
    summary: 'A `$var` read that comes before every set of the variable on every path.',
  },
  // Components, per message on each execution path
  {
    code: 'action-row-limit',
    severity: 'warning',
    summary: 'More than 5 buttons in one action row, or a select menu sharing its row.',
  },
  {
    code: 'component-limit',
    severity: 'warning',
    summary:
      'More components in one message than Discord allows (action rows, Components V2 total, section texts, gallery items, select options).',
  },
  {
    code: 'duplicate-custom-id',
    severity: 'warning',
    summary: 'Two components of one message with the same custom ID.',
  },
  { code: 'components-v2-embed', severity: 'warning', summary: 'Components V2 and embeds in one message.' },
  // What BDFD or Discord refuses when the command runs, caught on literal arguments and along the execution paths
  {
    code: 'role-grant-sign',
    severity: 'warning',
    summary: 'A `$roleGrant` role without `+` (give) or `-` (take away) before it.',
  },
  {
    code: 'missing-parent',
    severity: 'warning',
    summary:
      'A select menu option, text input or Components V2 child whose select menu, modal, container, section, action row or gallery the command never creates.',
  },
  {
    code: 'component-before-parent',
    severity: 'warning',
    summary:
      'A select menu option, text input or Components V2 child added before its parent exists: the parent is created only later, or only on paths that never reach it.',
  },
  {
    code: 'select-menu-limit',
    severity: 'warning',
    summary:
      "A select menu outside Discord's limits: Min and Max from 0 to 25, Min at most Max, Max at most the options added, text lengths.",
  },
  {
    code: 'modal-limit',
    severity: 'warning',
    summary:
      "A modal outside Discord's limits: text input lengths (0 to 4,000), 1 to 5 text inputs, title, label and placeholder lengths.",
  },
  {
    code: 'embed-limit',
    severity: 'warning',
    summary:
      "An embed over Discord's limits: a literal title over 256, description 4,096, field name 256, field value 1,024, footer 2,048 or author 256 characters, an index over 10, more than 25 fields, or 6,000 characters across the embeds on one path.",
  },
  {
    code: 'component-text-limit',
    severity: 'warning',
    summary: "A literal button label over Discord's 80 characters, custom ID over 100 or link URL over 512.",
  },
  {
    code: 'number-out-of-range',
    severity: 'error',
    summary: 'A literal number the function refuses when the command runs: the square root of a negative number.',
  },
  {
    code: 'embed-in-sent-message',
    severity: 'warning',
    summary:
      "An embed function inside `$sendMessage`'s text: it builds the reply's embed, not one in the sent message.",
  },
  // Beginner hints
  {
    code: 'link-button-url',
    severity: 'information',
    summary: 'A `link` button without a URL, or a button with a URL whose style is not `link`.',
  },
  {
    code: 'message-too-long',
    severity: 'information',
    summary: "A literal message longer than Discord's 2,000 characters.",
  },
  // The cap
  {
    code: 'too-many-findings',
    severity: 'information',
    summary: 'More findings than the 5,000 shown: how many there are in all, at the end of the file.',
  },
] as const satisfies ReadonlyArray<{
  readonly code: string;
  readonly severity: Exclude<SeveritySetting, 'off'>;
  readonly summary: string;
}>;

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
