// The BDScript parse tree as features see it. Offsets are UTF-16 code unit indices into the
// document text (JavaScript string indices); spans are half-open [start, end). The tree is
// stored compactly (chunk.ts: typed arrays, positions relative to a chunk) and these node
// objects are views made on demand for the part of the document a feature reads; they are
// cheap, short-lived and not unique: compare nodes by `start` and `kind`, never by identity.
// Every character of the document belongs to exactly one leaf (see `forEachLeaf`), and nothing
// here recurses, so documents nested tens of thousands of levels deep are safe to walk.

import type { Block, BlockProblem, PlacedBlockCall } from './blocks';
import type { Directive } from './directives';
import type { CarriedValue, ChunkCache, ChunkFact, Reads, Shift } from './facts';
import type { Text } from '../l10n';
import type { DocText } from './text';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * Plain text: everything that is not syntax, including `[` that does not follow a name. At top
 * level a text node ends at the latest after a line break, so lines are units of the tree.
 */
export interface TextNode extends Span {
  readonly kind: 'text';
  readonly parent: ArgNode | null;
}

/** The characters an escape sequence stands for. */
export type EscapedChar = ';' | ']' | '\\' | '$';

/** An escape sequence (`\;` `\]` `\\` `%{-SEMICOL-}%` `%ESCAPED%` `%{DOL}%`): text, never syntax. */
export interface EscapeNode extends Span {
  readonly kind: 'escape';
  /** The character the sequence stands for. */
  readonly value: EscapedChar;
  readonly parent: ArgNode | null;
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
  readonly close: number;
  /**
   * Arguments in order; empty for a bare call; `$f[]` has one empty argument. The separator
   * between two arguments is the gap between them (`separatorSpan` in query.ts): `;`, or
   * `%{-SEMICOL-}%` when special escaping is disabled.
   */
  readonly args: readonly ArgNode[];
  /** The argument this call sits in, or null at top level. */
  readonly parent: ArgNode | null;
  /** Whether the call sits in the file's trigger line (see `ParsedDocument.trigger`). */
  readonly inTrigger: boolean;
}

/** One argument of a call: the text between `[`/`;` and `;`/`]`. */
export interface ArgNode extends Span {
  readonly kind: 'arg';
  readonly children: readonly Node[];
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
  readonly parent: ArgNode | null;
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
  readonly message: Text;
  /** Where the call the problem is about starts (`ParsedDocument.callAt`), when there is one. */
  readonly callStart?: number;
  /** A related position (the text `[` an early `]` probably belongs to). */
  readonly related?: Span;
}

/** The nodes of one chunk of the document, made for a feature that reads that part. */
export interface ChunkView {
  /** Top-level nodes in document order. */
  readonly roots: readonly Node[];
  /** Every call (comments excluded) in document order. */
  readonly calls: readonly CallNode[];
  readonly comments: readonly CommentNode[];
}

/** Offsets where lines start (line 0 at offset 0). */
export type LineStarts = Int32Array;

/**
 * The parsed document. The tree is a sequence of chunks (runs of whole top-level lines, see
 * chunk.ts); features read nodes through chunk views, and whole-document facts (trigger,
 * directives, blocks, problems) are computed on first use from small per-chunk summaries.
 */
export interface ParsedDocument {
  readonly text: DocText;
  /** Offsets where lines start, for offset ↔ line conversions (`lineOf`). */
  readonly lineStarts: LineStarts;
  /** Whether `$disableSpecialEscaping` appears in code (outside comments). */
  readonly specialEscapingDisabled: boolean;
  /** The trigger line's span when the file has one (see the trigger convention in docs/language.md). */
  readonly trigger: Span | null;
  /** Directives found in comments (`$c[bdscript-disable-line premium]`, ...), in document order. */
  readonly directives: readonly Directive[];
  /** What the parser noticed, sorted by start. */
  readonly problems: readonly SyntaxProblem[];
  /** Matched blocks ($if/$try/$async), outermost first. */
  readonly blocks: readonly Block[];
  readonly blockProblems: readonly BlockProblem[];
  /** Every call that takes part in blocks (`$if` ... `$await`, `$error`), in document order, with its scope. */
  readonly blockCalls: readonly PlacedBlockCall[];

  /** How many chunks the tree has (at least one). */
  readonly chunkCount: number;
  /** Where chunk `i` starts; chunks are contiguous and cover the text. */
  chunkStart(i: number): number;
  /** Where chunk `i` ends. */
  chunkEnd(i: number): number;
  /** The chunk holding the character at `offset` (the last chunk for the end of the text). */
  chunkAt(offset: number): number;
  /** The nodes of chunk `i`. */
  view(i: number): ChunkView;
  /** Calls in document order, of the chunks that touch [from, to) (all by default). */
  calls(from?: number, to?: number): Iterable<CallNode>;
  /** Comments in document order, of the chunks that touch [from, to) (all by default). */
  comments(from?: number, to?: number): Iterable<CommentNode>;
  /** Top-level nodes in document order, of the chunks that touch [from, to) (all by default). */
  roots(from?: number, to?: number): Iterable<Node>;
  /** The call that starts at `offset`, if any. */
  callAt(offset: number): CallNode | null;
  /** The comment that starts at `offset`, if any. */
  commentAt(offset: number): CommentNode | null;
  /**
   * The fact `fact` of chunk `i` (offsets relative to the chunk's start), computed once per chunk
   * and kept with the chunk while it is reused across edits. Read while a computation is
   * recorded (`recordReads`), it counts as read.
   */
  fact<T>(fact: ChunkFact<T>, i: number): T;
  /**
   * A value about chunk `i` that depends on more than the chunk, kept with it under `stamp` (what
   * else it depends on) and computed again by `compute` (view, chunk start) when the stamp differs.
   */
  cached<T>(cache: ChunkCache<T>, i: number, stamp: string, compute: (view: ChunkView, base: number) => T): T;
  /**
   * A whole-document value kept with this version (`remember`), or carried over from the version
   * this one was reparsed from: the previous version's value is returned with the map from its
   * offsets to this version's when, in every chunk the edit replaced, each fact the value's
   * computation read is its previous fact moved by the edit (`ChunkFact.move`), the computation
   * read none of those chunks' nodes directly, the chunks around the edit are as many as before,
   * and the trigger line is the same. The map answers undefined for an offset it cannot place
   * (one on a boundary whose two sides moved differently); then the value must be computed.
   */
  recall<T>(
    carried: CarriedValue<T>,
  ): { readonly value: T; readonly reads: Reads; readonly map: Shift | null } | undefined;
  /** Keeps a whole-document value with this version, with what its computation read (see `recall`). */
  remember<T>(carried: CarriedValue<T>, value: T, reads: Reads): void;
}
