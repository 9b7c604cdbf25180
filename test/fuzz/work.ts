// Counting work instead of timing it: while `countWork` runs a function, the common string and
// array methods are wrapped so each call adds what it costs (one for a character read, the
// length scanned or produced for searches and slices, an upper bound for array walks). A
// quadratic algorithm built from these shows up as a quadratic count on any machine and under
// any load, so linearity can be asserted in `npm test` without clocks. Plain indexed loops and
// property reads are not seen; `npm run fuzz` adds a wall-clock check for those.

type Cost = (self: unknown, args: readonly unknown[], result: unknown) => number;

const one: Cost = () => 1;
const selfLength: Cost = (self) => 1 + String(self).length;
const resultLength: Cost = (_self, _args, result) => 1 + ((result as { length?: number } | null)?.length ?? 0);
/** `indexOf`-like searches: what they scanned, from where they started to where they stopped. */
const scanned: Cost = (self, args, result) => {
  const length = (self as { length: number }).length;
  const from = typeof args[1] === 'number' ? Math.max(0, Math.min(length, args[1])) : 0;
  const stop = typeof result === 'number' && result >= 0 ? result : length;
  return 1 + Math.max(0, stop - from);
};
const searchLength: Cost = (_self, args) => 1 + String(args[0]).length;
const arrayLength: Cost = (self) => 1 + (self as unknown[]).length;

/** String methods and what each call costs: its result, what it scanned, or the whole string. */
const STRING_COSTS: Record<string, Cost> = {
  charCodeAt: one,
  codePointAt: one,
  charAt: one,
  at: one,
  startsWith: searchLength,
  endsWith: searchLength,
  indexOf: scanned,
  lastIndexOf: selfLength,
  includes: selfLength,
  slice: resultLength,
  substring: resultLength,
  toLowerCase: selfLength,
  toUpperCase: selfLength,
  trim: selfLength,
  split: selfLength,
  replace: selfLength,
  match: selfLength,
  repeat: resultLength,
  padStart: resultLength,
  padEnd: resultLength,
  normalize: selfLength,
};
/** Array methods: index searches by what they scanned, the rest by the array's length (an upper bound). */
const ARRAY_COSTS: Record<string, Cost> = {
  indexOf: scanned,
  includes: arrayLength,
  lastIndexOf: arrayLength,
  find: arrayLength,
  findIndex: arrayLength,
  findLast: arrayLength,
  some: arrayLength,
  every: arrayLength,
  filter: arrayLength,
  map: arrayLength,
  forEach: arrayLength,
  reduce: arrayLength,
  slice: resultLength,
  splice: arrayLength,
  shift: arrayLength,
  unshift: arrayLength,
  concat: resultLength,
  join: arrayLength,
  sort: arrayLength,
  reverse: arrayLength,
  flat: resultLength,
  flatMap: resultLength,
  fill: arrayLength,
};

let counter = 0;
let active = false;

type AnyFn = (this: unknown, ...args: unknown[]) => unknown;

/** Runs `fn` and returns how much work it did in the units above. Not re-entrant. */
export function countWork(fn: () => void): number {
  if (active) throw new Error('countWork is not re-entrant');
  const restore: Array<() => void> = [];
  const wrap = (proto: Record<string, unknown>, name: string, cost: Cost): void => {
    const original = proto[name] as AnyFn;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      const result = original.apply(this, args);
      if (active) counter += cost(this, args, result);
      return result;
    };
    Object.defineProperty(proto, name, { value: wrapped, writable: true, configurable: true, enumerable: false });
    restore.push(() =>
      Object.defineProperty(proto, name, { value: original, writable: true, configurable: true, enumerable: false }),
    );
  };
  const stringProto = String.prototype as unknown as Record<string, unknown>;
  const arrayProto = Array.prototype as unknown as Record<string, unknown>;
  for (const name of Object.keys(STRING_COSTS)) wrap(stringProto, name, STRING_COSTS[name]!);
  for (const name of Object.keys(ARRAY_COSTS)) wrap(arrayProto, name, ARRAY_COSTS[name]!);
  wrap(JSON as unknown as Record<string, unknown>, 'stringify', resultLength);
  wrap(JSON as unknown as Record<string, unknown>, 'parse', (_self, args) => 1 + String(args[0]).length);
  counter = 0;
  active = true;
  try {
    fn();
  } finally {
    active = false;
    for (let i = restore.length - 1; i >= 0; i--) restore[i]!();
  }
  return counter;
}
