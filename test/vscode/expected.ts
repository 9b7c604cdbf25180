// What a user should see in VS Code, in one place: every text the VS Code test expects on screen.
// Places in the fixtures are named by an anchor (a piece of the line's text), so editing a
// fixture does not mean recounting lines and columns. When the product's wording changes on
// purpose, this is the file to update.

/** A place in a fixture: the line holding `anchor`, `offset` characters into the anchor. */
export interface Anchor {
  readonly anchor: string;
  readonly offset?: number;
}

/** A finding the Problems panel must list: its code, on the line holding the anchor. */
export interface Finding extends Anchor {
  readonly code: string;
}

export const OFFLINE_FIXTURE = 'welcome.bds';
export const MIRROR_FIXTURE = 'refresh.bds';

/** The name of the language in the status bar's language mode item. */
export const LANGUAGE_MODE = 'BDScript';

/** Tokens looked at with "Developer: Inspect Editor Tokens and Scopes": the grammar's scopes. */
export const TOKENS = {
  functionName: { anchor: '$title[', offset: 2, scopes: ['support.function.bdscript', 'source.bdscript'] },
  comment: { anchor: '$c[Opened', offset: 6, scopes: ['comment.block.bdscript', 'source.bdscript'] },
} as const;

/** The offline fixture's findings, each with its code; the Problems panel shows these. */
export const FINDINGS: readonly Finding[] = [
  { anchor: '$usernam!', code: 'unknown-function' },
  { anchor: '$color[#FF00GG]', code: 'invalid-argument' },
  { anchor: '$addField[Status]', code: 'missing-argument' },
  { anchor: '$channelIDFromName', code: 'deprecated' },
];

/** The line whose finding a `bdscript-disable-line` directive silences: no problem on it. */
export const SILENCED: Anchor = { anchor: 'bdscript-disable-line invalid-argument' };

/** Completion on a new line: what is typed, the first row's label, the line after accepting it. */
export const COMPLETION = {
  typed: '$addBu',
  /** The first row's label: `$addButton` alone or followed by its arguments, nothing longer. */
  firstLabel: /^\$addButton(?![A-Za-z0-9])/,
  inserted: '$addButton[yes;Button ID/URL;Label;primary]',
} as const;

/** Hover with the cursor on `$title`: texts the hover shows. */
export const HOVER = {
  at: { anchor: '$title[', offset: 2 },
  includes: ['$title[Title;(Index)]', 'Title', 'String', 'Index', 'Integer'],
} as const;

/** Signature help while typing a call: the signature shown and its highlighted argument. */
export const SIGNATURE = {
  typed: '$addButton[no;',
  label: '$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]',
  activeParameter: 'Button ID/URL',
} as const;

/** The quick fix for the misspelt `$usernam`: the action's title, the line once it is applied. */
export const QUICK_FIX = {
  at: { anchor: '$usernam!', offset: 2 },
  action: /\$username\b/,
  lineAfter: '$title[Welcome, $username!]',
  /** The finding the fix removes. */
  removes: { anchor: '$title[Welcome', code: 'unknown-function' },
} as const;

/** The status item names where the catalog came from. */
export const STATUS = {
  bundled: /\bbundled\b/i,
  live: /\blive\b/i,
} as const;

/** The catalog status picker: its title, and a row naming the source. */
export const STATUS_PICKER = {
  title: 'BDScript catalog',
  sourceRow: /^Source\b/,
} as const;

/** The wiki page "Open wiki page" offers for `$title`, which VS Code asks about before opening. */
export const WIKI = {
  at: { anchor: '$title[', offset: 2 },
  url: 'https://wiki.botdesignerdiscord.com/bdscript/title.html',
} as const;

/** The notification after "Refresh catalog": a sentence on what happened (information, or a warning when it failed). */
export const REFRESH_NOTICE = {
  offline: /\bbundled\b/i,
  /** After a refresh that brought the mirror's changed catalog. */
  live: /\bcatalog was updated from http:\/\/127\.0\.0\.1:\d+/i,
  /** After a refresh that could not reach the mirror (a warning). */
  failed: /\bcould not be refreshed\b/i,
} as const;

/**
 * "Copy for BDFD app" on the offline fixture, which has no trigger line: the notice it shows and
 * the start of what it puts on the clipboard (the fixture's first line).
 */
/**
 * The message preview of the offline fixture after the quick fix step made `$usernam` into
 * `$username`: its embed title, with the call as a chip.
 */
export const PREVIEW = {
  title: 'Welcome, $username!',
  chip: '$username',
  copied: /^BDScript: copied the message as Discord JSON/,
  jsonTitle: 'Welcome, {$username}!',
  /** The embed description, its markdown drawn: a bold word, a relative time, a link. */
  bold: 'Bold',
  description: /^Bold words, sent \d+ years? ago, rules at https:\/\/wiki\.example\/rules$/,
  /** Clicked in the preview, the link is opened by VS Code, which asks first. */
  link: 'https://wiki.example/rules',
} as const;

export const COPY_FOR_APP = {
  notice: /^BDScript: copied the code \(\d+ lines\)\. This file has no trigger line/,
  clipboardStarts: '$c[Opened by the VS Code test',
} as const;

/**
 * The mirror session. The mirror first serves the bundled catalog, then a second catalog with
 * one more function (`MIRROR.added`, a copy of `$title` under another name).
 */
export const MIRROR = {
  added: '$mirrorTitle',
  copiedFrom: '$title',
  /** Unknown while the mirror serves its first catalog, known after the refresh. */
  finding: { anchor: '$mirrorTitle[', code: 'unknown-function' },
  /** A finding that stays through every catalog: the Problems panel is current when it shows. */
  steady: { anchor: '$nomention[]', code: 'wrong-form' },
  /** Typed on a new line once the mirror is down: its finding shows the diagnostics are current. */
  probe: { typed: '$usernam', code: 'unknown-function' },
} as const;

/**
 * The message budget lens over the code that builds the reply (on the `$title` line, the first
 * call that gives it an embed): the embed, its characters of the 6,000 and the action rows
 * (earlier steps add buttons, so the row count is any), ending in the link to the preview.
 */
export const LENS = {
  above: { anchor: '$title[Welcome' },
  title: /^embed 1 · \d+ \/ 6,000 characters · \d \/ 5 rows · Preview$/,
} as const;

/** Document highlights with the cursor on `$if`: the `$if` and `$endif` of its block. */
export const HIGHLIGHT = {
  at: { anchor: '$if[$message==hi]', offset: 2 },
  words: 2,
} as const;

/** "Format Document": the block body is indented by the editor's tab size (4 spaces); the rest stays. */
export const FORMAT = {
  line: { anchor: '$addButton[no;hi;Hi;primary]' },
  after: '    $addButton[no;hi;Hi;primary]',
} as const;
