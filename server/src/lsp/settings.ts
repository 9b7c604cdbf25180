// Where the server's settings come from: `initializationOptions` (the VS Code client sends the
// `bdscript` object plus `globalStoragePath`), `workspace/configuration` (section `bdscript`)
// and settings pushed in `workspace/didChangeConfiguration`. Each source is untrusted: it is read
// within SETTINGS_BOUNDS (depth, count, string length), without recursion and without throwing;
// a value beyond them is ignored as a value of the wrong type is. A key a later source gives
// replaces the earlier value, and `normalizeSettings` fills in the rest.

import { normalizeSettings, type Settings } from '../core/settings';
import { isObject, type JsonObject } from '../protocol/json';
import { SETTINGS_SCHEMA, SETTINGS_SECTION } from '../protocol/settings';

/**
 * How much of a settings source is read (docs/reliability.md). The deepest real setting is five
 * levels below a source (`settings.bdscript.diagnostics.severity.<code>`), the largest a severity
 * per rule (a few dozen values), the longest string a URL or a path: the bounds leave room many
 * times over and keep a hostile value (nested 5,000 deep, a million keys, megabytes of text)
 * from costing more than a glance.
 */
export const SETTINGS_BOUNDS = {
  /** Objects and arrays nested inside a setting's value, or `settings` wrappers around a section. */
  depth: 16,
  /** Values (and keys) looked at in one setting's value, or keys in one section. */
  values: 10_000,
  /** Characters in one string (a value or a key). */
  stringLength: 64 * 1024,
} as const;

/**
 * Why `value` is beyond SETTINGS_BOUNDS, or undefined when it is within them. It walks the value
 * with a stack of its own (no recursion) and stops at the first bound passed.
 */
export function beyondBounds(value: unknown): string | undefined {
  const { depth: maxDepth, values: maxValues, stringLength } = SETTINGS_BOUNDS;
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  let seen = 0;
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const v = top.value;
    if (typeof v === 'string') {
      if (v.length > stringLength) return `a string longer than ${stringLength} characters`;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (top.depth >= maxDepth) return `nested deeper than ${maxDepth} levels`;
    const children: unknown[] = Array.isArray(v) ? v : [];
    if (!Array.isArray(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        if (key.length > stringLength) return `a key longer than ${stringLength} characters`;
        if (++seen > maxValues) return `more than ${maxValues} values`;
        children.push((v as JsonObject)[key]);
      }
    } else if ((seen += v.length) > maxValues) {
      return `more than ${maxValues} values`;
    }
    for (const child of children) stack.push({ value: child, depth: top.depth + 1 });
  }
  return undefined;
}

/**
 * The `bdscript` settings inside what a client sent: the object itself (`{catalog: {...}}`),
 * a wrapper (`{bdscript: {...}}`, `{settings: {bdscript: {...}}}`), or dotted keys with or
 * without the `bdscript.` prefix. Undefined when nothing of the kind is there.
 */
export function settingsSection(raw: unknown): JsonObject | undefined {
  let source = raw;
  // `{settings: {settings: ...}}` is unwrapped as far as the depth bound, not by recursion.
  for (let depth = 0; isObject(source) && isObject(source['settings']); depth++) {
    if (depth >= SETTINGS_BOUNDS.depth) return undefined;
    source = source['settings'];
  }
  if (!isObject(source)) return undefined;
  const wrapped = source[SETTINGS_SECTION];
  if (isObject(wrapped)) return wrapped;
  const section: JsonObject = {};
  let found = false;
  let keys = 0;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    // A section of more keys than a client has settings is not read past the bound.
    if (++keys > SETTINGS_BOUNDS.values) break;
    const name = key.startsWith(`${SETTINGS_SECTION}.`) ? key.slice(SETTINGS_SECTION.length + 1) : key;
    section[name] = source[key];
    if (SETTINGS_SCHEMA.some((s) => s.key === name || s.key.startsWith(`${name}.`))) found = true;
  }
  return found ? section : undefined;
}

/**
 * The value of each known setting a source gives, by dotted key; keys it leaves out are absent,
 * and so are values beyond SETTINGS_BOUNDS (each with the reason in `ignored`, when given).
 */
export function settingValues(section: JsonObject | undefined, ignored?: string[]): Map<string, unknown> {
  const values = new Map<string, unknown>();
  if (!section) return values;
  for (const { key } of SETTINGS_SCHEMA) {
    const keep = (value: unknown): void => {
      const why = beyondBounds(value);
      if (why === undefined) values.set(key, value);
      else ignored?.push(`the setting ${SETTINGS_SECTION}.${key} is ignored: ${why}`);
    };
    if (Object.hasOwn(section, key)) {
      keep(section[key]);
      continue;
    }
    let cur: unknown = section;
    let present = true;
    for (const part of key.split('.')) {
      if (!isObject(cur) || !Object.hasOwn(cur, part)) {
        present = false;
        break;
      }
      cur = cur[part];
    }
    if (present && cur !== undefined && cur !== null) keep(cur);
  }
  return values;
}

/** Complete settings from sources in increasing priority: a later source's key wins. */
export function resolveSettings(...sources: ReadonlyArray<JsonObject | undefined>): Settings {
  return readSettings(sources).settings;
}

/** `resolveSettings`, with what was ignored for being beyond SETTINGS_BOUNDS (for the log). */
export function readSettings(sources: ReadonlyArray<JsonObject | undefined>): {
  settings: Settings;
  ignored: string[];
} {
  const merged: JsonObject = {};
  const ignored: string[] = [];
  for (const source of sources) {
    for (const [key, value] of settingValues(source, ignored)) {
      // A value of the wrong type does not hide a good one from an earlier source.
      if (isAccepted(key, value)) merged[key] = value;
    }
  }
  return { settings: normalizeSettings(merged), ignored };
}

const DEFAULTS = normalizeSettings(undefined);

function pick(settings: Settings, key: string): unknown {
  let cur: unknown = settings;
  for (const part of key.split('.')) cur = isObject(cur) ? cur[part] : undefined;
  return cur;
}

/** Whether `normalizeSettings` keeps `value` for `key`: it is the default, or it changes the result. */
function isAccepted(key: string, value: unknown): boolean {
  const schema = SETTINGS_SCHEMA.find((s) => s.key === key);
  if (schema && JSON.stringify(schema.default) === JSON.stringify(value)) return true;
  return JSON.stringify(pick(normalizeSettings({ [key]: value }), key)) !== JSON.stringify(pick(DEFAULTS, key));
}

/** What the client put in `initializationOptions`: settings and the editor's storage folder. */
export interface InitializationSettings {
  readonly section: JsonObject | undefined;
  readonly storagePath: string | undefined;
}

export function readInitializationOptions(raw: unknown): InitializationSettings {
  const storage = isObject(raw) ? raw['globalStoragePath'] : undefined;
  return {
    section: settingsSection(raw),
    storagePath:
      typeof storage === 'string' && storage.length > 0 && storage.length <= SETTINGS_BOUNDS.stringLength
        ? storage
        : undefined,
  };
}

/** The catalog settings that need a new catalog provider when they change. */
export function catalogIdentity(settings: Settings): string {
  const { url, offline, snapshot, cacheDir } = settings.catalog;
  return JSON.stringify([url, offline, snapshot, cacheDir]);
}
