// The catalog decoder: turns untrusted JSON (a live API response, a disk cache, the bundled
// snapshot or a user's snapshot file) into the model of model.ts. It never throws: it keeps every
// record it can, fills safe defaults where a field is missing or wrong, and reports each drop,
// default and normalisation as a CatalogProblem that names the record and the field. Text that
// completion inserts into code (names, tags, argument names, enum values, aliases, emoji) never
// holds a control or format character, and untrusted text quoted in a problem is shown escaped.
//
// The public decoders are here, with the tag lists, the emoji aliases, the catalog's parts and
// snapshot files; one record is read in decodeRecords.ts, and the bounds, problems and small
// readers they all share are in decodeReaders.ts.

import {
  parseTagSpelling,
  type CallbackRecord,
  type CatalogData,
  type CatalogProblem,
  type Decoded,
  type EmojiAliasMap,
  type FunctionRecord,
} from './model';
import { messageOf } from '../../protocol/errors';
import { isObject } from '../../protocol/json';
import { ALIAS_PATTERN } from '../chars';
import { hasUnsafeChars, visible } from './controlChars';
import { boundedString, cut, DECODE_LIMITS, guarded, kindOf, own, Problems, Scope } from './decodeReaders';
import { NAME_PATTERN, NAME_RULE, readCallback, readFunction, readRecordList, unwrapSingle } from './decodeRecords';

/** The version of the snapshot file format that this decoder writes and reads. */
export const SNAPSHOT_SCHEMA = 1;

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

/**
 * Characters an emoji key may not hold: controls, separators, lone surrogates, bidi marks,
 * overrides and isolates, and invisible spaces. Joiners, variation selectors and tag characters
 * are parts of real emoji sequences and stay.
 */
const UNSAFE_IN_EMOJI =
  /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;

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
          problems.add('warning', `entry dropped: decoding failed: ${messageOf(e)}`, label);
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
      message: `decoding stopped unexpectedly: ${messageOf(e)}`,
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
    snapshotProblems.add('error', `decoding stopped unexpectedly: ${messageOf(e)}`);
    return { value: { data: emptyData() }, problems: snapshotProblems.finish() };
  }
}
