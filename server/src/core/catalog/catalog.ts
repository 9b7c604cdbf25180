// The catalog index: immutable lookups over decoded catalog data. Functions and callbacks are
// found by any spelling of their tag with the bare and bracketed forms kept apart; completion
// gets a sorted, case-insensitive prefix search; "did you mean" gets near names; emoji aliases
// map both ways. Built once per catalog value, read on every keystroke.

import {
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

/** Name-keyed lookups shared by functions and callbacks. */
export class RecordIndex<R extends CatalogRecord> {
  private readonly byName = new Map<string, Forms<R>>();
  private readonly byLowerName = new Map<string, string[]>();
  /** Lower-cased names, sorted, for prefix search; `sortedNames[i]` is the real spelling. */
  private readonly sortedLower: string[];
  private readonly sortedNames: string[];

  constructor(readonly records: readonly R[]) {
    for (const record of records) {
      const prev = this.byName.get(record.name);
      const forms: Forms<R> = record.bracketed
        ? { name: record.name, bare: prev?.bare, bracketed: prev?.bracketed ?? record }
        : { name: record.name, bare: prev?.bare ?? record, bracketed: prev?.bracketed };
      this.byName.set(record.name, forms);
    }
    const names = [...this.byName.keys()];
    for (const name of names) {
      const lower = name.toLowerCase();
      const list = this.byLowerName.get(lower);
      if (list) list.push(name);
      else this.byLowerName.set(lower, [name]);
    }
    const pairs = names
      .map((n) => [n.toLowerCase(), n] as const)
      .sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
    this.sortedLower = pairs.map((p) => p[0]);
    this.sortedNames = pairs.map((p) => p[1]);
  }

  /** Every distinct name (`$addButton`), sorted case-insensitively. */
  get names(): readonly string[] {
    return this.sortedNames;
  }

  /** Both forms of a name (exact, case-sensitive, with `$`). */
  forms(name: string): Forms<R> | undefined {
    return this.byName.get(name);
  }

  /** The record for a name in one form. */
  get(name: string, bracketed: boolean): R | undefined {
    const forms = this.byName.get(name);
    return forms && (bracketed ? forms.bracketed : forms.bare);
  }

  /**
   * Records for any spelling: `$addButton`, `addButton`, `$addButton[]` or the full tag with
   * argument names. A spelling with brackets names the bracketed form only; one without names
   * the bare form when it exists, else the bracketed one.
   */
  lookup(spelling: string): R | undefined {
    const { name, bracketed } = parseTagSpelling(spelling);
    const forms = this.byName.get(name);
    if (!forms) return undefined;
    return bracketed ? forms.bracketed : (forms.bare ?? forms.bracketed);
  }

  /** Names equal to `name` ignoring case (a "case slip"), excluding `name` itself. */
  caseVariants(name: string): readonly string[] {
    return (this.byLowerName.get(name.toLowerCase()) ?? []).filter((n) => n !== name);
  }

  /** Names starting with `prefix` (with `$`), case-insensitively, in sorted order. */
  withPrefix(prefix: string, limit = Infinity): string[] {
    return withSortedPrefix(this.sortedLower, this.sortedNames, prefix.toLowerCase(), limit);
  }

  /**
   * Names close to `name` for "did you mean": case slips first, then names within a small
   * edit distance (scaled to the length), nearest first.
   */
  similar(name: string, max = 3): string[] {
    const out = [...this.caseVariants(name)];
    const lower = name.toLowerCase();
    for (const n of nearest(this.sortedLower, this.sortedNames, lower, (i) => this.sortedLower[i] === lower))
      if (!out.includes(n)) out.push(n);
    return out.slice(0, max);
  }
}

/** Emoji aliases both ways, plus prefix search over aliases. */
export class EmojiIndex {
  private readonly aliasMap = new Map<string, string>();
  private readonly emojiMap = new Map<string, readonly string[]>();
  private readonly sortedAliases: string[];
  /** `sortedAliases` lower-cased, for case-insensitive "did you mean". */
  private readonly lowerAliases: string[];

  constructor(readonly map: EmojiAliasMap) {
    for (const [emoji, aliases] of Object.entries(map)) {
      this.emojiMap.set(emoji, aliases);
      for (const alias of aliases) if (!this.aliasMap.has(alias)) this.aliasMap.set(alias, emoji);
    }
    this.sortedAliases = [...this.aliasMap.keys()].sort(compare);
    this.lowerAliases = this.sortedAliases.map((a) => a.toLowerCase());
  }

  get size(): number {
    return this.emojiMap.size;
  }

  /** The emoji an alias (`:thumbsup:`, with colons) stands for. */
  emojiFor(alias: string): string | undefined {
    return this.aliasMap.get(alias);
  }

  /** The aliases of an emoji character sequence. */
  aliasesOf(emoji: string): readonly string[] {
    return this.emojiMap.get(emoji) ?? [];
  }

  /** Aliases starting with `prefix` (which includes the opening colon), in sorted order. */
  withPrefix(prefix: string, limit = Infinity): string[] {
    return withSortedPrefix(this.sortedAliases, this.sortedAliases, prefix, limit);
  }

  /** Aliases close to an unknown alias, nearest first. */
  similar(alias: string, max = 3): string[] {
    return nearest(
      this.lowerAliases,
      this.sortedAliases,
      alias.toLowerCase(),
      (i) => this.sortedAliases[i] === alias,
    ).slice(0, max);
  }
}

/** A decoded catalog with its indexes. Immutable: a refresh builds a new one. */
export class Catalog {
  readonly functions: RecordIndex<FunctionRecord>;
  readonly callbacks: RecordIndex<CallbackRecord>;
  private emojiIndex?: EmojiIndex;

  constructor(readonly data: CatalogData) {
    this.functions = new RecordIndex(data.functions);
    this.callbacks = new RecordIndex(data.callbacks);
  }

  /**
   * The emoji aliases both ways, built when first asked for (an alias hovered, completed or
   * checked): most commands name no alias, and the index of 6,000 aliases is a tenth of what a
   * server holds at rest.
   */
  get emoji(): EmojiIndex {
    return (this.emojiIndex ??= new EmojiIndex(this.data.emoji));
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
