// The function under the cursor, for the client's "Open wiki page for function under cursor": the
// call whose name the cursor is on (or, in an argument, the innermost call around it), resolved
// to the catalog record of the form written there and that form's wiki page.

import type { Position } from 'vscode-languageserver-types';
import { wikiUrl } from '../catalog/wiki';
import { COMMENT_NAME } from '../parser/parser';
import { callNameAt, enclosingCall, locate } from '../parser/query';
import { callToResolve, resolveCall, type CallToResolve } from './resolve';
import type { Analysis, FeatureContext } from './types';

export interface FunctionAt {
  name: string;
  kind: 'function' | 'callback';
  wikiUrl: string;
}

export function functionAt(ctx: FeatureContext, analysis: Analysis, position: Position): FunctionAt | null {
  const parsed = analysis.parsed;
  const offset = analysis.document.offsetAt(position);
  const named = callNameAt(parsed, offset);
  const loc = locate(parsed, offset);
  const comment = [loc.node, loc.before].find(
    (n) => n && n.kind === 'comment' && offset >= n.start && offset <= n.open,
  );
  let call: CallToResolve;
  if (named) {
    // A name the catalog does not know stays unknown: no jump to the call around it.
    call = callToResolve(named);
  } else if (comment) {
    call = { name: COMMENT_NAME, bracketed: true, triggerRoot: false };
  } else {
    const around = enclosingCall(parsed, offset);
    if (!around) return null;
    call = callToResolve(around.call);
  }
  // The record hover shows at the same cursor: one resolution for both.
  const record = resolveCall(ctx.catalog, call)?.record;
  return record ? { name: record.name, kind: record.kind, wikiUrl: wikiUrl(record) } : null;
}
