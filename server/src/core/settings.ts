// Settings as the language service uses them: `normalizeSettings` turns whatever a client sends
// (nothing, partial objects, wrong types) into complete settings with defaults. The schema and
// the settings' shape live in protocol/settings.ts, shared with the client; they are re-exported
// here for the core's modules and the entries.

import { isObject } from '../protocol/json';
import { must } from './must';
import {
  type LocaleSetting,
  SCRIPT_LANGUAGES,
  SETTINGS_SCHEMA,
  SEVERITIES,
  type InsertStyle,
  type ScriptLanguage,
  type Settings,
  type SeveritySetting,
} from '../protocol/settings';

export {
  DEFAULT_CATALOG_URL,
  INSERT_STYLES,
  LOCALE_SETTINGS,
  SCRIPT_LANGUAGES,
  SETTINGS_SCHEMA,
  SEVERITIES,
  type InsertStyle,
  type LocaleSetting,
  type ScriptLanguage,
  type SettingSchema,
  type Settings,
  type SeveritySetting,
} from '../protocol/settings';

/** Reads a script language name leniently: case, spaces and dashes do not matter. */
export function scriptLanguageFromName(name: string): ScriptLanguage | undefined {
  const key = name.toLowerCase().replace(/[\s_-]+/g, '');
  return SCRIPT_LANGUAGES.find((l) => l.toLowerCase().replace(/\s+/g, '') === key);
}

export const DEFAULT_SETTINGS: Settings = normalizeSettings(undefined);

/**
 * Complete settings from untrusted input: an object shaped like `Settings` (nested) or with
 * dotted keys (`{"catalog.url": ...}`), or nothing. Values of the wrong type fall back to the
 * default; nothing throws.
 */
export function normalizeSettings(raw: unknown): Settings {
  const get = (key: string): unknown => {
    if (!isObject(raw)) return undefined;
    if (key in raw) return raw[key];
    let cur: unknown = raw;
    for (const part of key.split('.')) {
      if (!isObject(cur) || !(part in cur)) return undefined;
      cur = cur[part];
    }
    return cur;
  };
  const value = <T>(key: string): T => {
    const schema = must(
      SETTINGS_SCHEMA.find((s) => s.key === key),
      'every setting read here is in SETTINGS_SCHEMA',
    );
    const v = get(key);
    switch (schema.type) {
      case 'string':
        if (typeof v === 'string' && (!schema.enum || schema.enum.includes(v))) return v as T;
        break;
      case 'boolean':
        if (typeof v === 'boolean') return v as T;
        break;
      case 'number':
        if (typeof v === 'number' && Number.isFinite(v) && v >= (schema.minimum ?? -Infinity)) return v as T;
        break;
      case 'object':
        if (isObject(v)) return v as T;
        break;
    }
    return schema.default as T;
  };
  const severity: Record<string, SeveritySetting> = {};
  for (const [code, sev] of Object.entries(value<Record<string, unknown>>('diagnostics.severity'))) {
    if (typeof sev === 'string' && (SEVERITIES as readonly string[]).includes(sev))
      severity[code] = sev as SeveritySetting;
  }
  return {
    catalog: {
      url: value<string>('catalog.url'),
      offline: value<boolean>('catalog.offline'),
      snapshot: value<string>('catalog.snapshot'),
      cacheDir: value<string>('catalog.cacheDir'),
      refreshIntervalMinutes: value<number>('catalog.refreshIntervalMinutes'),
    },
    premium: value<boolean>('premium'),
    language: value<ScriptLanguage>('language'),
    diagnostics: {
      severity,
      workspace: {
        maxFiles: Math.floor(value<number>('diagnostics.workspace.maxFiles')),
        maxFileSizeKB: Math.floor(value<number>('diagnostics.workspace.maxFileSizeKB')),
      },
    },
    completion: {
      insertStyle: value<InsertStyle>('completion.insertStyle'),
      optionalArguments: value<boolean>('completion.optionalArguments'),
    },
    inlayHints: { argumentNames: value<boolean>('inlayHints.argumentNames') },
    codeLens: { messageBudget: value<boolean>('codeLens.messageBudget') },
    preview: { loadImages: value<boolean>('preview.loadImages') },
    locale: value<LocaleSetting>('locale'),
  };
}
