// Find references and rename for `$var` names: every `$var` call that names the variable, from
// the per-chunk summaries of variables.ts, as LSP locations and workspace edits. A rename rewrites
// each name argument with the new name escaped, and is refused where it could lose text.

import type { Location, Position, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import { prepareVarRename, renameVar, varUseAt, varUsesNamed } from './variables';
import { l10nOf, type Analysis, type FeatureContext } from './types';

/** Every use of the `$var` at a position (sets too when `includeDeclaration`). */
export function references(
  _ctx: FeatureContext,
  analysis: Analysis,
  position: Position,
  includeDeclaration: boolean,
): Location[] {
  const { parsed, document } = analysis;
  const use = varUseAt(parsed, document.offsetAt(position));
  if (!use) return [];
  return varUsesNamed(parsed, use.name)
    .filter((u) => includeDeclaration || u.kind === 'read')
    .map((u) => ({
      uri: document.uri,
      range: { start: document.positionAt(u.nameStart), end: document.positionAt(u.nameEnd) },
    }));
}

/** What a rename at a position would rename, why it cannot, or null where there is nothing to rename. */
export function prepareRename(
  ctx: FeatureContext,
  analysis: Analysis,
  position: Position,
): { range: Range; placeholder: string } | { error: string } | null {
  const { parsed, document } = analysis;
  const plan = prepareVarRename(parsed, document.offsetAt(position));
  if (!plan) return null;
  if ('error' in plan) return { error: l10nOf(ctx).text(plan.error) };
  return {
    range: { start: document.positionAt(plan.range.start), end: document.positionAt(plan.range.end) },
    placeholder: plan.name,
  };
}

/** The edits of a rename, why it cannot be done, or null where there is nothing to rename. */
export function rename(
  ctx: FeatureContext,
  analysis: Analysis,
  position: Position,
  newName: string,
): WorkspaceEdit | { error: string } | null {
  const { parsed, document } = analysis;
  const result = renameVar(parsed, document.offsetAt(position), newName);
  if (!result) return null;
  if ('error' in result) return { error: l10nOf(ctx).text(result.error) };
  return {
    changes: {
      [document.uri]: result.edits.map((e) => ({
        range: { start: document.positionAt(e.start), end: document.positionAt(e.end) },
        newText: e.newText,
      })),
    },
  };
}
