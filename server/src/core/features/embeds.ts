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

type EmbedPart = 'title' | 'description' | 'footer' | 'author' | 'field';

/** The embed functions that add characters: which part, the text arguments and the index argument. */
const PARTS: ReadonlyMap<
  string,
  { readonly part: EmbedPart; readonly texts: readonly number[]; readonly index: number }
> = new Map([
  ['$title', { part: 'title', texts: [0], index: 1 }],
  ['$description', { part: 'description', texts: [0], index: 1 }],
  ['$footer', { part: 'footer', texts: [0], index: 1 }],
  ['$author', { part: 'author', texts: [0], index: 1 }],
  ['$addField', { part: 'field', texts: [0, 1], index: 3 }],
] as const);

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
function certain(text: string, arg: ArgNode | undefined): number {
  if (!arg) return 0;
  let literal = true;
  let value = '';
  let visible = 0;
  for (const child of arg.children) {
    if (child.kind === 'call') literal = false;
    else if (child.kind === 'text' || child.kind === 'escape') {
      const s = child.kind === 'text' ? text.slice(child.start, child.end) : child.value;
      value += s;
      for (const ch of s) if (!isWhitespace(ch.charCodeAt(0))) visible++;
    }
  }
  return literal ? [...value.trim()].length : visible;
}

/** The embed index an argument gives: 1 when absent, undefined when not a literal whole number. */
function indexOf(text: string, call: CallNode, at: number): number | undefined {
  const arg = call.args[at];
  if (!arg || arg.children.length === 0) return 1;
  let value = '';
  for (const child of arg.children) {
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

function chunkEmbeds(text: string, view: ChunkView, base: number): readonly EmbedCall[] {
  const out: EmbedCall[] = [];
  for (const node of view.roots) {
    if (node.kind !== 'call' || node.open < 0) continue;
    const spec = PARTS.get(node.name);
    if (!spec) continue;
    const index = indexOf(text, node, spec.index);
    if (index === undefined) continue;
    let count = 0;
    for (const t of spec.texts) count += certain(text, node.args[t]);
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

/** The findings of the counted embed caps over the whole document. */
export function embedFindings(parsed: ParsedDocument): EmbedFinding[] {
  const events: Array<EmbedCall & { readonly at: number }> = [];
  const fieldsByIndex = new Map<number, number>();
  let charsAnywhere = 0;
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    for (const c of parsed.fact(EMBED_FACT, i)) {
      if (inTrigger(parsed, c.start + base)) continue;
      events.push({ ...c, at: c.start + base, start: c.start + base, end: c.end + base });
      if (c.part === 'field') fieldsByIndex.set(c.index, (fieldsByIndex.get(c.index) ?? 0) + 1);
      charsAnywhere += c.count;
    }
  }
  const maxFields = limit('embedFields');
  const maxChars = limit('embedsTotal');
  const maxEmbeds = limit('embedsPerMessage');
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
  // The text total: a slot per embed part (a later setter replaces its text) and the fields' sum.
  const counted = events.filter((e) => e.index >= 1 && e.index <= maxEmbeds && e.count > 0);
  if (charsAnywhere > maxChars && counted.length <= MAX_TOTAL_EVENTS) {
    // A state's key names its sum and its non-empty slots (most of the 44 are empty), made once
    // when the state is made: the walk asks for it on every event.
    type Total = { readonly slots: readonly number[]; readonly sum: number; readonly key: string };
    const keyOf = (slots: readonly number[], sum: number): string => {
      let key = String(sum);
      for (let k = 0; k < slots.length; k++) if (slots[k] !== 0) key += `,${k}=${slots[k]}`;
      return key;
    };
    walkPaths<(typeof counted)[number], Total>(model, counted, {
      // Each state is a copy of 44 slots, and nearly every one has its own sum: fewer are kept.
      maxStates: MAX_TOTAL_STATES,
      initial: { slots: new Array<number>(maxEmbeds * 4 + 4).fill(0), sum: 0, key: '0' },
      key: (t) => t.key,
      step: (t, e) => {
        let next: Total;
        if (e.part === 'field') {
          const sum = t.sum + e.count;
          next = { slots: t.slots, sum, key: keyOf(t.slots, sum) };
        } else {
          const slot = e.index * 4 + TEXT_SLOTS[e.part];
          const slots = [...t.slots];
          const was = slots[slot] ?? 0;
          slots[slot] = e.count;
          const sum = t.sum - was + e.count;
          next = { slots, sum, key: keyOf(slots, sum) };
        }
        if (t.sum <= maxChars && next.sum > maxChars && !found.has(e.start)) {
          found.set(e.start, {
            code: 'embed-limit',
            start: e.start,
            end: e.end,
            message: msg('rule.embedsTotal', { count: next.sum, max: maxChars }),
          });
        }
        return next;
      },
    });
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}
