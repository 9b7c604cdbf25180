// Argument binding: which parameter each argument of a call fills. Diagnostics (too many,
// missing), signature help (the active parameter), hover on an argument and inlay hints all
// read this one mapping, so repeatable parameters in the middle (`$jsonSet[Key;...;Value]`)
// and tuples that repeat as a group (`$awaitReactions[<Command name;Reaction>;...]`) are
// counted the same way everywhere.

import { must } from '../must';
import type { Argument } from './model';

export interface Slot {
  /** Index into the record's `arguments`. */
  readonly param: number;
  /** For a tuple parameter: the index into its `tupleTypes`. */
  readonly member?: number;
  /** The parameter, or the tuple member, this slot stands for. */
  readonly argument: Argument;
  /** 0 for the first occurrence of a repeatable parameter (or tuple group); 1, 2, ... after. */
  readonly repetition: number;
}

export interface Binding {
  /** For each given argument, the slot it fills, or undefined when it is one too many. */
  readonly slots: ReadonlyArray<Slot | undefined>;
  /** Required slots that no argument fills, in order. */
  readonly missing: readonly Slot[];
}

/** The slots one occurrence of parameter `index` (`param`) takes: its tuple members, or itself. */
function unitOf(param: Argument, index: number, repetition = 0): Slot[] {
  if (param.tupleTypes && param.tupleTypes.length > 0) {
    return param.tupleTypes.map((argument, member) => ({ param: index, member, argument, repetition }));
  }
  return [{ param: index, argument: param, repetition }];
}

function flatten(params: readonly Argument[], from: number, to: number): Slot[] {
  const out: Slot[] = [];
  for (let i = from; i < to; i++) {
    const param = params[i];
    if (param !== undefined) out.push(...unitOf(param, i));
  }
  return out;
}

/**
 * Binds `argCount` arguments to `params`. The first repeatable parameter takes as many
 * arguments as it can while leaving one for each parameter after it; the parameters after it
 * bind from there. Without a repeatable parameter, arguments bind in order.
 */
export function bindArguments(params: readonly Argument[], argCount: number): Binding {
  const r = params.findIndex((p) => p.repeatable);
  const repeatable = r < 0 ? undefined : params[r];
  const slots: Array<Slot | undefined> = [];
  const missing: Slot[] = [];
  if (repeatable === undefined) {
    const flat = flatten(params, 0, params.length);
    for (let i = 0; i < argCount; i++) slots.push(flat[i]);
    for (const s of flat.slice(argCount)) if (s.argument.required) missing.push(s);
    return { slots, missing };
  }

  const prefix = flatten(params, 0, r);
  const unit = unitOf(repeatable, r);
  const suffix = flatten(params, r + 1, params.length);
  const u = unit.length;
  let given = 0;
  for (; given < prefix.length && given < argCount; given++) slots.push(prefix[given]);
  for (const s of prefix.slice(given)) if (s.argument.required) missing.push(s);

  const rest = Math.max(0, argCount - prefix.length);
  const repeated = rest - suffix.length >= u ? rest - suffix.length : Math.min(rest, u);
  for (let j = 0; j < repeated; j++) {
    const base = must(unit[j % u], 'a parameter takes at least one slot');
    slots.push({ ...base, repetition: Math.floor(j / u) });
  }
  if (repeated === 0) {
    if (repeatable.required) for (const s of unit) if (s.argument.required) missing.push(s);
  } else if (repeated % u !== 0) {
    // An incomplete tuple group: its remaining members are missing.
    const repetition = Math.floor(repeated / u);
    for (const s of unit.slice(repeated % u)) if (s.argument.required) missing.push({ ...s, repetition });
  }

  const afterRepeated = rest - repeated;
  for (let k = 0; k < afterRepeated; k++) slots.push(suffix[k]);
  for (const s of suffix.slice(afterRepeated)) if (s.argument.required) missing.push(s);
  return { slots, missing };
}

/** A readable name for a slot: the argument's name, or "argument N" when it has none. */
export function slotLabel(slot: Slot, params: readonly Argument[]): string {
  if (slot.argument.name.trim() !== '') return slot.argument.name;
  const param = params[slot.param];
  if (param && param.name.trim() !== '' && slot.member === undefined) return param.name;
  return `argument ${slot.param + 1}${slot.member !== undefined ? `.${slot.member + 1}` : ''}`;
}
