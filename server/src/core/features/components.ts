// Components: buttons, select menus, modals and Components V2 (containers, sections, text
// displays, thumbnails, media galleries, separators, action rows), judged per message along the
// execution paths (paths.ts). A message is the command's response on one path: components
// given a Message ID go to another message and are not counted, nor are components in exclusive
// branches, in different interaction handlers or after `$stop`. The rules: at most 5 buttons or
// one select menu per action row (`action-row-limit`), Discord's counts per message
// (`component-limit`: legacy action rows, the Components V2 total, texts per section, items per
// gallery, options per select menu), custom IDs unique within a message (`duplicate-custom-id`),
// Components V2 never with embeds (`components-v2-embed`), and the beginner hint about link
// buttons (`link-button-url`). The numbers come from limits.ts. Each chunk summarises its
// component calls once; completion of component IDs reads the same summaries.

import { declareChunkFact } from '../parser/parser';
import { literalText } from '../parser/query';
import type { ArgNode, CallNode, ChunkView, ParsedDocument } from '../parser/tree';
import { limit } from './limits';
import { inTrigger, pathModel, walkPaths, type PathWalker } from './paths';

/** What a component function does to a message. */
export type ComponentRole =
  | 'button'
  | 'selectMenu'
  | 'selectOption'
  | 'modal'
  | 'textInput'
  | 'container'
  | 'section'
  | 'textDisplay'
  | 'thumbnail'
  | 'buttonV2'
  | 'actionRow'
  | 'gallery'
  | 'galleryItem'
  | 'separator'
  | 'selectV2'
  | 'selectOptionV2'
  | 'embed'
  | 'reset'
  | 'editButton';

/** Where a function keeps what the rules read: argument indexes (from the catalog's signatures). */
interface ComponentFunction {
  readonly role: ComponentRole;
  /** The ID the call gives (custom ID, or the ID children refer to). */
  readonly id?: number;
  /** The ID of the parent (container, section, action row, gallery, select menu). */
  readonly parent?: number;
  /** A Message ID that sends the component to another message. */
  readonly messageId?: number;
  /** `$addButton`'s "New row". */
  readonly newRow?: number;
  readonly style?: number;
}

/** The component functions, by name; argument indexes follow the catalog's tags. */
export const COMPONENT_FUNCTIONS: ReadonlyMap<string, ComponentFunction> = new Map<string, ComponentFunction>([
  // Classic components: `$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]` ...
  ['$addButton', { role: 'button', newRow: 0, id: 1, style: 3, messageId: 6 }],
  ['$newSelectMenu', { role: 'selectMenu', id: 0, messageId: 4 }],
  ['$addSelectMenuOption', { role: 'selectOption', parent: 0, messageId: 6 }],
  ['$newModal', { role: 'modal', id: 0 }],
  ['$addTextInput', { role: 'textInput', id: 0 }],
  ['$editButton', { role: 'editButton', id: 0, style: 2, messageId: 5 }],
  // Components V2.
  ['$addContainer', { role: 'container', id: 0 }],
  ['$addSection', { role: 'section', id: 0, parent: 1 }],
  ['$addTextDisplay', { role: 'textDisplay', parent: 1 }],
  ['$addThumbnail', { role: 'thumbnail', parent: 3 }],
  ['$addButtonCV2', { role: 'buttonV2', id: 0, style: 2, parent: 5 }],
  ['$addActionRow', { role: 'actionRow', id: 0, parent: 1 }],
  ['$addMediaGallery', { role: 'gallery', id: 0, parent: 1 }],
  ['$addMediaGalleryItem', { role: 'galleryItem', parent: 3 }],
  ['$addSeparator', { role: 'separator', parent: 2 }],
  ['$addStringSelect', { role: 'selectV2', id: 0, parent: 5 }],
  ['$addUserSelect', { role: 'selectV2', id: 0, parent: 5 }],
  ['$addRoleSelect', { role: 'selectV2', id: 0, parent: 5 }],
  ['$addMentionableSelect', { role: 'selectV2', id: 0, parent: 5 }],
  ['$addChannelSelect', { role: 'selectV2', id: 0, parent: 5 }],
  ['$addStringSelectOption', { role: 'selectOptionV2', parent: 5 }],
  // What empties the response's components (with a Message ID they act on another message).
  ['$removeButtons', { role: 'reset', messageId: 0 }],
  ['$removeAllComponents', { role: 'reset', messageId: 0 }],
  ['$removeComponent', { role: 'reset', messageId: 1 }],
  // Embed functions: they always build the response's embeds.
  ...['$title', '$description', '$color', '$footer', '$footerIcon', '$author', '$authorIcon', '$authorURL', '$image', '$thumbnail', '$addField', '$embeddedURL', '$addTimestamp'].map(
    (name): [string, ComponentFunction] => [name, { role: 'embed' }],
  ),
]);

const V2_ROLES: ReadonlySet<ComponentRole> = new Set(['container', 'section', 'textDisplay', 'thumbnail', 'buttonV2', 'actionRow', 'gallery', 'separator', 'selectV2']);

/** A literal value, `null` when built at run time, undefined when the argument is absent. */
type Value = string | null | undefined;

/** One component call as its chunk summarises it (offsets relative to the chunk). */
export interface ComponentCall {
  readonly role: ComponentRole;
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly nameEnd: number;
  readonly id: Value;
  /** Where the ID argument is (its span), when the call has one. */
  readonly idStart: number;
  readonly idEnd: number;
  readonly parent: Value;
  readonly newRow: Value;
  readonly style: Value;
  /** A Message ID (literal or built at run time) sends the component to another message. */
  readonly elsewhere: boolean;
}

const componentFact = declareChunkFact('components', (text: string, view: ChunkView, base: number): ComponentCall[] => {
  const out: ComponentCall[] = [];
  for (const call of view.calls) {
    const fn = COMPONENT_FUNCTIONS.get(call.name);
    if (!fn) continue;
    const idArg = fn.id !== undefined ? call.args[fn.id] : undefined;
    const message = fn.messageId !== undefined ? call.args[fn.messageId] : undefined;
    out.push({
      role: fn.role,
      name: call.name,
      start: call.start - base,
      end: call.end - base,
      nameEnd: call.nameEnd - base,
      id: valueOf(text, call, fn.id),
      idStart: idArg ? idArg.start - base : -1,
      idEnd: idArg ? idArg.end - base : -1,
      parent: trimmed(valueOf(text, call, fn.parent)),
      newRow: lower(valueOf(text, call, fn.newRow)),
      style: lower(valueOf(text, call, fn.style)),
      elsewhere: message !== undefined && !isBlankArg(text, message),
    });
  }
  return out;
});

function valueOf(text: string, call: CallNode, index: number | undefined): Value {
  if (index === undefined || call.open < 0) return undefined;
  const arg = call.args[index];
  if (!arg) return undefined;
  const value = literalText(text, arg);
  return value === undefined ? null : value;
}

function trimmed(v: Value): Value {
  return typeof v === 'string' ? v.trim() : v;
}

function lower(v: Value): Value {
  return typeof v === 'string' ? v.trim().toLowerCase() : v;
}

function isBlankArg(text: string, arg: ArgNode): boolean {
  const v = literalText(text, arg);
  return v !== undefined && v.trim() === '';
}

/** The document's component calls, absolute offsets, in document order (made once per parse). */
export function componentCalls(parsed: ParsedDocument): readonly ComponentCall[] {
  let cached = callsCache.get(parsed);
  if (cached) return cached;
  cached = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    for (const c of componentFact(parsed, i)) {
      cached.push({ ...c, start: c.start + base, end: c.end + base, nameEnd: c.nameEnd + base, idStart: c.idStart >= 0 ? c.idStart + base : -1, idEnd: c.idEnd >= 0 ? c.idEnd + base : -1 });
    }
  }
  callsCache.set(parsed, cached);
  return cached;
}

const callsCache = new WeakMap<ParsedDocument, ComponentCall[]>();

// ---------------------------------------------------------------------------------------------
// Rules.

export type ComponentCode = 'action-row-limit' | 'component-limit' | 'duplicate-custom-id' | 'components-v2-embed' | 'link-button-url';

export interface ComponentFinding {
  readonly code: ComponentCode;
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly related: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: string }>;
}

const URL_LIKE = /^https?:\/\//i;

/** A button's ID argument as a custom ID: a literal that is not a URL. */
function customId(c: ComponentCall): string | undefined {
  if (typeof c.id !== 'string' || c.id === '' || URL_LIKE.test(c.id.trim())) return undefined;
  return c.id;
}

/** The findings of the component rules over the whole document. */
export function componentFindings(parsed: ParsedDocument): ComponentFinding[] {
  const calls = componentCalls(parsed);
  if (calls.length === 0) return [];
  const out = new FindingList();
  for (const c of calls) linkButtonHint(c, out);
  // The response's components: not in the trigger, not sent to another message.
  const events = calls.filter((c) => c.role !== 'editButton' && c.role !== 'modal' && c.role !== 'textInput' && !c.elsewhere && !inTrigger(parsed, c.start));
  if (events.length === 0) return out.list;
  const model = pathModel(parsed);
  const hasV2 = events.some((c) => V2_ROLES.has(c.role));
  const asEvents = events.map((c) => ({ at: c.start, call: c }));
  if (!hasV2) walkPaths(model, asEvents, legacyRows(out));
  walkPaths(model, asEvents, duplicateIds(out));
  if (hasV2) {
    walkPaths(model, asEvents, v2Counts(out));
    walkPaths(model, asEvents, v2WithEmbeds(out));
  }
  walkPaths(model, asEvents, selectOptions(out));
  return out.list;
}

class FindingList {
  readonly list: ComponentFinding[] = [];
  private readonly seen = new Set<string>();

  add(f: ComponentFinding): void {
    const key = `${f.code}@${f.start}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(f);
  }
}

type Event = { readonly at: number; readonly call: ComponentCall };

/** A finding on a call's name. */
function onName(code: ComponentCode, c: ComponentCall, message: string, related: ComponentFinding['related'] = []): ComponentFinding {
  return { code, start: c.start, end: c.nameEnd, message, related };
}

/** `link-button-url`: a link button needs a URL, and a URL needs the link style. */
function linkButtonHint(c: ComponentCall, out: FindingList): void {
  if (c.role !== 'button' && c.role !== 'buttonV2' && c.role !== 'editButton') return;
  if (typeof c.style !== 'string' || typeof c.id !== 'string') return;
  const isUrl = URL_LIKE.test(c.id.trim());
  const start = c.idStart >= 0 ? c.idStart : c.start;
  const end = c.idStart >= 0 ? c.idEnd : c.nameEnd;
  if (c.style === 'link' && !isUrl) {
    out.add({
      code: 'link-button-url',
      start,
      end,
      message: `A \`link\` button opens a URL and sends no interaction: its "Button ID/URL" must be a URL starting with http:// or https:// (for a button the bot answers, use primary, secondary, success or danger).`,
      related: [],
    });
  } else if (isUrl && ['primary', 'secondary', 'success', 'danger'].includes(c.style)) {
    out.add({
      code: 'link-button-url',
      start,
      end,
      message: `This button has a URL but the style "${c.style}": a button that opens a URL needs the style \`link\`.`,
      related: [],
    });
  }
}

/**
 * Legacy action rows (`$addButton`, `$newSelectMenu`): "New row" yes (or a value built at run
 * time) starts a row, no continues the last one; a select menu fills a row of its own. At most 5
 * buttons per row and 5 rows per message. Only for messages without Components V2 (whose rows are
 * counted in the V2 total instead).
 */
function legacyRows(out: FindingList): PathWalker<Event, { rows: number; inRow: number; select: boolean }> {
  const maxButtons = limit('buttonsPerActionRow');
  const maxRows = limit('legacyActionRows');
  return {
    initial: { rows: 0, inRow: 0, select: false },
    key: (s) => `${Math.min(s.rows, maxRows + 1)}:${Math.min(s.inRow, maxButtons + 1)}:${s.select ? 1 : 0}`,
    step: (s, { call: c }) => {
      if (c.role === 'reset') return { rows: 0, inRow: 0, select: false };
      if (c.role === 'selectMenu') {
        const rows = s.rows + 1;
        if (rows === maxRows + 1) out.add(onName('component-limit', c, `This select menu needs a ${ordinal(rows)} action row; a message holds at most ${maxRows} (each select menu takes a row of its own, and rows of buttons count too).`));
        return { rows, inRow: 0, select: true };
      }
      if (c.role !== 'button') return s;
      const continues = c.newRow === 'no' || c.newRow === 'false';
      if (!continues || s.rows === 0 || s.select) {
        const rows = s.rows + 1;
        if (rows === maxRows + 1) {
          out.add(onName('component-limit', c, `This button starts a ${ordinal(rows)} action row; a message holds at most ${maxRows} rows of ${maxButtons} buttons (select menus take a row each).`));
        }
        return { rows, inRow: 1, select: false };
      }
      const inRow = s.inRow + 1;
      if (inRow === maxButtons + 1) {
        out.add(onName('action-row-limit', c, `This is the ${ordinal(inRow)} button in one action row; a row holds at most ${maxButtons}. Give this button \`yes\` as "New row" to start a new row.`));
      }
      return { ...s, inRow };
    },
  };
}

/** Custom IDs unique within one message: buttons (not link ones) and select menus. */
function duplicateIds(out: FindingList): PathWalker<Event, ReadonlyMap<string, ComponentCall>> {
  return {
    initial: new Map(),
    key: (s) => [...s.keys()].join('\u0000'),
    step: (s, { call: c }) => {
      if (c.role === 'reset') return new Map();
      if (c.role !== 'button' && c.role !== 'buttonV2' && c.role !== 'selectMenu' && c.role !== 'selectV2') return s;
      const id = c.role === 'button' || c.role === 'buttonV2' ? customId(c) : typeof c.id === 'string' && c.id !== '' ? c.id : undefined;
      if (id === undefined) return s;
      const first = s.get(id);
      if (first) {
        out.add({
          code: 'duplicate-custom-id',
          start: c.idStart,
          end: c.idEnd,
          message: `The custom ID ${JSON.stringify(short(id))} is already used by another component of this message; Discord needs a different ID for each component of one message.`,
          related: [{ start: first.idStart, end: first.idEnd, message: 'The first component with this ID' }],
        });
        return s;
      }
      const next = new Map(s);
      next.set(id, c);
      return next;
    },
  };
}

interface V2State {
  readonly total: number;
  /** Kinds of the IDs created so far (container, section, actionRow, gallery). */
  readonly kinds: ReadonlyMap<string, ComponentRole>;
  /** Per action row: buttons and select menus in it. */
  readonly rows: ReadonlyMap<string, { readonly buttons: number; readonly selects: number }>;
  readonly sectionTexts: ReadonlyMap<string, number>;
}

/** Components V2: the total per message, rows by ID, texts per section. */
function v2Counts(out: FindingList): PathWalker<Event, V2State> {
  const maxTotal = limit('componentsV2Total');
  const maxButtons = limit('buttonsPerActionRow');
  const maxTexts = limit('sectionChildren');
  const initial: V2State = { total: 0, kinds: new Map(), rows: new Map(), sectionTexts: new Map() };
  return {
    initial,
    key: (s) =>
      [
        Math.min(s.total, maxTotal + 1),
        [...s.kinds].map((e) => e.join('=')).join(','),
        [...s.rows].map(([k, v]) => `${k}=${v.buttons}/${v.selects}`).join(','),
        [...s.sectionTexts].map((e) => e.join('=')).join(','),
      ].join('|'),
    step: (s, { call: c }) => {
      if (c.role === 'reset') return initial;
      if (!V2_ROLES.has(c.role)) return s;
      const total = s.total + 1;
      if (total === maxTotal + 1) {
        out.add(onName('component-limit', c, `This is the ${ordinal(total)} component of this Components V2 message; Discord allows ${maxTotal} in one message, nested ones included.`));
      }
      let next: V2State = { ...s, total };
      const id = typeof c.id === 'string' ? c.id.trim() : undefined;
      const parent = typeof c.parent === 'string' ? c.parent : undefined;
      const parentKind = parent !== undefined ? s.kinds.get(parent) : undefined;
      if (id !== undefined && id !== '' && (c.role === 'container' || c.role === 'section' || c.role === 'actionRow' || c.role === 'gallery')) {
        const kinds = new Map(next.kinds);
        kinds.set(id, c.role);
        next = { ...next, kinds };
      }
      if ((c.role === 'buttonV2' || c.role === 'selectV2') && parent !== undefined && parentKind === 'actionRow') {
        const row = next.rows.get(parent) ?? { buttons: 0, selects: 0 };
        const updated = c.role === 'buttonV2' ? { ...row, buttons: row.buttons + 1 } : { ...row, selects: row.selects + 1 };
        const rows = new Map(next.rows);
        rows.set(parent, updated);
        next = { ...next, rows };
        if (c.role === 'buttonV2' && row.selects > 0) {
          out.add(onName('action-row-limit', c, `The action row ${JSON.stringify(short(parent))} already holds a select menu; a select menu fills its row alone, so this button needs a row of its own.`));
        } else if (c.role === 'selectV2' && (row.buttons > 0 || row.selects > 0)) {
          out.add(onName('action-row-limit', c, `The action row ${JSON.stringify(short(parent))} already holds ${row.selects > 0 ? 'a select menu' : 'buttons'}; a select menu fills its row alone.`));
        } else if (updated.buttons === maxButtons + 1) {
          out.add(onName('action-row-limit', c, `This is the ${ordinal(updated.buttons)} button in the action row ${JSON.stringify(short(parent))}; a row holds at most ${maxButtons}.`));
        }
      }
      if (c.role === 'textDisplay' && parent !== undefined && parentKind === 'section') {
        const n = (next.sectionTexts.get(parent) ?? 0) + 1;
        const sectionTexts = new Map(next.sectionTexts);
        sectionTexts.set(parent, n);
        next = { ...next, sectionTexts };
        if (n === maxTexts + 1) {
          out.add(onName('component-limit', c, `This is the ${ordinal(n)} text display in the section ${JSON.stringify(short(parent))}; a section holds one to ${maxTexts}.`));
        }
      }
      return next;
    },
  };
}

/** Media gallery items and select menu options: they are not components, so they are counted apart. */
function selectOptions(out: FindingList): PathWalker<Event, ReadonlyMap<string, number>> {
  const maxOptions = limit('selectOptions');
  const maxItems = limit('mediaGalleryItems');
  return {
    initial: new Map(),
    key: (s) => [...s].map((e) => e.join('=')).join(','),
    step: (s, { call: c }) => {
      if (c.role === 'reset') return new Map();
      let key: string | undefined;
      if ((c.role === 'selectOption' || c.role === 'selectOptionV2') && typeof c.parent === 'string') key = `o:${c.parent}`;
      else if (c.role === 'galleryItem' && typeof c.parent === 'string') key = `g:${c.parent}`;
      else if ((c.role === 'selectMenu' || c.role === 'selectV2' || c.role === 'gallery') && typeof c.id === 'string') {
        // A new menu or gallery with an ID starts its own count.
        const next = new Map(s);
        next.set(`${c.role === 'gallery' ? 'g' : 'o'}:${c.id.trim()}`, 0);
        return next;
      }
      if (key === undefined) return s;
      const n = (s.get(key) ?? 0) + 1;
      const next = new Map(s);
      next.set(key, n);
      const gallery = key.startsWith('g:');
      const max = gallery ? maxItems : maxOptions;
      if (n === max + 1) {
        const owner = JSON.stringify(short(key.slice(2)));
        out.add(
          onName(
            'component-limit',
            c,
            gallery
              ? `This is the ${ordinal(n)} item of the media gallery ${owner}; a gallery holds 1 to ${max}.`
              : `This is the ${ordinal(n)} option of the select menu ${owner}; a select menu holds at most ${max} options.`,
          ),
        );
      }
      return next;
    },
  };
}

/** Components V2 replace a message's content and embeds: both in one message is an error. */
function v2WithEmbeds(out: FindingList): PathWalker<Event, { v2?: ComponentCall; embed?: ComponentCall }> {
  return {
    initial: {},
    key: (s) => `${s.v2 ? 1 : 0}${s.embed ? 1 : 0}`,
    step: (s, { call: c }) => {
      const isV2 = V2_ROLES.has(c.role);
      if (!isV2 && c.role !== 'embed') return s;
      const next = isV2 ? { ...s, v2: s.v2 ?? c } : { ...s, embed: s.embed ?? c };
      if (next.v2 && next.embed && !(s.v2 && s.embed)) {
        const other = isV2 ? next.embed : next.v2;
        out.add(
          onName(
            'components-v2-embed',
            c,
            isV2
              ? `\`${c.name}\` makes this a Components V2 message, which cannot have embeds, but \`${other.name}\` builds one. Use a container (\`$addContainer\` with \`$addTextDisplay\`) instead of the embed.`
              : `\`${c.name}\` builds an embed, but this is a Components V2 message (\`${other.name}\`), which cannot have embeds. Use a container (\`$addContainer\` with \`$addTextDisplay\`) instead.`,
            [{ start: other.start, end: other.nameEnd, message: isV2 ? 'The embed' : 'The Components V2 component' }],
          ),
        );
      }
      return next;
    },
  };
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

function short(s: string): string {
  return s.length > 40 ? s.slice(0, 39) + '…' : s;
}

// ---------------------------------------------------------------------------------------------
// Completion of component IDs.

/** What an ID names. */
export type IdKind = 'custom' | 'menu' | 'select' | 'modal' | 'input' | 'container' | 'section' | 'row' | 'gallery';

/** The ID kinds each function's arguments take, by name and argument index. */
const ID_ARGUMENTS: ReadonlyMap<string, ReadonlyMap<number, readonly IdKind[]>> = new Map<string, Map<number, IdKind[]>>([
  ['$editButton', new Map([[0, ['custom']]])],
  ['$removeComponent', new Map([[0, ['custom', 'menu', 'select']]])],
  ['$editSelectMenu', new Map([[0, ['menu']]])],
  ['$editSelectMenuOption', new Map([[0, ['menu']]])],
  ['$addSelectMenuOption', new Map([[0, ['menu']]])],
  ['$addStringSelectOption', new Map([[5, ['select']]])],
  ['$input', new Map([[0, ['input']]])],
  ['$onInteraction', new Map([[0, ['custom', 'menu', 'select', 'modal']]])],
  ['$addSection', new Map([[1, ['container']]])],
  ['$addActionRow', new Map([[1, ['container']]])],
  ['$addMediaGallery', new Map([[1, ['container']]])],
  ['$addSeparator', new Map([[2, ['container']]])],
  ['$addTextDisplay', new Map([[1, ['container', 'section']]])],
  ['$addThumbnail', new Map([[3, ['section']]])],
  ['$addButtonCV2', new Map([[5, ['row', 'section']]])],
  ['$addStringSelect', new Map([[5, ['row']]])],
  ['$addUserSelect', new Map([[5, ['row']]])],
  ['$addRoleSelect', new Map([[5, ['row']]])],
  ['$addMentionableSelect', new Map([[5, ['row']]])],
  ['$addChannelSelect', new Map([[5, ['row']]])],
  ['$addMediaGalleryItem', new Map([[3, ['gallery']]])],
]);

/** The ID kinds argument `index` of `name` takes, if it takes component IDs. */
export function idKindsOf(name: string, index: number): readonly IdKind[] | undefined {
  return ID_ARGUMENTS.get(name)?.get(index);
}

/** The custom IDs an interaction can carry (`$customID==...`). */
export const INTERACTION_ID_KINDS: readonly IdKind[] = ['custom', 'menu', 'select', 'modal'];

function kindOf(c: ComponentCall): IdKind | undefined {
  switch (c.role) {
    case 'button':
    case 'buttonV2':
      return customId(c) !== undefined ? 'custom' : undefined;
    case 'selectMenu':
      return 'menu';
    case 'selectV2':
      return 'select';
    case 'modal':
      return 'modal';
    case 'textInput':
      return 'input';
    case 'container':
      return 'container';
    case 'section':
      return 'section';
    case 'actionRow':
      return 'row';
    case 'gallery':
      return 'gallery';
    default:
      return undefined;
  }
}

/** The literal IDs the document gives components of the given kinds, in document order, each once, with what made them. */
export function componentIds(parsed: ParsedDocument, kinds: readonly IdKind[]): Array<{ id: string; kind: IdKind; by: string }> {
  const out: Array<{ id: string; kind: IdKind; by: string }> = [];
  const seen = new Set<string>();
  for (const c of componentCalls(parsed)) {
    const kind = kindOf(c);
    if (!kind || !kinds.includes(kind) || typeof c.id !== 'string') continue;
    const id = c.id.trim();
    if (id === '' || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, kind, by: c.name });
  }
  return out;
}
