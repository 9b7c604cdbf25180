// The catalog encoder: the model back to the API's JSON shapes (for the catalog service, for
// `catalog pull/export` and for the bundled snapshot), with a stable key order so equal data
// always gives equal bytes. decode(encode(x)) deep-equals x.
//
// Shape decisions. Functions carry `premium`, callbacks `is_premium` and `name`, as the spec
// says. A repeatable argument carries both `ellipsis: true` (the spec's name) and
// `repeatable: true` (what the live API sends and what existing clients read): emitting both
// keeps both kinds of client working, and our decoder accepts either. `deprecatedFor` is written
// as the live API writes it, a bare name without `$` (`channelID`); the decoder accepts that and
// the `$`/`[]` spellings alike. Optional fields are left out when they hold their default
// (`empty`, `ellipsis`/`repeatable`, `deprecated` when false, an empty argument description);
// `color: 0` is written because the spec lists it in every function record. `wiki` is not an
// API field; it is written when known, and clients that do not know it ignore it.

import type { Argument, CallbackRecord, CatalogData, EmojiAliasMap, FunctionRecord } from './model';
import { compareListTags, SNAPSHOT_SCHEMA, type SnapshotProvenance } from './decode';

/** A JSON value as the encoder builds it. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** One argument in the API's shape. */
export function encodeArgument(arg: Argument): JsonObject {
  const out: JsonObject = { name: arg.name };
  if (arg.description !== '') out.description = arg.description;
  out.type = arg.type;
  out.required = arg.required;
  if (arg.empty) out.empty = true;
  if (arg.repeatable) {
    out.ellipsis = true;
    out.repeatable = true;
  }
  if (arg.enumData !== undefined) out.enumData = [...arg.enumData];
  if (arg.tupleTypes !== undefined) out.tupleTypes = arg.tupleTypes.map(encodeArgument);
  return out;
}

function encodeArguments(args: readonly Argument[] | null): Json {
  return args === null ? null : args.map(encodeArgument);
}

/** One function record in the shape of `/function_list` and `/function/:function`. */
export function encodeFunction(record: FunctionRecord): JsonObject {
  const out: JsonObject = {
    tag: record.tag,
    shortDescription: record.shortDescription,
    longDescription: record.longDescription,
    arguments: encodeArguments(record.arguments),
    intents: record.intents,
    premium: record.premium,
  };
  if (record.deprecated) out.deprecated = true;
  if (record.deprecatedFor !== undefined) out.deprecatedFor = record.deprecatedFor.replace(/^\$/, '');
  out.color = 0;
  if (record.wiki !== undefined) out.wiki = record.wiki;
  return out;
}

/** One callback record in the shape of `/callback_list` and `/callback/:callback`. */
export function encodeCallback(record: CallbackRecord): JsonObject {
  const out: JsonObject = {
    name: record.tag,
    description: record.description,
    arguments: encodeArguments(record.arguments),
    intents: record.intents,
    is_premium: record.premium,
  };
  if (record.wiki !== undefined) out.wiki = record.wiki;
  return out;
}

/** `/function_list`, in the order given. */
export function encodeFunctionList(records: readonly FunctionRecord[]): JsonObject[] {
  return records.map(encodeFunction);
}

/** `/callback_list`, in the order given. */
export function encodeCallbackList(records: readonly CallbackRecord[]): JsonObject[] {
  return records.map(encodeCallback);
}

/** Compares two strings by Unicode code points (not UTF-16 code units). */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    // The iterator yields whole code points, never an empty string.
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx - cy;
  }
}

/** `/emoji_alias_list` with emoji in code-point order and each emoji's aliases as given. */
export function encodeEmojiAliasMap(map: EmojiAliasMap): JsonObject {
  const out: JsonObject = {};
  for (const [emoji, aliases] of Object.entries(map).sort(([a], [b]) => compareCodePoints(a, b)))
    out[emoji] = [...aliases];
  return out;
}

function byListTag<R extends { readonly listTag: string }>(records: readonly R[]): R[] {
  return [...records].sort((a, b) => compareListTags(a.listTag, b.listTag));
}

function encodeProvenance(p: SnapshotProvenance): JsonObject {
  const out: JsonObject = {
    generatedBy: p.generatedBy,
    source: p.source,
    date: p.date,
    counts: {
      functions: p.counts.functions,
      callbacks: p.counts.callbacks,
      emoji: p.counts.emoji,
      aliases: p.counts.aliases,
    },
  };
  if (p.notes !== undefined) out.notes = [...p.notes];
  return out;
}

/**
 * A snapshot file's content: the API's parts by endpoint name, records sorted
 * case-insensitively by tag-list spelling, emoji by code point. Tag lists are written in the
 * order the data holds them (the live callback tag list has an order of its own).
 */
export function encodeSnapshot(data: CatalogData, provenance: SnapshotProvenance): JsonObject {
  return {
    schema: SNAPSHOT_SCHEMA,
    provenance: encodeProvenance(provenance),
    function_list: encodeFunctionList(byListTag(data.functions)),
    callback_list: encodeCallbackList(byListTag(data.callbacks)),
    function_tag_list: [...data.functionTags],
    callback_tag_list: [...data.callbackTags],
    emoji_alias_list: encodeEmojiAliasMap(data.emoji),
  };
}

/**
 * Serialises a snapshot (or any JSON value) with one entry per line for the top two levels and
 * everything deeper compact: one record, tag or emoji per line. For the bundled snapshot that is
 * 385 kB against 357 kB compact and 528 kB with two-space indentation throughout (gzipped: 49.6,
 * 48.8 and 53.2 kB): nearly compact size, while diffs between snapshots stay line by line.
 */
export function stringifySnapshot(value: Json): string {
  return layout(value, 0) + '\n';
}

function layout(value: Json, depth: number): string {
  if (depth >= 2 || value === null || typeof value !== 'object') return JSON.stringify(value);
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + layout(v, depth + 1)).join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${layout(v, depth + 1)}`).join(',\n')}\n${close}}`;
}

function isArray(value: Json): value is readonly Json[] {
  return Array.isArray(value);
}
