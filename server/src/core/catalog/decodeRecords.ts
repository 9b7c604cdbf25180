// The catalog decoder's reading of one function or callback record: its tag and name, its
// arguments (types, enum values, tuples), its flags and wiki page, and a list of records with the
// first of each name and form kept. Text that completion inserts into code (names, tags, argument
// names, enum values) never holds a control or format character.

import {
  KNOWN_ARG_TYPES,
  parseTagSpelling,
  type Argument,
  type CallbackRecord,
  type FunctionRecord,
  type KnownArgType,
} from './model';
import { messageOf } from '../../protocol/errors';
import { isObject, type JsonObject } from '../../protocol/json';
import { hasUnsafeChars, visible } from './controlChars';
import {
  boundedString,
  cut,
  DECODE_LIMITS,
  kindOf,
  own,
  readOptionalBool,
  readRequiredBool,
  readText,
  Scope,
  type Problems,
} from './decodeReaders';

const KNOWN_TYPE_BY_LOWER: ReadonlyMap<string, KnownArgType> = new Map(
  KNOWN_ARG_TYPES.map((t) => [t.toLowerCase(), t] as const),
);

/**
 * A function or callback name: `$`, a letter, then letters and digits. That is every name the
 * parser can read in code (`identifierEnd`), and every name the real catalog has (`$c`,
 * `$addButtonCV2`); anything else could never be called, only inserted by completion.
 */
export const NAME_PATTERN = /^\$[A-Za-z][A-Za-z0-9]*$/;
/** What NAME_PATTERN asks for, in the words of a problem. */
export const NAME_RULE = 'expected $, a letter, then letters and digits';
/** A relative wiki page path. `..` anywhere is refused separately. */
const WIKI_PATTERN = /^[A-Za-z0-9_/.-]+\.md$/;

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
    scope.error(undefined, `record dropped: decoding failed: ${messageOf(e)}`);
    return undefined;
  }
}

export function readFunction(
  value: unknown,
  index: number | undefined,
  problems: Problems,
): FunctionRecord | undefined {
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

export function readCallback(
  value: unknown,
  index: number | undefined,
  problems: Problems,
): CallbackRecord | undefined {
  return readRecord<CallbackRecord>(value, index, problems, 'callback', (obj, common, scope) => ({
    kind: 'callback',
    ...common,
    description: readText(obj, 'description', scope, 'description', DECODE_LIMITS.maxDescriptionLength),
  }));
}

/** Decodes a list of records, keeping the first record of each name and form. */
export function readRecordList<R extends FunctionRecord | CallbackRecord>(
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
export function unwrapSingle(json: unknown, what: string, problems: Problems): unknown {
  if (!Array.isArray(json)) return json;
  if (json.length === 0) {
    problems.add('error', `expected one ${what} record, got an empty array`);
    return undefined;
  }
  if (json.length > 1)
    problems.add('warning', `expected one ${what} record, got an array of ${json.length}; using the first`);
  return json[0];
}
