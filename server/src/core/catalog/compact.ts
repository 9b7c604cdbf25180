// The catalog in a compact form of our own: every string once, as UTF-8 in one byte array, and
// the records as runs of 32-bit integers that point into it, all in one binary payload. The build
// writes the bundled snapshot in this form after the decoder of decode.ts has read it; at start-up
// it is read without an object per record and without a large string on V8's heap (the payload
// is one byte array outside it), and a record becomes objects only when it is looked up (then
// kept, so a record is always the same object). The emoji map is made when it is first asked for;
// an alias alone is found in a list of the aliases kept sorted, without the map.
// The payload is checked before use, the emoji's part when the map is made: one that does not fit
// is refused with the reason and the caller falls back to the JSON snapshot (for the emoji, to
// its emoji).

import {
  emojiByAlias,
  KNOWN_ARG_TYPES,
  type Argument,
  type CallbackRecord,
  type CatalogData,
  type CatalogRecord,
  type EmojiAliasMap,
  type FunctionRecord,
  type KnownArgType,
} from './model';
import type { EmojiAliasLookup, RecordSource } from './catalog';

/** The payload's first word (`BDC1` in little-endian bytes); a payload without it is refused. */
export const COMPACT_MAGIC = 0x31434442;
export const COMPACT_VERSION = 2;
/** Words before the sections: the magic, the version and the nine section lengths. */
const HEADER_WORDS = 11;

/** What the bundled snapshot's JSON decoder said, carried beside the data so a compact load reports the same. */
export interface CompactMeta {
  /** The provenance date as snapshotText.ts reads it (a day, or an ISO instant). */
  readonly fetchedAt?: string;
  readonly fetchedAtPrecision?: 'date' | 'time';
  /** The decoder's problems as status lines (summarizeProblems). */
  readonly problems: readonly string[];
}

// Record flags.
const BRACKETED = 1;
const PREMIUM = 2;
const DEPRECATED = 4;
const HAS_WIKI = 8;
const HAS_DEPRECATED_FOR = 16;
const RECORD_FLAGS = 31;
// Argument flags.
const REQUIRED = 1;
const EMPTY = 2;
const REPEATABLE = 4;
const HAS_ENUM = 8;
const HAS_TUPLE = 16;
const ARGUMENT_FLAGS = 31;

/** Whether this machine stores integers as the payload does (little-endian); else they are copied. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Bounds the check applies (the decoder's own bounds are far below them). */
const MAX_COUNT = 1_000_000;
const MAX_TUPLE_DEPTH = 8;

const KNOWN = new Set<string>(KNOWN_ARG_TYPES);

// ---------------------------------------------------------------------------------------------
// Writing.

/** The compact payload of decoded catalog data, with what the decoder said about it. */
export function encodeCompact(data: CatalogData, meta: CompactMeta): Uint8Array {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const place = (s: string): void => {
    if (!ids.has(s)) ids.set(s, strings.push(s) - 1);
  };
  const id = (s: string): number => {
    const placed = ids.get(s);
    if (placed === undefined) throw new Error('a string was not placed');
    return placed;
  };

  const visitArgs = (args: readonly Argument[], out: number[] | undefined): void => {
    out?.push(args.length);
    for (const a of args) {
      if (out === undefined) {
        place(a.name);
        place(a.description);
        place(a.type);
        for (const v of a.enumData ?? []) place(v);
      } else {
        const flags =
          (a.required ? REQUIRED : 0) |
          (a.empty ? EMPTY : 0) |
          (a.repeatable ? REPEATABLE : 0) |
          (a.enumData ? HAS_ENUM : 0) |
          (a.tupleTypes ? HAS_TUPLE : 0);
        out.push(id(a.name), id(a.description), id(a.type), flags);
        if (a.enumData) out.push(a.enumData.length, ...a.enumData.map(id));
      }
      if (a.tupleTypes) visitArgs(a.tupleTypes, out);
    }
  };
  const visitRecord = (r: CatalogRecord, out: number[] | undefined): void => {
    const texts = r.kind === 'function' ? [r.shortDescription, r.longDescription] : [r.description];
    if (out === undefined) {
      for (const s of [r.tag, r.name, ...texts]) place(s);
      if (r.wiki !== undefined) place(r.wiki);
      if (r.kind === 'function' && r.deprecatedFor !== undefined) place(r.deprecatedFor);
    } else {
      const flags =
        (r.bracketed ? BRACKETED : 0) |
        (r.premium ? PREMIUM : 0) |
        (r.kind === 'function' && r.deprecated ? DEPRECATED : 0) |
        (r.wiki !== undefined ? HAS_WIKI : 0) |
        (r.kind === 'function' && r.deprecatedFor !== undefined ? HAS_DEPRECATED_FOR : 0);
      out.push(id(r.tag), id(r.name), flags, r.intents, ...texts.map(id));
      if (r.wiki !== undefined) out.push(id(r.wiki));
      if (r.kind === 'function' && r.deprecatedFor !== undefined) out.push(id(r.deprecatedFor));
      if (r.arguments === null) out.push(-1);
    }
    if (r.arguments !== null) visitArgs(r.arguments, out);
  };

  const emojiEntries = Object.entries(data.emoji);
  // Each alias once, with the first emoji that lists it (the alias map's answer), sorted by alias.
  const aliasEmoji = new Map<string, string>();
  for (const [e, aliases] of emojiEntries) for (const a of aliases) if (!aliasEmoji.has(a)) aliasEmoji.set(a, e);
  const sortedAliases = [...aliasEmoji].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const out of [undefined, [] as number[]]) {
    const functions: number[] = [data.functions.length];
    const callbacks: number[] = [data.callbacks.length];
    for (const r of data.functions) visitRecord(r, out && functions);
    for (const r of data.callbacks) visitRecord(r, out && callbacks);
    const emoji: number[] = [emojiEntries.length];
    for (const [e, aliases] of emojiEntries) {
      if (out === undefined) [e, ...aliases].forEach(place);
      else emoji.push(id(e), aliases.length, ...aliases.map(id));
    }
    for (const t of [...data.functionTags, ...data.callbackTags]) if (out === undefined) place(t);
    if (out === undefined) continue;
    const bytes: number[] = [];
    const ends: number[] = [];
    for (const str of strings) {
      utf8(str, bytes);
      ends.push(bytes.length);
    }
    const metaBytes = utf8(JSON.stringify(meta), []);
    const aliases = sortedAliases.flatMap(([a, e]) => [id(a), id(e)]);
    const sections = [ends, functions, callbacks, data.functionTags.map(id), data.callbackTags.map(id), emoji, aliases];
    const words = HEADER_WORDS + sections.reduce((n, section) => n + section.length, 0);
    const payload = new Uint8Array(words * 4 + bytes.length + metaBytes.length);
    const view = new DataView(payload.buffer);
    let at = 0;
    const word = (v: number): void => {
      view.setInt32(at, v, true);
      at += 4;
    };
    word(COMPACT_MAGIC);
    word(COMPACT_VERSION);
    for (const section of sections) word(section.length);
    word(bytes.length);
    word(metaBytes.length);
    for (const section of sections) section.forEach(word);
    payload.set(bytes, at);
    payload.set(metaBytes, at + bytes.length);
    return payload;
  }
  throw new Error('unreachable');
}

// ---------------------------------------------------------------------------------------------
// Reading.

/** A compact catalog, checked: its data (records made on first use) and what the decoder said. */
export interface CompactCatalog {
  readonly data: CatalogData;
  readonly functions: RecordSource<FunctionRecord>;
  readonly callbacks: RecordSource<CallbackRecord>;
  readonly aliases: EmojiAliasLookup;
  readonly meta: CompactMeta;
}

export type CompactResult =
  { readonly ok: true; readonly value: CompactCatalog } | { readonly ok: false; readonly reason: string };

class Refused extends Error {}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/** The strings, each decoded from its UTF-8 bytes when asked for; the short ones kept. */
class StringTable {
  readonly size: number;
  private readonly cache: Array<string | undefined>;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly ends: Int32Array,
  ) {
    let last = 0;
    for (const end of ends) {
      if (end < last) refuse("the strings' ends go backwards");
      last = end;
    }
    if (last !== bytes.length) refuse("the strings' ends do not reach their end");
    this.size = ends.length;
    this.cache = new Array<string | undefined>(this.size);
  }

  get(id: number): string {
    const cached = this.cache[id];
    if (cached !== undefined) return cached;
    const s = fromUtf8(this.bytes, id === 0 ? 0 : (this.ends[id - 1] ?? 0), this.ends[id] ?? 0);
    // Names and types recur (argument names, `String`): one copy each.
    if (s.length < 32) this.cache[id] = s;
    return s;
  }
}

/** Appends the UTF-8 bytes of `text` to `out` (a lone surrogate as its own three bytes, so it reads back); returns `out`. */
function utf8(text: string, out: number[]): number[] {
  for (const ch of text) {
    let c = ch.codePointAt(0) ?? 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** The text of the UTF-8 bytes `bytes[from..to)`, as `utf8` wrote them. */
function fromUtf8(bytes: Uint8Array, from: number, to: number): string {
  // Most strings are ASCII (names, types, aliases): their bytes are their code units.
  let ascii = to - from <= 4096;
  for (let k = from; ascii && k < to; k++) if ((bytes[k] ?? 0) >= 0x80) ascii = false;
  if (ascii) return String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
  const units: number[] = [];
  let i = from;
  while (i < to) {
    const b = bytes[i++] ?? 0;
    let c: number;
    if (b < 0x80) c = b;
    else if (b < 0xe0) c = ((b & 31) << 6) | ((bytes[i++] ?? 0) & 63);
    else if (b < 0xf0) c = ((b & 15) << 12) | (((bytes[i++] ?? 0) & 63) << 6) | ((bytes[i++] ?? 0) & 63);
    else
      c =
        ((b & 7) << 18) | (((bytes[i++] ?? 0) & 63) << 12) | (((bytes[i++] ?? 0) & 63) << 6) | ((bytes[i++] ?? 0) & 63);
    if (c < 0x10000) units.push(c);
    else units.push(0xd800 | ((c - 0x10000) >> 10), 0xdc00 | ((c - 0x10000) & 1023));
  }
  let out = '';
  for (let k = 0; k < units.length; k += 4096) out += String.fromCharCode(...units.slice(k, k + 4096));
  return out;
}

/**
 * Walks a list of records once to check it: every count in bounds, every string id in its table,
 * every flag known; returns where each record starts.
 */
function checkRecords(list: Int32Array, kind: 'function' | 'callback', strings: StringTable): Int32Array {
  let pos = 0;
  const next = (what: string): number => {
    if (pos >= list.length) refuse(`the ${kind} list ends inside ${what}`);
    return list[pos++] ?? 0;
  };
  const sid = (what: string): void => {
    const v = next(what);
    if (v < 0 || v >= strings.size) refuse(`a ${kind}'s ${what} names no string`);
  };
  const count = (what: string): number => {
    const v = next(what);
    if (v < 0 || v > MAX_COUNT) refuse(`a ${kind}'s ${what} count is out of bounds`);
    return v;
  };
  const args = (depth: number): void => {
    if (depth > MAX_TUPLE_DEPTH) refuse(`a ${kind}'s tuples nest too deep`);
    const n = count('arguments');
    for (let i = 0; i < n; i++) {
      sid('argument name');
      sid('argument description');
      sid('argument type');
      const flags = next('argument flags');
      if ((flags & ~ARGUMENT_FLAGS) !== 0) refuse(`a ${kind}'s argument has unknown flags`);
      if (flags & HAS_ENUM) for (let k = count('enumData'); k > 0; k--) sid('enum value');
      if (flags & HAS_TUPLE) args(depth + 1);
    }
  };
  const records = count('records');
  const starts = new Int32Array(records);
  for (let r = 0; r < records; r++) {
    starts[r] = pos;
    sid('tag');
    sid('name');
    const flags = next('flags');
    if ((flags & ~RECORD_FLAGS) !== 0) refuse(`a ${kind} has unknown flags`);
    if (kind === 'callback' && (flags & (DEPRECATED | HAS_DEPRECATED_FOR)) !== 0) refuse('a callback is deprecated');
    next('intents');
    sid('description');
    if (kind === 'function') sid('long description');
    if (flags & HAS_WIKI) sid('wiki');
    if (flags & HAS_DEPRECATED_FOR) sid('deprecatedFor');
    if (list[pos] === -1) {
      if (flags & BRACKETED) refuse(`a bracketed ${kind} has no argument list`);
      pos++;
    } else {
      if (!(flags & BRACKETED)) refuse(`a bare ${kind} has arguments`);
      args(1);
    }
  }
  if (pos !== list.length) refuse(`the ${kind} list goes on after its last record`);
  return starts;
}

/** The records of one kind: names read without making records, each record made once when asked for. */
class CompactRecords<R extends CatalogRecord> implements RecordSource<R> {
  private readonly made: Array<R | undefined>;
  private madeCount = 0;
  private all?: readonly R[];

  constructor(
    private readonly kind: R['kind'],
    private readonly list: Int32Array,
    private readonly starts: Int32Array,
    private readonly strings: StringTable,
  ) {
    this.made = new Array<R | undefined>(starts.length);
  }

  get size(): number {
    return this.starts.length;
  }

  private at(i: number, offset: number): number {
    return this.list[(this.starts[i] ?? 0) + offset] ?? 0;
  }

  name(i: number): string {
    return this.strings.get(this.at(i, 1));
  }

  bracketed(i: number): boolean {
    return (this.at(i, 2) & BRACKETED) !== 0;
  }

  described(): boolean {
    const texts = this.kind === 'function' ? 2 : 1;
    for (let i = 0; i < this.size; i++)
      for (let t = 0; t < texts; t++) if (this.strings.get(this.at(i, 4 + t)).trim() !== '') return true;
    return false;
  }

  record(i: number): R {
    let record = this.made[i];
    if (record === undefined) {
      record = this.made[i] = this.make(i);
      this.madeCount++;
    }
    return record;
  }

  /** How many records were made so far (for tests of what start-up makes). */
  get madeRecords(): number {
    return this.madeCount;
  }

  records(): readonly R[] {
    if (this.all === undefined) {
      const all: R[] = [];
      for (let i = 0; i < this.size; i++) all.push(this.record(i));
      this.all = all;
    }
    return this.all;
  }

  private make(i: number): R {
    const list = this.list;
    const str = (id: number): string => this.strings.get(id);
    let pos = this.starts[i] ?? 0;
    const next = (): number => list[pos++] ?? 0;
    const readArgs = (): Argument[] => {
      const out: Argument[] = [];
      for (let n = next(); n > 0; n--) {
        const name = str(next());
        const description = str(next());
        const type = str(next());
        const flags = next();
        const types: KnownArgType[] = [];
        const unknownTypes: string[] = [];
        for (const part of type.split('|'))
          if (KNOWN.has(part)) types.push(part as KnownArgType);
          else unknownTypes.push(part);
        const arg: { -readonly [K in keyof Argument]: Argument[K] } = {
          name,
          description,
          type,
          types,
          unknownTypes,
          required: (flags & REQUIRED) !== 0,
          empty: (flags & EMPTY) !== 0,
          repeatable: (flags & REPEATABLE) !== 0,
        };
        if (flags & HAS_ENUM) {
          const values: string[] = [];
          for (let k = next(); k > 0; k--) values.push(str(next()));
          arg.enumData = values;
        }
        if (flags & HAS_TUPLE) arg.tupleTypes = readArgs();
        out.push(arg);
      }
      return out;
    };
    const tag = str(next());
    const name = str(next());
    const flags = next();
    const intents = next();
    const bracketed = (flags & BRACKETED) !== 0;
    const common = { tag, name, bracketed, listTag: bracketed ? name + '[]' : name };
    let record: { wiki?: string } & CatalogRecord;
    let wiki: string | undefined;
    if (this.kind === 'function') {
      const shortDescription = str(next());
      const longDescription = str(next());
      if (flags & HAS_WIKI) wiki = str(next());
      const deprecatedFor = flags & HAS_DEPRECATED_FOR ? str(next()) : undefined;
      const args = list[pos] === -1 ? (pos++, null) : readArgs();
      const fn: { -readonly [K in keyof FunctionRecord]: FunctionRecord[K] } = {
        kind: 'function',
        ...common,
        arguments: args,
        intents,
        premium: (flags & PREMIUM) !== 0,
        shortDescription,
        longDescription,
        deprecated: (flags & DEPRECATED) !== 0,
      };
      if (deprecatedFor !== undefined) fn.deprecatedFor = deprecatedFor;
      record = fn;
    } else {
      const description = str(next());
      if (flags & HAS_WIKI) wiki = str(next());
      const args = list[pos] === -1 ? (pos++, null) : readArgs();
      record = {
        kind: 'callback',
        ...common,
        arguments: args,
        intents,
        premium: (flags & PREMIUM) !== 0,
        description,
      };
    }
    if (wiki !== undefined) record.wiki = wiki;
    return record as R;
  }
}

/** The catalog's data over compact records: lists and the emoji map made when first read. */
class CompactData implements CatalogData, EmojiAliasLookup {
  private emojiMap?: EmojiAliasMap;
  private tags?: { functions: readonly string[]; callbacks: readonly string[] };
  /**
   * Alias → emoji from the emoji map, made when an alias pair named a string out of the table:
   * the sorted list cannot be trusted then, and the map answers every question instead.
   */
  private refusedAliases?: Map<string, string>;

  constructor(
    private readonly functionRecords: CompactRecords<FunctionRecord>,
    private readonly callbackRecords: CompactRecords<CallbackRecord>,
    private readonly strings: StringTable,
    private readonly tagIds: { functions: Int32Array; callbacks: Int32Array },
    private readonly emojiList: Int32Array,
    /** Pairs of string ids (alias, the first emoji that lists it), sorted by alias. */
    private readonly aliasList: Int32Array,
    private readonly emojiFallback: (() => EmojiAliasMap) | undefined,
  ) {}

  /**
   * The emoji an alias stands for, by a binary search of the sorted aliases: a few strings read,
   * where making the map reads all 6,000 aliases and their emoji (for one `:alias:` in a checked
   * command, a fifth of a cold check's work with the optimizing compiler's on those loops). The
   * pairs are checked as they are read; one that names no string sends every question to the map.
   */
  emojiFor(alias: string): string | undefined {
    if (!this.refusedAliases) {
      const list = this.aliasList;
      const size = this.strings.size;
      let lo = 0;
      let hi = list.length >> 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const aliasId = list[2 * mid] ?? -1;
        const emojiId = list[2 * mid + 1] ?? -1;
        if (aliasId < 0 || aliasId >= size || emojiId < 0 || emojiId >= size) break;
        const at = this.strings.get(aliasId);
        if (at === alias) return this.strings.get(emojiId);
        if (at < alias) lo = mid + 1;
        else hi = mid;
      }
      if (lo >= hi) return undefined;
      this.refusedAliases = emojiByAlias(Object.entries(this.emoji));
    }
    return this.refusedAliases.get(alias);
  }

  get functions(): readonly FunctionRecord[] {
    return this.functionRecords.records();
  }

  get callbacks(): readonly CallbackRecord[] {
    return this.callbackRecords.records();
  }

  private tagLists(): { functions: readonly string[]; callbacks: readonly string[] } {
    return (this.tags ??= {
      functions: Array.from(this.tagIds.functions, (id) => this.strings.get(id)),
      callbacks: Array.from(this.tagIds.callbacks, (id) => this.strings.get(id)),
    });
  }

  get functionTags(): readonly string[] {
    return this.tagLists().functions;
  }

  get callbackTags(): readonly string[] {
    return this.tagLists().callbacks;
  }

  /**
   * The emoji map, made on first use. Its part of the payload is checked then, not at start-up
   * (it is two thirds of the payload's integers, and the check of them a tenth of a cold
   * `bdscript check`); one that does not fit gives the map of `emojiFallback` (the bundled
   * snapshot's JSON text), or none.
   */
  get emoji(): EmojiAliasMap {
    if (this.emojiMap === undefined) {
      const list = this.emojiList;
      let map: Record<string, readonly string[]> = {};
      try {
        checkEmoji(list, this.strings);
        let pos = 1;
        for (let n = list[0] ?? 0; n > 0; n--) {
          const emoji = this.strings.get(list[pos++] ?? 0);
          const aliases: string[] = [];
          for (let k = list[pos++] ?? 0; k > 0; k--) aliases.push(this.strings.get(list[pos++] ?? 0));
          map[emoji] = aliases;
        }
      } catch {
        map = { ...(this.emojiFallback?.() ?? {}) };
      }
      this.emojiMap = map;
    }
    return this.emojiMap;
  }

  /** How many emoji the map holds, without making it. */
  get emojiCount(): number {
    return this.emojiMap ? Object.keys(this.emojiMap).length : Math.max(0, this.emojiList[0] ?? 0);
  }
}

/** Checks the emoji list: counts in bounds and string ids in the table. */
function checkEmoji(list: Int32Array, strings: StringTable): void {
  const size = strings.size;
  const end = list.length;
  if (end === 0) refuse('the emoji list has no count');
  let pos = 1;
  for (let n = list[0] ?? 0; n > 0; n--) {
    if (pos + 2 > end) refuse('the emoji list ends inside an entry');
    const emoji = list[pos] ?? -1;
    const k = list[pos + 1] ?? -1;
    if (emoji < 0 || emoji >= size) refuse('an emoji entry names no string');
    if (k < 0 || k > MAX_COUNT || pos + 2 + k > end) refuse('an emoji has an alias count out of bounds');
    pos += 2;
    for (const stop = pos + k; pos < stop; pos++) {
      const alias = list[pos] ?? -1;
      if (alias < 0 || alias >= size) refuse('an emoji entry names no string');
    }
  }
  if (pos !== end) refuse('the emoji list goes on after its last entry');
}

function readMeta(bytes: Uint8Array): CompactMeta {
  let value: unknown;
  try {
    value = JSON.parse(fromUtf8(bytes, 0, bytes.length));
  } catch {
    refuse('its meta is not JSON');
  }
  if (typeof value !== 'object' || value === null) refuse('meta is not an object');
  const m = value as Record<string, unknown>;
  const problems = m['problems'];
  if (!Array.isArray(problems) || !problems.every((p) => typeof p === 'string'))
    refuse('meta.problems is not a list of strings');
  const meta: { -readonly [K in keyof CompactMeta]: CompactMeta[K] } = { problems: problems as string[] };
  const at = m['fetchedAt'];
  const precision = m['fetchedAtPrecision'];
  if (at !== undefined) {
    if (typeof at !== 'string' || (precision !== 'date' && precision !== 'time'))
      refuse('meta.fetchedAt is not a date with its precision');
    meta.fetchedAt = at;
    meta.fetchedAtPrecision = precision;
  }
  return meta;
}

/**
 * Reads and checks a compact payload (kept, not copied: the caller must not change it): all but
 * the emoji map's part, which is checked when the map is first made and replaced by
 * `emojiFallback`'s map if it does not fit. Never throws: a payload that does not fit gives the
 * reason.
 */
export function decodeCompact(payload: Uint8Array, emojiFallback?: () => EmojiAliasMap): CompactResult {
  try {
    const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    let at = 0;
    const word = (): number => {
      if (at + 4 > payload.byteLength) refuse('it ends inside its words');
      const v = view.getInt32(at, true);
      at += 4;
      return v;
    };
    if (word() !== COMPACT_MAGIC) refuse('it is not a compact catalog');
    if (word() !== COMPACT_VERSION) refuse(`it is not of version ${COMPACT_VERSION}`);
    const lengths = Array.from({ length: HEADER_WORDS - 2 }, word);
    if (lengths.some((n) => n < 0)) refuse('a section has a negative length');
    const section = (n: number): Int32Array => {
      if (at + n * 4 > payload.byteLength) refuse('it ends inside its words');
      const start = payload.byteOffset + at;
      let out: Int32Array;
      if (!LITTLE_ENDIAN) {
        out = new Int32Array(n);
        for (let i = 0; i < n; i++) out[i] = view.getInt32(at + i * 4, true);
      } else if (start % 4 === 0) {
        // The payload's own bytes, not a copy (the payload stays, as the string table's bytes).
        out = new Int32Array(payload.buffer, start, n);
      } else {
        out = new Int32Array(payload.slice(at, at + n * 4).buffer);
      }
      at += n * 4;
      return out;
    };
    const [nEnds = 0, nFn = 0, nCb = 0, nFnTags = 0, nCbTags = 0, nEmoji = 0, nAliases = 0, nBytes = 0, nMeta = 0] =
      lengths;
    const ends = section(nEnds);
    const fnList = section(nFn);
    const cbList = section(nCb);
    const tagIds = { functions: section(nFnTags), callbacks: section(nCbTags) };
    const emoji = section(nEmoji);
    if (nAliases % 2 !== 0) refuse('the alias list ends inside a pair');
    const aliases = section(nAliases);
    if (at + nBytes + nMeta !== payload.byteLength) refuse('its length is not the sum of its sections');
    const strings = new StringTable(payload.subarray(at, at + nBytes), ends);
    const meta = readMeta(payload.subarray(at + nBytes));
    const functions = new CompactRecords<FunctionRecord>(
      'function',
      fnList,
      checkRecords(fnList, 'function', strings),
      strings,
    );
    const callbacks = new CompactRecords<CallbackRecord>(
      'callback',
      cbList,
      checkRecords(cbList, 'callback', strings),
      strings,
    );
    for (const ids of [tagIds.functions, tagIds.callbacks])
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i] ?? -1;
        if (id < 0 || id >= strings.size) refuse('a tag names no string');
      }
    const data = new CompactData(functions, callbacks, strings, tagIds, emoji, aliases, emojiFallback);
    return { ok: true, value: { data, functions, callbacks, aliases: data, meta } };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: e.message };
    return { ok: false, reason: `reading stopped unexpectedly: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** How many emoji a catalog's data holds, without making a compact one's map. */
export function emojiCount(data: CatalogData): number {
  return data instanceof CompactData ? data.emojiCount : Object.keys(data.emoji).length;
}
