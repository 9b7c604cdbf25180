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
import { ENGLISH, type Localizer, type Text } from '../l10n';
import { literalValue } from './model';
import {
  ButtonStyle,
  ComponentType,
  type PreviewButton,
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
  /** Load images from https: URLs (off: an image is a placeholder naming its URL). */
  readonly allowImages: boolean;
  /** With the editor script (clicks reveal the source, branches can be switched); none for a standalone page. */
  readonly interactive: boolean;
  readonly title?: string;
  /** The language of the page's own words and of the preview's notes (English when absent). */
  readonly l10n?: Localizer;
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

/** One page being drawn: its options, its language, and what its stylesheet must define. */
interface Page {
  readonly opts: HtmlOptions;
  readonly l10n: Localizer;
  /** The bar colours used, as six hex digits (see `colorClass`). */
  readonly colors: Set<string>;
}

/** A rich text: literal text (line breaks kept by CSS) and placeholder chips. */
function rich(t: RichText | undefined, page: Page): string {
  if (!t) return '';
  return t.parts.map((p) => richPart(p, page)).join('');
}

function richPart(p: RichText['parts'][number], page: Page): string {
  const known = escapeHtml(page.l10n.t('preview.page.chip'));
  return p.kind === 'text'
    ? `<span class="part"${at(p.source)}>${escapeHtml(p.text)}</span>`
    : `<span class="chip" title="${known}"${at(p.source)}>${escapeHtml(p.label)}</span>`;
}

/** An image: loaded only when allowed and an https: URL; otherwise a placeholder naming it. */
function image(url: RichText | undefined, cls: string, page: Page): string {
  const literal = literalValue(url)?.trim();
  if (page.opts.allowImages && literal && /^https:\/\/[^\s"'<>]+$/i.test(literal)) {
    return `<img class="${cls}" src="${escapeHtml(literal)}" alt="">`;
  }
  const l10n = page.l10n;
  return `<div class="${cls} image-placeholder" title="${escapeHtml(l10n.t('preview.page.imagesOff'))}">🖼 ${rich(url, page) || escapeHtml(l10n.t('preview.page.image'))}</div>`;
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
      `<div class="embed-author">${e.author.icon_url ? image(e.author.icon_url, 'author-icon', page) : ''}${rich(e.author.name, page)}</div>`,
    );
  if (e.title)
    parts.push(`<div class="embed-title${e.url ? ' link' : ''}"${at(e.title.source)}>${rich(e.title, page)}</div>`);
  if (e.description)
    parts.push(`<div class="embed-description"${at(e.description.source)}>${rich(e.description, page)}</div>`);
  if (e.fields.length > 0) {
    parts.push(
      `<div class="embed-fields">${e.fields
        .map(
          (f) =>
            `<div class="field${f.inline ? ' inline' : ''}"${at(f.source)}><div class="field-name">${rich(f.name, page)}</div><div class="field-value">${rich(f.value, page)}</div></div>`,
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
      `<div class="embed-footer">${e.footer?.icon_url ? image(e.footer.icon_url, 'footer-icon', page) : ''}${footer}</div>`,
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
  const emoji = b.emoji
    ? `<span class="emoji">${escapeHtml(b.emoji.id ? `:${b.emoji.name}:` : b.emoji.name)}</span>`
    : '';
  const link = b.style === ButtonStyle.Link ? '<span class="link-mark">↗</span>' : '';
  return `<button type="button" class="button ${STYLE_CLASS[b.style] ?? 'secondary'}${b.disabled ? ' disabled' : ''}"${at(b.source)}>${emoji}${rich(b.label, page)}${link}</button>`;
}

function selectHtml(s: PreviewSelect, page: Page): string {
  const options = s.options
    .map(
      (o) =>
        `<li${at(o.source)}>${o.emoji ? `${escapeHtml(o.emoji.name)} ` : ''}${rich(o.label, page)}${o.description ? `<div class="option-description">${rich(o.description, page)}</div>` : ''}</li>`,
    )
    .join('');
  return `<div class="select"${at(s.source)}><div class="select-box">${rich(s.placeholder, page) || escapeHtml(page.l10n.t('preview.page.selectPlaceholder'))}<span class="caret">⌄</span></div>${options ? `<ul class="options">${options}</ul>` : ''}</div>`;
}

function componentHtml(c: unknown, page: Page): string {
  const node = c as { type: number; source?: SourceSpan; [key: string]: unknown };
  switch (node.type) {
    case ComponentType.ActionRow:
      return `<div class="row"${at(node.source)}>${(node.components as unknown[]).map((x) => componentHtml(x, page)).join('')}</div>`;
    case ComponentType.Button:
      return buttonHtml(node as unknown as PreviewButton, page);
    case ComponentType.TextDisplay:
      return `<div class="text-display"${at(node.source)}>${rich(node.content as RichText, page)}</div>`;
    case ComponentType.Separator:
      return `<div class="separator${node.divider ? ' divider' : ''}${node.spacing === 2 ? ' large' : ''}"${at(node.source)}></div>`;
    case ComponentType.Section: {
      const accessory = node.accessory ? componentHtml(node.accessory, page) : '';
      return `<div class="section"${at(node.source)}><div class="section-texts">${(node.components as unknown[]).map((x) => componentHtml(x, page)).join('')}</div>${accessory ? `<div class="accessory">${accessory}</div>` : ''}</div>`;
    }
    case ComponentType.Thumbnail:
      return image((node.media as { url: RichText }).url, 'thumbnail', page);
    case ComponentType.MediaGallery:
      return `<div class="gallery"${at(node.source)}>${(node.items as Array<{ media: { url: RichText } }>).map((i) => image(i.media.url, 'gallery-item', page)).join('')}</div>`;
    case ComponentType.Container: {
      return `<div class="container${colorClass(node.accent_color as number | null | undefined, page)}"${at(node.source)}>${(node.components as unknown[]).map((x) => componentHtml(x, page)).join('')}</div>`;
    }
    default:
      return Array.isArray(node.options) ? selectHtml(node as unknown as PreviewSelect, page) : '';
  }
}

const STYLE = `
:root { color-scheme: dark; --bg: #313338; --text: #dbdee1; --muted: #949ba4; --embed: #2b2d31; --chip: #3f4147; --chip-text: #c9cdfb; --border: #1e1f22; --secondary: #4e5058; --link: #00a8fc; }
body.light { color-scheme: light; --bg: #ffffff; --text: #313338; --muted: #5c5e66; --embed: #f2f3f5; --chip: #e3e5e8; --chip-text: #4752c4; --border: #e3e5e8; --secondary: #6d6f78; --link: #006ce7; }
body { margin: 0; padding: 16px; background: var(--bg); color: var(--text); font: 15px/1.375 "gg sans", "Noto Sans", "Helvetica Neue", Helvetica, Arial, sans-serif; }
.message { display: flex; gap: 16px; }
.avatar { width: 40px; height: 40px; border-radius: 50%; background: #5865f2; flex: none; }
.header { font-weight: 600; } .bot { background: #5865f2; color: #fff; font-size: 10px; border-radius: 3px; padding: 1px 4px; margin-left: 4px; vertical-align: middle; }
.ephemeral { color: var(--muted); font-size: 12px; margin-top: 4px; }
.content, .embed-description, .field-value, .text-display, .part { white-space: pre-wrap; overflow-wrap: anywhere; }
.chip { background: var(--chip); color: var(--chip-text); border-radius: 4px; padding: 0 4px; font-family: monospace; font-size: 13px; }
.embed { display: flex; gap: 16px; max-width: 520px; background: var(--embed); border-left: 4px solid var(--border); border-radius: 4px; padding: 8px 16px 16px 12px; margin-top: 8px; }
.embed-body { flex: 1; min-width: 0; } .embed-author { font-size: 14px; font-weight: 600; margin-top: 8px; }
.embed-title { font-weight: 600; margin-top: 8px; } .embed-title.link { color: var(--link); }
.embed-description { font-size: 14px; margin-top: 8px; }
.embed-fields { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; } .field { flex: 1 0 100%; font-size: 14px; } .field.inline { flex: 1 0 28%; }
.field-name { font-weight: 600; } .embed-footer { font-size: 12px; color: var(--muted); margin-top: 8px; }
.embed-thumbnail, .thumbnail { width: 80px; height: 80px; border-radius: 4px; object-fit: cover; flex: none; }
.embed-image, .gallery-item { max-width: 100%; border-radius: 4px; margin-top: 16px; }
.image-placeholder { display: flex; align-items: center; justify-content: center; background: var(--chip); color: var(--muted); font-size: 12px; padding: 8px; overflow-wrap: anywhere; min-height: 40px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { border: 0; border-radius: 3px; padding: 2px 16px; min-height: 32px; color: #fff; font: inherit; font-size: 14px; font-weight: 500; cursor: pointer; }
.button.primary { background: #5865f2; } .button.secondary, .button.link { background: var(--secondary); } .button.success { background: #248046; } .button.danger { background: #da373c; } .button.premium { background: #b36bdb; }
.button.disabled { opacity: 0.5; } .emoji { margin-right: 4px; } .link-mark { margin-left: 6px; }
.select { width: 100%; max-width: 400px; } .select-box { border: 1px solid var(--border); background: var(--embed); border-radius: 4px; padding: 8px; display: flex; justify-content: space-between; color: var(--muted); }
.options { list-style: none; margin: 2px 0 0; padding: 0; border: 1px solid var(--border); border-radius: 4px; } .options li { padding: 6px 8px; } .option-description { color: var(--muted); font-size: 12px; }
.container { max-width: 520px; background: var(--embed); border-left: 4px solid transparent; border-radius: 8px; padding: 16px; margin-top: 8px; display: flex; flex-direction: column; gap: 8px; }
.section { display: flex; gap: 12px; } .section-texts { flex: 1; } .separator { height: 8px; } .separator.large { height: 16px; } .separator.divider { border-top: 1px solid var(--border); }
.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 4px; }
.notes { margin-top: 16px; color: var(--muted); font-size: 12px; } .branches { margin-top: 16px; font-size: 13px; }
.branches select { font: inherit; background: var(--embed); color: var(--text); border: 1px solid var(--border); }
.empty { color: var(--muted); font-style: italic; }
[data-start] { cursor: pointer; }
`;

const SCRIPT = `
const vscode = acquireVsCodeApi();
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

/** Parts (content parts, embeds, components, `$if` blocks, notes) drawn between two pauses of `previewHtmlSteps`. */
export const HTML_STEP_PARTS = 512;

/** Draws each item with `draw`, pausing (yielding) after every HTML_STEP_PARTS of them. */
function* drawAll<T>(
  items: readonly T[],
  draw: (item: T) => string,
  counter: { n: number },
): Generator<void, string[], void> {
  const out: string[] = [];
  for (const item of items) {
    if (++counter.n % HTML_STEP_PARTS === 0) yield;
    out.push(draw(item));
  }
  return out;
}

/**
 * `renderPreviewHtml` in steps: it pauses (yields) after every HTML_STEP_PARTS parts and returns
 * the page at the end, so a caller on a single thread can let other work run in between.
 */
export function* previewHtmlSteps(p: PreviewMessage<Text>, opts: HtmlOptions): Generator<void, string, void> {
  const l10n = opts.l10n ?? ENGLISH;
  const page: Page = { opts, l10n, colors: new Set() };
  const counter = { n: 0 };
  const nonce = escapeHtml(opts.nonce);
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    opts.allowImages ? 'img-src https:' : "img-src 'none'",
    opts.interactive ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
  ].join('; ');
  const body: string[] = [];
  if (p.content.parts.length > 0)
    body.push(
      `<div class="content">${(yield* drawAll(p.content.parts, (part) => richPart(part, page), counter)).join('')}</div>`,
    );
  body.push(...(yield* drawAll(p.embeds, (e) => embedHtml(e, page), counter)));
  body.push(...(yield* drawAll(p.components, (c) => componentHtml(c, page), counter)));
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
      counter,
    );
    extras.push(`<div class="branches">${blocks.join('')}</div>`);
  }
  if (p.notes.length > 0)
    extras.push(
      `<ul class="notes">${(yield* drawAll(p.notes, (n) => `<li${at(n.source)}>${escapeHtml(l10n.text(n.message))}</li>`, counter)).join('')}</ul>`,
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
    opts.interactive ? `<script nonce="${nonce}">${SCRIPT}</script>` : '',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
