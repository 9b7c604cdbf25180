// Discord's caps on a message's embeds that need counting along the command's execution paths
// (paths.ts): at most 25 fields in one embed, and at most 6,000 characters across the titles,
// descriptions, field names and values, footers and author names of all of a message's embeds
// (the numbers are in limits.ts, with where Discord states them). A later `$title` (or
// description, footer, author) of the same embed replaces the earlier one, as in BDFD; fields add
// up. Only characters that certainly reach Discord count (literal text; what a call returns is
// known only at run time), and exclusive branches or code after `$stop` are never added up, so a
// finding is always a message Discord refuses. Per-chunk facts are taken once per chunk.

import { ChunkFact, moveEach, moveOffsets } from '../parser/facts';
import { DocumentRule } from './carry';
import type { ArgNode, CallNode, ChunkView, ParsedDocument } from '../parser/tree';
import { isWhitespace } from '../chars';
import { limit } from './limits';
import { msg, type Text } from '../l10n';
import { inTrigger, pathModel, walkPaths } from './paths';
import { capCount, shapesOf } from './shapes';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

type EmbedPart = 'title' | 'description' | 'footer' | 'author' | 'field';

/** The embed functions that add characters: which part, the text arguments and the index argument (shapes.ts). */
const PARTS: ReadonlyMap<
  string,
  { readonly part: EmbedPart; readonly texts: readonly number[]; readonly index: number }
> = new Map(
  shapesOf('embed').flatMap((shape) => {
    const part = shape.embed;
    const index = shape.at('embedIndex');
    if (
      index === undefined ||
      !(part === 'title' || part === 'description' || part === 'footer' || part === 'author' || part === 'field')
    )
      return [];
    const texts: number[] = [];
    shape.args.forEach((arg, at) => {
      if (arg.slot === 'text' || (part === 'field' && (arg.slot === 'name' || arg.slot === 'value'))) texts.push(at);
    });
    return [[shape.name, { part, texts, index }] as const];
  }),
);

/** One embed call at top level (offsets relative to the chunk in a fact). */
interface EmbedCall {
  readonly start: number;
  readonly end: number;
  readonly part: EmbedPart;
  readonly index: number;
  /** Characters of its texts that certainly reach Discord. */
  readonly count: number;
}

/** Characters of an argument that certainly reach Discord: all of a literal (trimmed), else the non-blank text. */
function certain(text: DocText, arg: ArgNode | undefined): number {
  if (!arg) return 0;
  let literal = true;
  let value = '';
  let visible = 0;
  // Indexed, and characters counted by their codes: a cold check runs this for every embed text,
  // and a string's or an array's iterator is a call and an object per step in the interpreter.
  const children = arg.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child === undefined) continue;
    if (child.kind === 'call') literal = false;
    else if (child.kind === 'text') {
      value += text.slice(child.start, child.end);
      visible += visibleCharacters(text, child.start, child.end);
    } else if (child.kind === 'escape') {
      value += child.value;
      visible += visibleCharacters(child.value, 0, child.value.length);
    }
  }
  return literal ? capCount(value) : visible;
}

/** The characters of text[start, end) that are not blanks, a surrogate pair counting as one. */
function visibleCharacters(text: DocText, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // The second half of a pair in the range is not counted again.
    if (c >= 0xdc00 && c <= 0xdfff && i > start) {
      const before = text.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) continue;
    }
    if (!isWhitespace(c)) n++;
  }
  return n;
}

/** The embed index an argument gives: 1 when absent, undefined when not a literal whole number. */
function indexOf(text: DocText, call: CallNode, at: number): number | undefined {
  const arg = call.args[at];
  if (!arg || arg.children.length === 0) return 1;
  let value = '';
  const children = arg.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child === undefined) continue;
    if (child.kind === 'call') return undefined;
    if (child.kind === 'text') value += text.slice(child.start, child.end);
  }
  const v = value.trim();
  if (v === '') return 1;
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

export const EMBED_FACT = new ChunkFact<readonly EmbedCall[]>({
  name: 'embeds',
  compute: chunkEmbeds,
  // `index` names the embed and `count` counts characters: they stay.
  move: (fact, shift) => moveEach(fact, (c) => moveOffsets(c, ['start', 'end'], shift)),
});

/** The calls the embeds fact reads (see CallFilter); it keeps those at top level. */
const EMBED_CALLS = new CallFilter(PARTS.keys());

function chunkEmbeds(text: DocText, view: ChunkView, base: number): readonly EmbedCall[] {
  const out: EmbedCall[] = [];
  // The top-level ones among the embed calls: the roots that are embed calls, in the same order.
  const calls = EMBED_CALLS.of(view);
  for (let i = 0; i < calls.length; i++) {
    const node = calls[i];
    if (node === undefined || node.parent !== null || node.open < 0) continue;
    const spec = PARTS.get(node.name);
    if (!spec) continue;
    const index = indexOf(text, node, spec.index);
    if (index === undefined) continue;
    let count = 0;
    const texts = spec.texts;
    for (let t = 0; t < texts.length; t++) {
      const at = texts[t];
      if (at !== undefined) count += certain(text, node.args[at]);
    }
    out.push({ start: node.start - base, end: node.end - base, part: spec.part, index, count });
  }
  return out;
}

export interface EmbedFinding {
  readonly code: 'embed-limit';
  readonly start: number;
  readonly end: number;
  readonly message: Text;
}

/** The parts a message's text total counts, by slot: `index * 4 + part` for indexes 1 to 10. */
const TEXT_SLOTS: Readonly<Record<Exclude<EmbedPart, 'field'>, number>> = {
  title: 0,
  description: 1,
  footer: 2,
  author: 3,
};

/**
 * Past this many embed calls the 6,000-character total is not judged: the states a path walk
 * keeps grow with the calls, and a finding may be missed here, never invented.
 */
const MAX_TOTAL_EVENTS = 2048;

/** The states the walk of the text total keeps at once (see PathWalker.maxStates). */
const MAX_TOTAL_STATES = 32;

/** The embeds rule: its findings, carried over edits that leave what it reads in place (carry.ts). */
export const EMBED_RULE = new DocumentRule('embeds', embedFindings);

/** An embed call the rules count, placed on the paths (absolute offsets). */
export type EmbedEvent = EmbedCall & { readonly at: number };

/** The reply's embed calls that the rules count (not in the trigger), absolute offsets, in document order. */
export function embedEvents(parsed: ParsedDocument): EmbedEvent[] {
  const events: EmbedEvent[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    for (const c of parsed.fact(EMBED_FACT, i)) {
      if (inTrigger(parsed, c.start + base)) continue;
      // Written out: a spread of the fact's record cost more than the rest of the rule on 1 MB.
      const start = c.start + base;
      events.push({ at: start, start, end: c.end + base, part: c.part, index: c.index, count: c.count });
    }
  }
  return events;
}

/** The text total of one path: a slot per embed part (indexes 1 to 10), and the sum with the fields. */
export interface EmbedTotal {
  readonly slots: readonly number[];
  readonly sum: number;
  readonly key: string;
}

/** The text total before any embed call. */
export function emptyEmbedTotal(): EmbedTotal {
  return { slots: new Array<number>(limit('embedsPerMessage') * 4 + 4).fill(0), sum: 0, key: '0' };
}

/** A state's key names its sum and its non-empty slots (most of the 44 are empty). */
function totalKey(slots: readonly number[], sum: number): string {
  let key = String(sum);
  for (let k = 0; k < slots.length; k++) if (slots[k] !== 0) key += `,${k}=${slots[k]}`;
  return key;
}

/** The text total after an embed call: a later setter of a part replaces its text, fields add up. */
export function stepEmbedTotal(t: EmbedTotal, e: EmbedEvent): EmbedTotal {
  if (e.index < 1 || e.index > limit('embedsPerMessage')) return t;
  if (e.part === 'field') {
    const sum = t.sum + e.count;
    return { slots: t.slots, sum, key: totalKey(t.slots, sum) };
  }
  const slot = e.index * 4 + TEXT_SLOTS[e.part];
  const slots = [...t.slots];
  const was = slots[slot] ?? 0;
  slots[slot] = e.count;
  const sum = t.sum - was + e.count;
  return { slots, sum, key: totalKey(slots, sum) };
}

/**
 * Walks the 6,000-character total of the embed calls along the paths; `crossed` hears of each call
 * that takes a path over the cap. Returns the ends of the paths, or undefined when there are too
 * many calls to walk (MAX_TOTAL_EVENTS).
 */
function walkTotal(
  parsed: ParsedDocument,
  events: readonly EmbedEvent[],
  crossed?: (e: EmbedEvent, sum: number) => void,
): EmbedTotal[] | undefined {
  const maxChars = limit('embedsTotal');
  const maxEmbeds = limit('embedsPerMessage');
  // A later setter of a part replaces its text, also with one made only of calls, which counts 0.
  const counted = events.filter((e) => e.index >= 1 && e.index <= maxEmbeds && (e.count > 0 || e.part !== 'field'));
  if (counted.length > MAX_TOTAL_EVENTS) return undefined;
  const ends = walkPaths<EmbedEvent, EmbedTotal>(pathModel(parsed), counted, {
    // Each state is a copy of 44 slots, and nearly every one has its own sum: fewer are kept.
    maxStates: MAX_TOTAL_STATES,
    initial: emptyEmbedTotal(),
    // A state's key is made once when the state is made: the walk asks for it on every event.
    key: (t) => t.key,
    step: (t, e) => {
      const next = stepEmbedTotal(t, e);
      if (crossed && t.sum <= maxChars && next.sum > maxChars) crossed(e, next.sum);
      return next;
    },
  });
  return ends.map((end) => end.state);
}

/** The findings of the counted embed caps over the whole document. */
export function embedFindings(parsed: ParsedDocument): EmbedFinding[] {
  const events = embedEvents(parsed);
  const fieldsByIndex = new Map<number, number>();
  let charsAnywhere = 0;
  for (const e of events) {
    if (e.part === 'field') fieldsByIndex.set(e.index, (fieldsByIndex.get(e.index) ?? 0) + 1);
    charsAnywhere += e.count;
  }
  const maxFields = limit('embedFields');
  const maxChars = limit('embedsTotal');
  const found = new Map<number, EmbedFinding>();
  const model = pathModel(parsed);
  // Fields, per embed that has more than the cap in the whole document: a count along the paths.
  for (const [index, anywhere] of fieldsByIndex) {
    if (anywhere <= maxFields) continue;
    const fields = events.filter((e) => e.part === 'field' && e.index === index);
    walkPaths<(typeof fields)[number], number>(model, fields, {
      initial: 0,
      key: (n) => String(n),
      step: (n, e) => {
        if (n + 1 === maxFields + 1 && !found.has(e.start)) {
          found.set(e.start, {
            code: 'embed-limit',
            start: e.start,
            end: e.end,
            message: msg('rule.embedFields', { n: n + 1, index: e.index, max: maxFields }),
          });
        }
        return n + 1;
      },
    });
  }
  // The text total: only when the whole document holds more than a message may.
  if (charsAnywhere > maxChars) {
    walkTotal(parsed, events, (e, count) => {
      if (found.has(e.start)) return;
      found.set(e.start, {
        code: 'embed-limit',
        start: e.start,
        end: e.end,
        message: msg('rule.embedsTotal', { count, max: maxChars }),
      });
    });
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/** What the reply's embeds hold, for the budget above the code that builds them (codeLens.ts). */
export interface EmbedTotals {
  /** The embed indexes the reply sets (1 to 10), in order. */
  readonly indexes: readonly number[];
  /** Where the first embed call starts. */
  readonly first: number;
  /**
   * The most characters the embeds hold on any one path, counted as the 6,000 cap counts them
   * (only what certainly reaches Discord); undefined when there are too many calls to walk.
   */
  readonly chars: number | undefined;
}

/** The reply's embeds and their text total, from the per-chunk facts the rules read; undefined when it has none. */
export function embedTotals(parsed: ParsedDocument): EmbedTotals | undefined {
  const events = embedEvents(parsed);
  const first = events[0];
  if (!first) return undefined;
  const maxEmbeds = limit('embedsPerMessage');
  const indexes = [...new Set(events.map((e) => e.index).filter((i) => i >= 1 && i <= maxEmbeds))].sort(
    (a, b) => a - b,
  );
  const ends = walkTotal(parsed, events);
  return { indexes, first: first.start, chars: ends ? Math.max(0, ...ends.map((t) => t.sum)) : undefined };
}
