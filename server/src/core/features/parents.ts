// Parents before children: a select menu option needs its select menu, a text input its modal,
// and a Components V2 child (text display, section, action row, separator, media gallery,
// thumbnail, button, select menu, gallery item, select option) the container, section, action
// row, gallery or select menu it names, created before it when the command runs. BDFD adds a
// child to a parent that exists at that moment, so a child whose parent is created only later,
// or only on paths that never reach it (an exclusive `$if` branch, another interaction handler,
// code after `$stop`), fails at run time (`component-before-parent`); a parent the command never
// creates at all gets its own, clearer message (`missing-parent`). Order is judged with the
// execution-path model (paths.ts, `mayRunBefore`): a parent that may run before the child on some
// path keeps the rule quiet, so a parent created in an earlier `$if` branch of the same path, in
// a `$try` body before its `$catch`, or on the main path before an `$async` body is enough.
// Children sent to another message (a Message ID), IDs built at run time, `$eval` and code no
// run reaches stay quiet.

import { ChunkFact, moveEach, moveNumbers, moveOffsets } from '../parser/facts';
import { DocumentRule } from './carry';
import { literalText } from '../parser/query';
import type { ArgNode, ChunkView, ParsedDocument } from '../parser/tree';
import { isWhitespace } from '../chars';
import { inTrigger, pathModel, type PathModel } from './paths';
import { SHAPES, type IdKind, type PartRole } from './shapes';
import { quoteValue } from './values';
import { list, msg, type ListArg, type MessageKey, type Msg } from '../l10n';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

/** What a parent is. */
type ParentKind = 'menu' | 'modal' | 'container' | 'section' | 'row' | 'gallery' | 'select';

/** The kind of parent each role creates. */
const CREATED: Partial<Record<PartRole, ParentKind>> = {
  selectMenu: 'menu',
  // `$editSelectMenu[Menu ID;...]` opens an existing menu for new options (the wiki's select menu guide adds options after it).
  editSelectMenu: 'menu',
  modal: 'modal',
  container: 'container',
  section: 'section',
  actionRow: 'row',
  gallery: 'gallery',
  selectV2: 'select',
};

/**
 * The functions that create parents, with the index of the ID they give (none for a modal: its
 * inputs name no modal), from the table of shapes (shapes.ts).
 */
const CREATORS: ReadonlyMap<string, { readonly kind: ParentKind; readonly id?: number }> = new Map(
  [...SHAPES.values()].flatMap((shape) => {
    const kind = CREATED[shape.role];
    if (kind === undefined) return [];
    const id = kind === 'modal' ? undefined : shape.at('id');
    return [[shape.name, id === undefined ? { kind } : { kind, id }] as const];
  }),
);

/**
 * The children, with the parents they accept, the argument that names the parent and the
 * Message ID (shapes.ts: the kinds a parent argument refers to). A text input belongs to the
 * modal made before it. An optional parent argument left out or empty puts the component in the
 * message itself. Editing an existing menu's option names a menu made by another command.
 */
const CHILDREN: ReadonlyMap<
  string,
  { readonly accepts: readonly ParentKind[]; readonly parent?: number; readonly messageId?: number }
> = new Map(
  [...SHAPES.values()].flatMap((shape) => {
    const messageId = shape.at('messageId');
    const extra = messageId === undefined ? {} : { messageId };
    if (shape.role === 'textInput') return [[shape.name, { accepts: ['modal'] as ParentKind[], ...extra }] as const];
    const at = shape.at('parent');
    if (at === undefined || shape.role === 'editSelectOption') return [];
    const accepts = (shape.args[at]?.refers ?? []).filter(isParentKind);
    return [[shape.name, { accepts, parent: at, ...extra }] as const];
  }),
);

/** Whether an ID kind names a parent (a parent argument names only parents). */
function isParentKind(kind: IdKind): kind is ParentKind {
  return kind !== 'custom' && kind !== 'input';
}

/** How each kind of parent is named and created, for messages. */
const KIND_WORDS: Readonly<Record<ParentKind, { readonly noun: MessageKey; readonly creator: string }>> = {
  menu: { noun: 'noun.selectMenu', creator: '$newSelectMenu' },
  modal: { noun: 'noun.modal', creator: '$newModal' },
  container: { noun: 'noun.container', creator: '$addContainer' },
  section: { noun: 'noun.section', creator: '$addSection' },
  row: { noun: 'noun.actionRow', creator: '$addActionRow' },
  gallery: { noun: 'noun.mediaGallery', creator: '$addMediaGallery' },
  select: { noun: 'noun.selectMenu', creator: '$addStringSelect' },
};

/** A call that creates a parent (offsets relative to the chunk in a fact, absolute after). */
interface Creation {
  readonly kind: ParentKind;
  readonly name: string;
  readonly start: number;
  readonly nameEnd: number;
  /** The ID (trimmed), null when built at run time, '' for a modal. */
  readonly id: string | null;
}

/** A call that needs a parent. */
interface Child {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly nameEnd: number;
  readonly accepts: readonly ParentKind[];
  /** The parent's ID (trimmed), or '' for a text input (any modal). */
  readonly id: string;
  /** Where the finding goes: the parent's ID as written, or the call's name. */
  readonly at: number;
  readonly atEnd: number;
}

interface ParentFacts {
  readonly creations: readonly Creation[];
  readonly children: readonly Child[];
  readonly evals: readonly number[];
}

/** What most chunks say: nothing (shared, so a chunk without components allocates nothing). */
const NO_PARENT_FACTS: ParentFacts = { creations: [], children: [], evals: [] };

export const PARENT_FACT = new ChunkFact<ParentFacts>({
  name: 'parents',
  compute: chunkParents,
  move: (fact, shift) => {
    const creations = moveEach(fact.creations, (c) => moveOffsets(c, ['start', 'nameEnd'], shift));
    const children = moveEach(fact.children, (c) => moveOffsets(c, ['start', 'end', 'nameEnd', 'at', 'atEnd'], shift));
    const evals = moveNumbers(fact.evals, shift);
    if (!creations || !children || !evals) return undefined;
    return creations === fact.creations && children === fact.children && evals === fact.evals
      ? fact
      : { creations, children, evals };
  },
});

/** The calls the parents fact reads (see CallFilter). */
const PARENT_CALLS = new CallFilter(['$eval', ...CREATORS.keys(), ...CHILDREN.keys()]);

function chunkParents(text: DocText, view: ChunkView, base: number): ParentFacts {
  const creations: Creation[] = [];
  const children: Child[] = [];
  const evals: number[] = [];
  const all = PARENT_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    if (call.name === '$eval') {
      evals.push(call.start - base);
      continue;
    }
    if (call.open < 0) continue;
    const creator = CREATORS.get(call.name);
    if (creator) {
      const id = creator.id === undefined ? '' : idOf(text, call.args[creator.id]);
      if (creator.kind === 'modal' || (id !== undefined && id !== '')) {
        creations.push({
          kind: creator.kind,
          name: call.name,
          start: call.start - base,
          nameEnd: call.nameEnd - base,
          id: creator.kind === 'modal' ? '' : (id ?? null),
        });
      }
    }
    const fn = CHILDREN.get(call.name);
    if (!fn) continue;
    const accepts = fn.accepts;
    if (fn.messageId !== undefined && given(text, call.args[fn.messageId])) continue;
    const shape = {
      name: call.name,
      start: call.start - base,
      end: call.end - base,
      nameEnd: call.nameEnd - base,
      accepts,
    };
    if (accepts[0] === 'modal') {
      children.push({ ...shape, id: '', at: shape.start, atEnd: shape.nameEnd });
      continue;
    }
    const arg = fn.parent !== undefined ? call.args[fn.parent] : undefined;
    const id = arg ? idOf(text, arg) : undefined;
    // Left out, empty, or built at run time: nothing to judge.
    if (!arg || id === undefined || id === null || id === '') continue;
    const span = trimmedSpan(text, arg);
    children.push({ ...shape, id, at: span.start - base, atEnd: span.end - base });
  }
  return creations.length + children.length + evals.length === 0 ? NO_PARENT_FACTS : { creations, children, evals };
}

/** An argument's literal value, trimmed; null when built at run time, undefined when absent. */
export function idOf(text: DocText, arg: ArgNode | undefined): string | null | undefined {
  if (!arg) return undefined;
  const v = literalText(text, arg);
  return v === undefined ? null : v.trim();
}

/** Whether an argument is given: not blank (a value built at run time counts). */
export function given(text: DocText, arg: ArgNode | undefined): boolean {
  if (!arg) return false;
  const v = literalText(text, arg);
  return v === undefined || v.trim() !== '';
}

function trimmedSpan(text: DocText, arg: ArgNode): { start: number; end: number } {
  let start = arg.start;
  let end = arg.end;
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

export interface ParentFinding {
  readonly code: 'missing-parent' | 'component-before-parent';
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
  readonly related: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: Msg }>;
}

/** How many creations a child is compared with before it is left alone (quiet). */
const MAX_CHECKS = 64;

/** The parents rule: its findings, carried over edits that leave what it reads in place (carry.ts). */
export const PARENT_RULE = new DocumentRule('parents', parentFindings);

/** The findings of the parent rules over the whole command (the trigger line aside). */
export function parentFindings(parsed: ParsedDocument): ParentFinding[] {
  const creations: Creation[] = [];
  const children: Child[] = [];
  const evals: number[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const f = parsed.fact(PARENT_FACT, i);
    if (f === NO_PARENT_FACTS) continue;
    for (const c of f.creations)
      if (!inTrigger(parsed, c.start + base))
        creations.push({ ...c, start: c.start + base, nameEnd: c.nameEnd + base });
    for (const c of f.children) {
      if (inTrigger(parsed, c.start + base)) continue;
      children.push({
        ...c,
        start: c.start + base,
        end: c.end + base,
        nameEnd: c.nameEnd + base,
        at: c.at + base,
        atEnd: c.atEnd + base,
      });
    }
    for (const e of f.evals) evals.push(e + base);
  }
  if (children.length === 0) return [];
  const model = pathModel(parsed);
  const out: ParentFinding[] = [];
  // Parents by kind and ID; those whose ID is built at run time may be any parent of their kind.
  const byKey = new Map<string, Creation[]>();
  const firstById = new Map<string, Creation>();
  const wildByKind = new Map<ParentKind, number[]>();
  for (const c of creations) {
    if (c.id === null) {
      const list = wildByKind.get(c.kind);
      if (list) list.push(c.start);
      else wildByKind.set(c.kind, [c.start]);
      continue;
    }
    if (!firstById.has(c.id)) firstById.set(c.id, c);
    const key = `${c.kind}:${c.id}`;
    const list = byKey.get(key);
    if (list) list.push(c);
    else byKey.set(key, [c]);
  }
  // Per accepted kinds and ID: the creations (sorted), and the starts of those that may be any parent.
  const ownMemo = new Map<string, { list: Creation[]; starts: number[] }>();
  const wildMemo = new Map<string, number[]>();
  for (const child of children) {
    const kinds = child.accepts.join(',');
    let memo = ownMemo.get(`${kinds}:${child.id}`);
    if (!memo) {
      const list = child.accepts.flatMap((k) => byKey.get(`${k}:${child.id}`) ?? []).sort((a, b) => a.start - b.start);
      ownMemo.set(`${kinds}:${child.id}`, (memo = { list, starts: list.map((c) => c.start) }));
    }
    const own = memo.list;
    // The common case first: a parent of its own that may run before it.
    // No run reaches it (a `$stop` before it ends every path): nothing to say, and nothing to ask.
    if (model.dead(child.start)) continue;
    if (own.length > 0 && anyBefore(model, memo.starts, child)) continue;
    let wild = wildMemo.get(kinds);
    if (!wild)
      wildMemo.set(
        kinds,
        (wild = [...evals, ...child.accepts.flatMap((k) => wildByKind.get(k) ?? [])].sort((a, b) => a - b)),
      );
    if (wild.length > 0 && (own.length === 0 || anyBefore(model, wild, child))) continue;
    const [first] = own;
    out.push(first === undefined ? missing(child, firstById.get(child.id)) : before(child, first, own));
  }
  return out;
}

/**
 * Whether a creation at one of `starts` (sorted) may run before `child`: one inside the child's
 * own arguments runs first; otherwise the nearest earlier ones are asked first, later ones only
 * when the child runs in an `$async` body. Past a bound of questions the answer is yes (quiet).
 */
function anyBefore(model: PathModel, starts: readonly number[], child: Child): boolean {
  // The first creation after the child's start.
  let end = 0;
  for (let hi = starts.length; end < hi;) {
    const mid = (end + hi) >>> 1;
    const at = starts[mid];
    if (at !== undefined && at <= child.start) end = mid + 1;
    else hi = mid;
  }
  const next = starts[end];
  if (next !== undefined && next < child.end) return true;
  return model.anyMayRunBefore(starts, end, child.start, MAX_CHECKS);
}

function kindsPhrase(kinds: readonly ParentKind[]): ListArg {
  return list(
    [...new Set(kinds.map((k) => KIND_WORDS[k].noun))].map((key) => msg(key)),
    'or',
  );
}

function creatorsPhrase(kinds: readonly ParentKind[], id: string): ListArg {
  const shown = id.length > 40 ? id.slice(0, 39) + '…' : id.replace(/[\r\n`]+/g, ' ');
  return list(
    kinds.map((k) => `\`${KIND_WORDS[k].creator}[${shown}${k === 'menu' ? ';Min;Max' : ''}]\``),
    'or',
  );
}

/** `missing-parent`: nothing in the command creates the parent. */
function missing(child: Child, other: Creation | undefined): ParentFinding {
  if (child.accepts[0] === 'modal') {
    return {
      code: 'missing-parent',
      start: child.at,
      end: child.atEnd,
      message: msg('parent.noModal'),
      related: [],
    };
  }
  const note = other
    ? msg('parent.idOfOther', { id: quoteValue(child.id), noun: msg(KIND_WORDS[other.kind].noun) })
    : '';
  const elsewhere = child.accepts[0] === 'menu' ? msg('parent.otherMessage') : '';
  return {
    code: 'missing-parent',
    start: child.at,
    end: child.atEnd,
    message: msg('parent.missing', {
      kinds: kindsPhrase(child.accepts),
      id: quoteValue(child.id),
      name: child.name,
      creators: creatorsPhrase(child.accepts, child.id),
      elsewhere,
      note,
    }),
    related: other
      ? [
          {
            start: other.start,
            end: other.nameEnd,
            message: msg('related.parentWithId', { noun: msg(KIND_WORDS[other.kind].noun) }),
          },
        ]
      : [],
  };
}

/** `component-before-parent`: the parent is created, but on no path before the child. */
function before(child: Child, first: Creation, own: readonly Creation[]): ParentFinding {
  const modal = child.accepts[0] === 'modal';
  const later = own.every((c) => c.start > child.start);
  const key = modal ? (later ? 'parent.modalLater' : 'parent.modalNoPath') : later ? 'parent.later' : 'parent.noPath';
  return {
    code: 'component-before-parent',
    start: child.at,
    end: child.atEnd,
    message: msg(key, {
      noun: msg(KIND_WORDS[first.kind].noun),
      id: quoteValue(child.id),
      name: child.name,
      first: first.name,
    }),
    related: own.slice(0, 3).map((c) => ({
      start: c.start,
      end: c.nameEnd,
      message: msg('related.parentCreated', { noun: msg(KIND_WORDS[c.kind].noun) }),
    })),
  };
}
