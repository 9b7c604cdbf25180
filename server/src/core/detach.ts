// Strings that outlive the text they were cut from. In V8 a slice of a string points into its
// parent and a concatenation holds its parts, so a 20-character name sliced from a 1 MB document
// keeps the whole document alive. Names, problems and facts kept with a chunk outlive the version
// they were made from (a chunk is reused by every later version it survives), so each of them
// keeps a copy of its own; without this, every edit of a large document left its whole text
// behind.

/** Below this length V8 copies on slice and on concatenation, so such a string holds no parent. */
const SHORT = 13;

/** A string with the same characters that refers to no other string. */
export function detached(s: string): string {
  return s.length < SHORT ? s : (JSON.parse(JSON.stringify(s)) as string);
}

/**
 * Replaces, in place, every string in a freshly computed value (plain objects, arrays and Maps,
 * nested) with a detached copy, and returns the value. Frozen objects and class instances other
 * than Map are left as they are (they are not made from the text).
 */
export function detachAll<T>(value: T): T {
  if (typeof value === 'string') return detached(value) as T;
  if (typeof value === 'object' && value !== null) visit(value, new Set());
  return value;
}

/**
 * Detaches the strings under `v`. An object is noted in `seen` only once it is found to hold
 * another object (a value may share objects, or even hold a cycle), so the many small records of
 * numbers and names a fact is made of cost no entry in the set.
 */
function visit(v: object, seen: Set<object>): void {
  if (Object.isFrozen(v)) return;
  let noted = false;
  if (Array.isArray(v)) {
    const list = v as unknown[];
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      if (typeof item === 'string') {
        if (item.length >= SHORT) list[i] = detached(item);
      } else if (typeof item === 'object' && item !== null) noted = child(v, item, seen, noted);
    }
    return;
  }
  if (v instanceof Map) {
    // Over a copy of the entries: a key set again goes to the end and would be met again.
    for (const [k, item] of [...(v as Map<unknown, unknown>)]) {
      if (typeof k === 'string' && k.length >= SHORT) {
        v.delete(k);
        v.set(detached(k), typeof item === 'string' ? detached(item) : item);
        if (typeof item === 'object' && item !== null) noted = child(v, item, seen, noted);
      } else if (typeof item === 'string') {
        if (item.length >= SHORT) v.set(k, detached(item));
      } else if (typeof item === 'object' && item !== null) noted = child(v, item, seen, noted);
    }
    return;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return;
  const record = v as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'string') {
      if (item.length >= SHORT) record[key] = detached(item);
    } else if (typeof item === 'object' && item !== null) noted = child(v, item, seen, noted);
  }
}

/**
 * Visits `item`, an object held by `parent`, unless it was seen; notes `parent` first (once, as
 * `noted` tells) so that a cycle back to it ends there. Returns that `parent` is now noted.
 */
function child(parent: object, item: object, seen: Set<object>, noted: boolean): boolean {
  if (!noted) seen.add(parent);
  if (!seen.has(item)) visit(item, seen);
  return true;
}
