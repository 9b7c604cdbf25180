// The compact tree and the scanner that builds it. A document is a sequence of chunks: runs of
// top-level nodes that end at a top-level boundary (a line start where no `[` and no comment is
// open, or right after a closed top-level call or comment), where the scanner's state is the
// same as at the start of a text, so a chunk's nodes depend only on its own text. A chunk keeps its nodes in one Int32Array, four numbers a node in preorder (kind and flags,
// start, end, index past the subtree), with positions relative to the chunk, so an edit
// elsewhere reuses the chunk as it is. Node objects for features are made from it on demand
// (`materialize`). The scan is one pass with explicit stacks: depth costs heap, never call stack;
// escapes are text, `[` opens arguments only right after a name, `$c[...]` is a comment up to
// the first unescaped `]`, and nothing makes the scanner throw or drop a character.

import { detached } from '../detach';
import type {
  ArgNode,
  CallNode,
  ChunkView,
  CommentNode,
  EscapedChar,
  Node,
  Span,
  SyntaxProblem,
  TextNode,
} from './tree';
import { msg } from '../l10n';
import { must } from '../must';
import type { DocText } from './text';

// ---------------------------------------------------------------------------------------------
// Node layout: word 0 = kind | flags << 3 | payload << 8; word 1 = start; word 2 = end (both
// relative to the chunk); word 3 = the index of the first node after this node's subtree.

export const NODE_WORDS = 4;
export const KIND_TEXT = 0;
export const KIND_ESCAPE = 1;
export const KIND_CALL = 2;
export const KIND_COMMENT = 3;
export const KIND_ARG = 4;
/** Call flag: `[` follows the name. */
export const FLAG_BRACKETED = 1 << 3;
/** Call and comment flag: the `]` is there. */
export const FLAG_CLOSED = 2 << 3;
/** Call flag: the name is spelled `%{DOL}%name` (special escaping disabled). */
export const FLAG_DOL = 4 << 3;
const PAYLOAD_SHIFT = 8;

const ESCAPE_VALUES: readonly EscapedChar[] = [';', ']', '\\', '$'];
const ESC_SEMI = 0;
const ESC_CLOSE = 1;
const ESC_BACKSLASH = 2;
const ESC_DOLLAR = 3;

// Chunk flags: what a chunk holds, so document-wide facts skip chunks that cannot contribute.
/** A call `$disableSpecialEscaping` spelled with `$` (see `Chunk.flags`). */
export const CHUNK_DISABLES_ESCAPING = 1;
/** A call that plays a part in blocks (`$if`, `$await`, `$error`, ...). */
export const CHUNK_HAS_BLOCK_CALLS = 2;
/** A comment (which may be a directive). */
export const CHUNK_HAS_COMMENTS = 4;

/** The names that take part in block matching; a chunk without them has no block facts. */
export const BLOCK_CALL_NAMES: ReadonlySet<string> = new Set([
  '$if',
  '$elseif',
  '$else',
  '$endif',
  '$try',
  '$catch',
  '$endtry',
  '$async',
  '$endasync',
  '$await',
  '$error',
]);

/** Top-level bracket events (`Chunk.brackets`): position * 4 + one of these. */
export const BRACKET_OPEN = 0;
export const BRACKET_CLOSE = 1;
/** An escaped `]` at top level: it pairs with an open text `[` but is never stray. */
export const BRACKET_ESCAPED_CLOSE = 2;

/** A chunk grows to at least this many characters before it ends at the next top-level boundary. */
export const CHUNK_TARGET = 2048;

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
/** The escape spelling of `$`; the scanner is the one place that knows the escape spellings. */
export const DOLLAR_ESCAPE = '%{DOL}%';
/** The comment function's name. */
export const COMMENT_NAME = '$c';

/** The characters that can start syntax, an escape or a top-level line: `$ % \\ ; [ ] \n \r`. */
const SPECIAL = new Uint8Array(128);
for (const c of [DOLLAR, PERCENT, BACKSLASH, SEMI, OPEN, CLOSE, LF, CR]) SPECIAL[c] = 1;

/**
 * One chunk of the tree. Immutable once built; the facts computed from it are kept by each fact
 * (facts.ts), by chunk, for as long as the chunk lives.
 */
export class Chunk {
  constructor(
    /** Characters the chunk covers. */
    readonly length: number,
    /** Nodes, `NODE_WORDS` numbers each, in preorder. */
    readonly nodes: Int32Array,
    /** Names past the global intern table's bound, by `payload - MAX_INTERNED_NAMES`. */
    readonly extraNames: readonly string[],
    /** Problems found while scanning (offsets relative to the chunk), by start. */
    readonly problems: readonly SyntaxProblem[],
    /** Top-level text brackets, `relative position * 4 + BRACKET_*`, in order; null when none. */
    readonly brackets: Int32Array | null,
    /** `CHUNK_*` bits. */
    readonly flags: number,
  ) {}

  get nodeCount(): number {
    return this.nodes.length / NODE_WORDS;
  }

  nameOf(payload: number): string {
    return nameOfId(payload, this.extraNames);
  }
}

// ---------------------------------------------------------------------------------------------
// Names.

/**
 * Names are interned across parses: a document repeats a few hundred names thousands of times,
 * and one shared string per name saves an allocation per call, lets catalog lookups reuse the
 * string's cached hash and lets a node store a small number. Bounded, so random identifiers
 * cannot grow it; names past the bound are kept by their chunk.
 */
const MAX_INTERNED_NAMES = 20_000;
const internedNames: string[] = [];
/**
 * An open-addressing table of the interned names by hash: slot = hash & INTERN_MASK, holding
 * id + 1 (0 = empty), probed linearly; at most 20,000 of 65,536 slots are used. A Map keyed by
 * the 32-bit hash made a heap number of every hash past the small-integer range and walked its
 * bucket with an iterator, 35,000 times in a cold check of 1 MB.
 */
const INTERN_MASK = (1 << 16) - 1;
const internSlots = new Int32Array(INTERN_MASK + 1);
/** The hash of each interned name, by id. */
const internedHashes = new Int32Array(MAX_INTERNED_NAMES);
/** The `CHUNK_*` bits a call with each interned name gives its chunk, by id (see `nameFlags`). */
const internedFlags = new Uint8Array(MAX_INTERNED_NAMES);

/**
 * The intern id of text[start, end), whose FNV-1a hash (computed by the scanner while it reads
 * the identifier) is `hash`; -1 when the table is full and the name is new.
 */
function internId(text: DocText, start: number, end: number, hash: number): number {
  const length = end - start;
  let slot = hash & INTERN_MASK;
  for (;;) {
    const entry = internSlots[slot] ?? 0;
    if (entry === 0) break;
    const id = entry - 1;
    const candidate = internedNames[id];
    if (internedHashes[id] === hash && candidate !== undefined && candidate.length === length) {
      let k = 0;
      while (k < length && candidate.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      if (k === length) return id;
    }
    slot = (slot + 1) & INTERN_MASK;
  }
  if (internedNames.length >= MAX_INTERNED_NAMES) return -1;
  const id = internedNames.length;
  internedNames.push(detached(text.slice(start, end)));
  internedHashes[id] = hash;
  internedFlags[id] = nameFlags(must(internedNames[id], 'the name just interned'));
  internSlots[slot] = id + 1;
  return id;
}

/** The `CHUNK_*` bits a call named `name` (spelled with `$`) gives the chunk it is in. */
function nameFlags(name: string): number {
  return (
    (BLOCK_CALL_NAMES.has(name) ? CHUNK_HAS_BLOCK_CALLS : 0) |
    (name === '$disableSpecialEscaping' ? CHUNK_DISABLES_ESCAPING : 0)
  );
}

/**
 * Where a function name ends: `$` (or `%{DOL}%`) followed by a letter, then letters and digits.
 * The whole identifier is the name (`$usernamefoo` is one unknown name, not `$username` + text);
 * this is the one place that decides it.
 */
export function identifierEnd(text: DocText, from: number): number {
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

function isIdentifierChar(c: number): boolean {
  return isLetter(c) || (c >= 48 && c <= 57);
}

// ---------------------------------------------------------------------------------------------
// The scanner.

/**
 * The function names BDFD knows, for reading a name glued to text: BDFD reads the longest known
 * name and leaves the rest as text (`$pingms` is `$ping` then "ms"; `Yes$elseNo$endif` has
 * `$else` and `$endif`). A name that starts with no known name stays whole (an unknown name).
 * This is the one place that decides where a name ends when a catalog is known.
 */
export class KnownNames {
  private readonly names: ReadonlySet<string>;
  /** The longest known name, so a search for a known start is bounded. */
  private readonly longest: number;
  /** Per intern id: 0 not looked up yet, 1 known, 2 not known. */
  private readonly byId = new Uint8Array(MAX_INTERNED_NAMES);

  constructor(names: Iterable<string>) {
    const set = new Set<string>();
    let longest = 0;
    for (const name of names) {
      set.add(name);
      longest = Math.max(longest, name.length);
    }
    this.names = set;
    this.longest = longest;
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /** Whether the name text[start, end) with intern id `id` is known (ids past the table are looked up by name). */
  hasId(id: number, text: DocText, start: number, end: number): boolean {
    if (id >= MAX_INTERNED_NAMES) return this.names.has(text.slice(start, end));
    // 0: not looked up yet (also what an out-of-range read would mean).
    let known = this.byId[id] ?? 0;
    if (known === 0) this.byId[id] = known = this.names.has(nameOfId(id, NO_EXTRA_NAMES)) ? 1 : 2;
    return known === 1;
  }

  /**
   * Where the longest known name that `prefix` + text[from, end) starts with ends in the text,
   * with at least one character of the identifier; -1 when none does.
   */
  longestStart(text: DocText, prefix: string, from: number, end: number): number {
    for (let k = Math.min(end - 1, from + this.longest - prefix.length); k > from; k--) {
      if (this.names.has(prefix + text.slice(from, k))) return k;
    }
    return -1;
  }
}

/** What the scan of a document depends on besides its text. */
export interface ScanMode {
  /** `$disableSpecialEscaping` is in the code: `%{-SEMICOL-}%` separates and `%{DOL}%name` calls. */
  readonly specialEscapingDisabled: boolean;
  /** The known names, when a catalog is loaded; without them every identifier is one name. */
  readonly names?: KnownNames | undefined;
}

export interface ScanResult {
  readonly chunks: Chunk[];
  /** Where the scan stopped: the end of the text, or the position `resync` accepted. */
  readonly end: number;
}

/**
 * Scans `text` from `from`, which must be 0 or a chunk start of an earlier scan in the same mode,
 * into chunks. At every later top-level boundary `resync` may stop the scan (the caller then
 * reuses its old chunks from there); without it the scan runs to the end.
 */
export function scanChunks(
  text: DocText,
  from: number,
  mode: ScanMode,
  resync?: (position: number, chunkLength: number) => boolean,
  lineStarts?: number[],
): ScanResult {
  const n = text.length;
  const disabled = mode.specialEscapingDisabled;
  const names = mode.names;
  const chunks: Chunk[] = [];

  let buf = new Int32Array(1024);
  let count = 0;
  let chunkStart = from;
  let extraNames: string[] = [];
  let extraIds: Map<string, number> | undefined;
  let problems: SyntaxProblem[] = [];
  let brackets: number[] = [];
  let flags = 0;

  // Open calls: the node index of the call, of its current argument, and where its unmatched
  // text `[` start on the text-bracket stack.
  const frameCall: number[] = [];
  const frameArg: number[] = [];
  const frameTextMark: number[] = [];
  let depth = 0;
  // Unmatched text `[` inside arguments; one that follows a visibly escaped name (`%{DOL}%sum[`,
  // `$$c[]sum[`: code that writes BDScript text) is kept as -(position + 1), since the `]` that
  // closes the call after it is meant to.
  const textOpens: number[] = [];
  let textTop = 0;
  let lastCommentStart = -1;
  let lastCommentEnd = -1;

  let textStart = from;
  let i = from;
  let stopped = false;

  const grow = (): void => {
    const next = new Int32Array(buf.length * 2);
    next.set(buf);
    buf = next;
  };
  const node = (word: number, start: number, end: number): number => {
    if ((count + 1) * NODE_WORDS > buf.length) grow();
    const k = count * NODE_WORDS;
    buf[k] = word;
    buf[k + 1] = start - chunkStart;
    buf[k + 2] = end - chunkStart;
    buf[k + 3] = count + 1;
    return count++;
  };
  /** Sets a node's end and the index past its subtree (everything written so far). */
  const finish = (index: number, end: number): void => {
    const k = index * NODE_WORDS;
    buf[k + 2] = end - chunkStart;
    buf[k + 3] = count;
  };
  // The text node before a piece of syntax: written here rather than through `node`, a call
  // less for each of the most common node.
  const flush = (end: number): void => {
    if (end <= textStart) return;
    if ((count + 1) * NODE_WORDS > buf.length) grow();
    const k = count * NODE_WORDS;
    buf[k] = KIND_TEXT;
    buf[k + 1] = textStart - chunkStart;
    buf[k + 2] = end - chunkStart;
    buf[k + 3] = ++count;
  };
  const problem = (p: SyntaxProblem): void => {
    problems.push(p);
  };
  const escape = (start: number, end: number, value: number): void => {
    flush(start);
    node(KIND_ESCAPE | (value << PAYLOAD_SHIFT), start, end);
    // An escaped `]` is the text partner of a text `[`.
    if (value === ESC_CLOSE) {
      if (depth > 0) {
        if (textTop > (frameTextMark[depth - 1] ?? textTop)) textTop--;
      } else {
        brackets.push((start - chunkStart) * 4 + BRACKET_ESCAPED_CLOSE);
      }
    }
    i = end;
    textStart = end;
  };
  const nameId = (start: number, end: number, hash: number, name?: string): number => {
    const id = name === undefined ? internId(text, start, end, hash) : -1;
    if (id >= 0) return id;
    const s = detached(name ?? text.slice(start, end));
    extraIds ??= new Map();
    let local = extraIds.get(s);
    if (local === undefined) {
      local = extraNames.length;
      extraNames.push(s);
      extraIds.set(s, local);
    }
    return MAX_INTERNED_NAMES + local;
  };
  const openCall = (start: number, nameEnd: number, id: number, dol: boolean): void => {
    flush(start);
    const bracketed = text.charCodeAt(nameEnd) === OPEN;
    // Read by id for an interned name: a set lookup per call was a cost of its own.
    const nameBits = id < MAX_INTERNED_NAMES ? (internedFlags[id] ?? 0) : nameFlags(nameOfId(id, extraNames));
    // `%{DOL}%disableSpecialEscaping` does not disable it.
    flags |= dol ? nameBits & ~CHUNK_DISABLES_ESCAPING : nameBits;
    const word = KIND_CALL | (bracketed ? FLAG_BRACKETED : 0) | (dol ? FLAG_DOL : 0) | (id << PAYLOAD_SHIFT);
    const call = node(word, start, nameEnd);
    if (bracketed) {
      frameCall[depth] = call;
      frameTextMark[depth] = textTop;
      frameArg[depth] = node(KIND_ARG, nameEnd + 1, nameEnd + 1);
      depth++;
      i = nameEnd + 1;
    } else {
      i = nameEnd;
    }
    textStart = i;
  };
  const separator = (start: number, end: number): void => {
    flush(start);
    finish(must(frameArg[depth - 1], 'a separator is inside an open call'), start);
    frameArg[depth - 1] = node(KIND_ARG, end, end);
    i = end;
    textStart = end;
  };
  /**
   * Whether the text `[` at `at` follows a name whose `$` is visibly escaped: `%{DOL}%name[` (when
   * special escaping is on) or `$` + a comment + `name[` (`$$c[]name[`).
   */
  const afterEscapedName = (at: number): boolean => {
    let a = at;
    while (a > 0 && isIdentifierChar(text.charCodeAt(a - 1))) a--;
    if (a === at || !isLetter(text.charCodeAt(a))) return false;
    if (!disabled && a >= DOLLAR_ESCAPE.length && text.startsWith(DOLLAR_ESCAPE, a - DOLLAR_ESCAPE.length)) return true;
    return lastCommentEnd === a && lastCommentStart > 0 && text.charCodeAt(lastCommentStart - 1) === DOLLAR;
  };
  const cut = (at: number): void => {
    const nodes = buf.slice(0, count * NODE_WORDS);
    chunks.push(
      new Chunk(
        at - chunkStart,
        nodes,
        extraNames,
        problems,
        brackets.length > 0 ? Int32Array.from(brackets) : null,
        flags,
      ),
    );
    chunkStart = at;
    count = 0;
    extraNames = [];
    extraIds = undefined;
    problems = [];
    brackets = [];
    flags = 0;
  };
  /**
   * `at` is a top-level boundary (a line start, or right after a closed top-level call or
   * comment), where the scanner's state is the same as at the start of a text: end the chunk
   * there when it is long enough or the caller resyncs.
   */
  const boundary = (at: number): void => {
    if (at >= n) return;
    if (resync && resync(at, at - chunkStart)) {
      cut(at);
      stopped = true;
    } else if (at - chunkStart >= CHUNK_TARGET) {
      cut(at);
    }
  };

  /** The intern id of the known name $ + text[start + 1, end) that starts a glued name. */
  const gluedId = (start: number, end: number): number => {
    let hash = Math.imul(0x811c9dc5 ^ DOLLAR, 0x01000193);
    for (let m = start + 1; m < end; m++) hash = Math.imul(hash ^ text.charCodeAt(m), 0x01000193);
    return nameId(start, end, hash);
  };
  /**
   * The comment `$c[` whose `[` is at `open`, at `i`; true when the scan stops after it.
   * Rare paths such as this one are functions of their own, so the loop that V8 compiles
   * while it runs (on-stack replacement) stays small: that compile was a cost of its own.
   */
  const comment = (start: number, open: number): boolean => {
    flush(start);
    const close = commentClose(text, open, lineStarts);
    const end = close >= 0 ? close + 1 : n;
    lastCommentStart = start;
    lastCommentEnd = end;
    node(KIND_COMMENT | (close >= 0 ? FLAG_CLOSED : 0), start, end);
    flags |= CHUNK_HAS_COMMENTS;
    if (close < 0) {
      problem({
        code: 'unclosed-comment',
        start: start - chunkStart,
        end: open + 1 - chunkStart,
        message: msg('syntax.unclosedComment'),
      });
    }
    i = end;
    textStart = i;
    if (depth === 0 && close >= 0) {
      boundary(i);
      return stopped;
    }
    return false;
  };
  /** A `%` at `i`: an escape spelling, `%{DOL}%name` or text. */
  const percent = (): void => {
    if (text.startsWith(SEMICOL_ESCAPE, i)) {
      if (disabled && depth > 0) separator(i, i + SEMICOL_ESCAPE.length);
      else escape(i, i + SEMICOL_ESCAPE.length, ESC_SEMI);
    } else if (text.startsWith(BRACKET_ESCAPE, i)) {
      escape(i, i + BRACKET_ESCAPE.length, ESC_CLOSE);
    } else if (text.startsWith(DOLLAR_ESCAPE, i)) {
      const nameStart = i + DOLLAR_ESCAPE.length;
      let j = disabled ? identifierEnd(text, nameStart) : nameStart;
      if (j > nameStart && names && !names.has('$' + text.slice(nameStart, j))) {
        const k = names.longestStart(text, '$', nameStart, j);
        if (k > 0) j = k;
      }
      if (j > nameStart) openCall(i, j, nameId(0, 0, 0, '$' + text.slice(nameStart, j)), true);
      else escape(i, nameStart, ESC_DOLLAR);
    } else {
      i++;
    }
  };

  /** The problem of a text `[` at `textOpen` left open in the call at node `call`, closed at `i`. */
  const unescapedBracket = (call: number, textOpen: number): void => {
    const name = nameOfWord(buf[call * NODE_WORDS] ?? 0, extraNames);
    problem({
      code: 'unescaped-bracket',
      start: i - chunkStart,
      end: i + 1 - chunkStart,
      callStart: buf[call * NODE_WORDS + 1] ?? 0,
      related: { start: textOpen - chunkStart, end: textOpen + 1 - chunkStart },
      message: msg('syntax.unescapedBracket', { name }),
    });
  };
  /** The end of the text: the last text, the calls left open, the last chunk. */
  const end = (): void => {
    flush(n);
    // Calls still open at the end run to the end of the document, innermost first.
    for (let f = depth - 1; f >= 0; f--) {
      const call = must(frameCall[f], 'frames below depth are open calls');
      finish(must(frameArg[f], 'an open call has a current argument'), n);
      finish(call, n);
      const word = buf[call * NODE_WORDS] ?? 0;
      const callStart = buf[call * NODE_WORDS + 1] ?? 0;
      const open = callStart + nameLength(word, extraNames);
      problem({
        code: 'unclosed-bracket',
        start: open,
        end: open + 1,
        callStart,
        message: msg('syntax.unclosedBracket', { name: nameOfWord(word, extraNames) }),
      });
    }
    if (problems.length > 1) problems.sort((a, b) => a.start - b.start);
    cut(n);
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    // Most characters are plain text: one table lookup skips them.
    if (c >= 128 || SPECIAL[c] === 0) {
      i++;
      continue;
    }
    if (c === DOLLAR) {
      // The identifier's end and its hash in one pass (see identifierEnd and nameHash).
      let j = i + 1;
      let hash = Math.imul(0x811c9dc5 ^ DOLLAR, 0x01000193);
      let d = text.charCodeAt(j);
      // A letter: `d | 32` folds A-Z onto a-z (and nothing else onto it). Written out rather
      // than called: a call per character of every name in cold code.
      if (((d | 32) - 97) >>> 0 >= 26) {
        i++;
        continue;
      }
      do {
        hash = Math.imul(hash ^ d, 0x01000193);
        d = text.charCodeAt(++j);
      } while (((d | 32) - 97) >>> 0 < 26 || (d >= 48 && d <= 57));
      if (j === i + 2 && text.charCodeAt(i + 1) === 99 /* c */ && text.charCodeAt(j) === OPEN) {
        if (comment(i, j)) return { chunks, end: i };
        continue;
      }
      // The interned id straight away (nameId's own first step, a call less per call).
      let id = internId(text, i, j, hash);
      if (id < 0) id = nameId(i, j, hash);
      if (names && !names.hasId(id, text, i, j)) {
        // A name glued to text: the longest known name it starts with, the rest is text.
        const k = names.longestStart(text, '$', i + 1, j);
        if (k > 0) {
          j = k;
          id = gluedId(i, k);
        }
      }
      openCall(i, j, id, false);
      continue;
    }
    if (c === BACKSLASH) {
      const d = text.charCodeAt(i + 1);
      if (d === SEMI) escape(i, i + 2, ESC_SEMI);
      else if (d === CLOSE) escape(i, i + 2, ESC_CLOSE);
      else if (d === BACKSLASH) escape(i, i + 2, ESC_BACKSLASH);
      else i++;
      continue;
    }
    if (c === PERCENT) {
      percent();
      continue;
    }
    if (depth > 0) {
      if (c === SEMI) {
        separator(i, i + 1);
        continue;
      }
      if (c === CLOSE) {
        flush(i);
        const f = depth - 1;
        const call = must(frameCall[f], 'a `]` at depth > 0 closes an open call');
        finish(must(frameArg[f], 'an open call has a current argument'), i);
        // Only the innermost open text `[` is reported, and not when it follows an escaped name.
        const mark = frameTextMark[f] ?? textTop;
        const textOpen = textTop > mark ? (textOpens[textTop - 1] ?? -1) : -1;
        textTop = mark;
        const word = (buf[call * NODE_WORDS] ?? 0) | FLAG_CLOSED;
        buf[call * NODE_WORDS] = word;
        finish(call, i + 1);
        depth--;
        if (textOpen >= 0) unescapedBracket(call, textOpen);
        i++;
        textStart = i;
        if (depth === 0) {
          boundary(i);
          if (stopped) return { chunks, end: i };
        }
        continue;
      }
      if (c === OPEN) textOpens[textTop++] = afterEscapedName(i) ? -(i + 1) : i;
      else if (lineStarts && (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF))) lineStarts.push(i + 1);
      i++;
      continue;
    }
    // Top level.
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) {
      i++;
      lineStarts?.push(i);
      flush(i);
      textStart = i;
      boundary(i);
      if (stopped) return { chunks, end: i };
      continue;
    }
    if (c === OPEN) brackets.push((i - chunkStart) * 4 + BRACKET_OPEN);
    else if (c === CLOSE) brackets.push((i - chunkStart) * 4 + BRACKET_CLOSE);
    i++;
  }
  end();
  return { chunks, end: n };
}

function nameOfWord(word: number, extraNames: readonly string[]): string {
  return nameOfId(word >>> PAYLOAD_SHIFT, extraNames);
}

const NO_EXTRA_NAMES: readonly string[] = [];

/** The name with id `id`: interned below MAX_INTERNED_NAMES, else the chunk's own `extraNames`. */
function nameOfId(id: number, extraNames: readonly string[]): string {
  const name = id < MAX_INTERNED_NAMES ? internedNames[id] : extraNames[id - MAX_INTERNED_NAMES];
  if (name === undefined) throw new Error(`Internal error: name id ${id} was never given out`);
  return name;
}

/** Length of a call's name token: `$name`, or `%{DOL}%name` for the escaped spelling. */
function nameLength(word: number, extraNames: readonly string[]): number {
  const name = nameOfWord(word, extraNames);
  return word & FLAG_DOL ? DOLLAR_ESCAPE.length + name.length - 1 : name.length;
}

/**
 * The `]` that closes a comment whose `[` is at `open`, or -1 when it is never closed; the line
 * starts inside the comment go to `lineStarts`.
 */
function commentClose(text: DocText, open: number, lineStarts: number[] | undefined): number {
  const n = text.length;
  let k = open + 1;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === CLOSE) return k;
    if (c === BACKSLASH) {
      const d = text.charCodeAt(k + 1);
      k += d === CLOSE || d === BACKSLASH || d === SEMI ? 2 : 1;
      continue;
    }
    if (lineStarts && (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF))) lineStarts.push(k + 1);
    k++;
  }
  return -1;
}

/** A comment's place, read from the compact chunk (`chunkComments`), offsets in the document. */
export interface CommentSpan extends Span {
  /** Offset of `[`. */
  readonly open: number;
  /** Offset of `]`, or -1 when the comment is never closed. */
  readonly close: number;
}

/**
 * The comments of a chunk that starts at `base`, in document order, read from its compact nodes
 * without making them into node objects: what the directives need (they are read before anything
 * else, to know the script language, and should not cost the chunk's nodes).
 */
export function chunkComments(chunk: Chunk, base: number): CommentSpan[] {
  const out: CommentSpan[] = [];
  if ((chunk.flags & CHUNK_HAS_COMMENTS) === 0) return out;
  const buf = chunk.nodes;
  for (let k = 0; k < buf.length; k += NODE_WORDS) {
    const word = buf[k] ?? 0;
    if ((word & 7) !== KIND_COMMENT) continue;
    const start = base + (buf[k + 1] ?? 0);
    const end = base + (buf[k + 2] ?? 0);
    out.push({ start, end, open: start + 2, close: word & FLAG_CLOSED ? end - 1 : -1 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Views.

/** Shared by every bare call. */
const NO_ARGS: readonly ArgNode[] = Object.freeze([]);
/** Shared by every empty argument. */
const NO_NODES: readonly Node[] = Object.freeze([]);

type MutableArg = { kind: 'arg'; start: number; end: number; children: Node[]; parent: CallNode; index: number };
type MutableCall = Omit<CallNode, 'args'> & { args: ArgNode[] };

/**
 * Makes the node objects of a chunk that starts at `base`; calls that start inside `trigger`
 * are marked as trigger calls. Iterative; costs one object per node.
 */
export function materialize(chunk: Chunk, base: number, trigger: Span | null): ChunkView {
  const buf = chunk.nodes;
  const count = chunk.nodeCount;
  const extraNames = chunk.extraNames;
  const roots: Node[] = [];
  const calls: CallNode[] = [];
  const comments: CommentNode[] = [];
  // Open containers: a call (whose next nodes are its arguments) or an argument (whose next
  // nodes are its children), with the node index where each ends.
  const openCalls: MutableCall[] = [];
  const openArgs: Array<MutableArg | null> = [];
  const openEnds: number[] = [];
  /** How many of the open container's children (or arguments) are filled in. */
  const openFill: number[] = [];
  let top = -1;
  let children: Node[] = roots;
  let parentArg: ArgNode | null = null;
  const triggerStart = trigger ? trigger.start : -1;
  const triggerEnd = trigger ? trigger.end : -1;

  // One loop with no closure in it: a closure over `top` and `children` would put them in a context
  // object, read and written there on every node instead of in registers.
  for (let index = 0; index < count; index++) {
    while (top >= 0 && index >= (openEnds[top] ?? 0)) {
      top--;
      if (top >= 0) {
        const arg = openArgs[top];
        if (arg) {
          children = arg.children;
          parentArg = arg;
        }
      } else {
        children = roots;
        parentArg = null;
      }
    }
    const k = index * NODE_WORDS;
    const word = buf[k] ?? 0;
    const start = base + (buf[k + 1] ?? 0);
    const end = base + (buf[k + 2] ?? 0);
    const next = buf[k + 3] ?? 0;
    let node: Node;
    /** A call with arguments, opened once it has joined its container. */
    let opened: MutableCall | null = null;
    switch (word & 7) {
      case KIND_TEXT: {
        const t: TextNode = { kind: 'text', start, end, parent: parentArg };
        node = t;
        break;
      }
      case KIND_ESCAPE:
        node = {
          kind: 'escape',
          start,
          end,
          value: must(ESCAPE_VALUES[word >>> PAYLOAD_SHIFT], 'an escape node holds an ESC_* value'),
          parent: parentArg,
        };
        break;
      case KIND_COMMENT: {
        const comment: CommentNode = {
          kind: 'comment',
          start,
          end,
          open: start + 2,
          close: word & FLAG_CLOSED ? end - 1 : -1,
          parent: parentArg,
        };
        comments.push(comment);
        node = comment;
        break;
      }
      case KIND_CALL: {
        // nameOfId written out: two calls less for each call.
        const id = word >>> PAYLOAD_SHIFT;
        const name = id < MAX_INTERNED_NAMES ? internedNames[id] : extraNames[id - MAX_INTERNED_NAMES];
        if (name === undefined) throw new Error(`Internal error: name id ${id} was never given out`);
        const nameEnd = start + (word & FLAG_DOL ? DOLLAR_ESCAPE.length + name.length - 1 : name.length);
        const bracketed = (word & FLAG_BRACKETED) !== 0;
        const call: MutableCall = {
          kind: 'call',
          name,
          start,
          end,
          nameEnd,
          open: bracketed ? nameEnd : -1,
          close: word & FLAG_CLOSED ? end - 1 : -1,
          args: bracketed ? exactArray<ArgNode>(buf, index, next) : (NO_ARGS as ArgNode[]),
          parent: parentArg,
          inTrigger: start >= triggerStart && start < triggerEnd,
        };
        calls.push(call as CallNode);
        node = call as CallNode;
        if (next > index + 1) opened = call;
        break;
      }
      default: {
        // KIND_ARG: it goes into its call's arguments, not into a container's children.
        const call = openCalls[top];
        if (call === undefined) throw new Error('Internal error: an argument node follows its call');
        const position = openFill[top] ?? 0;
        openFill[top] = position + 1;
        const arg: MutableArg = {
          kind: 'arg',
          start,
          end,
          children: next > index + 1 ? exactArray<Node>(buf, index, next) : (NO_NODES as Node[]),
          parent: call as CallNode,
          index: position,
        };
        call.args[position] = arg as ArgNode;
        if (next > index + 1) {
          top++;
          openCalls[top] = call;
          openArgs[top] = arg;
          openEnds[top] = next;
          openFill[top] = 0;
          children = arg.children;
          parentArg = arg as ArgNode;
        }
        continue;
      }
    }
    // The node joins the current container: the roots grow, arguments have exact-size arrays.
    if (top < 0) roots.push(node);
    else {
      const fill = openFill[top] ?? 0;
      openFill[top] = fill + 1;
      children[fill] = node;
    }
    if (opened) {
      top++;
      openCalls[top] = opened;
      openArgs[top] = null;
      openEnds[top] = next;
      openFill[top] = 0;
    }
  }
  return { roots, calls, comments };
}

/** An array sized for the direct children of node `index` (whose subtree ends at `end`). */
function exactArray<T>(buf: Int32Array, index: number, end: number): T[] {
  let n = 0;
  for (let j = index + 1; j < end; j = buf[j * NODE_WORDS + 3] ?? end) n++;
  return new Array<T>(n);
}
