// Signature help: the innermost call whose argument list holds the cursor, shown in its
// bracketed form, with the active parameter found by binding the call's arguments (repeatable
// parameters in the middle and tuples included) rather than by counting separators alone.

import {
  MarkupKind,
  type ParameterInformation,
  type Position,
  type SignatureHelp,
  type SignatureInformation,
} from 'vscode-languageserver-types';
import { enclosingCall } from '../parser/query';
import {
  argumentName,
  parameterIndex,
  renderArgumentLine,
  renderRecord,
  RenderedByRecord,
  signature,
  slotAt,
  type DocOptions,
} from './docs';
import type { CatalogRecord } from '../catalog/model';
import { callToResolve, resolveCall } from './resolve';
import { l10nOf, type Analysis, type FeatureContext, type SignatureHelpContext } from './types';

/**
 * Signature help at a position, or null outside any argument list and for names the catalog
 * does not know in bracketed form. The context is not needed: every request is answered afresh
 * from the cached parse, which is what a retrigger while typing wants.
 */
export function signatureHelp(
  ctx: FeatureContext,
  analysis: Analysis,
  position: Position,
  _context?: SignatureHelpContext,
): SignatureHelp | null {
  const { parsed, document } = analysis;
  const offset = document.offsetAt(position);
  const enclosing = enclosingCall(parsed, offset);
  if (!enclosing) return null;
  const { call, arg } = enclosing;
  const found = resolveCall(ctx.catalog, callToResolve(call));
  if (!found || found.otherForm) return null;
  const record = found.record;
  const opts: DocOptions = { markdown: ctx.client.markdown, l10n: l10nOf(ctx) };
  const rendered = RENDERED.get(record, opts, () => render(record, opts));
  const index = parameterIndex(record, slotAt(record, arg.index, call.args.length));
  // One past the last parameter: no parameter is active (an argument too many).
  const active = index >= 0 ? index : rendered.parameters.length;
  const information: SignatureInformation = ctx.client.signatureActiveParameter
    ? { ...rendered, activeParameter: active }
    : rendered;
  return { signatures: [information], activeSignature: 0, activeParameter: active };
}

/** Each record's signature as shown, rendered once for a while its call is typed. */
const RENDERED = new RenderedByRecord<Shown>();

/** A signature as shown, its parameters always listed. */
type Shown = SignatureInformation & { readonly parameters: ParameterInformation[] };

/** The signature of a record with its documentation and its parameters', without an active parameter. */
function render(record: CatalogRecord, opts: DocOptions): Shown {
  const kind = opts.markdown ? MarkupKind.Markdown : MarkupKind.PlainText;
  const sig = signature(record);
  const parameters: ParameterInformation[] = sig.parameters.map((p) => ({
    label: [p.start, p.end],
    documentation: { kind, value: renderArgumentLine(p.argument, argumentName(p.argument, p.param, p.member), opts) },
  }));
  return {
    label: sig.label,
    documentation: { kind, value: renderRecord(record, { ...opts, withoutSignature: true, withoutArguments: true }) },
    parameters,
  };
}
