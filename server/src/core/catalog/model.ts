// The catalog's data model: functions, callbacks, their arguments and the emoji alias map, as
// the language service sees them after decoding. Everything here is plain immutable data; the
// decoder (decode.ts) builds it from untrusted JSON and the index (catalog.ts) looks it up.

/** The argument types the API specifies, plus `Emoji`, which real data uses. */
export const KNOWN_ARG_TYPES = [
  'String',
  'Integer',
  'Float',
  'Snowflake',
  'Bool',
  'Color',
  'Permission',
  'Duration',
  'HowMany',
  'URL',
  'Enum',
  'Tuple',
  'Emoji',
] as const;

export type KnownArgType = (typeof KNOWN_ARG_TYPES)[number];

/** Discord gateway intents as the catalog encodes them (a bit set). */
export const Intents = {
  None: 0,
  ServerMembers: 2,
  Presence: 256,
} as const;

/**
 * How the wiki names the combination of `required` and `empty`:
 * Required (present, non-empty), Emptiable (present, may be empty),
 * Optional (may be left out, non-empty when given), Vacantable (may be left out, may be empty).
 */
export type ArgumentFlag = 'Required' | 'Emptiable' | 'Optional' | 'Vacantable';

export interface Argument {
  /** The argument's name as the catalog gives it; may be empty (tuples, `$error[]`). */
  readonly name: string;
  /** Untrusted prose; empty when the catalog has none. */
  readonly description: string;
  /** The type string normalised: alternatives joined by `|` without spaces (`String|URL`). */
  readonly type: string;
  /** The alternatives of `type` that are known types, in catalog order. */
  readonly types: readonly KnownArgType[];
  /** Alternatives of `type` that are not known types, kept verbatim. */
  readonly unknownTypes: readonly string[];
  readonly required: boolean;
  /** The argument may be given empty. */
  readonly empty: boolean;
  /** The argument may repeat (`ellipsis` in the spec, `repeatable` in real data). */
  readonly repeatable: boolean;
  /** Allowed values for Enum arguments (compared case-insensitively). */
  readonly enumData?: readonly string[];
  /** For `Tuple` arguments: the arguments that repeat as a group. */
  readonly tupleTypes?: readonly Argument[];
}

interface RecordBase {
  /** The full tag as the catalog gives it, e.g. `$addButton[New row?;...]` or `$authorID`. */
  readonly tag: string;
  /** The name without brackets, always starting with `$`: `$addButton`. */
  readonly name: string;
  /** Whether this is the bracketed form (`$name[...]`) rather than the bare one (`$name`). */
  readonly bracketed: boolean;
  /** The tag-list spelling: `$addButton[]` for bracketed forms, `$authorID` for bare ones. */
  readonly listTag: string;
  /** Null for bare forms; the argument list (possibly empty) for bracketed ones. */
  readonly arguments: readonly Argument[] | null;
  /** Intent bits (see `Intents`). */
  readonly intents: number;
  readonly premium: boolean;
  /**
   * The wiki page of this form relative to the wiki's root (`bdscript/addButton.md`), when the
   * source knows it. Not part of the API: the bundled snapshot carries it as a fact.
   */
  readonly wiki?: string;
}

export interface FunctionRecord extends RecordBase {
  readonly kind: 'function';
  readonly shortDescription: string;
  readonly longDescription: string;
  readonly deprecated: boolean;
  /** The replacement's name normalised to start with `$` and without brackets, when given. */
  readonly deprecatedFor?: string;
}

export interface CallbackRecord extends RecordBase {
  readonly kind: 'callback';
  readonly description: string;
}

export type CatalogRecord = FunctionRecord | CallbackRecord;

/** Emoji alias map as the API gives it: emoji → aliases written between colons. */
export type EmojiAliasMap = Readonly<Record<string, readonly string[]>>;

/** Alias → emoji over a map's entries: an alias that several emoji list means the first of them. */
export function emojiByAlias(entries: Iterable<readonly [string, readonly string[]]>): Map<string, string> {
  const byAlias = new Map<string, string>();
  for (const [emoji, aliases] of entries)
    for (const alias of aliases) if (!byAlias.has(alias)) byAlias.set(alias, emoji);
  return byAlias;
}

/** Everything the catalog holds, decoded. */
export interface CatalogData {
  readonly functions: readonly FunctionRecord[];
  readonly callbacks: readonly CallbackRecord[];
  /** Tag-list spellings as served by `/function_tag_list` (derived from records when absent). */
  readonly functionTags: readonly string[];
  readonly callbackTags: readonly string[];
  readonly emoji: EmojiAliasMap;
}

/** Something the decoder or a source noticed: which record and field, and what was wrong. */
export interface CatalogProblem {
  /** Where the data came from: an endpoint path (`/function_list`) or a file. */
  readonly source: string;
  /** The record, as far as it could be identified (`#12 $addButton[...]`). */
  readonly record?: string;
  /** The field path inside the record (`arguments[2].type`). */
  readonly field?: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** The result of decoding: what could be kept plus what was noticed. Never throws. */
export interface Decoded<T> {
  readonly value: T;
  readonly problems: readonly CatalogProblem[];
}

/** The wiki flag an argument's `required`/`empty` pair stands for. */
export function argumentFlag(arg: Pick<Argument, 'required' | 'empty'>): ArgumentFlag {
  if (arg.required) return arg.empty ? 'Emptiable' : 'Required';
  return arg.empty ? 'Vacantable' : 'Optional';
}

/** Splits a tag spelling (`$addButton[...]`, `addButton[]`, `$authorID`) into name and form. */
export function parseTagSpelling(spelling: string): { name: string; bracketed: boolean } {
  const trimmed = spelling.trim();
  const open = trimmed.indexOf('[');
  const bare = open < 0 ? trimmed : trimmed.slice(0, open);
  const name = bare.startsWith('$') ? bare : '$' + bare;
  return { name, bracketed: open >= 0 };
}
