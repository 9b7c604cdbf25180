// Per-call checks of what BDFD or Discord refuses only when a command runs, judged on literal
// arguments (an argument that holds a call has its value only at run time): `$roleGrant` roles
// without their `+`/`-` (`role-grant-sign`), the square root of a negative number
// (`number-out-of-range`), embed functions inside `$sendMessage`'s text (`embed-in-sent-message`),
// and the select menu and modal numbers of one call (menus.ts). Each rule names the page that
// states the behaviour. The diagnostics' CallChecker runs these per call, so their findings are
// kept with the chunk like every other per-call finding.

import { literalText } from '../parser/query';
import type { ArgNode, CallNode } from '../parser/tree';
import { isWhitespace } from '../chars';
import { COMPONENT_FUNCTIONS } from './components';
import { MENU_CALL_CHECKS } from './menus';
import { TEXT_CAP_CHECKS } from './textCaps';
import { quoteValue } from './values';
import type { RuleCode } from './rules';
import type { DiagnosticFix } from './types';
import { msg, type Text } from '../l10n';
import type { DocText } from '../parser/text';

/** Where a per-call check puts a finding; the message and fixes are made only when shown. */
export type CallReport = (
  code: RuleCode,
  start: number,
  end: number,
  message: () => Text,
  fixes?: () => DiagnosticFix[],
) => void;

/** A check of one call whose `[...]` is closed, given the document text. */
export type CallCheck = (text: DocText, call: CallNode, report: CallReport) => void;

/** The functions these checks judge, by name (each must be known to the catalog in its bracketed form). */
export const CALL_CHECKS: ReadonlyMap<string, CallCheck> = combine([
  ['$roleGrant', roleGrantSigns],
  ['$sqrt', sqrtOfNegative],
  ...[...COMPONENT_FUNCTIONS]
    .filter(([, fn]) => fn.role === 'embed')
    .map(([name]): [string, CallCheck] => [name, embedInSentMessage]),
  ...MENU_CALL_CHECKS,
  ...TEXT_CAP_CHECKS,
]);

/** One check per name: the checks a name has, run in turn. */
function combine(entries: ReadonlyArray<readonly [string, CallCheck]>): ReadonlyMap<string, CallCheck> {
  const byName = new Map<string, CallCheck[]>();
  for (const [name, check] of entries) {
    const list = byName.get(name);
    if (list) list.push(check);
    else byName.set(name, [check]);
  }
  const out = new Map<string, CallCheck>();
  for (const [name, checks] of byName) {
    out.set(
      name,
      checks.length === 1 && checks[0]
        ? checks[0]
        : (text, call, report) => checks.forEach((check) => check(text, call, report)),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// `$roleGrant[User ID;+/-Role ID;...]`.

/**
 * BDFD wiki `bdscript/roleGrant.md`: "Prepend `+` (to add it) or `-` (to remove it) to the role
 * ID", and the catalog's own argument name is `+/-Role ID`. Each role argument whose leading
 * text (before any call, blanks aside) does not start with a sign is reported; a role that
 * starts with a call (`$var[role]`, `$getVar[...]`) is known only at run time.
 */
function roleGrantSigns(text: DocText, call: CallNode, report: CallReport): void {
  for (const arg of call.args.slice(1)) {
    const first = firstCharacter(text, arg);
    if (!first || first.char === '+' || first.char === '-') continue;
    report(
      'role-grant-sign',
      first.at,
      trimmedEnd(text, arg),
      () => {
        const literal = literalText(text, arg)?.trim();
        return literal !== undefined
          ? msg('rule.roleGrantSignNamed', { role: quoteValue(literal) })
          : msg('rule.roleGrantSign');
      },
      () => [
        { title: msg('fix.addPlus'), edits: [{ start: first.at, end: first.at, newText: '+' }], preferred: true },
        { title: msg('fix.addMinus'), edits: [{ start: first.at, end: first.at, newText: '-' }] },
      ],
    );
  }
}

/**
 * The first character an argument's value certainly starts with: the first non-blank character
 * of its leading text or escape (comments skipped). Undefined when the argument is blank or its
 * value starts with a call.
 */
function firstCharacter(text: DocText, arg: ArgNode): { char: string; at: number } | undefined {
  for (const child of arg.children) {
    switch (child.kind) {
      case 'comment':
        continue;
      case 'call':
        return undefined;
      case 'escape':
        return { char: child.value, at: child.start };
      case 'text': {
        let i = child.start;
        while (i < child.end && isWhitespace(text.charCodeAt(i))) i++;
        if (i < child.end) return { char: text.slice(i, i + 1), at: i };
        continue;
      }
    }
  }
  return undefined;
}

/** Where an argument's text ends, blanks at its end aside. */
function trimmedEnd(text: DocText, arg: ArgNode): number {
  let end = arg.end;
  while (end > arg.start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return end;
}

// ---------------------------------------------------------------------------------------------
// `$sqrt[Number]`.

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * BDFD wiki `bdscript/sqrt.md`: the number must be "greater than or equal to 0", and its example
 * shows a negative input stopping the command with an error ("the input number can't be
 * negative"). Only a literal number is judged; other text is `invalid-argument`'s.
 */
function sqrtOfNegative(text: DocText, call: CallNode, report: CallReport): void {
  const arg = call.args[0];
  if (!arg || call.args.length !== 1) return;
  const value = literalText(text, arg);
  if (value === undefined || !NUMBER.test(value) || !(Number(value) < 0)) return;
  report('number-out-of-range', arg.start, arg.end, () => msg('rule.sqrtNegative', { value: quoteValue(value) }));
}

// ---------------------------------------------------------------------------------------------
// Embed functions inside `$sendMessage[...]`.

/** How many enclosing calls an embed function looks through for a `$sendMessage`. */
const MAX_ANCESTORS = 256;

/**
 * BDFD wiki: the embed functions build the embed of the command's own reply (`bdscript/title.md`:
 * "Adds an embedded title to bot's response message"; `thumbnail.md` the same; `resources/
 * embedIndexes.md`: up to 10 embeds "per bot message"), while `$sendMessage` "Sends a new message
 * apart from the default response" and points to `$sendEmbedMessage` for embeds
 * (`bdscript/sendMessage.md`). So an embed function written in `$sendMessage`'s text builds the
 * reply's embed, and the message `$sendMessage` sends has none. Judged at any depth of the text
 * argument; the other senders' pages do not say so and are left alone.
 */
function embedInSentMessage(_text: DocText, call: CallNode, report: CallReport): void {
  let arg = call.parent;
  for (let depth = 0; arg && depth < MAX_ANCESTORS; depth++) {
    const outer = arg.parent;
    if (outer.name === '$sendMessage' && arg.index === 0) {
      report('embed-in-sent-message', call.start, call.nameEnd, () =>
        msg('rule.embedInSentMessage', { name: call.name }),
      );
      return;
    }
    arg = outer.parent;
  }
}
