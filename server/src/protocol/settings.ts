// The `bdscript.*` settings shared by the server and the client: the section name, every key
// with its type, default and description (the VS Code manifest is generated from this schema and
// a test keeps the two equal; docs/settings.md documents it), and the shape of complete settings.
// Plain constants only, so the client and a browser build can import it.

/** The configuration section every setting lives under. */
export const SETTINGS_SECTION = 'bdscript';

export const DEFAULT_CATALOG_URL = 'https://botdesignerdiscord.com/public/api';

/** Script languages BDFD offers that this tool understands. */
export const SCRIPT_LANGUAGES = ['BDScript 2', 'BDScript', 'BDScript Unstable'] as const;
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];

export const SEVERITIES = ['error', 'warning', 'information', 'hint', 'off'] as const;
export type SeveritySetting = (typeof SEVERITIES)[number];

export const INSERT_STYLES = ['snippet', 'fullTag'] as const;
export type InsertStyle = (typeof INSERT_STYLES)[number];

/** The languages of the server's texts; `auto` follows the editor's display language. */
export const LOCALE_SETTINGS = ['auto', 'en', 'es', 'pt-br', 'ru'] as const;
export type LocaleSetting = (typeof LOCALE_SETTINGS)[number];

export interface Settings {
  readonly catalog: {
    /** Base URL of the catalog API. */
    readonly url: string;
    /** Never touch the network: cache and snapshots only. */
    readonly offline: boolean;
    /** A snapshot file that takes precedence over the bundled snapshot; empty for none. */
    readonly snapshot: string;
    /** Where the catalog cache lives; empty for the runtime's default. */
    readonly cacheDir: string;
    /** Minutes between background refreshes; 0 disables them. */
    readonly refreshIntervalMinutes: number;
  };
  /** The bot has premium: premium functions are not flagged. */
  readonly premium: boolean;
  /** The script language documents are written in, unless a file says otherwise. */
  readonly language: ScriptLanguage;
  readonly diagnostics: {
    /** Per rule code: a severity, or `off`. Rules not listed keep their default severity. */
    readonly severity: Readonly<Record<string, SeveritySetting>>;
    /** Files of the workspace checked without being open (pull diagnostics). */
    readonly workspace: {
      /** The most files checked; 0 checks open files only. */
      readonly maxFiles: number;
      /** Larger files are checked only when opened, in KiB. */
      readonly maxFileSizeKB: number;
    };
  };
  readonly completion: {
    /** `snippet`: placeholders for arguments (web editor style); `fullTag`: the tag text as the app inserts it. */
    readonly insertStyle: InsertStyle;
    /** Also give optional arguments a placeholder. */
    readonly optionalArguments: boolean;
  };
  readonly inlayHints: {
    /** Show argument names before arguments. */
    readonly argumentNames: boolean;
  };
  readonly codeLens: {
    /** Show the reply's budget (embeds, characters, rows) above the code that builds it. */
    readonly messageBudget: boolean;
  };
  readonly preview: {
    /** The message preview loads images from https: URLs (off: it names them). */
    readonly loadImages: boolean;
  };
  /** Language of diagnostics, hovers and other server texts; `auto`: the client's locale. */
  readonly locale: LocaleSetting;
}

/** One entry of the settings schema: the dotted key under `bdscript.` and its JSON schema. */
export interface SettingSchema {
  readonly key: string;
  readonly type: 'string' | 'boolean' | 'number' | 'object';
  readonly default: unknown;
  readonly description: string;
  readonly enum?: readonly string[];
  readonly minimum?: number;
}

export const SETTINGS_SCHEMA: readonly SettingSchema[] = [
  {
    key: 'catalog.url',
    type: 'string',
    default: DEFAULT_CATALOG_URL,
    description: 'Base URL of the BDFD catalog API (or a mirror served by `bdscript catalog serve`).',
  },
  {
    key: 'catalog.offline',
    type: 'boolean',
    default: false,
    description: 'Never contact the network: use the cached catalog and snapshots only.',
  },
  {
    key: 'catalog.snapshot',
    type: 'string',
    default: '',
    description: 'Path of a catalog snapshot file that takes precedence over the bundled snapshot.',
  },
  {
    key: 'catalog.cacheDir',
    type: 'string',
    default: '',
    description: "Folder for the catalog cache. Empty: the editor's storage, or the user cache folder.",
  },
  {
    key: 'catalog.refreshIntervalMinutes',
    type: 'number',
    default: 360,
    minimum: 0,
    description: 'Minutes between background refreshes of the catalog; 0 refreshes only at start and on demand.',
  },
  {
    key: 'premium',
    type: 'boolean',
    default: false,
    description: 'The bot has premium: do not warn about premium functions and callbacks.',
  },
  {
    key: 'language',
    type: 'string',
    default: 'BDScript 2',
    enum: SCRIPT_LANGUAGES,
    description: 'Script language of documents that do not name one with a `$c[bdscript-language: ...]` directive.',
  },
  {
    key: 'diagnostics.severity',
    type: 'object',
    default: {},
    description:
      'Severity per diagnostic code (for example {"premium": "off", "deprecated": "error"}); values: error, warning, information, hint, off.',
  },
  {
    key: 'diagnostics.workspace.maxFiles',
    type: 'number',
    default: 1000,
    minimum: 0,
    description:
      'The most `.bds` and `.bdscript` files of the workspace folders checked without being open, for the Problems view of editors that pull diagnostics; 0 checks open files only.',
  },
  {
    key: 'diagnostics.workspace.maxFileSizeKB',
    type: 'number',
    default: 1024,
    minimum: 1,
    description: 'Files of the workspace larger than this many KiB are checked only when they are opened.',
  },
  {
    key: 'completion.insertStyle',
    type: 'string',
    default: 'snippet',
    enum: INSERT_STYLES,
    description:
      '`snippet`: placeholders named after the arguments (web editor style); `fullTag`: insert the full tag text (app style).',
  },
  {
    key: 'completion.optionalArguments',
    type: 'boolean',
    default: false,
    description: 'Give optional arguments a placeholder too when completing a function.',
  },
  {
    key: 'inlayHints.argumentNames',
    type: 'boolean',
    default: false,
    description: 'Show argument names as inlay hints before arguments.',
  },
  {
    key: 'codeLens.messageBudget',
    type: 'boolean',
    default: true,
    description:
      "Show above the code that builds the reply a code lens with its budget: its embeds, how many of Discord's 6,000 embed characters and 5 action rows (or 40 Components V2 components) it uses on any one path, and a link to the preview.",
  },
  {
    key: 'preview.loadImages',
    type: 'boolean',
    default: false,
    description:
      "Let the message preview load images from https: URLs in the command (thumbnails, images, icons) and custom emoji from Discord's CDN. Off, the preview names each image's URL, shows custom emoji as `:name:`, and contacts no host.",
  },
  {
    key: 'locale',
    type: 'string',
    default: 'auto',
    enum: LOCALE_SETTINGS,
    description:
      "Language of diagnostics, hovers, completion details and other texts of the language server: `auto` follows the editor's display language; or `en`, `es`, `pt-br`, `ru`.",
  },
];
