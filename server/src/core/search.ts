// The one binary search over sorted data. Each caller states only its order, as "is the item at
// this index before what I look for", and gets the first index where that stops being true.

/**
 * The first index in [0, length) for which `before(index)` is false, given that it is true for
 * a prefix of the indexes and false for the rest; `length` when it is true throughout.
 */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
