// Document links: a literal http(s) URL in an argument the catalog types as a URL (images and
// icons, link buttons' "Button ID/URL", `$httpGet[Url]`, webhooks...) or in the text `$url`
// encodes or decodes is a link to itself. Only
// what is certainly a URL becomes a link: a literal value (escapes decoded) that starts with
// http:// or https://, names a host and has no blank or character a URL cannot hold. Each chunk's
// links are found once per catalog and kept with the chunk, so after an edit only the new chunks
// are read again.

import type { DocumentLink } from 'vscode-languageserver-types';
import { bindArguments } from '../catalog/bind';
import type { Catalog } from '../catalog/catalog';
import { literalText } from '../parser/query';
import { ChunkCache } from '../parser/facts';
import { callToResolve, resolveCall } from './resolve';
import type { ArgNode, ChunkView, ParsedDocument } from '../parser/tree';
import { isWhitespace } from '../chars';
import type { Analysis, FeatureContext } from './types';
import type { DocText } from '../parser/text';

/** A link in document offsets (relative to its chunk in a fact). */
interface Link {
  readonly start: number;
  readonly end: number;
  readonly target: string;
}

/** The longest URL made a link (browsers take about this much). */
const MAX_URL_LENGTH = 2048;

/** http(s), a host of at least one character, then no blank, quote, angle bracket or backtick. */
const URL_PATTERN = /^https?:\/\/[^\s/?#<>"`{}|\\^[\]]+(?:[/?#][^\s<>"`{}|\\^]*)?$/i;

/** Whether a literal value is a URL worth opening. */
export function isLinkUrl(value: string): boolean {
  return value.length <= MAX_URL_LENGTH && URL_PATTERN.test(value);
}

export function documentLinks(ctx: FeatureContext, analysis: Analysis): DocumentLink[] {
  const { document, parsed } = analysis;
  const out: DocumentLink[] = [];
  for (const link of linksOf(ctx.catalog, parsed)) {
    out.push({
      range: { start: document.positionAt(link.start), end: document.positionAt(link.end) },
      target: link.target,
    });
  }
  return out;
}

const catalogIds = new WeakMap<Catalog, string>();
let nextCatalogId = 0;

/** A stamp that changes with the catalog, for chunk facts that read it. */
function catalogStamp(catalog: Catalog): string {
  let id = catalogIds.get(catalog);
  if (id === undefined) catalogIds.set(catalog, (id = `catalog${++nextCatalogId}`));
  return id;
}

/** Each chunk's links, kept with it under the catalog's stamp (the catalog says which arguments are URLs). */
const LINKS = new ChunkCache<Link[]>('links');

/** Every link of the document, absolute offsets, in document order. */
export function linksOf(catalog: Catalog, parsed: ParsedDocument): Link[] {
  const stamp = catalogStamp(catalog);
  // The trigger's own call means a callback: the chunks it touches depend on where it is.
  const trigger = parsed.trigger;
  const out: Link[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const onTrigger = trigger !== null && base < trigger.end && trigger.start < parsed.chunkEnd(i);
    const chunkStamp = onTrigger ? `${stamp}:${trigger.start}-${trigger.end}` : stamp;
    const found = parsed.cached(LINKS, i, chunkStamp, (view, b) => chunkLinks(catalog, parsed.text, view, b));
    for (const link of found) out.push({ start: link.start + base, end: link.end + base, target: link.target });
  }
  return out;
}

/** Text arguments that hold a URL when their value is one: `$url[Mode;Text]` encodes and decodes URLs. */
const URL_TEXT_ARGUMENTS: ReadonlyMap<string, number> = new Map([['$url', 1]]);

function chunkLinks(catalog: Catalog, text: DocText, view: ChunkView, base: number): Link[] {
  const out: Link[] = [];
  for (const call of view.calls) {
    if (call.open < 0 || call.args.length === 0) continue;
    const textArg = URL_TEXT_ARGUMENTS.get(call.name);
    // The record every feature reads for the call (resolve.ts), in the bracketed form written.
    const found = resolveCall(catalog, callToResolve(call));
    const params = found && !found.otherForm ? found.record.arguments : undefined;
    if (!params || (textArg === undefined && !params.some((p) => p.types.includes('URL')))) continue;
    const { slots } = bindArguments(params, call.args.length);
    for (const arg of call.args) {
      if (arg.index !== textArg && !slots[arg.index]?.argument.types.includes('URL')) continue;
      const link = linkIn(text, arg);
      if (link) out.push({ ...link, start: link.start - base, end: link.end - base });
    }
  }
  return out;
}

/** The URL a literal argument holds, with where it is written (blanks around it aside). */
function linkIn(text: DocText, arg: ArgNode): Link | undefined {
  const value = literalText(text, arg)?.trim();
  if (!value || !isLinkUrl(value)) return undefined;
  let start = arg.start;
  let end = arg.end;
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end, target: value };
}
