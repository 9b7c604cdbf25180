// Select menus and modals within Discord's limits (limits.ts, each number with its page of
// Discord's API documentation). Per call, on literal arguments (`select-menu-limit`,
// `modal-limit`): a select menu's Min and Max are whole numbers from 0 to 25 with Min at most
// Max, its placeholder, custom ID and options' texts fit their lengths; a modal's title and a
// text input's ID, label, placeholder and value fit theirs, its minimum length is 0 to 4,000
// and its maximum 1 to 4,000, the minimum at most the maximum, and a literal value between the
// two (BDFD wiki `bdscript/addTextInput.md`). Over the whole command: a select menu's Max is at
// most the options the command adds to it, a modal holds 1 to 5 text inputs (at most 5 on any
// execution path, paths.ts). Values built at run time are never judged.

import { ChunkFact, moveEach, moveNumbers, moveOffsets } from '../parser/facts';
import { DocumentRule } from './carry';
import { literalText } from '../parser/query';
import type { ArgNode, CallNode, ChunkView, ParsedDocument } from '../parser/tree';
import type { CallCheck, CallReport } from './callRules';
import { limit } from './limits';
import { given, idOf } from './parents';
import { inTrigger, pathModel, walkPaths, type PathModel } from './paths';
import { quoteValue } from './values';
import { msg, type MessageKey, type Msg } from '../l10n';
import { must } from '../must';
import { argAt, capCount, shapeOf, shapesOf, type Shape, type Slot } from './shapes';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

/** A whole number as BDFD's Integer type writes it. */
const INTEGER = /^[+-]?\d+$/;

/** A literal whole-number argument: its value and its text. Undefined when empty, built at run time or not a whole number (`invalid-argument` says so). */
function integerArg(
  text: DocText,
  call: CallNode,
  index: number | undefined,
): { arg: ArgNode; value: number; shown: string } | undefined {
  const arg = index === undefined ? undefined : call.args[index];
  if (!arg) return undefined;
  const value = literalText(text, arg);
  if (value === undefined || !INTEGER.test(value)) return undefined;
  return { arg, value: Number(value), shown: value };
}

/** The argument of a call that holds `slot` (shapes.ts), when the call has it. */
function argOf(call: CallNode, slot: Slot): ArgNode | undefined {
  const at = argAt(call.name, slot);
  return at === undefined ? undefined : call.args[at];
}

/** Reports a literal argument longer than `max` characters: "The <what> of `$fn` has N characters; ...". */
function textLength(
  text: DocText,
  call: CallNode,
  index: number | undefined,
  max: number,
  what: MessageKey,
  code: 'select-menu-limit' | 'modal-limit',
  report: CallReport,
): void {
  const arg = index === undefined ? undefined : call.args[index];
  if (!arg) return;
  const value = literalText(text, arg);
  // A string holds at least as many UTF-16 units as it counts: most values need no count.
  if (value === undefined || value.length <= max) return;
  const n = capCount(value);
  if (n <= max) return;
  report(code, arg.start, arg.end, () => msg('menu.textLength', { what: msg(what), name: call.name, n, max }));
}

// ---------------------------------------------------------------------------------------------
// Select menus, per call.

/**
 * Where a select function keeps what the checks read: argument indexes and the names the catalog
 * gives Min and Max, from the table of shapes (shapes.ts).
 */
export interface SelectShape {
  readonly id: number;
  readonly min: number;
  readonly max: number;
  readonly placeholder: number;
  /** Components V2 selects' "Disabled". */
  readonly disabled?: number;
  readonly minName: string;
  readonly maxName: string;
}

function selectShape(shape: Shape): SelectShape | undefined {
  const [id, min, max, placeholder] = [shape.at('id'), shape.at('min'), shape.at('max'), shape.at('placeholder')];
  if (id === undefined || min === undefined || max === undefined || placeholder === undefined) return undefined;
  const disabled = shape.at('disabled');
  return {
    id,
    min,
    max,
    placeholder,
    ...(disabled !== undefined ? { disabled } : {}),
    minName: shape.args[min]?.name ?? '',
    maxName: shape.args[max]?.name ?? '',
  };
}

/** `$newSelectMenu` and `$editSelectMenu` (legacy), `$addStringSelect` and its Components V2 siblings. */
export const SELECTS: ReadonlyMap<string, SelectShape> = new Map(
  shapesOf('selectMenu', 'editSelectMenu', 'selectV2').flatMap((shape) => {
    const select = selectShape(shape);
    return select ? [[shape.name, select] as const] : [];
  }),
);

/** Where a select option function keeps its parts (its menu and Message ID are read from shapes.ts too). */
export interface OptionShape {
  readonly label: number;
  readonly value: number;
  readonly description: number;
  readonly isDefault: number;
  readonly emoji: number;
}

/** `$addSelectMenuOption` and `$editSelectMenuOption` (legacy), `$addStringSelectOption`. */
export const OPTIONS: ReadonlyMap<string, OptionShape> = new Map(
  shapesOf('selectOption', 'editSelectOption', 'selectOptionV2').flatMap((shape) => {
    const [label, value, description, isDefault, emoji] = (
      ['label', 'value', 'description', 'default', 'emoji'] as const
    ).map((slot) => shape.at(slot));
    if (
      label === undefined ||
      value === undefined ||
      description === undefined ||
      isDefault === undefined ||
      emoji === undefined
    )
      return [];
    return [[shape.name, { label, value, description, isDefault, emoji }] as const];
  }),
);

function checkSelect(shape: SelectShape): CallCheck {
  return (text, call, report) => {
    const lo = limit('selectMinValuesLow');
    const hi = limit('selectValues');
    const min = integerArg(text, call, shape.min);
    const max = integerArg(text, call, shape.max);
    const fits = (n: { value: number } | undefined): boolean => n !== undefined && n.value >= lo && n.value <= hi;
    for (const [n, name] of [
      [min, shape.minName],
      [max, shape.maxName],
    ] as const) {
      if (!n || fits(n)) continue;
      report('select-menu-limit', n.arg.start, n.arg.end, () =>
        msg('menu.minMaxRange', { name: call.name, arg: name, lo, hi, got: quoteValue(n.shown) }),
      );
    }
    if (min && max && fits(min) && fits(max) && min.value > max.value) {
      report('select-menu-limit', min.arg.start, min.arg.end, () =>
        msg('menu.minOverMax', {
          name: call.name,
          minName: shape.minName,
          min: min.value,
          maxName: shape.maxName,
          max: max.value,
        }),
      );
    }
    textLength(
      text,
      call,
      shape.placeholder,
      limit('selectPlaceholder'),
      'part.placeholder',
      'select-menu-limit',
      report,
    );
    textLength(text, call, shape.id, limit('customId'), 'part.id', 'select-menu-limit', report);
  };
}

function checkOption(shape: {
  readonly label: number;
  readonly value: number;
  readonly description: number;
}): CallCheck {
  return (text, call, report) => {
    const max = limit('selectOptionText');
    textLength(text, call, shape.label, max, 'part.label', 'select-menu-limit', report);
    textLength(text, call, shape.value, max, 'part.value', 'select-menu-limit', report);
    textLength(text, call, shape.description, max, 'part.description', 'select-menu-limit', report);
  };
}

// ---------------------------------------------------------------------------------------------
// Modals, per call.

const MODAL = must(shapeOf('$newModal'), '$newModal has a shape');
const TEXT_INPUT = must(shapeOf('$addTextInput'), '$addTextInput has a shape');

/** `$newModal[Modal ID;Title]`. */
function checkModal(text: DocText, call: CallNode, report: CallReport): void {
  textLength(text, call, MODAL.at('id'), limit('customId'), 'part.modalId', 'modal-limit', report);
  textLength(text, call, MODAL.at('title'), limit('modalTitle'), 'part.title', 'modal-limit', report);
}

/** `$addTextInput[Text Input ID;Style;Label;(Minimum length;Maximum length;Required;Value;Placeholder)]`. */
function checkTextInput(text: DocText, call: CallNode, report: CallReport): void {
  const most = limit('textInputLength');
  const at = (slot: Slot): number | undefined => TEXT_INPUT.at(slot);
  textLength(text, call, at('id'), limit('customId'), 'part.textInputId', 'modal-limit', report);
  textLength(text, call, at('label'), limit('textInputLabel'), 'part.label', 'modal-limit', report);
  textLength(text, call, at('placeholder'), limit('textInputPlaceholder'), 'part.placeholder', 'modal-limit', report);
  const min = integerArg(text, call, at('minLength'));
  const max = integerArg(text, call, at('maxLength'));
  const minLow = limit('textInputMinLengthLow');
  const maxLow = limit('textInputMaxLengthLow');
  const minFits = min !== undefined && min.value >= minLow && min.value <= most;
  const maxFits = max !== undefined && max.value >= maxLow && max.value <= most;
  if (min && !minFits) {
    report('modal-limit', min.arg.start, min.arg.end, () =>
      msg('modal.minLengthRange', { lo: minLow, hi: most, got: quoteValue(min.shown) }),
    );
  }
  if (max && !maxFits) {
    report('modal-limit', max.arg.start, max.arg.end, () =>
      msg('modal.maxLengthRange', { lo: maxLow, hi: most, got: quoteValue(max.shown) }),
    );
  }
  if (min && max && minFits && maxFits && min.value > max.value) {
    report('modal-limit', min.arg.start, min.arg.end, () =>
      msg('modal.minOverMax', { min: min.value, max: max.value }),
    );
  }
  const valueAt = at('value');
  const valueArg = valueAt === undefined ? undefined : call.args[valueAt];
  const value = valueArg ? literalText(text, valueArg) : undefined;
  if (!valueArg || value === undefined || value === '') return;
  const n = capCount(value);
  if (n > most) {
    report('modal-limit', valueArg.start, valueArg.end, () => msg('modal.valueTooLong', { n, max: most }));
  } else if (min && minFits && n < min.value) {
    // The wiki's addTextInput page: the value "must not be less than `Minimum length` and no more than `Maximum length`".
    report('modal-limit', valueArg.start, valueArg.end, () => msg('modal.valueUnderMin', { n, min: min.value }));
  } else if (max && maxFits && n > max.value) {
    report('modal-limit', valueArg.start, valueArg.end, () => msg('modal.valueOverMax', { n, max: max.value }));
  }
}

/** The per-call checks of this module, by function name. */
export const MENU_CALL_CHECKS: ReadonlyArray<readonly [string, CallCheck]> = [
  ...[...SELECTS].map(([name, shape]): [string, CallCheck] => [name, checkSelect(shape)]),
  ...[...OPTIONS].map(([name, shape]): [string, CallCheck] => [name, checkOption(shape)]),
  [MODAL.name, checkModal],
  [TEXT_INPUT.name, checkTextInput],
];

// ---------------------------------------------------------------------------------------------
// Over the whole command: options against Max, text inputs per modal.

/** A select menu that has options: `$newSelectMenu` (legacy) or `$addStringSelect` (Components V2). */
interface MenuCall {
  readonly kind: 'legacy' | 'v2';
  readonly start: number;
  /** The menu's ID (trimmed), or null when built at run time. */
  readonly id: string | null;
  /** A literal Max within Discord's range, with where it is; undefined otherwise. */
  readonly max: number | undefined;
  readonly maxStart: number;
  readonly maxEnd: number;
  /** A Message ID sends the menu to another message. */
  readonly elsewhere: boolean;
}

interface OptionCall {
  readonly kind: 'legacy' | 'v2';
  readonly start: number;
  /** The ID of the menu it goes to (trimmed), or null when built at run time. */
  readonly menu: string | null;
  readonly elsewhere: boolean;
}

interface MenuFacts {
  readonly menus: readonly MenuCall[];
  readonly options: readonly OptionCall[];
  /** `$newModal` and `$addTextInput` calls: start and name end pairs. */
  readonly modals: readonly number[];
  readonly inputs: readonly number[];
  /** `$eval` may add anything. */
  readonly evals: readonly number[];
}

/** What most chunks say: nothing (shared, so a chunk without menus or modals allocates nothing). */
const NO_MENU_FACTS: MenuFacts = { menus: [], options: [], modals: [], inputs: [], evals: [] };

export const MENU_FACT = new ChunkFact<MenuFacts>({
  name: 'menus',
  compute: chunkMenus,
  // `max` is the number a menu allows, not an offset: it stays.
  move: (fact, shift) => {
    const menus = moveEach(fact.menus, (m) => moveOffsets(m, ['start', 'maxStart', 'maxEnd'], shift));
    const options = moveEach(fact.options, (o) => moveOffsets(o, ['start'], shift));
    const modals = moveNumbers(fact.modals, shift);
    const inputs = moveNumbers(fact.inputs, shift);
    const evals = moveNumbers(fact.evals, shift);
    if (!menus || !options || !modals || !inputs || !evals) return undefined;
    return menus === fact.menus &&
      options === fact.options &&
      modals === fact.modals &&
      inputs === fact.inputs &&
      evals === fact.evals
      ? fact
      : { menus, options, modals, inputs, evals };
  },
});

/** The calls the menus fact reads (see CallFilter): the names of its switch below. */
const MENU_CALLS = new CallFilter([
  '$eval',
  '$newModal',
  '$addTextInput',
  '$newSelectMenu',
  '$addStringSelect',
  '$addSelectMenuOption',
  '$addStringSelectOption',
]);

function chunkMenus(text: DocText, view: ChunkView, base: number): MenuFacts {
  const menus: MenuCall[] = [];
  const options: OptionCall[] = [];
  const modals: number[] = [];
  const inputs: number[] = [];
  const evals: number[] = [];
  const all = MENU_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    // A name added here must be added to MENU_CALLS too: the fact sees no other calls.
    switch (call.name) {
      case '$eval':
        evals.push(call.start - base);
        break;
      case '$newModal':
        if (call.open >= 0) modals.push(call.start - base, call.nameEnd - base);
        break;
      case '$addTextInput':
        if (call.open >= 0) inputs.push(call.start - base, call.nameEnd - base);
        break;
      case '$newSelectMenu':
      case '$addStringSelect': {
        const shape = SELECTS.get(call.name);
        if (shape === undefined || call.open < 0 || call.close < 0) break;
        const id = idOf(text, call.args[shape.id]);
        if (id === undefined || id === '') break;
        const max = integerArg(text, call, shape.max);
        const inRange = max !== undefined && max.value >= 1 && max.value <= limit('selectValues');
        menus.push({
          kind: call.name === '$newSelectMenu' ? 'legacy' : 'v2',
          start: call.start - base,
          id,
          max: inRange ? max.value : undefined,
          maxStart: max ? max.arg.start - base : -1,
          maxEnd: max ? max.arg.end - base : -1,
          elsewhere: given(text, argOf(call, 'messageId')),
        });
        break;
      }
      case '$addSelectMenuOption':
      case '$addStringSelectOption': {
        if (call.open < 0) break;
        const legacy = call.name === '$addSelectMenuOption';
        const menu = idOf(text, argOf(call, 'parent'));
        if (menu === undefined) break;
        options.push({
          kind: legacy ? 'legacy' : 'v2',
          start: call.start - base,
          menu,
          elsewhere: given(text, argOf(call, 'messageId')),
        });
        break;
      }
    }
  }
  return menus.length + options.length + modals.length + inputs.length + evals.length === 0
    ? NO_MENU_FACTS
    : { menus, options, modals, inputs, evals };
}

export interface MenuFinding {
  readonly code: 'select-menu-limit' | 'modal-limit';
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
}

/** The document's facts, absolute offsets, outside the trigger line. */
function documentFacts(parsed: ParsedDocument): MenuFacts {
  const menus: MenuCall[] = [];
  const options: OptionCall[] = [];
  const modals: number[] = [];
  const inputs: number[] = [];
  const evals: number[] = [];
  const code = (at: number): boolean => !inTrigger(parsed, at);
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const f = parsed.fact(MENU_FACT, i);
    if (f === NO_MENU_FACTS) continue;
    for (const m of f.menus)
      if (code(m.start + base))
        menus.push({ ...m, start: m.start + base, maxStart: m.maxStart + base, maxEnd: m.maxEnd + base });
    for (const o of f.options) if (code(o.start + base)) options.push({ ...o, start: o.start + base });
    for (const [from, to] of [
      [f.modals, modals],
      [f.inputs, inputs],
    ] as const) {
      forPairs(from, (at, end) => {
        if (code(at + base)) to.push(at + base, end + base);
      });
    }
    for (const e of f.evals) evals.push(e + base);
  }
  return { menus, options, modals, inputs, evals };
}

/** The menus rule: its findings, carried over edits that leave what it reads in place (carry.ts). */
export const MENU_RULE = new DocumentRule('menus', menuFindings);

/** The findings of the select menu and modal rules that need the whole command. */
export function menuFindings(parsed: ParsedDocument): MenuFinding[] {
  const facts = documentFacts(parsed);
  if (facts.menus.length === 0 && facts.modals.length === 0) return [];
  const out: MenuFinding[] = [];
  let model: PathModel | undefined;
  const inAsync = (at: number): boolean =>
    (model ??= pathModel(parsed)).contextOf(at).some((step) => step.block.kind === 'async');
  if (facts.evals.length === 0) maxAgainstOptions(facts, inAsync, out);
  if (facts.modals.length > 0) modalInputs(parsed, facts, inAsync, out);
  return out;
}

/**
 * A select menu lets users choose at most as many options as it has, so a literal Max above the
 * number of options the command adds to it (after the menu, in document order: an upper bound of
 * what any run adds) is refused. Quiet when an option's menu ID is built at run time, when an
 * option goes to another message, when the menu or an option runs in an `$async` body, and after
 * `$eval` (the caller's check).
 */
function maxAgainstOptions(facts: MenuFacts, inAsync: (at: number) => boolean, out: MenuFinding[]): void {
  for (const kind of ['legacy', 'v2'] as const) {
    const options = facts.options.filter((o) => o.kind === kind);
    if (options.some((o) => o.menu === null)) continue;
    for (const menu of facts.menus) {
      if (menu.kind !== kind || menu.max === undefined || menu.id === null || menu.elsewhere) continue;
      const own = options.filter((o) => o.menu === menu.id);
      if (own.some((o) => o.elsewhere) || inAsync(menu.start) || own.some((o) => inAsync(o.start))) continue;
      const added = own.filter((o) => o.start > menu.start).length;
      if (added >= menu.max) continue;
      const maxName = SELECTS.get(kind === 'legacy' ? '$newSelectMenu' : '$addStringSelect')?.maxName ?? '';
      out.push({
        code: 'select-menu-limit',
        start: menu.maxStart,
        end: menu.maxEnd,
        message: msg('menu.fewerOptions', { id: quoteValue(menu.id), max: menu.max, maxName, added }),
      });
    }
  }
}

/**
 * A modal holds 1 to 5 components, one per text input: the 6th `$addTextInput` after a
 * `$newModal` on one execution path is reported (counts start over at each `$newModal`), and a
 * `$newModal` with no `$addTextInput` anywhere after it (none in an `$async` body, no `$eval`,
 * and none written just before it, which `component-before-parent` reports).
 */
function modalInputs(
  parsed: ParsedDocument,
  facts: MenuFacts,
  inAsync: (at: number) => boolean,
  out: MenuFinding[],
): void {
  const max = limit('modalComponents');
  const events: Array<{ at: number; modal: boolean; nameEnd: number }> = [];
  forPairs(facts.modals, (at, nameEnd) => events.push({ at, modal: true, nameEnd }));
  forPairs(facts.inputs, (at, nameEnd) => events.push({ at, modal: false, nameEnd }));
  const reported = new Set<number>();
  if (facts.inputs.length > max) {
    walkPaths(pathModel(parsed), events, {
      // Inputs count only after a `$newModal` on the path (before one they have no modal: `missing-parent`).
      initial: -1,
      key: () => '',
      merge: (a, b) => Math.max(a, b),
      step: (n, e) => {
        if (e.modal) return 0;
        if (n < 0) return n;
        const next = n + 1;
        if (next === max + 1 && !reported.has(e.at)) {
          reported.add(e.at);
          out.push({
            code: 'modal-limit',
            start: e.at,
            end: e.nameEnd,
            message: msg('modal.tooManyInputs', { n: next, max }),
          });
        }
        return next;
      },
    });
  }
  if (facts.evals.length > 0 || facts.inputs.some((at, k) => k % 2 === 0 && inAsync(at))) return;
  const lastInput = facts.inputs[facts.inputs.length - 2] ?? -1;
  const firstInput = facts.inputs[0];
  forPairs(facts.modals, (at, end, k) => {
    if (lastInput > at) return;
    // Inputs written before the first modal are `component-before-parent`'s: moving them is the fix.
    if (k === 0 && firstInput !== undefined && firstInput < at) return;
    out.push({
      code: 'modal-limit',
      start: at,
      end,
      message: msg('modal.noInput', { max }),
    });
  });
}

/** Calls `each` with every (position, end) pair of a flat pair list and the pair's index in it. */
function forPairs(list: readonly number[], each: (at: number, end: number, k: number) => void): void {
  for (let k = 0; k + 1 < list.length; k += 2) {
    const at = list[k];
    const end = list[k + 1];
    if (at !== undefined && end !== undefined) each(at, end, k);
  }
}
