// Code actions: the quick fixes diagnostics carry in `Diagnostic.data` (validated, since the client
// echoes that data back), "Add missing `]`" for unclosed calls, "Escape `;`, `]` and `$` in
// selection" (for a selection of text, never a cursor or a function's name), per rule
// "Silence on this line" / "Silence in this file" directives, and, when asked for, the
// `source.fixAll.bdscript` action that applies every safe fix (fixAll.ts).

import {
  CodeActionKind,
  type CodeAction,
  type CodeActionContext,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-types';
import { DOLLAR_ESCAPE, lineOf } from '../parser/parser';
import { callNameAt, forEachLeafIn, locate } from '../parser/query';
import type { Directive } from '../parser/directives';
import type { CallNode, ParsedDocument } from '../parser/tree';
import { DIAGNOSTIC_SOURCE } from './diagnosticCollector';
import { readFixes } from './diagnosticFixes';
import { fixAllEdits } from './fixAll';
import { RULE_BY_CODE } from './rules';
import { l10nOf, type Analysis, type FeatureContext, type OffsetEdit } from './types';
import { isObject } from '../../protocol/json';
import { isBlankText, isSpaceOrTab } from '../chars';

/** Caps on what untrusted diagnostic data may ask for. */
const MAX_DIAGNOSTICS = 1000;

/** At most this many "Add missing `]`" actions: deeply nested unclosed calls would otherwise cost quadratic time. */
const MAX_BRACKET_FIXES = 3;

/** Diagnostic codes for which escaping the selection is the fix. */
const ESCAPE_RELATED_CODES = new Set(['unescaped-bracket', 'stray-bracket', 'too-many-arguments']);

interface InRange {
  readonly diagnostic: Diagnostic;
  readonly start: number;
  readonly end: number;
  readonly code: string | undefined;
}

export function codeActions(
  ctx: FeatureContext,
  analysis: Analysis,
  range: Range,
  context: CodeActionContext,
): CodeAction[] {
  const doc = analysis.document;
  const parsed = analysis.parsed;
  const text = parsed.text;
  const uri = doc.uri;
  if (!isRange(range)) return [];
  const rangeStart = doc.offsetAt(range.start);
  const rangeEnd = Math.max(rangeStart, doc.offsetAt(range.end));

  const l10n = l10nOf(ctx);
  const diagnostics = collectDiagnostics(analysis, context, rangeStart, rangeEnd);
  const actions: CodeAction[] = [];
  const seenEdits = new Set<string>();
  const push = (action: CodeAction, edits: readonly OffsetEdit[]): void => {
    const key = editKey(edits);
    if (seenEdits.has(key)) return;
    seenEdits.add(key);
    actions.push({ ...action, edit: { changes: { [uri]: edits.map((e) => toTextEdit(analysis, e)) } } });
  };

  // 1. The fixes diagnostics carry.
  for (const item of diagnostics) {
    for (const fix of readFixes(item.diagnostic.data, text.length)) {
      push(
        {
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [item.diagnostic],
          ...(fix.preferred ? { isPreferred: true } : {}),
        },
        fix.edits,
      );
    }
  }

  // 2. "Add missing `]`" for unclosed calls whose first line (name to end of the `[` line)
  // touches the range: the ones whose name or `[` is in the range first, then the innermost.
  const unclosed: CallNode[] = [];
  for (const problem of parsed.problems) {
    if (problem.code !== 'unclosed-bracket' || problem.callStart === undefined) continue;
    const call = parsed.callAt(problem.callStart);
    if (!call) continue;
    if (call.start > rangeEnd || lineContentEnd(parsed, call.open) < rangeStart) continue;
    unclosed.push(call);
  }
  const onName = (c: CallNode): boolean => c.start <= rangeEnd && rangeStart <= c.open + 1;
  unclosed.sort((a, b) => Number(onName(b)) - Number(onName(a)) || b.start - a.start);
  let firstBracketFix = true;
  for (const call of unclosed.slice(0, MAX_BRACKET_FIXES)) {
    const edit = missingBracketEdit(parsed, call);
    if (!edit) continue;
    const related = diagnostics.filter(
      (d) => d.code === 'unclosed-bracket' && d.start <= call.open + 1 && call.start <= d.end,
    );
    // Only the most relevant one is preferred, so "auto fix" has a single choice.
    const preferred = firstBracketFix;
    firstBracketFix = false;
    push(
      {
        title: l10n.t('action.closeCall', { name: call.name }),
        kind: CodeActionKind.QuickFix,
        ...(preferred ? { isPreferred: true } : {}),
        ...(related.length > 0 ? { diagnostics: related.map((d) => d.diagnostic) } : {}),
      },
      [edit],
    );
  }

  // An unclosed comment (there is at most one: it runs to the end) closes at the end of its first line.
  for (const problem of parsed.problems) {
    if (problem.code !== 'unclosed-comment') continue;
    const comment = parsed.commentAt(problem.start);
    if (!comment || comment.start > rangeEnd || lineContentEnd(parsed, comment.open) < rangeStart) continue;
    let at = lineContentEnd(parsed, comment.open);
    while (at > comment.open + 1 && isSpaceOrTab(text.charCodeAt(at - 1))) at--;
    // After an odd run of backslashes the `]` would be escaped comment text.
    let slashes = 0;
    while (at - slashes - 1 > comment.open && text.charCodeAt(at - slashes - 1) === 92) slashes++;
    if (slashes % 2 === 1) continue;
    const related = diagnostics.filter(
      (d) => d.code === 'unclosed-comment' && d.start <= comment.open + 1 && comment.start <= d.end,
    );
    push(
      {
        title: l10n.t('action.closeComment'),
        kind: CodeActionKind.QuickFix,
        isPreferred: true,
        ...(related.length > 0 ? { diagnostics: related.map((d) => d.diagnostic) } : {}),
      },
      [{ start: at, end: at, newText: ']' }],
    );
  }

  // 3. Escape the selection: only a real selection of text, not a cursor, blanks or a function's
  // name (a double click on `$addButton` selects the name to act on it, not to turn it into text).
  if (
    rangeEnd > rangeStart &&
    !isBlankText(text, rangeStart, rangeEnd) &&
    !withinCallName(parsed, rangeStart, rangeEnd)
  ) {
    const escaped = escapeSelection(parsed, rangeStart, rangeEnd);
    if (escaped !== undefined) {
      const related = diagnostics.filter((d) => d.code !== undefined && ESCAPE_RELATED_CODES.has(d.code));
      const title = l10n.t(
        parsed.specialEscapingDisabled ? 'action.escapeSelectionNoDollar' : 'action.escapeSelection',
      );
      push(
        related.length > 0
          ? { title, kind: CodeActionKind.QuickFix, diagnostics: related.map((d) => d.diagnostic) }
          : { title, kind: CodeActionKind.RefactorRewrite },
        [{ start: rangeStart, end: rangeEnd, newText: escaped }],
      );
    }
  }

  // 4. Silence a rule on the diagnostic's line, then in the whole file.
  const lineActions = new Map<string, { code: string; line: number; diagnostics: Diagnostic[] }>();
  const fileActions = new Map<string, Diagnostic[]>();
  for (const item of diagnostics) {
    if (item.code === undefined || !RULE_BY_CODE.has(item.code)) continue;
    const line = lineOf(parsed.lineStarts, item.start);
    const key = `${item.code}@${line}`;
    const entry = lineActions.get(key);
    if (entry) entry.diagnostics.push(item.diagnostic);
    else lineActions.set(key, { code: item.code, line, diagnostics: [item.diagnostic] });
    const file = fileActions.get(item.code);
    if (file) file.push(item.diagnostic);
    else fileActions.set(item.code, [item.diagnostic]);
  }
  for (const { code, line, diagnostics: ds } of lineActions.values()) {
    const edit = silenceLineEdit(parsed, code, line);
    if (edit)
      push({ title: l10n.t('action.silenceLine', { code }), kind: CodeActionKind.QuickFix, diagnostics: ds }, [edit]);
  }
  for (const [code, ds] of fileActions) {
    const edit = silenceFileEdit(parsed, code);
    if (edit)
      push({ title: l10n.t('action.silenceFile', { code }), kind: CodeActionKind.QuickFix, diagnostics: ds }, [edit]);
  }

  // 5. Fix all, only when the client asks for it (`source.fixAll`, as on save): every safe fix in one edit.
  if (asksFor(context, FIX_ALL_KIND)) {
    const edits = fixAllEdits(ctx, analysis);
    if (edits.length > 0) push({ title: l10n.t('action.fixAll'), kind: FIX_ALL_KIND }, edits);
  }

  return filterByKind(actions, context);
}

/** The kind of the "fix all" action: `source.fixAll` for this language, as `editor.codeActionsOnSave` names it. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.bdscript`;

/** Whether the context's `only` asks for `kind` (or a kind it falls under); source actions come only when asked. */
function asksFor(context: CodeActionContext, kind: string): boolean {
  const only: unknown = context && (context as { only?: unknown }).only;
  return Array.isArray(only) && only.some((k) => typeof k === 'string' && (kind === k || kind.startsWith(k + '.')));
}

/**
 * Whether [start, end) lies inside one call's name token (`$name` or a part of it), other than a
 * whole bare call: escaping a bracketed call's name alone would leave its arguments as broken
 * text, and a part of a name is a word to act on, not text to escape.
 */
function withinCallName(parsed: ParsedDocument, start: number, end: number): boolean {
  const call = callNameAt(parsed, start) ?? callNameAt(parsed, start + 1);
  if (call === null || start < call.start || end > call.nameEnd) return false;
  return !(call.open < 0 && start === call.start && end === call.nameEnd);
}

/** The bdscript diagnostics of the context whose (valid) range touches the requested range. */
function collectDiagnostics(
  analysis: Analysis,
  context: CodeActionContext,
  rangeStart: number,
  rangeEnd: number,
): InRange[] {
  const out: InRange[] = [];
  const list: unknown = context && (context as { diagnostics?: unknown }).diagnostics;
  if (!Array.isArray(list)) return out;
  for (const d of list.slice(0, MAX_DIAGNOSTICS)) {
    if (!isObject(d) || d['source'] !== DIAGNOSTIC_SOURCE || !isRange(d['range'])) continue;
    const diagnostic = d as unknown as Diagnostic;
    const start = analysis.document.offsetAt(diagnostic.range.start);
    const end = Math.max(start, analysis.document.offsetAt(diagnostic.range.end));
    if (start > rangeEnd || end < rangeStart) continue;
    const raw = d['code'];
    const code = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : undefined;
    out.push({ diagnostic, start, end, code });
  }
  return out;
}

/**
 * Where `]` goes for an unclosed call: the end of the line of its `[` (before trailing blanks),
 * moved past any closed call or comment that spans that line end, so the new `]` closes this
 * call. Unclosed calls nested in it that start before that point are closed at the same spot.
 */
function missingBracketEdit(parsed: ParsedDocument, call: CallNode): OffsetEdit | undefined {
  const text = parsed.text;
  let at = lineContentEnd(parsed, call.open + 1);
  for (let guard = 0; guard < 10_000; guard++) {
    const blocker = closedContainerAt(parsed, at, call);
    if (!blocker) break;
    at = lineContentEnd(parsed, blocker);
  }
  // Count the unclosed calls between the innermost argument at `at` and `call` itself.
  let count = 0;
  let arg = locate(parsed, at).arg;
  while (arg) {
    const owner = arg.parent;
    if (owner.close >= 0) return undefined;
    count++;
    if (owner === call) break;
    arg = owner.parent;
  }
  if (!arg || count === 0) return undefined;
  // Keep blanks before the line end outside the call: `$title[Hi   ` → `$title[Hi]   `.
  let insert = at;
  while (insert > call.open + 1 && isSpaceOrTab(text.charCodeAt(insert - 1))) insert--;
  return { start: insert, end: insert, newText: ']'.repeat(count) };
}

/**
 * The end offset of a closed call or of a comment nested in `call` that contains `offset`
 * strictly inside it, or undefined when `offset` sits in `call`'s own unclosed chain.
 */
function closedContainerAt(parsed: ParsedDocument, offset: number, call: CallNode): number | undefined {
  const loc = locate(parsed, offset);
  const node = loc.node;
  if (node && node.kind === 'comment' && node.start < offset) return node.end;
  let arg = loc.arg;
  let blocker: number | undefined;
  while (arg && arg.parent !== call) {
    const owner = arg.parent;
    if (owner.close >= 0) blocker = owner.end;
    arg = owner.parent;
  }
  return blocker;
}

/** The offset where the line containing `offset` ends (before its line break). */
function lineContentEnd(parsed: ParsedDocument, offset: number): number {
  const line = lineOf(parsed.lineStarts, offset);
  return lineEndOf(parsed, line);
}

function lineEndOf(parsed: ParsedDocument, line: number): number {
  const text = parsed.text;
  const next = parsed.lineStarts[line + 1];
  if (next === undefined) return text.length;
  let end = next;
  const start = parsed.lineStarts[line] ?? 0;
  while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return end;
}

/**
 * The selection with every unescaped `;` and `]` escaped with a backslash and every `$` written
 * as `%{DOL}%` (not when `$disableSpecialEscaping` makes `%{DOL}%` a call again). The leaves say
 * what is syntax: escapes stay, separators and closing brackets become escaped text, a call's
 * `$` becomes `%{DOL}%`. A leaf only partly selected is left alone when it is longer than one
 * character. Undefined when nothing in the selection needs escaping.
 */
export function escapeSelection(parsed: ParsedDocument, start: number, end: number): string | undefined {
  const text = parsed.text;
  const dollar = parsed.specialEscapingDisabled ? '$' : DOLLAR_ESCAPE;
  let out = '';
  let pos = start;
  let changed = false;
  const emit = (from: number, to: number, replacement: string): void => {
    out += text.slice(pos, from) + replacement;
    pos = to;
    changed = true;
  };
  // Comment text is read from its start so a selection beginning inside `\]` keeps the pair.
  const escapeText = (scanFrom: number, from: number, to: number, inComment: boolean): void => {
    for (let i = scanFrom; i < to; i++) {
      const c = text.charCodeAt(i);
      if (inComment && c === 92 /* \ */) {
        const d = text.charCodeAt(i + 1);
        // Comment text keeps its own escapes (`\]`, `\\`, `\;`) as they are.
        if (d === 93 || d === 92 || d === 59) i++;
        continue;
      }
      if (i < from) continue;
      if (c === 59 /* ; */) emit(i, i + 1, '\\;');
      else if (c === 93 /* ] */) emit(i, i + 1, '\\]');
      else if (c === 36 /* $ */ && dollar !== '$') emit(i, i + 1, dollar);
    }
  };
  forEachLeafIn(parsed, start, end, (leaf) => {
    if (leaf.end <= start || leaf.start >= end) return;
    const from = Math.max(leaf.start, start);
    const to = Math.min(leaf.end, end);
    const whole = leaf.start >= start && leaf.end <= end;
    switch (leaf.kind) {
      case 'text':
        escapeText(from, from, to, false);
        break;
      case 'commentText':
        escapeText(leaf.start, from, to, true);
        break;
      case 'separator':
      case 'close':
      case 'commentClose':
        if (whole) emit(leaf.start, leaf.end, '\\' + (leaf.kind === 'separator' ? ';' : ']'));
        break;
      case 'name':
      case 'commentName':
        if (leaf.start >= start && text.charCodeAt(leaf.start) === 36 && dollar !== '$')
          emit(leaf.start, leaf.start + 1, dollar);
        break;
      case 'escape':
      case 'open':
      case 'commentOpen':
        break;
    }
  });
  if (!changed) return undefined;
  return out + text.slice(pos, end);
}

/** Appends ` $c[bdscript-disable-line code]` to a line, or adds the code to that line's directive. */
function silenceLineEdit(parsed: ParsedDocument, code: string, line: number): OffsetEdit | undefined {
  const existing = lineDirective(parsed, line);
  if (existing) return addCodeToDirective(parsed, existing, code);
  const text = parsed.text;
  const at = lineEndOf(parsed, line);
  // A line that ends inside a comment cannot take another comment at its end.
  const loc = locate(parsed, at);
  if (loc.node && loc.node.kind === 'comment' && loc.node.start < at) return undefined;
  if (loc.before && loc.before.kind === 'comment' && loc.before.close < 0) return undefined;
  // Inside an argument a space would change the argument's value; at top level it reads better.
  const space =
    loc.arg === null && at > (parsed.lineStarts[line] ?? 0) && !isSpaceOrTab(text.charCodeAt(at - 1)) ? ' ' : '';
  return { start: at, end: at, newText: `${space}$c[bdscript-disable-line ${code}]` };
}

const lineDirectives = new WeakMap<ParsedDocument, Map<number, Directive>>();

/** The first `bdscript-disable-line` directive on a line, from a per-document index. */
function lineDirective(parsed: ParsedDocument, line: number): Directive | undefined {
  let byLine = lineDirectives.get(parsed);
  if (!byLine) {
    byLine = new Map();
    for (const d of parsed.directives) if (d.kind === 'disable-line' && !byLine.has(d.line)) byLine.set(d.line, d);
    lineDirectives.set(parsed, byLine);
  }
  return byLine.get(line);
}

/** Adds the code to the file's `bdscript-disable` directive, or writes one after the trigger line. */
function silenceFileEdit(parsed: ParsedDocument, code: string): OffsetEdit | undefined {
  const existing = parsed.directives.find((d) => d.kind === 'disable');
  if (existing) return addCodeToDirective(parsed, existing, code);
  const directive = `$c[bdscript-disable ${code}]`;
  const eol = lineBreak(parsed);
  if (parsed.trigger) {
    const at = parsed.trigger.end;
    const loc = locate(parsed, at);
    if (loc.arg !== null || (loc.node && loc.node.kind === 'comment' && loc.node.start < at)) return undefined;
    return { start: at, end: at, newText: eol + directive };
  }
  return { start: 0, end: 0, newText: directive + eol };
}

/** Inserts `, code` after the codes a disable directive lists (before a `--` reason). */
function addCodeToDirective(
  parsed: ParsedDocument,
  directive: { readonly start: number; readonly codes: readonly string[] },
  code: string,
): OffsetEdit | undefined {
  // No codes means every rule is already silenced; a listed code needs nothing more.
  if (directive.codes.length === 0 || directive.codes.includes(code)) return undefined;
  const comment = parsed.commentAt(directive.start);
  if (!comment) return undefined;
  const text = parsed.text;
  const contentStart = comment.open + 1;
  const contentEnd = comment.close >= 0 ? comment.close : comment.end;
  const reason = text.slice(contentStart, contentEnd).indexOf('--');
  let at = reason >= 0 ? contentStart + reason : contentEnd;
  while (at > contentStart && isSpaceOrTab(text.charCodeAt(at - 1))) at--;
  return { start: at, end: at, newText: `, ${code}` };
}

/** The document's first line break, or `\n` when it has none. */
function lineBreak(parsed: ParsedDocument): string {
  const next = parsed.lineStarts[1];
  if (next === undefined) return '\n';
  if (parsed.text.charCodeAt(next - 1) === 10) return parsed.text.charCodeAt(next - 2) === 13 ? '\r\n' : '\n';
  return '\r';
}

function filterByKind(actions: CodeAction[], context: CodeActionContext): CodeAction[] {
  const only: unknown = context && (context as { only?: unknown }).only;
  if (!Array.isArray(only) || only.length === 0) return actions;
  const kinds = only.filter((k): k is string => typeof k === 'string');
  return actions.filter((a) => {
    const kind = a.kind;
    return kind !== undefined && kinds.some((k) => kind === k || kind.startsWith(k + '.'));
  });
}

function toTextEdit(analysis: Analysis, edit: OffsetEdit): TextEdit {
  return {
    range: { start: analysis.document.positionAt(edit.start), end: analysis.document.positionAt(edit.end) },
    newText: edit.newText,
  };
}

function editKey(edits: readonly OffsetEdit[]): string {
  return JSON.stringify(edits.map((e) => [e.start, e.end, e.newText]));
}

function isPosition(v: unknown): boolean {
  return (
    isObject(v) &&
    Number.isSafeInteger(v['line']) &&
    Number.isSafeInteger(v['character']) &&
    (v['line'] as number) >= 0 &&
    (v['character'] as number) >= 0
  );
}

function isRange(v: unknown): v is Range {
  return isObject(v) && isPosition(v['start']) && isPosition(v['end']);
}
