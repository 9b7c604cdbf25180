// The budget above the code that builds the reply: one lens on the first call that gives the
// reply an embed or a component, saying which embeds it has, how many of the 6,000 characters
// its embeds hold and how many of the 5 action rows (or 40 Components V2 components) it uses,
// each the most on any one path. The counts are the ones the caps' rules judge, read from the
// same per-chunk summaries and path model (embeds.ts, components.ts), which validation has
// already made: the lens makes no chunk into nodes. A reply without embeds or components gets
// no lens. Where the lens leads (the preview) is the server's to say.

import { list, msg, type Msg } from '../l10n';
import type { Block } from '../parser/blocks';
import { componentTotals } from './components';
import { embedTotals } from './embeds';
import { limit } from './limits';
import { l10nOf, type Analysis, type FeatureContext } from './types';

/** A budget lens in document offsets: where it stands (the first call's name) and its text. */
export interface BudgetLens {
  readonly start: number;
  readonly end: number;
  readonly title: string;
  /**
   * The branch of each `$if` block around the lens's call, as `[$if start, branch index]` (the
   * preview's branch choices), so a preview opened from the lens shows the message it is over.
   */
  readonly branches: ReadonlyArray<readonly [number, number]>;
}

/** The budget lenses of a document; none when the setting turns them off. */
export function budgetLenses(ctx: FeatureContext, analysis: Analysis): BudgetLens[] {
  if (!ctx.settings.codeLens.messageBudget) return [];
  const parsed = analysis.parsed;
  const embeds = embedTotals(parsed);
  const components = componentTotals(parsed);
  if (!embeds && !components) return [];
  const parts: Msg[] = [];
  if (embeds) {
    const [only] = embeds.indexes;
    if (embeds.indexes.length === 1 && only !== undefined) parts.push(msg('lens.embed', { index: only }));
    else if (embeds.indexes.length > 1) parts.push(msg('lens.embeds', { list: list(embeds.indexes, 'and') }));
    if (embeds.chars !== undefined)
      parts.push(msg('lens.characters', { count: embeds.chars, max: limit('embedsTotal') }));
  }
  if (components?.rows !== undefined)
    parts.push(msg('lens.rows', { count: components.rows, max: limit('legacyActionRows') }));
  if (components?.v2 !== undefined)
    parts.push(msg('lens.components', { count: components.v2, max: limit('componentsV2Total') }));
  parts.push(msg('lens.preview'));
  const start = Math.min(embeds?.first ?? Infinity, components?.first ?? Infinity);
  const call = parsed.callAt(start);
  const l10n = l10nOf(ctx);
  return [
    {
      start,
      end: call ? call.nameEnd : start,
      title: parts.map((p) => l10n.text(p)).join(' · '),
      branches: branchesAt(parsed.blocks, start),
    },
  ];
}

/** The branch of each `$if` block that holds `offset`: how many of its branch words come before it. */
function branchesAt(top: readonly Block[], offset: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let level = top;
  for (;;) {
    const block = level.find((b) => b.start < offset && offset < b.end);
    if (!block) return out;
    if (block.kind === 'if') out.push([block.opener.start, block.branches.filter((b) => b.start < offset).length]);
    level = block.children;
  }
}
