// The catalog index: immutable lookups over decoded catalog data. Functions and callbacks are
// found by any spelling of their tag with the bare and bracketed forms kept apart; completion
// gets a sorted, case-insensitive prefix search; "did you mean" gets near names; emoji aliases
// map both ways. Built once per catalog value, read on every keystroke.

import {
  emojiByAlias,
  parseTagSpelling,
  type CallbackRecord,
  type CatalogData,
  type CatalogRecord,
  type EmojiAliasMap,
  type FunctionRecord,
} from './model';
import { must } from '../must';
import { partitionPoint } from '../search';

/** The two forms a name can have; either may be missing. */
export interface Forms<R extends CatalogRecord> {
  readonly name: string;
  readonly bare?: R;
  readonly bracketed?: R;
}

/**
 * Where an index finds its records: how many, each one's name and form without making it, and
 * the record itself (made once when first asked for, in a compact catalog).
 */
export interface RecordSource<R extends CatalogRecord> {
  readonly size: number;
  name(i: number): string;
  bracketed(i: number): boolean;
  record(i: number): R;
  /** Every record, in order. */
  records(): readonly R[];
  /** Whether any record has a description that is not blank. */
  described(): boolean;
}

/**
 * The emoji an alias stands for, answered as the alias map would answer it (the first emoji that
 * lists the alias), without the map: a compact catalog's sorted aliases (compact.ts).
 */
export interface EmojiAliasLookup {
  emojiFor(alias: string): string | undefined;
}

/** The records of a decoded list, already objects. */
class ArraySource<R extends CatalogRecord> implements RecordSource<R> {
  constructor(private readonly list: readonly R[]) {}
  get size(): number {
    return this.list.length;
  }
  name(i: number): string {
    return must(this.list[i], 'an index below size').name;
  }
  bracketed(i: number): boolean {
    return must(this.list[i], 'an index below size').bracketed;
  }
  record(i: number): R {
    return must(this.list[i], 'an index below size');
  }
  records(): readonly R[] {
    return this.list;
  }
  described(): boolean {
    return this.list.some((r) =>
      r.kind === 'function'
        ? r.shortDescription.trim() !== '' || r.longDescription.trim() !== ''
        : r.description.trim() !== '',
    );
  }
}

/**
 * Name-keyed lookups shared by functions and callbacks. At construction only the map from each
 * name to the positions of its two forms is built; records are made when looked up (over a
 * compact source), and the sorted and lower-cased name lists when completion or "did you mean"
 * first need them.
 */
export class RecordIndex<R extends CatalogRecord> {
  private readonly source: RecordSource<R>;
  /** Each name's position in `bare` and `bracketedAt`. */
  private readonly byName = new Map<string, number>();
  /** Per name: the record index of its bare and of its bracketed form, -1 for none. */
  private readonly bareAt: Int32Array;
  private readonly bracketedAt: Int32Array;
  private lists?: {
    readonly byLowerName: Map<string, string[]>;
    /** Lower-cased names, sorted, for prefix search; `sortedNames[i]` is the real spelling. */
    readonly sortedLower: string[];
    readonly sortedNames: string[];
  };
  private describedCache?: boolean;

  constructor(records: readonly R[] | RecordSource<R>) {
    const source = Array.isArray(records) ? new ArraySource(records) : (records as RecordSource<R>);
    this.source = source;
    this.bareAt = new Int32Array(source.size).fill(-1);
    this.bracketedAt = new Int32Array(source.size).fill(-1);
    for (let i = 0; i < source.size; i++) {
      const name = source.name(i);
      let n = this.byName.get(name);
      if (n === undefined) this.byName.set(name, (n = this.byName.size));
      // The first record of a name and form wins.
      const forms = source.bracketed(i) ? this.bracketedAt : this.bareAt;
      if (forms[n] === -1) forms[n] = i;
    }
  }

  /** The records, in catalog order (a compact catalog makes all of them). */
  get records(): readonly R[] {
    return this.source.records();
  }

  /** How many records there are, without making them. */
  get size(): number {
    return this.source.size;
  }

  /** Whether any record has a description (a catalog of facts only, like the bundled snapshot, has none). */
  hasDescriptions(): boolean {
    return (this.describedCache ??= this.source.described());
  }

  private at(positions: Int32Array, n: number): R | undefined {
    const i = positions[n] ?? -1;
    return i < 0 ? undefined : this.source.record(i);
  }

  private nameLists(): NonNullable<RecordIndex<R>['lists']> {
    if (this.lists === undefined) {
      const names = [...this.byName.keys()];
      const byLowerName = new Map<string, string[]>();
      for (const name of names) {
        const lower = name.toLowerCase();
        const list = byLowerName.get(lower);
        if (list) list.push(name);
        else byLowerName.set(lower, [name]);
      }
      const pairs = names
        .map((n) => [n.toLowerCase(), n] as const)
        .sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
      this.lists = { byLowerName, sortedLower: pairs.map((p) => p[0]), sortedNames: pairs.map((p) => p[1]) };
    }
    return this.lists;
  }

  /** Every distinct name (`$addButton`), sorted case-insensitively. */
  get names(): readonly string[] {
    return this.nameLists().sortedNames;
  }

  /** Both forms of a name (exact, case-sensitive, with `$`). */
  forms(name: string): Forms<R> | undefined {
    const n = this.byName.get(name);
    if (n === undefined) return undefined;
    return { name, bare: this.at(this.bareAt, n), bracketed: this.at(this.bracketedAt, n) };
  }

  /** The record for a name in one form. */
  get(name: string, bracketed: boolean): R | undefined {
    const n = this.byName.get(name);
    return n === undefined ? undefined : this.at(bracketed ? this.bracketedAt : this.bareAt, n);
  }

  /**
   * Records for any spelling: `$addButton`, `addButton`, `$addButton[]` or the full tag with
   * argument names. A spelling with brackets names the bracketed form only; one without names
   * the bare form when it exists, else the bracketed one.
   */
  lookup(spelling: string): R | undefined {
    const { name, bracketed } = parseTagSpelling(spelling);
    const n = this.byName.get(name);
    if (n === undefined) return undefined;
    return bracketed ? this.at(this.bracketedAt, n) : (this.at(this.bareAt, n) ?? this.at(this.bracketedAt, n));
  }

  /** Names equal to `name` ignoring case (a "case slip"), excluding `name` itself. */
  caseVariants(name: string): readonly string[] {
    return (this.nameLists().byLowerName.get(name.toLowerCase()) ?? []).filter((n) => n !== name);
  }

  /** Names starting with `prefix` (with `$`), case-insensitively, in sorted order. */
  withPrefix(prefix: string, limit = Infinity): string[] {
    const { sortedLower, sortedNames } = this.nameLists();
    return withSortedPrefix(sortedLower, sortedNames, prefix.toLowerCase(), limit);
  }

  /**
   * Names close to `name` for "did you mean": case slips first, then names within a small
   * edit distance (scaled to the length), nearest first.
   */
  similar(name: string, max = 3): string[] {
    const out = [...this.caseVariants(name)];
    const lower = name.toLowerCase();
    const { sortedLower, sortedNames } = this.nameLists();
    for (const n of nearest(sortedLower, sortedNames, lower, (i) => sortedLower[i] === lower))
      if (!out.includes(n)) out.push(n);
    return out.slice(0, max);
  }
}

/**
 * Emoji aliases both ways, plus prefix search over aliases. Its maps are built on the first
 * question, from the alias map (or the function that makes it), so a value check that only
 * might meet an emoji costs nothing until one is asked about; an alias alone is looked up in
 * `aliases` when given, without the maps.
 */
export class EmojiIndex {
  private readonly source: EmojiAliasMap | (() => EmojiAliasMap);
  private readonly aliases: EmojiAliasLookup | undefined;
  private built?: {
    readonly map: EmojiAliasMap;
    readonly aliasMap: Map<string, string>;
    readonly emojiMap: Map<string, readonly string[]>;
    readonly sortedAliases: string[];
    /** `sortedAliases` lower-cased, for case-insensitive "did you mean". */
    readonly lowerAliases: string[];
  };

  constructor(map: EmojiAliasMap | (() => EmojiAliasMap), aliases?: EmojiAliasLookup) {
    this.source = map;
    this.aliases = aliases;
  }

  private get index(): NonNullable<EmojiIndex['built']> {
    if (this.built === undefined) {
      const map = typeof this.source === 'function' ? this.source() : this.source;
      const entries = Object.entries(map);
      const aliasMap = emojiByAlias(entries);
      const emojiMap = new Map<string, readonly string[]>(entries);
      const sortedAliases = [...aliasMap.keys()].sort(compare);
      this.built = { map, aliasMap, emojiMap, sortedAliases, lowerAliases: sortedAliases.map((a) => a.toLowerCase()) };
    }
    return this.built;
  }

  /** The alias map the index was built from. */
  get map(): EmojiAliasMap {
    return this.index.map;
  }

  get size(): number {
    return this.index.emojiMap.size;
  }

  /** The emoji an alias (`:thumbsup:`, with colons) stands for. */
  emojiFor(alias: string): string | undefined {
    return this.aliases ? this.aliases.emojiFor(alias) : this.index.aliasMap.get(alias);
  }

  /** The aliases of an emoji character sequence. */
  aliasesOf(emoji: string): readonly string[] {
    return this.index.emojiMap.get(emoji) ?? [];
  }

  /** Aliases starting with `prefix` (which includes the opening colon), in sorted order. */
  withPrefix(prefix: string, limit = Infinity): string[] {
    const { sortedAliases } = this.index;
    return withSortedPrefix(sortedAliases, sortedAliases, prefix, limit);
  }

  /** Aliases close to an unknown alias, nearest first. */
  similar(alias: string, max = 3): string[] {
    const { sortedAliases, lowerAliases } = this.index;
    return nearest(lowerAliases, sortedAliases, alias.toLowerCase(), (i) => sortedAliases[i] === alias).slice(0, max);
  }
}

/** A decoded catalog with its indexes. Immutable: a refresh builds a new one. */
export class Catalog {
  readonly functions: RecordIndex<FunctionRecord>;
  readonly callbacks: RecordIndex<CallbackRecord>;
  private emojiIndex?: EmojiIndex;
  private readonly aliases: EmojiAliasLookup | undefined;

  /**
   * `sources`, when given, are where the indexes find the records of `data` (a compact catalog's,
   * which make each record when first looked up) and where an alias is looked up; otherwise the
   * indexes read `data`'s lists and its emoji map.
   */
  constructor(
    readonly data: CatalogData,
    sources?: {
      readonly functions: RecordSource<FunctionRecord>;
      readonly callbacks: RecordSource<CallbackRecord>;
      readonly aliases?: EmojiAliasLookup;
    },
  ) {
    this.functions = new RecordIndex(sources ? sources.functions : data.functions);
    this.callbacks = new RecordIndex(sources ? sources.callbacks : data.callbacks);
    this.aliases = sources?.aliases;
  }

  /**
   * The emoji aliases both ways, built when first asked a question (an alias hovered, completed
   * or checked; not when a value check merely holds the index): most commands name no alias, and
   * the alias map with its index of 6,000 aliases is 1.7 MB, a fifth of the heap at rest.
   */
  get emoji(): EmojiIndex {
    return (this.emojiIndex ??= new EmojiIndex(() => this.data.emoji, this.aliases));
  }

  /** An empty catalog: every name is unknown. Used before any source has loaded. */
  static empty(): Catalog {
    return new Catalog({ functions: [], callbacks: [], functionTags: [], callbackTags: [], emoji: {} });
  }
}

/**
 * The values whose keys start with `prefix`, in key order, at most `limit`: `keys` is sorted
 * and `values[i]` belongs to `keys[i]`. A binary search finds the first, so the cost is the
 * answer's size, not the list's.
 */
function withSortedPrefix(keys: readonly string[], values: readonly string[], prefix: string, limit: number): string[] {
  const lo = partitionPoint(keys.length, (i) => {
    const key = keys[i];
    return key !== undefined && key < prefix;
  });
  const out: string[] = [];
  for (let i = lo; i < keys.length && out.length < limit; i++) {
    const key = keys[i];
    const value = values[i];
    if (key === undefined || value === undefined || !key.startsWith(prefix)) break;
    out.push(value);
  }
  return out;
}

/**
 * "Did you mean": the values whose keys lie within a small edit distance of `target` (scaled to
 * its length, at most 3), nearest first, then in order; `excluded` drops the target itself.
 */
function nearest(
  keys: readonly string[],
  values: readonly string[],
  target: string,
  excluded: (i: number) => boolean,
): string[] {
  const budget = Math.max(1, Math.min(3, Math.floor(target.length / 4)));
  const scored: Array<[number, string]> = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === undefined) continue;
    if (Math.abs(key.length - target.length) > budget || excluded(i)) continue;
    const d = editDistance(target, key, budget);
    const value = values[i];
    if (d <= budget && value !== undefined) scored.push([d, value]);
  }
  scored.sort((a, b) => a[0] - b[0] || compare(a[1], b[1]));
  return scored.map((s) => s[1]);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment) with an early exit: returns a value
 * greater than `limit` as soon as the distance is known to exceed it.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      // Every cell read here is written before (the rows hold n + 1 cells, column 0 first).
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return must(prev[n], 'the last row holds n + 1 cells');
}
