// Document symbols: the outline of a BDScript document. The trigger line is an Event; every
// `$if`/`$try`/`$async` block is a symbol whose children are its branches (`$elseif`, `$else`,
// `$catch`), the blocks nested in it and the `$var[Name;Value]` assignments inside it.

import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { Block, BlockCall } from '../parser/blocks';
import type { ParsedDocument } from '../parser/tree';
import { varUses } from './documentNames';
import { l10nOf, type Analysis, type FeatureContext } from './types';
import { msg, type Localizer, type Text } from '../l10n';

/** Longest symbol name shown for a condition; longer ones are cut with an ellipsis. */
const MAX_NAME_LENGTH = 60;

interface Item {
  readonly start: number;
  readonly end: number;
  readonly selectionStart: number;
  readonly selectionEnd: number;
  readonly name: Text;
  readonly detail?: Text;
  readonly kind: SymbolKind;
  readonly children: Item[];
}

export function documentSymbols(ctx: FeatureContext, analysis: Analysis): DocumentSymbol[] {
  const parsed = analysis.parsed;
  const items: Item[] = [];

  if (parsed.trigger) {
    const first = parsed.callAt(parsed.trigger.start);
    if (first) {
      items.push(
        item(
          parsed.trigger.start,
          parsed.trigger.end,
          first.start,
          first.nameEnd,
          first.name,
          SymbolKind.Event,
          msg('symbol.trigger'),
        ),
      );
    }
  }

  // Blocks and their branches, walked without recursion.
  const work: Block[] = [...parsed.blocks];
  let block: Block | undefined;
  while ((block = work.pop()) !== undefined) {
    for (const child of block.children) work.push(child);
    items.push(blockItem(parsed, block));
    const ends = [...block.branches.map((b) => b.start), block.closer ? block.closer.start : block.end];
    for (const [k, branch] of block.branches.entries()) {
      // `ends` holds one more entry than there are branches.
      const end = Math.max(branch.end, ends[k + 1] ?? block.end);
      if (end > block.end) continue;
      items.push(
        item(branch.start, end, branch.start, branch.nameEnd, callLabel(parsed, branch), SymbolKind.Namespace),
      );
    }
  }

  // `$var[Name;Value]` assignments with a literal name.
  for (const use of varUses(parsed)) {
    if (use.argCount < 2) continue;
    items.push(item(use.start, use.end, use.nameStart, use.nameEnd, oneLine(use.name), SymbolKind.Variable, '$var'));
  }

  const l10n = l10nOf(ctx);
  return nestItems(items).map((i) => toSymbol(analysis, i, l10n));
}

function blockItem(parsed: ParsedDocument, block: Block): Item {
  const opener = block.opener;
  if (block.kind === 'async') {
    const name = block.name ? oneLine(block.name) : '$async';
    const sel = block.name && opener.firstArg ? opener.firstArg : null;
    return item(
      block.start,
      block.end,
      sel ? sel.start : opener.start,
      sel ? sel.end : opener.nameEnd,
      name,
      SymbolKind.Function,
      '$async',
    );
  }
  return item(
    block.start,
    block.end,
    opener.start,
    opener.nameEnd,
    callLabel(parsed, opener),
    SymbolKind.Namespace,
    block.closer ? undefined : msg('symbol.notClosed'),
  );
}

/** `$if[condition]` with the condition on one line and cut to a readable length, or `$else`. */
function callLabel(parsed: ParsedDocument, call: BlockCall): string {
  if (call.open < 0) return call.name;
  const end = call.close >= 0 ? call.close : Math.min(call.end, call.open + 1 + MAX_NAME_LENGTH * 2);
  return `${call.name}[${oneLine(parsed.text.slice(call.open + 1, end))}]`;
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_NAME_LENGTH ? flat.slice(0, MAX_NAME_LENGTH - 1) + '…' : flat;
}

function item(
  start: number,
  end: number,
  selectionStart: number,
  selectionEnd: number,
  name: string,
  kind: SymbolKind,
  detail?: Text,
): Item {
  return {
    start,
    end,
    selectionStart,
    selectionEnd,
    name: name === '' ? msg('symbol.empty') : name,
    kind,
    children: [],
    ...(detail ? { detail } : {}),
  };
}

/**
 * Nests items by containment: each item goes under the innermost earlier item that contains
 * it. An item that only overlaps the open one (a branch crossing a nested block) goes under the
 * nearest one that does contain it, so children always lie inside their parent.
 */
function nestItems(items: Item[]): Item[] {
  items.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Item[] = [];
  const open: Item[] = [];
  for (const it of items) {
    let parent = open.at(-1);
    while (parent !== undefined && !(parent.start <= it.start && it.end <= parent.end)) {
      open.pop();
      parent = open.at(-1);
    }
    (parent ? parent.children : roots).push(it);
    open.push(it);
  }
  return roots;
}

function toSymbol(analysis: Analysis, root: Item, l10n: Localizer): DocumentSymbol {
  const doc = analysis.document;
  const convert = (it: Item, children: DocumentSymbol[]): DocumentSymbol => ({
    name: l10n.text(it.name),
    ...(it.detail ? { detail: l10n.text(it.detail) } : {}),
    kind: it.kind,
    range: { start: doc.positionAt(it.start), end: doc.positionAt(it.end) },
    selectionRange: { start: doc.positionAt(it.selectionStart), end: doc.positionAt(it.selectionEnd) },
    children,
  });
  // Convert without recursion: blocks can nest deeply. Each entry holds the children list its
  // item's symbols go into.
  const rootChildren: DocumentSymbol[] = [];
  const out = convert(root, rootChildren);
  const work: Array<[Item, DocumentSymbol[]]> = [[root, rootChildren]];
  let entry: [Item, DocumentSymbol[]] | undefined;
  while ((entry = work.pop()) !== undefined) {
    const [it, into] = entry;
    for (const child of it.children) {
      const children: DocumentSymbol[] = [];
      into.push(convert(child, children));
      work.push([child, children]);
    }
  }
  return out;
}
