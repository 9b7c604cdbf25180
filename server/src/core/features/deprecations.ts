// Quick fixes for deprecated functions: replace the call with its replacement (the catalog's
// `deprecatedFor`) so that it does the same thing. The fix is preferred (the one "auto fix"
// applies) only when the arguments carry over unchanged: the replacement takes the same argument
// types in the same order, which the catalog's argument lists tell. Where the wiki documents how
// the arguments map (`$giveRole`/`$takeRole` → `$roleGrant` with `+`/`-`, `$modifyChannelPerms` →
// `$editChannelPerms` with the target moved), the fix rewrites them; where nothing maps
// (`$mute` → `$timeout`), it is offered but not preferred, and its title says what to check.

import { bindArguments } from '../catalog/bind';
import type { Catalog } from '../catalog/catalog';
import type { Argument, FunctionRecord } from '../catalog/model';
import type { CallNode } from '../parser/tree';
import type { DiagnosticFix } from './types';
import { msg, type Msg } from '../l10n';
import type { DocText } from '../parser/text';

/** A rewrite of a call's arguments into the replacement's, from the wiki's pages of both functions. */
interface Rewrite {
  /** The replacement's arguments as source text, from the old ones; undefined when it cannot map. */
  readonly map: (
    args: readonly string[],
  ) => { readonly args: readonly string[]; readonly exact: boolean; readonly check?: Msg } | undefined;
}

/** `+id` or `-id`: `$roleGrant` adds a role with `+` and removes it with `-` (wiki `bdscript/roleGrant.md`). */
function signed(sign: '+' | '-', text: string): string {
  const t = text.trimStart();
  return t.startsWith('+') || t.startsWith('-') ? text : sign + text;
}

/**
 * `$giveRole[User/Role ID;(Role ID)]` and `$takeRole[...]` (wiki `bdscript/giveRole.md`,
 * `takeRole.md`): with two arguments the first is the user and the second the role; with one,
 * the role goes to (or from) the mentioned users. `$roleGrant[User ID;+/-Role ID;...]` takes
 * one user.
 */
function roleRewrite(sign: '+' | '-'): Rewrite {
  return {
    map: (args) => {
      const [first, second] = args;
      if (first === undefined) return undefined;
      if (args.length === 2 && second !== undefined) return { args: [first, signed(sign, second)], exact: true };
      if (args.length === 1) {
        return {
          args: ['$mentioned[1]', signed(sign, first)],
          exact: false,
          check: msg('check.roleOneArgument', { name: sign === '+' ? '$giveRole' : '$takeRole' }),
        };
      }
      return undefined;
    },
  };
}

const REWRITES: ReadonlyMap<string, Rewrite> = new Map<string, Rewrite>([
  ['$giveRole', roleRewrite('+')],
  ['$takeRole', roleRewrite('-')],
  // `$modifyChannelPerms[Channel ID;Permissions;User/Role ID]` (wiki `bdscript/modifyChannelPerms.md`:
  // `+` allows, `-` denies, `/` resets) → `$editChannelPerms[Channel ID;User/Role ID;Permission;...]`,
  // which knows only `+` and `-`.
  [
    '$modifyChannelPerms',
    {
      map: (args) => {
        const first = args[0];
        const last = args[args.length - 1];
        if (args.length < 3 || first === undefined || last === undefined) return undefined;
        const perms = args.slice(1, -1);
        const neutral = perms.some((p) => p.trimStart().startsWith('/'));
        return {
          args: [first, last, ...perms],
          exact: !neutral,
          ...(neutral ? { check: msg('check.noReset') } : {}),
        };
      },
    },
  ],
  // `$mute[Muted role name]` (wiki `bdscript/mute.md`) gave a role; `$timeout[Duration;(User ID)]` needs a duration.
  ['$mute', { map: () => ({ args: [''], exact: false, check: msg('check.muteDuration') }) }],
  // `$unmute[Muted role name]` (wiki `bdscript/unmute.md`) took a role; `$untimeout[(User ID)]` ends a timeout of the mentioned users.
  ['$unmute', { map: () => ({ args: [''], exact: false, check: msg('check.untimeout') }) }],
]);

/** Whether two argument lists take the same types in the same order, with the same required ones. */
export function sameArguments(a: readonly Argument[], b: readonly Argument[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i];
    return y !== undefined && x.type === y.type && x.required === y.required && x.repeatable === y.repeatable;
  });
}

/** The fixes that replace a deprecated call with its replacement. */
export function replacementFixes(
  catalog: Catalog,
  text: DocText,
  call: CallNode,
  record: FunctionRecord,
): DiagnosticFix[] {
  const replacement = record.deprecatedFor;
  if (!replacement) return [];
  const bracketed = call.open >= 0;
  const target = catalog.functions.get(replacement, bracketed) ?? catalog.functions.get(replacement, !bracketed);
  if (!target) return [];
  const renameEdit = { start: call.nameEnd - (call.name.length - 1), end: call.nameEnd, newText: replacement.slice(1) };
  const targetTag = target.tag.length <= 100 ? target.tag : replacement;

  // The wiki says how the arguments map: rewrite the whole call.
  const rewrite = REWRITES.get(call.name);
  if (rewrite && bracketed && call.close >= 0) {
    const mapped = rewrite.map(call.args.map((a) => text.slice(a.start, a.end)));
    if (mapped) {
      const newText = `${replacement}[${mapped.args.join(';')}]`;
      return [
        {
          title: mapped.check
            ? msg('fix.replaceCheck', { code: shorten(newText), check: mapped.check })
            : msg('fix.replaceWith', { code: shorten(newText) }),
          edits: [{ start: call.start, end: call.end, newText }],
          ...(mapped.exact ? { preferred: true, safe: true } : {}),
        },
      ];
    }
  }

  // The same arguments: only the name changes.
  const same = !bracketed
    ? !target.bracketed
    : record.arguments !== null && target.arguments !== null && sameArguments(record.arguments, target.arguments);
  let fits = same;
  if (same && bracketed && target.arguments) {
    const binding = bindArguments(target.arguments, call.args.length);
    fits = binding.missing.length === 0 && binding.slots.every((s) => s !== undefined);
  }
  if (fits)
    return [{ title: msg('fix.replaceWith', { code: replacement }), edits: [renameEdit], preferred: true, safe: true }];
  return [{ title: msg('fix.replaceCheckArgs', { code: replacement, tag: targetTag }), edits: [renameEdit] }];
}

function shorten(s: string): string {
  return s.length > 80 ? s.slice(0, 79) + '…' : s;
}
