// In-file directives written as comments: `$c[bdscript-language: BDScript Unstable]` selects the
// script language, and `$c[bdscript-disable RULE, ...]`, `$c[bdscript-disable-line RULE]` and
// `$c[bdscript-disable-next-line RULE]` silence rules for the file, the comment's line or the
// next line (no rule named: every rule). The parser collects them; diagnostics apply them.

import type { Span } from './tree';

export type DirectiveKind = 'language' | 'disable' | 'disable-line' | 'disable-next-line';

export interface Directive extends Span {
  readonly kind: DirectiveKind;
  /** The 0-based line of the comment. */
  readonly line: number;
  /** For `language`: the value as written (trimmed). */
  readonly value?: string;
  /** For the disable kinds: the rule codes named; empty means every rule. */
  readonly codes: readonly string[];
}

const DIRECTIVE = /^\s*bdscript-(language|disable-next-line|disable-line|disable)(?![\w-])\s*:?\s*([\s\S]*?)\s*$/;

/**
 * Reads a directive from a comment's content (the text between `$c[` and `]`), or undefined
 * when the comment is an ordinary one.
 */
export function parseDirective(content: string, span: Span, line: number): Directive | undefined {
  if (content.length > 500) return undefined;
  const m = DIRECTIVE.exec(content);
  if (!m) return undefined;
  const kind = m[1] as DirectiveKind;
  const rest = m[2] ?? '';
  if (kind === 'language') return { kind, line, value: rest, codes: [], start: span.start, end: span.end };
  // A `--` starts a free-form reason, as in `$c[bdscript-disable-line premium -- bot has premium]`.
  const list = rest.split('--')[0] ?? rest;
  const codes = list
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
  return { kind, line, codes, start: span.start, end: span.end };
}
