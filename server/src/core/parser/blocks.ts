// Block matching: `$if`/`$elseif`/`$else`/`$endif`, `$try`/`$catch`/`$endtry` and
// `$async[name]`/`$endasync` paired into a tree, plus the problems matching finds (unclosed
// blocks, stray ends, misplaced branches, `$error` outside `$catch`, async names). A block
// opened inside an argument must end inside that argument (BDScript 2 runs each argument as
// a script of its own); the arguments of a call whose `[` is never closed count as the
// enclosing scope, so one missing `]` does not also unpair every block after it.

import { literalText } from './query';
import type { ArgNode, CallNode, Span } from './tree';

export type BlockKind = 'if' | 'try' | 'async';

export interface Block extends Span {
  readonly kind: BlockKind;
  readonly opener: CallNode;
  /** `$elseif`/`$else` for if-blocks, `$catch` for try-blocks, in order. */
  readonly branches: CallNode[];
  closer: CallNode | null;
  parent: Block | null;
  readonly children: Block[];
  /** The argument the block lives in, or null at top level. */
  readonly scope: ArgNode | null;
  /** For `$async[name]`: the name, when it is literal text. */
  readonly name?: string;
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
  readonly call: CallNode;
  readonly message: string;
  /** The other call involved (the `$if` of a second `$else`, the first `$async` of a name). */
  readonly related?: CallNode;
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

interface MutableBlock extends Block {
  start: number;
  end: number;
}

/** The scope a call's blocks live in: its argument, skipping arguments of unclosed calls. */
export function blockScope(call: CallNode): ArgNode | null {
  let arg = call.parent;
  while (arg && arg.parent.close < 0) arg = arg.parent.parent;
  return arg;
}

/**
 * `blockScope` with memory: calls come in document order, so every argument's scope is known
 * once its parent's is, and a chain of unclosed calls is walked once instead of once per call.
 */
class ScopeResolver {
  private readonly memo = new Map<ArgNode, ArgNode | null>();

  of(call: CallNode): ArgNode | null {
    return call.parent ? this.ofArg(call.parent) : null;
  }

  ofArg(start: ArgNode): ArgNode | null {
    const pending: ArgNode[] = [];
    let arg: ArgNode | null = start;
    let scope: ArgNode | null = null;
    while (arg) {
      if (arg.parent.close >= 0) {
        scope = arg;
        break;
      }
      const known = this.memo.get(arg);
      if (known !== undefined) {
        scope = known;
        break;
      }
      pending.push(arg);
      arg = arg.parent.parent;
    }
    for (const a of pending) this.memo.set(a, scope);
    return scope;
  }
}

/** How many enclosing scopes `$error` looks through for its `$catch`; real code nests a few. */
const MAX_CATCH_SEARCH_DEPTH = 256;

/** Matches the block functions among `calls` (in document order) into a block tree. */
export function matchBlocks(
  text: string,
  calls: readonly CallNode[],
): { blocks: Block[]; problems: BlockProblem[] } {
  const stacks = new Map<ArgNode | null, MutableBlock[]>();
  const all: MutableBlock[] = [];
  const problems: BlockProblem[] = [];
  const asyncNames = new Map<string, CallNode>();
  const awaits: Array<{ call: CallNode; name: string }> = [];

  const scopes = new ScopeResolver();
  const problem = (code: BlockProblemCode, call: CallNode, message: string, related?: CallNode): void => {
    problems.push({ code, call, start: call.start, end: call.nameEnd, message, related });
  };

  for (const call of calls) {
    const name = call.name;
    if (name === '$await') {
      const awaited = call.args[0] && literalText(text, call.args[0]);
      if (awaited !== undefined && awaited.trim() !== '') awaits.push({ call, name: awaited.trim() });
      continue;
    }
    if (name === '$error') {
      if (!insideCatch(call, stacks, scopes)) {
        problem('error-outside-catch', call, '`$error` only has a value inside a `$catch` branch of a `$try` block.');
      }
      continue;
    }
    const role = BLOCK_ROLES.get(name);
    if (!role) continue;
    const scope = scopes.of(call);
    let stack = stacks.get(scope);
    if (!stack) stacks.set(scope, (stack = []));

    if (role.role === 'open') {
      let blockName: string | undefined;
      if (role.kind === 'async') {
        const literal = call.args[0] && literalText(text, call.args[0]);
        if (literal !== undefined && literal.trim() !== '') {
          blockName = literal.trim();
          const first = asyncNames.get(blockName);
          if (first) problem('duplicate-async', call, `An \`$async\` block named "${blockName}" already exists; names must be unique.`, first);
          else asyncNames.set(blockName, call);
        }
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
    while (k >= 0 && stack[k]!.kind !== role.kind) k--;
    if (k < 0) {
      if (role.role === 'close') {
        problem('stray-block-end', call, `\`${name}\` has no \`${OPENER[role.kind]}\` to close.`);
      } else if (role.kind === 'if') {
        problem('else-outside-if', call, `\`${name}\` is only valid inside an \`$if\` block.`);
      } else {
        problem('catch-outside-try', call, '`$catch` is only valid inside a `$try` block.');
      }
      continue;
    }
    const block = stack[k]!;
    if (role.role === 'branch') {
      const last = block.branches[block.branches.length - 1];
      if (name === '$elseif' && block.branches.some((b) => b.name === '$else')) {
        problem('elseif-after-else', call, '`$elseif` cannot come after `$else` in the same `$if` block.', last);
      } else if (name === '$else' && block.branches.some((b) => b.name === '$else')) {
        problem('duplicate-else', call, 'This `$if` block already has an `$else`.', block.branches.find((b) => b.name === '$else'));
      } else if (name === '$catch' && block.branches.length > 0) {
        problem('duplicate-catch', call, 'This `$try` block already has a `$catch`.', block.branches[0]);
      }
      block.branches.push(call);
      continue;
    }
    // An end closes its block; blocks opened after it in this scope were left open.
    for (let m = stack.length - 1; m > k; m--) unclosed(stack[m]!, problem);
    block.closer = call;
    block.end = call.end;
    stack.length = k;
  }

  for (const stack of stacks.values()) {
    for (const block of stack) {
      unclosed(block, problem);
      block.end = block.scope ? block.scope.end : text.length;
    }
  }

  for (const { call, name } of awaits) {
    if (!asyncNames.has(name)) {
      problems.push({
        code: 'unknown-async',
        call,
        start: call.args[0]!.start,
        end: call.args[0]!.end,
        message: `No \`$async[${name}]\` block in this code: \`$await\` needs the name of an \`$async\` block.`,
      });
    }
  }

  problems.sort((a, b) => a.start - b.start);
  return { blocks: nest(all), problems };
}

function unclosed(block: MutableBlock, problem: (code: BlockProblemCode, call: CallNode, message: string) => void): void {
  if (block.closer) return;
  problem('unclosed-block', block.opener, `\`${block.opener.name}\` is never closed: add \`${CLOSER[block.kind]}\`.`);
}

/** Whether `call` sits in the `$catch` branch of an open `$try`, in its scope or an enclosing one. */
function insideCatch(call: CallNode, stacks: ReadonlyMap<ArgNode | null, MutableBlock[]>, scopes: ScopeResolver): boolean {
  let scope = scopes.of(call);
  for (let depth = 0; depth < MAX_CATCH_SEARCH_DEPTH; depth++) {
    const stack = stacks.get(scope);
    if (stack) {
      for (let k = stack.length - 1; k >= 0; k--) {
        const block = stack[k]!;
        if (block.kind === 'try') return block.branches.length > 0;
      }
    }
    if (!scope) return false;
    scope = scopes.of(scope.parent);
  }
  return false;
}

/** Sets parent/children by containment (blocks nest properly) and returns the outermost ones. */
function nest(all: MutableBlock[]): Block[] {
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Block[] = [];
  const open: MutableBlock[] = [];
  for (const block of all) {
    while (open.length > 0 && open[open.length - 1]!.end <= block.start) open.pop();
    const parent = open[open.length - 1];
    if (parent && block.end <= parent.end) {
      block.parent = parent;
      parent.children.push(block);
    } else {
      roots.push(block);
    }
    open.push(block);
  }
  return roots;
}
