// Discord's field rules for a message, as a checker written apart from the code that makes the
// JSON (server/src/core/preview/discord.ts), so a test can hold one against the other. The rules
// are facts of discord/discord-api-docs at c98d64bc233833839cf0d8d369e81b77f21ade60:
// - developers/resources/message.mdx, "Create Message, JSON/Form Params": `content` "up to 2000
//   characters", `embeds` "Up to 10", "At least one of `content`, `embeds`, ... `components` ... is
//   required", `flags` "only `SUPPRESS_EMBEDS`, `SUPPRESS_NOTIFICATIONS`, `IS_VOICE_MESSAGE`, and
//   `IS_COMPONENTS_V2` can be set", and "When the flag `IS_COMPONENTS_V2` is set, the message can
//   only contain `components`"; "Embed Structure" (the fields and their types), "Embed Image
//   Structure" ("only supports http(s) and attachments"), "Embed Author Structure" (url "only
//   supports http(s)"), "Embed Limits" (title 256, description 4096, 25 fields, field name 256,
//   value 1024, footer 2048, author name 256, 6000 in all, trimmed);
// - developers/interactions/receiving-and-responding.mdx, "Interaction Response Object,
//   Messages": a response may also set `EPHEMERAL`;
// - developers/components/reference.mdx: "Custom ID" (1 to 100 characters, unique per message),
//   "Action Row" (up to 5 buttons or a single select), "Button Structure" (label max 80, url max
//   512, "Non-link and non-premium buttons must have a `custom_id`, and cannot have a `url`",
//   "Link buttons must have a `url`, and cannot have a `custom_id`"), "String Select Structure"
//   (options max 25, placeholder max 150, min_values 0 to 25, max_values up to 25), "Select
//   Option Structure" (label, value and description max 100), the user, role, mentionable and
//   channel selects (no options), "Section Structure" (one to three children and an accessory, a
//   button or a thumbnail), "Text Display", "Thumbnail" and "Media Gallery" (1 to 10 items,
//   descriptions max 1024), "Unfurled Media Item" (a URL or an `attachment://` reference),
//   "Separator" (spacing 1 or 2), "Container" (its child types, accent colour 0x000000 to
//   0xFFFFFF), "Messages allow up to 40 total components", and "Legacy messages allow up to 5
//   action rows as top-level components".
// Beyond the documented rules: a string select offers at least one option and no more Max than
// options, and texts Discord requires (an embed field's name and value, a text display's content)
// are not blank.

const SUPPRESS_EMBEDS = 1 << 2;
const EPHEMERAL = 1 << 6;
const SUPPRESS_NOTIFICATIONS = 1 << 12;
const IS_VOICE_MESSAGE = 1 << 13;
const IS_COMPONENTS_V2 = 1 << 15;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Characters as the limits count them: code points of the trimmed text. */
function length(s: string): number {
  return [...s.trim()].length;
}

const HTTP = /^https?:\/\/[^\s/?#]+\S*$/i;
const ATTACHMENT = /^attachment:\/\/\S+$/i;

/** What Discord would refuse in `m`, one line each; empty when it takes it. */
export function discordProblems(
  m: unknown,
  options: { readonly interaction: boolean } = { interaction: true },
): string[] {
  const problems: string[] = [];
  const bad = (where: string, what: string): void => void problems.push(`${where}: ${what}`);
  const keys = (o: Json, where: string, allowed: readonly string[]): void => {
    for (const k of Object.keys(o)) if (!allowed.includes(k)) bad(where, `unknown field ${k}`);
  };
  const str = (v: unknown, where: string, min: number, max: number): v is string => {
    if (typeof v !== 'string') return (void bad(where, `not a string: ${JSON.stringify(v)}`), false);
    const n = length(v);
    if (n < min || n > max) bad(where, `${n} characters, not ${min} to ${max}`);
    return true;
  };
  const int = (v: unknown, where: string, lo: number, hi: number): void => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
      bad(where, `not an integer from ${lo} to ${hi}: ${JSON.stringify(v)}`);
  };
  const bool = (v: unknown, where: string): void => {
    if (v !== undefined && typeof v !== 'boolean') bad(where, `not a boolean: ${JSON.stringify(v)}`);
  };
  const url = (v: unknown, where: string, attachments: boolean, max = Infinity): void => {
    if (typeof v !== 'string') return bad(where, `not a string: ${JSON.stringify(v)}`);
    if (!(HTTP.test(v) || (attachments && ATTACHMENT.test(v))))
      bad(where, `not an http(s)${attachments ? ' or attachment' : ''} URL: ${v}`);
    if (v.length > max) bad(where, `URL longer than ${max}`);
  };

  if (!isObject(m)) return [`not an object: ${JSON.stringify(m)}`];
  keys(m, 'message', ['content', 'embeds', 'components', 'flags']);
  const flags = m['flags'];
  let v2 = false;
  if (flags !== undefined) {
    const allowed =
      SUPPRESS_EMBEDS |
      SUPPRESS_NOTIFICATIONS |
      IS_VOICE_MESSAGE |
      IS_COMPONENTS_V2 |
      (options.interaction ? EPHEMERAL : 0);
    if (typeof flags !== 'number' || !Number.isInteger(flags) || (flags & ~allowed) !== 0)
      bad('flags', `not allowed: ${JSON.stringify(flags)}`);
    else v2 = (flags & IS_COMPONENTS_V2) !== 0;
  }
  const content = m['content'];
  const embeds = m['embeds'];
  const components = m['components'];
  if (content === undefined && embeds === undefined && components === undefined)
    bad('message', 'no content, embeds or components');
  if (v2 && (content !== undefined || embeds !== undefined)) bad('message', 'content or embeds with IS_COMPONENTS_V2');
  if (content !== undefined) {
    if (typeof content !== 'string') bad('content', 'not a string');
    else if ([...content].length > 2000) bad('content', 'longer than 2000 characters');
  }

  if (embeds !== undefined) {
    if (!Array.isArray(embeds) || embeds.length === 0 || embeds.length > 10) bad('embeds', 'not an array of 1 to 10');
    let total = 0;
    const counted = (v: unknown): void => {
      if (typeof v === 'string') total += length(v);
    };
    (Array.isArray(embeds) ? embeds : []).forEach((e: unknown, i) => {
      const at = `embeds[${i}]`;
      if (!isObject(e)) return bad(at, 'not an object');
      keys(e, at, [
        'title',
        'description',
        'url',
        'timestamp',
        'color',
        'footer',
        'image',
        'thumbnail',
        'author',
        'fields',
      ]);
      if (e['title'] !== undefined) str(e['title'], `${at}.title`, 0, 256);
      if (e['description'] !== undefined) str(e['description'], `${at}.description`, 0, 4096);
      counted(e['title']);
      counted(e['description']);
      if (e['url'] !== undefined) url(e['url'], `${at}.url`, false);
      if (
        e['timestamp'] !== undefined &&
        (typeof e['timestamp'] !== 'string' ||
          !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(e['timestamp']))
      )
        bad(`${at}.timestamp`, 'not an ISO 8601 timestamp');
      if (e['color'] !== undefined) int(e['color'], `${at}.color`, 0, 0xffffff);
      for (const [key, attachments] of [
        ['image', true],
        ['thumbnail', true],
      ] as const) {
        const img = e[key];
        if (img === undefined) continue;
        if (!isObject(img)) bad(`${at}.${key}`, 'not an object');
        else {
          keys(img, `${at}.${key}`, ['url']);
          url(img['url'], `${at}.${key}.url`, attachments);
        }
      }
      const footer = e['footer'];
      if (footer !== undefined) {
        if (!isObject(footer)) bad(`${at}.footer`, 'not an object');
        else {
          keys(footer, `${at}.footer`, ['text', 'icon_url']);
          str(footer['text'], `${at}.footer.text`, 1, 2048);
          counted(footer['text']);
          if (footer['icon_url'] !== undefined) url(footer['icon_url'], `${at}.footer.icon_url`, true);
        }
      }
      const author = e['author'];
      if (author !== undefined) {
        if (!isObject(author)) bad(`${at}.author`, 'not an object');
        else {
          keys(author, `${at}.author`, ['name', 'url', 'icon_url']);
          str(author['name'], `${at}.author.name`, 1, 256);
          counted(author['name']);
          if (author['url'] !== undefined) url(author['url'], `${at}.author.url`, false);
          if (author['icon_url'] !== undefined) url(author['icon_url'], `${at}.author.icon_url`, true);
        }
      }
      const fields = e['fields'];
      if (fields !== undefined) {
        if (!Array.isArray(fields) || fields.length > 25) bad(`${at}.fields`, 'not an array of at most 25');
        (Array.isArray(fields) ? fields : []).forEach((f: unknown, k) => {
          const where = `${at}.fields[${k}]`;
          if (!isObject(f)) return bad(where, 'not an object');
          keys(f, where, ['name', 'value', 'inline']);
          str(f['name'], `${where}.name`, 1, 256);
          str(f['value'], `${where}.value`, 1, 1024);
          bool(f['inline'], `${where}.inline`);
          counted(f['name']);
          counted(f['value']);
        });
      }
    });
    if (total > 6000) bad('embeds', `${total} characters in all, over 6000`);
  }

  const ids = new Set<string>();
  let v2Total = 0;
  const customId = (v: unknown, where: string): void => {
    if (!str(v, where, 1, 100)) return;
    if (ids.has(v)) bad(where, `custom ID ${v} used twice`);
    ids.add(v);
  };
  const emoji = (v: unknown, where: string): void => {
    if (v === undefined) return;
    if (!isObject(v) || typeof v['name'] !== 'string' || v['name'] === '') bad(where, 'not a partial emoji');
    else keys(v, where, ['name', 'id', 'animated']);
  };
  const button = (b: Json, at: string): void => {
    keys(b, at, ['type', 'style', 'label', 'emoji', 'custom_id', 'url', 'disabled']);
    int(b['style'], `${at}.style`, 1, 5);
    if (b['label'] !== undefined) str(b['label'], `${at}.label`, 0, 80);
    emoji(b['emoji'], `${at}.emoji`);
    bool(b['disabled'], `${at}.disabled`);
    if (b['style'] === 5) {
      if (b['custom_id'] !== undefined) bad(at, 'a link button with a custom_id');
      if (
        typeof b['url'] !== 'string' ||
        !(HTTP.test(b['url']) || /^discord:\/\/\S+$/i.test(b['url'])) ||
        b['url'].length > 512
      )
        bad(`${at}.url`, `not a URL of at most 512 characters: ${JSON.stringify(b['url'])}`);
    } else {
      if (b['url'] !== undefined) bad(at, 'a button with a url and a custom_id style');
      customId(b['custom_id'], `${at}.custom_id`);
    }
  };
  const select = (s: Json, at: string): void => {
    const type = s['type'];
    const stringSelect = type === 3;
    keys(s, at, [
      'type',
      'custom_id',
      'placeholder',
      'min_values',
      'max_values',
      'disabled',
      ...(stringSelect ? ['options'] : ['channel_types']),
    ]);
    customId(s['custom_id'], `${at}.custom_id`);
    if (s['placeholder'] !== undefined) str(s['placeholder'], `${at}.placeholder`, 0, 150);
    bool(s['disabled'], `${at}.disabled`);
    let options = 25;
    if (stringSelect) {
      const list = s['options'];
      if (!Array.isArray(list) || list.length < 1 || list.length > 25) bad(`${at}.options`, 'not an array of 1 to 25');
      (Array.isArray(list) ? list : []).forEach((o: unknown, k) => {
        const where = `${at}.options[${k}]`;
        if (!isObject(o)) return bad(where, 'not an object');
        keys(o, where, ['label', 'value', 'description', 'emoji', 'default']);
        str(o['label'], `${where}.label`, 1, 100);
        str(o['value'], `${where}.value`, 1, 100);
        if (o['description'] !== undefined) str(o['description'], `${where}.description`, 0, 100);
        emoji(o['emoji'], `${where}.emoji`);
        bool(o['default'], `${where}.default`);
      });
      options = Array.isArray(list) ? list.length : 0;
    }
    if (s['min_values'] !== undefined) int(s['min_values'], `${at}.min_values`, 0, 25);
    if (s['max_values'] !== undefined) int(s['max_values'], `${at}.max_values`, 1, Math.min(25, options));
    if (typeof s['min_values'] === 'number' && typeof s['max_values'] === 'number' && s['min_values'] > s['max_values'])
      bad(at, 'min_values over max_values');
  };
  const media = (o: unknown, at: string): void => {
    if (!isObject(o)) return bad(at, 'not an object');
    keys(o, at, ['url']);
    url(o['url'], `${at}.url`, true);
  };
  const row = (r: Json, at: string): void => {
    keys(r, at, ['type', 'components']);
    const list = r['components'];
    if (!Array.isArray(list) || list.length === 0) return bad(`${at}.components`, 'not a non-empty array');
    const buttons = list.filter((c: unknown) => isObject(c) && c['type'] === 2).length;
    if (buttons !== list.length ? list.length !== 1 : buttons > 5) bad(at, 'not up to 5 buttons or one select');
    list.forEach((c: unknown, k) => {
      const where = `${at}.components[${k}]`;
      if (!isObject(c)) return bad(where, 'not an object');
      if (v2) v2Total++;
      if (c['type'] === 2) button(c, where);
      else if ([3, 5, 6, 7, 8].includes(c['type'] as number)) select(c, where);
      else bad(where, `type ${String(c['type'])} in an action row`);
    });
  };
  const component = (c: unknown, at: string, allowed: readonly number[]): void => {
    if (!isObject(c)) return bad(at, 'not an object');
    const type = c['type'] as number;
    if (!allowed.includes(type)) return bad(at, `type ${String(type)} not allowed here`);
    if (v2) v2Total++;
    switch (type) {
      case 1:
        return row(c, at);
      case 9: {
        keys(c, at, ['type', 'components', 'accessory']);
        const list = c['components'];
        if (!Array.isArray(list) || list.length < 1 || list.length > 3)
          bad(`${at}.components`, 'not one to three components');
        (Array.isArray(list) ? list : []).forEach((x: unknown, k) => component(x, `${at}.components[${k}]`, [10]));
        const accessory = c['accessory'];
        if (!isObject(accessory)) return bad(`${at}.accessory`, 'missing');
        v2Total++;
        if (accessory['type'] === 2) button(accessory, `${at}.accessory`);
        else if (accessory['type'] === 11) {
          keys(accessory, `${at}.accessory`, ['type', 'media', 'description', 'spoiler']);
          media(accessory['media'], `${at}.accessory.media`);
          if (accessory['description'] !== undefined)
            str(accessory['description'], `${at}.accessory.description`, 0, 1024);
          bool(accessory['spoiler'], `${at}.accessory.spoiler`);
        } else bad(`${at}.accessory`, 'not a button or a thumbnail');
        return;
      }
      case 10:
        keys(c, at, ['type', 'content']);
        str(c['content'], `${at}.content`, 1, Infinity);
        return;
      case 12: {
        keys(c, at, ['type', 'items']);
        const items = c['items'];
        if (!Array.isArray(items) || items.length < 1 || items.length > 10) bad(`${at}.items`, 'not 1 to 10 items');
        (Array.isArray(items) ? items : []).forEach((item: unknown, k) => {
          const where = `${at}.items[${k}]`;
          if (!isObject(item)) return bad(where, 'not an object');
          keys(item, where, ['media', 'description', 'spoiler']);
          media(item['media'], `${where}.media`);
          if (item['description'] !== undefined) str(item['description'], `${where}.description`, 0, 1024);
          bool(item['spoiler'], `${where}.spoiler`);
        });
        return;
      }
      case 14:
        keys(c, at, ['type', 'divider', 'spacing']);
        bool(c['divider'], `${at}.divider`);
        if (c['spacing'] !== undefined && c['spacing'] !== 1 && c['spacing'] !== 2) bad(`${at}.spacing`, 'not 1 or 2');
        return;
      case 17: {
        keys(c, at, ['type', 'components', 'accent_color', 'spoiler']);
        if (c['accent_color'] !== undefined && c['accent_color'] !== null)
          int(c['accent_color'], `${at}.accent_color`, 0, 0xffffff);
        bool(c['spoiler'], `${at}.spoiler`);
        const list = c['components'];
        if (!Array.isArray(list)) return bad(`${at}.components`, 'not an array');
        list.forEach((x: unknown, k) => component(x, `${at}.components[${k}]`, [1, 10, 9, 12, 14, 13]));
        return;
      }
      default:
        return bad(at, `type ${String(type)}`);
    }
  };
  if (components !== undefined) {
    if (!Array.isArray(components) || components.length === 0) bad('components', 'not a non-empty array');
    const list = Array.isArray(components) ? components : [];
    if (!v2 && list.length > 5) bad('components', `${list.length} action rows, over 5`);
    list.forEach((c: unknown, i) => component(c, `components[${i}]`, v2 ? [1, 9, 10, 12, 13, 14, 17] : [1]));
    if (v2 && v2Total > 40) bad('components', `${v2Total} components in all, over 40`);
  }
  return problems;
}
