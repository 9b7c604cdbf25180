// Which branch of each block the message preview follows: one possible message at a time, chosen
// with the execution-path model the rules use (features/paths.ts). The combination shown first is
// one that can happen together: each `$if` block takes its first branch whose conditions fit the
// conditions of the branches taken before it (so `$if[$customID==open]` and a later
// `$if[$customID==close]` are never both shown), a `$try` its body. A user's choice of a branch
// (the newest first) is kept when it can run with the choices kept before it; it brings the
// blocks around it to the branches that hold it, and moves the blocks met before it to branches
// that can run with it: branches whose conditions exclude it, or that end every path with a
// `$stop` before it, are passed over. Choices that cannot be kept (a block after a `$stop` that
// ends every path, in an `$async` body, or excluded by a newer choice) are dropped.

import type { Block } from '../parser/blocks';
import type { ParsedDocument } from '../parser/tree';
import {
  compareAssumptionLists,
  compareAssumptions,
  pathModel,
  type Assumption,
  type PathModel,
} from '../features/paths';

/**
 * How many branches a block offers: an `$if` its own, then "none of them" without `$else`; a
 * `$try` its body and each `$catch` (one, unless the code repeats it).
 */
export function branchCount(block: Block): number {
  if (block.kind === 'if') return block.branches.length + 1 + (hasElse(block) ? 0 : 1);
  if (block.kind === 'try') return block.branches.length + 1;
  return 0;
}

export function hasElse(block: Block): boolean {
  return block.branches.some((b) => b.name === '$else');
}

/** The branch of `block` that holds `offset` (the opener's body is 0; an `$elseif` belongs to its branch). */
function branchAt(block: Block, offset: number): number {
  let branch = 0;
  for (const head of block.branches) {
    if (head.start > offset) break;
    branch++;
  }
  return branch;
}

/** What holds on every path of one execution, kept per left side so a new condition meets only its own. */
class PathFacts {
  private readonly bySide = new Map<string, Assumption[]>();
  /** Past this many assumptions on one value the oldest are no longer kept (never more than a path holds). */
  private static readonly PER_SIDE = 256;

  add(list: readonly Assumption[]): void {
    for (const a of list) {
      const kept = this.bySide.get(a.lhs);
      if (!kept) this.bySide.set(a.lhs, [a]);
      else if (kept.length < PathFacts.PER_SIDE && !kept.some((b) => b.op === a.op && b.rhs === a.rhs)) kept.push(a);
    }
  }

  /** Whether `list` can hold together with what holds so far (undecidable counts as possible). */
  fits(list: readonly Assumption[]): boolean {
    for (const a of list) {
      const kept = this.bySide.get(a.lhs);
      if (kept && kept.some((b) => compareAssumptions(a, b) === 'exclusive')) return false;
    }
    return true;
  }
}

export class BranchPlan {
  private readonly model: PathModel;
  /** The branches the user's choices pin, by block (the blocks around a chosen one included). */
  private readonly pins = new Map<Block, number>();
  /** What the pinned branches assume: every path shown goes through them. */
  private pinnedAssumptions: Assumption[] = [];
  /** Where the last pinned block ends: a branch that stops every path is passed over before it. */
  private lastPinned = -1;
  private readonly path = new PathFacts();
  private stopMemo: Map<string, boolean> | undefined;
  private directStops: Set<string> | undefined;
  private readonly byStart = new Map<number, Block>();

  /**
   * `choices` are pairs of a block's opener start and a branch index, oldest first (a client
   * appends each new choice at the end); the newest are kept first.
   */
  constructor(parsed: ParsedDocument, choices: ReadonlyMap<number, number> | undefined) {
    this.model = pathModel(parsed);
    const stack: Block[] = [...parsed.blocks];
    while (stack.length > 0) {
      const block = stack.pop();
      if (!block) break;
      this.byStart.set(block.opener.start, block);
      for (const child of block.children) stack.push(child);
    }
    if (choices) {
      const list = [...choices];
      for (let i = list.length - 1; i >= 0; i--) {
        const pair = list[i];
        if (pair) this.pin(pair[0], pair[1]);
      }
    }
  }

  /** The block whose opener starts at `start`. */
  blockAt(start: number): Block | undefined {
    return this.byStart.get(start);
  }

  /** Keeps a choice when it can run with the ones kept before it. */
  private pin(start: number, chosen: number): void {
    const block = this.byStart.get(start);
    if (!block || block.kind === 'async' || !Number.isSafeInteger(chosen)) return;
    const count = branchCount(block);
    if (chosen < 0 || chosen >= count || this.model.dead(block.start)) return;
    // The blocks around it must take the branches that hold it.
    const wanted = new Map<Block, number>([[block, chosen]]);
    for (let inner = block, outer = block.parent; outer; inner = outer, outer = outer.parent) {
      if (outer.kind === 'async') return;
      wanted.set(outer, branchAt(outer, inner.start));
    }
    const assumptions: Assumption[] = [];
    for (const [b, k] of wanted) {
      const pinned = this.pins.get(b);
      if (pinned !== undefined && pinned !== k) return;
      assumptions.push(...this.model.branchAssumptions(b, k));
    }
    if (compareAssumptionLists(assumptions, this.pinnedAssumptions) === 'exclusive') return;
    // No pinned branch may end every path before another pinned block, nor this one before them.
    const all = new Map([...this.pins, ...wanted]);
    for (const [b, k] of all) {
      if (!this.stopsAll(b, k)) continue;
      for (const other of all.keys()) if (other.start >= b.end) return;
    }
    for (const [b, k] of wanted) this.pins.set(b, k);
    this.pinnedAssumptions = [...this.pinnedAssumptions, ...assumptions];
    this.lastPinned = Math.max(this.lastPinned, ...[...wanted.keys()].map((b) => b.start));
  }

  /**
   * The branch to follow in `block`, which the preview enters now. On the path shown (`onPath`)
   * the choice joins the path's conditions; a block off the path (in a branch not shown) keeps
   * its pinned branch, or its first.
   */
  enter(block: Block, onPath: boolean): number {
    const pinned = this.pins.get(block);
    if (!onPath || block.kind === 'async') return pinned ?? 0;
    const chosen = pinned ?? this.firstFitting(block);
    this.path.add(this.model.branchAssumptions(block, chosen));
    return chosen;
  }

  /** The first branch that fits the path so far and the pinned choices, and does not stop before one. */
  private firstFitting(block: Block): number {
    const count = branchCount(block);
    const pinnedAfter = this.lastPinned >= block.end;
    let fallback: number | undefined;
    for (let k = 0; k < count; k++) {
      const assumptions = this.model.branchAssumptions(block, k);
      if (!this.path.fits(assumptions)) continue;
      if (compareAssumptionLists(assumptions, this.pinnedAssumptions) === 'exclusive') continue;
      fallback ??= k;
      if (pinnedAfter && this.stopsAll(block, k)) continue;
      return k;
    }
    return fallback ?? 0;
  }

  /**
   * Whether every path through branch `k` of `block` ends at a `$stop` in it: one directly in the
   * branch, or a block in it all of whose ways end so (an `$if` with `$else`, a `$try` with `$catch`).
   */
  stopsAll(block: Block, k: number): boolean {
    if (this.model.stops.length === 0 || block.kind === 'async') return false;
    const key = `${block.start}:${k}`;
    this.stopMemo ??= new Map();
    const known = this.stopMemo.get(key);
    if (known !== undefined) return known;
    this.stopMemo.set(key, false);
    let stops = this.direct().has(key);
    if (!stops) {
      for (const child of block.children) {
        if (branchAt(block, child.start) !== k || child.kind === 'async') continue;
        const ways =
          child.kind === 'if'
            ? hasElse(child)
              ? child.branches.length + 1
              : 0
            : child.branches.length > 0
              ? child.branches.length + 1
              : 0;
        let all = ways > 0;
        for (let j = 0; j < ways && all; j++) all = this.stopsAll(child, j);
        if (all) {
          stops = true;
          break;
        }
      }
    }
    this.stopMemo.set(key, stops);
    return stops;
  }

  /** The branches that hold a `$stop` directly (`block start:branch`), outside `$async` bodies. */
  private direct(): Set<string> {
    if (!this.directStops) {
      this.directStops = new Set();
      for (const s of this.model.stops) {
        const context = this.model.contextOf(s);
        const last = context[context.length - 1];
        if (!last || context.some((step) => step.block.kind === 'async')) continue;
        this.directStops.add(`${last.block.start}:${last.branch}`);
      }
    }
    return this.directStops;
  }
}
