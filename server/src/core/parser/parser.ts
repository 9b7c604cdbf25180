// The BDScript scanner and recovering parser. One pass over the text builds the tree in
// tree.ts with an explicit stack (no recursion), so depth costs heap, not call stack. Escapes
// are text, `[` opens arguments only right after a name, `$c[...]` is a comment up to the first
// unescaped `]`, and nothing makes the parser throw or drop a character.

import { isBlankText } from '../chars';
import { matchBlocks } from './blocks';
import { parseDirective, type Directive } from './directives';
import type {
  ArgNode,
  CallNode,
  CommentNode,
  EscapedChar,
  Node,
  ParsedDocument,
  Span,
  SyntaxProblem,
} from './tree';

export interface ParseOptions {
  /**
   * Whether a name (`$onJoined`) is a callback; used to find the trigger line. Without it the
   * document has no trigger.
   */
  readonly isCallback?: (name: string) => boolean;
}

const DOLLAR = 36;
const PERCENT = 37;
const SEMI = 59;
const OPEN = 91;
const BACKSLASH = 92;
const CLOSE = 93;
const LF = 10;
const CR = 13;

const SEMICOL_ESCAPE = '%{-SEMICOL-}%';
const BRACKET_ESCAPE = '%ESCAPED%';
/** The escape spellings of `$`; the parser is the one place that knows them. */
export const DOLLAR_ESCAPE = '%{DOL}%';

/** The characters that can start syntax or an escape: `$ % \\ ; [ ]`. Everything else is text. */
const SPECIAL = new Uint8Array(128);
for (const c of [DOLLAR, PERCENT, BACKSLASH, SEMI, OPEN, CLOSE]) SPECIAL[c] = 1;

/** Shared by every bare call; frozen so that a stray push fails loudly instead of corrupting calls. */
const NO_ARGS: readonly ArgNode[] = Object.freeze([]);
/** Shared by every empty argument. */
const NO_NODES: readonly Node[] = Object.freeze([]);

/** The comment function's name. */
export const COMMENT_NAME = '$c';

/**
 * Where a function name ends: `$` (or `%{DOL}%`) followed by a letter, then letters and digits.
 * The whole identifier is the name (`$usernamefoo` is one unknown name, not `$username` + text);
 * this is the one place that decides it.
 */
export function identifierEnd(text: string, from: number): number {
  let j = from;
  const first = text.charCodeAt(j);
  if (!isLetter(first)) return from;
  j++;
  for (;;) {
    const c = text.charCodeAt(j);
    if (isLetter(c) || (c >= 48 && c <= 57)) j++;
    else return j;
  }
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Parses a document. Never throws; every character ends up in exactly one leaf. */
export function parse(text: string, options: ParseOptions = {}): ParsedDocument {
  let scanned = scan(text, false);
  let specialEscapingDisabled = false;
  if (scanned.calls.some((c) => c.name === '$disableSpecialEscaping')) {
    specialEscapingDisabled = true;
    scanned = scan(text, true);
  }
  const lineStarts = computeLineStarts(text);
  const trigger = options.isCallback ? findTrigger(text, scanned.roots, options.isCallback) : null;
  if (trigger) markTrigger(scanned.calls, trigger);
  const directives: Directive[] = [];
  for (const comment of scanned.comments) {
    const contentEnd = comment.close >= 0 ? comment.close : comment.end;
    const directive = parseDirective(
      text.slice(comment.open + 1, contentEnd),
      comment,
      lineOf(lineStarts, comment.start),
    );
    if (directive) directives.push(directive);
  }
  const { blocks, problems: blockProblems } = matchBlocks(text, scanned.calls);
  return {
    text,
    roots: scanned.roots,
    calls: scanned.calls,
    comments: scanned.comments,
    problems: scanned.problems,
    trigger,
    specialEscapingDisabled,
    directives,
    blocks,
    blockProblems,
    lineStarts,
  };
}

interface Frame {
  readonly call: CallNode;
  arg: ArgNode;
  /** Where this call's arguments start on the argument stack. */
  readonly argMark: number;
  /** Where the current argument's children start on the node stack. */
  childMark: number;
  /** Where this call's unmatched text `[` offsets start on the text-bracket stack. */
  readonly textMark: number;
}

interface Scanned {
  roots: Node[];
  calls: CallNode[];
  comments: CommentNode[];
  problems: SyntaxProblem[];
}

/**
 * Names are interned across parses: a document repeats a few hundred names thousands of
 * times, and one shared string per name saves an allocation per call and lets catalog
 * lookups reuse the string's cached hash. Bounded, so random identifiers cannot grow it.
 */
const internedNames = new Map<number, string[]>();
let internedCount = 0;
const MAX_INTERNED_NAMES = 20_000;

function internName(text: string, start: number, end: number): string {
  let hash = 0x811c9dc5;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  const bucket = internedNames.get(hash);
  if (bucket) {
    outer: for (const candidate of bucket) {
      if (candidate.length !== end - start) continue;
      for (let k = 0; k < candidate.length; k++) if (candidate.charCodeAt(k) !== text.charCodeAt(start + k)) continue outer;
      return candidate;
    }
  }
  const name = text.slice(start, end);
  if (internedCount < MAX_INTERNED_NAMES) {
    internedCount++;
    if (bucket) bucket.push(name);
    else internedNames.set(hash, [name]);
  }
  return name;
}

/**
 * One pass that builds the tree. Children, arguments and unmatched text brackets are
 * collected on three scratch stacks and copied into exactly-sized arrays when their
 * argument or call ends: most arguments hold one child, and a growing `[]` would reserve
 * room for seventeen, which made the tree twice its size and the scavenger its main cost.
 */
function scan(text: string, specialEscapingDisabled: boolean): Scanned {
  const n = text.length;
  const roots: Node[] = [];
  const calls: CallNode[] = [];
  const comments: CommentNode[] = [];
  const problems: SyntaxProblem[] = [];
  const frames: Frame[] = [];
  const topTextOpens: number[] = [];
  const nodeStack: Node[] = [];
  let nodeTop = 0;
  const argStack: ArgNode[] = [];
  let argTop = 0;
  const textOpenStack: number[] = [];
  let textOpenTop = 0;
  let frame: Frame | undefined;
  let parentArg: ArgNode | null = null;
  let textStart = 0;
  let i = 0;

  const push = (node: Node): void => {
    if (frame) nodeStack[nodeTop++] = node;
    else roots.push(node);
  };
  const flush = (end: number): void => {
    if (end > textStart) push({ kind: 'text', start: textStart, end, parent: parentArg });
  };
  const escape = (start: number, end: number, value: EscapedChar): void => {
    flush(start);
    push({ kind: 'escape', start, end, value, parent: parentArg });
    // An escaped `]` is the text partner of a text `[`.
    if (value === ']') {
      if (frame) {
        if (textOpenTop > frame.textMark) textOpenTop--;
      } else {
        topTextOpens.pop();
      }
    }
    i = end;
    textStart = end;
  };
  /** Ends the current argument at `end`: its children move from the stack into their array. */
  const endArg = (f: Frame, end: number): void => {
    const arg = f.arg as { end: number; children: Node[] };
    arg.end = end;
    arg.children = nodeTop > f.childMark ? nodeStack.slice(f.childMark, nodeTop) : (NO_NODES as Node[]);
    nodeTop = f.childMark;
  };
  /** Ends the current call's argument list: its arguments move from the stack into their array. */
  const endArgs = (f: Frame): void => {
    (f.call as { args: ArgNode[] }).args = argStack.slice(f.argMark, argTop);
    argTop = f.argMark;
    textOpenTop = f.textMark;
  };
  const newArg = (f: { call: CallNode; argMark: number }, start: number): ArgNode => {
    const arg: ArgNode = { kind: 'arg', start, end: start, children: NO_NODES as Node[], parent: f.call, index: argTop - f.argMark };
    argStack[argTop++] = arg;
    return arg;
  };
  const openCall = (start: number, nameEnd: number, name: string): void => {
    flush(start);
    const bracketed = text.charCodeAt(nameEnd) === OPEN;
    const call: CallNode = {
      kind: 'call',
      name,
      start,
      end: nameEnd,
      nameEnd,
      open: bracketed ? nameEnd : -1,
      close: -1,
      // Bare calls share the empty list; bracketed calls get theirs when their `]` comes.
      args: NO_ARGS as ArgNode[],
      parent: parentArg,
      inTrigger: false,
    };
    push(call);
    calls.push(call);
    if (bracketed) {
      const f: Frame = { call, arg: undefined as unknown as ArgNode, argMark: argTop, childMark: nodeTop, textMark: textOpenTop };
      f.arg = newArg(f, nameEnd + 1);
      frames.push(f);
      frame = f;
      parentArg = f.arg;
      i = nameEnd + 1;
    } else {
      i = nameEnd;
    }
    textStart = i;
  };
  const separator = (start: number, end: number): void => {
    flush(start);
    const f = frame!;
    endArg(f, start);
    f.arg = newArg(f, end);
    f.childMark = nodeTop;
    parentArg = f.arg;
    i = end;
    textStart = end;
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    // Most characters are plain text: one table lookup skips them.
    if (c >= 128 || SPECIAL[c] === 0) {
      i++;
      continue;
    }
    if (c === DOLLAR) {
      const j = identifierEnd(text, i + 1);
      if (j === i + 1) {
        i++;
        continue;
      }
      if (j === i + 2 && text.charCodeAt(i + 1) === 99 /* c */ && text.charCodeAt(j) === OPEN) {
        flush(i);
        const comment = scanComment(text, i, j, parentArg);
        push(comment);
        comments.push(comment);
        if (comment.close < 0) {
          problems.push({
            code: 'unclosed-comment',
            start: i,
            end: j + 1,
            message: 'This `$c[` comment is never closed: everything after it is comment text. Add `]`.',
          });
        }
        i = comment.end;
        textStart = i;
        continue;
      }
      openCall(i, j, internName(text, i, j));
      continue;
    }
    if (c === BACKSLASH) {
      const d = text.charCodeAt(i + 1);
      if (d === SEMI) escape(i, i + 2, ';');
      else if (d === CLOSE) escape(i, i + 2, ']');
      else if (d === BACKSLASH) escape(i, i + 2, '\\');
      else i++;
      continue;
    }
    if (c === PERCENT) {
      if (text.startsWith(SEMICOL_ESCAPE, i)) {
        if (specialEscapingDisabled && frames.length > 0) separator(i, i + SEMICOL_ESCAPE.length);
        else escape(i, i + SEMICOL_ESCAPE.length, ';');
      } else if (text.startsWith(BRACKET_ESCAPE, i)) {
        escape(i, i + BRACKET_ESCAPE.length, ']');
      } else if (text.startsWith(DOLLAR_ESCAPE, i)) {
        const nameStart = i + DOLLAR_ESCAPE.length;
        const j = specialEscapingDisabled ? identifierEnd(text, nameStart) : nameStart;
        if (j > nameStart) openCall(i, j, '$' + text.slice(nameStart, j));
        else escape(i, nameStart, '$');
      } else {
        i++;
      }
      continue;
    }
    if (frames.length > 0) {
      if (c === SEMI) {
        separator(i, i + 1);
        continue;
      }
      if (c === CLOSE) {
        flush(i);
        const f = frames.pop()!;
        const call = f.call;
        endArg(f, i);
        const textOpen = textOpenTop > f.textMark ? textOpenStack[textOpenTop - 1]! : -1;
        endArgs(f);
        call.close = i;
        (call as { end: number }).end = i + 1;
        if (textOpen >= 0) {
          problems.push({
            code: 'unescaped-bracket',
            start: i,
            end: i + 1,
            call,
            related: { start: textOpen, end: textOpen + 1 },
            message: `This \`]\` closes \`${call.name}[\`, but a \`[\` in its arguments is still open as text. If the \`]\` belongs to that \`[\`, escape it as \`\\]\`.`,
          });
        }
        frame = frames[frames.length - 1];
        parentArg = call.parent;
        i++;
        textStart = i;
        continue;
      }
      if (c === OPEN) textOpenStack[textOpenTop++] = i;
      i++;
      continue;
    }
    if (c === OPEN) topTextOpens.push(i);
    else if (c === CLOSE) {
      if (topTextOpens.length > 0) topTextOpens.pop();
      else {
        problems.push({
          code: 'stray-bracket',
          start: i,
          end: i + 1,
          message: 'This `]` is outside any function\'s arguments, so it is plain text. If an argument ended too early, escape the `]` inside it as `\\]`.',
        });
      }
    }
    i++;
  }
  flush(n);
  // Calls still open at the end run to the end of the document, innermost first.
  for (let k = frames.length - 1; k >= 0; k--) {
    const f = frames[k]!;
    const call = f.call;
    endArg(f, n);
    endArgs(f);
    (call as { end: number }).end = n;
    problems.push({
      code: 'unclosed-bracket',
      start: call.open,
      end: call.open + 1,
      call,
      message: `\`${call.name}[\` is never closed: add \`]\`.`,
    });
  }
  problems.sort((a, b) => a.start - b.start);
  return { roots, calls, comments, problems };
}

/** Scans `$c[...]` from its `$` at `start`; the `[` is at `open`. */
function scanComment(text: string, start: number, open: number, parent: ArgNode | null): CommentNode {
  const n = text.length;
  let k = open + 1;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === CLOSE) return { kind: 'comment', start, end: k + 1, open, close: k, parent };
    if (c === BACKSLASH) {
      const d = text.charCodeAt(k + 1);
      k += d === CLOSE || d === BACKSLASH || d === SEMI ? 2 : 1;
      continue;
    }
    k++;
  }
  return { kind: 'comment', start, end: n, open, close: -1, parent };
}

/** Offsets where lines start; a line ends at `\n`, `\r\n` or `\r`, as in LSP. */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR) {
      if (text.charCodeAt(i + 1) === LF) i++;
      starts.push(i + 1);
    } else if (c === LF) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The 0-based line containing `offset`. */
export function lineOf(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The call alone on the file's first non-blank line (nothing but whitespace and comments after
 * it on the line where it ends), with the end of that line; null when that line is anything else.
 */
export function loneFirstLineCall(text: string, roots: readonly Node[]): { call: CallNode; lineEnd: number } | null {
  let k = 0;
  let first: Node | undefined;
  for (; k < roots.length; k++) {
    const node = roots[k]!;
    if (node.kind === 'text' && isBlankText(text, node.start, node.end)) continue;
    first = node;
    break;
  }
  if (!first || first.kind !== 'call') return null;
  const lineEnd = endOfLine(text, first.end);
  for (k++; k < roots.length; k++) {
    const node = roots[k]!;
    if (node.start >= lineEnd) break;
    if (node.kind === 'comment') continue;
    if (node.kind === 'text' && isBlankText(text, node.start, Math.min(node.end, lineEnd))) continue;
    return null;
  }
  return { call: first, lineEnd };
}

/**
 * The trigger convention: when the first non-blank content of the file is a call to a
 * callback and nothing but whitespace and comments follows it on the line where it ends,
 * that line is the trigger (the app shows the trigger above the code). Everything else is code.
 */
function findTrigger(text: string, roots: readonly Node[], isCallback: (name: string) => boolean): Span | null {
  const lone = loneFirstLineCall(text, roots);
  if (!lone || !isCallback(lone.call.name)) return null;
  return { start: lone.call.start, end: lone.lineEnd };
}

function markTrigger(calls: readonly CallNode[], trigger: Span): void {
  for (const call of calls) {
    if (call.start >= trigger.end) break;
    if (call.start >= trigger.start) call.inTrigger = true;
  }
}

function endOfLine(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return i;
  }
  return text.length;
}
