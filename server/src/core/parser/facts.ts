// The typed keys of the incremental engine, each an object holding its own values as Lezer's
// `NodeProp<T>` does: `ChunkFact<T>` (computed once per chunk, with `move` saying how an edit
// shifts its offsets), `ChunkCache<T>` (kept with a chunk under a stamp), `DerivedValue<T>` (made
// once per version from facts) and `CarriedValue<T>` (kept with a version, carried to the next
// when nothing it read changed). What a computation reads is recorded while it runs
// (`recordReads`), never listed by hand.

import type { Chunk } from './chunk';
import type { ChunkView, ParsedDocument } from './tree';
import type { DocText } from './text';

/**
 * How an edit moves an offset relative to a chunk: undefined when it cannot be placed (it was
 * inside deleted text). A negative offset means "none" in a fact and stays as it is.
 */
export type Shift = (offset: number) => number | undefined;

export interface ChunkFactSpec<T> {
  /** Names the fact in messages and tests. */
  readonly name: string;
  /** The fact of one chunk from the text, the chunk's nodes and its start (`base`); offsets relative to `base`. */
  readonly compute: (text: DocText, view: ChunkView, base: number) => T;
  /**
   * The fact as an edit moves it: each offset in it passed through `shift`, everything else
   * (counts, indexes, names) as it was; undefined when an offset cannot be placed. A fact is the
   * same after an edit when its moved value equals the new chunk's fact (`sameFact`).
   */
  move(fact: T, shift: Shift): T | undefined;
  /**
   * The fact exists only for chunks with this flag (`CHUNK_HAS_BLOCK_CALLS` ...); the parser's
   * own facts use it, so a chunk without block calls holds no block facts at all.
   */
  readonly onlyWith?: number;
  /**
   * The fact from the compact chunk itself, without its nodes (chunk.ts), for a fact that needs
   * so little of the chunk that making it into node objects would cost more than the fact: the
   * parser then computes it this way whenever it is read, never while a chunk is made into nodes.
   */
  readonly fromChunk?: (text: DocText, chunk: Chunk, base: number) => T;
}

/**
 * A fact about one chunk, computed once and kept with the chunk while it is reused across edits
 * (`ParsedDocument.fact`). The facts a language service wants ready whenever a chunk is made into
 * nodes are handed to the parser (`ParseOptions.facts`); any other is computed when first read.
 */
export class ChunkFact<T> {
  readonly name: string;
  readonly compute: (text: DocText, view: ChunkView, base: number) => T;
  readonly onlyWith: number;
  readonly fromChunk: ((text: DocText, chunk: Chunk, base: number) => T) | undefined;
  /** The parser's store: the fact of each chunk that has it computed. */
  readonly values = new WeakMap<Chunk, T>();
  /**
   * Whether any document has read this fact yet (`ParsedDocument.fact`): a fact handed to the
   * parser as taken once read (`ParseOptions.factsOnceRead`) is taken only from then on.
   */
  everRead = false;
  // A method-typed spec: a fact of any type is a `ChunkFact<unknown>` in a list of facts.
  private readonly spec: ChunkFactSpec<T>;

  constructor(spec: ChunkFactSpec<T>) {
    this.name = spec.name;
    this.compute = spec.compute;
    this.onlyWith = spec.onlyWith ?? 0;
    this.fromChunk = spec.fromChunk;
    this.spec = spec;
  }

  /** The fact as an edit moves it (see `ChunkFactSpec.move`). */
  move(fact: T, shift: Shift): T | undefined {
    return this.spec.move(fact, shift);
  }
}

/**
 * A value about one chunk that depends on more than the chunk (the catalog, the settings, the
 * trigger line): kept with the chunk under a stamp that names those, and computed again when
 * the stamp differs (`ParsedDocument.cached`). Never carried: it is not a fact.
 */
export class ChunkCache<T> {
  /** The parser's store. */
  readonly values = new WeakMap<Chunk, { readonly stamp: string; readonly value: T }>();

  constructor(readonly name: string) {}
}

/** What a computation read of a document while it ran. */
export interface Reads {
  /** The chunk facts it read, of any chunk. */
  readonly facts: ReadonlySet<ChunkFact<unknown>>;
  /** The chunks whose nodes it read directly (views, calls, roots), as [first, last] pairs of indexes. */
  readonly chunks: readonly number[];
  /** It read something no edit can be judged against (the syntax problems): never carried. */
  readonly whole: boolean;
}

/**
 * A whole-document value kept with one version (`ParsedDocument.remember`) and carried to the
 * next (`recall`) when the chunks the edit replaced hold the same facts it read, moved, and none of
 * the chunks it read directly: the findings of a rule about the whole command.
 */
export class CarriedValue<T> {
  /** The parser's store, by the version's chunk list. */
  readonly versions = new WeakMap<readonly Chunk[], { readonly value: T; readonly reads: Reads }>();

  constructor(readonly name: string) {}
}

class Recorder implements Reads {
  readonly facts = new Set<ChunkFact<unknown>>();
  readonly chunks: number[] = [];
  whole = false;

  take(other: Reads): void {
    for (const f of other.facts) this.facts.add(f);
    this.chunks.push(...other.chunks);
    if (other.whole) this.whole = true;
  }
}

let recording: Recorder | null = null;

/** Runs `run` and returns what it read of any document through the parse (facts, chunks). */
export function recordReads<T>(run: () => T): { readonly value: T; readonly reads: Reads } {
  const outer = recording;
  const recorder = new Recorder();
  recording = recorder;
  try {
    return { value: run(), reads: recorder };
  } finally {
    recording = outer;
    // A recording inside another one: the outer computation read all of it too.
    if (outer) outer.take(recorder);
  }
}

/**
 * A value about one version made from its facts, once per version, whoever asks first (the
 * execution-path model that every rule about the whole command reads). Reading it counts as
 * reading what making it read, so a rule that finds it made still records its facts.
 */
export class DerivedValue<T> {
  private readonly values = new WeakMap<ParsedDocument, { readonly value: T; readonly reads: Reads }>();

  constructor(
    readonly name: string,
    private readonly make: (parsed: ParsedDocument) => T,
  ) {}

  of(parsed: ParsedDocument): T {
    let made = this.values.get(parsed);
    if (!made) {
      made = recordReads(() => this.make(parsed));
      this.values.set(parsed, made);
    } else if (recording !== null) {
      recording.take(made.reads);
    }
    return made.value;
  }
}

/** Notes that the computation running reads `fact`. */
export function noteFact(fact: ChunkFact<unknown>): void {
  if (recording !== null) recording.facts.add(fact);
}

/** Notes that the computation running reads the nodes of chunks `first` to `last`. */
export function noteChunks(first: number, last: number): void {
  if (recording === null) return;
  const chunks = recording.chunks;
  const n = chunks.length;
  // Consecutive reads of one chunk (a feature walking calls) are noted once.
  if (n >= 2 && chunks[n - 2] === first && chunks[n - 1] === last) return;
  chunks.push(first, last);
}

/** Notes that the computation running reads something no edit can be judged against. */
export function noteWhole(): void {
  if (recording !== null) recording.whole = true;
}

/**
 * Whether two facts are equal: numbers, strings, booleans, null and undefined by value; arrays,
 * Maps and plain objects by their entries, recursively.
 */
export function sameFact(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameFact(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !sameFact(v, b.get(k))) return false;
    return true;
  }
  if (Array.isArray(b) || b instanceof Map) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameFact((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Helpers for `move`.

/** The keys of `O` whose values are numbers. */
type NumberKeys<O> = { [K in keyof O]-?: O[K] extends number ? K : never }[keyof O];

/**
 * `item` with each offset under `keys` moved by `shift`; undefined when one cannot be placed.
 * The same object when no offset moved.
 */
export function moveOffsets<O extends object>(item: O, keys: readonly NumberKeys<O>[], shift: Shift): O | undefined {
  let out: O | undefined;
  for (const key of keys) {
    const was = item[key] as number;
    const now = shift(was);
    if (now === undefined) return undefined;
    if (now === was) continue;
    out ??= { ...item };
    (out as Record<NumberKeys<O>, number>)[key] = now;
  }
  return out ?? item;
}

/** Each item moved by `move`; undefined when one cannot be. The same list when none moved. */
export function moveEach<I>(items: readonly I[], move: (item: I) => I | undefined): readonly I[] | undefined {
  let out: I[] | undefined;
  let k = 0;
  for (const was of items) {
    const now = move(was);
    if (now === undefined) return undefined;
    if (now !== was && !out) out = items.slice(0, k);
    if (out) out.push(now);
    k++;
  }
  return out ?? items;
}

/** A list of offsets moved by `shift`; undefined when one cannot be placed. */
export function moveNumbers(offsets: readonly number[], shift: Shift): readonly number[] | undefined {
  return moveEach(offsets, shift);
}
