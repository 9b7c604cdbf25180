// Rendering catalog records and their arguments as documentation for hover, completion and
// signature help, in Markdown or plain text. Every string from the catalog is untrusted: it is
// cleaned of control and bidi characters, cut to a bounded length, and in Markdown escaped so
// that it can produce no HTML, no links, no images and no formatting of its own.

import { bindArguments, type Slot } from '../catalog/bind';
import type { Catalog } from '../catalog/catalog';
import { wikiUrl } from '../catalog/wiki';
import { WIKI_BASE } from '../../protocol/wiki';
import { argumentFlag, Intents, type Argument, type CatalogRecord } from '../catalog/model';
import { ENGLISH, list, type Localizer } from '../l10n';

/** Bounds on what untrusted text may occupy in rendered documentation. */
export const DOC_LIMITS = {
  /** Descriptions are cut to this many UTF-16 units, with an ellipsis. */
  description: 1000,
  /** Function, argument and type names. */
  name: 80,
  /** One enum value. */
  value: 60,
  /** Enum values listed before "and N more". */
  values: 30,
  /** Arguments listed in full before "and N more". */
  arguments: 40,
  /** A completion label. */
  label: 120,
} as const;

/** Whether rendered text is Markdown or plain text. */
export interface DocOptions {
  readonly markdown: boolean;
  /** The language of labels and headings (catalog facts stay as they are); English when absent. */
  readonly l10n?: Localizer;
}

/** The localizer of doc options, English when they name none. */
function tr(opts: { readonly l10n?: Localizer }): Localizer {
  return opts.l10n ?? ENGLISH;
}

/**
 * What a feature renders from a record, kept with the record for the options it was rendered for.
 * While a call is typed, each keystroke's completion and signature help show the same record
 * again: rendering its page was a quarter of a completion's work at the end of 1 MB. An entry
 * lives as long as its record (its catalog); other options render again and take its place.
 */
export class RenderedByRecord<T> {
  private readonly kept = new WeakMap<CatalogRecord, { markdown: boolean; l10n: Localizer; value: T }>();

  get(record: CatalogRecord, opts: DocOptions, render: () => T): T {
    const l10n = tr(opts);
    const hit = this.kept.get(record);
    if (hit && hit.markdown === opts.markdown && hit.l10n === l10n) return hit.value;
    const value = render();
    this.kept.set(record, { markdown: opts.markdown, l10n, value });
    return value;
  }
}

const FLAG_KEYS = {
  Required: 'flag.required',
  Optional: 'flag.optional',
  Emptiable: 'flag.emptiable',
  Vacantable: 'flag.vacantable',
} as const;

/** An argument's flag (Required, Optional, …) in the user's language. */
function flagText(arg: Pick<Argument, 'required' | 'empty'>, opts: { readonly l10n?: Localizer }): string {
  return tr(opts).t(FLAG_KEYS[argumentFlag(arg)]);
}

const ELLIPSIS = '…';

/**
 * Removes what must never reach a renderer: C0/C1 control characters other than newline and
 * tab, bidi overrides and isolates (which can make text read differently from what it is), and
 * lone surrogates. Newlines are normalised to `\n`.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

/** Cuts text to at most `max` UTF-16 units (ellipsis included), never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - ELLIPSIS.length);
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return text.slice(0, end) + ELLIPSIS;
}

/** Untrusted text on one line: cleaned, whitespace runs collapsed, cut to `max`. */
export function singleLine(text: string, max: number = DOC_LIMITS.name): string {
  // Cut generously first so a 100 KB string costs no more than a short one.
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  return truncate(cleanText(head).replace(/\s+/g, ' ').trim(), max);
}

/** Untrusted prose as plain text: cleaned, blank-line runs collapsed, cut to `max`. */
export function plainText(text: string, max: number = DOC_LIMITS.description): string {
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  return truncate(
    cleanText(head)
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    max,
  );
}

/**
 * Escapes text for Markdown: every ASCII punctuation character gets a backslash, which
 * CommonMark defines for all of them. That leaves no HTML tag or entity (`<`, `&`), no link or
 * image (`[`, `]`, `(`, `!`), no autolink (`:` in `https://`, `.` in `www.`), no emphasis,
 * heading, list, table or code span. Apply it to text that has already been cleaned and cut.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/**
 * A Markdown code span holding `text` literally, however many backticks it contains: the fence
 * is one backtick longer than the longest run inside, padded with spaces when needed.
 */
export function codeSpan(text: string): string {
  const content = text.replace(/\n/g, ' ');
  const fence = '`'.repeat(longestRun(content, '`') + 1);
  const pad =
    content.startsWith('`') || content.endsWith('`') || (content.startsWith(' ') && content.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A fenced Markdown code block, its fence longer than any backtick run in `text`. */
export function codeBlock(text: string, language = 'bdscript'): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ch) {
      run++;
      if (run > best) best = run;
    } else {
      run = 0;
    }
  }
  return best;
}

/** A name, a value or a tag shown as code: a code span in Markdown, quoted in plain text. */
export function code(text: string, opts: DocOptions, max: number = DOC_LIMITS.name): string {
  const line = singleLine(text, max);
  return opts.markdown ? codeSpan(line) : line;
}

/** Untrusted prose: escaped in Markdown, cleaned in plain text; cut to `max` either way. */
export function prose(text: string, opts: DocOptions, max: number = DOC_LIMITS.description): string {
  const plain = plainText(text, max);
  return opts.markdown ? escapeMarkdown(plain) : plain;
}

/** One parameter of a signature label: where its name sits in the label, and what it is. */
export interface SignatureParameter {
  /** Offsets into the label: [start, end) of the argument's name. */
  readonly start: number;
  readonly end: number;
  /** Index into the record's `arguments`. */
  readonly param: number;
  /** For a tuple member: its index in the tuple's `tupleTypes`. */
  readonly member?: number;
  readonly argument: Argument;
}

/** A record's signature as one line, with the position of every (flattened) parameter. */
export interface Signature {
  readonly label: string;
  readonly parameters: readonly SignatureParameter[];
}

const signatureCache = new WeakMap<CatalogRecord, Signature>();

/** The display name of an argument in a signature (never empty). */
export function argumentName(arg: Argument, index: number, member?: number): string {
  const name = singleLine(arg.name);
  if (name !== '') return name;
  return member === undefined ? `argument ${index + 1}` : `argument ${index + 1}.${member + 1}`;
}

/**
 * The signature line of a record, built from its arguments (never from the tag text, which may
 * hold anything): `$title[Title;(Index)]`, `$jsonSet[Key;...;Value]`,
 * `$awaitReactions[<Command name;Reaction>;...]`; a bare form is just its name. Optional
 * arguments are wrapped in parentheses, the trailing run of them in one group, as the wiki does.
 */
export function signature(record: CatalogRecord): Signature {
  const cached = signatureCache.get(record);
  if (cached) return cached;
  let label = singleLine(record.name);
  const parameters: SignatureParameter[] = [];
  const args = record.arguments;
  if (record.bracketed && args) {
    label += '[';
    let tail = args.length;
    while (tail > 0 && !args[tail - 1]?.required) tail--;
    for (const [i, arg] of args.entries()) {
      if (i > 0) label += ';';
      const optional = !arg.required;
      const openGroup = optional && (i < tail || i === tail);
      const closeGroup = optional && (i < tail || i === args.length - 1);
      if (openGroup) label += '(';
      if (arg.tupleTypes && arg.tupleTypes.length > 0) {
        label += '<';
        arg.tupleTypes.forEach((m, k) => {
          if (k > 0) label += ';';
          const name = argumentName(m, i, k);
          parameters.push({ start: label.length, end: label.length + name.length, param: i, member: k, argument: m });
          label += name;
        });
        label += '>';
      } else {
        const name = argumentName(arg, i);
        parameters.push({ start: label.length, end: label.length + name.length, param: i, argument: arg });
        label += name;
      }
      if (arg.repeatable) label += ';...';
      if (closeGroup) label += ')';
    }
    label += ']';
  }
  const result: Signature = { label, parameters };
  signatureCache.set(record, result);
  return result;
}

/** The index into `signature(record).parameters` that a binding slot stands for, or -1. */
export function parameterIndex(record: CatalogRecord, slot: Slot | undefined): number {
  if (!slot) return -1;
  return signature(record).parameters.findIndex((p) => p.param === slot.param && p.member === slot.member);
}

/** The slot the argument at `index` of a call with `count` arguments fills, if any. */
export function slotAt(record: CatalogRecord, index: number, count: number): Slot | undefined {
  if (!record.arguments) return undefined;
  return bindArguments(record.arguments, Math.max(count, index + 1)).slots[index];
}

/** Names of the intents an intent bit set asks for (unknown bits are named by number). */
export function intentNames(bits: number): string[] {
  const out: string[] = [];
  if (!Number.isFinite(bits) || bits <= 0) return out;
  if (bits & Intents.ServerMembers) out.push('Server Members');
  if (bits & Intents.Presence) out.push('Presence');
  const rest = bits & ~(Intents.ServerMembers | Intents.Presence);
  if (rest) out.push(`intent bits ${rest}`);
  return out;
}

/** An argument's type for display: alternatives joined by ` | `. */
export function typeText(arg: Argument): string {
  return singleLine(arg.type.split('|').join(' | ')) || 'String';
}

/** Whether an argument's type allows a value of `type`. */
export function allowsType(arg: Argument, type: Argument['types'][number]): boolean {
  return arg.types.includes(type);
}

/** Whether an argument takes only booleans (not `Integer|Bool` and the like). */
export function onlyBool(arg: Argument): boolean {
  return arg.types.length > 0 && arg.types.every((t) => t === 'Bool') && arg.unknownTypes.length === 0;
}

/** The values an argument accepts that can be listed: its enum values, or yes/no for a Bool argument. */
export function allowedValues(arg: Argument): readonly string[] {
  if (arg.enumData && arg.enumData.length > 0) return arg.enumData;
  if (onlyBool(arg)) return ['yes', 'no'];
  return [];
}

/** Short markers for a record: premium, intents, deprecation; for completion details. */
export function recordMarkers(record: CatalogRecord, l10n: Localizer = ENGLISH): string[] {
  const out: string[] = [];
  if (record.kind === 'callback') out.push(l10n.t('marker.callback'));
  if (record.premium) out.push(l10n.t('marker.premium'));
  const intents = intentNames(record.intents);
  if (intents.length > 0) out.push(l10n.t('marker.intent', { names: intents.join(' + ') }));
  if (record.kind === 'function' && record.deprecated) out.push(l10n.t('marker.deprecated'));
  return out;
}

/** A line of text rendered with a bold (Markdown) or plain heading. */
function labelled(label: string, body: string, opts: DocOptions): string {
  return opts.markdown ? `**${label}:** ${body}` : `${label}: ${body}`;
}

/** One argument as a line: name, type and flag, repetition, allowed values. */
export function renderArgumentLine(arg: Argument, name: string, opts: DocOptions, memberOf?: string): string {
  const l10n = tr(opts);
  const parts = [escapeIf(typeText(arg), opts), flagText(arg, opts)];
  if (arg.repeatable)
    parts.push(l10n.t(arg.tupleTypes && arg.tupleTypes.length > 0 ? 'doc.repeatsAsGroup' : 'doc.repeatable'));
  if (memberOf) parts.push(memberOf);
  let line = `${code(name, opts)}: ${parts.join(', ')}`;
  const values = renderValues(allowedValuesForDisplay(arg), opts);
  if (values) line += l10n.t('doc.values', { values });
  return line;
}

function allowedValuesForDisplay(arg: Argument): readonly string[] {
  if (arg.enumData && arg.enumData.length > 0) return arg.enumData;
  if (onlyBool(arg)) return ['yes', 'no', 'true', 'false'];
  return [];
}

/** A list of values as code, at most `DOC_LIMITS.values` of them, then "and N more". */
export function renderValues(values: readonly string[], opts: DocOptions): string {
  if (values.length === 0) return '';
  const shown = values.slice(0, DOC_LIMITS.values).map((v) => code(v, opts, DOC_LIMITS.value));
  const more = values.length - shown.length;
  return shown.join(', ') + (more > 0 ? tr(opts).t('doc.andMoreValues', { n: more }) : '');
}

function escapeIf(text: string, opts: DocOptions): string {
  return opts.markdown ? escapeMarkdown(text) : text;
}

/** The wiki link of a record: only our own URL (under `WIKI_BASE`), made safe as a link target. */
export function wikiLink(record: CatalogRecord, opts: DocOptions): string {
  const url = safeUrl(wikiUrl(record));
  if (!url) return '';
  return opts.markdown
    ? `[${escapeMarkdown(tr(opts).t('doc.openWiki'))}](${url})`
    : tr(opts).t('doc.wikiPlain', { url });
}

/** A URL under the wiki's base with every character that could end a Markdown link percent-encoded. */
function safeUrl(url: string): string | undefined {
  if (!url.startsWith(WIKI_BASE)) return undefined;
  let out = '';
  for (const ch of url) {
    if (/^[A-Za-z0-9\-._~/%:#?=&]$/.test(ch)) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  }
  return out;
}

export interface RecordDocOptions extends DocOptions {
  /** A note shown under the signature (e.g. that the other form was used), already rendered for these options. */
  readonly note?: string;
  /** Leave out the signature (signature help shows it already). */
  readonly withoutSignature?: boolean;
  /** Leave out the argument list (signature help documents each parameter). */
  readonly withoutArguments?: boolean;
  /**
   * Whether the catalog in use has descriptions at all (`catalogHasDescriptions`), for a record
   * without one: absent or false is a catalog of facts only, as the bundled one is, which a
   * refresh from the BDFD API fills in; true means the catalog simply has none for this record.
   */
  readonly catalogDescribed?: boolean;
}

/**
 * Whether any record of the catalog has a description; a catalog of facts only (the bundled
 * snapshot) has none. The indexes keep the answer, and a compact catalog gives it without making
 * its records.
 */
export function catalogHasDescriptions(catalog: Catalog): boolean {
  return catalog.functions.hasDescriptions() || catalog.callbacks.hasDescriptions();
}

/**
 * The line a card shows in place of a missing description, so that a record from a catalog of
 * facts only does not look empty: why there is none, and what brings it.
 */
export function missingDescription(
  record: CatalogRecord,
  opts: DocOptions & { readonly catalogDescribed?: boolean },
): string {
  const l10n = tr(opts);
  const text = opts.catalogDescribed
    ? l10n.t(record.kind === 'callback' ? 'doc.noDescriptionCallback' : 'doc.noDescriptionFunction')
    : l10n.t('doc.factsOnly');
  return opts.markdown ? `*${text}*` : text;
}

/**
 * A record's documentation: signature, description, deprecation with its replacement, premium,
 * intents, arguments with type and flag and allowed values, why there is no description when
 * there is none, and the wiki link. The catalog has no return types, so none are shown.
 */
export function renderRecord(record: CatalogRecord, opts: RecordDocOptions): string {
  const sections: string[] = [];
  const sig = signature(record).label;
  if (!opts.withoutSignature) sections.push(opts.markdown ? codeBlock(sig) : sig);
  const l10n = tr(opts);
  const kindForm = l10n.t(
    record.kind === 'callback'
      ? record.bracketed
        ? 'doc.callbackWithArgs'
        : 'doc.callbackWithoutArgs'
      : record.bracketed
        ? 'doc.functionWithArgs'
        : 'doc.functionWithoutArgs',
  );
  sections.push(opts.markdown ? `*${kindForm}*` : kindForm);
  if (opts.note) sections.push(opts.note);
  const description =
    record.kind === 'callback' ? record.description : record.longDescription || record.shortDescription;
  const text = prose(description, opts);
  if (text) sections.push(text);
  if (record.kind === 'function' && record.deprecated) {
    const instead = record.deprecatedFor
      ? l10n.t('doc.useInstead', { name: code(record.deprecatedFor, opts) })
      : l10n.t('doc.avoidIt');
    sections.push(labelled(l10n.t('doc.deprecated'), instead, opts));
  }
  if (record.premium) sections.push(labelled(l10n.t('doc.premium'), l10n.t('doc.needsPremium'), opts));
  const intents = intentNames(record.intents);
  if (intents.length > 0) {
    sections.push(
      labelled(
        l10n.t('doc.intents'),
        l10n.t('doc.needsIntents', { count: intents.length, names: list(intents, 'and') }),
        opts,
      ),
    );
  }
  const args = record.arguments;
  if (record.bracketed && args && !opts.withoutArguments) {
    if (args.length === 0) sections.push(labelled(l10n.t('doc.arguments'), l10n.t('doc.none'), opts));
    else sections.push(renderArgumentList(args, opts));
  }
  // Said after the facts, next to the wiki link that has the prose meanwhile.
  if (!text) sections.push(missingDescription(record, opts));
  const link = wikiLink(record, opts);
  if (link) sections.push(link);
  return sections.join('\n\n');
}

/** The argument list of a record, one line per argument (tuple members indented under it). */
export function renderArgumentList(args: readonly Argument[], opts: DocOptions): string {
  const l10n = tr(opts);
  const heading = l10n.t('doc.arguments');
  const lines: string[] = [opts.markdown ? `**${heading}:**` : `${heading}:`];
  const shown = Math.min(args.length, DOC_LIMITS.arguments);
  for (const [i, arg] of args.slice(0, shown).entries()) {
    if (arg.tupleTypes && arg.tupleTypes.length > 0) {
      const members = arg.tupleTypes.map((m, k) => argumentName(m, i, k)).join(';');
      lines.push(
        `- ${code(`<${members}>`, opts)}: ${l10n.t(arg.repeatable ? 'doc.groupRepeats' : 'doc.group', { flag: flagText(arg, opts) })}`,
      );
      arg.tupleTypes.forEach((m, k) => lines.push(`  - ${renderArgumentLine(m, argumentName(m, i, k), opts)}`));
    } else {
      lines.push(`- ${renderArgumentLine(arg, argumentName(arg, i), opts)}`);
    }
  }
  if (args.length > shown) lines.push(`- ${l10n.t('doc.andMoreArguments', { n: args.length - shown })}`);
  return lines.join('\n');
}

/**
 * Hover text for one argument of a call: the parameter's name, its position, type, flag and
 * allowed values.
 */
export function renderArgument(record: CatalogRecord, slot: Slot, opts: DocOptions): string {
  const args = record.arguments ?? [];
  const param = args[slot.param];
  const name = argumentName(slot.argument, slot.param, slot.member);
  const l10n = tr(opts);
  const position = l10n.t('doc.argumentOf', { n: slot.param + 1, name: code(record.name, opts) });
  const group =
    slot.member !== undefined && param
      ? l10n.t(param.repeatable ? 'doc.memberOfRepeatingGroup' : 'doc.memberOfGroup', { n: slot.member + 1 })
      : undefined;
  const lines = [opts.markdown ? `**${escapeMarkdown(name)}**, ${position}` : `${name}, ${position}`];
  lines.push(renderArgumentLine(slot.argument, name, opts, group));
  if (slot.repetition > 0) lines.push(l10n.t('doc.repetition', { n: slot.repetition + 1 }));
  const description = prose(slot.argument.description, opts);
  if (description) lines.push(description);
  return lines.join('\n\n');
}

/** Hover text for an emoji: the emoji and its aliases, naming the alias under the cursor first. */
export function renderEmoji(emoji: string, aliases: readonly string[], opts: DocOptions, alias?: string): string {
  const shown = singleLine(emoji, 40);
  const glyph = opts.markdown ? escapeMarkdown(shown) : shown;
  const others = aliases.filter((a) => a !== alias);
  const l10n = tr(opts);
  const values = renderValues(others, opts);
  if (alias !== undefined) {
    const head = `${glyph} ${code(alias, opts, DOC_LIMITS.value)}`;
    return `${head}\n\n${values ? l10n.t('doc.otherAliases', { list: values }) : l10n.t('doc.noOtherAliases')}`;
  }
  return `${glyph} ${values ? l10n.t('doc.emojiAliases', { list: values }) : l10n.t('doc.noAliases')}`;
}
