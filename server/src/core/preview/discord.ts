// The reply as the JSON Discord's API takes, made from the message model (model.ts): what "Copy as
// Discord Message JSON" copies and `bdscript preview --format json` prints. It is JSON Discord
// accepts, by the field rules of Discord's API documentation (discord/discord-api-docs at
// c98d64bc233833839cf0d8d369e81b77f21ade60, the commit limits.ts cites):
// - developers/resources/message.mdx, "Create Message": content up to 2,000 characters; at least
//   one of content, embeds or components; with IS_COMPONENTS_V2 "the message can only contain
//   `components`"; "Embed Limits": title 256, description 4,096, 25 fields, field name 256 and
//   value 1,024, footer 2,048, author name 256, 6,000 across all embeds, "Leading and trailing
//   whitespace characters are not included"; the image, thumbnail, author and footer icon URLs
//   "only supports http(s) and attachments", the author URL "only supports http(s)";
// - developers/components/reference.mdx: custom IDs of 1 to 100 characters, unique in a message;
//   an action row holds up to 5 buttons or one select; a button has a label of at most 80, and
//   "Non-link and non-premium buttons must have a `custom_id`", "Link buttons must have a `url`"
//   of at most 512; a string select has 1 to 25 options ("max 25"; a menu of none offers
//   nothing), a placeholder of at most 150, min_values 0 to 25 and max_values 1 to 25; an
//   option's label, value and description at most 100; a section holds one to three texts and an
//   accessory; a media gallery 1 to 10 items; an unfurled media item's URL "Supports arbitrary
//   urls and `attachment://<filename>` references"; "Legacy messages allow up to 5 action rows",
//   Components V2 messages "up to 40 total components";
// - developers/interactions/receiving-and-responding.mdx: a response's flags may be EPHEMERAL and
//   IS_COMPONENTS_V2 (both are what the model sets).
// What the running bot alone knows stays a placeholder `{label}` in texts, but a URL made at run
// time cannot be written (Discord refuses a placeholder there, and a made-up URL would mislead):
// such a part is left out. Every part left out or cut is named in a note (`leftOut`), which the
// model adds to the preview's notes so the panel says it too. `$addTimestamp` is the time given
// (the time of the copy).

import { limit } from '../features/limits';
import { msg, type Msg } from '../l10n';
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type DiscordComponent,
  type DiscordEmbed,
  type DiscordMessage,
  type PreviewButton,
  type PreviewContainerChild,
  type PreviewMessage,
  type PreviewSelect,
  type PreviewTopComponent,
  type RichText,
  type SourceSpan,
} from '../../protocol/preview';

/** A part of the reply the JSON leaves out or cuts, and why. */
export interface LeftOut {
  readonly message: Msg;
  readonly source?: SourceSpan;
}

/** At most this many parts left out are named one by one; the rest are counted in one note. */
export const MAX_LEFT_OUT_NOTES = 50;

/** Legacy action rows per message ("Legacy messages allow up to 5 action rows"). */
const LEGACY_ROWS = limit('legacyActionRows');
/** Components V2: "Messages allow up to 40 total components". */
const V2_TOTAL = limit('componentsV2Total');

/** The plain text of a rich text, placeholders as `{label}`. */
function plainText(t: RichText): string {
  let out = '';
  for (const p of t.parts) out += p.kind === 'text' ? p.text : `{${p.label}}`;
  return out;
}

function hasPlaceholder(t: RichText | undefined): boolean {
  return t !== undefined && t.parts.some((p) => p.kind !== 'text');
}

/** Characters as Discord counts them: code points of the trimmed text. */
function characters(s: string): number {
  let n = 0;
  for (const _ of s.trim()) n++;
  return n;
}

/** The first `max` characters of a text (code points, never half a pair). */
function firstCharacters(s: string, max: number): string {
  let out = '';
  let n = 0;
  for (const ch of s.trim()) {
    if (n++ >= max) break;
    out += ch;
  }
  return out;
}

const HTTP_URL = /^https?:\/\/[^\s/?#<>"'`]+[^\s<>"'`]*$/i;
const ATTACHMENT = /^attachment:\/\/[^\s/\\<>"'`]+$/i;

/** Which URLs a field takes: embed images and icons (http(s) and attachments), links (http(s)), link buttons, media items. */
type UrlKind = 'image' | 'link' | 'button' | 'media';

function urlFits(url: string, kind: UrlKind): boolean {
  if (HTTP_URL.test(url)) return true;
  if (kind === 'image' || kind === 'media') return ATTACHMENT.test(url);
  // A link button also opens Discord's own links.
  if (kind === 'button') return /^discord:\/\/[^\s<>"'`]+$/i.test(url);
  return false;
}

/** One conversion: the notes it gathers and the custom IDs it has given. */
class Converter {
  readonly leftOut: LeftOut[] = [];
  private readonly ids = new Set<string>();
  private v2Count = 0;
  /** Characters left of the embeds' shared 6,000. */
  private embedRoom = limit('embedsTotal');

  constructor(private readonly now: Date) {}

  private omit(part: string, reason: Msg, source: SourceSpan | undefined): void {
    this.leftOut.push({ message: msg('preview.note.jsonLeftOut', { part, reason }), ...(source ? { source } : {}) });
  }

  /** A text within its cap, cut (with a note) when longer; undefined when empty. */
  private text(t: RichText | undefined, max: number, part: string): string | undefined {
    if (!t) return undefined;
    const s = plainText(t);
    if (s.trim() === '') return undefined;
    if (characters(s) <= max) return s;
    this.leftOut.push({
      message: msg('preview.note.jsonCut', { part, max }),
      ...(t.source ? { source: t.source } : {}),
    });
    return firstCharacters(s, max);
  }

  /** A URL the field takes, or undefined with a note (one made at run time, or not a URL there). */
  private url(t: RichText | undefined, kind: UrlKind, part: string, max = Infinity): string | undefined {
    if (!t || t.parts.length === 0) return undefined;
    if (hasPlaceholder(t)) {
      this.omit(part, msg('preview.json.runTimeUrl'), t.source);
      return undefined;
    }
    const s = plainText(t).trim();
    if (!urlFits(s, kind)) {
      this.omit(part, msg(kind === 'link' ? 'preview.json.notHttpUrl' : 'preview.json.notUrl'), t.source);
      return undefined;
    }
    if (characters(s) > max) {
      this.omit(part, msg('preview.json.tooLong', { max }), t.source);
      return undefined;
    }
    return s;
  }

  /** A text counted against the embeds' 6,000 characters; undefined (with a note) past them. */
  private embedText(t: RichText | undefined, max: number, part: string): string | undefined {
    const s = this.text(t, max, part);
    if (s === undefined) return undefined;
    const n = characters(s);
    if (n > this.embedRoom) {
      this.omit(part, msg('preview.json.embedsTotal', { max: limit('embedsTotal') }), t?.source);
      return undefined;
    }
    this.embedRoom -= n;
    return s;
  }

  message(p: PreviewMessage<unknown>): DiscordMessage {
    const out: DiscordMessage = {};
    const v2 = (p.flags & MessageFlags.IsComponentsV2) !== 0;
    if (v2) {
      if (plainText(p.content).trim() !== '')
        this.omit('content', msg('preview.json.v2Only'), p.content.parts[0]?.source);
      if (p.embeds.length > 0) this.omit('embeds', msg('preview.json.v2Only'), p.embeds[0]?.fields[0]?.source);
    } else {
      const content = this.text(p.content, limit('messageContent'), 'content');
      if (content !== undefined) out.content = content;
      const embeds: DiscordEmbed[] = [];
      p.embeds.forEach((e) => {
        const d = this.embed(e, `embeds[${embeds.length}]`);
        if (d) embeds.push(d);
      });
      if (embeds.length > 0) out.embeds = embeds;
    }
    const components = this.topComponents(p.components, v2);
    if (components.length > 0) out.components = components;
    // A response may be ephemeral, and Components V2 need their flag; the model sets no other.
    const flags = p.flags & (MessageFlags.Ephemeral | MessageFlags.IsComponentsV2);
    if (flags !== 0) out.flags = flags;
    return out;
  }

  private embed(e: PreviewMessage<unknown>['embeds'][number], at: string): DiscordEmbed | undefined {
    const d: DiscordEmbed = {};
    const title = this.embedText(e.title, limit('embedTitle'), `${at}.title`);
    if (title !== undefined) d.title = title;
    const url = this.url(e.url, 'link', `${at}.url`);
    if (url !== undefined) d.url = url;
    const description = this.embedText(e.description, limit('embedDescription'), `${at}.description`);
    if (description !== undefined) d.description = description;
    if (typeof e.color === 'number' && e.color >= 0 && e.color <= 0xffffff) d.color = e.color;
    if (e.timestamp) d.timestamp = this.now.toISOString();
    if (e.author) {
      const name = this.embedText(e.author.name, limit('embedAuthor'), `${at}.author.name`);
      if (name !== undefined) {
        d.author = { name };
        const authorUrl = this.url(e.author.url, 'link', `${at}.author.url`);
        if (authorUrl !== undefined) d.author.url = authorUrl;
        const icon = this.url(e.author.icon_url, 'image', `${at}.author.icon_url`);
        if (icon !== undefined) d.author.icon_url = icon;
      }
    }
    if (e.footer) {
      const text = this.embedText(e.footer.text, limit('embedFooter'), `${at}.footer.text`);
      if (text !== undefined) {
        d.footer = { text };
        const icon = this.url(e.footer.icon_url, 'image', `${at}.footer.icon_url`);
        if (icon !== undefined) d.footer.icon_url = icon;
      }
    }
    const thumbnail = this.url(e.thumbnail?.url, 'image', `${at}.thumbnail.url`);
    if (thumbnail !== undefined) d.thumbnail = { url: thumbnail };
    const image = this.url(e.image?.url, 'image', `${at}.image.url`);
    if (image !== undefined) d.image = { url: image };
    const fields: NonNullable<DiscordEmbed['fields']> = [];
    for (const f of e.fields) {
      const where = `${at}.fields[${fields.length}]`;
      if (fields.length >= limit('embedFields')) {
        this.omit(where, msg('preview.json.tooMany', { max: limit('embedFields') }), f.source);
        continue;
      }
      const name = this.text(f.name, limit('embedFieldName'), `${where}.name`);
      const value = this.text(f.value, limit('embedFieldValue'), `${where}.value`);
      if (name === undefined || value === undefined) {
        this.omit(where, msg('preview.json.empty'), f.source);
        continue;
      }
      const n = characters(name) + characters(value);
      if (n > this.embedRoom) {
        this.omit(where, msg('preview.json.embedsTotal', { max: limit('embedsTotal') }), f.source);
        continue;
      }
      this.embedRoom -= n;
      fields.push({ name, value, ...(f.inline ? { inline: true } : {}) });
    }
    if (fields.length > 0) d.fields = fields;
    return Object.keys(d).length > 0 ? d : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Components.

  /** A custom ID Discord takes (1 to 100 characters, unique in the message), or undefined with a note. */
  private customId(t: RichText | undefined, part: string, source: SourceSpan): string | undefined {
    const id = t ? plainText(t).trim() : '';
    const max = limit('customId');
    if (id === '') return void this.omit(part, msg('preview.json.empty'), source);
    if (characters(id) > max) return void this.omit(part, msg('preview.json.tooLong', { max }), source);
    if (this.ids.has(id)) return void this.omit(part, msg('preview.json.duplicateId'), source);
    this.ids.add(id);
    return id;
  }

  private topComponents(list: readonly PreviewTopComponent[], v2: boolean): DiscordComponent[] {
    const out: DiscordComponent[] = [];
    for (const c of list) {
      const at = `components[${out.length}]`;
      if (!v2 && out.length >= LEGACY_ROWS) {
        this.omit(at, msg('preview.json.tooMany', { max: LEGACY_ROWS }), c.source);
        continue;
      }
      const d = this.component(c, at, v2);
      if (d) out.push(d);
    }
    return out;
  }

  /** Counts a Components V2 component against the message's 40; false (with a note) past them. */
  private countV2(v2: boolean, part: string, source: SourceSpan | undefined): boolean {
    if (!v2) return true;
    if (this.v2Count >= V2_TOTAL) {
      this.omit(part, msg('preview.json.tooMany', { max: V2_TOTAL }), source);
      return false;
    }
    this.v2Count++;
    return true;
  }

  private component(
    c: PreviewTopComponent | PreviewContainerChild,
    at: string,
    v2: boolean,
  ): DiscordComponent | undefined {
    switch (c.type) {
      case ComponentType.ActionRow: {
        if (!this.countV2(v2, at, c.source)) return undefined;
        const children: DiscordComponent[] = [];
        const selects = c.components.filter((x) => x.type !== ComponentType.Button).length;
        for (const x of c.components) {
          const where = `${at}.components[${children.length}]`;
          // Up to 5 buttons, or one select alone.
          const full =
            children.length >= (selects > 0 ? 1 : limit('buttonsPerActionRow')) ||
            (children.length > 0 && x.type !== ComponentType.Button);
          if (full) {
            this.omit(where, msg('preview.json.rowFull', { max: limit('buttonsPerActionRow') }), x.source);
            continue;
          }
          if (!this.countV2(v2, where, x.source)) continue;
          const d = x.type === ComponentType.Button ? this.button(x, where) : this.select(x, where);
          if (d) children.push(d);
        }
        if (children.length === 0) {
          // A row whose components were left out goes with them (their notes say why).
          if (c.components.length === 0) this.omit(at, msg('preview.json.noComponents'), c.source);
          return undefined;
        }
        return { type: ComponentType.ActionRow, components: children };
      }
      case ComponentType.Container: {
        if (!this.countV2(v2, at, c.source)) return undefined;
        const children: DiscordComponent[] = [];
        for (const x of c.components) {
          const d = this.component(x, `${at}.components[${children.length}]`, v2);
          if (d) children.push(d);
        }
        return {
          type: ComponentType.Container,
          ...(typeof c.accent_color === 'number' && c.accent_color >= 0 && c.accent_color <= 0xffffff
            ? { accent_color: c.accent_color }
            : {}),
          spoiler: c.spoiler,
          components: children,
        };
      }
      case ComponentType.Section: {
        // A section needs one to three texts and an accessory beside them.
        const accessory =
          c.accessory === undefined
            ? undefined
            : c.accessory.type === ComponentType.Button
              ? this.button(c.accessory, `${at}.accessory`)
              : this.thumbnail(c.accessory, `${at}.accessory`);
        if (!accessory) {
          this.omit(at, msg('preview.json.noAccessory'), c.source);
          return undefined;
        }
        if (!this.countV2(v2, at, c.source)) return undefined;
        const texts: DiscordComponent[] = [];
        for (const x of c.components) {
          const where = `${at}.components[${texts.length}]`;
          if (texts.length >= limit('sectionChildren')) {
            this.omit(where, msg('preview.json.tooMany', { max: limit('sectionChildren') }), x.source);
            continue;
          }
          const d = this.component(x, where, v2);
          if (d) texts.push(d);
        }
        if (texts.length === 0) {
          this.omit(at, msg('preview.json.noText'), c.source);
          return undefined;
        }
        this.countV2(v2, `${at}.accessory`, c.source);
        return { type: ComponentType.Section, components: texts, accessory };
      }
      case ComponentType.TextDisplay: {
        const content = c.content.parts.length > 0 ? plainText(c.content) : '';
        if (content.trim() === '') {
          this.omit(at, msg('preview.json.empty'), c.source);
          return undefined;
        }
        if (!this.countV2(v2, at, c.source)) return undefined;
        return { type: ComponentType.TextDisplay, content };
      }
      case ComponentType.MediaGallery: {
        const items: Array<Record<string, unknown>> = [];
        for (const item of c.items) {
          const where = `${at}.items[${items.length}]`;
          if (items.length >= limit('mediaGalleryItems')) {
            this.omit(where, msg('preview.json.tooMany', { max: limit('mediaGalleryItems') }), item.source);
            continue;
          }
          const url = this.url(item.media.url, 'media', `${where}.media.url`);
          if (url === undefined) continue;
          const description = this.text(item.description, limit('mediaDescription'), `${where}.description`);
          items.push({ media: { url }, ...(description !== undefined ? { description } : {}), spoiler: item.spoiler });
        }
        if (items.length === 0) {
          this.omit(at, msg('preview.json.noItems'), c.source);
          return undefined;
        }
        if (!this.countV2(v2, at, c.source)) return undefined;
        return { type: ComponentType.MediaGallery, items };
      }
      case ComponentType.Separator:
        if (!this.countV2(v2, at, c.source)) return undefined;
        return { type: ComponentType.Separator, divider: c.divider, spacing: c.spacing === 2 ? 2 : 1 };
      default:
        return undefined;
    }
  }

  private thumbnail(
    t: Extract<NonNullable<Extract<PreviewContainerChild, { type: 9 }>['accessory']>, { type: 11 }>,
    at: string,
  ): DiscordComponent | undefined {
    const url = this.url(t.media.url, 'media', `${at}.media.url`);
    if (url === undefined) return undefined;
    const description = this.text(t.description, limit('mediaDescription'), `${at}.description`);
    return {
      type: ComponentType.Thumbnail,
      media: { url },
      ...(description !== undefined ? { description } : {}),
      spoiler: t.spoiler,
    };
  }

  private button(b: PreviewButton, at: string): DiscordComponent | undefined {
    const out: DiscordComponent = { type: ComponentType.Button, style: b.style };
    const label = this.text(b.label, limit('buttonLabel'), `${at}.label`);
    if (label !== undefined) out['label'] = label;
    if (b.style === ButtonStyle.Link) {
      const url = this.url(b.url, 'button', `${at}.url`, limit('buttonUrl'));
      if (url === undefined) {
        if (!b.url || b.url.parts.length === 0) this.omit(at, msg('preview.json.empty'), b.source);
        return undefined;
      }
      out['url'] = url;
    } else {
      const id = this.customId(b.custom_id, `${at}.custom_id`, b.source);
      if (id === undefined) return undefined;
      out['custom_id'] = id;
    }
    out['disabled'] = b.disabled;
    if (b.emoji) out['emoji'] = { ...b.emoji };
    return out;
  }

  private select(s: PreviewSelect, at: string): DiscordComponent | undefined {
    const id = this.customId(s.custom_id, `${at}.custom_id`, s.source);
    if (id === undefined) return undefined;
    const out: DiscordComponent = { type: s.type, custom_id: id };
    const placeholder = this.text(s.placeholder, limit('selectPlaceholder'), `${at}.placeholder`);
    if (placeholder !== undefined) out['placeholder'] = placeholder;
    let options: Array<Record<string, unknown>> | undefined;
    if (s.type === ComponentType.StringSelect) {
      options = [];
      for (const o of s.options) {
        const where = `${at}.options[${options.length}]`;
        if (options.length >= limit('selectOptions')) {
          this.omit(where, msg('preview.json.tooMany', { max: limit('selectOptions') }), o.source);
          continue;
        }
        const max = limit('selectOptionText');
        const label = this.text(o.label, max, `${where}.label`);
        const value = this.text(o.value, max, `${where}.value`);
        if (label === undefined || value === undefined) {
          this.omit(where, msg('preview.json.empty'), o.source);
          continue;
        }
        const description = this.text(o.description, max, `${where}.description`);
        options.push({
          label,
          value,
          ...(description !== undefined ? { description } : {}),
          ...(o.emoji ? { emoji: { ...o.emoji } } : {}),
          default: o.default,
        });
      }
      if (options.length === 0) {
        this.omit(at, msg('preview.json.noOptions'), s.source);
        return undefined;
      }
      out['options'] = options;
    }
    // min_values 0 to 25 and max_values 1 to 25, the min no more than the max, and for a string
    // select no more than its options.
    const most = Math.min(limit('selectValues'), options ? options.length : limit('selectValues'));
    const max = s.max_values !== undefined && s.max_values >= 1 && s.max_values <= most ? s.max_values : undefined;
    if (s.max_values !== undefined && max === undefined)
      this.omit(`${at}.max_values`, msg('preview.json.range', { lo: 1, hi: most }), s.source);
    const min =
      s.min_values !== undefined && s.min_values >= 0 && s.min_values <= (max ?? most) ? s.min_values : undefined;
    if (s.min_values !== undefined && min === undefined)
      this.omit(`${at}.min_values`, msg('preview.json.range', { lo: 0, hi: max ?? most }), s.source);
    if (min !== undefined) out['min_values'] = min;
    if (max !== undefined) out['max_values'] = max;
    out['disabled'] = s.disabled;
    return out;
  }
}

/**
 * The reply as the JSON Discord's API takes (pasteable into any message tool), with the parts it
 * leaves out or cuts: placeholders become `{label}` in texts, colours are integers, `now` is the
 * time `$addTimestamp` stands for (ISO 8601, as Discord wants it).
 */
export function discordJson(
  p: PreviewMessage<unknown>,
  now: Date,
): { message: DiscordMessage; leftOut: LeftOut[]; empty: boolean } {
  const converter = new Converter(now);
  const message = converter.message(p);
  // Discord sends no message without content, embeds or components ("At least one of ... is
  // required"): an empty reply is `{}`, no flags either.
  const empty = message.content === undefined && message.embeds === undefined && message.components === undefined;
  return { message: empty ? {} : message, leftOut: converter.leftOut, empty };
}

/** The reply as the JSON Discord's API takes, at the time `now` (the time of the copy). */
export function toDiscordMessage(p: PreviewMessage<unknown>, now: Date = new Date()): DiscordMessage {
  return discordJson(p, now).message;
}
