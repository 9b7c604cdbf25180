// The function under the cursor, for the client's "Open wiki page for function under cursor": the
// call whose name the cursor is on (or, in an argument, the innermost call around it), resolved
// to the catalog record of the form written there and that form's wiki page.

import type { Position } from 'vscode-languageserver-types';
import type { CatalogRecord } from '../catalog/model';
import { wikiUrl } from '../catalog/wiki';
import { COMMENT_NAME } from '../parser/parser';
import { callNameAt, enclosingCall, locate } from '../parser/query';
import type { Analysis, FeatureContext } from './types';

export interface FunctionAt {
  name: string;
  kind: 'function' | 'callback';
  wikiUrl: string;
}

export function functionAt(ctx: FeatureContext, analysis: Analysis, position: Position): FunctionAt | null {
  const parsed = analysis.parsed;
  const offset = analysis.document.offsetAt(position);
  let name: string;
  let bracketed: boolean;
  let inTrigger = false;
  const named = callNameAt(parsed, offset);
  const loc = locate(parsed, offset);
  const comment = [loc.node, loc.before].find((n) => n && n.kind === 'comment' && offset >= n.start && offset <= n.open);
  if (named) {
    // A name the catalog does not know stays unknown: no jump to the call around it.
    ({ name, inTrigger } = named);
    bracketed = named.open >= 0;
  } else if (comment) {
    name = COMMENT_NAME;
    bracketed = true;
  } else {
    const around = enclosingCall(parsed, offset);
    if (!around) return null;
    ({ name, inTrigger } = around.call);
    bracketed = true;
  }
  const record = resolve(ctx, name, bracketed, inTrigger);
  return record ? { name: record.name, kind: record.kind, wikiUrl: wikiUrl(record) } : null;
}

/** The record of the form used, else the other form; callbacks first in the trigger. */
function resolve(ctx: FeatureContext, name: string, bracketed: boolean, inTrigger: boolean): CatalogRecord | undefined {
  const indexes = inTrigger ? [ctx.catalog.callbacks, ctx.catalog.functions] : [ctx.catalog.functions, ctx.catalog.callbacks];
  for (const index of indexes) {
    const forms = index.forms(name);
    if (!forms) continue;
    const record = bracketed ? (forms.bracketed ?? forms.bare) : (forms.bare ?? forms.bracketed);
    if (record) return record;
  }
  return undefined;
}
