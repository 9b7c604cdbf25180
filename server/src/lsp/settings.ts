// Where the server's settings come from: `initializationOptions` (the VS Code client sends the
// `bdscript` object plus `globalStoragePath`), `workspace/configuration` (section `bdscript`)
// and settings pushed in `workspace/didChangeConfiguration`. Each source is untrusted; a key a
// later source gives replaces the earlier value, and `normalizeSettings` fills in the rest.

import { normalizeSettings, type Settings } from '../core/settings';
import { isObject, type JsonObject } from '../protocol/json';
import { SETTINGS_SCHEMA, SETTINGS_SECTION } from '../protocol/settings';

/**
 * The `bdscript` settings inside what a client sent: the object itself (`{catalog: {...}}`),
 * a wrapper (`{bdscript: {...}}`, `{settings: {bdscript: {...}}}`), or dotted keys with or
 * without the `bdscript.` prefix. Undefined when nothing of the kind is there.
 */
export function settingsSection(raw: unknown): JsonObject | undefined {
  if (!isObject(raw)) return undefined;
  if (isObject(raw['settings'])) return settingsSection(raw['settings']);
  const wrapped = raw[SETTINGS_SECTION];
  if (isObject(wrapped)) return wrapped;
  const section: JsonObject = {};
  let found = false;
  for (const [key, value] of Object.entries(raw)) {
    const name = key.startsWith(`${SETTINGS_SECTION}.`) ? key.slice(SETTINGS_SECTION.length + 1) : key;
    section[name] = value;
    if (SETTINGS_SCHEMA.some((s) => s.key === name || s.key.startsWith(`${name}.`))) found = true;
  }
  return found ? section : undefined;
}

/** The value of each known setting a source gives, by dotted key; keys it leaves out are absent. */
export function settingValues(section: JsonObject | undefined): Map<string, unknown> {
  const values = new Map<string, unknown>();
  if (!section) return values;
  for (const { key } of SETTINGS_SCHEMA) {
    if (Object.hasOwn(section, key)) {
      values.set(key, section[key]);
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
    if (present && cur !== undefined && cur !== null) values.set(key, cur);
  }
  return values;
}

/** Complete settings from sources in increasing priority: a later source's key wins. */
export function resolveSettings(...sources: ReadonlyArray<JsonObject | undefined>): Settings {
  const merged: JsonObject = {};
  for (const source of sources) {
    for (const [key, value] of settingValues(source)) {
      // A value of the wrong type does not hide a good one from an earlier source.
      if (isAccepted(key, value)) merged[key] = value;
    }
  }
  return normalizeSettings(merged);
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
    storagePath: typeof storage === 'string' && storage.length > 0 ? storage : undefined,
  };
}

/** The catalog settings that need a new catalog provider when they change. */
export function catalogIdentity(settings: Settings): string {
  const { url, offline, snapshot, cacheDir } = settings.catalog;
  return JSON.stringify([url, offline, snapshot, cacheDir]);
}
