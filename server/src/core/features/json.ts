// JSON inside BDScript: the literal argument of `$jsonParse[...]` checked as JSON after its
// escapes are decoded, with the first error placed on the document characters it came from
// (a map from decoded offsets back to document offsets), and the keys such a literal defines,
// offered in the key paths of `$json[...]`, `$jsonSet[...]` and their siblings. What completion
// needs from the whole document comes from a per-chunk fact, never a walk of every call.

import { CompletionItemKind } from 'vscode-languageserver-types';
import type { CatalogRecord } from '../catalog/model';
import { ChunkFact, moveEach, moveOffsets } from '../parser/facts';
import { literalText } from '../parser/query';
import type { ArgNode, CallNode, ChunkView, ParsedDocument } from '../parser/tree';
import { checkJson, type JsonError, type JsonShape } from './jsonCheck';
import { msg, type Msg, type Text } from '../l10n';
import type { DocText } from '../parser/text';

/** The function whose argument is JSON text. */
export const JSON_PARSE = '$jsonParse';

/** At most this many keys or indices of one value are offered. */
const MAX_KEY_ITEMS = 200;

/**
 * An argument's literal value (escapes decoded, comments dropped, as `literalText` gives it) with
 * the way back: `docStart(k)`/`docEnd(k)` give the document span of decoded character `k`, the
 * whole escape sequence for a decoded escape.
 */
export class DecodedLiteral {
  private constructor(
    readonly value: string,
    /** Per piece: where it starts in the value, where in the document, and whether it is one escape. */
    private readonly from: readonly number[],
    private readonly to: readonly number[],
    private readonly escapeEnd: readonly number[],
    private readonly argEnd: number,
  ) {}

  /** The literal of an argument, or undefined when a call is in it (its value exists only at run time). */
  static of(text: DocText, arg: ArgNode): DecodedLiteral | undefined {
    let value = '';
    const from: number[] = [];
    const to: number[] = [];
    const escapeEnd: number[] = [];
    for (const child of arg.children) {
      switch (child.kind) {
        case 'text':
          from.push(value.length);
          to.push(child.start);
          escapeEnd.push(-1);
          value += text.slice(child.start, child.end);
          break;
        case 'escape':
          from.push(value.length);
          to.push(child.start);
          escapeEnd.push(child.end);
          value += child.value;
          break;
        case 'comment':
          break;
        case 'call':
          return undefined;
      }
    }
    return new DecodedLiteral(value, from, to, escapeEnd, arg.end);
  }

  /** The piece holding decoded offset `k` (the last piece for the end of the value). */
  private piece(k: number): number {
    let lo = 0;
    let hi = this.from.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      const from = this.from[mid];
      if (from !== undefined && from <= k) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where decoded character `k` starts in the document; the argument's end for the end of the value. */
  docStart(k: number): number {
    if (k >= this.value.length || this.from.length === 0) return this.argEnd;
    const p = this.piece(k);
    const from = this.from[p];
    const to = this.to[p];
    const escapeEnd = this.escapeEnd[p];
    // The three lists have one entry per piece, and piece() returns one.
    if (from === undefined || to === undefined || escapeEnd === undefined) return this.argEnd;
    return escapeEnd >= 0 ? to : to + (k - from);
  }

  /** Where decoded character `k` ends in the document (after its whole escape sequence). */
  docEnd(k: number): number {
    if (k >= this.value.length || this.from.length === 0) return this.argEnd;
    const p = this.piece(k);
    const from = this.from[p];
    const to = this.to[p];
    const escapeEnd = this.escapeEnd[p];
    if (from === undefined || to === undefined || escapeEnd === undefined) return this.argEnd;
    return escapeEnd >= 0 ? escapeEnd : to + (k - from) + 1;
  }

  /** The document span of decoded [start, end); an empty span at the end of the value maps to `fallback`. */
  docSpan(start: number, end: number, fallback: { start: number; end: number }): { start: number; end: number } {
    if (start >= this.value.length) return fallback;
    return {
      start: this.docStart(start),
      end: Math.max(this.docStart(start) + 1, this.docEnd(Math.max(start, end - 1))),
    };
  }
}

/** A `$jsonParse` call whose one argument can be read before run time: closed, one argument, no call in it. */
function jsonLiteralOf(text: DocText, call: CallNode): DecodedLiteral | undefined {
  const arg = call.args[0];
  if (call.name !== JSON_PARSE || call.open < 0 || call.close < 0 || call.args.length !== 1 || arg === undefined)
    return undefined;
  return DecodedLiteral.of(text, arg);
}

/** A JSON error of a `$jsonParse` literal, placed in the document. */
export interface JsonFinding {
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
}

/**
 * The first JSON error in the literal argument of a `$jsonParse[...]` call, on the document
 * characters it comes from; undefined when the argument is JSON, holds a call, is empty (the
 * `empty-argument` rule speaks then) or when extra `;` split it (`too-many-arguments` does).
 * A text that ends too early is marked on the call's `]`.
 */
export function jsonParseFinding(text: DocText, call: CallNode): JsonFinding | undefined {
  const literal = jsonLiteralOf(text, call);
  if (!literal || literal.value === '') return undefined;
  const { error } = checkJson(literal.value);
  if (!error) return undefined;
  return place(literal, error, call);
}

function place(literal: DecodedLiteral, error: JsonError, call: CallNode): JsonFinding {
  const span = literal.docSpan(error.start, error.end, { start: call.close, end: call.close + 1 });
  // A backslash that came from BDScript's `\\` is one backslash in the JSON, which surprises.
  const fromEscape =
    literal.value.charCodeAt(error.start) === 92 && literal.docEnd(error.start) - literal.docStart(error.start) === 2;
  return {
    start: span.start,
    end: span.end,
    message: msg(fromEscape ? 'json.invalidEscaped' : 'json.invalid', { error: error.message }),
  };
}

// ---------------------------------------------------------------------------------------------
// Keys for completion.

/** One `$jsonParse[...]` of a chunk: where it starts (relative to the chunk) and the shape of its literal, if valid. */
interface ParseFact {
  readonly start: number;
  /** The value's shape; null when the argument is not a valid JSON literal (its keys are unknown). */
  readonly shape: JsonShape | null;
}

/** The `$jsonParse[...]` calls of a chunk and the shapes of their literals (completion of keys). */
export const JSON_PARSE_FACT = new ChunkFact<readonly ParseFact[]>({
  name: 'jsonParses',
  compute: chunkJsonParses,
  move: (fact, shift) => moveEach(fact, (f) => moveOffsets(f, ['start'], shift)),
});

function chunkJsonParses(text: DocText, view: ChunkView, base: number): ParseFact[] {
  const out: ParseFact[] = [];
  for (const call of view.calls) {
    if (call.name !== JSON_PARSE || call.open < 0) continue;
    const literal = jsonLiteralOf(text, call);
    const checked = literal ? checkJson(literal.value) : undefined;
    out.push({ start: call.start - base, shape: checked && !checked.error && checked.shape ? checked.shape : null });
  }
  return out;
}

/** The shape of what the last `$jsonParse[...]` starting before `offset` parsed, or undefined when unknown. */
export function jsonParsedBefore(parsed: ParsedDocument, offset: number): JsonShape | undefined {
  for (let i = parsed.chunkAt(offset); i >= 0; i--) {
    const base = parsed.chunkStart(i);
    const facts = parsed.fact(JSON_PARSE_FACT, i);
    for (let k = facts.length - 1; k >= 0; k--) {
      const fact = facts[k];
      if (fact !== undefined && fact.start + base < offset) return fact.shape ?? undefined;
    }
  }
  return undefined;
}

/**
 * Whether a record takes a key path into the current JSON value: a `$json…` function whose
 * first argument repeats (`$json[Key;...]`, `$jsonSet[Key;...;Value]`, `$jsonArrayCount`, ...).
 */
export function takesJsonKeyPath(record: CatalogRecord): boolean {
  const first = record.arguments?.[0];
  return record.kind === 'function' && record.name.startsWith('$json') && first !== undefined && first.repeatable;
}

/** A key or index to offer in a key path. */
export interface KeyValue {
  readonly value: string;
  readonly kind: CompletionItemKind;
  readonly detail: Msg;
}

/**
 * The keys (or array indices) at argument `index` of a key-path call: the value the literal of
 * the last `$jsonParse` before the call defines, followed along the keys written in the
 * arguments before. Empty when a step is not literal or not in the value.
 */
export function jsonKeysAt(parsed: ParsedDocument, call: CallNode, index: number): KeyValue[] {
  let shape = jsonParsedBefore(parsed, call.start);
  for (let k = 0; k < index && shape; k++) {
    const arg = call.args[k];
    const step = arg === undefined ? undefined : literalText(parsed.text, arg);
    shape = step === undefined ? undefined : child(shape, step);
  }
  if (!shape) return [];
  const out: KeyValue[] = [];
  if (shape.kind === 'object') {
    for (const [key, value] of shape.keys) {
      if (out.length >= MAX_KEY_ITEMS) break;
      out.push({
        value: key,
        kind: CompletionItemKind.Property,
        detail: msg('completion.jsonKey', { shape: describe(value) }),
      });
    }
  } else if (shape.kind === 'array') {
    for (const [i, item] of shape.items.slice(0, MAX_KEY_ITEMS).entries()) {
      out.push({
        value: String(i),
        kind: CompletionItemKind.Value,
        detail: msg('completion.jsonItem', { shape: describe(item) }),
      });
    }
  }
  return out;
}

/** The value under one key-path step: an object's key (as written, else trimmed) or an array's index. */
function child(shape: JsonShape, step: string): JsonShape | undefined {
  if (shape.kind === 'object') return shape.keys.get(step) ?? shape.keys.get(step.trim());
  if (shape.kind === 'array') {
    const t = step.trim();
    return /^\d{1,9}$/.test(t) ? shape.items[Number(t)] : undefined;
  }
  return undefined;
}

/** A value's kind and a glimpse of it: `object (3 keys)`, `array (2 items)`, `"NightNutSky"`, `16`. */
function describe(shape: JsonShape): Text {
  switch (shape.kind) {
    case 'object':
      return msg('completion.jsonObject', { n: shape.keys.size });
    case 'array':
      return msg('completion.jsonArray', { n: shape.items.length });
    case 'string':
      return `"${shape.preview}"`;
    default:
      return shape.preview;
  }
}
