// Document highlights: on a block word the whole chain (`$if`/`$elseif`/`$else`/`$endif`,
// `$try`/`$catch`/`$endtry`, `$async[name]`/`$endasync` and every `$await[name]` of it); on a
// `$var` name its sets (write) and reads (read); on a component ID the call that creates it
// (write) and the arguments and `$customID==` conditions that name it (read). Everything is read
// from what the parse and the per-chunk summaries already hold (the matched blocks, the variable
// and component facts), and a summary of ID references per chunk made the first time an ID is
// highlighted and kept with the chunk, so a request on a large document touches only the chunk
// under the cursor (and, for an ID, the chunks whose summary an edit made new).

import { DocumentHighlightKind, type DocumentHighlight } from 'vscode-languageserver-types';
import { BLOCK_ROLES, type Block, type BlockCall } from '../parser/blocks';
import { literalText } from '../parser/query';
import { ChunkFact, moveEach, moveOffsets } from '../parser/facts';
import type { ArgNode, ChunkView, ParsedDocument } from '../parser/tree';
import { isWhitespace } from '../chars';
import {
  componentCalls,
  createdIdKind,
  idKindsOf,
  INTERACTION_ID_KINDS,
  type ComponentCall,
  type IdKind,
} from './components';
import type { Analysis, FeatureContext } from './types';
import { varUseAt, varUsesNamed } from './variables';
import type { DocText } from '../parser/text';

/** A highlight in document offsets. */
export interface OffsetHighlight {
  readonly start: number;
  readonly end: number;
  readonly kind: DocumentHighlightKind;
}

export function documentHighlights(_ctx: FeatureContext, analysis: Analysis, offset: number): DocumentHighlight[] {
  const { document, parsed } = analysis;
  return highlightsAt(parsed, offset).map((h) => ({
    range: { start: document.positionAt(h.start), end: document.positionAt(h.end) },
    kind: h.kind,
  }));
}

/** The highlights for a cursor at `offset`, sorted by start; none where nothing is named. */
export function highlightsAt(parsed: ParsedDocument, offset: number): OffsetHighlight[] {
  const found = blockChain(parsed, offset) ?? variable(parsed, offset) ?? componentId(parsed, offset) ?? [];
  return found.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Blocks.

/** The block call whose name (or, for `$async`/`$await`, name argument) holds the cursor. */
function blockCallAt(parsed: ParsedDocument, offset: number): BlockCall | undefined {
  const calls = parsed.blockCalls;
  let lo = 0;
  let hi = calls.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((calls[mid]?.start ?? 0) <= offset) lo = mid + 1;
    else hi = mid;
  }
  // Calls nest (`$if[$async[a]...]` is rare, but blocks live inside arguments): look back a little.
  for (let k = lo - 1; k >= 0 && k >= lo - 8; k--) {
    const call = calls[k];
    if (!call) break;
    if (offset >= call.start && offset <= call.nameEnd) return call;
    const arg = call.firstArg;
    if ((call.name === '$async' || call.name === '$await') && arg && offset >= arg.start && offset <= arg.end)
      return call;
  }
  return undefined;
}

const blockIndexes = new WeakMap<ParsedDocument, Map<number, Block>>();

/** Each block by the start of every call it is made of (made once per parse). */
function blockByCall(parsed: ParsedDocument): Map<number, Block> {
  let index = blockIndexes.get(parsed);
  if (index) return index;
  index = new Map();
  const work: Block[] = [...parsed.blocks];
  let block: Block | undefined;
  while ((block = work.pop()) !== undefined) {
    for (const child of block.children) work.push(child);
    index.set(block.opener.start, block);
    for (const b of block.branches) index.set(b.start, block);
    if (block.closer) index.set(block.closer.start, block);
  }
  blockIndexes.set(parsed, index);
  return index;
}

function nameOf(call: BlockCall, kind: DocumentHighlightKind = DocumentHighlightKind.Text): OffsetHighlight {
  return { start: call.start, end: call.nameEnd, kind };
}

function blockChain(parsed: ParsedDocument, offset: number): OffsetHighlight[] | undefined {
  const call = blockCallAt(parsed, offset);
  if (!call) return undefined;
  const index = blockByCall(parsed);
  if (call.name === '$await') {
    // An `$await` names its `$async` block: the block and every `$await` of the name.
    const target = call.label === undefined ? undefined : asyncNamed(parsed, call.label);
    return target ? asyncChain(parsed, target) : [nameOf(call)];
  }
  const block = index.get(call.start);
  // A branch or end that matched no block (a finding of its own) highlights itself.
  if (!block) return BLOCK_ROLES.has(call.name) ? [nameOf(call)] : undefined;
  if (block.kind === 'async') return asyncChain(parsed, block);
  return [block.opener, ...block.branches, ...(block.closer ? [block.closer] : [])].map((c) => nameOf(c));
}

/** The first `$async` block of a name (as go to definition finds it). */
function asyncNamed(parsed: ParsedDocument, name: string): Block | undefined {
  const index = blockByCall(parsed);
  for (const c of parsed.blockCalls) {
    if (c.name !== '$async' || c.label !== name) continue;
    return index.get(c.start);
  }
  return undefined;
}

function asyncChain(parsed: ParsedDocument, block: Block): OffsetHighlight[] {
  const out = [nameOf(block.opener)];
  if (block.closer) out.push(nameOf(block.closer));
  if (block.name !== undefined)
    for (const c of parsed.blockCalls) if (c.name === '$await' && c.label === block.name) out.push(nameOf(c));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Variables.

function variable(parsed: ParsedDocument, offset: number): OffsetHighlight[] | undefined {
  const use = varUseAt(parsed, offset);
  if (!use) return undefined;
  return varUsesNamed(parsed, use.name).map((u) => ({
    start: u.nameStart,
    end: u.nameEnd,
    kind: u.kind === 'set' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

// ---------------------------------------------------------------------------------------------
// Component IDs.

/** An argument (or the text after `$customID==`) that names a component by a literal ID. */
interface IdReference {
  readonly id: string;
  readonly kinds: readonly IdKind[];
  /** The ID as written, without the blanks around it (relative to the chunk in a fact). */
  readonly start: number;
  readonly end: number;
}

/** Functions whose arguments are conditions, where `$customID==ID` names a component. */
const CONDITIONS = new Set(['$if', '$elseif', '$onlyIf', '$checkCondition', '$and', '$or']);

/**
 * The ID references of chunk `i`, made when a highlight first asks (not whenever a chunk is made
 * into nodes: most edits never need them) and kept with the chunk.
 */
const ID_REFERENCE_FACT = new ChunkFact<readonly IdReference[]>({
  name: 'idReferences',
  compute: idReferencesOf,
  // The ID and its kinds stay; where it is written moves.
  move: (fact, shift) => moveEach(fact, (r) => moveOffsets(r, ['start', 'end'], shift)),
});

function idReferenceFact(parsed: ParsedDocument, i: number): readonly IdReference[] {
  return parsed.fact(ID_REFERENCE_FACT, i);
}

function idReferencesOf(text: DocText, view: ChunkView, base: number): IdReference[] {
  const out: IdReference[] = [];
  for (const call of view.calls) {
    if (call.open < 0) continue;
    if (CONDITIONS.has(call.name)) {
      for (const arg of call.args) customIdCompared(text, arg, base, out);
      continue;
    }
    for (const arg of call.args) {
      const kinds = idKindsOf(call.name, arg.index);
      if (!kinds) continue;
      const span = literalSpan(text, arg);
      if (span) out.push({ ...span, kinds, start: span.start - base, end: span.end - base });
    }
  }
  return out;
}

/** A literal argument's value trimmed, with where it is written; undefined when not literal or blank. */
function literalSpan(text: DocText, arg: ArgNode): { id: string; start: number; end: number } | undefined {
  const value = literalText(text, arg);
  const id = value?.trim();
  if (!id) return undefined;
  let start = arg.start;
  let end = arg.end;
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { id, start, end };
}

/** `$customID==ID` or `$customID!=ID` in a condition argument. */
function customIdCompared(text: DocText, arg: ArgNode, base: number, out: IdReference[]): void {
  const children = arg.children;
  for (let k = 0; k + 1 < children.length; k++) {
    const call = children[k];
    const next = children[k + 1];
    if (call?.kind !== 'call' || call.name !== '$customID' || call.open >= 0 || next?.kind !== 'text') continue;
    const m = /^(\s*(?:==|!=)\s*)([^\s;\]$]+)/.exec(text.slice(next.start, next.end));
    if (!m?.[2]) continue;
    const start = next.start + (m[1] ?? '').length;
    out.push({ id: m[2], kinds: INTERACTION_ID_KINDS, start: start - base, end: start + m[2].length - base });
  }
}

interface Creation {
  readonly id: string;
  readonly kind: IdKind;
  readonly start: number;
  readonly end: number;
}

/** Where a component call's literal ID is written (trimmed), when it creates one. */
function creationOf(text: DocText, c: ComponentCall): Creation | undefined {
  const kind = createdIdKind(c);
  if (!kind || typeof c.id !== 'string' || c.idStart < 0) return undefined;
  const id = c.id.trim();
  if (id === '') return undefined;
  let start = c.idStart;
  let end = c.idEnd;
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { id, kind, start, end };
}

function componentId(parsed: ParsedDocument, offset: number): OffsetHighlight[] | undefined {
  const text = parsed.text;
  // What the cursor is on: an ID a call creates, or a reference to one (read from its chunk).
  let id: string | undefined;
  let kinds: readonly IdKind[] = [];
  const chunk = parsed.chunkAt(offset);
  const base = parsed.chunkStart(chunk);
  for (const r of idReferenceFact(parsed, chunk)) {
    if (offset >= r.start + base && offset <= r.end + base) {
      id = r.id;
      kinds = r.kinds;
      break;
    }
  }
  const creations: Creation[] = [];
  for (const c of componentCalls(parsed)) {
    const made = creationOf(text, c);
    if (!made) continue;
    creations.push(made);
    if (id === undefined && offset >= made.start && offset <= made.end) {
      id = made.id;
      kinds = [made.kind];
    }
  }
  if (id === undefined) return undefined;
  const out: OffsetHighlight[] = [];
  // The kinds the ID has where it is created; a reference names those of its kinds that exist.
  const madeKinds = new Set(creations.filter((c) => c.id === id && kinds.includes(c.kind)).map((c) => c.kind));
  for (const c of creations)
    if (c.id === id && madeKinds.has(c.kind))
      out.push({ start: c.start, end: c.end, kind: DocumentHighlightKind.Write });
  for (let i = 0; i < parsed.chunkCount; i++) {
    const at = parsed.chunkStart(i);
    for (const r of idReferenceFact(parsed, i)) {
      if (r.id !== id) continue;
      if (madeKinds.size > 0 ? !r.kinds.some((k) => madeKinds.has(k)) : !r.kinds.some((k) => kinds.includes(k)))
        continue;
      out.push({ start: r.start + at, end: r.end + at, kind: DocumentHighlightKind.Read });
    }
  }
  return out.length > 0 ? out : undefined;
}
