// Block matching: `$if`/`$elseif`/`$else`/`$endif`, `$try`/`$catch`/`$endtry` and
// `$async[name]`/`$endasync` paired into a tree, plus the problems matching finds (unclosed
// blocks, stray ends, misplaced branches, `$error` outside `$catch`, async names). A block
// opened inside an argument must end inside that argument (BDScript 2 runs each argument as
// a script of its own); the arguments of a call whose `[` is never closed count as the
// enclosing scope, so one missing `]` does not also unpair every block after it.
//
// Matching never walks the tree: each chunk summarises its block calls once (`blockFacts`, kept
// with the chunk while an edit elsewhere reuses it), and the document's blocks are matched
// from those summaries.

import { BLOCK_CALL_NAMES } from './chunk';
import { CallFilter } from './callsByName';
import type { Shift } from './facts';
import { literalText } from './query';
import type { ArgNode, CallNode, ChunkView, Span } from './tree';
import { msg, type Text } from '../l10n';
import type { DocText } from './text';

export type BlockKind = 'if' | 'try' | 'async';

/** A call that plays a part in blocks, as the block tree keeps it. */
export interface BlockCall extends Span {
  readonly name: string;
  /** End of the name token. */
  readonly nameEnd: number;
  /** Offset of `[`, or -1 for a bare call. */
  readonly open: number;
  /** Offset of `]`, or -1 when bare or never closed. */
  readonly close: number;
  /** The first argument's span, when the call has brackets. */
  readonly firstArg: Span | undefined;
  /** The first argument's literal text, trimmed, for `$async`/`$await` (names), when not empty. */
  readonly label: string | undefined;
}

export interface Block extends Span {
  readonly kind: BlockKind;
  readonly opener: BlockCall;
  /** `$elseif`/`$else` for if-blocks, `$catch` for try-blocks, in order. */
  readonly branches: readonly BlockCall[];
  readonly closer: BlockCall | null;
  readonly parent: Block | null;
  readonly children: readonly Block[];
  /** For `$async[name]`: the name, when it is literal text. */
  readonly name: string | undefined;
}

export type BlockProblemCode =
  | 'unclosed-block'
  | 'stray-block-end'
  | 'else-outside-if'
  | 'elseif-after-else'
  | 'duplicate-else'
  | 'catch-outside-try'
  | 'duplicate-catch'
  | 'error-outside-catch'
  | 'duplicate-async'
  | 'unknown-async';

export interface BlockProblem extends Span {
  readonly code: BlockProblemCode;
  readonly call: BlockCall;
  readonly message: Text;
  /** The other call involved (the `$if` of a second `$else`, the first `$async` of a name). */
  readonly related: BlockCall | undefined;
}

type Role =
  | { readonly kind: BlockKind; readonly role: 'open' }
  | { readonly kind: BlockKind; readonly role: 'branch' }
  | { readonly kind: BlockKind; readonly role: 'close' };

/** The block role of each block function, by name. */
export const BLOCK_ROLES: ReadonlyMap<string, Role> = new Map<string, Role>([
  ['$if', { kind: 'if', role: 'open' }],
  ['$elseif', { kind: 'if', role: 'branch' }],
  ['$else', { kind: 'if', role: 'branch' }],
  ['$endif', { kind: 'if', role: 'close' }],
  ['$try', { kind: 'try', role: 'open' }],
  ['$catch', { kind: 'try', role: 'branch' }],
  ['$endtry', { kind: 'try', role: 'close' }],
  ['$async', { kind: 'async', role: 'open' }],
  ['$endasync', { kind: 'async', role: 'close' }],
]);

const CLOSER: Record<BlockKind, string> = { if: '$endif', try: '$endtry', async: '$endasync' };
const OPENER: Record<BlockKind, string> = { if: '$if', try: '$try', async: '$async' };

/** The scope key of top level; other scopes are keyed by the start of their argument. */
export const TOP_SCOPE = -1;

/** How many enclosing scopes `$error` looks through for its `$catch`; real code nests a few. */
const MAX_CATCH_SEARCH_DEPTH = 256;

// ---------------------------------------------------------------------------------------------
// Per-chunk summaries.

/** A block call of one chunk, offsets relative to the chunk. */
export interface BlockCallFact extends BlockCall {
  /** The argument the call's blocks live in (its start), or TOP_SCOPE. */
  readonly scope: number;
  /** The call sits at top level (not in any argument). */
  readonly topLevel: boolean;
}

/** What block matching needs from one chunk, offsets relative to the chunk. */
export interface BlockFacts {
  readonly calls: readonly BlockCallFact[];
  /** For each scope the calls use (and the scopes around them): where it ends and its own scope. */
  readonly scopes: ReadonlyMap<number, { readonly end: number; readonly parent: number }>;
}

/** The scope a call's blocks live in: its argument, skipping arguments of unclosed calls. */
export function blockScope(call: CallNode): ArgNode | null {
  return scopeOfArg(call.parent);
}

function scopeOfArg(start: ArgNode | null): ArgNode | null {
  let arg = start;
  while (arg && arg.parent.close < 0) arg = arg.parent.parent;
  return arg;
}

/** The calls the block facts read (see CallFilter): a chunk's block calls are few among its calls. */
const BLOCK_CALLS = new CallFilter(BLOCK_CALL_NAMES);

/**
 * Summarises the block calls of a chunk view that starts at `base`: the calls `isBlockCall` names,
 * which are among BLOCK_CALL_NAMES (only those are walked).
 */
export function blockFacts(
  text: DocText,
  view: ChunkView,
  base: number,
  isBlockCall: (name: string) => boolean,
): BlockFacts {
  const calls: BlockCallFact[] = [];
  const scopes = new Map<number, { end: number; parent: number }>();
  // Scopes by argument, resolved once each: a chain of unclosed calls is walked once.
  const memo = new Map<ArgNode, ArgNode | null>();
  const resolve = (from: ArgNode | null): ArgNode | null => {
    const pending: ArgNode[] = [];
    let arg = from;
    let scope: ArgNode | null = null;
    while (arg) {
      if (arg.parent.close >= 0) {
        scope = arg;
        break;
      }
      const known = memo.get(arg);
      if (known !== undefined) {
        scope = known;
        break;
      }
      pending.push(arg);
      arg = arg.parent.parent;
    }
    for (const a of pending) memo.set(a, scope);
    return scope;
  };
  /** Records a scope and the scopes around it; each scope once, so this is linear overall. */
  const record = (scope: ArgNode | null): number => {
    if (!scope) return TOP_SCOPE;
    const key = scope.start - base;
    let current: ArgNode | null = scope;
    while (current) {
      const k = current.start - base;
      if (scopes.has(k)) break;
      const outer = resolve(current.parent.parent);
      scopes.set(k, { end: current.end - base, parent: outer ? outer.start - base : TOP_SCOPE });
      current = outer;
    }
    return key;
  };
  // Indexed, not `for...of`: an iterator is a call and an object per step in a cold check.
  const all = BLOCK_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined || !isBlockCall(call.name)) continue;
    const first = call.args[0];
    const label =
      first && (call.name === '$async' || call.name === '$await') ? literalText(text, first)?.trim() : undefined;
    const fact: BlockCallFact = {
      name: call.name,
      start: call.start - base,
      end: call.end - base,
      nameEnd: call.nameEnd - base,
      open: call.open >= 0 ? call.open - base : -1,
      close: call.close >= 0 ? call.close - base : -1,
      firstArg: first ? { start: first.start - base, end: first.end - base } : undefined,
      label: label !== undefined && label !== '' ? label : undefined,
      // A call at top level (most block calls) is in TOP_SCOPE: no scope to resolve or record.
      scope: call.parent === null ? TOP_SCOPE : record(resolve(call.parent)),
      topLevel: call.parent === null,
    };
    calls.push(fact);
  }
  return { calls, scopes };
}

/**
 * A chunk's block call made absolute, with its scope and whether it is at top level. One class
 * with fixed fields: a large document has thousands and they are made again after each edit.
 */
export class PlacedBlockCall implements BlockCall {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly nameEnd: number;
  readonly open: number;
  readonly close: number;
  readonly label: string | undefined;
  readonly scope: number;
  readonly topLevel: boolean;
  private readonly firstStart: number;
  private readonly firstEnd: number;

  constructor(fact: BlockCallFact, base: number) {
    this.name = fact.name;
    this.start = fact.start + base;
    this.end = fact.end + base;
    this.nameEnd = fact.nameEnd + base;
    this.open = fact.open >= 0 ? fact.open + base : -1;
    this.close = fact.close >= 0 ? fact.close + base : -1;
    this.label = fact.label;
    this.scope = fact.scope === TOP_SCOPE ? TOP_SCOPE : fact.scope + base;
    this.topLevel = fact.topLevel;
    this.firstStart = fact.firstArg ? fact.firstArg.start + base : -1;
    this.firstEnd = fact.firstArg ? fact.firstArg.end + base : -1;
  }

  get firstArg(): Span | undefined {
    return this.firstStart >= 0 ? { start: this.firstStart, end: this.firstEnd } : undefined;
  }

  /**
   * The call with each offset passed through `map` (a negative one means "none" and stays): this
   * call when none moves, undefined when one cannot be placed.
   */
  moved(map: Shift): PlacedBlockCall | undefined {
    const start = map(this.start);
    const end = map(this.end);
    if (start === undefined || end === undefined) return undefined;
    // Offsets only grow along a call, and an edit moves all of them or none of them (the
    // offsets before it stay, those after it move by one amount).
    if (start === this.start && end === this.end) return this;
    const delta = start - this.start;
    const scope = this.scope === TOP_SCOPE ? TOP_SCOPE : map(this.scope);
    if (end - this.end === delta && scope === (this.scope === TOP_SCOPE ? TOP_SCOPE : this.scope + delta))
      return new PlacedBlockCall(this, delta);
    // An edit inside the call (its arguments): each offset on its own.
    const at = (offset: number): number | undefined => (offset < 0 ? offset : map(offset));
    const fact = {
      name: this.name,
      start,
      end,
      nameEnd: at(this.nameEnd),
      open: at(this.open),
      close: at(this.close),
      firstStart: at(this.firstStart),
      firstEnd: at(this.firstEnd),
      label: this.label,
      scope,
      topLevel: this.topLevel,
    };
    const { nameEnd, open, close, firstStart, firstEnd } = fact;
    if (nameEnd === undefined || open === undefined || close === undefined || scope === undefined) return undefined;
    if (firstStart === undefined || firstEnd === undefined) return undefined;
    const firstArg = firstStart >= 0 ? { start: firstStart, end: firstEnd } : undefined;
    return new PlacedBlockCall({ ...fact, nameEnd, open, close, scope, firstArg }, 0);
  }

  /** Plain data, for tests that compare parses. */
  toJSON(): object {
    return {
      name: this.name,
      start: this.start,
      end: this.end,
      nameEnd: this.nameEnd,
      open: this.open,
      close: this.close,
      label: this.label,
      firstArg: this.firstArg,
      scope: this.scope,
      topLevel: this.topLevel,
    };
  }
}

/** Shifts a chunk's block call to absolute offsets. */
export function placeBlockCall(fact: BlockCallFact, base: number): PlacedBlockCall {
  return new PlacedBlockCall(fact, base);
}

// ---------------------------------------------------------------------------------------------
// Matching.

interface MutableBlock {
  kind: BlockKind;
  opener: BlockCall;
  branches: BlockCall[];
  closer: BlockCall | null;
  parent: Block | null;
  children: Block[];
  scope: number;
  name: string | undefined;
  start: number;
  end: number;
}

/**
 * Matches the block calls of a document (in document order, absolute offsets) into a block
 * tree. `scopeOf(key)` tells where a scope ends and which scope holds it.
 */
export function matchBlocks(
  textLength: number,
  calls: Iterable<PlacedBlockCall>,
  scopeOf: (key: number) => { readonly end: number; readonly parent: number } | undefined,
): { blocks: Block[]; problems: BlockProblem[] } {
  const stacks = new Map<number, MutableBlock[]>();
  const all: MutableBlock[] = [];
  const problems: BlockProblem[] = [];
  const asyncNames = new Map<string, BlockCall>();
  const awaits: Array<{ call: BlockCall; name: string }> = [];

  const problem = (code: BlockProblemCode, call: BlockCall, message: Text, related?: BlockCall): void => {
    problems.push({ code, call, start: call.start, end: call.nameEnd, message, related });
  };

  for (const call of calls) {
    const name = call.name;
    if (name === '$await') {
      if (call.label !== undefined) awaits.push({ call, name: call.label });
      continue;
    }
    if (name === '$error') {
      if (!insideCatch(call.scope, stacks, scopeOf)) {
        problem('error-outside-catch', call, msg('block.errorOutsideCatch'));
      }
      continue;
    }
    const role = BLOCK_ROLES.get(name);
    if (!role) continue;
    const scope = call.scope;
    let stack = stacks.get(scope);
    if (!stack) stacks.set(scope, (stack = []));

    if (role.role === 'open') {
      let blockName: string | undefined;
      if (role.kind === 'async' && call.label !== undefined) {
        blockName = call.label;
        const first = asyncNames.get(blockName);
        if (first) problem('duplicate-async', call, msg('block.duplicateAsync', { name: blockName }), first);
        else asyncNames.set(blockName, call);
      }
      const block: MutableBlock = {
        kind: role.kind,
        opener: call,
        branches: [],
        closer: null,
        parent: null,
        children: [],
        scope,
        name: blockName,
        start: call.start,
        end: call.end,
      };
      stack.push(block);
      all.push(block);
      continue;
    }

    // A branch or an end belongs to the innermost open block of its kind in the same scope.
    let k = stack.length - 1;
    let block: MutableBlock | undefined;
    for (; k >= 0; k--) {
      const open = stack[k];
      if (open !== undefined && open.kind === role.kind) {
        block = open;
        break;
      }
    }
    if (block === undefined) {
      if (role.role === 'close') {
        problem('stray-block-end', call, msg('block.strayEnd', { name, opener: OPENER[role.kind] }));
      } else if (role.kind === 'if') {
        problem('else-outside-if', call, msg('block.elseOutsideIf', { name }));
      } else {
        problem('catch-outside-try', call, msg('block.catchOutsideTry'));
      }
      continue;
    }
    if (role.role === 'branch') {
      const last = block.branches[block.branches.length - 1];
      const elseBranch = block.branches.find((b) => b.name === '$else');
      if (name === '$elseif' && elseBranch) {
        problem('elseif-after-else', call, msg('block.elseifAfterElse'), last);
      } else if (name === '$else' && elseBranch) {
        problem('duplicate-else', call, msg('block.duplicateElse'), elseBranch);
      } else if (name === '$catch' && block.branches.length > 0) {
        problem('duplicate-catch', call, msg('block.duplicateCatch'), block.branches[0]);
      }
      block.branches.push(call);
      continue;
    }
    // An end closes its block; blocks opened after it in this scope were left open.
    for (let m = stack.length - 1; m > k; m--) {
      const open = stack[m];
      if (open !== undefined) unclosed(open, problem);
    }
    block.closer = call;
    block.end = call.end;
    stack.length = k;
  }

  for (const stack of stacks.values()) {
    for (const block of stack) {
      unclosed(block, problem);
      block.end = block.scope === TOP_SCOPE ? textLength : (scopeOf(block.scope)?.end ?? textLength);
    }
  }

  for (const { call, name } of awaits) {
    if (!asyncNames.has(name)) {
      const at = call.firstArg ?? call;
      problems.push({
        code: 'unknown-async',
        call,
        related: undefined,
        start: at.start,
        end: at.end,
        message: msg('block.unknownAsync', { name }),
      });
    }
  }

  problems.sort((a, b) => a.start - b.start);
  return { blocks: nest(all), problems };
}

function unclosed(
  block: MutableBlock,
  problem: (code: BlockProblemCode, call: BlockCall, message: Text) => void,
): void {
  if (block.closer) return;
  problem(
    'unclosed-block',
    block.opener,
    msg('block.unclosed', { name: block.opener.name, closer: CLOSER[block.kind] }),
  );
}

/** Whether a call in `scope` sits in the `$catch` branch of an open `$try`, in its scope or an enclosing one. */
function insideCatch(
  scope: number,
  stacks: ReadonlyMap<number, MutableBlock[]>,
  scopeOf: (key: number) => { readonly end: number; readonly parent: number } | undefined,
): boolean {
  let current = scope;
  for (let depth = 0; depth < MAX_CATCH_SEARCH_DEPTH; depth++) {
    const stack = stacks.get(current);
    if (stack) {
      for (let k = stack.length - 1; k >= 0; k--) {
        const block = stack[k];
        if (block?.kind === 'try') return block.branches.length > 0;
      }
    }
    if (current === TOP_SCOPE) return false;
    const info = scopeOf(current);
    if (!info) return false;
    current = info.parent;
  }
  return false;
}

/** Sets parent/children by containment (blocks nest properly) and returns the outermost ones. */
function nest(all: MutableBlock[]): Block[] {
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Block[] = [];
  const open: MutableBlock[] = [];
  for (const block of all) {
    let parent = open.at(-1);
    while (parent !== undefined && parent.end <= block.start) {
      open.pop();
      parent = open.at(-1);
    }
    if (parent && block.end <= parent.end) {
      block.parent = parent as Block;
      parent.children.push(block as Block);
    } else {
      roots.push(block as Block);
    }
    open.push(block);
  }
  return roots as Block[];
}

// ---------------------------------------------------------------------------------------------
// Moving a matching.

/** The block calls of a document, their blocks and the problems matching found. */
export interface BlockMatching {
  readonly calls: readonly PlacedBlockCall[];
  readonly blocks: readonly Block[];
  readonly problems: readonly BlockProblem[];
}

/**
 * A matching with every offset passed through `map`, for a version whose block calls and scopes
 * are the previous version's moved by an edit: matching depends on the calls' order, names,
 * labels and scopes alone, so it pairs them as before. What no offset of moves is kept as it is
 * (calls, problems, and whole trees of blocks); undefined when an offset cannot be placed.
 */
export function moveMatching(before: BlockMatching, map: Shift): BlockMatching | undefined {
  const moved = new Map<BlockCall, BlockCall>();
  const calls: PlacedBlockCall[] = [];
  for (const call of before.calls) {
    const now = call.moved(map);
    if (!now) return undefined;
    if (now !== call) moved.set(call, now);
    calls.push(now);
  }
  const call = (c: BlockCall): BlockCall => moved.get(c) ?? c;
  let placeable = true;
  const place = (offset: number): number => {
    const now = offset < 0 ? offset : map(offset);
    if (now === undefined) placeable = false;
    return now ?? offset;
  };
  // A tree of blocks no offset of moves is kept; one that moves is made anew with every block
  // in it, as each holds the other (children, parent).
  const stays = (block: Block): boolean =>
    map(block.end) === block.end &&
    !moved.has(block.opener) &&
    !block.branches.some((b) => moved.has(b)) &&
    block.children.every(stays);
  const made = (block: Block, parent: Block | null): Block => {
    const out: MutableBlock = {
      kind: block.kind,
      opener: call(block.opener),
      branches: block.branches.map(call),
      closer: block.closer && call(block.closer),
      parent,
      children: [],
      scope: place((block as MutableBlock).scope),
      name: block.name,
      start: place(block.start),
      end: place(block.end),
    };
    for (const child of block.children) out.children.push(made(child, out as Block));
    return out as Block;
  };
  const blocks = before.blocks.map((block) => (stays(block) ? block : made(block, null)));
  const problems: BlockProblem[] = [];
  for (const p of before.problems) {
    const related = p.related && call(p.related);
    if (!moved.has(p.call) && related === p.related) problems.push(p);
    else problems.push({ ...p, call: call(p.call), related, start: place(p.start), end: place(p.end) });
  }
  return placeable ? { calls, blocks, problems } : undefined;
}
