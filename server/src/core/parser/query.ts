// Reading the tree: the literal value of an argument, what sits at a cursor offset, and a walk
// over the leaves. All of it is iterative, so deep nesting costs no call stack, and it reads only
// the chunks it needs, so a request about a few lines of a large document stays small.

import { must } from '../must';
import type { ArgNode, CallNode, Leaf, Node, ParsedDocument, Span } from './tree';
import type { DocText } from './text';

/**
 * The value an argument has before run time when it holds no call: text with escapes
 * replaced by the characters they stand for, comments dropped. Undefined when a call
 * appears in it (its value is only known at run time).
 */
export function literalText(text: DocText, arg: ArgNode): string | undefined {
  let out = '';
  // Indexed, not `for...of`: read for most arguments of a cold check, where an iterator's calls
  // are run by the interpreter.
  const children = arg.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child === undefined) continue;
    switch (child.kind) {
      case 'text':
        out += text.slice(child.start, child.end);
        break;
      case 'escape':
        out += child.value;
        break;
      case 'comment':
        break;
      case 'call':
        return undefined;
    }
  }
  return out;
}

/** A span without the blanks (what `\s` matches) around its text. */
export function withoutBlanks(text: DocText, span: Span): Span {
  let start = span.start;
  let end = span.end;
  while (start < end && /\s/.test(text.slice(start, start + 1))) start++;
  while (end > start && /\s/.test(text.slice(end - 1, end))) end--;
  return { start, end };
}

/** The separator after argument `index` of a call (between it and the next argument). */
export function separatorSpan(call: CallNode, index: number): Span {
  const arg = must(call.args[index], 'separatorSpan of an argument of the call');
  const next = must(call.args[index + 1], 'separatorSpan of an argument that has a next one');
  return { start: arg.end, end: next.start };
}

/** Whether an argument holds a call anywhere inside it (directly). */
export function hasCall(arg: ArgNode): boolean {
  for (const child of arg.children) if (child.kind === 'call') return true;
  return false;
}

/** What sits at a cursor offset. */
export interface Location {
  /** The innermost argument the cursor is in (between its `[`/`;` and `;`/`]`, inclusive), or null at top level. */
  readonly arg: ArgNode | null;
  /** The node (in `arg`'s children or the roots) that contains the character after the cursor. */
  readonly node: Node | null;
  /** The node in the same list that ends exactly at the cursor, if any. */
  readonly before: Node | null;
}

/** Finds the innermost argument and node at a cursor offset in O(log chunks + depth · log width). */
export function locate(doc: ParsedDocument, offset: number): Location {
  const chunk = doc.chunkAt(offset);
  let container: readonly Node[] = doc.view(chunk).roots;
  let arg: ArgNode | null = null;
  for (;;) {
    const idx = lastStartingAtOrBefore(container, offset);
    const node = (idx >= 0 ? container[idx] : undefined) ?? null;
    if (node && node.kind === 'call' && node.open >= 0 && offset > node.open) {
      const limit = node.close >= 0 ? node.close : node.end;
      if (offset <= limit) {
        const a = lastStartingAtOrBefore(node.args, offset);
        const inner = a >= 0 ? node.args[a] : undefined;
        if (inner !== undefined) {
          arg = inner;
          container = inner.children;
          continue;
        }
      }
    }
    const at = node && offset < node.end ? node : null;
    let before: Node | null = null;
    if (node && node.end === offset) before = node;
    else if (at && at.start === offset) {
      const previous = idx > 0 ? container[idx - 1] : undefined;
      if (previous !== undefined && previous.end === offset) before = previous;
      // At the start of a chunk the node before is the previous chunk's last root.
      else if (idx === 0 && arg === null && chunk > 0) before = lastRootEndingAt(doc, chunk - 1, offset);
    }
    return { arg, node: at, before };
  }
}

function lastRootEndingAt(doc: ParsedDocument, chunk: number, offset: number): Node | null {
  const roots = doc.view(chunk).roots;
  const last = roots[roots.length - 1];
  return last && last.end === offset ? last : null;
}

/** The call whose name the cursor is on or right after (`$add|Button`, `$addButton|[`). */
export function callNameAt(doc: ParsedDocument, offset: number): CallNode | null {
  const loc = locate(doc, offset);
  for (const node of [loc.node, loc.before]) {
    if (node && node.kind === 'call' && node.start < offset + 1 && offset <= node.nameEnd && offset >= node.start)
      return node;
  }
  return null;
}

/** The innermost call whose argument list holds the cursor, with the argument index. */
export function enclosingCall(doc: ParsedDocument, offset: number): { call: CallNode; arg: ArgNode } | null {
  const { arg } = locate(doc, offset);
  return arg ? { call: arg.parent, arg } : null;
}

function lastStartingAtOrBefore(list: readonly { start: number }[], offset: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = list[mid];
    if (item !== undefined && item.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

type WorkItem = Node | Leaf;

/** Calls `visit` for every leaf of `nodes` (and what they hold) in document order. */
export function forEachLeafOf(nodes: Iterable<Node>, visit: (leaf: Leaf) => void): void {
  const work: WorkItem[] = [];
  for (const root of nodes) {
    work.push(root);
    let item: WorkItem | undefined;
    while ((item = work.pop()) !== undefined) {
      if ('node' in item) {
        visit(item);
        continue;
      }
      switch (item.kind) {
        case 'text':
          visit({ kind: 'text', start: item.start, end: item.end, node: item });
          break;
        case 'escape':
          visit({ kind: 'escape', start: item.start, end: item.end, node: item });
          break;
        case 'comment': {
          visit({ kind: 'commentName', start: item.start, end: item.open, node: item });
          visit({ kind: 'commentOpen', start: item.open, end: item.open + 1, node: item });
          const contentEnd = item.close >= 0 ? item.close : item.end;
          if (contentEnd > item.open + 1)
            visit({ kind: 'commentText', start: item.open + 1, end: contentEnd, node: item });
          if (item.close >= 0) visit({ kind: 'commentClose', start: item.close, end: item.close + 1, node: item });
          break;
        }
        case 'call': {
          visit({ kind: 'name', start: item.start, end: item.nameEnd, node: item });
          if (item.open < 0) break;
          visit({ kind: 'open', start: item.open, end: item.open + 1, node: item });
          // Push in reverse: close, then for each argument from the last its children and the separator before it.
          if (item.close >= 0) work.push({ kind: 'close', start: item.close, end: item.close + 1, node: item });
          const args = item.args;
          for (let a = args.length - 1; a >= 0; a--) {
            const arg = args[a];
            if (arg === undefined) continue;
            const children = arg.children;
            for (let c = children.length - 1; c >= 0; c--) {
              const child = children[c];
              if (child !== undefined) work.push(child);
            }
            const previous = a > 0 ? args[a - 1] : undefined;
            if (previous !== undefined)
              work.push({ kind: 'separator', start: previous.end, end: arg.start, node: item });
          }
          break;
        }
      }
    }
  }
}

/** Calls `visit` for every leaf in document order; the leaves cover the text exactly once. */
export function forEachLeaf(doc: ParsedDocument, visit: (leaf: Leaf) => void): void {
  forEachLeafOf(doc.roots(), visit);
}

/**
 * Visits the leaves of the top-level nodes that touch [from, to) in document order, so a
 * request for a few lines of a large document does not walk all of it. Leaves of those nodes
 * outside the span are visited too; callers filter.
 */
export function forEachLeafIn(parsed: ParsedDocument, from: number, to: number, visit: (leaf: Leaf) => void): void {
  const end = Math.max(to, from + 1);
  const touching = function* (): Iterable<Node> {
    for (const root of parsed.roots(from, end)) {
      if (root.end <= from && !(root.start === root.end && root.start === from)) continue;
      if (root.start >= end) return;
      yield root;
    }
  };
  forEachLeafOf(touching(), visit);
}
