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
  const seen = new Set<object>();
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return detached(v);
    if (typeof v !== 'object' || v === null || seen.has(v) || Object.isFrozen(v)) return v;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'string' || (typeof item === 'object' && item !== null)) v[i] = visit(item);
      }
      return v;
    }
    if (v instanceof Map) {
      // Over a copy of the entries: a key set again goes to the end and would be met again.
      for (const [k, item] of [...v]) {
        if (typeof k === 'string' && k.length >= SHORT) {
          v.delete(k);
          v.set(detached(k), visit(item));
        } else if (typeof item === 'string' || (typeof item === 'object' && item !== null)) v.set(k, visit(item));
      }
      return v;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const record = v as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === 'string' || (typeof item === 'object' && item !== null)) record[key] = visit(item);
    }
    return v;
  };
  return visit(value) as T;
}
