// Semantic tokens from the parse tree: one pass over its leaves, encoded as LSP relative
// positions in UTF-16 units with multi-line leaves split per line. The legend below says how each
// kind of leaf is typed and why it looks right in default themes.

import type { Range, SemanticTokens } from 'vscode-languageserver-types';
import { BLOCK_ROLES } from '../parser/blocks';
import { forEachLeafIn } from '../parser/query';
import type { CallNode, Leaf } from '../parser/tree';
import type { Analysis, FeatureContext } from './types';
import { isLineBreak } from '../chars';
import { callToResolve, isTriggerCall, resolveCall } from './resolve';

/**
 * The legend keeps to standard types, so default themes colour tokens through their TextMate
 * fallbacks. Catalog functions are `function` + `defaultLibrary` (support.function); names the
 * catalog does not know are `function` + `unknown` (entity.name.function, so they still read as
 * calls while the diagnostic marks them); block functions ($if, $try, $async, ...) are `keyword`
 * (keyword.control); callbacks are `event`; a whole `$c[...]` comment is `comment`; `[`, `]` and
 * `;` are `operator`. Escapes use the custom type `escape`, which no theme styles, so the
 * grammar's constant.character.escape colour stays. Deprecated functions add `deprecated`.
 * Plain text gets no token.
 */
export const SEMANTIC_TOKENS_LEGEND: { tokenTypes: string[]; tokenModifiers: string[] } = {
  tokenTypes: ['function', 'keyword', 'event', 'comment', 'operator', 'escape'],
  tokenModifiers: ['defaultLibrary', 'deprecated', 'unknown'],
};

/** Indexes into the legend's token types. */
const TokenType = { Function: 0, Keyword: 1, Event: 2, Comment: 3, Operator: 4, Escape: 5 } as const;

/** Bits of the legend's token modifiers. */
const Modifier = { DefaultLibrary: 1 << 0, Deprecated: 1 << 1, Unknown: 1 << 2 } as const;

/** One decoded token, for tests and checks: absolute line and UTF-16 character. */
export interface DecodedToken {
  readonly line: number;
  readonly char: number;
  readonly length: number;
  readonly type: string;
  readonly modifiers: string[];
}

export function semanticTokens(ctx: FeatureContext, analysis: Analysis, range?: Range): SemanticTokens {
  const parsed = analysis.parsed;
  const text = parsed.text;
  const lineStarts = parsed.lineStarts;
  let from = 0;
  let to = text.length;
  if (range) {
    from = analysis.document.offsetAt(range.start);
    to = Math.max(from, analysis.document.offsetAt(range.end));
  }

  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let line = 0;
  const classification = new Map<string, number>();
  const classify = (call: CallNode): number => {
    const key = `${call.open >= 0 ? '[' : ' '}${isTriggerCall(call) ? 't' : ' '}${call.name}`;
    let packed = classification.get(key);
    if (packed === undefined) {
      packed = classifyName(ctx, call);
      classification.set(key, packed);
    }
    return packed;
  };

  /** Emits [start, end) as tokens, one per line it touches, without the line breaks. */
  const emit = (start: number, end: number, type: number, modifiers: number): void => {
    // Past the last line start there is no next line: Infinity.
    while ((lineStarts[line + 1] ?? Infinity) <= start) line++;
    let segStart = start;
    for (;;) {
      const nextLine = lineStarts[line + 1] ?? Infinity;
      let segEnd = Math.min(end, nextLine);
      while (segEnd > segStart && isLineBreak(text.charCodeAt(segEnd - 1))) segEnd--;
      if (segEnd > segStart && segEnd > from && segStart < to) {
        const char = segStart - (lineStarts[line] ?? 0);
        data.push(line - prevLine, line === prevLine ? char - prevChar : char, segEnd - segStart, type, modifiers);
        prevLine = line;
        prevChar = char;
      }
      if (end <= nextLine) break;
      line++;
      segStart = nextLine;
    }
  };

  forEachLeafIn(parsed, from, to, (leaf: Leaf) => {
    if (leaf.end <= from || leaf.start >= to) return;
    switch (leaf.kind) {
      case 'text':
        return;
      case 'escape':
        emit(leaf.start, leaf.end, TokenType.Escape, 0);
        return;
      case 'name': {
        const packed = classify(leaf.node as CallNode);
        emit(leaf.start, leaf.end, packed >> 8, packed & 0xff);
        return;
      }
      case 'open':
      case 'close':
      case 'separator':
        emit(leaf.start, leaf.end, TokenType.Operator, 0);
        return;
      case 'commentName':
      case 'commentOpen':
      case 'commentText':
      case 'commentClose':
        emit(leaf.start, leaf.end, TokenType.Comment, 0);
        return;
    }
  });
  return { data };
}

/**
 * A call name's token type and modifiers, packed as `type << 8 | modifiers`, from the record the
 * call means (resolve.ts): a callback is an event (the trigger's, or one written in code where no
 * function has its name), a function a function.
 */
function classifyName(ctx: FeatureContext, call: CallNode): number {
  const found = resolveCall(ctx.catalog, callToResolve(call));
  const fn = found?.kind === 'function' ? found.record : undefined;
  if (BLOCK_ROLES.has(call.name)) return (TokenType.Keyword << 8) | (fn ? Modifier.DefaultLibrary : 0);
  if (found?.kind === 'callback') return (TokenType.Event << 8) | Modifier.DefaultLibrary;
  if (fn)
    return (
      (TokenType.Function << 8) |
      Modifier.DefaultLibrary |
      (fn.kind === 'function' && fn.deprecated ? Modifier.Deprecated : 0)
    );
  return (TokenType.Function << 8) | Modifier.Unknown;
}

/** Decodes LSP token data into absolute tokens (a helper for tests and consistency checks). */
export function decodeSemanticTokens(data: readonly number[]): DecodedToken[] {
  const out: DecodedToken[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    // The loop bound keeps all five words of a token inside the data.
    const dl = data[i] ?? 0;
    const dc = data[i + 1] ?? 0;
    const type = data[i + 3] ?? -1;
    const mods = data[i + 4] ?? 0;
    line += dl;
    char = dl === 0 ? char + dc : dc;
    out.push({
      line,
      char,
      length: data[i + 2] ?? 0,
      type: SEMANTIC_TOKENS_LEGEND.tokenTypes[type] ?? `?${type}`,
      modifiers: SEMANTIC_TOKENS_LEGEND.tokenModifiers.filter((_, bit) => (mods & (1 << bit)) !== 0),
    });
  }
  return out;
}
