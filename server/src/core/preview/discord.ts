// The reply as the JSON Discord's API takes ("Message" and "Embed" objects, "Message Components"
// and "Components V2" of Discord's API documentation), made from the message model (model.ts):
// what "Copy as Discord Message JSON" copies and `bdscript preview --format json` prints.

import type { DiscordComponent, DiscordEmbed, DiscordMessage, PreviewMessage, RichText } from '../../protocol/preview';

/** The plain text of a rich text, placeholders as `{label}`. */
function plainText(t: RichText): string {
  let out = '';
  for (const p of t.parts) out += p.kind === 'text' ? p.text : `{${p.label}}`;
  return out;
}

/** The text Discord gets: literal text, placeholders as `{label}`. */
function flat(t: RichText | undefined): string | undefined {
  if (!t) return undefined;
  const s = plainText(t);
  return s === '' ? undefined : s;
}

function set<T extends object>(target: T, key: string, value: unknown): void {
  if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}

/** A component as Discord's JSON (any type), recursively. */
function discordComponent(c: unknown): DiscordComponent {
  const node = c as Record<string, unknown> & { type: number };
  const out: DiscordComponent = { type: node.type };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'source') continue;
    if (key === 'components' || key === 'items') {
      const list = (value as unknown[]).map((child) =>
        key === 'items' ? discordItem(child) : discordComponent(child),
      );
      out[key] = list;
    } else if (key === 'accessory') out.accessory = discordComponent(value);
    else if (key === 'options') out.options = (value as Array<Record<string, unknown>>).map((o) => discordPlain(o));
    else if (key === 'media') out.media = { url: flat((value as { url: RichText }).url) ?? '' };
    else if (isRich(value)) set(out, key, flat(value));
    else if (value !== null) out[key] = value;
  }
  return out;
}

function discordItem(item: unknown): Record<string, unknown> {
  return discordPlain(item as Record<string, unknown>);
}

function isRich(v: unknown): v is RichText {
  return typeof v === 'object' && v !== null && Array.isArray((v as { parts?: unknown }).parts);
}

/** An object with rich texts as plain JSON (options, gallery items). */
function discordPlain(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(o)) {
    if (key === 'source') continue;
    if (key === 'media') out.media = { url: flat((value as { url: RichText }).url) ?? '' };
    else if (isRich(value)) set(out, key, flat(value));
    else out[key] = value;
  }
  return out;
}

/**
 * The reply as the JSON Discord's API takes (pasteable into any message tool): placeholders
 * become `{label}`, empty parts are left out, colours are integers, the timestamp is the time of
 * the preview's `now` (an ISO 8601 string, as Discord wants it).
 */
export function toDiscordMessage(p: PreviewMessage<unknown>, now: Date = new Date(0)): DiscordMessage {
  const out: DiscordMessage = {};
  set(out, 'content', flat(p.content));
  const embeds: DiscordEmbed[] = [];
  for (const e of p.embeds) {
    const d: DiscordEmbed = {};
    set(d, 'title', flat(e.title));
    set(d, 'url', flat(e.url));
    set(d, 'description', flat(e.description));
    if (typeof e.color === 'number') d.color = e.color;
    if (e.timestamp) d.timestamp = now.toISOString();
    const authorName = flat(e.author?.name);
    if (authorName) {
      d.author = { name: authorName };
      set(d.author, 'url', flat(e.author?.url));
      set(d.author, 'icon_url', flat(e.author?.icon_url));
    }
    const footerText = flat(e.footer?.text);
    if (footerText) {
      d.footer = { text: footerText };
      set(d.footer, 'icon_url', flat(e.footer?.icon_url));
    }
    const thumbnail = flat(e.thumbnail?.url);
    if (thumbnail) d.thumbnail = { url: thumbnail };
    const image = flat(e.image?.url);
    if (image) d.image = { url: image };
    if (e.fields.length > 0)
      d.fields = e.fields.map((f) => ({
        name: flat(f.name) ?? '',
        value: flat(f.value) ?? '',
        ...(f.inline ? { inline: true } : {}),
      }));
    if (Object.keys(d).length > 0) embeds.push(d);
  }
  if (embeds.length > 0) out.embeds = embeds;
  if (p.components.length > 0) out.components = p.components.map(discordComponent);
  if (p.flags !== 0) out.flags = p.flags;
  return out;
}
