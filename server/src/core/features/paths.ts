// The execution-path model: which parts of a command can run in one execution. A run goes
// through the code in document order and takes one branch of each `$if` block (`$if`/`$elseif`/
// `$else` branches exclude each other), ends at `$stop`, and takes the `$try` body or, when it
// fails, the `$catch` body. Sequential `$if` blocks that compare the same value with different
// literals (`$if[$customID==a]` ... `$if[$customID==b]`, the interaction handlers of an
// `$onInteraction` command) exclude each other too; conditions on the same value that the file
// cannot decide (`$var[n]>5` and `$var[n]<3`) make the two parts "unknown", never "together".
// An `$async` body runs in the background, beside the main path. A message is what one send or
// response builds on one path; rules that count things in one message ask this module which
// parts run together, so nothing in exclusive branches, different handlers or after `$stop` is
// ever counted together. Everything here is a plain function of the parse tree: stops and
// conditions are per-chunk facts, the block tree comes from the parser.

import type { Block, BlockCall } from '../parser/blocks';
import { ChunkFact, DerivedValue, moveNumbers } from '../parser/facts';
import type { ArgNode, CallNode, ChunkView, ParsedDocument } from '../parser/tree';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

// ---------------------------------------------------------------------------------------------
// Conditions.

/** A comparison operator of a BDScript condition. */
export type CompareOp = '==' | '!=' | '>=' | '<=' | '>' | '<';

/** What holds on a path: `lhs op rhs`, the sides as written (trimmed). */
export interface Assumption {
  readonly lhs: string;
  readonly op: CompareOp;
  readonly rhs: string;
  /** The right side holds no call, so its value is the text itself. */
  readonly rhsLiteral: boolean;
}

const NEGATED: Readonly<Record<CompareOp, CompareOp>> = {
  '==': '!=',
  '!=': '==',
  '>=': '<',
  '<=': '>',
  '>': '<=',
  '<': '>=',
};

/** `==` and `!=` first: they are what handlers compare with, and `<` also starts mentions (`<@id>`). */
const OPERATORS: readonly CompareOp[] = ['==', '!=', '>=', '<=', '>', '<'];

/**
 * The comparison of a condition argument, read from its own text (not from calls inside it):
 * the first `==`, else the first `!=`, else the first of the ordered operators in that order
 * (real conditions hold one operator). A side with calls is put on the left, so `a==$customID`
 * and `$customID==a` read the same. Undefined without an operator.
 */
export function readCondition(text: DocText, arg: ArgNode): Assumption | undefined {
  let at = -1;
  let op: CompareOp | undefined;
  // Indexed, not `for...of`: taken with the path facts of every condition (see chunkPathFacts).
  const children = arg.children;
  for (let o = 0; o < OPERATORS.length && !op; o++) {
    const candidate = OPERATORS[o];
    if (candidate === undefined) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child === undefined || child.kind !== 'text') continue;
      const k = text.slice(child.start, child.end).indexOf(candidate);
      if (k >= 0) {
        at = child.start + k;
        op = candidate;
        break;
      }
    }
  }
  if (!op) return undefined;
  const opEnd = at + op.length;
  let leftCalls = false;
  let rightCalls = false;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child === undefined || child.kind !== 'call') continue;
    if (child.start < at) leftCalls = true;
    else if (child.start >= opEnd) rightCalls = true;
  }
  const left = text.slice(arg.start, at).trim();
  const right = text.slice(opEnd, arg.end).trim();
  if (!leftCalls && rightCalls) return { lhs: right, op: mirror(op), rhs: left, rhsLiteral: true };
  return { lhs: left, op, rhs: right, rhsLiteral: !rightCalls };
}

function mirror(op: CompareOp): CompareOp {
  switch (op) {
    case '>':
      return '<';
    case '<':
      return '>';
    case '>=':
      return '<=';
    case '<=':
      return '>=';
    default:
      return op;
  }
}

/**
 * Whether two assumptions can hold on one path: `exclusive` when they cannot (`x==a` and `x==b`
 * with different literals, `x==a` and `x!=a`, `x>5` and `x<3`), `unknown` when they are about
 * the same value and the file cannot decide, `sequence` otherwise. Ordered comparisons are
 * decided on numbers only, and counted as possible only when a whole number satisfies both.
 */
export function compareAssumptions(a: Assumption, b: Assumption): Relation {
  if (a.lhs !== b.lhs) return 'sequence';
  const eqA = a.op === '==' || a.op === '!=';
  const eqB = b.op === '==' || b.op === '!=';
  if (eqA && eqB) {
    if (a.op === '!=' && b.op === '!=') return 'sequence';
    if (a.op === '==' && b.op === '==') {
      if (a.rhs === b.rhs) return 'sequence';
      return a.rhsLiteral && b.rhsLiteral ? 'exclusive' : 'unknown';
    }
    // One `==`, one `!=`.
    if (a.rhsLiteral && b.rhsLiteral) return a.rhs === b.rhs ? 'exclusive' : 'sequence';
    return a.rhs === b.rhs ? 'exclusive' : 'unknown';
  }
  if (a.op === b.op && a.rhs === b.rhs) return 'sequence';
  const x = numericRange(a);
  const y = numericRange(b);
  if (!x || !y) return 'unknown';
  // `x != n` leaves all but one number: it fits any range that holds two whole numbers.
  if (x === 'not' || y === 'not') {
    const range = x === 'not' ? y : x;
    if (range === 'not') return 'sequence';
    return range.hi - range.lo >= 1 ? 'sequence' : 'unknown';
  }
  const lo = Math.max(x.lo, y.lo);
  const hi = Math.min(x.hi, y.hi);
  if (lo > hi || (lo === hi && (!x.closed(lo) || !y.closed(lo)))) return 'exclusive';
  // A whole number inside both makes the pair certainly possible; the ones next to the bounds decide.
  const candidates = [Math.ceil(lo), Math.ceil(lo) + 1, Math.floor(hi), Math.floor(hi) - 1, 0];
  for (const n of candidates) if (Number.isFinite(n) && x.has(n) && y.has(n)) return 'sequence';
  return 'unknown';
}

interface NumericRange {
  readonly lo: number;
  readonly hi: number;
  has(n: number): boolean;
  closed(n: number): boolean;
}

/** The numbers an assumption with a numeric literal allows, `not` for `!=`; undefined otherwise. */
function numericRange(a: Assumption): NumericRange | 'not' | undefined {
  if (!a.rhsLiteral || !/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(a.rhs)) return undefined;
  const v = Number(a.rhs);
  const make = (lo: number, hi: number, loIn: boolean, hiIn: boolean): NumericRange => ({
    lo,
    hi,
    has: (n) => (n > lo || (loIn && n === lo)) && (n < hi || (hiIn && n === hi)),
    closed: (n) => (n === lo ? loIn : n === hi ? hiIn : true),
  });
  switch (a.op) {
    case '==':
      return make(v, v, true, true);
    case '!=':
      return 'not';
    case '>':
      return make(v, Infinity, false, false);
    case '>=':
      return make(v, Infinity, true, false);
    case '<':
      return make(-Infinity, v, false, false);
    case '<=':
      return make(-Infinity, v, false, true);
  }
}

const NO_ASSUMPTIONS: readonly Assumption[] = [];

/** The weaker of two relations: exclusive beats unknown beats sequence. */
function weaker(a: Relation, b: Relation): Relation {
  if (a === 'exclusive' || b === 'exclusive') return 'exclusive';
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  return 'sequence';
}

/** Whether two lists of assumptions can hold together. */
export function compareAssumptionLists(a: readonly Assumption[], b: readonly Assumption[]): Relation {
  let out: Relation = 'sequence';
  for (const x of a) {
    for (const y of b) {
      out = weaker(out, compareAssumptions(x, y));
      if (out === 'exclusive') return out;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Per-chunk facts: stops and conditions.

/** What the model needs from one chunk, offsets relative to the chunk. */
interface PathChunkFacts {
  /** Starts of `$stop` calls. */
  readonly stops: readonly number[];
  /** The condition of each `$if` and `$elseif`, by the call's start. */
  readonly conditions: ReadonlyArray<readonly [number, Assumption | undefined]>;
}

const CONDITION_CALLS = new Set(['$if', '$elseif']);

export const PATH_FACT = new ChunkFact<PathChunkFacts>({
  name: 'paths',
  compute: chunkPathFacts,
  move: (fact, shift) => {
    const stops = moveNumbers(fact.stops, shift);
    const conditions: Array<readonly [number, Assumption | undefined]> = [];
    for (const [start, condition] of fact.conditions) {
      const at = shift(start);
      if (at === undefined) return undefined;
      conditions.push([at, condition]);
    }
    return stops && { stops, conditions };
  },
});

/** The calls the path fact reads (see CallFilter). */
const PATH_CALLS = new CallFilter(['$stop', ...CONDITION_CALLS]);

function chunkPathFacts(text: DocText, view: ChunkView, base: number): PathChunkFacts {
  const stops: number[] = [];
  const conditions: Array<readonly [number, Assumption | undefined]> = [];
  const all = PATH_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    if (call.name === '$stop') stops.push(call.start - base);
    else if (CONDITION_CALLS.has(call.name)) {
      const first = call.args[0];
      if (first !== undefined) conditions.push([call.start - base, readCondition(text, first)]);
    }
  }
  return { stops, conditions };
}

// ---------------------------------------------------------------------------------------------
// The model.

/** How two parts of a command relate on the paths through it. */
export type Relation =
  /** Some run executes both, the earlier one first (as far as the file can tell). */
  | 'sequence'
  /** No run executes both. */
  | 'exclusive'
  /** The file cannot tell: a `$try` body and its `$catch`, a background `$async` body and the main path, undecidable conditions. */
  | 'unknown';

/** One step of a context: a block and which of its branches (0 = the body after the opener). */
export interface Step {
  readonly block: Block;
  readonly branch: number;
}

/** Where an offset sits: the branches around it, outermost first. */
export type Context = readonly Step[];

/** Deeper contexts than this are not followed by `walkPaths` (its work is recursive by depth). */
export const MAX_PATH_DEPTH = 200;

export class PathModel {
  /** Absolute starts of `$stop` calls, sorted. */
  readonly stops: readonly number[];
  /** The document's blocks, outermost first (read here, so that making the model reads them). */
  private readonly blocks: readonly Block[];

  constructor(readonly parsed: ParsedDocument) {
    this.blocks = parsed.blocks;
    const stops: number[] = [];
    for (let i = 0; i < parsed.chunkCount; i++) {
      const base = parsed.chunkStart(i);
      for (const s of parsed.fact(PATH_FACT, i).stops) stops.push(s + base);
    }
    this.stops = stops;
  }

  private sharedValue: SharedModel | undefined;

  /**
   * What this model shares with the previous version's when both have the same blocks and
   * conditions, made on first use: the conditions by offset and what is derived from them. A
   * version whose rules ask only about blocks and stops (the message rule's bound) never makes it.
   */
  private get shared(): SharedModel {
    if (!this.sharedValue) {
      const conditions = new Map<number, Assumption | undefined>();
      for (let i = 0; i < this.parsed.chunkCount; i++) {
        const base = this.parsed.chunkStart(i);
        for (const [start, condition] of this.parsed.fact(PATH_FACT, i).conditions)
          conditions.set(start + base, condition);
      }
      // The parser hands an edited version the same block tree when the edit left every block in
      // place (typing in text after the last block); with the same conditions at the same offsets
      // too, what the model derives from the two alone is the previous version's.
      const before = sharedModels.get(this.blocks);
      if (before && sameConditions(before.conditions, conditions)) this.sharedValue = before;
      else sharedModels.set(this.blocks, (this.sharedValue = { conditions, tracked: undefined }));
    }
    return this.sharedValue;
  }

  private get conditions(): ReadonlyMap<number, Assumption | undefined> {
    return this.shared.conditions;
  }

  /**
   * The branches that hold `offset`, outermost first. The opener of a block (`$if[...]` with its
   * condition) and its closer are outside the block; an `$elseif[...]` belongs to its branch.
   */
  contextOf(offset: number): Context {
    const out: Step[] = [];
    let level: readonly Block[] = this.blocks;
    for (;;) {
      const block = containing(level, offset);
      if (!block) return out;
      if (offset < block.opener.end) return out;
      if (block.closer && offset >= block.closer.start) return out;
      let branch = 0;
      for (const head of block.branches) {
        if (head.start > offset) break;
        branch++;
      }
      out.push({ block, branch });
      level = block.children;
    }
  }

  /** The condition of the `$if`/`$elseif` that starts at `start`, when it has one the model reads. */
  conditionAt(start: number): Assumption | undefined {
    return this.conditions.get(start);
  }

  /** Per block, what holds on each of its branches (by branch index), made on first use. */
  private readonly assumptionMemo = new Map<Block, Array<readonly Assumption[] | undefined>>();

  /** What holds on every path through branch `branch` of an `$if` block (nothing for other blocks). */
  branchAssumptions(block: Block, branch: number): readonly Assumption[] {
    if (block.kind !== 'if') return NO_ASSUMPTIONS;
    let byBranch = this.assumptionMemo.get(block);
    if (!byBranch) this.assumptionMemo.set(block, (byBranch = []));
    return (byBranch[branch] ??= this.computeBranchAssumptions(block, branch));
  }

  private computeBranchAssumptions(block: Block, branch: number): readonly Assumption[] {
    const heads = [block.opener, ...block.branches];
    const out: Assumption[] = [];
    for (let k = 0; k < branch && k < heads.length; k++) {
      const head = heads[k];
      const c = head === undefined || head.name === '$else' ? undefined : this.conditions.get(head.start);
      if (c) out.push({ ...c, op: NEGATED[c.op] });
    }
    const own = heads[branch];
    if (own && own.name !== '$else') {
      const c = this.conditions.get(own.start);
      if (c) out.push(c);
    }
    return out.length > 0 ? out : NO_ASSUMPTIONS;
  }

  /**
   * Left sides compared in the conditions of two or more blocks: only those can exclude one
   * path from another, so only they are kept with a path state (others would split states for
   * nothing). Shared with the previous version's model when the blocks and conditions are.
   */
  get tracked(): ReadonlySet<string> {
    return (this.shared.tracked ??= this.computeTracked());
  }

  /**
   * Counted over the block tree: each `$if` block once per left side its heads test, and each
   * `$elseif` outside any `$if` (the parser's `else-outside-if`) as a block of its own.
   */
  private computeTracked(): ReadonlySet<string> {
    const blocksBy = new Map<string, number>();
    const count = (side: string): void => void blocksBy.set(side, (blocksBy.get(side) ?? 0) + 1);
    const pending: Block[] = [...this.blocks];
    for (let block = pending.pop(); block !== undefined; block = pending.pop()) {
      for (const child of block.children) pending.push(child);
      if (block.kind !== 'if') continue;
      // Most blocks test one side (a handler's `$customID`, once per head): a list, not a set.
      const sides: string[] = [];
      for (const head of [block.opener, ...block.branches]) {
        const side = this.conditions.get(head.start)?.lhs;
        if (side === undefined || sides.includes(side)) continue;
        sides.push(side);
        count(side);
      }
    }
    for (const p of this.parsed.blockProblems) {
      if (p.code !== 'else-outside-if') continue;
      const side = this.conditions.get(p.call.start)?.lhs;
      if (side !== undefined) count(side);
    }
    const out = new Set<string>();
    for (const [side, n] of blocksBy) if (n >= 2) out.add(side);
    return out;
  }

  /** What holds on every path that reaches a context. */
  assumptionsOf(context: Context): Assumption[] {
    const out: Assumption[] = [];
    for (const step of context) out.push(...this.branchAssumptions(step.block, step.branch));
    return out;
  }

  /**
   * How the parts at offsets `a` and `b` relate: `exclusive` when they lie in different branches
   * of one `$if`, under conditions that exclude each other, or when a `$stop` that every path
   * through the earlier one reaches lies between them; `unknown` for a `$try` body and its
   * `$catch`, for a background `$async` body and anything outside it, and for conditions on the
   * same value the file cannot decide; `sequence` otherwise.
   */
  relation(a: number, b: number): Relation {
    return a > b ? this.relationOf(b, this.contextOf(b), a) : this.relationOf(a, this.contextOf(a), b);
  }

  /**
   * `relation(a, b)` for many parts `a` and one `b`: `b`'s context is found once. Contexts are
   * found by `contextOf`, which a caller asking about the same parts again and again hands in
   * from `contextMemo`.
   */
  relationsTo(b: number, contextOf: (offset: number) => Context = (o) => this.contextOf(o)): (a: number) => Relation {
    const cb = contextOf(b);
    return (a) => (a > b ? this.relationOf(b, cb, a, contextOf(a)) : this.relationOf(a, contextOf(a), b, cb));
  }

  /**
   * `contextOf` that keeps what it found, for one run of a rule that asks about the same parts
   * many times (the embeds near each Components V2 call): the memo goes with the function, and
   * nothing stays with the model.
   */
  contextMemo(): (offset: number) => Context {
    const memo = new Map<number, Context>();
    return (offset) => {
      let context = memo.get(offset);
      if (context === undefined) memo.set(offset, (context = this.contextOf(offset)));
      return context;
    };
  }

  /** `relation` of `a` (with its context `ca`) and a later `b`, for callers that ask about one part many times. */
  private relationOf(a: number, ca: Context, b: number, cb: Context = this.contextOf(b)): Relation {
    let k = 0;
    for (; k < ca.length && k < cb.length; k++) {
      const sa = ca[k];
      const sb = cb[k];
      if (sa === undefined || sb === undefined || sa.block.start !== sb.block.start) break;
      if (sa.branch !== sb.branch) return sa.block.kind === 'if' ? 'exclusive' : 'unknown';
    }
    if (this.stoppedBetween(a, b, ca)) return 'exclusive';
    for (let j = k; j < ca.length; j++) if (ca[j]?.block.kind === 'async') return 'unknown';
    for (let j = k; j < cb.length; j++) if (cb[j]?.block.kind === 'async') return 'unknown';
    return compareAssumptionLists(this.assumptionsOf(ca.slice(k)), this.assumptionsOf(cb.slice(k)));
  }

  /**
   * The stops of each branch, by where they sit directly (not in a block inside the branch):
   * `$stop` ends every path through the parts of its branch before it, at any depth. Keyed by
   * the branch (`block start:branch`, `top` for top level); stops in `$async` bodies are left
   * out (they end the background body only). Made on first use.
   */
  private stopsByBranch: Map<string, number[]> | undefined;

  private branchStops(): Map<string, number[]> {
    if (!this.stopsByBranch) {
      const map = new Map<string, number[]>();
      for (const s of this.stops) {
        const context = this.contextOf(s);
        if (context.some((step) => step.block.kind === 'async')) continue;
        const key = branchKey(context, context.length);
        const list = map.get(key);
        if (list) list.push(s);
        else map.set(key, [s]);
      }
      this.stopsByBranch = map;
    }
    return this.stopsByBranch;
  }

  /** Whether a `$stop` after `a` and before `b` ends every path through `a` (`ca` is `a`'s context). */
  private stoppedBetween(a: number, b: number, ca: Context): boolean {
    if (this.stops.length === 0) return false;
    const byBranch = this.branchStops();
    // A stop directly in one of the branches around `a` (or at top level) ends its paths.
    for (let level = 0; level <= ca.length; level++) {
      if (level > 0 && ca[level - 1]?.block.kind === 'async') return false;
      const list = byBranch.get(branchKey(ca, level));
      if (!list) continue;
      const i = lowerBound(list, a + 1);
      const next = list[i];
      if (next !== undefined && next < b) return true;
    }
    return false;
  }

  /** Whether no run reaches `offset`: a `$stop` before it ends every path that would. */
  dead(offset: number): boolean {
    if (this.stops.length === 0) return false;
    const context = this.contextOf(offset);
    const byBranch = this.branchStops();
    for (let level = 0; level <= context.length; level++) {
      if (level > 0 && context[level - 1]?.block.kind === 'async') return false;
      const list = byBranch.get(branchKey(context, level));
      const first = list?.[0];
      if (first !== undefined && first < offset) return true;
    }
    return false;
  }

  /**
   * At most how much one path adds up of `events` (sorted by `at`, each adding `count`), judged on
   * the block tree alone: any branch may follow any other (conditions are not read), a `$stop`
   * ends the paths through it, and an `$async` body is a path of its own. A walk (`walkPaths`)
   * that adds the same counts never reaches more on one path: it follows only some of these
   * paths, and starts some afresh. So a rule whose limit this does not pass needs no walk. One
   * pass over the blocks, the events and the stops, without a context per event.
   */
  mostOnOnePath(events: ReadonlyArray<PathEvent & { readonly count: number }>): number {
    const stops = this.stops;
    let e = 0;
    let s = 0;
    let most = 0;
    // The most a live path holds at the place the pass has reached (-Infinity: no live path).
    let live = 0;
    // A block that runs past the end of the branch it starts in, or into the next block of its
    // list (blocks left open inside others, whose ends the matching then moved): contextOf puts
    // their parts where this pass does not follow them. Then there is no bound; nor past
    // MAX_PATH_DEPTH, where the walk stops following and this pass stops going down.
    let unbounded = false;
    // The events and stops before `end` not taken yet.
    const until = (end: number): void => {
      for (;;) {
        const event = events[e];
        const at = event ? event.at : Infinity;
        const stop = stops[s] ?? Infinity;
        if (stop < at && stop < end) {
          s++;
          live = -Infinity;
        } else if (event && at < end) {
          e++;
          live += event.count;
          if (live > most) most = live;
        } else return;
      }
    };
    // One branch (or the top level) up to `to`, its blocks from index `from` of `blocks`: `live`
    // holds what a path holds on entering it and at its end. Returns the index of the next block.
    const sequence = (blocks: readonly Block[], from: number, to: number, depth: number): number => {
      let k = from;
      let last = -1;
      for (let block = blocks[k]; block !== undefined && block.start < to && !unbounded; block = blocks[++k]) {
        if (block.end > to || block.start < last || depth >= MAX_PATH_DEPTH) {
          unbounded = true;
          break;
        }
        last = block.end;
        // What sits in the opener's arguments comes before the block (as contextOf places it).
        until(block.opener.end);
        // Heads past the block's end (a block left open, ended where its scope's matching
        // moved on) hold nothing of it.
        const end = block.closer ? block.closer.start : block.end;
        const entry = live;
        if (block.kind === 'async') {
          live = 0;
          sequence(block.children, 0, end, depth + 1);
          live = entry;
          continue;
        }
        let out = entry;
        let child = 0;
        for (let h = 0; h <= block.branches.length; h++) {
          live = entry;
          child = sequence(block.children, child, Math.min(block.branches[h]?.start ?? end, end), depth + 1);
          if (live > out) out = live;
        }
        live = out;
      }
      until(to);
      return k;
    };
    sequence(this.blocks, 0, Infinity, 0);
    return unbounded ? Infinity : most;
  }

  /**
   * Whether the part at `x` may run before the part at `y` in some run: an earlier part unless
   * the two exclude each other, a later part only when `y` runs in an `$async` body that `x` is
   * outside of (the main path goes on while the body runs).
   */
  mayRunBefore(x: number, y: number): boolean {
    return this.mayRunBeforeIn(x, y, this.contextOf(y));
  }

  /** `mayRunBefore` with `y`'s context (`cy`) already known. */
  private mayRunBeforeIn(x: number, y: number, cy: Context): boolean {
    if (x < y) return this.relationOf(x, this.contextOf(x), y, cy) !== 'exclusive';
    const cx = this.contextOf(x);
    for (const step of cy) {
      if (step.block.kind !== 'async') continue;
      if (!cx.some((s) => s.block.start === step.block.start)) return true;
    }
    return false;
  }

  /**
   * Whether one of the parts at `starts` (sorted) may run before the part at `offset`, those
   * before index `split` being the earlier ones: the nearest earlier ones are asked first, later
   * ones only when `offset` runs in an `$async` body. Past `max` questions the answer is yes, which
   * keeps the rules that ask quiet. `offset`'s context is found once for all the questions.
   */
  anyMayRunBefore(starts: readonly number[], split: number, offset: number, max: number): boolean {
    const context = this.contextOf(offset);
    let asked = 0;
    for (let k = split - 1; k >= 0; k--) {
      if (++asked > max) return true;
      const at = starts[k];
      if (at !== undefined && this.mayRunBeforeIn(at, offset, context)) return true;
    }
    if (split === starts.length || !context.some((step) => step.block.kind === 'async')) return false;
    for (let k = split; k < starts.length; k++) {
      if (++asked > max) return true;
      const at = starts[k];
      if (at !== undefined && this.mayRunBeforeIn(at, offset, context)) return true;
    }
    return false;
  }
}

/**
 * What a path model derives from the block tree and the conditions alone: the conditions by
 * offset and the left sides it tracks. Kept by block tree (`sharedModels`), so a version whose
 * parse reused the previous block tree and holds the same conditions shares it.
 */
interface SharedModel {
  readonly conditions: Map<number, Assumption | undefined>;
  tracked: ReadonlySet<string> | undefined;
}

const sharedModels = new WeakMap<readonly Block[], SharedModel>();

/** Whether two maps of conditions by offset hold the same conditions at the same offsets. */
function sameConditions(
  a: ReadonlyMap<number, Assumption | undefined>,
  b: ReadonlyMap<number, Assumption | undefined>,
): boolean {
  if (a.size !== b.size) return false;
  for (const [start, x] of b) {
    const y = a.get(start);
    if (x === y) {
      if (x === undefined && !a.has(start)) return false;
      continue;
    }
    if (!x || !y || x.lhs !== y.lhs || x.op !== y.op || x.rhs !== y.rhs || x.rhsLiteral !== y.rhsLiteral) return false;
  }
  return true;
}

/** The branch a context's first `level` steps lead into, as a key (`top` for none). */
function branchKey(context: Context, level: number): string {
  const step = level > 0 ? context[level - 1] : undefined;
  if (step === undefined) return 'top';
  return `${step.block.start}:${step.branch}`;
}

/** The block of a sibling list (sorted by start) that holds `offset`. */
function containing(blocks: readonly Block[], offset: number): Block | undefined {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const candidate = blocks[mid];
    if (candidate !== undefined && candidate.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  const block = blocks[lo - 1];
  return block && offset < block.end ? block : undefined;
}

/** The first index whose value is at least `value` in a sorted list. */
function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = list[mid];
    if (item !== undefined && item < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const MODELS = new DerivedValue('paths', (parsed) => new PathModel(parsed));

/** The path model of a parsed document, made once per parse. */
export function pathModel(parsed: ParsedDocument): PathModel {
  return MODELS.of(parsed);
}

// ---------------------------------------------------------------------------------------------
// Walking the paths.

/** Something that happens at an offset on the paths through it. */
export interface PathEvent {
  readonly at: number;
}

/**
 * A state machine run along every path: `step` applies an event to the state of one path (and
 * may record findings); states with equal keys are merged.
 */
export interface PathWalker<E extends PathEvent, S> {
  readonly initial: S;
  key(state: S): string;
  step(state: S, event: E): S;
  /** Combines two states with one key; by default the first is kept. */
  merge?(a: S, b: S): S;
  /** Whether the walk can end here: nothing more to find (checked between items). */
  finished?(): boolean;
  /** At most this many states at once (MAX_PATH_STATES when not given): for walkers whose states are heavy to step. */
  readonly maxStates?: number;
}

/** The end of one path: the walker's state, whether a `$stop` ended it, and its assumptions. */
export interface PathEnd<S> {
  readonly state: S;
  readonly stopped: boolean;
  readonly assumptions: readonly Assumption[];
}

/** At most this many distinct states are followed at once; the rest are dropped (their findings missed, never invented). */
export const MAX_PATH_STATES = 256;

interface Tracked<S> {
  readonly state: S;
  readonly stopped: boolean;
  readonly assumptions: readonly Assumption[];
  /** `assumptions` as a small number (interned per walk, made when they change): 0 for none. */
  readonly aid: number;
}

type Item<E> = { readonly kind: 'event'; readonly event: E } | { readonly kind: 'stop' } | BlockItem<E>;

interface BlockItem<E> {
  readonly kind: 'block';
  readonly block: Block;
  /** Items per branch index. */
  readonly branches: Array<Array<Item<E>>>;
}

/**
 * Runs `walker` along the paths through `events` (any order) and returns the states at the
 * paths' ends. A path takes one branch of each `$if` block (or none without `$else`), the
 * `$try` body or the `$catch` body (only the catch body's events count on the failing path: how
 * far the body got is not known), ends at a `$stop`, and leaves `$async` bodies to paths of
 * their own (walked from the initial state, their ends not returned). Paths whose conditions
 * exclude each other are not followed; where the file cannot decide whether a branch fits the
 * path so far, the branch starts from the initial state. So the events a state has seen always
 * run together in some real run (a state may miss some, never hold one too many). Blocks that
 * hold no event do not split paths. Events in contexts deeper than MAX_PATH_DEPTH are ignored.
 */
export function walkPaths<E extends PathEvent, S>(
  model: PathModel,
  events: readonly E[],
  walker: PathWalker<E, S>,
): Array<PathEnd<S>> {
  // Most rules hand their events in document order already.
  let inOrder = true;
  for (let i = 1; i < events.length && inOrder; i++) inOrder = (events[i - 1] as E).at <= (events[i] as E).at;
  const sorted = inOrder ? events : [...events].sort((a, b) => a.at - b.at);
  const root: Array<Item<E>> = [];
  const stops = model.stops;
  const placed: Block[] = [];
  let s = 0;
  const place = (at: number, item: Item<E>): void => {
    const context = model.contextOf(at);
    if (context.length > MAX_PATH_DEPTH) return;
    let seq = root;
    for (const step of context) {
      const last = seq[seq.length - 1];
      let block: BlockItem<E>;
      if (last && last.kind === 'block' && last.block.start === step.block.start) block = last;
      else {
        seq.push((block = { kind: 'block', block: step.block, branches: [] }));
        placed.push(step.block);
      }
      seq = block.branches[step.branch] ??= [];
    }
    seq.push(item);
  };
  for (const event of sorted) {
    // Stops only matter before events; those after the last event change nothing.
    for (; s < stops.length; s++) {
      const stop = stops[s];
      if (stop === undefined || stop >= event.at) break;
      place(stop, { kind: 'stop' });
    }
    place(event.at, { kind: 'event', event });
  }
  const start: Tracked<S> = { state: walker.initial, stopped: false, assumptions: NO_ASSUMPTIONS, aid: 0 };
  const walk: Walk<E, S> = {
    model,
    walker,
    tracked: model.tracked,
    ids: new Map(),
    numbers: new Map(),
    byText: new Map(),
    lastTest: lastTests(model, placed),
  };
  return run(walk, root, [start]).map((t) => ({ state: t.state, stopped: t.stopped, assumptions: t.assumptions }));
}

/** One walk: the model, the walker, and the values whose conditions are followed. */
interface Walk<E extends PathEvent, S> {
  readonly model: PathModel;
  readonly walker: PathWalker<E, S>;
  /** The left sides whose conditions are kept with a state (PathModel.tracked). */
  readonly tracked: ReadonlySet<string>;
  /** Assumption lists seen in this walk, as small numbers, by their prefix's number and last assumption's. */
  readonly ids: Map<number, number>;
  /** Assumptions seen in this walk, as small numbers, by object and by text. */
  readonly numbers: Map<Assumption, number>;
  readonly byText: Map<string, number>;
  /** Per tracked left side, the start of the last block of this walk whose conditions test it. */
  readonly lastTest: ReadonlyMap<string, number>;
}

/** Per tracked left side, the start of the last of `blocks` whose conditions test it. */
function lastTests(model: PathModel, blocks: readonly Block[]): Map<string, number> {
  const out = new Map<string, number>();
  const tracked = model.tracked;
  if (tracked.size === 0) return out;
  // A block's branches assume its heads' conditions or their negations, so the left sides it
  // tests are those of its heads' conditions (read without making the branches' assumptions).
  const test = (head: BlockCall, block: Block): void => {
    const condition = model.conditionAt(head.start);
    if (condition && tracked.has(condition.lhs) && (out.get(condition.lhs) ?? -1) < block.start)
      out.set(condition.lhs, block.start);
  };
  for (const block of blocks) {
    if (block.kind !== 'if') continue;
    test(block.opener, block);
    for (const head of block.branches) if (head.name !== '$else') test(head, block);
  }
  return out;
}

/**
 * A state without the assumptions no block after `at` tests: they can no longer keep it out of
 * a branch, and dropping them lets states that differ only by them merge. This is what keeps
 * the number of states small in a long command whose conditions split paths again and again.
 */
function forgetSettled<E extends PathEvent, S>(walk: Walk<E, S>, t: Tracked<S>, at: number): Tracked<S> {
  const settled = (a: Assumption): boolean => (walk.lastTest.get(a.lhs) ?? -1) <= at;
  if (!t.assumptions.some(settled)) return t;
  const assumptions = t.assumptions.filter((a) => !settled(a));
  return { ...t, assumptions, aid: assumptionId(walk, assumptions) };
}

function run<E extends PathEvent, S>(
  walk: Walk<E, S>,
  seq: ReadonlyArray<Item<E>>,
  states: Array<Tracked<S>>,
): Array<Tracked<S>> {
  let current = states;
  // Whether no two states in `current` share a key (what `dedupe` makes).
  let unique = current.length <= 1;
  // Once every path here has ended (and no two states share a key), nothing can start a live
  // one again in this sequence: events and stops leave the states as they are, `$async` bodies
  // are walked apart, and each other block only forgets what no later block tests (then merges
  // the states that became equal). Forgetting at a later block forgets all an earlier one would,
  // and merges keep the higher count in either order, so the blocks' forgetting is done once,
  // at the end, for the last of them.
  let ended = false;
  let forgetAt = -1;
  const settled = (): Array<Tracked<S>> =>
    forgetAt < 0
      ? current
      : dedupe(
          current.map((t) => forgetSettled(walk, t, forgetAt)),
          walk.walker,
        );
  for (const item of seq) {
    if (current.length === 0 || walk.walker.finished?.()) return settled();
    if (!ended && unique && current.every((t) => t.stopped)) ended = true;
    switch (item.kind) {
      case 'event': {
        if (ended) break;
        unique = true;
        const stepped = current.map((t) => (t.stopped ? t : { ...t, state: walk.walker.step(t.state, item.event) }));
        // One state cannot collide with another.
        current = stepped.length > 1 ? dedupe(stepped, walk.walker) : stepped;
        break;
      }
      case 'stop':
        if (ended) break;
        current = current.map((t) => (t.stopped ? t : { ...t, stopped: true }));
        unique = current.length <= 1;
        break;
      case 'block':
        if (ended && item.block.kind !== 'async') {
          forgetAt = item.block.start;
          break;
        }
        // An `$async` block walks its body apart and hands the states on as they came.
        if (item.block.kind !== 'async') unique = true;
        current = runBlock(walk, item, current);
        break;
    }
  }
  return settled();
}

function runBlock<E extends PathEvent, S>(
  walk: Walk<E, S>,
  item: BlockItem<E>,
  states: Array<Tracked<S>>,
): Array<Tracked<S>> {
  const { model, walker } = walk;
  const block = item.block;
  const live = states.filter((t) => !t.stopped);
  const done = states.filter((t) => t.stopped);
  if (block.kind === 'async') {
    // The body runs beside the main path: a path of its own.
    const body = item.branches[0];
    if (body) run(walk, body, [{ state: walker.initial, stopped: false, assumptions: NO_ASSUMPTIONS, aid: 0 }]);
    return states;
  }
  const out: Array<Tracked<S>> = [...done];
  // A path enters a branch whose conditions fit its own. Where that cannot be decided, the
  // branch starts a path of its own: what came before is not counted with what follows.
  const enter = (branch: number): Array<Tracked<S>> => {
    // No live path enters any branch (an `$async` inside is then not walked either).
    if (live.length === 0) return live;
    const assumptions = model.branchAssumptions(block, branch);
    const kept = assumptions.filter((a) => walk.tracked.has(a.lhs));
    if (kept.length === 0) return live;
    const entering: Array<Tracked<S>> = [];
    let fresh = false;
    for (const t of live) {
      const relation = compareAssumptionLists(t.assumptions, kept);
      if (relation === 'unknown') fresh = true;
      if (relation !== 'sequence') continue;
      const assumptions = addAssumptions(t.assumptions, kept);
      // A path that holds too many conditions is not followed further (its findings are missed).
      if (assumptions.length <= MAX_ASSUMPTIONS)
        entering.push(
          assumptions === t.assumptions
            ? t
            : { ...t, assumptions, aid: assumptionId(walk, assumptions, t.assumptions, t.aid) },
        );
    }
    if (fresh)
      entering.push({ state: walker.initial, stopped: false, assumptions: kept, aid: assumptionId(walk, kept) });
    return entering;
  };
  const branchCount = block.branches.length + 1;
  let passThrough = false;
  for (let k = 0; k < branchCount; k++) {
    const body = item.branches[k];
    if (!body) {
      passThrough = true;
      continue;
    }
    out.push(...run(walk, body, enter(k)));
  }
  if (block.kind === 'if') {
    // Without `$else` a run may take no branch: every condition was false.
    const hasElse = block.branches.some((b) => b.name === '$else');
    if (!hasElse) out.push(...enter(branchCount));
    else if (passThrough) out.push(...live);
  } else if (passThrough || block.branches.length === 0) {
    // A `$try` whose body or `$catch` has no event, or a `$try` without `$catch` that failed.
    out.push(...live);
  }
  return dedupe(
    out.map((t) => forgetSettled(walk, t, block.start)),
    walker,
  );
}

/** At most this many conditions are kept with one path state. */
const MAX_ASSUMPTIONS = 32;

/**
 * `list` plus `more`, without what it already says: an assumption given twice, or `x != b` when
 * `x == a` (both literal, a different from b) already holds.
 */
function addAssumptions(list: readonly Assumption[], more: readonly Assumption[]): readonly Assumption[] {
  let out: Assumption[] | undefined;
  for (const a of more) {
    const current = out ?? list;
    const redundant = current.some(
      (b) =>
        b.lhs === a.lhs &&
        ((b.op === a.op && b.rhs === a.rhs) ||
          (a.op === '!=' && b.op === '==' && a.rhsLiteral && b.rhsLiteral && a.rhs !== b.rhs)),
    );
    if (redundant) continue;
    out ??= [...list];
    out.push(a);
  }
  return out ?? list;
}

function dedupe<E extends PathEvent, S>(states: Array<Tracked<S>>, walker: PathWalker<E, S>): Array<Tracked<S>> {
  const byKey = new Map<string, Tracked<S>>();
  for (const t of states) {
    const key = `${t.stopped ? t.aid * 2 + 1 : t.aid * 2}|${walker.key(t.state)}`;
    const seen = byKey.get(key);
    if (!seen) {
      if (byKey.size >= (walker.maxStates ?? MAX_PATH_STATES)) continue;
      byKey.set(key, t);
    } else if (walker.merge) {
      byKey.set(key, { ...seen, state: walker.merge(seen.state, t.state) });
    }
  }
  return [...byKey.values()];
}

/**
 * The number that stands for an assumption list in one walk: equal lists get equal numbers. A
 * list that extends one already numbered (what `addAssumptions` makes) costs one lookup per added
 * assumption.
 */
function assumptionId<E extends PathEvent, S>(
  walk: Walk<E, S>,
  list: readonly Assumption[],
  prefix: readonly Assumption[] = NO_ASSUMPTIONS,
  prefixId = 0,
): number {
  let id = prefixId;
  for (let i = prefix.length; i < list.length; i++) {
    // Below 2^20 assumptions and 2^32 lists the pair is exact in a double.
    const assumption = list[i];
    if (assumption === undefined) break;
    const key = id * 0x100000 + assumptionNumber(walk, assumption);
    let next = walk.ids.get(key);
    if (next === undefined) walk.ids.set(key, (next = walk.ids.size + 1));
    id = next;
  }
  return id;
}

/** A number per distinct assumption (by its left side, operator and right side) in one walk. */
function assumptionNumber<E extends PathEvent, S>(walk: Walk<E, S>, a: Assumption): number {
  let n = walk.numbers.get(a);
  if (n === undefined) {
    const key = `${a.lhs}\u0000${a.op}\u0000${a.rhs}`;
    n = walk.byText.get(key);
    if (n === undefined) walk.byText.set(key, (n = walk.byText.size));
    walk.numbers.set(a, n);
  }
  return n;
}

/** Whether a call sits in the trigger line or in the arguments of a call there. */
export function inTrigger(parsed: ParsedDocument, offset: number): boolean {
  const t = parsed.trigger;
  return t !== null && offset >= t.start && offset < t.end;
}

/** The calls that enclose a call, innermost first. */
export function* ancestors(call: CallNode): Iterable<{ call: CallNode; arg: ArgNode }> {
  let arg = call.parent;
  while (arg) {
    yield { call: arg.parent, arg };
    arg = arg.parent.parent;
  }
}
