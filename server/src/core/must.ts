// A value that cannot be absent by construction (an index inside a proven bound, a key just
// stored), stated where it is read. Under noUncheckedIndexedAccess such a read is typed
// `T | undefined`; `must` returns the value and throws if the construction is ever broken, so a
// bug shows as a clear error at its cause instead of an `undefined` flowing on.

/** `value`, which `why` says cannot be undefined; throws an Error naming `why` when it is. */
export function must<T>(value: T | undefined, why: string): T {
  if (value === undefined) throw new Error(`Internal error: ${why}`);
  return value;
}
