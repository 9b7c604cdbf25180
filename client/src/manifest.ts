// The extension's part of package.json (contributes, activation events, categories, keywords),
// made from the settings schema so the manifest and the server can never disagree. Texts people
// read (setting descriptions, command titles) are `%key%` references VS Code fills from
// package.nls.json (English, written here too) or package.nls.<language>.json (translations,
// written by hand). Run `npx tsx client/src/manifest.ts --write` to rewrite just these keys and
// package.nls.json; tests compare the files and the translations' keys.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_SCHEMA, SETTINGS_SECTION, SEVERITIES, type SettingSchema } from '../../server/src/protocol/settings';

export const LANGUAGE_ID = 'bdscript';
export const SCOPE_NAME = 'source.bdscript';
export const GRAMMAR_PATH = './syntaxes/bdscript.tmLanguage.json';
export const LANGUAGE_CONFIGURATION_PATH = './language-configuration.json';
/** The web extension's entry (VS Code on the web runs `browser`, the desktop runs `main`). */
export const BROWSER_MAIN = './dist/web/extension.js';
/** Where VS Code finds the bundles of the client's translated messages. */
export const L10N_FOLDER = './l10n';

/** The colour themes in the BDFD app's editor colours; VS Code uses one only when the user picks it. */
export const THEMES = [
  { label: 'BDFD Dark', uiTheme: 'vs-dark', path: './client/themes/bdfd-dark-color-theme.json' },
  { label: 'BDFD Light', uiTheme: 'vs', path: './client/themes/bdfd-light-color-theme.json' },
] as const;

/** The commands the extension registers (extension.ts registers each id literally). */
export const COMMANDS = [
  { command: 'bdscript.refreshCatalog', title: 'Refresh catalog', category: 'BDScript' },
  { command: 'bdscript.showCatalogStatus', title: 'Show catalog status', category: 'BDScript' },
  { command: 'bdscript.openWikiPage', title: 'Open wiki page for function under cursor', category: 'BDScript' },
  { command: 'bdscript.copyForApp', title: 'Copy for BDFD app', category: 'BDScript' },
  {
    command: 'bdscript.openPreviewToSide',
    title: 'Open Preview to the Side',
    category: 'BDScript',
    icon: '$(open-preview)',
  },
  { command: 'bdscript.copyDiscordJson', title: 'Copy as Discord Message JSON', category: 'BDScript' },
] as const;

/**
 * Where each setting may be set. Catalog location settings are `machine-overridable`: they
 * name URLs and paths of one machine, yet a workspace may pin its own mirror or snapshot. The
 * rest are `window`: the server keeps one catalog and one settings object for all documents,
 * so a per-folder (`resource`) value would promise something the server does not do.
 */
export function settingScope(key: string): 'machine-overridable' | 'window' {
  return key.startsWith('catalog.') && key !== 'catalog.refreshIntervalMinutes' ? 'machine-overridable' : 'window';
}

/** The package.nls key of a setting's description. */
export function settingNlsKey(key: string): string {
  return `config.${key}.description`;
}

/** The package.nls key of a command's title. */
export function commandNlsKey(command: string): string {
  return `command.${command.replace(/^bdscript\./, '')}.title`;
}

const UNTRUSTED_DESCRIPTION =
  'In an untrusted workspace the workspace may not choose the catalog URL, snapshot file or cache folder.';
const ESCAPE_TOKEN_DESCRIPTION = 'An escape sequence such as \\; or %{DOL}%.';
const UNKNOWN_MODIFIER_DESCRIPTION = 'A function name the catalog does not know.';

/** `%key%`: a text VS Code takes from package.nls.json or its translation. */
const ref = (key: string): string => `%${key}%`;

/** package.nls.json: the English text of every `%key%` the manifest uses. */
export function manifestNls(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of SETTINGS_SCHEMA) out[settingNlsKey(s.key)] = s.description;
  for (const c of COMMANDS) out[commandNlsKey(c.command)] = c.title;
  out['capabilities.untrustedWorkspaces.description'] = UNTRUSTED_DESCRIPTION;
  out['semanticTokenType.escape.description'] = ESCAPE_TOKEN_DESCRIPTION;
  out['semanticTokenModifier.unknown.description'] = UNKNOWN_MODIFIER_DESCRIPTION;
  return out;
}

/** One `contributes.configuration.properties` entry for a schema entry. */
export function configurationProperty(schema: SettingSchema, order: number): Record<string, unknown> {
  const property: Record<string, unknown> = {
    type: schema.type,
    default: schema.default,
    description: ref(settingNlsKey(schema.key)),
    markdownDescription: ref(settingNlsKey(schema.key)),
    scope: settingScope(schema.key),
    order,
  };
  if (schema.enum) property['enum'] = [...schema.enum];
  if (schema.minimum !== undefined) property['minimum'] = schema.minimum;
  if (schema.key === 'diagnostics.severity') {
    property['additionalProperties'] = { type: 'string', enum: [...SEVERITIES] };
  }
  return property;
}

/**
 * The settings a workspace VS Code does not trust may not set (its user-level values still
 * apply): the ones that name a URL to contact, a file to read or a folder to write.
 */
export const RESTRICTED_SETTINGS: readonly string[] = ['catalog.url', 'catalog.snapshot', 'catalog.cacheDir'];

/** The package.json keys this module owns, in the order they are written. */
export function manifestFields(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  SETTINGS_SCHEMA.forEach((s, i) => (properties[`${SETTINGS_SECTION}.${s.key}`] = configurationProperty(s, i)));
  const inBdscriptEditor = `editorLangId == ${LANGUAGE_ID}`;
  return {
    browser: BROWSER_MAIN,
    // Translations of the client's messages (`vscode.l10n.t`): l10n/bundle.l10n.<language>.json.
    l10n: L10N_FOLDER,
    // Where a remote (SSH, a container, Codespaces) has an extension host, the server runs there
    // beside the files; VS Code on the web without one runs the `browser` entry.
    extensionKind: ['workspace'],
    capabilities: {
      // The server reads no workspace files (documents come over the protocol), so virtual
      // workspaces (github.dev, vscode.dev) work fully.
      virtualWorkspaces: true,
      untrustedWorkspaces: {
        supported: 'limited',
        description: ref('capabilities.untrustedWorkspaces.description'),
        restrictedConfigurations: RESTRICTED_SETTINGS.map((key) => `${SETTINGS_SECTION}.${key}`),
      },
    },
    categories: ['Programming Languages', 'Linters'],
    keywords: ['BDFD', 'Bot Designer for Discord', 'BDScript', 'Discord', 'bot'],
    activationEvents: [`onLanguage:${LANGUAGE_ID}`],
    contributes: {
      languages: [
        {
          id: LANGUAGE_ID,
          aliases: ['BDScript', 'bdscript'],
          extensions: ['.bds', '.bdscript'],
          configuration: LANGUAGE_CONFIGURATION_PATH,
        },
      ],
      grammars: [{ language: LANGUAGE_ID, scopeName: SCOPE_NAME, path: GRAMMAR_PATH }],
      configuration: { title: 'BDScript', properties },
      // The server's semantic token legend uses one custom type and one custom modifier;
      // declaring them lets themes and users style them, and maps escapes to the grammar's scope.
      semanticTokenTypes: [{ id: 'escape', description: ref('semanticTokenType.escape.description') }],
      semanticTokenModifiers: [{ id: 'unknown', description: ref('semanticTokenModifier.unknown.description') }],
      semanticTokenScopes: [
        {
          language: LANGUAGE_ID,
          scopes: {
            escape: ['constant.character.escape.bdscript'],
            'function.unknown': ['entity.name.function.bdscript'],
          },
        },
      ],
      themes: THEMES.map((t) => ({ ...t })),
      commands: COMMANDS.map((c) => ({ ...c, title: ref(commandNlsKey(c.command)) })),
      menus: {
        commandPalette: [
          { command: 'bdscript.openWikiPage', when: inBdscriptEditor },
          { command: 'bdscript.copyForApp', when: inBdscriptEditor },
          { command: 'bdscript.openPreviewToSide', when: inBdscriptEditor },
          { command: 'bdscript.copyDiscordJson', when: inBdscriptEditor },
        ],
        'editor/title': [{ command: 'bdscript.openPreviewToSide', when: inBdscriptEditor, group: 'navigation' }],
        'editor/context': [
          { command: 'bdscript.openWikiPage', when: inBdscriptEditor, group: 'navigation@100' },
          { command: 'bdscript.copyForApp', when: inBdscriptEditor, group: '9_cutcopypaste@100' },
        ],
      },
    },
  };
}

/**
 * package.json text with the owned keys replaced and every other key left as it was, in place.
 * Owned keys the file lacks go right after `main`.
 */
export function rewriteManifest(packageJsonText: string): string {
  const pkg = JSON.parse(packageJsonText) as Record<string, unknown>;
  const fields = manifestFields();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pkg)) {
    out[key] = key in fields ? fields[key] : value;
    if (key === 'main') for (const [k, v] of Object.entries(fields)) if (!(k in pkg)) out[k] = v;
  }
  for (const [k, v] of Object.entries(fields)) if (!(k in out)) out[k] = v;
  return JSON.stringify(out, null, 2) + '\n';
}

if (require.main === module && process.argv.includes('--write')) {
  // Read right before writing: teammates edit other keys of the same file.
  const file = join(__dirname, '..', '..', 'package.json');
  const before = readFileSync(file, 'utf8');
  const after = rewriteManifest(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? 'package.json already up to date' : 'package.json updated');
  const nlsFile = join(__dirname, '..', '..', 'package.nls.json');
  writeFileSync(nlsFile, JSON.stringify(manifestNls(), null, 2) + '\n');
  console.log('package.nls.json written');
}
