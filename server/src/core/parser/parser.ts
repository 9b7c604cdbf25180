// Parsing and incremental reparsing. `parse` scans a whole text into chunks (chunk.ts);
// `reparse` takes the previous version's tree and scans again only from the start of the chunk
// before the change until the new scan reaches a top-level boundary where an old chunk started
// after the change (the scanner's state there is known to be the same), then reuses the old
// chunks from there. Whole-document facts (trigger, directives, problems, blocks) are
// computed on first use from per-chunk summaries that stay with their chunk while it is reused.

import { isBlankText } from '../chars';
import { detachAll } from '../detach';
import {
  BLOCK_CALL_NAMES,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  CHUNK_DISABLES_ESCAPING,
  CHUNK_HAS_BLOCK_CALLS,
  CHUNK_HAS_COMMENTS,
  CHUNK_TARGET,
  chunkComments,
  materialize,
  scanChunks,
  type Chunk,
  type CommentSpan,
  type KnownNames,
  type ScanMode,
} from './chunk';
import {
  blockFacts,
  matchBlocks,
  moveMatching,
  placeBlockCall,
  type Block,
  type BlockFacts,
  type BlockMatching,
  type BlockProblem,
  type PlacedBlockCall,
} from './blocks';
import { parseDirective, type Directive } from './directives';
import {
  ChunkFact,
  moveEach,
  moveOffsets,
  noteChunks,
  noteFact,
  noteWhole,
  sameFact,
  type CarriedValue,
  type ChunkCache,
  type Reads,
  type Shift,
} from './facts';
import type { CallNode, ChunkView, CommentNode, LineStarts, Node, ParsedDocument, Span, SyntaxProblem } from './tree';
import { wholeText, type DocText } from './text';
import { msg } from '../l10n';
import { must } from '../must';

export { COMMENT_NAME, DOLLAR_ESCAPE, identifierEnd, KnownNames } from './chunk';

export interface ParseOptions {
  /**
   * Whether a name (`$onJoined`) is a callback; used to find the trigger line. Without it the
   * document has no trigger.
   */
  readonly isCallback?: (name: string) => boolean;
  /**
   * The names of the catalog, so that a known name glued to text is read as BDFD reads it
   * (`$pingms` = `$ping` + "ms"). Without them every identifier is one name.
   */
  readonly knownNames?: KnownNames;
  /**
   * The chunk facts to take whenever a chunk is made into nodes, so that a feature that reads
   * one over the whole document (completion of names, folding, the rules about the whole
   * command) finds it ready instead of making every chunk into nodes again. Any other fact is
   * computed when it is first read.
   */
  readonly facts?: readonly ChunkFact<unknown>[];
  /**
   * Chunk facts taken like `facts`, but only once some document has read them: the facts of
   * features a client may never ask for (folding, formatting, completion's names), which a
   * command line that only checks then never computes. Until the first read they are computed
   * when read, like any other fact.
   */
  readonly factsOnceRead?: readonly ChunkFact<unknown>[];
  /**
   * Whether the facts and values kept with a chunk are copied off the text they were cut from
   * (detach.ts; the default), so that a later version does not keep this one's text alive. A
   * caller that analyses each text once and drops it (`bdscript check`) says false: its values
   * never outlive the text, and copying them was a tenth of a cold check's work.
   */
  readonly detach?: boolean;
}

/** A change between two texts: [start, oldEnd) of the old text became [start, newEnd) of the new. */
export interface TextChange {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

const LF = 10;
const CR = 13;

/** How many chunk views a document keeps made at once (features read a few chunks at a time). */
const MAX_VIEWS = 8;
/** A reparse that reaches an old chunk start with less than this new text goes on to the next one, so edits do not splinter chunks. */
const MIN_RESYNC_LENGTH = CHUNK_TARGET / 4;

/** Parses a document. Never throws; every character ends up in exactly one leaf. */
export function parse(source: DocText, options: ParseOptions = {}): ParsedDocument {
  // All of it is read: as one string, the scanner's reads are the engine's own.
  const text = wholeText(source);
  // The scanner sees every line break, so it collects the line starts on the way.
  const lines = [0];
  const names = options.knownNames;
  let scanned = scanChunks(text, 0, { specialEscapingDisabled: false, names }, undefined, lines);
  let disabled = false;
  if (scanned.chunks.some((c) => (c.flags & CHUNK_DISABLES_ESCAPING) !== 0)) {
    disabled = true;
    scanned = scanChunks(text, 0, { specialEscapingDisabled: true, names });
  }
  return new Parsed(text, scanned.chunks, Int32Array.from(lines), disabled, options);
}

/**
 * Parses a new version of a document, reusing what it can of the previous version's tree. The
 * result is the tree `parse(text, options)` would build (the same nodes, problems, blocks and
 * facts); only the chunk boundaries may differ.
 */
export function reparse(previous: ParsedDocument, text: DocText, options: ParseOptions = {}): ParsedDocument {
  if (!(previous instanceof Parsed) || previous.knownNames !== options.knownNames) return parse(text, options);
  const change = changedRegion(previous.text, text);
  if (!change) {
    const origin: Origin = {
      chunks: previous.chunks,
      from: 0,
      oldTo: 0,
      newTo: 0,
      start: 0,
      oldEnd: 0,
      delta: 0,
      pure: true,
      trigger: triggerKey(previous),
    };
    return new Parsed(text, previous.chunks, previous.lineStarts, previous.specialEscapingDisabled, options, origin);
  }
  return reparseChange(previous, text, change, options);
}

/** `reparse` for a known change (offsets as in `TextChange`). */
export function reparseChange(
  previous: ParsedDocument,
  text: DocText,
  change: TextChange,
  options: ParseOptions = {},
): ParsedDocument {
  // Another catalog may read names differently: everything is scanned again.
  if (!(previous instanceof Parsed) || previous.knownNames !== options.knownNames) return parse(text, options);
  const { start, oldEnd, newEnd } = change;
  const delta = newEnd - oldEnd;
  if (
    start < 0 ||
    oldEnd < start ||
    newEnd < start ||
    oldEnd > previous.text.length ||
    previous.text.length + delta !== text.length
  ) {
    return parse(text, options);
  }
  const mode: ScanMode = { specialEscapingDisabled: previous.specialEscapingDisabled, names: options.knownNames };
  const old = previous.chunks;
  // A node's parse looks at most one character past its end, and never past a chunk boundary
  // except a `\r` that a `\n` after it joins: restart at the chunk that holds the character
  // before the change.
  const restart = previous.chunkAt(Math.max(0, start - 1));
  const from = previous.chunkStart(restart);
  let next = restart + 1;
  const scanned = scanChunks(text, from, mode, (position, length) => {
    if (position < newEnd) return false;
    const oldPosition = position - delta;
    while (next < old.length && previous.chunkStart(next) < oldPosition) next++;
    return next < old.length && previous.chunkStart(next) === oldPosition && length >= MIN_RESYNC_LENGTH;
  });
  const chunks = old.slice(0, restart);
  for (const c of scanned.chunks) chunks.push(c);
  const oldTo = scanned.end < text.length ? next : old.length;
  if (scanned.end < text.length) {
    for (let k = next; k < old.length; k++) {
      const c = old[k];
      if (c !== undefined) chunks.push(c);
    }
  }
  const disabled = chunks.some((c) => (c.flags & CHUNK_DISABLES_ESCAPING) !== 0);
  // `$disableSpecialEscaping` came or went: every chunk scans differently.
  if (disabled !== mode.specialEscapingDisabled) return parse(text, options);
  const pure = start === oldEnd || start === newEnd;
  const origin: Origin = {
    chunks: old,
    from: restart,
    oldTo,
    newTo: restart + scanned.chunks.length,
    start,
    oldEnd,
    delta,
    pure,
    trigger: triggerKey(previous),
  };
  return new Parsed(
    text,
    chunks,
    updateLineStarts(previous.lineStarts, text, change),
    disabled,
    options,
    sinceRemembered(previous, origin),
  );
}

/**
 * The origin to recall from. A version that remembered nothing (one that a completion or hover
 * parsed while the user typed, but that was never validated) is passed over: the edit is
 * composed with that version's own origin, so the next validation recalls from the last version
 * that was validated, across every keystroke since, instead of finding nothing to carry.
 */
function sinceRemembered(previous: Parsed, origin: Origin): Origin {
  const before = previous.origin;
  if (!before || rememberedVersions.has(previous.chunks) || !rememberedVersions.has(before.chunks)) return origin;
  return composeOrigins(before, origin);
}

/**
 * Two origins in a row (`a` from v0 to v1, `b` from v1 to v2) as one from v0 to v2. Chunks
 * outside the union of what `a` made and what `b` replaced are the same objects in all three
 * versions, so the union (in v1's indexes) maps back to v0 and forward to v2 by the counts each
 * edit changed; characters likewise.
 */
export function composeOrigins(a: Origin, b: Origin): Origin {
  // `a` replaced no chunk (the text was equal): `b` alone, read against v0's chunk list.
  if (a.from === a.oldTo && a.from === a.newTo && a.delta === 0 && a.start === a.oldEnd)
    return { ...b, chunks: a.chunks, trigger: a.trigger };
  const from = Math.min(a.from, b.from);
  const to1 = Math.max(a.newTo, b.oldTo);
  const start = Math.min(a.start, b.start);
  const end1 = Math.max(a.oldEnd + a.delta, b.oldEnd);
  const oldEnd = end1 - a.delta;
  const newEnd = end1 + b.delta;
  return {
    chunks: a.chunks,
    from,
    oldTo: to1 - a.newTo + a.oldTo,
    newTo: to1 - b.oldTo + b.newTo,
    start,
    oldEnd,
    delta: a.delta + b.delta,
    pure: a.pure && b.pure && (start === oldEnd || start === newEnd),
    trigger: a.trigger,
  };
}

/** The smallest region that differs between two texts, or null when they are equal. */
export function changedRegion(before: DocText, after: DocText): TextChange | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  const prefix = commonLength(before, after, max, false);
  const suffix = commonLength(before, after, max - prefix, true);
  return { start: prefix, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

/**
 * How many characters two strings share at the start (or the end), up to `max`. Compares
 * doubling blocks with string equality (a memory compare in the engine) and finishes
 * character by character, so a 1 MB document with one edit costs a few block compares.
 */
function commonLength(a: DocText, b: DocText, max: number, fromEnd: boolean): number {
  let done = 0;
  let block = 64;
  while (done < max) {
    const size = Math.min(block, max - done);
    const same = fromEnd
      ? a.slice(a.length - done - size, a.length - done) === b.slice(b.length - done - size, b.length - done)
      : a.slice(done, done + size) === b.slice(done, done + size);
    if (same) {
      done += size;
      block *= 2;
      continue;
    }
    if (size <= 16) break;
    block = Math.max(16, size >> 2);
  }
  while (done < max) {
    const x = fromEnd ? a.charCodeAt(a.length - 1 - done) : a.charCodeAt(done);
    const y = fromEnd ? b.charCodeAt(b.length - 1 - done) : b.charCodeAt(done);
    if (x !== y) break;
    done++;
  }
  return done;
}

// ---------------------------------------------------------------------------------------------
// Lines.

/**
 * The line starts of a changed text from the old ones: starts before the change stay, starts
 * after it move by the change's length, and the changed region is scanned again (one character
 * early, since `\r` + `\n` is one line break).
 */
function updateLineStarts(old: LineStarts, text: DocText, change: TextChange): LineStarts {
  const { start, oldEnd, newEnd } = change;
  const delta = newEnd - oldEnd;
  // Line 0 always starts at 0. Another line start s depends on the characters at s - 1 and s;
  // both lie before the change when s < start. The starts kept before and after the change are
  // found by binary search and copied as typed arrays: a keystroke at the end of a 1 MB document
  // keeps tens of thousands of them, and pushing each one through an array cost most of a
  // millisecond on the first request after the keystroke.
  const before = Math.max(1, firstAtLeast(old, start));
  const added: number[] = [];
  for (let i = Math.max(0, start - 1); i < newEnd; i++) {
    const c = text.charCodeAt(i);
    const s = i + 1;
    if ((c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) && s >= Math.max(start, 1) && s <= newEnd)
      added.push(s);
  }
  const after = Math.max(before, firstAtLeast(old, oldEnd + 1));
  const result = new Int32Array(before + added.length + (old.length - after));
  result.set(old.subarray(0, before));
  for (let j = 0; j < added.length; j++) result[before + j] = added[j] ?? 0;
  for (let k = after, j = before + added.length; k < old.length; k++, j++) result[j] = (old[k] ?? 0) + delta;
  return result;
}

/** The index of the first of the ascending `starts` that is `at` or more (their length when none is). */
function firstAtLeast(starts: LineStarts, at: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((starts[mid] ?? 0) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The 0-based line containing `offset`. */
export function lineOf(lineStarts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const s = lineStarts[mid];
    if (s !== undefined && s <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The line and column of an offset in this version's text, as `TextDocument.positionAt` gives
 * them (clamped to the text; an offset inside a line break is placed before it), read from the
 * parse's own line starts: it stays right while the editor's document moves on to later versions.
 */
export function positionOf(parsed: ParsedDocument, offset: number): { line: number; character: number } {
  const text = parsed.text;
  let at = Math.max(0, Math.min(offset, text.length));
  const line = lineOf(parsed.lineStarts, at);
  const start = parsed.lineStarts[line] ?? 0;
  while (at > start && (text.charCodeAt(at - 1) === 10 || text.charCodeAt(at - 1) === 13)) at--;
  return { line, character: at - start };
}

// ---------------------------------------------------------------------------------------------
// The trigger line.

/**
 * The call alone on the file's first non-blank line (nothing but whitespace and comments after
 * it on the line where it ends), with the end of that line; null when that line is anything else.
 */
export function loneFirstLineCall(text: DocText, roots: Iterable<Node>): { call: CallNode; lineEnd: number } | null {
  let first: CallNode | undefined;
  let lineEnd = -1;
  for (const node of roots) {
    if (!first) {
      if (node.kind === 'text' && isBlankText(text, node.start, node.end)) continue;
      if (node.kind !== 'call') return null;
      first = node;
      lineEnd = endOfLine(text, node.end);
      continue;
    }
    if (node.start >= lineEnd) break;
    if (node.kind === 'comment') continue;
    if (node.kind === 'text' && isBlankText(text, node.start, Math.min(node.end, lineEnd))) continue;
    return null;
  }
  return first ? { call: first, lineEnd } : null;
}

function endOfLine(text: DocText, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return i;
  }
  return text.length;
}

// ---------------------------------------------------------------------------------------------
// The parsed document.

const isBlockCallName = (name: string): boolean => BLOCK_CALL_NAMES.has(name);

/** What block matching needs from a chunk with block calls (`collectBlocks`). */
export const BLOCKS_FACT = new ChunkFact<BlockFacts>({
  name: 'blocks',
  compute: (text, view, base) => blockFacts(text, view, base, isBlockCallName),
  move: (fact, shift) => {
    const calls = moveEach(fact.calls, (call) => {
      const moved = moveOffsets(call, ['start', 'end', 'nameEnd', 'open', 'close', 'scope'], shift);
      if (!moved || !call.firstArg) return moved;
      const firstArg = moveOffsets(call.firstArg, ['start', 'end'], shift);
      return firstArg && (firstArg === call.firstArg ? moved : { ...moved, firstArg });
    });
    if (!calls) return undefined;
    const scopes = new Map<number, { readonly end: number; readonly parent: number }>();
    for (const [key, scope] of fact.scopes) {
      const at = shift(key);
      const moved = moveOffsets(scope, ['end', 'parent'], shift);
      if (at === undefined || !moved) return undefined;
      scopes.set(at, moved);
    }
    return { calls, scopes };
  },
  onlyWith: CHUNK_HAS_BLOCK_CALLS,
});

/** The directives among the comments of a chunk with comments (their lines are filled in later). */
export const DIRECTIVES_FACT = new ChunkFact<readonly Directive[]>({
  name: 'directives',
  compute: (text, view, base) => chunkDirectives(text, view.comments, base),
  // Read first of all (the script language), before any chunk is made into nodes: from the
  // compact chunk, so that reading them does not make every chunk with a comment into nodes.
  fromChunk: (text, chunk, base) => chunkDirectives(text, chunkComments(chunk, base), base),
  move: (fact, shift) => moveEach(fact, (d) => moveOffsets(d, ['start', 'end'], shift)),
  onlyWith: CHUNK_HAS_COMMENTS,
});

const EMPTY_SCOPES: ReadonlyMap<number, { readonly end: number; readonly parent: number }> = new Map();

/**
 * Where a reparsed version came from: the previous version's chunks (not its text, so nothing
 * large is kept), which of them the edit replaced (`from` to `oldTo`, now `from` to `newTo`),
 * how the length changed, and the previous trigger line.
 */
export interface Origin {
  readonly chunks: readonly Chunk[];
  readonly from: number;
  readonly oldTo: number;
  readonly newTo: number;
  /** The edit: `start` to `oldEnd` in the previous text became `delta` characters longer. */
  readonly start: number;
  readonly oldEnd: number;
  readonly delta: number;
  /**
   * The edit only inserted or only deleted text. A replacement may keep every offset in place
   * while changing the text between them (`$title` → `$image`), so nothing is carried over it.
   */
  readonly pure: boolean;
  readonly trigger: string;
}

/**
 * Previous offsets to this version's: before the edit in place; after it (an insertion's own
 * offset included) moved by the change in length; inside a deleted part only its start can be
 * placed. Which side an offset on the edit belongs to is checked fact by fact.
 */
function editMap({ start, oldEnd, delta }: Origin): Shift {
  return (offset) => {
    if (offset < start) return offset;
    if (offset >= oldEnd) return offset + delta;
    return offset === start ? offset : undefined;
  };
}

/** The versions (by chunk list) that remembered a carried value (see `sinceRemembered`). */
const rememberedVersions = new WeakSet<readonly Chunk[]>();

function triggerKey(doc: ParsedDocument): string {
  const t = doc.trigger;
  return t ? `${t.start}-${t.end}` : '-';
}

class Parsed implements ParsedDocument {
  readonly chunkCount: number;
  /** Chunk starts, plus the text length at the end. */
  private readonly starts: Int32Array;
  private readonly views = new Map<number, ChunkView>();
  private triggerValue: Span | null | undefined;
  private directivesValue: Directive[] | undefined;
  private problemsValue: SyntaxProblem[] | undefined;
  private blocksValue: BlockMatching | undefined;

  readonly knownNames: KnownNames | undefined;

  constructor(
    readonly text: DocText,
    readonly chunks: readonly Chunk[],
    readonly lineStarts: LineStarts,
    readonly specialEscapingDisabled: boolean,
    private readonly options: ParseOptions,
    /** Read by `reparseChange` to compose origins across versions that remembered nothing. */
    readonly origin?: Origin,
  ) {
    this.knownNames = options.knownNames;
    this.chunkCount = chunks.length;
    this.starts = new Int32Array(chunks.length + 1);
    let at = 0;
    let i = 0;
    for (const chunk of chunks) {
      this.starts[i++] = at;
      at += chunk.length;
    }
    this.starts[chunks.length] = at;
  }

  chunkStart(i: number): number {
    return must(this.starts[i], 'chunkStart of an index in 0..chunkCount');
  }

  chunkEnd(i: number): number {
    return must(this.starts[i + 1], 'chunkEnd of an index below chunkCount');
  }

  private chunkOf(i: number): Chunk {
    return must(this.chunks[i], 'a chunk index below chunkCount');
  }

  chunkAt(offset: number): number {
    let lo = 0;
    let hi = this.chunkCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      const s = this.starts[mid];
      if (s !== undefined && s <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  view(i: number): ChunkView {
    noteChunks(i, i);
    return this.viewOf(i);
  }

  /** `view` without noting a read: the engine's own reads (facts being computed, the trigger). */
  private viewOf(i: number): ChunkView {
    const cached = this.views.get(i);
    if (cached) {
      this.views.delete(i);
      this.views.set(i, cached);
      return cached;
    }
    const chunk = this.chunkOf(i);
    const base = this.chunkStart(i);
    const view = materialize(chunk, base, this.trigger);
    this.views.set(i, view);
    if (this.views.size > MAX_VIEWS) {
      // The least recently used view: the map keeps the order of use (see above).
      const oldest = this.views.keys().next();
      if (!oldest.done) this.views.delete(oldest.value);
    }
    // The document-wide facts of a chunk are taken while its nodes exist, so a chunk is made
    // into nodes once, whichever feature reads it first.
    // (The directives are read from the compact chunk: see DIRECTIVES_FACT.)
    this.take(BLOCKS_FACT, chunk, view, base);
    const facts = this.options.facts;
    if (facts) for (const fact of facts) this.take(fact, chunk, view, base);
    const later = this.options.factsOnceRead;
    if (later) for (const fact of later) if (fact.everRead) this.take(fact, chunk, view, base);
    return view;
  }

  /** A value to keep with a chunk or version: detached from this text unless the options say not to. */
  private kept<T>(value: T): T {
    return this.options.detach === false ? value : detachAll(value);
  }

  /** Computes `fact` of a chunk made into nodes, unless the chunk has it or cannot have it. */
  private take<T>(fact: ChunkFact<T>, chunk: Chunk, view: ChunkView, base: number): void {
    if (fact.onlyWith !== 0 && (chunk.flags & fact.onlyWith) === 0) return;
    if (fact.fromChunk) return;
    // Kept with the chunk past this version: no string in it may point into this text.
    if (!fact.values.has(chunk)) fact.values.set(chunk, this.kept(fact.compute(this.text, view, base)));
  }

  private range(from: number | undefined, to: number | undefined): [number, number] {
    const first = from === undefined ? 0 : this.chunkAt(from);
    const last = to === undefined ? this.chunkCount - 1 : this.chunkAt(Math.max(from ?? 0, to - 1));
    return [first, last];
  }

  *calls(from?: number, to?: number): Iterable<CallNode> {
    const [first, last] = this.range(from, to);
    noteChunks(first, last);
    for (let i = first; i <= last; i++) yield* this.viewOf(i).calls;
  }

  *comments(from?: number, to?: number): Iterable<CommentNode> {
    const [first, last] = this.range(from, to);
    noteChunks(first, last);
    for (let i = first; i <= last; i++) {
      if ((this.chunkOf(i).flags & CHUNK_HAS_COMMENTS) === 0) continue;
      yield* this.viewOf(i).comments;
    }
  }

  *roots(from?: number, to?: number): Iterable<Node> {
    const [first, last] = this.range(from, to);
    noteChunks(first, last);
    for (let i = first; i <= last; i++) yield* this.viewOf(i).roots;
  }

  callAt(offset: number): CallNode | null {
    return findStarting(this.view(this.chunkAt(offset)).calls, offset);
  }

  commentAt(offset: number): CommentNode | null {
    return findStarting(this.view(this.chunkAt(offset)).comments, offset);
  }

  fact<T>(fact: ChunkFact<T>, i: number): T {
    noteFact(fact);
    return this.factOf(fact, i);
  }

  /** `fact` without noting a read: the engine's own reads. */
  private factOf<T>(fact: ChunkFact<T>, i: number): T {
    fact.everRead = true;
    const chunk = this.chunkOf(i);
    const hit = fact.values.get(chunk);
    if (hit !== undefined) return hit;
    const base = this.chunkStart(i);
    if (fact.fromChunk) {
      // Kept with the chunk past this version: no string in it may point into this text.
      const value = this.kept(fact.fromChunk(this.text, chunk, base));
      fact.values.set(chunk, value);
      return value;
    }
    const view = this.viewOf(i);
    // Making the chunk into nodes takes the facts handed to the parser, this one among them.
    const taken = fact.values.get(chunk);
    if (taken !== undefined) return taken;
    const value = this.kept(fact.compute(this.text, view, base));
    fact.values.set(chunk, value);
    return value;
  }

  cached<T>(cache: ChunkCache<T>, i: number, stamp: string, compute: (view: ChunkView, base: number) => T): T {
    // What else it depends on is known only by its stamp, never by an edit: nothing that reads
    // it is carried.
    noteWhole();
    const chunk = this.chunkOf(i);
    const hit = cache.values.get(chunk);
    if (hit && hit.stamp === stamp) return hit.value;
    const value = this.kept(compute(this.viewOf(i), this.chunkStart(i)));
    cache.values.set(chunk, { stamp, value });
    return value;
  }

  remember<T>(carried: CarriedValue<T>, value: T, reads: Reads): void {
    rememberedVersions.add(this.chunks);
    // Carried to later versions: no string in it may point into this text.
    carried.versions.set(this.chunks, { value: this.kept(value), reads });
  }

  recall<T>(
    carried: CarriedValue<T>,
  ): { readonly value: T; readonly reads: Reads; readonly map: Shift | null } | undefined {
    const own = carried.versions.get(this.chunks);
    if (own) return { ...own, map: null };
    const origin = this.origin;
    if (!origin || !origin.pure || origin.newTo !== origin.oldTo || origin.trigger !== triggerKey(this))
      return undefined;
    const before = carried.versions.get(origin.chunks);
    if (!before) return undefined;
    const reads = before.reads;
    if (reads.whole) return undefined;
    // Nodes read directly from a chunk the edit replaced may be anything now.
    for (let k = 0; k + 1 < reads.chunks.length; k += 2) {
      const first = reads.chunks[k] ?? 0;
      const last = reads.chunks[k + 1] ?? 0;
      if (first < origin.oldTo && last >= origin.from) return undefined;
    }
    const map = editMap(origin);
    if (!this.replacedFactsMove(origin, reads.facts, map)) return undefined;
    return { value: before.value, reads, map };
  }

  get trigger(): Span | null {
    if (this.triggerValue === undefined) this.triggerValue = this.findTrigger();
    return this.triggerValue;
  }

  /**
   * The trigger convention: when the first non-blank content of the file is a call to a
   * callback and nothing but whitespace and comments follows it on the line where it ends,
   * that line is the trigger (the app shows the trigger above the code). Everything else is code.
   */
  private findTrigger(): Span | null {
    const isCallback = this.options.isCallback;
    if (!isCallback) return null;
    // Views made here know no trigger yet, so they are not the cached ones.
    const roots = function* (doc: Parsed): Iterable<Node> {
      for (let i = 0; i < doc.chunkCount; i++) yield* materialize(doc.chunkOf(i), doc.chunkStart(i), null).roots;
    };
    const lone = loneFirstLineCall(this.text, roots(this));
    if (!lone || !isCallback(lone.call.name)) return null;
    return { start: lone.call.start, end: lone.lineEnd };
  }

  get directives(): readonly Directive[] {
    noteFact(DIRECTIVES_FACT);
    if (!this.directivesValue) {
      const out: Directive[] = [];
      for (let i = 0; i < this.chunkCount; i++) {
        if ((this.chunkOf(i).flags & CHUNK_HAS_COMMENTS) === 0) continue;
        const base = this.chunkStart(i);
        const found = this.factOf(DIRECTIVES_FACT, i);
        for (const d of found)
          out.push({ ...d, start: d.start + base, end: d.end + base, line: lineOf(this.lineStarts, d.start + base) });
      }
      this.directivesValue = out;
    }
    return this.directivesValue;
  }

  get problems(): readonly SyntaxProblem[] {
    // Stray brackets pair across the whole document.
    noteWhole();
    if (!this.problemsValue) {
      const out: SyntaxProblem[] = [];
      let open = 0;
      for (let i = 0; i < this.chunkCount; i++) {
        const chunk = this.chunkOf(i);
        const base = this.chunkStart(i);
        for (const p of chunk.problems) out.push(placeProblem(p, base));
        const brackets = chunk.brackets;
        if (!brackets) continue;
        // Top-level text brackets pair across the whole document; a `]` with no `[` is stray.
        for (const event of brackets) {
          const type = event & 3;
          if (type === BRACKET_OPEN) open++;
          else if (open > 0) open--;
          else if (type === BRACKET_CLOSE) out.push(strayBracket(base + (event >> 2)));
        }
      }
      out.sort((a, b) => a.start - b.start);
      this.problemsValue = out;
    }
    return this.problemsValue;
  }

  /** Every call that takes part in blocks, in document order, with its scope. */
  get blockCalls(): readonly PlacedBlockCall[] {
    noteFact(BLOCKS_FACT);
    return (this.blocksValue ??= this.collectBlocks()).calls;
  }

  get blocks(): readonly Block[] {
    noteFact(BLOCKS_FACT);
    return (this.blocksValue ??= this.collectBlocks()).blocks;
  }

  get blockProblems(): readonly BlockProblem[] {
    noteFact(BLOCKS_FACT);
    return (this.blocksValue ??= this.collectBlocks()).problems;
  }

  private collectBlocks(): BlockMatching {
    const carried = this.carriedBlocks();
    if (carried) {
      // As below: a moved matching is a new one, and the previous one is not kept alive beside it.
      if (this.origin) blockMatchings.delete(this.origin.chunks);
      blockMatchings.set(this.chunks, carried);
      return carried.value;
    }
    const calls: PlacedBlockCall[] = [];
    const scopes = new Map<number, { end: number; parent: number }>();
    for (let i = 0; i < this.chunkCount; i++) {
      if ((this.chunkOf(i).flags & CHUNK_HAS_BLOCK_CALLS) === 0) continue;
      const base = this.chunkStart(i);
      const facts = this.factOf(BLOCKS_FACT, i);
      for (const fact of facts.calls) calls.push(placeBlockCall(fact, base));
      for (const [key, info] of facts.scopes) {
        scopes.set(key + base, { end: info.end + base, parent: info.parent < 0 ? info.parent : info.parent + base });
      }
    }
    const { blocks, problems } = matchBlocks(this.text.length, calls, (key) =>
      scopes.size > 0 ? scopes.get(key) : EMPTY_SCOPES.get(key),
    );
    const value = { calls, blocks, problems };
    let reach = 0;
    for (const call of calls) reach = Math.max(reach, call.end);
    for (const block of blocks) reach = Math.max(reach, block.end);
    blockMatchings.set(this.chunks, { value, reach });
    // The previous version's matching is not kept alive beside this one by its chunk list.
    if (this.origin) blockMatchings.delete(this.origin.chunks);
    return value;
  }

  /**
   * The block matching of the version this one was edited from, carried here when the chunks the
   * edit replaced hold the same block calls and scopes, moved: as it is when every offset in it
   * lies before the edit (typing in text after the last block reuses the tree of thousands of
   * blocks), else with its offsets moved by the edit (blocks.ts, `moveMatching`), instead of
   * matching them all again.
   */
  private carriedBlocks(): { readonly value: BlockMatching; readonly reach: number } | undefined {
    const origin = this.origin;
    if (!origin || origin.newTo !== origin.oldTo) return undefined;
    const before = blockMatchings.get(origin.chunks);
    const map = editMap(origin);
    if (!before || !this.replacedFactsMove(origin, [BLOCKS_FACT], map)) return undefined;
    if (before.reach < origin.start) return before;
    const value = moveMatching(before.value, map);
    const reach = map(before.reach);
    return value && reach !== undefined ? { value, reach } : undefined;
  }

  /**
   * Whether each of `facts` of every chunk the edit replaced, moved by `map`, is this version's
   * fact of that chunk. A chunk or a previous fact missing (never, by the origin's construction)
   * only means no.
   */
  private replacedFactsMove(origin: Origin, facts: Iterable<ChunkFact<unknown>>, map: Shift): boolean {
    // Where the first replaced chunk started in the previous text.
    let oldAt = 0;
    for (let k = 0; k < origin.from; k++) {
      const was = origin.chunks[k];
      if (was === undefined) return false;
      oldAt += was.length;
    }
    for (let k = origin.from; k < origin.newTo; k++) {
      const was = origin.chunks[k];
      const now = this.chunks[k];
      if (was === undefined || now === undefined) return false;
      const oldBase = oldAt;
      const newBase = this.chunkStart(k);
      // Offsets relative to the chunk; a negative one means "none" and stays.
      const shift: Shift = (relative) => {
        if (relative < 0) return relative;
        const at = map(oldBase + relative);
        return at === undefined ? undefined : at - newBase;
      };
      for (const fact of facts) {
        if (fact.onlyWith !== 0) {
          if ((was.flags & fact.onlyWith) !== (now.flags & fact.onlyWith)) return false;
          if ((now.flags & fact.onlyWith) === 0) continue;
        }
        const old = fact.values.get(was);
        if (old === undefined) return false;
        const moved = fact.move(old, shift);
        if (moved === undefined || !sameFact(moved, this.factOf(fact, k))) return false;
      }
      oldAt += was.length;
    }
    return true;
  }
}

/**
 * Each version's block matching, by its chunk list, with the furthest offset in it (`reach`):
 * the next version reuses it when the edit left it in place (`carriedBlocks`).
 */
const blockMatchings = new WeakMap<readonly Chunk[], { readonly value: BlockMatching; readonly reach: number }>();

function findStarting<T extends { readonly start: number }>(list: readonly T[], offset: number): T | null {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = list[mid];
    if (item !== undefined && item.start < offset) lo = mid + 1;
    else hi = mid;
  }
  const found = list[lo];
  return found && found.start === offset ? found : null;
}

/** The directives among a chunk's comments, offsets relative to the chunk (lines are filled in later). */
function chunkDirectives(text: DocText, comments: readonly CommentSpan[], base: number): Directive[] {
  const out: Directive[] = [];
  for (const comment of comments) {
    const contentEnd = comment.close >= 0 ? comment.close : comment.end;
    const directive = parseDirective(
      text.slice(comment.open + 1, contentEnd),
      { start: comment.start - base, end: comment.end - base },
      -1,
    );
    if (directive) out.push(directive);
  }
  return out;
}

function placeProblem(p: SyntaxProblem, base: number): SyntaxProblem {
  return {
    code: p.code,
    start: p.start + base,
    end: p.end + base,
    message: p.message,
    ...(p.callStart !== undefined ? { callStart: p.callStart + base } : {}),
    ...(p.related ? { related: { start: p.related.start + base, end: p.related.end + base } } : {}),
  };
}

function strayBracket(at: number): SyntaxProblem {
  return {
    code: 'stray-bracket',
    start: at,
    end: at + 1,
    message: msg('syntax.strayBracket'),
  };
}
