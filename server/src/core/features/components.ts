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

import { ChunkFact, DerivedValue, moveEach, moveNumbers, moveOffsets } from '../parser/facts';
import { DocumentRule } from './carry';
import { literalText } from '../parser/query';
import type { ArgNode, CallNode, ChunkView, ParsedDocument } from '../parser/tree';
import { limit } from './limits';
import { inTrigger, pathModel, walkPaths, type PathModel, type PathWalker, type Relation } from './paths';
import { msg, type Msg } from '../l10n';
import { SHAPES, type IdKind, type PartRole } from './shapes';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

/** What a component function does to a message (the roles of shapes.ts that the component rules follow). */
export type ComponentRole = Exclude<PartRole, 'editSelectMenu' | 'editSelectOption' | 'reference' | 'sender'>;

const COMPONENT_ROLES: ReadonlySet<PartRole> = new Set<ComponentRole>([
  'button',
  'selectMenu',
  'selectOption',
  'modal',
  'textInput',
  'container',
  'section',
  'textDisplay',
  'thumbnail',
  'buttonV2',
  'actionRow',
  'gallery',
  'galleryItem',
  'separator',
  'selectV2',
  'selectOptionV2',
  'embed',
  'reset',
  'editButton',
]);

/** Where a function keeps what the rules read: argument indexes, from the one table of shapes (shapes.ts). */
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

/** The component functions, by name, with their argument indexes (shapes.ts). */
export const COMPONENT_FUNCTIONS: ReadonlyMap<string, ComponentFunction> = new Map(
  [...SHAPES.values()]
    .filter((shape) => COMPONENT_ROLES.has(shape.role))
    .map((shape): [string, ComponentFunction] => {
      const fn: { -readonly [K in keyof ComponentFunction]: ComponentFunction[K] } = {
        role: shape.role as ComponentRole,
      };
      // Embed functions need only their place: the component rules read no argument of theirs.
      if (shape.role !== 'embed') {
        const id = shape.at('id') ?? shape.at('idOrUrl');
        if (id !== undefined) fn.id = id;
        for (const key of ['parent', 'messageId', 'newRow', 'style'] as const) {
          const at = shape.at(key);
          if (at !== undefined) fn[key] = at;
        }
      }
      return [shape.name, fn];
    }),
);

const V2_ROLES: ReadonlySet<ComponentRole> = new Set([
  'container',
  'section',
  'textDisplay',
  'thumbnail',
  'buttonV2',
  'actionRow',
  'gallery',
  'separator',
  'selectV2',
]);

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

/** What a chunk says about components: the component calls, and where embed functions are (start, name end pairs). */
interface ComponentFacts {
  readonly calls: readonly ComponentCall[];
  /** Embed functions are many and need only their place: kept as numbers. */
  readonly embeds: readonly number[];
}

export const COMPONENT_FACT = new ChunkFact<ComponentFacts>({
  name: 'components',
  compute: chunkComponents,
  move: (fact, shift) => {
    const calls = moveEach(fact.calls, (c) => moveOffsets(c, ['start', 'end', 'nameEnd', 'idStart', 'idEnd'], shift));
    const embeds = moveNumbers(fact.embeds, shift);
    return calls && embeds && (calls === fact.calls && embeds === fact.embeds ? fact : { calls, embeds });
  },
});

/** The calls the components fact reads (see CallFilter). */
const COMPONENT_CALLS = new CallFilter(COMPONENT_FUNCTIONS.keys());

function chunkComponents(text: DocText, view: ChunkView, base: number): ComponentFacts {
  const calls: ComponentCall[] = [];
  const embeds: number[] = [];
  // Indexed, not `for...of`, as in every fact taken while a chunk is made into nodes: a cold check
  // runs these loops over every call in the interpreter, where an iterator is a call and an
  // object per step.
  const all = COMPONENT_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    const fn = COMPONENT_FUNCTIONS.get(call.name);
    if (!fn) continue;
    if (fn.role === 'embed') {
      embeds.push(call.start - base, call.nameEnd - base);
      continue;
    }
    const idArg = fn.id !== undefined ? call.args[fn.id] : undefined;
    const message = fn.messageId !== undefined ? call.args[fn.messageId] : undefined;
    calls.push({
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
  return { calls, embeds };
}

function valueOf(text: DocText, call: CallNode, index: number | undefined): Value {
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

function isBlankArg(text: DocText, arg: ArgNode): boolean {
  const v = literalText(text, arg);
  return v !== undefined && v.trim() === '';
}

/** The document's component calls (embed functions aside), absolute offsets, in document order (made once per parse). */
export function componentCalls(parsed: ParsedDocument): readonly ComponentCall[] {
  return CALLS.of(parsed);
}

const CALLS = new DerivedValue('component calls', (parsed): readonly ComponentCall[] => {
  const out: ComponentCall[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    for (const c of parsed.fact(COMPONENT_FACT, i).calls) {
      out.push({
        ...c,
        start: c.start + base,
        end: c.end + base,
        nameEnd: c.nameEnd + base,
        idStart: c.idStart >= 0 ? c.idStart + base : -1,
        idEnd: c.idEnd >= 0 ? c.idEnd + base : -1,
      });
    }
  }
  return out;
});

/** The embed function calls of the document outside the trigger, in document order. */
function embedCalls(parsed: ParsedDocument): ComponentCall[] {
  const out: ComponentCall[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const embeds = parsed.fact(COMPONENT_FACT, i).embeds;
    for (let k = 0; k + 1 < embeds.length; k += 2) {
      const at = embeds[k];
      const end = embeds[k + 1];
      if (at === undefined || end === undefined) break;
      const start = at + base;
      const nameEnd = end + base;
      if (inTrigger(parsed, start)) continue;
      const name = parsed.text.slice(start, nameEnd);
      out.push({
        role: 'embed',
        name,
        start,
        end: nameEnd,
        nameEnd,
        id: undefined,
        idStart: -1,
        idEnd: -1,
        parent: undefined,
        newRow: undefined,
        style: undefined,
        elsewhere: false,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rules.

export type ComponentCode =
  'action-row-limit' | 'component-limit' | 'duplicate-custom-id' | 'components-v2-embed' | 'link-button-url';

export interface ComponentFinding {
  readonly code: ComponentCode;
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
  readonly related: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: Msg }>;
}

const URL_LIKE = /^https?:\/\//i;

/** Whether a button's "Button ID/URL" value is a URL (it starts with http:// or https://, blanks around it aside) rather than a custom ID. */
export function isUrlLike(value: string): boolean {
  return URL_LIKE.test(value.trim());
}

/** A button's ID argument as a custom ID: a literal that is not a URL. */
function customId(c: ComponentCall): string | undefined {
  if (typeof c.id !== 'string' || c.id === '' || isUrlLike(c.id)) return undefined;
  return c.id;
}

/** The response's component calls the rules count: not in the trigger, not sent to another message, no modals. */
export function responseComponentCalls(parsed: ParsedDocument): ComponentCall[] {
  return responseEvents(parsed, componentCalls(parsed));
}

/** The components rule: its findings, carried over edits that leave what it reads in place (carry.ts). */
export const COMPONENT_RULE = new DocumentRule('components', componentFindings);

/** The findings of the component rules over the whole document. */
export function componentFindings(parsed: ParsedDocument): ComponentFinding[] {
  const calls = componentCalls(parsed);
  if (calls.length === 0) return [];
  const out = new FindingList();
  for (const c of calls) linkButtonHint(c, out);
  const events = responseEvents(parsed, calls);
  if (events.length === 0) return out.list;
  const model = pathModel(parsed);
  const hasV2 = events.some((c) => V2_ROLES.has(c.role));
  const resets = events.filter((c) => c.role === 'reset');
  // Each walk sees only the calls it counts, with a state of a few numbers, so its cost is the
  // number of those calls; a group (one action row, one section...) is walked on its own.
  // A count whose walker reports only past `limit` (`counted`) needs no walk when no path can
  // take it there: fewer calls than that in all, or on any path through the blocks
  // (PathModel.mostOnOnePath; resets only lower a count, so each call counts one).
  const walk = <S>(group: readonly ComponentCall[], walker: PathWalker<Event, S>, limit?: number): void => {
    if (group.length === 0 || (limit !== undefined && group.length <= limit)) return;
    // Only resets among the group's calls can change its counts.
    let first = Infinity;
    let last = -1;
    for (const c of group) {
      first = Math.min(first, c.start);
      last = Math.max(last, c.start);
    }
    const between = resets.filter((r) => r.start > first && r.start < last);
    const items = [...group, ...between].map((c) => ({ at: c.start, call: c, count: 1 })).sort((a, b) => a.at - b.at);
    if (limit !== undefined && model.mostOnOnePath(items) <= limit) return;
    walkPaths(model, items, walker);
  };
  const byRole = (roles: readonly ComponentRole[]): ComponentCall[] => events.filter((c) => roles.includes(c.role));
  if (!hasV2) walk(byRole(['button', 'selectMenu']), legacyRows(out));
  duplicateIds(model, events, out);
  if (hasV2) {
    walk(
      events.filter((c) => V2_ROLES.has(c.role)),
      v2Total(out),
      limit('componentsV2Total'),
    );
    v2WithEmbeds(model, events, embedCalls(parsed), out);
    // What each ID names, from the calls that create it (an ID given to two kinds names neither).
    const kinds = new Map<string, ComponentRole | null>();
    for (const c of events) {
      if (
        typeof c.id !== 'string' ||
        !['container', 'section', 'actionRow', 'gallery', 'selectMenu', 'selectV2'].includes(c.role)
      )
        continue;
      const id = c.id.trim();
      const seen = kinds.get(id);
      kinds.set(id, seen === undefined || seen === c.role ? c.role : null);
    }
    for (const [parent, group] of groupBy(events, (c) =>
      (c.role === 'buttonV2' || c.role === 'selectV2') &&
      typeof c.parent === 'string' &&
      kinds.get(c.parent) === 'actionRow'
        ? c.parent
        : undefined,
    )) {
      walk(group, actionRow(parent, out));
    }
    for (const [parent, group] of groupBy(events, (c) =>
      c.role === 'textDisplay' && typeof c.parent === 'string' && kinds.get(c.parent) === 'section'
        ? c.parent
        : undefined,
    )) {
      walk(
        group,
        counted(limit('sectionChildren'), out, (n) =>
          msg('comp.sectionTexts', { n, section: JSON.stringify(short(parent)), max: limit('sectionChildren') }),
        ),
        limit('sectionChildren'),
      );
    }
  }
  // A new menu or gallery of an ID starts its own count.
  const starts = groupBy(events, (c) =>
    typeof c.id !== 'string'
      ? undefined
      : c.role === 'gallery'
        ? `g:${c.id.trim()}`
        : c.role === 'selectMenu' || c.role === 'selectV2'
          ? `o:${c.id.trim()}`
          : undefined,
  );
  for (const [key, group] of groupBy(events, (c) => optionGroup(c))) {
    const owner = JSON.stringify(short(key.slice(2)));
    const gallery = key.startsWith('g:');
    const max = limit(gallery ? 'mediaGalleryItems' : 'selectOptions');
    walk(
      [...group, ...(starts.get(key) ?? [])],
      counted(
        max,
        out,
        (n) => msg(gallery ? 'comp.galleryItems' : 'comp.selectOptions', { n, owner, max }),
        (c) => c.role === 'gallery' || c.role === 'selectMenu' || c.role === 'selectV2',
      ),
      max,
    );
  }
  return out.list;
}

/** The response's components: not in the trigger, not sent to another message. */
function responseEvents(parsed: ParsedDocument, calls: readonly ComponentCall[]): ComponentCall[] {
  return calls.filter(
    (c) =>
      c.role !== 'editButton' &&
      c.role !== 'modal' &&
      c.role !== 'textInput' &&
      !c.elsewhere &&
      !inTrigger(parsed, c.start),
  );
}

/** What the reply's components hold, for the budget above the code that builds them (codeLens.ts). */
export interface ComponentTotals {
  /** Where the first component call starts. */
  readonly first: number;
  /** The most legacy action rows on any one path, counted as `component-limit` counts them (no Components V2). */
  readonly rows?: number;
  /** The most Components V2 components on any one path, as the 40-component total counts them. */
  readonly v2?: number;
}

/** The reply's component counts along the paths, from the summaries the rules read; undefined when it has none. */
export function componentTotals(parsed: ParsedDocument): ComponentTotals | undefined {
  const events = responseEvents(parsed, componentCalls(parsed));
  const first = events.find((c) => c.role !== 'reset');
  if (!first) return undefined;
  const model = pathModel(parsed);
  const sink = new FindingList();
  const items = (group: readonly ComponentCall[]): Event[] => group.map((c) => ({ at: c.start, call: c }));
  if (events.some((c) => V2_ROLES.has(c.role))) {
    const group = events.filter((c) => V2_ROLES.has(c.role) || c.role === 'reset');
    const ends = walkPaths(model, items(group), v2Total(sink));
    return { first: first.start, v2: Math.max(0, ...ends.map((e) => e.state)) };
  }
  const group = events.filter((c) => c.role === 'button' || c.role === 'selectMenu' || c.role === 'reset');
  if (!group.some((c) => c.role !== 'reset')) return { first: first.start };
  const ends = walkPaths(model, items(group), legacyRows(sink));
  return { first: first.start, rows: Math.max(0, ...ends.map((e) => e.state.rows)) };
}

/** The group an option or gallery item counts in: `o:` + menu ID or `g:` + gallery ID. */
function optionGroup(c: ComponentCall): string | undefined {
  if (typeof c.parent !== 'string') return undefined;
  if (c.role === 'selectOption' || c.role === 'selectOptionV2') return `o:${c.parent}`;
  if (c.role === 'galleryItem') return `g:${c.parent}`;
  return undefined;
}

function groupBy(
  calls: readonly ComponentCall[],
  keyOf: (c: ComponentCall) => string | undefined,
): Map<string, ComponentCall[]> {
  const out = new Map<string, ComponentCall[]>();
  for (const c of calls) {
    const key = keyOf(c);
    if (key === undefined) continue;
    const list = out.get(key);
    if (list) list.push(c);
    else out.set(key, [c]);
  }
  return out;
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

/** A component call placed on the paths (what the walkers of this module step on). */
export type ComponentEvent = Event;

/** A finding on a call's name. */
function onName(
  code: ComponentCode,
  c: ComponentCall,
  message: Msg,
  related: ComponentFinding['related'] = [],
): ComponentFinding {
  return { code, start: c.start, end: c.nameEnd, message, related };
}

/** `link-button-url`: a link button needs a URL, and a URL needs the link style. */
function linkButtonHint(c: ComponentCall, out: FindingList): void {
  if (c.role !== 'button' && c.role !== 'buttonV2' && c.role !== 'editButton') return;
  if (typeof c.style !== 'string' || typeof c.id !== 'string') return;
  const isUrl = isUrlLike(c.id);
  const start = c.idStart >= 0 ? c.idStart : c.start;
  const end = c.idStart >= 0 ? c.idEnd : c.nameEnd;
  if (c.style === 'link' && !isUrl) {
    out.add({
      code: 'link-button-url',
      start,
      end,
      message: msg('comp.linkNeedsUrl'),
      related: [],
    });
  } else if (isUrl && ['primary', 'secondary', 'success', 'danger'].includes(c.style)) {
    out.add({
      code: 'link-button-url',
      start,
      end,
      message: msg('comp.urlNeedsLink', { style: c.style }),
      related: [],
    });
  }
}

/** What the legacy rows walker keeps per path: rows so far, buttons in the last one, whether it holds a menu. */
export interface LegacyRowState {
  readonly rows: number;
  readonly inRow: number;
  readonly select: boolean;
}

/** The legacy rows walker without its findings: what the rules count per path (the preview's agreement test reads it). */
export function legacyRowCounter(): PathWalker<Event, LegacyRowState> {
  return legacyRows(new FindingList());
}

/**
 * Legacy action rows (`$addButton`, `$newSelectMenu`): "New row" yes (or a value built at run
 * time) starts a row, no continues the last one; a select menu fills a row of its own. At most 5
 * buttons per row and 5 rows per message. Only for messages without Components V2 (whose rows are
 * counted in the V2 total instead).
 */
function legacyRows(out: FindingList): PathWalker<Event, LegacyRowState> {
  const maxButtons = limit('buttonsPerActionRow');
  const maxRows = limit('legacyActionRows');
  return {
    initial: { rows: 0, inRow: 0, select: false },
    key: (s) => `${Math.min(s.rows, maxRows + 1)}:${Math.min(s.inRow, maxButtons + 1)}:${s.select ? 1 : 0}`,
    step: (s, { call: c }) => {
      if (c.role === 'reset') return { rows: 0, inRow: 0, select: false };
      if (c.role === 'selectMenu') {
        const rows = s.rows + 1;
        if (rows === maxRows + 1)
          out.add(onName('component-limit', c, msg('comp.selectMenuRows', { n: rows, max: maxRows })));
        return { rows, inRow: 0, select: true };
      }
      const continues = c.newRow === 'no' || c.newRow === 'false';
      if (!continues || s.rows === 0 || s.select) {
        const rows = s.rows + 1;
        if (rows === maxRows + 1) {
          out.add(onName('component-limit', c, msg('comp.buttonRows', { n: rows, max: maxRows, buttons: maxButtons })));
        }
        return { rows, inRow: 1, select: false };
      }
      const inRow = s.inRow + 1;
      if (inRow === maxButtons + 1) {
        out.add(onName('action-row-limit', c, msg('comp.buttonsInRow', { n: inRow, max: maxButtons })));
      }
      return { ...s, inRow };
    },
  };
}

/** How many earlier components with one custom ID a component is compared with. */
const MAX_SAME_ID_CHECKS = 64;

/**
 * Custom IDs unique within one message (buttons that are not links, select menus): a component
 * whose ID an earlier one of the same message has, on a path where both run. A reset between
 * them (`$removeButtons`...) keeps them apart.
 */
function duplicateIds(model: PathModel, events: readonly ComponentCall[], out: FindingList): void {
  const resets = events.filter((c) => c.role === 'reset').map((c) => c.start);
  const byId = groupBy(events, (c) => {
    if (c.role === 'button' || c.role === 'buttonV2') return customId(c);
    if (c.role === 'selectMenu' || c.role === 'selectV2')
      return typeof c.id === 'string' && c.id !== '' ? c.id : undefined;
    return undefined;
  });
  for (const [id, group] of byId) {
    for (let k = 1; k < group.length; k++) {
      const c = group[k];
      if (c === undefined) continue;
      const relationToC = model.relationsTo(c.start);
      for (let j = k - 1; j >= 0 && j >= k - MAX_SAME_ID_CHECKS; j--) {
        const first = group[j];
        if (first === undefined) continue;
        if (resets.some((r) => r > first.start && r < c.start)) continue;
        if (relationToC(first.start) !== 'sequence') continue;
        out.add({
          code: 'duplicate-custom-id',
          start: c.idStart,
          end: c.idEnd,
          message: msg('comp.duplicateId', { id: JSON.stringify(short(id)) }),
          related: [{ start: first.idStart, end: first.idEnd, message: msg('related.firstWithId') }],
        });
        break;
      }
    }
  }
}

/** The Components V2 total of one message: every V2 component, nested ones included. */
function v2Total(out: FindingList): PathWalker<Event, number> {
  const max = limit('componentsV2Total');
  return counted(max, out, (n) => msg('comp.v2Total', { n, max }));
}

/**
 * A count along the paths: the `max + 1`-th counted call of a path is reported (once), a reset
 * (or a call that `restarts`) starts over. Paths are merged keeping the higher count.
 */
function counted(
  max: number,
  out: FindingList,
  message: (n: number) => Msg,
  restarts?: (c: ComponentCall) => boolean,
): PathWalker<Event, number> {
  return {
    initial: 0,
    key: () => '',
    merge: (a, b) => Math.max(a, b),
    step: (n, { call: c }) => {
      if (c.role === 'reset' || restarts?.(c)) return 0;
      const next = n + 1;
      if (next === max + 1) out.add(onName('component-limit', c, message(next)));
      return next;
    },
  };
}

/** One Components V2 action row: at most 5 buttons, or one select menu alone. */
function actionRow(row: string, out: FindingList): PathWalker<Event, { buttons: number; selects: number }> {
  const maxButtons = limit('buttonsPerActionRow');
  const name = JSON.stringify(short(row));
  return {
    initial: { buttons: 0, selects: 0 },
    key: (s) => `${Math.min(s.buttons, maxButtons + 1)}:${Math.min(s.selects, 2)}`,
    step: (s, { call: c }) => {
      if (c.role === 'reset') return { buttons: 0, selects: 0 };
      if (c.role === 'buttonV2') {
        if (s.selects > 0) out.add(onName('action-row-limit', c, msg('comp.rowHasSelect', { row: name })));
        else if (s.buttons + 1 === maxButtons + 1)
          out.add(
            onName(
              'action-row-limit',
              c,
              msg('comp.buttonsInNamedRow', { n: s.buttons + 1, row: name, max: maxButtons }),
            ),
          );
        return { ...s, buttons: s.buttons + 1 };
      }
      if (s.buttons > 0 || s.selects > 0)
        out.add(
          onName(
            'action-row-limit',
            c,
            msg(s.selects > 0 ? 'comp.selectAfterSelect' : 'comp.selectAfterButtons', { row: name }),
          ),
        );
      return { ...s, selects: s.selects + 1 };
    },
  };
}

/** How many embed calls near a Components V2 call are compared with it. */
const MAX_EMBED_CHECKS = 64;

/**
 * Components V2 replace a message's content and embeds: a V2 component and an embed function
 * that run in one message is an error. Reported on the first V2 component of each message
 * (a V2 component that runs with one already reported is left alone), naming the nearest embed.
 */
function v2WithEmbeds(
  model: PathModel,
  events: readonly ComponentCall[],
  embeds: readonly ComponentCall[],
  out: FindingList,
): void {
  if (embeds.length === 0) return;
  const reported: ComponentCall[] = [];
  // The embeds near one V2 call are near the next one too: each one's context is found once.
  const contexts = model.contextMemo();
  for (const v2 of events) {
    if (!V2_ROLES.has(v2.role)) continue;
    const relationToV2 = model.relationsTo(v2.start, contexts);
    if (sharesMessage(reported, relationToV2)) continue;
    // The embeds nearest to it first, on both sides.
    let hi = 0;
    for (let top = embeds.length; hi < top;) {
      const mid = (hi + top) >>> 1;
      const e = embeds[mid];
      if (e !== undefined && e.start <= v2.start) hi = mid + 1;
      else top = mid;
    }
    let lo = hi - 1;
    let embed: ComponentCall | undefined;
    for (let checks = 0; checks < MAX_EMBED_CHECKS && (lo >= 0 || hi < embeds.length) && !embed; checks++) {
      const before = lo >= 0 ? embeds[lo] : undefined;
      const after = hi < embeds.length ? embeds[hi] : undefined;
      const pick = before && (!after || v2.start - before.start <= after.start - v2.start) ? before : after;
      if (pick === undefined) break; // the loop runs while one side has an embed left
      if (pick === before) lo--;
      else hi++;
      if (relationToV2(pick.start) === 'sequence') embed = pick;
    }
    if (!embed) continue;
    reported.push(v2);
    out.add(
      onName('components-v2-embed', v2, msg('comp.v2WithEmbed', { name: v2.name, embed: embed.name }), [
        { start: embed.start, end: embed.nameEnd, message: msg('related.embedInMessage') },
      ]),
    );
  }
}

/**
 * Whether one of the reported calls runs in one message with the call `relationTo` is about;
 * the latest first, as the one a call shares its message with is most often the last.
 */
function sharesMessage(reported: readonly ComponentCall[], relationTo: (a: number) => Relation): boolean {
  for (let k = reported.length - 1; k >= 0; k--) {
    const r = reported[k];
    if (r !== undefined && relationTo(r.start) === 'sequence') return true;
  }
  return false;
}

function short(s: string): string {
  return s.length > 40 ? s.slice(0, 39) + '…' : s;
}

// ---------------------------------------------------------------------------------------------
// Completion of component IDs.

export type { IdKind } from './shapes';

/** The ID kinds each function's arguments take, by name and argument index (the `refers` of shapes.ts). */
const ID_ARGUMENTS: ReadonlyMap<string, ReadonlyMap<number, readonly IdKind[]>> = new Map(
  [...SHAPES.values()].flatMap((shape) => {
    const byIndex = new Map<number, readonly IdKind[]>();
    shape.args.forEach((arg, i) => {
      if (arg.refers) byIndex.set(i, arg.refers);
    });
    return byIndex.size > 0 ? [[shape.name, byIndex] as const] : [];
  }),
);

/** The ID kinds argument `index` of `name` takes, if it takes component IDs. */
export function idKindsOf(name: string, index: number): readonly IdKind[] | undefined {
  return ID_ARGUMENTS.get(name)?.get(index);
}

/** The custom IDs an interaction can carry (`$customID==...`). */
export const INTERACTION_ID_KINDS: readonly IdKind[] = ['custom', 'menu', 'select', 'modal'];

/** The kind of ID a component call creates: a button's only when its ID argument is a custom ID, not a URL. */
export function createdIdKind(c: ComponentCall): IdKind | undefined {
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
export function componentIds(
  parsed: ParsedDocument,
  kinds: readonly IdKind[],
): Array<{ id: string; kind: IdKind; by: string }> {
  const out: Array<{ id: string; kind: IdKind; by: string }> = [];
  const seen = new Set<string>();
  for (const c of componentCalls(parsed)) {
    const kind = createdIdKind(c);
    if (!kind || !kinds.includes(kind) || typeof c.id !== 'string') continue;
    const id = c.id.trim();
    if (id === '' || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, kind, by: c.name });
  }
  return out;
}
