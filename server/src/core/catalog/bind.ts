// Argument binding: which parameter each argument of a call fills. Diagnostics (too many,
// missing), signature help (the active parameter), hover on an argument and inlay hints all
// read this one mapping, so repeatable parameters in the middle (`$jsonSet[Key;...;Value]`)
// and tuples that repeat as a group (`$awaitReactions[<Command name;Reaction>;...]`) are
// counted the same way everywhere.

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

/** The slots one occurrence of a parameter takes: its tuple members, or itself. */
function unitOf(params: readonly Argument[], index: number, repetition = 0): Slot[] {
  const param = params[index]!;
  if (param.tupleTypes && param.tupleTypes.length > 0) {
    return param.tupleTypes.map((argument, member) => ({ param: index, member, argument, repetition }));
  }
  return [{ param: index, argument: param, repetition }];
}

function flatten(params: readonly Argument[], from: number, to: number): Slot[] {
  const out: Slot[] = [];
  for (let i = from; i < to; i++) out.push(...unitOf(params, i));
  return out;
}

/**
 * Binds `argCount` arguments to `params`. The first repeatable parameter takes as many
 * arguments as it can while leaving one for each parameter after it; the parameters after it
 * bind from there. Without a repeatable parameter, arguments bind in order.
 */
export function bindArguments(params: readonly Argument[], argCount: number): Binding {
  const r = params.findIndex((p) => p.repeatable);
  const slots: Array<Slot | undefined> = [];
  const missing: Slot[] = [];
  if (r < 0) {
    const flat = flatten(params, 0, params.length);
    for (let i = 0; i < argCount; i++) slots.push(flat[i]);
    for (let i = argCount; i < flat.length; i++) if (flat[i]!.argument.required) missing.push(flat[i]!);
    return { slots, missing };
  }

  const prefix = flatten(params, 0, r);
  const unit = unitOf(params, r);
  const suffix = flatten(params, r + 1, params.length);
  const u = unit.length;
  let given = 0;
  for (; given < prefix.length && given < argCount; given++) slots.push(prefix[given]);
  for (let i = given; i < prefix.length; i++) if (prefix[i]!.argument.required) missing.push(prefix[i]!);

  const rest = Math.max(0, argCount - prefix.length);
  const repeated = rest - suffix.length >= u ? rest - suffix.length : Math.min(rest, u);
  for (let j = 0; j < repeated; j++) {
    const base = unit[j % u]!;
    slots.push({ ...base, repetition: Math.floor(j / u) });
  }
  if (repeated === 0) {
    if (params[r]!.required) for (const s of unit) if (s.argument.required) missing.push(s);
  } else if (repeated % u !== 0) {
    // An incomplete tuple group: its remaining members are missing.
    const repetition = Math.floor(repeated / u);
    for (let m = repeated % u; m < u; m++) {
      if (unit[m]!.argument.required) missing.push({ ...unit[m]!, repetition });
    }
  }

  const afterRepeated = rest - repeated;
  for (let k = 0; k < afterRepeated; k++) slots.push(suffix[k]);
  for (let k = afterRepeated; k < suffix.length; k++) if (suffix[k]!.argument.required) missing.push(suffix[k]!);
  return { slots, missing };
}

/** A readable name for a slot: the argument's name, or "argument N" when it has none. */
export function slotLabel(slot: Slot, params: readonly Argument[]): string {
  if (slot.argument.name.trim() !== '') return slot.argument.name;
  const param = params[slot.param];
  if (param && param.name.trim() !== '' && slot.member === undefined) return param.name;
  return `argument ${slot.param + 1}${slot.member !== undefined ? `.${slot.member + 1}` : ''}`;
}
