// Completion: function and callback names after `$`, values inside arguments (enum values,
// yes/no, permission names, `$var` and `$async` names from the document, JSON keys in key
// paths), and emoji aliases after `:`. Everything is found from the one parse tree at the cursor in O(depth · log width);
// items are cheap to build and carry their documentation only when resolved, unless few.

import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type MarkupContent,
  type CompletionList,
  type Position,
  type Range,
} from 'vscode-languageserver-types';
import type { Argument, CatalogRecord } from '../catalog/model';
import { literalText, locate, callNameAt, type Location } from '../parser/query';
import { DOLLAR_ESCAPE, lineOf } from '../parser/parser';
import type { ArgNode, CallNode, Node, ParsedDocument } from '../parser/tree';
import {
  allowedValues,
  allowsType,
  recordMarkers,
  renderRecord,
  RenderedByRecord,
  signature,
  singleLine,
  slotAt,
  truncate,
  DOC_LIMITS,
} from './docs';
import { BDFD_PERMISSIONS } from './permissions';
import { l10nOf, type Analysis, type CompletionContext, type FeatureContext } from './types';
import { isAliasChar, isBlankText, isLineBreak, isWhitespace, MAX_ALIAS_LENGTH } from '../chars';
import { isObject } from '../../protocol/json';
import { jsonKeysAt, takesJsonKeyPath } from './json';
import { FUNCTION_USE } from './functionUse';
import { APP_VARIABLE_FUNCTIONS, variableNames } from './variables';
import { componentIds, idKindsOf, INTERACTION_ID_KINDS } from './components';
import { callToResolve, resolveCall } from './resolve';
import type { DocText } from '../parser/text';

/** Bounds on one answer; beyond them the list is marked incomplete so the client asks again. */
export const COMPLETION_LIMITS = {
  /** Function and callback items (both forms count). */
  names: 300,
  /** Values of an argument (enum values, permissions, document names). */
  values: 300,
  /** Emoji aliases. */
  emoji: 100,
  /** Items at or below this count carry their documentation at once (for clients that never resolve). */
  eagerDocumentation: 25,
} as const;

/** What `item.data` holds for a function or callback item, so resolve can find the record. */
export interface CompletionData {
  /** `f` for a function, `c` for a callback. */
  readonly k: 'f' | 'c';
  /** The name with `$`. */
  readonly n: string;
  /** Whether the item is the bracketed form. */
  readonly b: boolean;
}

const DOLLAR = 36;
const COLON = 58;

/**
 * Sort prefixes: values and document names first, then names, then emoji. Names sort by
 * deprecation (last), match class (prefix before subsequence), callbacks before functions, an
 * exact match first, then common names (by use in real code) before the others, shorter first,
 * then alphabetically.
 */
const GROUP = { value: 'a', name: 'b', emoji: 'c' } as const;

/** Where a name is being typed: the whole name token to replace and what precedes the cursor. */
interface NameSite {
  /** Offset of `$` (or of `%{DOL}%`). */
  readonly start: number;
  /** Offset of the identifier after `$`. */
  readonly identStart: number;
  /** End of the identifier. */
  readonly end: number;
  /** A `[` follows the name already: insert the name only, bracketed forms only. */
  readonly bracketFollows: boolean;
}

const EMPTY: CompletionList = { isIncomplete: false, items: [] };

/** Completion at a position. Never throws on any document; returns an empty list where nothing fits. */
export function complete(
  ctx: FeatureContext,
  analysis: Analysis,
  position: Position,
  context?: CompletionContext,
): CompletionList {
  const { parsed, document } = analysis;
  const text = parsed.text;
  const offset = document.offsetAt(position);
  const loc = locate(parsed, offset);
  const out = new Output(ctx, analysis, offset);

  // Inside a comment's text nothing is code.
  const comment = commentAt(loc, offset);
  if (comment === 'text') return EMPTY;

  const site = comment ?? nameSite(parsed, loc, offset);
  if (site) {
    if (!loc.arg && inTriggerContext(parsed, site.start)) addNames(out, site, offset, 'callback');
    addNames(out, site, offset, 'function');
    return out.list();
  }

  const before = nodeBefore(loc, offset);
  if (before && before.kind === 'text') {
    const emoji = emojiSite(text, before.start, offset);
    if (emoji) {
      addEmoji(out, emoji, loc.arg);
      return out.list();
    }
  }

  // In an emoji argument only emoji fit; elsewhere functions join on an explicit request at a
  // position where no word is being typed.
  const valuesOnly = loc.arg ? addArgumentValues(out, loc.arg, offset) : false;
  const explicit = !context || context.triggerKind === 1;
  if (!valuesOnly && explicit && !wordBefore(text, offset, before)) {
    const empty: NameSite = { start: offset, identStart: offset, end: offset, bracketFollows: false };
    if (!loc.arg && inTriggerContext(parsed, offset)) addNames(out, empty, offset, 'callback');
    addNames(out, empty, offset, 'function');
  }
  return out.list();
}

/** Adds documentation to a function or callback item from its `data`; other items come back unchanged. */
export function resolveCompletion(ctx: FeatureContext, item: CompletionItem): CompletionItem {
  const data = readData(item.data);
  if (!data || item.documentation !== undefined) return item;
  const index = data.k === 'c' ? ctx.catalog.callbacks : ctx.catalog.functions;
  const record = index.get(data.n, data.b);
  if (!record) return item;
  return { ...item, documentation: documentation(ctx, record) };
}

function readData(data: unknown): CompletionData | undefined {
  if (!isObject(data)) return undefined;
  const { k, n, b } = data;
  if ((k !== 'f' && k !== 'c') || typeof n !== 'string' || typeof b !== 'boolean') return undefined;
  return { k, n, b };
}

/** Each record's documentation, rendered once for a while its name is typed. */
const DOCUMENTATION = new RenderedByRecord<MarkupContent>();

function documentation(ctx: FeatureContext, record: CatalogRecord): MarkupContent {
  const opts = { markdown: ctx.client.markdown, l10n: l10nOf(ctx) };
  return DOCUMENTATION.get(record, opts, () => ({
    kind: opts.markdown ? MarkupKind.Markdown : MarkupKind.PlainText,
    value: renderRecord(record, opts),
  }));
}

// ---------------------------------------------------------------------------------------------
// Where the cursor is.

/** The node holding the character before the cursor, in the innermost container. */
function nodeBefore(loc: Location, offset: number): Node | null {
  if (loc.node && loc.node.start < offset) return loc.node;
  return loc.before;
}

/** Whether the cursor is in a comment: on its name (a name site) or in its text. */
function commentAt(loc: Location, offset: number): NameSite | 'text' | null {
  for (const node of [loc.node, loc.before]) {
    if (!node || node.kind !== 'comment') continue;
    if (offset > node.open && (node.close < 0 || offset <= node.close)) return 'text';
    if (offset > node.start && offset <= node.open)
      return { start: node.start, identStart: node.start + 1, end: node.open, bracketFollows: true };
  }
  return null;
}

/** The name being typed at the cursor: a call's name, or a `$` with no name yet. */
function nameSite(parsed: ParsedDocument, loc: Location, offset: number): NameSite | null {
  let call = callNameAt(parsed, offset) ?? gluedCallAt(parsed, offset);
  // `$addBu|$if`: the cursor ends the name before it, not the one whose `$` follows it.
  if (call && call.start === offset && loc.before?.kind === 'call' && loc.before.nameEnd === offset) call = loc.before;
  if (call) {
    const identStart = call.nameEnd - (call.name.length - 1);
    // Before the `$`, or inside a `%{DOL}%` acting as one: not typing this name.
    if (offset < identStart) return null;
    // A known name with letters glued to it (`$ping|ms`, `$await|R`) is being typed as a whole.
    const end = letterRunEnd(parsed.text, call.nameEnd);
    return {
      start: call.start,
      identStart,
      end,
      bracketFollows: call.open >= 0 || parsed.text.charCodeAt(end) === 91 /* [ */,
    };
  }
  const before = nodeBefore(loc, offset);
  if (before && before.kind === 'text' && parsed.text.charCodeAt(offset - 1) === DOLLAR) {
    return { start: offset - 1, identStart: offset, end: offset, bracketFollows: false };
  }
  return null;
}

/**
 * The bare call whose name has letters glued to it that hold the cursor: typing `$awaitR` reads
 * as `$await` and the text "R" (BDFD reads the longest known name), but the user types one name.
 */
function gluedCallAt(parsed: ParsedDocument, offset: number): CallNode | null {
  if (offset === 0) return null;
  const text = parsed.text;
  // The glued letters start a text node right after the call's name.
  const node = locate(parsed, offset - 1).node;
  if (!node || node.kind !== 'text') return null;
  for (let i = node.start; i < offset; i++) if (!isLetterOrDigit(text.charCodeAt(i))) return null;
  const before = locate(parsed, node.start).before;
  return before && before.kind === 'call' && before.open < 0 && before.nameEnd === node.start ? before : null;
}

function isLetterOrDigit(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/** Where the run of letters and digits from `from` ends. */
function letterRunEnd(text: DocText, from: number): number {
  let j = from;
  while (isLetterOrDigit(text.charCodeAt(j))) j++;
  return j;
}

/**
 * Whether a name typed at top level at `at` belongs to the trigger: it is on the trigger line,
 * or the document has no trigger and nothing but blank space comes before it (the code has not
 * started, so the first thing written may well be the trigger).
 */
function inTriggerContext(parsed: ParsedDocument, at: number): boolean {
  if (parsed.trigger) return at >= lineStartOf(parsed, parsed.trigger.start) && at <= parsed.trigger.end;
  return isBlankText(parsed.text, 0, at);
}

function lineStartOf(parsed: ParsedDocument, offset: number): number {
  return parsed.lineStarts[lineOf(parsed.lineStarts, offset)] ?? 0;
}

/** Whether a word character (letter or digit) of a text node sits right before the cursor. */
function wordBefore(text: DocText, offset: number, before: Node | null): boolean {
  if (!before || before.kind !== 'text' || offset === 0) return false;
  return isWordChar(text.charCodeAt(offset - 1));
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** An emoji alias being typed: `:` and a letter, then alias characters up to the cursor. */
interface EmojiSite {
  readonly start: number;
  readonly end: number;
  readonly prefix: string;
}

function emojiSite(text: DocText, nodeStart: number, offset: number): EmojiSite | null {
  let i = offset;
  while (i > nodeStart && offset - i < MAX_ALIAS_LENGTH && isAliasChar(text.charCodeAt(i - 1))) i--;
  const colon = i - 1;
  if (colon < nodeStart || text.charCodeAt(colon) !== COLON || i >= offset) return null;
  const first = text.charCodeAt(i);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return null;
  let end = offset;
  while (end < text.length && end - offset < MAX_ALIAS_LENGTH && isAliasChar(text.charCodeAt(end))) end++;
  if (text.charCodeAt(end) === COLON) end++;
  return { start: colon, end, prefix: text.slice(colon, offset) };
}

// ---------------------------------------------------------------------------------------------
// Building the answer.

class Output {
  readonly items: CompletionItem[] = [];
  incomplete = false;
  /** Function and callback items so far, counted against `COMPLETION_LIMITS.names`. */
  names = 0;
  /** Records behind function and callback items, for documentation when the list is short. */
  private readonly records: Array<[CompletionItem, CatalogRecord]> = [];

  constructor(
    readonly ctx: FeatureContext,
    readonly analysis: Analysis,
    readonly offset: number,
  ) {}

  private readonly ranges = new Map<string, Range>();

  /** The LSP range of [start, end), made once per answer: items of one site share it. */
  range(start: number, end: number): Range {
    const key = `${start}:${end}`;
    let range = this.ranges.get(key);
    if (!range) {
      const doc = this.analysis.document;
      range = { start: doc.positionAt(start), end: doc.positionAt(end) };
      this.ranges.set(key, range);
    }
    return range;
  }

  /** The edit for an item: replaces [start, end) and, with insert/replace support, inserts over [start, cursor). */
  edit(start: number, end: number, newText: string): NonNullable<CompletionItem['textEdit']> {
    if (this.ctx.client.insertReplace && end > this.offset) {
      const replace = this.range(start, end);
      return { newText, insert: this.range(start, this.offset), replace };
    }
    return { newText, range: this.range(start, end) };
  }

  addRecordItem(item: CompletionItem, record: CatalogRecord): void {
    this.items.push(item);
    this.records.push([item, record]);
  }

  list(): CompletionList {
    if (this.records.length > 0 && this.items.length <= COMPLETION_LIMITS.eagerDocumentation) {
      for (const [item, record] of this.records) item.documentation = documentation(this.ctx, record);
    }
    return { isIncomplete: this.incomplete, items: this.items };
  }
}

/** How a name matches what was typed: 0 prefix with the same case, 1 prefix ignoring case, 2 subsequence. */
function matchClass(name: string, typed: string, typedLower: string): number {
  if (typed === '') return 0;
  if (name.startsWith(typed)) return 0;
  const lower = name.toLowerCase();
  if (lower.startsWith(typedLower)) return 1;
  let j = 0;
  for (let i = 0; i < lower.length && j < typedLower.length; i++) if (lower[i] === typedLower[j]) j++;
  return j === typedLower.length ? 2 : -1;
}

interface Candidate {
  readonly record: CatalogRecord;
  readonly rank: number;
  readonly cls: number;
  /** The name is exactly what was typed. */
  readonly exact: boolean;
}

/**
 * How common a name is, as a sort key: names real code uses most (functionUse.ts, counted over
 * the wiki's code) first, most used first; then the others, shorter names first. Only prefix
 * matches are ranked this way; subsequence matches stay alphabetical, after them.
 */
function usageKey(name: string, cls: number): string {
  if (cls >= 2) return '0000000000';
  const uses = FUNCTION_USE.get(name) ?? 0;
  if (uses > 0) return '0' + String(99999 - Math.min(uses, 99999)).padStart(5, '0') + '0000';
  return '1' + '99999' + String(Math.min(name.length, 9999)).padStart(4, '0');
}

/** Function or callback items for a name site, prefix matches before subsequence matches, deprecated last. */
function addNames(out: Output, site: NameSite, offset: number, kind: 'function' | 'callback'): void {
  const { ctx, analysis } = out;
  const index = kind === 'function' ? ctx.catalog.functions : ctx.catalog.callbacks;
  const typed = analysis.parsed.text.slice(site.identStart, offset);
  const typedLower = typed.toLowerCase();
  // Buckets by (deprecated, match class); names come sorted, so concatenating keeps the order.
  const buckets: Candidate[][] = [[], [], [], [], [], []];
  const names = index.names;
  for (let rank = 0; rank < names.length; rank++) {
    const name = names[rank];
    if (name === undefined) continue;
    const cls = matchClass(name.slice(1), typed, typedLower);
    if (cls < 0) continue;
    const forms = index.forms(name);
    if (!forms) continue; // every name in the index has its forms
    const exact = cls < 2 && name.length - 1 === typed.length;
    for (const record of [forms.bare, forms.bracketed]) {
      if (!record || (site.bracketFollows && !record.bracketed)) continue;
      const deprecated = record.kind === 'function' && record.deprecated;
      buckets[(deprecated ? 3 : 0) + cls]?.push({ record, rank, cls, exact });
    }
  }
  // Within a bucket, the order items get when the list is cut at its cap is their sort order.
  const keyed = buckets.map((bucket) =>
    bucket.map((c) => ({ c, key: rankKey(c) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  );
  for (const bucket of keyed) {
    for (const { c: candidate } of bucket) {
      if (out.names >= COMPLETION_LIMITS.names) {
        out.incomplete = true;
        return;
      }
      out.addRecordItem(nameItem(out, site, candidate), candidate.record);
      out.names++;
    }
  }
}

/** Per record: the end of its sort key for prefix matches and for subsequence matches, made once. */
const rankTails = new WeakMap<CatalogRecord, [string, string]>();

/** The part of a name item's sort key after its group, deprecation and match class. */
function rankKey({ record, rank, cls, exact }: Candidate): string {
  let tails = rankTails.get(record);
  if (!tails) {
    const tail = (c: number): string =>
      `${usageKey(record.name, c)}${String(rank).padStart(5, '0')}${record.bracketed ? 1 : 0}`;
    rankTails.set(record, (tails = [tail(0), tail(2)]));
  }
  return `${record.kind === 'callback' ? 0 : 1}${exact ? 0 : 1}${tails[cls >= 2 ? 1 : 0]}`;
}

/** The parts of a name item that depend only on the record and the context, built once per context. */
interface StaticItem {
  readonly label: string;
  readonly kind: CompletionItemKind;
  readonly detail: string;
  readonly filterText: string;
  readonly insertTextFormat: InsertTextFormat;
  readonly newText: string;
  readonly data: CompletionData;
  readonly labelDetails?: CompletionItem['labelDetails'];
  readonly tags?: CompletionItem['tags'];
  readonly deprecated?: boolean;
}

const staticItems = new WeakMap<FeatureContext, Map<CatalogRecord, [StaticItem?, StaticItem?]>>();

function staticItem(ctx: FeatureContext, record: CatalogRecord, bracketFollows: boolean): StaticItem {
  let byRecord = staticItems.get(ctx);
  if (!byRecord) staticItems.set(ctx, (byRecord = new Map()));
  let pair = byRecord.get(record);
  if (!pair) byRecord.set(record, (pair = [undefined, undefined]));
  const slot = bracketFollows ? 1 : 0;
  const cached = pair[slot];
  if (cached) return cached;
  const deprecated = record.kind === 'function' && record.deprecated;
  const insert = insertText(ctx, record, bracketFollows);
  const l10n = l10nOf(ctx);
  const markers = recordMarkers(record, l10n);
  // VS Code's convention: the label is the name, the arguments go beside it (`labelDetails.detail`),
  // markers at the right (`description`); `detail` holds the whole tag for every client.
  const name = singleLine(record.name, DOC_LIMITS.label);
  const tag = record.bracketed ? truncate(signature(record).label, DOC_LIMITS.label) : name;
  const args = record.bracketed ? truncate(signature(record).label.slice(record.name.length), DOC_LIMITS.label) : '';
  const item: StaticItem = {
    label: name,
    kind: record.kind === 'callback' ? CompletionItemKind.Event : CompletionItemKind.Function,
    detail: [tag, ...markers].join(' · '),
    filterText: record.name,
    insertTextFormat: insert.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    newText: insert.text,
    data: { k: record.kind === 'callback' ? 'c' : 'f', n: record.name, b: record.bracketed },
    ...(ctx.client.completionLabelDetails
      ? {
          labelDetails: {
            ...(args !== '' ? { detail: args } : {}),
            ...(markers.length > 0 ? { description: markers.join(' · ') } : {}),
          },
        }
      : {}),
    ...(deprecated
      ? ctx.client.completionDeprecatedTag
        ? { tags: [CompletionItemTag.Deprecated] }
        : { deprecated: true }
      : {}),
  };
  pair[slot] = item;
  return item;
}

function nameItem(out: Output, site: NameSite, candidate: Candidate): CompletionItem {
  const s = staticItem(out.ctx, candidate.record, site.bracketFollows);
  const item: CompletionItem = {
    label: s.label,
    kind: s.kind,
    detail: s.detail,
    sortText: GROUP.name + (s.tags || s.deprecated ? '1' : '0') + candidate.cls + rankKey(candidate),
    filterText: s.filterText,
    insertTextFormat: s.insertTextFormat,
    textEdit: out.edit(site.start, site.end, s.newText),
    data: s.data,
  };
  if (s.labelDetails && (s.labelDetails.detail !== undefined || s.labelDetails.description !== undefined))
    item.labelDetails = s.labelDetails;
  if (s.tags) item.tags = s.tags;
  if (s.deprecated) item.deprecated = true;
  return item;
}

/**
 * The text a name item inserts. Bare forms and names already followed by `[`: the name. In the
 * `fullTag` style: the tag as the app inserts it. With snippets: placeholders named after the
 * required arguments (optional ones too by setting), choices for Enum and Bool. Without
 * snippets: `$name[`, leaving the `]` to the client's auto-close or the user.
 */
export function insertText(
  ctx: FeatureContext,
  record: CatalogRecord,
  bracketFollows: boolean,
): { text: string; snippet: boolean } {
  if (!record.bracketed || bracketFollows) return { text: record.name, snippet: false };
  const args = record.arguments ?? [];
  if (ctx.settings.completion.insertStyle === 'fullTag') return { text: fullTag(record), snippet: false };
  if (!ctx.client.snippets) return { text: record.name + (args.length === 0 ? '[]' : '['), snippet: false };
  if (args.length === 0) return { text: escapeSnippet(record.name) + '[]', snippet: true };
  const parts: string[] = [];
  let tabstop = 1;
  for (const [i, arg] of args.entries()) {
    if (!arg.required && !ctx.settings.completion.optionalArguments) break;
    const members = arg.tupleTypes && arg.tupleTypes.length > 0 ? arg.tupleTypes : [arg];
    members.forEach((member, k) =>
      parts.push(placeholder(tabstop++, member, i, members === arg.tupleTypes ? k : undefined)),
    );
  }
  const inner = parts.length > 0 ? parts.join(';') : '$1';
  return { text: `${escapeSnippet(record.name)}[${inner}]$0`, snippet: true };
}

/** The tag text to insert in the app's style: the catalog's tag when it is a sane one-line tag, else the signature. */
function fullTag(record: CatalogRecord): string {
  const tag = record.tag;
  const sane =
    tag.length <= 500 &&
    tag.startsWith(record.name + '[') &&
    tag.endsWith(']') &&
    !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(tag);
  return sane ? tag : signature(record).label;
}

const MAX_CHOICES = 50;

function placeholder(n: number, arg: Argument, index: number, member?: number): string {
  const values = allowedValues(arg).filter((v) => v !== '');
  if (values.length > 0 && values.length <= MAX_CHOICES) {
    return `\${${n}|${values.map((v) => escapeChoice(escapeArgument(singleLine(v, DOC_LIMITS.value)))).join(',')}|}`;
  }
  let name = singleLine(arg.name)
    .replace(/[;[\]$\\]/g, '')
    .trim();
  if (name === '') name = member === undefined ? `argument ${index + 1}` : `argument ${index + 1}.${member + 1}`;
  return `\${${n}:${escapeSnippet(name)}}`;
}

/** Escapes text for a snippet's literal text or placeholder. */
function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}

/** Escapes text for a snippet choice. */
function escapeChoice(text: string): string {
  return text.replace(/[$}\\,|]/g, '\\$&');
}

/** Escapes a value so that it stays one literal argument in BDScript. */
export function escapeArgument(value: string): string {
  return value.replace(/[\\;\]]/g, '\\$&').replace(/\$/g, DOLLAR_ESCAPE);
}

// ---------------------------------------------------------------------------------------------
// Inside arguments.

/**
 * The record whose arguments a call's brackets hold: the record the call means (resolve.ts, as
 * signature help reads it) when that is its bracketed form.
 */
function bracketedRecord(out: Output, call: CallNode): CatalogRecord | undefined {
  const found = resolveCall(out.ctx.catalog, callToResolve(call));
  return found && !found.otherForm && found.record.bracketed ? found.record : undefined;
}

/** The range a value replaces: the argument's literal text without surrounding blanks, or null when it holds code. */
function valueRange(text: DocText, arg: ArgNode, offset: number): [number, number] | null {
  for (const child of arg.children) if (child.kind === 'call' || child.kind === 'comment') return null;
  // An LSP completion edit must stay on the cursor's line, so a value spanning lines is cut there.
  let start = arg.start;
  let end = arg.end;
  for (let k = offset - 1; k >= start; k--) {
    if (isLineBreak(text.charCodeAt(k))) {
      start = k + 1;
      break;
    }
  }
  for (let k = offset; k < end; k++) {
    if (isLineBreak(text.charCodeAt(k))) {
      end = k;
      break;
    }
  }
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return [Math.min(start, offset), Math.max(end, offset)];
}

/**
 * Values the argument at the cursor allows, names from the document (`$var`, app variables,
 * `$async`, component IDs), permission names and emoji. Returns whether only these fit there
 * (an emoji argument: functions are not offered).
 */
function addArgumentValues(out: Output, arg: ArgNode, offset: number): boolean {
  const text = out.analysis.parsed.text;
  if (addInteractionIds(out, arg, offset)) return true;
  const range = valueRange(text, arg, offset);
  if (!range) return false;
  const call = arg.parent;
  const l10n = l10nOf(out.ctx);
  const values: Array<{ value: string; kind: CompletionItemKind; detail: string }> = [];
  const idKinds = idKindsOf(call.name, arg.index);
  if (idKinds) {
    for (const { id, by } of componentIds(out.analysis.parsed, idKinds))
      values.push({
        value: id,
        kind: CompletionItemKind.Reference,
        detail: l10n.t('completion.idGivenBy', { name: by }),
      });
  }
  const appIndex = APP_VARIABLE_FUNCTIONS.get(call.name);
  if ((arg.index === 0 && (call.name === '$var' || call.name === '$await')) || appIndex === arg.index) {
    const names = documentNames(out.analysis.parsed);
    const own = literalText(text, arg)?.trim();
    if (call.name === '$await') {
      for (const name of names.asyncs)
        values.push({ value: name, kind: CompletionItemKind.Reference, detail: l10n.t('completion.asyncBlock') });
    } else {
      const [list, detail] =
        call.name === '$var'
          ? [names.vars, l10n.t('completion.variable')]
          : [names.app, l10n.t('completion.appVariable')];
      // The name being typed is offered only when the document uses it elsewhere too.
      for (const [name, count] of list)
        if (!(name === own && count <= 1)) values.push({ value: name, kind: CompletionItemKind.Variable, detail });
    }
  }
  const record = bracketedRecord(out, call);
  const slot = record && slotAt(record, arg.index, call.args.length);
  // Keys of the JSON a literal `$jsonParse` before this call defines, in a key path.
  if (slot && slot.param === 0 && takesJsonKeyPath(record))
    values.push(
      ...jsonKeysAt(out.analysis.parsed, call, arg.index).map((v) => ({ ...v, detail: l10n.text(v.detail) })),
    );
  const typed = text.slice(range[0], offset);
  if (slot) {
    const argument = slot.argument;
    const detail = singleLine(argument.name) || l10n.t('completion.value');
    const kind =
      argument.enumData && argument.enumData.length > 0 ? CompletionItemKind.EnumMember : CompletionItemKind.Value;
    for (const value of allowedValues(argument)) if (value !== '') values.push({ value, kind, detail });
    if (allowsType(argument, 'Permission') || permissionLike(argument)) {
      // `+managemessages` grants and `-managemessages` denies where a sign is written.
      const sign = typed.startsWith('+') || typed.startsWith('-') ? typed.charAt(0) : '';
      for (const value of BDFD_PERMISSIONS)
        values.push({
          value: sign + value,
          kind: CompletionItemKind.EnumMember,
          detail: l10n.t('completion.permission'),
        });
    }
    if (allowsType(argument, 'Emoji') && values.length === 0 && /^[\p{L}\p{N}_+-]*$/u.test(typed)) {
      addEmoji(out, { start: range[0], end: range[1], prefix: ':' + typed }, arg, true);
      return true;
    }
  }
  const seen = new Set<string>();
  for (const { value, kind, detail } of values) {
    if (seen.has(value)) continue;
    if (seen.size >= COMPLETION_LIMITS.values) {
      out.incomplete = true;
      break;
    }
    seen.add(value);
    const shown = singleLine(value, DOC_LIMITS.value);
    out.items.push({
      label: shown,
      kind,
      detail,
      sortText: `${GROUP.value}${String(seen.size).padStart(5, '0')}`,
      filterText: value,
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: out.edit(range[0], range[1], escapeArgument(value)),
    });
  }
  return false;
}

/** A String argument whose name says it takes permissions (`$editChannelPerms`' "Permission"). */
function permissionLike(arg: Argument): boolean {
  return /perm/i.test(arg.name) && (arg.types.length === 0 || arg.types.includes('String'));
}

/** Functions whose arguments are conditions. */
const CONDITIONS = new Set(['$if', '$elseif', '$onlyIf', '$checkCondition', '$and', '$or']);

/**
 * Custom IDs after `$customID==` (or `!=`) in a condition: the handlers of `$onInteraction`.
 * Returns whether the cursor is there (then nothing else fits).
 */
function addInteractionIds(out: Output, arg: ArgNode, offset: number): boolean {
  if (!CONDITIONS.has(arg.parent.name)) return false;
  const text = out.analysis.parsed.text;
  let customId: Node | undefined;
  for (const child of arg.children) {
    if (child.start >= offset) break;
    if (child.kind === 'call') customId = child.name === '$customID' && child.open < 0 ? child : undefined;
  }
  if (!customId || customId.end > offset) return false;
  const between = /^(\s*(?:==|!=)\s*)([^\s;\]$]*)$/.exec(text.slice(customId.end, offset));
  if (!between) return false;
  const start = customId.end + (between[1] ?? '').length;
  let end = offset;
  while (end < arg.end && !isWhitespace(text.charCodeAt(end)) && text.charCodeAt(end) !== DOLLAR) end++;
  let n = 0;
  for (const { id, by } of componentIds(out.analysis.parsed, INTERACTION_ID_KINDS)) {
    if (n++ >= COMPLETION_LIMITS.values) {
      out.incomplete = true;
      break;
    }
    out.items.push({
      label: singleLine(id, DOC_LIMITS.value),
      kind: CompletionItemKind.Reference,
      detail: l10nOf(out.ctx).t('completion.idGivenBy', { name: by }),
      sortText: `${GROUP.value}${String(n).padStart(5, '0')}`,
      filterText: id,
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: out.edit(start, end, escapeArgument(id)),
    });
  }
  return true;
}

/** Names the document defines, computed once per parse from per-chunk facts. */
interface DocumentNames {
  /** Names of `$var`s, with how often each appears. */
  readonly vars: ReadonlyMap<string, number>;
  /** Names of app variables (`$getUserVar[name]` ...), with how often each appears. */
  readonly app: ReadonlyMap<string, number>;
  /** Names of `$async[...]` blocks. */
  readonly asyncs: readonly string[];
}

const namesCache = new WeakMap<ParsedDocument, DocumentNames>();

function documentNames(parsed: ParsedDocument): DocumentNames {
  const cached = namesCache.get(parsed);
  if (cached) return cached;
  const { vars, app } = variableNames(parsed);
  const labels = new Set<string>();
  for (const c of parsed.blockCalls) if (c.name === '$async' && c.label !== undefined) labels.add(c.label);
  const asyncs = [...labels];
  asyncs.sort();
  const names: DocumentNames = { vars: sortedNames(vars), app: sortedNames(app), asyncs };
  namesCache.set(parsed, names);
  return names;
}

/** Names no longer than a label may be, sorted. */
function sortedNames(names: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
  return new Map(
    [...names]
      .filter(([name]) => name.length <= DOC_LIMITS.name)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
}

// ---------------------------------------------------------------------------------------------
// Emoji.

/**
 * Emoji aliases for `:` + letters. In an argument that takes an emoji the alias is inserted
 * (BDFD resolves it); in message text the emoji itself, since Discord does not expand aliases
 * in a bot's messages.
 */
function addEmoji(out: Output, site: EmojiSite, arg: ArgNode | null, withoutColon = false): void {
  const emoji = out.ctx.catalog.emoji;
  let takesEmoji = false;
  if (arg) {
    const record = bracketedRecord(out, arg.parent);
    const slot = record && slotAt(record, arg.index, arg.parent.args.length);
    takesEmoji = !!slot && allowsType(slot.argument, 'Emoji');
  }
  const aliases = emoji.withPrefix(site.prefix, COMPLETION_LIMITS.emoji + 1);
  if (aliases.length > COMPLETION_LIMITS.emoji) {
    aliases.length = COMPLETION_LIMITS.emoji;
    out.incomplete = true;
  }
  aliases.forEach((alias, i) => {
    const char = emoji.emojiFor(alias) ?? '';
    const shownChar = singleLine(char, 40);
    out.items.push({
      label: `${singleLine(alias, DOC_LIMITS.value)} ${shownChar}`,
      kind: CompletionItemKind.Text,
      detail: l10nOf(out.ctx).t('completion.inserts', {
        text: takesEmoji ? singleLine(alias, DOC_LIMITS.value) : shownChar,
      }),
      sortText: `${GROUP.emoji}${String(i).padStart(5, '0')}`,
      // Typed without its colon (an emoji argument), the alias is filtered without it too.
      filterText: withoutColon ? alias.slice(1) : alias,
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: out.edit(site.start, site.end, takesEmoji || char === '' ? alias : char),
    });
  });
}
