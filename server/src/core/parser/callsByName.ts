// The calls of a chunk by name, for the chunk facts taken while a chunk is made into nodes
// (parser.ts `take`). Each fact used to walk every call of the chunk and ask each whether it
// mattered: seven walks of ~36,000 calls for a cold check of 1 MB, where most calls matter to no
// fact, and loops that hot were compiled by the optimizing compiler, one fact at a time (in a cold
// process compiling them cost more than running them). Now one walk per chunk looks each call's
// name up once, in a table of the names each fact registered (`CallFilter`), and each fact walks
// only its own calls.

import type { CallNode, ChunkView } from './tree';

/** For each name some filter registered, the filters (as bits) it belongs to. */
const BITS = new Map<string, number>();
let filters = 0;

/** The view last sorted, and its calls by filter (index = filter's index). */
let sortedView: ChunkView | undefined;
let sorted: ReadonlyArray<CallNode[] | undefined> = [];

const NO_CALLS: readonly CallNode[] = Object.freeze([]);

/** A set of call names one fact reads; `of` gives a view's calls with those names. */
export class CallFilter {
  private readonly index: number;

  constructor(names: Iterable<string>) {
    if (filters >= 31) throw new Error('CallFilter: at most 31 filters');
    this.index = filters++;
    const bit = 1 << this.index;
    for (const name of names) BITS.set(name, (BITS.get(name) ?? 0) | bit);
    // A view sorted before this filter existed holds none of its calls.
    sortedView = undefined;
    sorted = [];
  }

  /** The calls of `view` with one of this filter's names, in document order (shared: never changed). */
  of(view: ChunkView): readonly CallNode[] {
    if (view !== sortedView) sortCalls(view);
    return sorted[this.index] ?? NO_CALLS;
  }
}

/**
 * Sorts a view's calls into the filters' lists, one name lookup per call. The facts of a chunk are
 * taken one after the other from the same view, so only the last view's lists are kept.
 */
function sortCalls(view: ChunkView): void {
  const lists: Array<CallNode[] | undefined> = [];
  const all = view.calls;
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    let bits = BITS.get(call.name);
    if (bits === undefined) continue;
    for (let k = 0; bits !== 0; k++, bits >>>= 1) {
      if ((bits & 1) === 0) continue;
      const list = lists[k];
      if (list === undefined) lists[k] = [call];
      else list.push(call);
    }
  }
  sortedView = view;
  sorted = lists;
}
