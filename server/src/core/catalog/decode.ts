// The catalog decoder: turns untrusted JSON (a live API response, a disk cache, the bundled
// snapshot or a user's snapshot file) into the model of model.ts. It never throws: it keeps every
// record it can, fills safe defaults where a field is missing or wrong, and reports each drop,
// default and normalisation as a CatalogProblem that names the record and the field. Text that
// completion inserts into code (names, tags, argument names, enum values, aliases, emoji) never
// holds a control or format character, and untrusted text quoted in a problem is shown escaped.

import {
  KNOWN_ARG_TYPES,
  parseTagSpelling,
  type Argument,
  type CallbackRecord,
  type CatalogData,
  type CatalogProblem,
  type Decoded,
  type EmojiAliasMap,
  type FunctionRecord,
  type KnownArgType,
} from './model';
import { isObject, type JsonObject } from '../../protocol/json';
import { ALIAS_PATTERN } from '../chars';
import { hasUnsafeChars, visible } from './controlChars';

/** The version of the snapshot file format that this decoder writes and reads. */
export const SNAPSHOT_SCHEMA = 1;

/**
 * Bounds on untrusted data. Anything longer is cut and anything deeper or more numerous is
 * dropped, each with a warning, so that a hostile or broken source cannot blow up memory or the
 * editor's UI.
 */
export const DECODE_LIMITS = {
  /** Tags, names, argument names, type names, enum values, emoji aliases, wiki paths. */
  maxNameLength: 300,
  /** Descriptions and provenance strings. */
  maxDescriptionLength: 4000,
  /** Records in one list, entries in one tag list. */
  maxRecords: 20_000,
  /** Arguments of one record or one tuple. */
  maxArguments: 100,
  /** Alternatives in one compound type. */
  maxTypeAlternatives: 20,
  /** Values in one `enumData`. */
  maxEnumValues: 500,
  /** Levels of tupleTypes: a top-level tuple's tupleTypes are level 1; deeper levels are dropped. */
  maxTupleDepth: 3,
  /** Emoji in the alias map, aliases per emoji, and code units per emoji key. */
  maxEmoji: 50_000,
  maxAliasesPerEmoji: 100,
  maxEmojiLength: 64,
  /** Problems listed per decoded part; the rest are summarised in one last problem. */
  maxProblems: 1000,
} as const;

/** Where a snapshot came from and what it holds; written by the snapshot generator. */
export interface SnapshotProvenance {
  readonly generatedBy: string;
  readonly source: string;
  readonly date: string;
  readonly counts: {
    readonly functions: number;
    readonly callbacks: number;
    readonly emoji: number;
    readonly aliases: number;
  };
  readonly notes?: readonly string[];
}

/** The API's parts by endpoint name, each untrusted; what a snapshot file holds. */
export interface CatalogParts {
  function_list?: unknown;
  callback_list?: unknown;
  function_tag_list?: unknown;
  callback_tag_list?: unknown;
  emoji_alias_list?: unknown;
}

const KNOWN_TYPE_BY_LOWER: ReadonlyMap<string, KnownArgType> = new Map(
  KNOWN_ARG_TYPES.map((t) => [t.toLowerCase(), t] as const),
);

/**
 * A function or callback name: `$`, a letter, then letters and digits. That is every name the
 * parser can read in code (`identifierEnd`), and every name the real catalog has (`$c`,
 * `$addButtonCV2`); anything else could never be called, only inserted by completion.
 */
const NAME_PATTERN = /^\$[A-Za-z][A-Za-z0-9]*$/;
/** What NAME_PATTERN asks for, in the words of a problem. */
const NAME_RULE = 'expected $, a letter, then letters and digits';
/** A relative wiki page path. `..` anywhere is refused separately. */
const WIKI_PATTERN = /^[A-Za-z0-9_/.-]+\.md$/;
/**
 * Characters an emoji key may not hold: controls, separators, lone surrogates, bidi marks,
 * overrides and isolates, and invisible spaces. Joiners, variation selectors and tag characters
 * are parts of real emoji sequences and stay.
 */
const UNSAFE_IN_EMOJI =
  /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;

// ---------------------------------------------------------------------------------------------
// Problem collection.

/** Collects the problems of one decoded part, bounded by `DECODE_LIMITS.maxProblems`. */
class Problems {
  private readonly list: CatalogProblem[] = [];
  private suppressed = 0;
  private suppressedErrors = 0;

  constructor(readonly source: string) {}

  add(severity: 'error' | 'warning', message: string, record?: string, field?: string): void {
    if (this.list.length >= DECODE_LIMITS.maxProblems) {
      this.suppressed++;
      if (severity === 'error') this.suppressedErrors++;
      return;
    }
    const problem: { -readonly [K in keyof CatalogProblem]: CatalogProblem[K] } = {
      source: this.source,
      severity,
      message,
    };
    if (record !== undefined) problem.record = record;
    if (field !== undefined) problem.field = field;
    this.list.push(problem);
  }

  finish(): CatalogProblem[] {
    if (this.suppressed > 0) {
      const errors = this.suppressedErrors > 0 ? ` (${this.suppressedErrors} of them errors)` : '';
      this.list.push({
        source: this.source,
        severity: this.suppressedErrors > 0 ? 'error' : 'warning',
        message: `${this.suppressed} more problems${errors} were not listed`,
      });
      this.suppressed = 0;
      this.suppressedErrors = 0;
    }
    return this.list;
  }
}

/** The problems of one record: every report carries the record's label. */
class Scope {
  constructor(
    readonly problems: Problems,
    public label: string,
  ) {}

  warn(field: string | undefined, message: string): void {
    this.problems.add('warning', message, this.label, field);
  }

  error(field: string | undefined, message: string): void {
    this.problems.add('error', message, this.label, field);
  }
}

/** Runs a decoder so that nothing escapes: an unexpected exception becomes an error problem. */
function guarded<T>(source: string, fallback: () => T, run: (problems: Problems) => T): Decoded<T> {
  const problems = new Problems(source);
  let value: T;
  try {
    value = run(problems);
  } catch (e) {
    problems.add('error', `decoding stopped unexpectedly: ${describeError(e)}`);
    value = fallback();
  }
  return { value, problems: problems.finish() };
}

function describeError(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return 'an unprintable exception';
  }
}

/** A short description of a JSON value's kind, for messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    case 'undefined':
      return 'nothing';
    default:
      return typeof value;
  }
}

// ---------------------------------------------------------------------------------------------
// Small readers.

/** Reads an own property only, so inherited names such as `constructor` never leak in. */
function own(obj: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Cuts a string to `max` code units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** Cuts a string longer than `max` with a warning. */
function boundedString(value: string, max: number, scope: Scope, field: string): string {
  if (value.length <= max) return value;
  scope.warn(field, `longer than ${max} characters (${value.length}); cut`);
  return cut(value, max);
}

/** An optional description-like string: absent is quietly "", a wrong type is "" with a warning. */
function readText(obj: JsonObject, key: string, scope: Scope, field: string, max: number): string {
  const value = own(obj, key);
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    scope.warn(field, `expected a string, got ${kindOf(value)}; using ""`);
    return '';
  }
  return boundedString(value, max, scope, field);
}

/** An optional boolean: absent is `fallback`, a wrong type is `fallback` with a warning. */
function readOptionalBool(obj: JsonObject, key: string, scope: Scope, field: string, fallback = false): boolean {
  const value = own(obj, key);
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  scope.warn(field, `expected a boolean, got ${kindOf(value)}; using ${fallback}`);
  return fallback;
}

/**
 * A boolean the spec requires, read from the first of `keys` that is present: absent or of the
 * wrong type gives `false` with a warning.
 */
function readRequiredBool(obj: JsonObject, keys: readonly string[], scope: Scope, fieldPrefix: string): boolean {
  for (const key of keys) {
    const value = own(obj, key);
    if (value === undefined) continue;
    if (typeof value === 'boolean') return value;
    scope.warn(fieldPrefix + key, `expected a boolean, got ${kindOf(value)}; using false`);
    return false;
  }
  scope.warn(fieldPrefix + (keys[0] ?? ''), 'missing; using false');
  return false;
}

function readIntents(obj: JsonObject, scope: Scope): number {
  const value = own(obj, 'intents');
  if (value === undefined) {
    scope.warn('intents', 'missing; using 0');
    return 0;
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0x7fffffff) return value;
  scope.warn('intents', `expected a non-negative integer, got ${kindOf(value)}; using 0`);
  return 0;
}

function readWiki(obj: JsonObject, scope: Scope): string | undefined {
  const value = own(obj, 'wiki');
  if (value === undefined || value === null) return undefined;
  if (
    typeof value === 'string' &&
    value.length <= DECODE_LIMITS.maxNameLength &&
    WIKI_PATTERN.test(value) &&
    !value.includes('..') &&
    !value.startsWith('/')
  ) {
    return value;
  }
  scope.warn('wiki', 'not a relative wiki page path (letters, digits, _ / . - ending in .md, no ..); dropped');
  return undefined;
}

/** The short label of a record for problems: `#12 $addButton[...]`, `#3 $authorID`. */
function recordLabel(index: number | undefined, name?: string, bracketed?: boolean): string {
  const prefix = index === undefined ? '' : `#${index}`;
  if (name === undefined) return prefix || '(record)';
  const shown = bracketed ? `${name}[...]` : name;
  return prefix ? `${prefix} ${shown}` : shown;
}

// ---------------------------------------------------------------------------------------------
// Tags and names.

interface TagInfo {
  tag: string;
  name: string;
  bracketed: boolean;
  listTag: string;
}

/**
 * Reads a record's tag (or a callback's name), sets the scope's label from it, and reports what
 * was normalised. Returns undefined (after an error problem) when the record must be dropped.
 */
function readTag(value: unknown, field: string, index: number | undefined, scope: Scope): TagInfo | undefined {
  if (typeof value !== 'string') {
    scope.error(
      field,
      value === undefined ? 'missing; record dropped' : `expected a string, got ${kindOf(value)}; record dropped`,
    );
    return undefined;
  }
  const notes: string[] = [];
  let tag = value.trim();
  if (tag !== value) notes.push('surrounding whitespace trimmed');
  if (tag.length > 0 && !tag.startsWith('$')) {
    tag = '$' + tag;
    notes.push('does not start with $; added');
  }
  if (tag.length > DECODE_LIMITS.maxNameLength) {
    notes.push(`longer than ${DECODE_LIMITS.maxNameLength} characters (${tag.length}); cut`);
    tag = cut(tag, DECODE_LIMITS.maxNameLength);
  }
  const { name, bracketed } = parseTagSpelling(tag);
  if (!NAME_PATTERN.test(name)) {
    scope.label = recordLabel(index, tag.length > 0 ? visible(cut(tag, 40)) : undefined, false);
    scope.error(field, `has no valid name (${NAME_RULE}); record dropped`);
    return undefined;
  }
  if (hasUnsafeChars(tag)) {
    // Completion can insert the whole tag (the app's style), so its argument part must be clean too.
    scope.label = recordLabel(index, visible(cut(tag, 40)), false);
    scope.error(field, 'holds a control or format character; record dropped');
    return undefined;
  }
  scope.label = recordLabel(index, name, bracketed);
  for (const note of notes) scope.warn(field, note);
  return { tag, name, bracketed, listTag: bracketed ? name + '[]' : name };
}

/** Normalises `deprecatedFor` (`channelID`, `$channelID`, `$channelID[]`) to `$channelID`. */
function readDeprecatedFor(obj: JsonObject, scope: Scope): string | undefined {
  const value = own(obj, 'deprecatedFor');
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    scope.warn('deprecatedFor', `expected a string, got ${kindOf(value)}; dropped`);
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const name = parseTagSpelling(cut(trimmed, DECODE_LIMITS.maxNameLength)).name;
  if (!NAME_PATTERN.test(name)) {
    scope.warn('deprecatedFor', 'not a function name; dropped');
    return undefined;
  }
  return name;
}

// ---------------------------------------------------------------------------------------------
// Arguments.

interface TypeInfo {
  type: string;
  types: KnownArgType[];
  unknownTypes: string[];
}

const STRING_TYPE: TypeInfo = { type: 'String', types: ['String'], unknownTypes: [] };

/** Normalises a (compound) type: `String | URL` → `String|URL`, known and unknown parts apart. */
function readType(value: unknown, scope: Scope, field: string): TypeInfo {
  if (typeof value !== 'string') {
    scope.warn(
      field,
      value === undefined ? 'missing; using String' : `expected a string, got ${kindOf(value)}; using String`,
    );
    return { ...STRING_TYPE, types: ['String'] };
  }
  let parts = value
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) {
    scope.warn(field, 'empty; using String');
    return { ...STRING_TYPE, types: ['String'] };
  }
  if (parts.length > DECODE_LIMITS.maxTypeAlternatives) {
    scope.warn(field, `more than ${DECODE_LIMITS.maxTypeAlternatives} alternatives; the rest dropped`);
    parts = parts.slice(0, DECODE_LIMITS.maxTypeAlternatives);
  }
  const all: string[] = [];
  const types: KnownArgType[] = [];
  const unknownTypes: string[] = [];
  for (const raw of parts) {
    const part =
      raw.length > DECODE_LIMITS.maxNameLength ? boundedString(raw, DECODE_LIMITS.maxNameLength, scope, field) : raw;
    const known = KNOWN_TYPE_BY_LOWER.get(part.toLowerCase());
    if (known !== undefined) {
      if (known !== part) scope.warn(field, `type "${part}" read as "${known}"`);
      if (!all.includes(known)) {
        all.push(known);
        types.push(known);
      }
    } else if (!all.includes(part)) {
      scope.warn(field, `type "${visible(cut(part, 60))}" is not a known type; kept as unknown`);
      all.push(part);
      unknownTypes.push(part);
    }
  }
  return { type: all.join('|'), types, unknownTypes };
}

function readEnumData(obj: JsonObject, scope: Scope, field: string): string[] | undefined {
  const value = own(obj, 'enumData');
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    scope.warn(field, `expected an array of strings, got ${kindOf(value)}; dropped`);
    return undefined;
  }
  const out: string[] = [];
  const count = Math.min(value.length, DECODE_LIMITS.maxEnumValues);
  if (value.length > count) scope.warn(field, `more than ${DECODE_LIMITS.maxEnumValues} values; the rest dropped`);
  for (let i = 0; i < count; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') {
      scope.warn(`${field}[${i}]`, `expected a string, got ${kindOf(item)}; dropped`);
      continue;
    }
    if (hasUnsafeChars(item)) {
      // Completion offers enum values as choices that go into the code.
      scope.warn(`${field}[${i}]`, 'holds a control or format character; dropped');
      continue;
    }
    out.push(boundedString(item, DECODE_LIMITS.maxNameLength, scope, `${field}[${i}]`));
  }
  return out;
}

/** An argument that permits anything, standing in for an entry that is not an object. */
function placeholderArgument(): Argument {
  return {
    name: '',
    description: '',
    type: 'String',
    types: ['String'],
    unknownTypes: [],
    required: false,
    empty: true,
    repeatable: false,
  };
}

function readArgumentArray(value: readonly unknown[], path: string, depth: number, scope: Scope): Argument[] {
  const count = Math.min(value.length, DECODE_LIMITS.maxArguments);
  if (value.length > count) scope.warn(path, `more than ${DECODE_LIMITS.maxArguments} arguments; the rest dropped`);
  const out: Argument[] = [];
  for (let i = 0; i < count; i++) out.push(readArgument(value[i], `${path}[${i}]`, depth, scope));
  return out;
}

/**
 * Reads one argument. An entry that is not an object is kept as a permissive placeholder rather
 * than dropped, because dropping it would shift the positions of the arguments after it.
 */
function readArgument(value: unknown, path: string, depth: number, scope: Scope): Argument {
  if (!isObject(value)) {
    scope.warn(path, `expected an object, got ${kindOf(value)}; kept as an optional String placeholder`);
    return placeholderArgument();
  }
  const nameValue = own(value, 'name');
  let name = '';
  if (typeof nameValue !== 'string') {
    scope.warn(
      `${path}.name`,
      nameValue === undefined ? 'missing; using ""' : `expected a string, got ${kindOf(nameValue)}; using ""`,
    );
  } else if (hasUnsafeChars(nameValue)) {
    // Snippets name their placeholders after the arguments, so the name goes into the code.
    scope.warn(`${path}.name`, 'holds a control or format character; using ""');
  } else {
    name = boundedString(nameValue, DECODE_LIMITS.maxNameLength, scope, `${path}.name`);
  }

  const description = readText(value, 'description', scope, `${path}.description`, DECODE_LIMITS.maxDescriptionLength);
  const type = readType(own(value, 'type'), scope, `${path}.type`);
  const required = readRequiredBool(value, ['required'], scope, `${path}.`);
  const empty = readOptionalBool(value, 'empty', scope, `${path}.empty`);
  const repeatable =
    readOptionalBool(value, 'repeatable', scope, `${path}.repeatable`) ||
    readOptionalBool(value, 'ellipsis', scope, `${path}.ellipsis`);
  const enumData = readEnumData(value, scope, `${path}.enumData`);

  let tupleTypes: Argument[] | undefined;
  const rawTuple = own(value, 'tupleTypes');
  if (rawTuple !== undefined && rawTuple !== null) {
    if (!Array.isArray(rawTuple)) {
      scope.warn(`${path}.tupleTypes`, `expected an array, got ${kindOf(rawTuple)}; dropped`);
    } else if (depth > DECODE_LIMITS.maxTupleDepth) {
      scope.warn(`${path}.tupleTypes`, `tuples nested deeper than ${DECODE_LIMITS.maxTupleDepth} levels; dropped`);
    } else {
      tupleTypes = readArgumentArray(rawTuple, `${path}.tupleTypes`, depth + 1, scope);
    }
  }
  if (type.types.includes('Tuple') && tupleTypes === undefined) {
    scope.warn(`${path}.tupleTypes`, 'a Tuple argument without usable tupleTypes');
  }

  const arg: { -readonly [K in keyof Argument]: Argument[K] } = {
    name,
    description,
    type: type.type,
    types: type.types,
    unknownTypes: type.unknownTypes,
    required,
    empty,
    repeatable,
  };
  if (enumData !== undefined) arg.enumData = enumData;
  if (tupleTypes !== undefined) arg.tupleTypes = tupleTypes;
  return arg;
}

/** A record's arguments: null for bare forms, an array (possibly empty) for bracketed ones. */
function readArguments(obj: JsonObject, bracketed: boolean, scope: Scope): Argument[] | null {
  const value = own(obj, 'arguments');
  if (!bracketed) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return null;
    scope.warn('arguments', 'a bare form (tag without [) has arguments; ignored');
    return null;
  }
  if (value === undefined || value === null) {
    scope.warn('arguments', `${value === null ? 'null' : 'missing'} for a bracketed form; using []`);
    return [];
  }
  if (!Array.isArray(value)) {
    scope.warn('arguments', `expected an array, got ${kindOf(value)}; using []`);
    return [];
  }
  return readArgumentArray(value, 'arguments', 1, scope);
}

// ---------------------------------------------------------------------------------------------
// Records.

/** The fields every record has, read the same way for functions and callbacks. */
type CommonFields = Pick<
  FunctionRecord,
  'tag' | 'name' | 'bracketed' | 'listTag' | 'arguments' | 'intents' | 'premium'
>;

/**
 * Reads one record: the object check, the fields functions and callbacks share, and the guard
 * that turns any failure into a dropped record with a problem. `readOwn` reads the fields of
 * its kind (descriptions, deprecation) and builds the record.
 */
function readRecord<R extends FunctionRecord | CallbackRecord>(
  value: unknown,
  index: number | undefined,
  problems: Problems,
  kind: R['kind'],
  readOwn: (obj: JsonObject, common: CommonFields, scope: Scope) => R,
): R | undefined {
  const scope = new Scope(problems, recordLabel(index));
  try {
    if (!isObject(value)) {
      scope.error(undefined, `expected a ${kind} record object, got ${kindOf(value)}; dropped`);
      return undefined;
    }
    // Callbacks name their tag `name`; accept `tag` when a callback record has only that.
    const nameValue = kind === 'callback' ? own(value, 'name') : undefined;
    const tagValue = own(value, 'tag');
    const info =
      kind === 'callback' && !(nameValue === undefined && tagValue !== undefined)
        ? readTag(nameValue, 'name', index, scope)
        : readTag(tagValue, 'tag', index, scope);
    if (!info) return undefined;
    const common: CommonFields = {
      tag: info.tag,
      name: info.name,
      bracketed: info.bracketed,
      listTag: info.listTag,
      arguments: readArguments(value, info.bracketed, scope),
      intents: readIntents(value, scope),
      // Functions say `premium` and callbacks `is_premium`; either is accepted for both.
      premium: readRequiredBool(
        value,
        kind === 'function' ? ['premium', 'is_premium'] : ['is_premium', 'premium'],
        scope,
        '',
      ),
    };
    const record: { wiki?: string } & R = readOwn(value, common, scope);
    const wiki = readWiki(value, scope);
    if (wiki !== undefined) record.wiki = wiki;
    return record;
  } catch (e) {
    scope.error(undefined, `record dropped: decoding failed: ${describeError(e)}`);
    return undefined;
  }
}

function readFunction(value: unknown, index: number | undefined, problems: Problems): FunctionRecord | undefined {
  return readRecord<FunctionRecord>(value, index, problems, 'function', (obj, common, scope) => {
    const record: { -readonly [K in keyof FunctionRecord]: FunctionRecord[K] } = {
      kind: 'function',
      ...common,
      shortDescription: readText(
        obj,
        'shortDescription',
        scope,
        'shortDescription',
        DECODE_LIMITS.maxDescriptionLength,
      ),
      longDescription: readText(obj, 'longDescription', scope, 'longDescription', DECODE_LIMITS.maxDescriptionLength),
      deprecated: readOptionalBool(obj, 'deprecated', scope, 'deprecated'),
    };
    const deprecatedFor = readDeprecatedFor(obj, scope);
    if (deprecatedFor !== undefined) record.deprecatedFor = deprecatedFor;
    return record;
  });
}

function readCallback(value: unknown, index: number | undefined, problems: Problems): CallbackRecord | undefined {
  return readRecord<CallbackRecord>(value, index, problems, 'callback', (obj, common, scope) => ({
    kind: 'callback',
    ...common,
    description: readText(obj, 'description', scope, 'description', DECODE_LIMITS.maxDescriptionLength),
  }));
}

/** Decodes a list of records, keeping the first record of each name and form. */
function readRecordList<R extends FunctionRecord | CallbackRecord>(
  json: unknown,
  what: string,
  problems: Problems,
  readOne: (value: unknown, index: number, problems: Problems) => R | undefined,
): R[] {
  if (!Array.isArray(json)) {
    problems.add('error', `expected an array of ${what} records, got ${kindOf(json)}`);
    return [];
  }
  const count = Math.min(json.length, DECODE_LIMITS.maxRecords);
  if (json.length > count)
    problems.add('warning', `more than ${DECODE_LIMITS.maxRecords} records (${json.length}); the rest dropped`);
  const out: R[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const record = readOne(json[i], i, problems);
    if (!record) continue;
    const key = record.listTag;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.add(
        'warning',
        `duplicate of record #${first} (same name and form); dropped`,
        recordLabel(i, record.name, record.bracketed),
        'tag',
      );
      continue;
    }
    seen.set(key, i);
    out.push(record);
  }
  return out;
}

/** A single record endpoint may answer an object or a one-element array. */
function unwrapSingle(json: unknown, what: string, problems: Problems): unknown {
  if (!Array.isArray(json)) return json;
  if (json.length === 0) {
    problems.add('error', `expected one ${what} record, got an empty array`);
    return undefined;
  }
  if (json.length > 1)
    problems.add('warning', `expected one ${what} record, got an array of ${json.length}; using the first`);
  return json[0];
}

// ---------------------------------------------------------------------------------------------
// Public decoders.

/** Decodes a `/function_list` response. */
export function decodeFunctionList(json: unknown, source = '/function_list'): Decoded<FunctionRecord[]> {
  return guarded(
    source,
    () => [],
    (problems) => readRecordList(json, 'function', problems, readFunction),
  );
}

/** Decodes a `/callback_list` response. */
export function decodeCallbackList(json: unknown, source = '/callback_list'): Decoded<CallbackRecord[]> {
  return guarded(
    source,
    () => [],
    (problems) => readRecordList(json, 'callback', problems, readCallback),
  );
}

/** Decodes a `/function/:function` response (an object, or a one-element array). */
export function decodeFunction(json: unknown, source = '/function'): Decoded<FunctionRecord | undefined> {
  return guarded<FunctionRecord | undefined>(
    source,
    () => undefined,
    (problems) => {
      const value = unwrapSingle(json, 'function', problems);
      return value === undefined ? undefined : readFunction(value, undefined, problems);
    },
  );
}

/** Decodes a `/callback/:callback` response (an object, or a one-element array). */
export function decodeCallback(json: unknown, source = '/callback'): Decoded<CallbackRecord | undefined> {
  return guarded<CallbackRecord | undefined>(
    source,
    () => undefined,
    (problems) => {
      const value = unwrapSingle(json, 'callback', problems);
      return value === undefined ? undefined : readCallback(value, undefined, problems);
    },
  );
}

/**
 * Decodes a tag list. Entries are normalised to the tag-list spelling (`$name[]` or `$name`),
 * keeping the list's order; duplicates and entries that are not names are dropped.
 */
export function decodeTagList(json: unknown, source = '/function_tag_list'): Decoded<string[]> {
  return guarded(
    source,
    () => [],
    (problems) => {
      if (!Array.isArray(json)) {
        problems.add('error', `expected an array of tags, got ${kindOf(json)}`);
        return [];
      }
      const count = Math.min(json.length, DECODE_LIMITS.maxRecords);
      if (json.length > count)
        problems.add('warning', `more than ${DECODE_LIMITS.maxRecords} tags (${json.length}); the rest dropped`);
      const out: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < count; i++) {
        const item: unknown = json[i];
        const label = `#${i}`;
        if (typeof item !== 'string') {
          problems.add('warning', `expected a string, got ${kindOf(item)}; dropped`, label);
          continue;
        }
        const trimmed = cut(item.trim(), DECODE_LIMITS.maxNameLength);
        const { name, bracketed } = parseTagSpelling(trimmed);
        if (!NAME_PATTERN.test(name)) {
          problems.add('warning', `not a tag (${NAME_RULE}); dropped`, label);
          continue;
        }
        const tag = bracketed ? name + '[]' : name;
        if (tag !== item) problems.add('warning', `"${visible(cut(item, 60))}" read as "${tag}"`, label);
        if (seen.has(tag)) {
          problems.add('warning', `duplicate tag ${tag}; dropped`, label);
          continue;
        }
        seen.add(tag);
        out.push(tag);
      }
      return out;
    },
  );
}

/**
 * Decodes an `/emoji_alias_list` response. Keys must look like emoji (non-ASCII, no whitespace,
 * bounded length); aliases are kept between colons, and a bare alias gets its colons back.
 */
export function decodeEmojiAliasMap(json: unknown, source = '/emoji_alias_list'): Decoded<EmojiAliasMap> {
  return guarded<EmojiAliasMap>(
    source,
    () => ({}),
    (problems) => {
      if (!isObject(json)) {
        problems.add('error', `expected an object mapping emoji to aliases, got ${kindOf(json)}`);
        return {};
      }
      const out: Record<string, readonly string[]> = {};
      const keys = Object.keys(json);
      const count = Math.min(keys.length, DECODE_LIMITS.maxEmoji);
      if (keys.length > count)
        problems.add('warning', `more than ${DECODE_LIMITS.maxEmoji} emoji (${keys.length}); the rest dropped`);
      for (const emoji of keys.slice(0, count)) {
        const label = visible(emoji.length <= 40 ? emoji : cut(emoji, 40) + '…');
        try {
          if (
            emoji.length === 0 ||
            emoji.length > DECODE_LIMITS.maxEmojiLength ||
            /\s/.test(emoji) ||
            !/[^\x00-\x7f]/.test(emoji) ||
            UNSAFE_IN_EMOJI.test(emoji)
          ) {
            problems.add('warning', 'key does not look like an emoji; dropped', label);
            continue;
          }
          const value = json[emoji];
          if (!Array.isArray(value)) {
            problems.add('warning', `expected an array of aliases, got ${kindOf(value)}; dropped`, label);
            continue;
          }
          const aliases: string[] = [];
          const n = Math.min(value.length, DECODE_LIMITS.maxAliasesPerEmoji);
          if (value.length > n)
            problems.add('warning', `more than ${DECODE_LIMITS.maxAliasesPerEmoji} aliases; the rest dropped`, label);
          for (let i = 0; i < n; i++) {
            const item: unknown = value[i];
            const field = `aliases[${i}]`;
            if (typeof item !== 'string') {
              problems.add('warning', `expected a string, got ${kindOf(item)}; dropped`, label, field);
              continue;
            }
            let alias = item.trim();
            if (alias.length > DECODE_LIMITS.maxNameLength) {
              problems.add('warning', `longer than ${DECODE_LIMITS.maxNameLength} characters; dropped`, label, field);
              continue;
            }
            if (hasUnsafeChars(alias)) {
              problems.add('warning', 'holds a control or format character; dropped', label, field);
              continue;
            }
            if (!ALIAS_PATTERN.test(alias)) {
              if (ALIAS_PATTERN.test(`:${alias}:`)) {
                problems.add('warning', `"${alias}" has no colons; read as ":${alias}:"`, label, field);
                alias = `:${alias}:`;
              } else {
                problems.add(
                  'warning',
                  'not an alias (letters, digits, `_`, `+` or `-` between colons); dropped',
                  label,
                  field,
                );
                continue;
              }
            }
            if (!aliases.includes(alias)) aliases.push(alias);
          }
          out[emoji] = aliases;
        } catch (e) {
          problems.add('warning', `entry dropped: decoding failed: ${describeError(e)}`, label);
        }
      }
      return out;
    },
  );
}

/**
 * Orders tag-list spellings as the catalog does: case-insensitively, ties by code-unit order
 * (`$addTimestamp` before `$addTimestamp[]`).
 */
export function compareListTags(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The tag list that a list of records implies, sorted as the catalog sorts it. */
export function deriveTagList(records: readonly { readonly listTag: string }[]): string[] {
  return [...new Set(records.map((r) => r.listTag))].sort(compareListTags);
}

function emptyData(): CatalogData {
  return { functions: [], callbacks: [], functionTags: [], callbackTags: [], emoji: {} };
}

/**
 * Decodes the API's parts into catalog data. Tag lists absent from `parts` are derived from the
 * records; an absent record list or emoji map is empty with a problem (an error for the function
 * list, without which every name looks unknown; a warning otherwise).
 */
export function decodeCatalogParts(parts: CatalogParts, source?: string): Decoded<CatalogData> {
  const problems: CatalogProblem[] = [];
  const partSource = (name: keyof CatalogParts): string => (source === undefined ? `/${name}` : `${source} (${name})`);
  try {
    if (!isObject(parts)) {
      problems.push({
        source: source ?? 'catalog',
        severity: 'error',
        message: `expected an object of catalog parts, got ${kindOf(parts)}`,
      });
      return { value: emptyData(), problems };
    }
    const part = (name: keyof CatalogParts): unknown => own(parts, name);
    const missing = (name: keyof CatalogParts, severity: 'error' | 'warning'): void => {
      problems.push({ source: partSource(name), severity, message: `${name} is missing; using an empty one` });
    };
    const take = <T>(decoded: Decoded<T>): T => {
      problems.push(...decoded.problems);
      return decoded.value;
    };

    let functions: FunctionRecord[] = [];
    if (part('function_list') === undefined) missing('function_list', 'error');
    else functions = take(decodeFunctionList(part('function_list'), partSource('function_list')));

    let callbacks: CallbackRecord[] = [];
    if (part('callback_list') === undefined) missing('callback_list', 'warning');
    else callbacks = take(decodeCallbackList(part('callback_list'), partSource('callback_list')));

    const functionTags =
      part('function_tag_list') === undefined
        ? deriveTagList(functions)
        : take(decodeTagList(part('function_tag_list'), partSource('function_tag_list')));
    const callbackTags =
      part('callback_tag_list') === undefined
        ? deriveTagList(callbacks)
        : take(decodeTagList(part('callback_tag_list'), partSource('callback_tag_list')));

    let emoji: EmojiAliasMap = {};
    if (part('emoji_alias_list') === undefined) missing('emoji_alias_list', 'warning');
    else emoji = take(decodeEmojiAliasMap(part('emoji_alias_list'), partSource('emoji_alias_list')));

    return { value: { functions, callbacks, functionTags, callbackTags, emoji }, problems };
  } catch (e) {
    problems.push({
      source: source ?? 'catalog',
      severity: 'error',
      message: `decoding stopped unexpectedly: ${describeError(e)}`,
    });
    return { value: emptyData(), problems };
  }
}

function readProvenance(value: unknown, problems: Problems): SnapshotProvenance | undefined {
  const scope = new Scope(problems, 'provenance');
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    scope.warn(undefined, `expected an object, got ${kindOf(value)}; ignored`);
    return undefined;
  }
  const text = (key: string): string => {
    const v = own(value, key);
    if (typeof v === 'string') return boundedString(v, DECODE_LIMITS.maxDescriptionLength, scope, key);
    scope.warn(key, v === undefined ? 'missing; using ""' : `expected a string, got ${kindOf(v)}; using ""`);
    return '';
  };
  const generatedBy = text('generatedBy');
  const source = text('source');
  const date = text('date');
  const rawCounts = own(value, 'counts');
  const counts = { functions: 0, callbacks: 0, emoji: 0, aliases: 0 };
  if (!isObject(rawCounts)) {
    scope.warn('counts', `expected an object, got ${kindOf(rawCounts)}; using zeros`);
  } else {
    for (const key of ['functions', 'callbacks', 'emoji', 'aliases'] as const) {
      const v = own(rawCounts, key);
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0) counts[key] = v;
      else scope.warn(`counts.${key}`, `expected a non-negative integer, got ${kindOf(v)}; using 0`);
    }
  }
  const provenance: { -readonly [K in keyof SnapshotProvenance]: SnapshotProvenance[K] } = {
    generatedBy,
    source,
    date,
    counts,
  };
  const rawNotes = own(value, 'notes');
  if (rawNotes !== undefined && rawNotes !== null) {
    if (!Array.isArray(rawNotes)) {
      scope.warn('notes', `expected an array of strings, got ${kindOf(rawNotes)}; dropped`);
    } else {
      const notes: string[] = [];
      rawNotes.slice(0, 100).forEach((note: unknown, i) => {
        if (typeof note === 'string')
          notes.push(boundedString(note, DECODE_LIMITS.maxDescriptionLength, scope, `notes[${i}]`));
        else scope.warn(`notes[${i}]`, `expected a string, got ${kindOf(note)}; dropped`);
      });
      provenance.notes = notes;
    }
  }
  return provenance;
}

/**
 * Decodes a snapshot file: `{schema, provenance, function_list, callback_list,
 * function_tag_list, callback_tag_list, emoji_alias_list}`. A bare `/function_list` array is
 * accepted too, with a warning that callbacks and emoji are missing.
 */
export function decodeSnapshot(
  json: unknown,
  source = 'snapshot',
): Decoded<{ data: CatalogData; provenance?: SnapshotProvenance }> {
  const snapshotProblems = new Problems(source);
  try {
    if (Array.isArray(json)) {
      snapshotProblems.add('warning', 'a bare /function_list array, not a snapshot: callbacks and emoji are missing');
      const functions = decodeFunctionList(json, source);
      const data: CatalogData = {
        functions: functions.value,
        callbacks: [],
        functionTags: deriveTagList(functions.value),
        callbackTags: [],
        emoji: {},
      };
      return { value: { data }, problems: [...snapshotProblems.finish(), ...functions.problems] };
    }
    if (!isObject(json)) {
      snapshotProblems.add('error', `expected a snapshot object, got ${kindOf(json)}`);
      return { value: { data: emptyData() }, problems: snapshotProblems.finish() };
    }
    const schema = own(json, 'schema');
    if (schema === undefined) {
      snapshotProblems.add('warning', `no schema field; read as schema ${SNAPSHOT_SCHEMA}`, undefined, 'schema');
    } else if (schema !== SNAPSHOT_SCHEMA) {
      const newer = typeof schema === 'number' && Number.isInteger(schema) && schema > SNAPSHOT_SCHEMA;
      snapshotProblems.add(
        'warning',
        newer
          ? `schema ${schema} is newer than ${SNAPSHOT_SCHEMA}; reading the fields this version knows`
          : `schema is not ${SNAPSHOT_SCHEMA} (got ${kindOf(schema)}); reading it as ${SNAPSHOT_SCHEMA}`,
        undefined,
        'schema',
      );
    }
    const provenance = readProvenance(own(json, 'provenance'), snapshotProblems);
    const parts: CatalogParts = {};
    for (const key of [
      'function_list',
      'callback_list',
      'function_tag_list',
      'callback_tag_list',
      'emoji_alias_list',
    ] as const) {
      const value = own(json, key);
      if (value !== undefined) parts[key] = value;
    }
    const decoded = decodeCatalogParts(parts, source);
    const value: { data: CatalogData; provenance?: SnapshotProvenance } = { data: decoded.value };
    if (provenance !== undefined) value.provenance = provenance;
    return { value, problems: [...snapshotProblems.finish(), ...decoded.problems] };
  } catch (e) {
    snapshotProblems.add('error', `decoding stopped unexpectedly: ${describeError(e)}`);
    return { value: { data: emptyData() }, problems: snapshotProblems.finish() };
  }
}
