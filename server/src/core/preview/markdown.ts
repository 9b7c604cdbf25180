// Discord's markdown in a message's texts, read as Discord's clients read it, into a small tree
// that the page draws (html.ts). The parsing is discord-markdown-parser's (Discord's dialect on
// simple-markdown: mentions, custom emoji, timestamps, spoilers, headings, subtext, quotes, code
// blocks), extended through simple-markdown's own rule objects where Discord has moved past it:
// lists, masked links, the timestamp styles `s` and `S`, mentions and timestamps whose ID is a
// placeholder (`<@$authorID>`), and a bound on nesting. The model keeps the raw text (Discord,
// not the bot, renders it); this module only reads it.
//
// Which text gets which markdown, from Discord's own documents:
// - the content (API docs, Reference, "Message Formatting"), a Components V2 Text Display
//   (Components reference, "Text Display": "markdown formatted text, including mentions ... and
//   emojis") and an embed description get all of it ('full'): headings, subtext, lists, quotes,
//   code blocks, masked links (Discord's help article "Markdown Text 101"), mentions, timestamps
//   and custom emoji;
// - an embed field value gets all of it but headings ('fieldValue'): "Headings are not allowed
//   in embed.fields[*].value. This is an intentional choice" (Discord, discord-api-docs#7167);
// - an embed title and a field name get the inline styles and emoji only ('title'): no links
//   ("We intentionally exclude links from field titles because they are meant to be headers",
//   Discord, discord-api-docs#1089), no mentions (they show as written there), no blocks;
// - the footer, the author name, button labels, select menu options and placeholders, and modal
//   titles are literal text: they never reach this module (html.ts draws them as written).
//
// Placeholders (chips) take the style of the markdown around them (`**$username**` is a bold
// chip): each is a private-use character while the text is parsed, and a chip node after. The
// work is bounded: a text longer than MARKDOWN_TEXT_MAX characters is not parsed (the page draws
// it as written, as it would a text Discord refuses), and nesting stops at MARKDOWN_MAX_DEPTH.

/*! The preview's markdown reader bundles discord-markdown-parser 1.3.1
 * (https://github.com/ItzDerock/discord-markdown-parser), copyright Derock, under the Apache
 * License 2.0 (https://www.apache.org/licenses/LICENSE-2.0), and the copy of simple-markdown
 * (https://github.com/Khan/simple-markdown) it carries, copyright Khan Academy, under the MIT
 * License. */
import { SimpleMarkdown, rules as discordRules } from 'discord-markdown-parser';
import type { PlaceholderPart, RichText, SourceSpan } from '../../protocol/preview';

/** How much markdown a text gets (see the header for which text gets which). */
export type MarkdownScope = 'full' | 'fieldValue' | 'title';

/** The timestamp styles of Discord's API docs (Reference, "Timestamp Styles"); `f` is the default. */
export type TimestampStyle = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 's' | 'S' | 'R';

export type MentionType = 'user' | 'role' | 'channel' | 'command' | 'everyone' | 'here' | 'guild';

/** One node of a text's markdown tree. Text is as shown (escapes taken out, markup gone). */
export type MdNode =
  | { readonly kind: 'text'; readonly text: string; readonly source?: SourceSpan }
  | { readonly kind: 'chip'; readonly part: PlaceholderPart }
  | { readonly kind: 'br' }
  | {
      readonly kind: 'strong' | 'em' | 'underline' | 'strike' | 'spoiler' | 'subtext' | 'quote';
      readonly children: readonly MdNode[];
    }
  | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly children: readonly MdNode[] }
  /** Inline code: its text and chips, no markdown inside. */
  | { readonly kind: 'code'; readonly children: readonly MdNode[] }
  | { readonly kind: 'codeBlock'; readonly lang: string; readonly children: readonly MdNode[] }
  /** A link; `href` only when the target is a literal http(s) URL (a target built at run time has none). */
  | { readonly kind: 'link'; readonly href?: string; readonly children: readonly MdNode[] }
  | {
      readonly kind: 'list';
      readonly ordered: boolean;
      readonly start: number;
      readonly items: ReadonlyArray<readonly MdNode[]>;
    }
  /**
   * A mention pill. `id` is the snowflake as written, or `chip` the placeholder that gives it at
   * run time; `name` is a slash command's name or a guild navigation's type.
   */
  | {
      readonly kind: 'mention';
      readonly type: MentionType;
      readonly id?: string;
      readonly chip?: PlaceholderPart;
      readonly name?: string;
    }
  /** `<t:unix:style>`: `unix` in seconds, or `chip` when the time is known only at run time. */
  | { readonly kind: 'time'; readonly style: TimestampStyle; readonly unix?: number; readonly chip?: PlaceholderPart }
  | { readonly kind: 'emoji'; readonly name: string; readonly id: string; readonly animated: boolean };

/** The longest text parsed as markdown: Discord's longest text field (an embed description, 4096). */
export const MARKDOWN_TEXT_MAX = 4096;
/** How deep markup nests before the rest is shown as written (each level costs a pass over its text). */
export const MARKDOWN_MAX_DEPTH = 16;

/** The first private-use character; each placeholder or private-use character of the text gets one. */
const SENTINEL_BASE = 0xe000;
/** How many there are (U+E000..U+F8FF): a text with more placeholders is not parsed. */
const SENTINEL_COUNT = 0x1900;
const SENTINEL = /[\uE000-\uF8FF]/;

/** What a private-use character of the parsed text stands for. */
type Slot = { readonly kind: 'chip'; readonly part: PlaceholderPart } | { readonly kind: 'char'; readonly ch: string };

/** A library AST node (simple-markdown's: a `type` and fields by rule). */
interface AstNode {
  readonly type: string;
  readonly [key: string]: unknown;
}

type Rule = (typeof discordRules)[string];
type State = Parameters<Rule['parse']>[2];
type Capture = Parameters<Rule['parse']>[0];

/** Whether the parse stands at the start of a line (what headings, subtext and lists need). */
function atLineStart(state: State): boolean {
  const prev = state['prevCapture'] as Capture | null | undefined;
  return prev == null || (prev[0] ?? '').endsWith('\n');
}

/** The placeholder a private-use character of the source stands for, if it is one. */
function chipOf(ch: string | undefined, state: State): PlaceholderPart | undefined {
  if (ch === undefined || ch.length !== 1) return undefined;
  const slot = (state['slots'] as readonly Slot[] | undefined)?.[ch.charCodeAt(0) - SENTINEL_BASE];
  return slot?.kind === 'chip' ? slot.part : undefined;
}

const MENTION_ORDER = SimpleMarkdown.defaultRules.strong.order;

/**
 * A mention rule: `<@id>`, `<@!id>` (Discord's docs: deprecated, shown as the first), `<@&id>`
 * and `<#id>`, the ID digits or one placeholder. Discord's client draws any digits as a pill.
 */
function mentionRule(type: 'user' | 'role' | 'channel', regex: RegExp): Rule {
  return {
    order: MENTION_ORDER,
    match: (source, state) => {
      const m = regex.exec(source);
      if (!m) return null;
      const id = m[1] ?? '';
      return /^\d+$/.test(id) || chipOf(id, state) ? m : null;
    },
    parse: (capture) => ({ type: 'mention', mention: type, id: capture[1] }),
  };
}

/** `<t:unix>` and `<t:unix:style>`, with the styles `s` and `S` that Discord added, or a placeholder for the time. */
const TIMESTAMP_R = /^<t:(-?\d{1,16}|[\uE000-\uF8FF])(?::([tTdDfFsSR]))?>/;

/** A list: lines that start (after spaces) with `-`, `*` or `1.` and a space, one item per line. */
const LIST_R = /^(?: *(?:[*-]|\d{1,9}\.) +\S[^\n]*(?:\n|$))+/;
const LIST_ITEM_R = /^( *)([*-]|\d{1,9}\.) +/;

/**
 * A masked link `[label](target)`, taken only for an http(s) target. Not simple-markdown's own
 * link pattern: on `[a](` repeated it backtracks for seconds. Each part is bounded, so a failed
 * match costs at most their lengths.
 */
const MASKED_LINK_R = /^\[((?:\\.|[^[\]\\\n]){1,256})\]\( *<?([^\s()<>]{1,2048}?)>? *\)/;
const LINK_TARGET_R = /^https?:\/\//i;

/**
 * A line-start rule of the library (heading, subtext) that asks "at a line start?" with
 * atLineStart. The library's own test reads the last capture group of the previous capture
 * instead of its last character, so after a quote or a list (whose last group is not a line
 * break) a `-# ` or `# ` line stayed text, where Discord's client draws it.
 */
function lineStartRule(rule: Rule | undefined): Rule | undefined {
  if (!rule) return undefined;
  return {
    ...rule,
    match: (source, state, prevSource) => {
      if (!atLineStart(state)) return null;
      // The library's rule then sees "no previous capture", which its own test takes as a line start.
      const prev = state['prevCapture'] as Capture | null | undefined;
      state['prevCapture'] = null;
      try {
        return rule.match(source, state, prevSource);
      } finally {
        state['prevCapture'] = prev;
      }
    },
  };
}

/** The entries of `rules` that are defined. */
function definedRules(rules: Record<string, Rule | undefined>): Record<string, Rule> {
  return Object.fromEntries(Object.entries(rules).filter((e): e is [string, Rule] => e[1] !== undefined));
}

/** The rules Discord's clients add or change, as simple-markdown rule objects. */
const EXTRA_RULES: Record<string, Rule> = {
  ...definedRules({ heading: lineStartRule(discordRules['heading']), subtext: lineStartRule(discordRules['subtext']) }),
  user: mentionRule('user', /^<@!?(\d{1,20}|[\uE000-\uF8FF])>/),
  role: mentionRule('role', /^<@&(\d{1,20}|[\uE000-\uF8FF])>/),
  channel: mentionRule('channel', /^<#(\d{1,20}|[\uE000-\uF8FF])>/),
  timestamp: {
    order: MENTION_ORDER,
    match: (source, state) => {
      const m = TIMESTAMP_R.exec(source);
      if (!m) return null;
      return /^-?\d+$/.test(m[1] ?? '') || chipOf(m[1], state) ? m : null;
    },
    parse: (capture) => ({ type: 'timestamp', timestamp: capture[1], format: capture[2] }),
  },
  list: {
    order: discordRules['blockQuote']?.order ?? 0,
    match: (source, state) =>
      state['lists'] === true && state['inListItem'] !== true && atLineStart(state) ? LIST_R.exec(source) : null,
    parse: (capture, parse, state) => parseList(capture[0] ?? '', parse, state),
  },
  link: {
    order: SimpleMarkdown.defaultRules.link.order,
    match: (source, state) => {
      if (source.charCodeAt(0) !== 0x5b /* [ */ || state.inline !== true) return null;
      const m = MASKED_LINK_R.exec(source);
      // An http(s) target, or one that starts with a placeholder (a URL known at run time).
      return m && (LINK_TARGET_R.test(m[2] ?? '') || chipOf(m[2]?.charAt(0), state)) ? m : null;
    },
    parse: (capture, parse, state) => ({ type: 'link', content: parse(capture[1] ?? '', state), target: capture[2] }),
  },
};

/** The rules that give only the inline styles and emoji (embed titles and field names). */
const TITLE_RULES = [
  'escape',
  'em',
  'strong',
  'underline',
  'strikethrough',
  'inlineCode',
  'text',
  'emoticon',
  'br',
  'spoiler',
  'emoji',
] as const;

/**
 * The list nodes of a block of list lines: nested by indentation (at most MARKDOWN_MAX_DEPTH
 * deep), a new list where the bullets change between `-`/`*` and numbers.
 */
function parseList(block: string, parse: (source: string, state: State) => unknown[], state: State): AstNode[] {
  interface Draft {
    readonly indent: number;
    readonly ordered: boolean;
    readonly start: number;
    readonly items: unknown[][];
  }
  const roots: Draft[] = [];
  const stack: Draft[] = [];
  const lines = block.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    const m = LIST_ITEM_R.exec(line);
    if (!m) continue;
    const indent = (m[1] ?? '').length;
    const bullet = m[2] ?? '-';
    const ordered = bullet.endsWith('.');
    while (stack.length > 0 && indent < (stack[stack.length - 1]?.indent ?? 0)) stack.pop();
    let list = stack[stack.length - 1];
    const deeper = list !== undefined && indent > list.indent && stack.length < MARKDOWN_MAX_DEPTH;
    if (!list || deeper || list.ordered !== ordered) {
      const fresh: Draft = { indent, ordered, start: ordered ? Number.parseInt(bullet, 10) : 1, items: [] };
      if (list && !deeper) stack.pop();
      const parent = stack[stack.length - 1];
      const parentItem = parent?.items[parent.items.length - 1];
      if (parentItem) parentItem.push(fresh);
      else roots.push(fresh);
      stack.push(fresh);
      list = fresh;
    }
    list.items.push([...parse(line.slice(m[0].length), { ...state, inListItem: true })]);
  }
  const isDraft = (n: unknown): n is Draft => typeof n === 'object' && n !== null && 'indent' in n && 'items' in n;
  const toNode = (d: Draft): AstNode => ({
    type: 'list',
    ordered: d.ordered,
    start: d.start,
    items: d.items.map((item) => item.map((n) => (isDraft(n) ? toNode(n) : n))),
  });
  return roots.map(toNode);
}

/** A rule that stops at MARKDOWN_MAX_DEPTH: deeper, its match is shown as written. */
function guarded(rule: Rule): Rule {
  return {
    ...rule,
    parse: (capture, parse, state) => {
      const depth = (state['depth'] as number | undefined) ?? 0;
      if (depth >= MARKDOWN_MAX_DEPTH) return { type: 'text', content: capture[0] };
      state['depth'] = depth + 1;
      try {
        return rule.parse(capture, parse, state);
      } finally {
        state['depth'] = depth;
      }
    },
  };
}

/** The library's rules for a scope, with Discord's additions; Unicode emoji stay text (no twemoji rule). */
export function rulesFor(scope: MarkdownScope): Record<string, Rule> {
  const all: Record<string, Rule> = { ...discordRules, ...EXTRA_RULES };
  delete all['twemoji'];
  if (scope === 'fieldValue') delete all['heading'];
  const picked: Record<string, Rule> =
    scope === 'title' ? Object.fromEntries(TITLE_RULES.flatMap((k) => (all[k] ? [[k, all[k]]] : []))) : all;
  return Object.fromEntries(Object.entries(picked).map(([k, r]) => [k, guarded(r)]));
}

const parsers = new Map<MarkdownScope, ReturnType<typeof SimpleMarkdown.parserFor>>();

function parserOf(scope: MarkdownScope): ReturnType<typeof SimpleMarkdown.parserFor> {
  let parser = parsers.get(scope);
  if (!parser) parsers.set(scope, (parser = SimpleMarkdown.parserFor(rulesFor(scope))));
  return parser;
}

/** What simple-markdown's parser does to a text first, done here so that offsets into it hold. */
function preprocess(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\f/g, '').replace(/\t/g, '    ');
}

/** A text ready to parse: its source with placeholders as private-use characters, and where each part starts in it. */
interface Encoded {
  readonly source: string;
  readonly slots: readonly Slot[];
  readonly starts: readonly number[];
  readonly spans: readonly SourceSpan[];
}

function encode(t: RichText): Encoded | undefined {
  const slots: Slot[] = [];
  const starts: number[] = [];
  const spans: SourceSpan[] = [];
  let source = '';
  const slot = (s: Slot): string | undefined => {
    if (slots.length >= SENTINEL_COUNT) return undefined;
    slots.push(s);
    return String.fromCharCode(SENTINEL_BASE + slots.length - 1);
  };
  for (const part of t.parts) {
    starts.push(source.length);
    spans.push(part.source);
    if (part.kind === 'placeholder') {
      const ch = slot({ kind: 'chip', part });
      if (ch === undefined) return undefined;
      source += ch;
    } else {
      let text = preprocess(part.text);
      if (SENTINEL.test(text)) {
        let escaped = '';
        for (const ch of text) {
          if (!SENTINEL.test(ch)) escaped += ch;
          else {
            const s = slot({ kind: 'char', ch });
            if (s === undefined) return undefined;
            escaped += s;
          }
        }
        text = escaped;
      }
      source += text;
    }
    if (source.length > MARKDOWN_TEXT_MAX) return undefined;
  }
  return { source, slots, starts, spans };
}

/** Turns the library's tree into MdNodes, finding each text's part (for click-to-reveal) as it goes. */
class Converter {
  /** Where in the source the next text is looked for. */
  private cursor = 0;

  constructor(private readonly e: Encoded) {}

  /** The span of the part at `offset` of the source. */
  private spanAt(offset: number): SourceSpan | undefined {
    const { starts, spans } = this.e;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return spans[lo];
  }

  /** Where `text` stands in the source, from the cursor on (markup between texts is short), or -1. */
  private locate(text: string): number {
    if (text === '') return -1;
    const at = this.e.source.indexOf(text, this.cursor);
    if (at < 0) return -1;
    this.cursor = at + text.length;
    return at;
  }

  /** A run of the source's text: literal runs with their part's span, and chips. */
  private textNodes(text: string, out: MdNode[]): void {
    const at = this.locate(text);
    let run = '';
    let runStart = 0;
    const flush = (end: number): void => {
      if (run === '') return;
      const source = at >= 0 ? this.spanAt(at + runStart) : undefined;
      const last = out[out.length - 1];
      // Neighbouring texts of the same part are one node (the library cuts text at every sign).
      if (last?.kind === 'text' && last.source === source) out[out.length - 1] = { ...last, text: last.text + run };
      else out.push(source ? { kind: 'text', text: run, source } : { kind: 'text', text: run });
      run = '';
      runStart = end;
    };
    for (let i = 0; i < text.length; i++) {
      const ch = text.charAt(i);
      const code = ch.charCodeAt(0);
      if (code >= SENTINEL_BASE && code < SENTINEL_BASE + SENTINEL_COUNT) {
        const slot = this.e.slots[code - SENTINEL_BASE];
        if (slot?.kind === 'chip') {
          flush(i);
          out.push({ kind: 'chip', part: slot.part });
          runStart = i + 1;
          continue;
        }
        if (slot) {
          if (run === '') runStart = i;
          run += slot.ch;
          continue;
        }
      }
      if (run === '') runStart = i;
      run += ch;
    }
    flush(text.length);
  }

  private chip(id: unknown): PlaceholderPart | undefined {
    if (typeof id !== 'string' || id.length !== 1) return undefined;
    const slot = this.e.slots[id.charCodeAt(0) - SENTINEL_BASE];
    return slot?.kind === 'chip' ? slot.part : undefined;
  }

  /** The source text of a string field, placeholders as chips. */
  private inner(text: unknown): MdNode[] {
    const out: MdNode[] = [];
    if (typeof text === 'string') this.textNodes(text, out);
    return out;
  }

  nodes(ast: readonly unknown[]): MdNode[] {
    const out: MdNode[] = [];
    for (const n of ast) this.node(n, out);
    return out;
  }

  private children(n: AstNode): MdNode[] {
    return Array.isArray(n['content']) ? this.nodes(n['content']) : this.inner(n['content']);
  }

  private node(raw: unknown, out: MdNode[]): void {
    if (typeof raw !== 'object' || raw === null || typeof (raw as AstNode).type !== 'string') return;
    const n = raw as AstNode;
    switch (n.type) {
      case 'text':
        if (typeof n['content'] === 'string') this.textNodes(n['content'], out);
        else out.push(...this.children(n));
        return;
      case 'br':
      case 'newline':
        out.push({ kind: 'br' });
        return;
      case 'strong':
      case 'em':
      case 'underline':
      case 'spoiler':
      case 'subtext':
        out.push({ kind: n.type, children: this.children(n) });
        return;
      case 'u':
        out.push({ kind: 'underline', children: this.children(n) });
        return;
      case 'strikethrough':
      case 'del':
        out.push({ kind: 'strike', children: this.children(n) });
        return;
      case 'blockQuote': {
        // The quote's own last line break ends the quote; it is not a line of it.
        const children = this.children(n);
        if (children[children.length - 1]?.kind === 'br') children.pop();
        out.push({ kind: 'quote', children });
        return;
      }
      case 'heading': {
        const level = n['level'] === 2 ? 2 : n['level'] === 3 ? 3 : 1;
        out.push({ kind: 'heading', level, children: this.children(n) });
        return;
      }
      case 'inlineCode':
        out.push({ kind: 'code', children: this.inner(n['content']) });
        return;
      case 'codeBlock':
        out.push({
          kind: 'codeBlock',
          lang: typeof n['lang'] === 'string' ? n['lang'] : '',
          children: this.inner(n['content']),
        });
        return;
      case 'link':
      case 'url':
      case 'autolink': {
        const target = typeof n['target'] === 'string' ? n['target'] : '';
        const literal = LINK_TARGET_R.test(target) && !SENTINEL.test(target) && !/[\s"'<>]/.test(target);
        const children = this.children(n);
        out.push(literal ? { kind: 'link', href: target, children } : { kind: 'link', children });
        return;
      }
      case 'list': {
        const items = Array.isArray(n['items']) ? (n['items'] as unknown[]) : [];
        out.push({
          kind: 'list',
          ordered: n['ordered'] === true,
          start: typeof n['start'] === 'number' && Number.isSafeInteger(n['start']) ? n['start'] : 1,
          items: items.map((item) => (Array.isArray(item) ? this.nodes(item) : [])),
        });
        return;
      }
      case 'mention': {
        const type = n['mention'] === 'role' ? 'role' : n['mention'] === 'channel' ? 'channel' : 'user';
        const chip = this.chip(n['id']);
        this.locate(String(n['id'] ?? ''));
        out.push(chip ? { kind: 'mention', type, chip } : { kind: 'mention', type, id: String(n['id'] ?? '') });
        return;
      }
      case 'everyone':
      case 'here':
        out.push({ kind: 'mention', type: n.type });
        return;
      case 'slashCommand':
        out.push({ kind: 'mention', type: 'command', name: String(n['fullName'] ?? ''), id: String(n['id'] ?? '') });
        return;
      case 'guildNavigation':
        out.push({ kind: 'mention', type: 'guild', name: String(n['navigation'] ?? ''), id: String(n['id'] ?? '') });
        return;
      case 'emoji':
        out.push({
          kind: 'emoji',
          name: String(n['name'] ?? ''),
          id: String(n['id'] ?? ''),
          animated: n['animated'] === true,
        });
        return;
      case 'timestamp': {
        const style = (typeof n['format'] === 'string' ? n['format'] : 'f') as TimestampStyle;
        const chip = this.chip(n['timestamp']);
        const unix = Number(n['timestamp']);
        if (chip) out.push({ kind: 'time', style, chip });
        else if (Number.isSafeInteger(unix)) out.push({ kind: 'time', style, unix });
        return;
      }
      default:
        // A node of a rule this module does not know: its text, as written.
        out.push(...this.children(n));
    }
  }
}

/**
 * A text's markdown tree in `scope`, or undefined when it is not parsed (longer than
 * MARKDOWN_TEXT_MAX, or more placeholders than there are private-use characters): the page then
 * draws it as written.
 */
export function parseMarkdown(t: RichText, scope: MarkdownScope): MdNode[] | undefined {
  const e = encode(t);
  if (!e) return undefined;
  if (e.source === '') return [];
  const ast = parserOf(scope)(e.source, { inline: true, slots: e.slots, lists: scope !== 'title', depth: 0 });
  return new Converter(e).nodes(ast);
}

/** The tree as a compact line, for tests and debugging: `h1["Welcome ", strong[chip($username)], "!"]`. */
export function describeMarkdown(nodes: readonly MdNode[]): string {
  const one = (n: MdNode): string => {
    switch (n.kind) {
      case 'text':
        return JSON.stringify(n.text);
      case 'chip':
        return `chip(${n.part.label})`;
      case 'br':
        return 'br';
      case 'heading':
        return `h${n.level}[${describeMarkdown(n.children)}]`;
      case 'codeBlock':
        return `codeBlock(${n.lang})[${describeMarkdown(n.children)}]`;
      case 'link':
        return `link(${n.href ?? ''})[${describeMarkdown(n.children)}]`;
      case 'list':
        return `${n.ordered ? `ol(${n.start})` : 'ul'}[${n.items.map((i) => `li[${describeMarkdown(i)}]`).join(', ')}]`;
      case 'mention':
        return `${n.type}(${n.chip ? `chip(${n.chip.label})` : [n.name, n.id].filter((x) => x).join(':')})`;
      case 'time':
        return `time:${n.style}(${n.chip ? `chip(${n.chip.label})` : String(n.unix)})`;
      case 'emoji':
        return `emoji(${n.animated ? 'a:' : ''}${n.name}:${n.id})`;
      case 'strong':
      case 'em':
      case 'underline':
      case 'strike':
      case 'spoiler':
      case 'subtext':
      case 'quote':
      case 'code':
        return `${n.kind}[${describeMarkdown(n.children)}]`;
    }
  };
  return nodes.map(one).join(', ');
}
