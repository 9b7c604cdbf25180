// The message preview as an HTML page, drawn like a message in Discord's dark or light theme: the
// content, embeds (colour bar, author, title, description, fields in inline columns, thumbnail,
// image, footer, timestamp), action rows of buttons and select menus, and Components V2
// containers, sections, texts, separators and galleries. Placeholders are chips. Every part
// carries its source offsets (`data-start`, `data-end`) so a click can reveal its call.
//
// Everything shown comes from the user's file and is untrusted: every text and attribute is
// escaped, images from URLs are shown as placeholders naming the URL unless `allowImages` (and
// then only https: URLs), and the page allows nothing but its own style and, in the editor, one
// script, both by nonce (Content-Security-Policy). That policy blocks `style` attributes too, so
// every colour comes from the stylesheet: arbitrary colours (an embed's bar, a container's
// accent) as one class per colour the page uses, its rule written into the nonce'd <style>. The
// theme's colours are this project's own choice.
// The page's own words (headings, the branch selector, the notes) are in the language of the
// localizer it is given (`preview.*` keys of the l10n catalog), English without one.

import { runSteps } from '../steps';
import { ENGLISH, type Localizer, type MessageKey, type Text } from '../l10n';
import { literalValue } from './model';
// Types only: the reader itself is loaded at the first page (markdownLoader.ts).
import type { MarkdownScope, MdNode, TimestampStyle } from './markdown';
import { markdownReader, type MarkdownReader } from './markdownLoader';
import {
  ButtonStyle,
  ComponentType,
  type PlaceholderPart,
  type PreviewButton,
  type PreviewComponent,
  type PreviewEmbed,
  type PreviewMessage,
  type PreviewSelect,
  type RichText,
  type SourceSpan,
} from '../../protocol/preview';

export interface HtmlOptions {
  readonly theme: 'dark' | 'light';
  /** A fresh random value per page, for the style and the script. */
  readonly nonce: string;
  /** Load images from https: URLs and custom emoji from Discord's CDN (off: placeholders naming them). */
  readonly allowImages: boolean;
  /**
   * With the editor's script (clicks reveal the source, branches can be switched, links are
   * opened by the editor); a standalone page has only the script that draws times and spoilers.
   */
  readonly interactive: boolean;
  readonly title?: string;
  /** The language of the page's own words and of the preview's notes (English when absent). */
  readonly l10n?: Localizer;
  /**
   * The moment (ms since 1970) that relative times (`<t:…:R>`) count from in the text written
   * into the page, which its script replaces with the viewer's own clock; now when absent.
   */
  readonly now?: number;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in HTML text and in quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function at(source: SourceSpan | undefined): string {
  return source ? ` data-start="${source.start}" data-end="${source.end}"` : '';
}

/** The most characters of markdown read for one page (Discord's own limits allow about 12,000). */
export const MARKDOWN_PAGE_MAX = 32_768;
/**
 * The most characters of HTML drawn for a page's message: past it, the rest of the message is
 * left out with a note, so a page's size is bounded whatever the model holds.
 */
export const PAGE_HTML_MAX = 4 * 1024 * 1024;

/** One page being drawn: its options, its language, and what its stylesheet must define. */
interface Page {
  readonly opts: HtmlOptions;
  readonly l10n: Localizer;
  /** The bar colours used, as six hex digits (see `colorClass`). */
  readonly colors: Set<string>;
  /** The markdown read for each text that gets it (by the text object), before drawing. */
  readonly markdown: Map<RichText, readonly MdNode[]>;
  /** Work done, in parts drawn (a text's markdown counts by its length), and when to pause next. */
  work: number;
  pauseAt: number;
  /** Characters of HTML the message may still take (PAGE_HTML_MAX at the start). */
  htmlLeft: number;
  /** Whether parts of the message were left out for PAGE_HTML_MAX. */
  cut: boolean;
}

/** A placeholder chip. */
function chipHtml(p: PlaceholderPart, page: Page): string {
  return `<span class="chip" title="${escapeHtml(page.l10n.t('preview.page.chip'))}"${at(p.source)}>${escapeHtml(p.label)}</span>`;
}

/** A rich text as written (no markdown): literal text (line breaks kept by CSS) and placeholder chips. */
function rich(t: RichText | undefined, page: Page): string {
  if (!t) return '';
  return t.parts.map((p) => richPart(p, page)).join('');
}

function richPart(p: RichText['parts'][number], page: Page): string {
  return p.kind === 'text' ? `<span class="part"${at(p.source)}>${escapeHtml(p.text)}</span>` : chipHtml(p, page);
}

/** A text with markdown when it was read (`readMarkdown`), else as written. */
function md(t: RichText | undefined, page: Page): string {
  if (!t) return '';
  const nodes = page.markdown.get(t);
  return nodes ? mdHtml(nodes, page) : rich(t, page);
}

/** The intl options of Discord's timestamp styles (API docs, Reference, "Timestamp Styles"); `R` is relative. */
const TIME_FORMATS: Readonly<Record<Exclude<TimestampStyle, 'R'>, Intl.DateTimeFormatOptions>> = {
  t: { hour: 'numeric', minute: '2-digit' },
  T: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  d: { year: 'numeric', month: '2-digit', day: '2-digit' },
  D: { year: 'numeric', month: 'long', day: 'numeric' },
  f: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  F: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  s: { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' },
  S: { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', second: '2-digit' },
};

/** The units of a relative time, largest first, in seconds. */
const TIME_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** The latest and earliest time a Date holds (ECMAScript: 8.64e15 ms either side of 1970). */
const TIME_MAX_MS = 8.64e15;

/**
 * A time in a style, as the page first shows it: in English and UTC. The page's script writes
 * it again in the viewer's locale and time zone (Discord's docs: timestamps "display the given
 * timestamp in the user's timezone and locale"); the same tables drive both.
 */
export function formatTimestamp(
  ms: number,
  style: TimestampStyle,
  now: number,
  locale = 'en',
  timeZone = 'UTC',
): string {
  if (style === 'R') {
    const seconds = (ms - now) / 1000;
    const [unit, size] = TIME_UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(Math.round(seconds / size), unit);
  }
  return new Intl.DateTimeFormat(locale, { ...TIME_FORMATS[style], timeZone }).format(ms);
}

/** Discord's CDN address of a custom emoji (API docs, Reference, "CDN Endpoints": emojis/ID). */
function emojiUrl(id: string, animated: boolean): string {
  return `https://cdn.discordapp.com/emojis/${id}.${animated ? 'gif' : 'webp'}?size=48`;
}

/**
 * An emoji: a unicode one as it is; a custom one from Discord's CDN when images are allowed, else
 * as `:name:` (the page's CSP lets images in only then).
 */
function emojiHtml(name: string, id: string | undefined, animated: boolean, page: Page): string {
  if (!id) return `<span class="emoji">${escapeHtml(name)}</span>`;
  const shown = escapeHtml(`:${name}:`);
  return page.opts.allowImages && /^\d{1,21}$/.test(id)
    ? `<img class="emoji custom" src="${emojiUrl(id, animated)}" alt="${shown}" title="${shown}">`
    : `<span class="emoji named" title="${shown}">${shown}</span>`;
}

/** The words of Discord's guild navigation links (API docs, Reference, "Guild Navigation Types"). */
const GUILD_NAVIGATION: Readonly<Record<string, MessageKey>> = {
  customize: 'preview.page.guildCustomize',
  browse: 'preview.page.guildBrowse',
  guide: 'preview.page.guildGuide',
  'linked-roles': 'preview.page.guildLinkedRoles',
};

/** A mention pill: the names are the server's, so the pill shows what kind it is and the ID on hover. */
function mentionHtml(n: Extract<MdNode, { kind: 'mention' }>, page: Page): string {
  const t = (key: MessageKey): string => escapeHtml(page.l10n.t(key));
  const title = n.id ? ` title="${escapeHtml(n.id)}"` : '';
  const who = (sign: string, key: MessageKey): string => `${sign}${n.chip ? chipHtml(n.chip, page) : t(key)}`;
  let inner: string;
  switch (n.type) {
    case 'user':
      inner = who('@', 'preview.page.mentionUser');
      break;
    case 'role':
      inner = who('@', 'preview.page.mentionRole');
      break;
    case 'channel':
      inner = who('#', 'preview.page.mentionChannel');
      break;
    case 'everyone':
    case 'here':
      inner = `@${n.type}`;
      break;
    case 'command':
      inner = `/${escapeHtml(n.name ?? '')}`;
      break;
    case 'guild': {
      const key = GUILD_NAVIGATION[n.name ?? ''];
      inner = key ? t(key) : escapeHtml(n.name ?? '');
      break;
    }
  }
  return `<span class="mention"${title}>${inner}</span>`;
}

/** A timestamp: in English and UTC as written here, in the viewer's locale and zone once the page's script ran. */
function timeHtml(n: Extract<MdNode, { kind: 'time' }>, page: Page): string {
  if (n.chip) return `<span class="time">${chipHtml(n.chip, page)}</span>`;
  const ms = (n.unix ?? 0) * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > TIME_MAX_MS)
    return escapeHtml(`<t:${n.unix ?? ''}${n.style === 'f' ? '' : `:${n.style}`}>`);
  const iso = new Date(ms).toISOString();
  const full = formatTimestamp(ms, 'F', page.opts.now ?? Date.now());
  return `<time class="time" datetime="${iso}" data-style="${n.style}" title="${escapeHtml(full)}">${escapeHtml(formatTimestamp(ms, n.style, page.opts.now ?? Date.now()))}</time>`;
}

/** Markdown nodes after which Discord starts the next line itself (the line break that follows is not a blank line). */
const ENDS_LINE: ReadonlySet<MdNode['kind']> = new Set(['codeBlock']);

/** The nodes to draw: a line break that follows a node that ends its line itself is left out. */
function drawnNodes(nodes: readonly MdNode[]): MdNode[] {
  const out: MdNode[] = [];
  let afterBlock = false;
  for (const n of nodes) {
    if (n.kind === 'br' && afterBlock) {
      afterBlock = false;
      continue;
    }
    out.push(n);
    afterBlock = ENDS_LINE.has(n.kind);
  }
  return out;
}

/** A text's markdown tree as HTML. */
function mdHtml(nodes: readonly MdNode[], page: Page): string {
  let out = '';
  for (const n of drawnNodes(nodes)) out += mdNode(n, page);
  return out;
}

function mdNode(n: MdNode, page: Page): string {
  switch (n.kind) {
    case 'text':
      return n.source ? `<span class="part"${at(n.source)}>${escapeHtml(n.text)}</span>` : escapeHtml(n.text);
    case 'chip':
      return chipHtml(n.part, page);
    case 'br':
      return '<br>';
    case 'strong':
      return `<strong>${mdHtml(n.children, page)}</strong>`;
    case 'em':
      return `<em>${mdHtml(n.children, page)}</em>`;
    case 'underline':
      return `<u>${mdHtml(n.children, page)}</u>`;
    case 'strike':
      return `<s>${mdHtml(n.children, page)}</s>`;
    case 'spoiler':
      return `<span class="spoiler" tabindex="0" title="${escapeHtml(page.l10n.t('preview.page.spoiler'))}">${mdHtml(n.children, page)}</span>`;
    case 'subtext':
      return `<small class="subtext">${mdHtml(n.children, page)}</small>`;
    case 'quote':
      return `<blockquote>${mdHtml(n.children, page)}</blockquote>`;
    case 'heading':
      return `<h${n.level}>${mdHtml(n.children, page)}</h${n.level}>`;
    case 'code':
      return `<code>${mdHtml(n.children, page)}</code>`;
    case 'codeBlock':
      return `<div class="codeblock">${n.lang ? `<span class="code-lang">${escapeHtml(n.lang)}</span>` : ''}<pre><code>${mdHtml(n.children, page)}</code></pre></div>`;
    case 'link':
      // Only a literal http(s) URL is a link (markdown.ts); the editor's script opens it through the editor.
      return n.href
        ? `<a class="link" href="${escapeHtml(n.href)}" title="${escapeHtml(n.href)}" target="_blank" rel="noopener noreferrer">${mdHtml(n.children, page)}</a>`
        : `<span class="link" title="${escapeHtml(page.l10n.t('preview.page.linkAtRunTime'))}">${mdHtml(n.children, page)}</span>`;
    case 'list': {
      const items = n.items.map((item) => `<li>${mdHtml(item, page)}</li>`).join('');
      return n.ordered ? `<ol${n.start !== 1 ? ` start="${n.start}"` : ''}>${items}</ol>` : `<ul>${items}</ul>`;
    }
    case 'mention':
      return mentionHtml(n, page);
    case 'time':
      return timeHtml(n, page);
    case 'emoji':
      return emojiHtml(n.name, n.id, n.animated, page);
  }
}

/** How many characters a text has for Discord (a placeholder counts one). */
function textLength(t: RichText): number {
  let n = 0;
  for (const p of t.parts) n += p.kind === 'text' ? p.text.length : 1;
  return n;
}

/** Pauses (yields) when the page's work has passed the next pause. */
function* pauseIfDue(page: Page): Generator<void, void, void> {
  if (page.work < page.pauseAt) return;
  page.pauseAt = (Math.floor(page.work / HTML_STEP_PARTS) + 1) * HTML_STEP_PARTS;
  yield;
}

/**
 * Reads the markdown of every text of the message that gets it, in document order, in steps:
 * the content, the embeds' titles, descriptions and fields, the Components V2 text displays (see
 * markdown.ts for which gets which). Each text of at most MARKDOWN_TEXT_MAX characters (markdown.ts)
 * is read while the page's MARKDOWN_PAGE_MAX lasts; the others are drawn as written.
 */
function* readMarkdown(p: PreviewMessage<Text>, page: Page): Generator<void, void, void> {
  let left = MARKDOWN_PAGE_MAX;
  let reader: MarkdownReader | undefined;
  function* read(t: RichText | undefined, scope: MarkdownScope): Generator<void, void, void> {
    if (!t || t.parts.length === 0) return;
    const length = textLength(t);
    page.work += 1 + (length >> 3);
    // A text longer than MARKDOWN_TEXT_MAX is not read (the reader says so at once).
    if (length > left) return;
    reader ??= markdownReader();
    let nodes: MdNode[] | undefined;
    try {
      nodes = reader(t, scope);
    } catch {
      // The library gave up on this text: it is drawn as written.
      nodes = undefined;
    }
    if (nodes) left -= length;
    if (nodes) page.markdown.set(t, nodes);
    yield* pauseIfDue(page);
  }
  function* component(c: unknown, depth: number): Generator<void, void, void> {
    const node = c as { type?: number; content?: RichText; components?: unknown };
    if (node.type === ComponentType.TextDisplay) yield* read(node.content, 'full');
    else if ((node.type === ComponentType.Container || node.type === ComponentType.Section) && depth < 4)
      for (const child of Array.isArray(node.components) ? node.components : []) yield* component(child, depth + 1);
  }
  yield* read(p.content, 'full');
  for (const e of p.embeds) {
    yield* read(e.title, 'title');
    yield* read(e.description, 'full');
    for (const f of e.fields) {
      yield* read(f.name, 'title');
      yield* read(f.value, 'fieldValue');
    }
  }
  for (const c of p.components) yield* component(c, 0);
}

/** An https: URL an image may be loaded from, or undefined. */
function imageUrl(url: RichText | undefined): string | undefined {
  const literal = literalValue(url)?.trim();
  return literal && /^https:\/\/[^\s"'<>]+$/i.test(literal) ? literal : undefined;
}

/** An image: loaded only when allowed and an https: URL; otherwise a placeholder naming it. */
function image(url: RichText | undefined, cls: string, page: Page): string {
  const src = imageUrl(url);
  if (page.opts.allowImages && src) return `<img class="${cls}" src="${escapeHtml(src)}" alt="">`;
  const l10n = page.l10n;
  return `<div class="${cls} image-placeholder" title="${escapeHtml(l10n.t('preview.page.imagesOff'))}">🖼 ${rich(url, page) || escapeHtml(l10n.t('preview.page.image'))}</div>`;
}

/**
 * A small round icon (an embed's author or footer icon, 24 or 20 px in Discord): the image when
 * allowed, else a round placeholder that names its URL on hover.
 */
function icon(url: RichText, cls: string, page: Page): string {
  const src = imageUrl(url);
  if (page.opts.allowImages && src) return `<img class="${cls}" src="${escapeHtml(src)}" alt="">`;
  const named = url.parts.map((p) => (p.kind === 'text' ? p.text : p.label)).join('');
  return `<span class="${cls} icon-placeholder" title="${escapeHtml(`${page.l10n.t('preview.page.imagesOff')}: ${named}`)}"${at(url.source)}></span>`;
}

/** A 24-bit colour as six hex digits, or undefined when it is not one the page can draw. */
function colorDigits(color: number | null | undefined): string | undefined {
  return typeof color === 'number' && Number.isInteger(color) && color >= 0 && color <= 0xffffff
    ? color.toString(16).padStart(6, '0')
    : undefined;
}

/**
 * The class that paints a colour bar (an embed's `$color`, a container's accent), recording the
 * colour so that the page's own nonce'd stylesheet gets one rule for it. The page's
 * Content-Security-Policy blocks `style` attributes: a colour can only come from there.
 */
function colorClass(color: number | null | undefined, page: Page): string {
  const digits = colorDigits(color);
  if (digits === undefined) return '';
  page.colors.add(digits);
  return ` bar-${digits}`;
}

/** The stylesheet rules for the colour classes a page used, in first-use order. */
function colorRules(colors: ReadonlySet<string>): string {
  let out = '';
  for (const digits of colors) out += `.bar-${digits} { border-left-color: #${digits}; }\n`;
  return out;
}

function embedHtml(e: PreviewEmbed, page: Page): string {
  const parts: string[] = [];
  if (e.author)
    parts.push(
      `<div class="embed-author">${e.author.icon_url ? icon(e.author.icon_url, 'author-icon', page) : ''}<span>${rich(e.author.name, page)}</span></div>`,
    );
  if (e.title)
    parts.push(`<div class="embed-title${e.url ? ' link' : ''}"${at(e.title.source)}>${md(e.title, page)}</div>`);
  if (e.description)
    parts.push(`<div class="embed-description"${at(e.description.source)}>${md(e.description, page)}</div>`);
  if (e.fields.length > 0) {
    parts.push(
      `<div class="embed-fields">${e.fields
        .map(
          (f) =>
            `<div class="field${f.inline ? ' inline' : ''}"${at(f.source)}><div class="field-name">${md(f.name, page)}</div><div class="field-value">${md(f.value, page)}</div></div>`,
        )
        .join('')}</div>`,
    );
  }
  if (e.image) parts.push(image(e.image.url, 'embed-image', page));
  if (e.footer || e.timestamp) {
    const footer = [
      e.footer ? rich(e.footer.text, page) : '',
      e.timestamp ? `<span class="timestamp">${escapeHtml(page.l10n.t('preview.page.timestamp'))}</span>` : '',
    ]
      .filter((x) => x !== '')
      .join(' • ');
    parts.push(
      `<div class="embed-footer">${e.footer?.icon_url ? icon(e.footer.icon_url, 'footer-icon', page) : ''}<span>${footer}</span></div>`,
    );
  }
  const thumb = e.thumbnail ? image(e.thumbnail.url, 'embed-thumbnail', page) : '';
  const unknown =
    e.color === null ? ` <span class="chip">${escapeHtml(page.l10n.t('preview.page.colorAtRunTime'))}</span>` : '';
  return `<div class="embed${colorClass(e.color, page)}"${at(e.colorSource)}><div class="embed-body">${parts.join('')}${unknown}</div>${thumb}</div>`;
}

const STYLE_CLASS: Readonly<Record<number, string>> = {
  [ButtonStyle.Primary]: 'primary',
  [ButtonStyle.Secondary]: 'secondary',
  [ButtonStyle.Success]: 'success',
  [ButtonStyle.Danger]: 'danger',
  [ButtonStyle.Link]: 'link',
  [ButtonStyle.Premium]: 'premium',
};

function buttonHtml(b: PreviewButton, page: Page): string {
  const emoji = b.emoji ? emojiHtml(b.emoji.name, b.emoji.id, b.emoji.animated === true, page) : '';
  const link = b.style === ButtonStyle.Link ? '<span class="link-mark">↗</span>' : '';
  return `<button type="button" class="button ${STYLE_CLASS[b.style] ?? 'secondary'}${b.disabled ? ' disabled' : ''}"${at(b.source)}>${emoji}${rich(b.label, page)}${link}</button>`;
}

/**
 * A select menu as Discord shows it: closed, with its placeholder (Discord's own when none) and
 * a chevron. Its options open below it on a click (a <details>, no script needed).
 */
function selectHtml(s: PreviewSelect, page: Page): string {
  const options = s.options
    .map(
      (o) =>
        `<li${at(o.source)}>${o.emoji ? emojiHtml(o.emoji.name, o.emoji.id, o.emoji.animated === true, page) : ''}<span>${rich(o.label, page)}${o.description ? `<span class="option-description">${rich(o.description, page)}</span>` : ''}</span></li>`,
    )
    .join('');
  const placeholder = rich(s.placeholder, page) || escapeHtml(page.l10n.t('preview.page.selectPlaceholder'));
  return `<details class="select${s.disabled ? ' disabled' : ''}"${at(s.source)}><summary class="select-box"><span class="select-placeholder">${placeholder}</span><span class="caret"></span></summary>${options ? `<ul class="options">${options}</ul>` : ''}</details>`;
}

function componentHtml(c: PreviewComponent, page: Page): string {
  switch (c.type) {
    case ComponentType.ActionRow:
      return `<div class="row"${at(c.source)}>${c.components.map((x) => componentHtml(x, page)).join('')}</div>`;
    case ComponentType.Button:
      return buttonHtml(c, page);
    case ComponentType.StringSelect:
    case ComponentType.UserSelect:
    case ComponentType.RoleSelect:
    case ComponentType.MentionableSelect:
    case ComponentType.ChannelSelect:
      return selectHtml(c, page);
    case ComponentType.TextDisplay:
      return `<div class="text-display"${at(c.source)}>${md(c.content, page)}</div>`;
    case ComponentType.Separator:
      return `<div class="separator${c.divider ? ' divider' : ''}${c.spacing === 2 ? ' large' : ''}"${at(c.source)}></div>`;
    case ComponentType.Section: {
      const accessory = c.accessory ? componentHtml(c.accessory, page) : '';
      return `<div class="section"${at(c.source)}><div class="section-texts">${c.components.map((x) => componentHtml(x, page)).join('')}</div>${accessory ? `<div class="accessory">${accessory}</div>` : ''}</div>`;
    }
    case ComponentType.Thumbnail:
      return image(c.media.url, 'thumbnail', page);
    case ComponentType.MediaGallery:
      return `<div class="gallery"${at(c.source)}>${c.items.map((i) => image(i.media.url, 'gallery-item', page)).join('')}</div>`;
    case ComponentType.Container:
      return `<div class="container${colorClass(c.accent_color, page)}"${at(c.source)}>${c.components.map((x) => componentHtml(x, page)).join('')}</div>`;
    default:
      // Only a part the model never makes gets here (the switch names every member of the union).
      return '';
  }
}

const STYLE = `
:root { color-scheme: dark; --bg: #313338; --text: #dbdee1; --muted: #949ba4; --embed: #2b2d31; --chip: #3f4147; --chip-text: #c9cdfb; --border: #1e1f22; --secondary: #4e5058; --link: #00a8fc; --code: #1e1f22; --quote: #4e5058; --mention: rgba(88, 101, 242, 0.3); --mention-text: #c9cdfb; --spoiler: #1e1f22; --spoiler-open: rgba(255, 255, 255, 0.1); }
body.light { color-scheme: light; --bg: #ffffff; --text: #313338; --muted: #5c5e66; --embed: #f2f3f5; --chip: #e3e5e8; --chip-text: #4752c4; --border: #e3e5e8; --secondary: #6d6f78; --link: #006ce7; --code: #f2f3f5; --quote: #c4c9ce; --mention: rgba(88, 101, 242, 0.15); --mention-text: #505cdc; --spoiler: #c4c9ce; --spoiler-open: rgba(0, 0, 0, 0.1); }
body { margin: 0; padding: 16px; background: var(--bg); color: var(--text); font: 15px/1.375 "gg sans", "Noto Sans", "Helvetica Neue", Helvetica, Arial, sans-serif; }
.message { display: flex; gap: 16px; }
.avatar { width: 40px; height: 40px; border-radius: 50%; background: #5865f2; flex: none; }
.header { font-weight: 600; } .bot { background: #5865f2; color: #fff; font-size: 10px; border-radius: 3px; padding: 1px 4px; margin-left: 4px; vertical-align: middle; }
.ephemeral { color: var(--muted); font-size: 12px; margin-top: 4px; }
.content, .embed-description, .field-value, .field-name, .embed-title, .text-display, .part { white-space: pre-wrap; overflow-wrap: anywhere; }
.chip { background: var(--chip); color: var(--chip-text); border-radius: 4px; padding: 0 4px; font-family: monospace; font-size: 0.87em; }
strong { font-weight: 700; } em { font-style: italic; } u { text-decoration: underline; } s { text-decoration: line-through; }
h1, h2, h3 { font-weight: 700; line-height: 1.375; margin: 8px 0 4px; } h1 { font-size: 24px; } h2 { font-size: 20px; } h3 { font-size: 16px; }
.subtext { display: block; font-size: 13px; color: var(--muted); }
blockquote { margin: 0; padding: 0 8px 0 12px; border-left: 4px solid var(--quote); border-radius: 4px; }
ul, ol { margin: 4px 0; padding-left: 24px; } ul { list-style: disc; } ul ul { list-style: circle; } ul ul ul { list-style: square; }
code { font-family: Consolas, "Andale Mono WT", "Andale Mono", "Lucida Console", "DejaVu Sans Mono", monospace; font-size: 0.85em; background: var(--code); border-radius: 4px; padding: 0 0.2em; }
.codeblock { position: relative; margin: 4px 0; max-width: 90%; }
.codeblock pre { margin: 0; background: var(--code); border: 1px solid var(--border); border-radius: 4px; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
.codeblock pre code { background: none; padding: 0; font-size: 14px; }
.code-lang { position: absolute; top: 2px; right: 6px; font-size: 11px; color: var(--muted); }
.link { color: var(--link); text-decoration: none; cursor: pointer; } a.link:hover { text-decoration: underline; }
.mention { background: var(--mention); color: var(--mention-text); border-radius: 3px; padding: 0 2px; font-weight: 500; }
.time { background: var(--chip); border-radius: 3px; padding: 0 2px; }
.spoiler { background: var(--spoiler); border-radius: 4px; cursor: pointer; } .spoiler:not(.revealed) { color: transparent; } .spoiler:not(.revealed) * { visibility: hidden; } .spoiler.revealed { background: var(--spoiler-open); cursor: auto; }
img.emoji { width: 22px; height: 22px; object-fit: contain; vertical-align: bottom; }
.embed { display: flex; gap: 16px; max-width: 520px; background: var(--embed); border-left: 4px solid var(--border); border-radius: 4px; padding: 8px 16px 16px 12px; margin-top: 8px; }
.embed-body { flex: 1; min-width: 0; } .embed-author { display: flex; align-items: center; gap: 8px; font-size: 14px; font-weight: 600; margin-top: 8px; }
.embed-title { font-weight: 600; margin-top: 8px; } .embed-title.link { color: var(--link); }
.embed-description { font-size: 14px; margin-top: 8px; }
.embed-fields { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; } .field { flex: 1 0 100%; font-size: 14px; } .field.inline { flex: 1 0 28%; }
.field-name { font-weight: 600; } .embed-footer { display: flex; align-items: center; gap: 8px; font-size: 12px; color: var(--muted); margin-top: 8px; }
.author-icon { width: 24px; height: 24px; border-radius: 50%; object-fit: cover; flex: none; }
.footer-icon { width: 20px; height: 20px; border-radius: 50%; object-fit: cover; flex: none; }
.icon-placeholder { display: inline-block; background: var(--chip); }
.embed-thumbnail, .thumbnail { width: 80px; height: 80px; border-radius: 4px; object-fit: cover; flex: none; }
.embed-image, .gallery-item { max-width: 100%; border-radius: 4px; margin-top: 16px; }
.image-placeholder { display: flex; align-items: center; justify-content: center; background: var(--chip); color: var(--muted); font-size: 12px; padding: 8px; overflow-wrap: anywhere; min-height: 40px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { border: 0; border-radius: 3px; padding: 2px 16px; min-height: 32px; color: #fff; font: inherit; font-size: 14px; font-weight: 500; cursor: pointer; }
.button.primary { background: #5865f2; } .button.secondary, .button.link { background: var(--secondary); } .button.success { background: #248046; } .button.danger { background: #da373c; } .button.premium { background: #b36bdb; }
.button.disabled { opacity: 0.5; } .emoji { margin-right: 4px; } .link-mark { margin-left: 6px; }
.select { width: 100%; max-width: 400px; } .select.disabled { opacity: 0.5; }
.select-box { list-style: none; border: 1px solid var(--border); background: var(--embed); border-radius: 4px; padding: 8px 12px; display: flex; justify-content: space-between; align-items: center; color: var(--muted); cursor: pointer; } .select-box::-webkit-details-marker { display: none; }
.caret { width: 8px; height: 8px; border-right: 2px solid var(--text); border-bottom: 2px solid var(--text); transform: rotate(45deg); margin: 0 4px 4px 12px; flex: none; } .select[open] .caret { transform: rotate(225deg); margin: 4px 4px 0 12px; }
.options { list-style: none; margin: 2px 0 0; padding: 0; border: 1px solid var(--border); border-radius: 4px; background: var(--embed); } .options li { display: flex; gap: 8px; padding: 8px 12px; } .option-description { display: block; color: var(--muted); font-size: 12px; }
.container { max-width: 520px; background: var(--embed); border-left: 4px solid transparent; border-radius: 8px; padding: 16px; margin-top: 8px; display: flex; flex-direction: column; gap: 8px; }
.section { display: flex; gap: 12px; } .section-texts { flex: 1; } .separator { height: 8px; } .separator.large { height: 16px; } .separator.divider { border-top: 1px solid var(--border); }
.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 4px; }
.notes { margin-top: 16px; color: var(--muted); font-size: 12px; } .branches { margin-top: 16px; font-size: 13px; }
.branches select { font: inherit; background: var(--embed); color: var(--text); border: 1px solid var(--border); }
.empty, .cut { color: var(--muted); font-style: italic; }
[data-start] { cursor: pointer; }
`;

/**
 * What every page runs (the editor's and the command line's): times written again in the
 * viewer's locale and time zone (the browser's own, as Discord's client does), and spoilers
 * shown on a click or a key.
 */
const DISPLAY_SCRIPT = `
const FORMATS = ${JSON.stringify(TIME_FORMATS)};
const UNITS = ${JSON.stringify(TIME_UNITS)};
const relative = (ms) => {
  const seconds = (ms - Date.now()) / 1000;
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) || ['second', 1];
  return new Intl.RelativeTimeFormat(undefined, { numeric: 'always' }).format(Math.round(seconds / size), unit);
};
const drawTimes = () => {
  for (const time of document.querySelectorAll('time[data-style]')) {
    const ms = Date.parse(time.getAttribute('datetime'));
    if (Number.isNaN(ms)) continue;
    const style = time.getAttribute('data-style');
    time.textContent = style === 'R' ? relative(ms) : new Intl.DateTimeFormat(undefined, FORMATS[style] || FORMATS.f).format(ms);
    time.title = new Intl.DateTimeFormat(undefined, FORMATS.F).format(ms);
  }
};
drawTimes();
setInterval(drawTimes, 30000);
const reveal = (event) => {
  const spoiler = event.target instanceof Element ? event.target.closest('.spoiler:not(.revealed)') : null;
  if (!spoiler) return false;
  spoiler.classList.add('revealed');
  event.preventDefault();
  event.stopImmediatePropagation();
  return true;
};
document.addEventListener('click', reveal, true);
document.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') reveal(event); }, true);
`;

/**
 * What the editor's page runs besides: a click reveals the part's call in the editor, a branch
 * chosen is sent to the editor, and a link is never followed here: the editor opens it (with its
 * own prompt for links to sites the user has not trusted).
 */
const EDITOR_SCRIPT = `
const vscode = acquireVsCodeApi();
const link = (event) => {
  const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!a) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (event.type === 'click') vscode.postMessage({ open: a.getAttribute('href') });
};
document.addEventListener('click', link, true);
document.addEventListener('auxclick', link, true);
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('[data-start]') : null;
  if (target) vscode.postMessage({ reveal: { start: Number(target.getAttribute('data-start')), end: Number(target.getAttribute('data-end')) } });
});
document.addEventListener('change', (event) => {
  const select = event.target;
  if (select instanceof HTMLSelectElement && select.dataset.block) vscode.postMessage({ branch: { block: Number(select.dataset.block), index: Number(select.value) } });
});
`;

/** The page's `lang`: the locale as a language tag (`pt-br` → `pt-BR`). */
function langOf(l10n: Localizer): string {
  return l10n.locale.replace(/-([a-z]+)$/, (_, region: string) => `-${region.toUpperCase()}`);
}

/**
 * The whole page for a preview. Its notes and branch labels may still be messages (the core's
 * model): they are rendered in the page's language with the rest.
 */
export function renderPreviewHtml(p: PreviewMessage<Text>, opts: HtmlOptions): string {
  return runSteps(previewHtmlSteps(p, opts));
}

/**
 * Work done between two pauses of `previewHtmlSteps`: a part drawn (a content part, an embed, a
 * component, an `$if` block, a note) is one, a text's markdown one per 8 characters read.
 */
export const HTML_STEP_PARTS = 512;

/**
 * Draws each item with `draw`, pausing (yielding) when HTML_STEP_PARTS of work were done since
 * the last pause, and stopping (the page says so) once the page has PAGE_HTML_MAX characters.
 */
function* drawAll<T>(items: readonly T[], draw: (item: T) => string, page: Page): Generator<void, string[], void> {
  const out: string[] = [];
  for (const item of items) {
    if (page.htmlLeft <= 0) {
      page.cut = true;
      break;
    }
    page.work++;
    yield* pauseIfDue(page);
    const html = draw(item);
    page.htmlLeft -= html.length;
    out.push(html);
  }
  return out;
}

/**
 * `renderPreviewHtml` in steps: it pauses (yields) after every HTML_STEP_PARTS of work and returns
 * the page at the end, so a caller on a single thread can let other work run in between.
 */
export function* previewHtmlSteps(p: PreviewMessage<Text>, opts: HtmlOptions): Generator<void, string, void> {
  const l10n = opts.l10n ?? ENGLISH;
  const page: Page = {
    opts,
    l10n,
    colors: new Set(),
    markdown: new Map(),
    work: 0,
    pauseAt: HTML_STEP_PARTS,
    htmlLeft: PAGE_HTML_MAX,
    cut: false,
  };
  const nonce = escapeHtml(opts.nonce);
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    opts.allowImages ? 'img-src https:' : "img-src 'none'",
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  yield* readMarkdown(p, page);
  const body: string[] = [];
  const content = page.markdown.get(p.content);
  if (content)
    body.push(
      `<div class="content">${(yield* drawAll(drawnNodes(content), (n) => mdNode(n, page), page)).join('')}</div>`,
    );
  else if (p.content.parts.length > 0)
    body.push(
      `<div class="content">${(yield* drawAll(p.content.parts, (part) => richPart(part, page), page)).join('')}</div>`,
    );
  body.push(...(yield* drawAll(p.embeds, (e) => embedHtml(e, page), page)));
  body.push(...(yield* drawAll(p.components, (c) => componentHtml(c, page), page)));
  if (page.cut) body.push(`<div class="cut">${escapeHtml(l10n.t('preview.page.cut'))}</div>`);
  if (body.length === 0) body.push(`<div class="empty">${escapeHtml(l10n.t('preview.page.noReply'))}</div>`);
  const extras: string[] = [];
  if (p.branches.length > 0) {
    const blocks = yield* drawAll(
      p.branches,
      (b) => {
        const labels = b.branches.map((label) => l10n.text(label));
        const options = labels
          .map((label, i) => `<option value="${i}"${i === b.chosen ? ' selected' : ''}>${escapeHtml(label)}</option>`)
          .join('');
        return `<div${at(b.block)}>${escapeHtml(l10n.t('preview.page.ifShown'))} ${opts.interactive ? `<select data-block="${b.block.start}">${options}</select>` : escapeHtml(labels[b.chosen] ?? '')}</div>`;
      },
      page,
    );
    extras.push(`<div class="branches">${blocks.join('')}</div>`);
  }
  if (p.notes.length > 0)
    extras.push(
      `<ul class="notes">${(yield* drawAll(p.notes, (n) => `<li${at(n.source)}>${escapeHtml(l10n.text(n.message))}</li>`, page)).join('')}</ul>`,
    );
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(langOf(l10n))}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(opts.title ?? l10n.t('preview.page.title'))}</title>`,
    `<style nonce="${nonce}">${STYLE}${colorRules(page.colors)}</style>`,
    '</head>',
    `<body class="${opts.theme}">`,
    '<div class="message"><div class="avatar"></div><div class="body">',
    `<div class="header">${escapeHtml(l10n.t('preview.page.bot'))}<span class="bot">APP</span></div>`,
    ...body,
    p.ephemeral ? `<div class="ephemeral">${escapeHtml(l10n.t('preview.page.ephemeral'))}</div>` : '',
    '</div></div>',
    ...extras,
    `<script nonce="${nonce}">${DISPLAY_SCRIPT}${opts.interactive ? EDITOR_SCRIPT : ''}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
