// Inlay hints: the parameter name before each non-empty argument of a call (`Min:` `Max:` in
// `$random[1;10]`), from the same argument binding diagnostics use, so repeatable parameters and
// tuples are named the same way everywhere. Off unless `inlayHints.argumentNames` is set.

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver-types';
import { bindArguments, slotLabel } from '../catalog/bind';
import type { CatalogRecord } from '../catalog/model';
import { literalText } from '../parser/query';
import type { CallNode } from '../parser/tree';
import { callToResolve, resolveCall } from './resolve';
import type { Analysis, FeatureContext } from './types';
import { isWhitespace } from '../chars';

export function inlayHints(ctx: FeatureContext, analysis: Analysis, range: Range): InlayHint[] {
  if (!ctx.settings.inlayHints.argumentNames) return [];
  const parsed = analysis.parsed;
  const text = parsed.text;
  const doc = analysis.document;
  const from = doc.offsetAt(range.start);
  const to = Math.max(from, doc.offsetAt(range.end));
  const hints: InlayHint[] = [];
  // No call crosses a chunk boundary, so the chunks that touch the range hold every call with an argument in it.
  for (const call of parsed.calls(from, to + 1)) {
    // Calls are sorted by start; none after `to` has an argument in range.
    if (call.start > to) break;
    if (call.open < 0 || call.end < from) continue;
    const record = recordFor(ctx, call);
    const params = record?.arguments;
    if (!params || params.length === 0) continue;
    const binding = bindArguments(params, call.args.length);
    call.args.forEach((arg, i) => {
      const slot = binding.slots[i];
      if (!slot) return;
      // The hint sits before the argument's first non-blank character.
      let at = arg.start;
      while (at < arg.end && isWhitespace(text.charCodeAt(at))) at++;
      if (at === arg.end || at < from || at > to) return;
      const label = slotLabel(slot, params);
      const literal = literalText(text, arg)?.trim();
      if (literal !== undefined && literal.toLowerCase() === label.toLowerCase()) return;
      hints.push({
        position: doc.positionAt(at),
        label: `${label}:`,
        kind: InlayHintKind.Parameter,
        paddingRight: true,
      });
    });
  }
  return hints;
}

/** The record of a call with arguments, when the catalog has the bracketed form it means. */
function recordFor(ctx: FeatureContext, call: CallNode): CatalogRecord | undefined {
  const found = resolveCall(ctx.catalog, callToResolve(call));
  return found && !found.otherForm ? found.record : undefined;
}
