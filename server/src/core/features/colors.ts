// The colour picker: `textDocument/documentColor` finds every literal value of a Color argument
// (hex with or without `#`, three or six digits, or an integer such as 16711680) and
// `textDocument/colorPresentation` writes a picked colour back in the form the user wrote it
// (a `#` kept or left out, the letter case kept, an integer stays an integer). Which arguments
// are colours comes from the catalog, so each chunk's colours are a fact stamped with the catalog.

import type { Color, ColorInformation, ColorPresentation, Range } from 'vscode-languageserver-types';
import { bindArguments } from '../catalog/bind';
import type { Catalog } from '../catalog/catalog';
import type { CatalogRecord } from '../catalog/model';
import { ChunkCache } from '../parser/facts';
import type { CallNode, ChunkView } from '../parser/tree';
import { callToResolve, resolveCall } from './resolve';
import { isWhitespace } from '../chars';
import type { Analysis, FeatureContext } from './types';
import type { DocText } from '../parser/text';

const HEX = /^(#?)([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;
const INTEGER = /^\d{1,8}$/;
const MAX_COLOR = 0xffffff;

/** A colour literal's value (0xRRGGBB), or undefined when the text is not one. */
export function colorValue(text: string): number | undefined {
  const hex = HEX.exec(text);
  if (hex) {
    const given = hex[2] ?? ''; // the group is not optional: it matched
    const digits = given.length === 3 ? [...given].map((d) => d + d).join('') : given;
    return parseInt(digits, 16);
  }
  if (INTEGER.test(text)) {
    const n = Number(text);
    return n <= MAX_COLOR ? n : undefined;
  }
  return undefined;
}

/** One colour literal of a chunk, offsets relative to it. */
interface ColorSpot {
  readonly start: number;
  readonly end: number;
  readonly value: number;
}

const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(o: object): string {
  let id = identities.get(o);
  if (id === undefined) identities.set(o, (id = nextIdentity++));
  return String(id);
}

/** The record a call's brackets hold arguments of: the one the call means (resolve.ts), in its bracketed form. */
function recordOf(catalog: Catalog, call: CallNode): CatalogRecord | undefined {
  const found = resolveCall(catalog, callToResolve(call));
  return found && !found.otherForm ? found.record : undefined;
}

function chunkColors(catalog: Catalog, text: DocText, view: ChunkView, base: number): ColorSpot[] {
  const out: ColorSpot[] = [];
  for (const call of view.calls) {
    if (call.open < 0 || call.args.length === 0) continue;
    const params = recordOf(catalog, call)?.arguments;
    if (
      !params ||
      !params.some((p) => p.types.includes('Color') || p.tupleTypes?.some((t) => t.types.includes('Color')))
    )
      continue;
    const binding = bindArguments(params, call.args.length);
    call.args.forEach((arg, i) => {
      const slot = binding.slots[i];
      if (!slot || !slot.argument.types.includes('Color')) return;
      // Only plain text can be rewritten in place.
      if (arg.children.length !== 1 || arg.children[0]?.kind !== 'text') return;
      let start = arg.start;
      let end = arg.end;
      while (start < end && isWhitespace(text.charCodeAt(start))) start++;
      while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
      const value = colorValue(text.slice(start, end));
      if (value !== undefined) out.push({ start: start - base, end: end - base, value });
    });
  }
  return out;
}

/** The colour literals of a chunk, with the catalog they were read with. */
const COLORS = new ChunkCache<ColorSpot[]>('colors');

/** Every colour literal of the document, for the colour picker. */
export function documentColors(ctx: FeatureContext, analysis: Analysis): ColorInformation[] {
  const { parsed, document } = analysis;
  const stamp = identity(ctx.catalog);
  // The trigger's own call means a callback: the chunks it touches depend on where it is.
  const trigger = parsed.trigger;
  const out: ColorInformation[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const onTrigger = trigger !== null && base < trigger.end && trigger.start < parsed.chunkEnd(i);
    const spots = parsed.cached(COLORS, i, onTrigger ? `${stamp}:${trigger.start}-${trigger.end}` : stamp, (view, b) =>
      chunkColors(ctx.catalog, parsed.text, view, b),
    );
    for (const s of spots) {
      out.push({
        range: { start: document.positionAt(s.start + base), end: document.positionAt(s.end + base) },
        color: toColor(s.value),
      });
    }
  }
  return out;
}

function toColor(value: number): Color {
  return { red: ((value >> 16) & 255) / 255, green: ((value >> 8) & 255) / 255, blue: (value & 255) / 255, alpha: 1 };
}

/** A picked colour as 0xRRGGBB (alpha is dropped: Discord colours have none). */
function fromColor(color: Color): number {
  const channel = (v: number): number => Math.max(0, Math.min(255, Math.round(v * 255)));
  return (channel(color.red) << 16) | (channel(color.green) << 8) | channel(color.blue);
}

/**
 * How to write a picked colour over `range`: first in the form the text there has (hex with or
 * without `#` in its letter case, or an integer), then the other forms.
 */
export function colorPresentations(
  _ctx: FeatureContext,
  analysis: Analysis,
  color: Color,
  range: Range,
): ColorPresentation[] {
  const { document } = analysis;
  const current = document.getText(range).trim();
  const value = fromColor(color);
  const hex = value.toString(16).padStart(6, '0');
  const lowerCase = /[a-f]/.test(current) && !/[A-F]/.test(current);
  const digits = lowerCase ? hex : hex.toUpperCase();
  const forms = { hashed: `#${digits}`, bare: digits, integer: String(value) };
  const first = INTEGER.test(current)
    ? forms.integer
    : current.startsWith('#')
      ? forms.hashed
      : HEX.test(current)
        ? forms.bare
        : forms.hashed;
  const all = [first, ...[forms.hashed, forms.bare, forms.integer].filter((f) => f !== first)];
  return all.map((label) => ({ label, textEdit: { range, newText: label } }));
}
