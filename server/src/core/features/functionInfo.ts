// A function or callback of the catalog as plain data, and a search of the catalog by words: what
// `bdscript mcp` answers to `describe_function` and `search_functions`, so that an AI assistant
// checks names and arguments against the real catalog. Built from the same records and helpers
// as hover (signature, flags, intents, wiki link); catalog text is untrusted and cut to length.

import type { Catalog } from '../catalog/catalog';
import { argumentFlag, type Argument, type ArgumentFlag, type CatalogRecord } from '../catalog/model';
import { wikiUrl } from '../catalog/wiki';
import { argumentName, intentNames, plainText, signature, singleLine, typeText } from './docs';
import { FUNCTION_USE } from './functionUse';

/** One argument of a form, as `describeFunction` gives it. */
export interface ArgumentInfo {
  readonly name: string;
  /** The type as the catalog writes it, alternatives joined by ` | ` (`String | URL`). */
  readonly type: string;
  /** Required, Emptiable, Optional or Vacantable, as the wiki names them. */
  readonly flag: ArgumentFlag;
  readonly repeatable: boolean;
  /** The values an Enum argument takes. */
  readonly values?: readonly string[];
  /** For a tuple: its members, which repeat as a group. */
  readonly members?: readonly ArgumentInfo[];
  readonly description?: string;
}

/** One form of a name: bare (`$authorID`) or with brackets (`$title[Title;(Index)]`). */
export interface FormInfo {
  readonly signature: string;
  readonly bracketed: boolean;
  /** Null for a bare form. */
  readonly arguments: readonly ArgumentInfo[] | null;
  readonly premium: boolean;
  /** The privileged intents the form needs (`Server Members`, `Presence`). */
  readonly intents: readonly string[];
  readonly deprecated: boolean;
  /** The function to use instead, when the catalog names one. */
  readonly replacement?: string;
  readonly wikiUrl: string;
  readonly description?: string;
}

export interface FunctionInfo {
  readonly name: string;
  readonly kind: 'function' | 'callback';
  readonly forms: readonly FormInfo[];
}

/** The longest name looked up or searched for; real names are far shorter. */
export const MAX_NAME_LENGTH = 200;
/** The longest search query; a few words are all a search needs. */
export const MAX_QUERY_LENGTH = 500;
/** The most results a search gives. */
export const MAX_SEARCH_RESULTS = 100;
/** How long a description may be in an answer. */
const DESCRIPTION_LENGTH = 2_000;

function argumentInfo(arg: Argument, index: number, member?: number): ArgumentInfo {
  const values = arg.enumData?.map((v) => singleLine(v)).filter((v) => v !== '');
  const description = plainText(arg.description, DESCRIPTION_LENGTH);
  return {
    name: argumentName(arg, index, member),
    type: typeText(arg),
    flag: argumentFlag(arg),
    repeatable: arg.repeatable,
    ...(values && values.length > 0 ? { values } : {}),
    ...(arg.tupleTypes && arg.tupleTypes.length > 0
      ? { members: arg.tupleTypes.map((m, k) => argumentInfo(m, index, k)) }
      : {}),
    ...(description !== '' ? { description } : {}),
  };
}

function formInfo(record: CatalogRecord): FormInfo {
  const raw =
    record.kind === 'function'
      ? [record.shortDescription, record.longDescription].filter((t) => t.trim() !== '').join('\n\n')
      : record.description;
  const description = plainText(raw, DESCRIPTION_LENGTH);
  return {
    signature: signature(record).label,
    bracketed: record.bracketed,
    arguments: record.arguments ? record.arguments.map((a, i) => argumentInfo(a, i)) : null,
    premium: record.premium,
    intents: intentNames(record.intents),
    deprecated: record.kind === 'function' && record.deprecated,
    ...(record.kind === 'function' && record.deprecatedFor ? { replacement: record.deprecatedFor } : {}),
    wikiUrl: wikiUrl(record),
    ...(description !== '' ? { description } : {}),
  };
}

/**
 * A function or callback by any spelling (`$addButton`, `addButton`, `$addButton[...]`): both of
 * its forms, the one spelled first (a spelling with `[` names the bracketed form). Functions are
 * looked up before callbacks. Undefined when the catalog has no such name.
 */
export function describeFunction(catalog: Catalog, spelling: string): FunctionInfo | undefined {
  const trimmed = spelling.trim();
  if (trimmed === '' || trimmed.length > MAX_NAME_LENGTH) return undefined;
  for (const [kind, index] of [
    ['function', catalog.functions],
    ['callback', catalog.callbacks],
  ] as const) {
    const first = index.lookup(trimmed);
    if (!first) continue;
    const forms = index.forms(first.name);
    const other = first.bracketed ? forms?.bare : forms?.bracketed;
    return { name: first.name, kind, forms: [first, ...(other ? [other] : [])].map(formInfo) };
  }
  return undefined;
}

/** Names close to a spelling that is not in the catalog, for "did you mean". */
export function similarNames(catalog: Catalog, spelling: string, max = 5): string[] {
  const trimmed = spelling.trim();
  if (trimmed === '' || trimmed.length > MAX_NAME_LENGTH) return [];
  const open = trimmed.indexOf('[');
  const bare = open < 0 ? trimmed : trimmed.slice(0, open);
  const name = bare.startsWith('$') ? bare : `$${bare}`;
  const out = catalog.functions.similar(name, max);
  for (const n of catalog.callbacks.similar(name, max)) if (!out.includes(n)) out.push(n);
  return out.slice(0, max);
}

/** One search result: the name, its signature (the bracketed form's when it has one), and what it is. */
export interface SearchResult {
  readonly name: string;
  readonly kind: 'function' | 'callback';
  readonly signature: string;
  readonly deprecated: boolean;
  readonly premium: boolean;
}

/** The words of a query: runs of letters and digits, lower-cased (`"add a button"` → add, a, button). */
export function queryWords(query: string): string[] {
  const words =
    query
      .slice(0, MAX_QUERY_LENGTH)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)];
}

/**
 * Names whose name, arguments or description hold every word of `query` (case-insensitively;
 * `"role grant"` finds `$roleGrant`). Names that hold every word in the name itself come first,
 * then those where some word is only in the arguments or description; within each, names real
 * code uses most (the wiki's count) first, then shorter names, then alphabetically; deprecated
 * names last. At most `limit` (capped at MAX_SEARCH_RESULTS) results; none for a query without words.
 */
export function searchFunctions(catalog: Catalog, query: string, limit = 20): SearchResult[] {
  const words = queryWords(query);
  const max = Math.max(0, Math.min(MAX_SEARCH_RESULTS, Math.floor(limit)));
  if (words.length === 0 || max === 0) return [];
  const scored: Array<{ result: SearchResult; inName: boolean; uses: number }> = [];
  for (const [kind, index] of [
    ['function', catalog.functions],
    ['callback', catalog.callbacks],
  ] as const) {
    for (const name of index.names) {
      const forms = index.forms(name);
      const records = [forms?.bracketed, forms?.bare].filter((r): r is CatalogRecord => r !== undefined);
      const first = records[0];
      if (!first) continue;
      const lowerName = name.toLowerCase();
      const inName = words.every((w) => lowerName.includes(w));
      if (!inName) {
        const text = records.map(searchText).join('\n');
        if (!words.every((w) => text.includes(w))) continue;
      }
      scored.push({
        result: {
          name,
          kind,
          signature: signature(first).label,
          deprecated: records.every((r) => r.kind === 'function' && r.deprecated),
          premium: records.every((r) => r.premium),
        },
        inName,
        uses: FUNCTION_USE.get(name) ?? 0,
      });
    }
  }
  scored.sort(
    (a, b) =>
      Number(a.result.deprecated) - Number(b.result.deprecated) ||
      Number(b.inName) - Number(a.inName) ||
      b.uses - a.uses ||
      a.result.name.length - b.result.name.length ||
      (a.result.name < b.result.name ? -1 : a.result.name > b.result.name ? 1 : 0),
  );
  return scored.slice(0, max).map((s) => s.result);
}

const searchTexts = new WeakMap<CatalogRecord, string>();

/** What a search reads of a record besides its name: argument names, enum values and descriptions, lower-cased. */
function searchText(record: CatalogRecord): string {
  let text = searchTexts.get(record);
  if (text !== undefined) return text;
  const parts: string[] = [];
  const addArgs = (args: readonly Argument[] | null | undefined): void => {
    for (const a of args ?? []) {
      parts.push(a.name, a.description, ...(a.enumData ?? []));
      addArgs(a.tupleTypes);
    }
  };
  addArgs(record.arguments);
  if (record.kind === 'function') parts.push(record.shortDescription, record.longDescription);
  else parts.push(record.description);
  text = parts.join('\n').toLowerCase();
  searchTexts.set(record, text);
  return text;
}
