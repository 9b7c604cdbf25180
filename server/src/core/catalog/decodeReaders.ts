// What every catalog decoder shares: the bounds on untrusted data (`DECODE_LIMITS`), the
// collection of problems (bounded, each naming the record and the field) with the guard that
// turns an unexpected exception into one, and the small readers of strings and booleans that
// fall back to a safe default with a warning.

import type { CatalogProblem, Decoded } from './model';
import { messageOf } from '../../protocol/errors';
import type { JsonObject } from '../../protocol/json';

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

// ---------------------------------------------------------------------------------------------
// Problem collection.

/** Collects the problems of one decoded part, bounded by `DECODE_LIMITS.maxProblems`. */
export class Problems {
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
export class Scope {
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
export function guarded<T>(source: string, fallback: () => T, run: (problems: Problems) => T): Decoded<T> {
  const problems = new Problems(source);
  let value: T;
  try {
    value = run(problems);
  } catch (e) {
    problems.add('error', `decoding stopped unexpectedly: ${messageOf(e)}`);
    value = fallback();
  }
  return { value, problems: problems.finish() };
}

/** A short description of a JSON value's kind, for messages. */
export function kindOf(value: unknown): string {
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
export function own(obj: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Cuts a string to `max` code units without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** Cuts a string longer than `max` with a warning. */
export function boundedString(value: string, max: number, scope: Scope, field: string): string {
  if (value.length <= max) return value;
  scope.warn(field, `longer than ${max} characters (${value.length}); cut`);
  return cut(value, max);
}

/** An optional description-like string: absent is quietly "", a wrong type is "" with a warning. */
export function readText(obj: JsonObject, key: string, scope: Scope, field: string, max: number): string {
  const value = own(obj, key);
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    scope.warn(field, `expected a string, got ${kindOf(value)}; using ""`);
    return '';
  }
  return boundedString(value, max, scope, field);
}

/** An optional boolean: absent is `fallback`, a wrong type is `fallback` with a warning. */
export function readOptionalBool(obj: JsonObject, key: string, scope: Scope, field: string, fallback = false): boolean {
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
export function readRequiredBool(obj: JsonObject, keys: readonly string[], scope: Scope, fieldPrefix: string): boolean {
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
