// The BDScript parse tree: the one structure every feature reads. Offsets are UTF-16 code unit
// indices into the document text (JavaScript string indices); spans are half-open [start, end).
// Every character of the document belongs to exactly one leaf (see `forEachLeaf`), and nothing
// here recurses, so documents nested tens of thousands of levels deep are safe to walk.

import type { Block, BlockProblem } from './blocks';
import type { Directive } from './directives';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Plain text: everything that is not syntax, including `[` that does not follow a name. */
export interface TextNode extends Span {
  readonly kind: 'text';
  parent: ArgNode | null;
}

/** The characters an escape sequence stands for. */
export type EscapedChar = ';' | ']' | '\\' | '$';

/** An escape sequence (`\;` `\]` `\\` `%{-SEMICOL-}%` `%ESCAPED%` `%{DOL}%`): text, never syntax. */
export interface EscapeNode extends Span {
  readonly kind: 'escape';
  /** The character the sequence stands for. */
  readonly value: EscapedChar;
  parent: ArgNode | null;
}

/**
 * A function call `$name` or `$name[arg;arg]`. `start` is the `$` (or the `%{DOL}%` that acts as
 * one when special escaping is disabled); `end` is after `]`, after the name for a bare call, or
 * the end of the document for an unclosed `[`.
 */
export interface CallNode extends Span {
  readonly kind: 'call';
  /** The name as it binds to the catalog, always `$` + identifier (`$addButton`). */
  readonly name: string;
  /** End of the name token; the name token is [start, nameEnd). */
  readonly nameEnd: number;
  /** Offset of `[`, or -1 for a bare call. */
  readonly open: number;
  /** Offset of `]`, or -1 when the call is bare or the `[` is never closed. */
  close: number;
  /**
   * Arguments in order; empty for a bare call; `$f[]` has one empty argument. The separator
   * between two arguments is the gap between them (`separatorSpan` in query.ts): `;`, or
   * `%{-SEMICOL-}%` when special escaping is disabled.
   */
  readonly args: ArgNode[];
  /** The argument this call sits in, or null at top level. */
  parent: ArgNode | null;
  /** Whether the call sits in the file's trigger line (see `ParsedDocument.trigger`). */
  inTrigger: boolean;
}

/** One argument of a call: the text between `[`/`;` and `;`/`]`. */
export interface ArgNode extends Span {
  readonly kind: 'arg';
  readonly children: Node[];
  readonly parent: CallNode;
  /** Position among the call's arguments, from 0. */
  readonly index: number;
}

/**
 * A comment `$c[...]`: ends at the first unescaped `]`. Its content is one leaf and is not
 * analysed (no calls, no separators inside).
 */
export interface CommentNode extends Span {
  readonly kind: 'comment';
  /** Offset of `[` (the name `$c` is [start, open)). */
  readonly open: number;
  /** Offset of `]`, or -1 when the comment is never closed (it then runs to the end). */
  readonly close: number;
  parent: ArgNode | null;
}

export type Node = TextNode | EscapeNode | CallNode | CommentNode;

/** Leaf kinds: together the leaves cover the document exactly once, in order. */
export type LeafKind =
  | 'text'
  | 'escape'
  | 'name'
  | 'open'
  | 'separator'
  | 'close'
  | 'commentName'
  | 'commentOpen'
  | 'commentText'
  | 'commentClose';

export interface Leaf extends Span {
  readonly kind: LeafKind;
  /** The node the leaf belongs to. */
  readonly node: Node;
}

export type SyntaxProblemCode =
  /** A `[` that is never closed. */
  | 'unclosed-bracket'
  /** A `]` that closes a call while a text `[` inside the same argument is still open. */
  | 'unescaped-bracket'
  /** A `]` at top level that no text `[` opened: most likely an argument closed too early. */
  | 'stray-bracket'
  /** A `$c[` comment that is never closed. */
  | 'unclosed-comment';

export interface SyntaxProblem extends Span {
  readonly code: SyntaxProblemCode;
  readonly message: string;
  /** The call the problem is about, when there is one. */
  readonly call?: CallNode;
  /** A related position (the text `[` an early `]` probably belongs to). */
  readonly related?: Span;
}

/** The parsed document: tree, flat indexes and what the parser noticed. */
export interface ParsedDocument {
  readonly text: string;
  /** Top-level nodes in document order. */
  readonly roots: Node[];
  /** Every call (comments excluded) in document order, i.e. sorted by `start`. */
  readonly calls: CallNode[];
  readonly comments: CommentNode[];
  readonly problems: SyntaxProblem[];
  /** The trigger line's span when the file has one (see the README's trigger convention). */
  readonly trigger: Span | null;
  /** Whether `$disableSpecialEscaping` appears in code (outside comments). */
  readonly specialEscapingDisabled: boolean;
  /** Directives found in comments (`$c[bdscript-disable-line premium]`, ...). */
  readonly directives: Directive[];
  /** Matched blocks ($if/$try/$async), outermost first. */
  readonly blocks: Block[];
  readonly blockProblems: BlockProblem[];
  /** Offsets where lines start (line 0 at offset 0), for offset ↔ line conversions. */
  readonly lineStarts: number[];
}
