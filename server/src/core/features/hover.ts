// Hover: documentation for the function or callback name under the cursor (in the form used),
// for the parameter an argument fills, and for emoji aliases and emoji characters in text. It
// reads the one parse tree at the cursor; catalog text is rendered through docs.ts, escaped.

import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog/catalog';
import { COMMENT_NAME } from '../parser/parser';
import { callNameAt, literalText, locate, withoutBlanks, type Location } from '../parser/query';
import type { ArgNode, Node, ParsedDocument } from '../parser/tree';
import { callToResolve, resolveCall } from './resolve';
import {
  catalogHasDescriptions,
  code,
  renderArgument,
  renderEmoji,
  renderRecord,
  slotAt,
  type DocOptions,
  type RecordDocOptions,
} from './docs';
import { l10nOf, type Analysis, type FeatureContext } from './types';
import { componentIds, isUrlLike } from './components';
import { limit } from './limits';
import { capCount, shapeOf } from './shapes';
import { ENGLISH } from '../l10n';
import { isAliasChar, MAX_ALIAS_LENGTH } from '../chars';
import type { DocText } from '../parser/text';

/** Hover at a position, or null where there is nothing to say (unknown names included). */
export function hover(ctx: FeatureContext, analysis: Analysis, position: Position): Hover | null {
  const { parsed, document } = analysis;
  const offset = document.offsetAt(position);
  const opts: DocOptions = { markdown: ctx.client.markdown, l10n: l10nOf(ctx) };
  const loc = locate(parsed, offset);
  const answer = (value: string, start: number, end: number): Hover => ({
    contents: { kind: opts.markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value },
    ...(end > start ? { range: { start: document.positionAt(start), end: document.positionAt(end) } } : {}),
  });

  // The name of a `$c[...]` comment.
  const node = loc.node;
  if (node && node.kind === 'comment' && offset < node.open) {
    const found = resolveCall(ctx.catalog, { name: COMMENT_NAME, bracketed: true, triggerRoot: false });
    return found ? answer(renderRecord(found.record, recordOptions(ctx, opts)), node.start, node.open) : null;
  }

  const call = callNameAt(parsed, offset);
  if (call) {
    const resolving = callToResolve(call);
    const found = resolveCall(ctx.catalog, resolving);
    if (!found) return null;
    const note = found.otherForm ? otherFormNote(call.name, resolving.bracketed, opts) : undefined;
    return answer(renderRecord(found.record, { ...recordOptions(ctx, opts), note }), call.start, call.nameEnd);
  }

  const text = textNodeAt(loc, offset);
  if (text) {
    const emoji = emojiAt(ctx.catalog, parsed.text, text, offset, opts);
    if (emoji) return answer(emoji.value, emoji.start, emoji.end);
  }

  if (loc.arg) return argumentHover(ctx, parsed, loc.arg, offset, opts, answer);
  return null;
}

/** Options for a record's card: a record without a description says why, which depends on the catalog. */
function recordOptions(ctx: FeatureContext, opts: DocOptions): RecordDocOptions {
  return { ...opts, catalogDescribed: catalogHasDescriptions(ctx.catalog) };
}

function otherFormNote(name: string, bracketed: boolean, opts: DocOptions): string {
  return (opts.l10n ?? ENGLISH).t(bracketed ? 'doc.noBracketedForm' : 'doc.noBareForm', { name: code(name, opts) });
}

/** The text node under the cursor: the one holding the character after it, else the one before it. */
function textNodeAt(loc: Location, offset: number): Node | null {
  if (loc.node && loc.node.kind === 'text') return loc.node;
  if (loc.before && loc.before.kind === 'text' && loc.before.end === offset) return loc.before;
  return null;
}

function argumentHover(
  ctx: FeatureContext,
  parsed: ParsedDocument,
  arg: ArgNode,
  offset: number,
  opts: DocOptions,
  answer: (value: string, start: number, end: number) => Hover,
): Hover | null {
  const call = arg.parent;
  const found = resolveCall(ctx.catalog, callToResolve(call));
  if (!found || found.otherForm) return null;
  const slot = slotAt(found.record, arg.index, call.args.length);
  if (!slot) return null;
  const { start, end } = withoutBlanks(parsed.text, arg);
  const card = renderArgument(found.record, slot, opts);
  const part = messagePartNote(parsed, arg, opts);
  return answer(part ? `${card}\n\n${part}` : card, Math.min(start, offset), Math.max(end, offset));
}

/** How many IDs a hover lists for an argument that names a component. */
const HOVER_IDS = 8;

/**
 * What the table of shapes (shapes.ts) says of an argument of a function that builds a message
 * part: Discord's cap on its text with the length of this one, or the IDs the command gives the
 * components it may name.
 */
function messagePartNote(parsed: ParsedDocument, arg: ArgNode, opts: DocOptions): string | undefined {
  const shape = shapeOf(arg.parent.name);
  const part = shape?.args[arg.index];
  if (!part) return undefined;
  const l10n = l10nOf(opts);
  if (part.refers) {
    const ids = componentIds(parsed, part.refers);
    if (ids.length === 0) return l10n.t('doc.noIdsGiven');
    const shown = ids.slice(0, HOVER_IDS).map(({ id, by }) => `${code(id, opts, 40)} (${code(by, opts)})`);
    const more = ids.length - shown.length;
    return l10n.t('doc.idsGiven', {
      list: shown.join(', ') + (more > 0 ? l10n.t('doc.andMoreValues', { n: more }) : ''),
    });
  }
  if (!part.cap) return undefined;
  const value = literalText(parsed.text, arg);
  const cap = part.slot === 'idOrUrl' && value !== undefined && isUrlLike(value) ? 'buttonUrl' : part.cap;
  const max = limit(cap);
  if (value === undefined) return l10n.t('doc.capAtRunTime', { max });
  const count = capCount(value);
  return l10n.t(count > max ? 'doc.capOver' : 'doc.capFits', { max, count, over: count - max });
}

/** An emoji alias (`:thumbsup:`) or an emoji character sequence at the cursor, within one text node. */
function emojiAt(
  catalog: Catalog,
  text: DocText,
  node: Node,
  offset: number,
  opts: DocOptions,
): { value: string; start: number; end: number } | null {
  const index = catalog.emoji;
  if (index.size === 0) return null;
  for (const [start, end] of aliasCandidates(text, node.start, node.end, offset)) {
    const alias = text.slice(start, end);
    const emoji = index.emojiFor(alias);
    if (emoji !== undefined) return { value: renderEmoji(emoji, index.aliasesOf(emoji), opts, alias), start, end };
  }
  const found = emojiSequenceAt(catalog, text, node.start, node.end, offset);
  if (found)
    return { value: renderEmoji(found.emoji, index.aliasesOf(found.emoji), opts), start: found.start, end: found.end };
  return null;
}

/** Spans `:alias:` that could contain the cursor, nearest reading first. */
function aliasCandidates(text: DocText, from: number, to: number, offset: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const scanRight = (i: number): number => {
    let j = i;
    while (j < to && j - i < MAX_ALIAS_LENGTH && isAliasChar(text.charCodeAt(j))) j++;
    return j < to && text.charCodeAt(j) === 58 ? j : -1;
  };
  const scanLeft = (i: number): number => {
    let j = i;
    while (j > from && i - j < MAX_ALIAS_LENGTH && isAliasChar(text.charCodeAt(j - 1))) j--;
    return j - 1 >= from && text.charCodeAt(j - 1) === 58 ? j - 1 : -1;
  };
  if (offset < from || offset > to) return out;
  const at = text.charCodeAt(offset);
  if (offset < to && at === 58) {
    // On a colon: an alias that starts here, or one that ends here.
    const close = scanRight(offset + 1);
    if (close > offset + 1) out.push([offset, close + 1]);
    const open = scanLeft(offset);
    if (open >= 0 && open < offset - 1) out.push([open, offset + 1]);
  } else if (offset < to && isAliasChar(at)) {
    const open = scanLeft(offset);
    const close = scanRight(offset);
    if (open >= 0 && close >= 0) out.push([open, close + 1]);
  }
  return out;
}

const maxEmojiLength = new WeakMap<Catalog, number>();

function longestEmoji(catalog: Catalog): number {
  let max = maxEmojiLength.get(catalog);
  if (max === undefined) {
    max = 0;
    for (const key of Object.keys(catalog.emoji.map)) if (key.length > max) max = key.length;
    max = Math.min(max, 64);
    maxEmojiLength.set(catalog, max);
  }
  return max;
}

/** The longest emoji of the map that covers the character at the cursor. */
function emojiSequenceAt(
  catalog: Catalog,
  text: DocText,
  from: number,
  to: number,
  offset: number,
): { emoji: string; start: number; end: number } | null {
  if (offset >= to) return null;
  // Emoji sequences hold non-ASCII characters; keycaps start with an ASCII digit, `#` or `*`.
  const c = text.charCodeAt(offset);
  const next = text.charCodeAt(offset + 1);
  if (c < 0x80 && !(next >= 0x80 && offset + 1 < to)) return null;
  const maxLen = longestEmoji(catalog);
  const map = catalog.emoji.map;
  let best: { emoji: string; start: number; end: number } | null = null;
  for (let s = Math.max(from, offset - maxLen + 1); s <= offset; s++) {
    for (let e = Math.min(to, s + maxLen); e > offset; e--) {
      if (best && e - s <= best.end - best.start) break;
      const key = text.slice(s, e);
      if (Object.prototype.hasOwnProperty.call(map, key)) {
        best = { emoji: key, start: s, end: e };
        break;
      }
    }
  }
  return best;
}
