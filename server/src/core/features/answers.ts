// A command's findings and its message preview as plain data for programs, with places written
// as people count them (lines and columns from 1, columns in UTF-16 code units): what `bdscript
// mcp` answers an AI assistant (`check` with the fixes each finding offers, `preview`) and what
// `bdscript preview --format json` prints. Built on the language service's own diagnostics,
// quick fixes and message model.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  DiagnosticSeverity,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-types';
import type { DiscordMessage, PreviewMessage } from '../../protocol/preview';
import type { LanguageService } from '../languageService';
import { toDiscordMessage } from '../preview/model';
import { l10nOf } from './types';

/** A place in the code: lines and columns from 1, columns in UTF-16 code units, the end exclusive. */
export interface Place {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface FixEdit extends Place {
  /** The text that replaces the code between the two places. */
  readonly newText: string;
}

export interface Fix {
  readonly title: string;
  /** The fix to take when unsure (the editor's "preferred" quick fix). */
  readonly preferred: boolean;
  readonly edits: readonly FixEdit[];
}

export type SeverityName = 'error' | 'warning' | 'information' | 'hint';

export interface Finding extends Place {
  readonly severity: SeverityName;
  readonly code: string;
  readonly message: string;
  readonly fixes: readonly Fix[];
}

export interface Findings {
  readonly findings: readonly Finding[];
  /** Every finding per severity, listed or not. */
  readonly counts: Readonly<Record<SeverityName, number>>;
  /** Findings left out past `maxFindings`. */
  readonly omitted: number;
}

const SEVERITY_NAMES: Readonly<Record<number, SeverityName>> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};

function place(range: Range): Place {
  return {
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

/**
 * The findings of a document, the first `maxFindings` of them listed with their fixes: each quick
 * fix the editor offers for that finding (did you mean, a deprecated function's replacement, the
 * missing `]` …), but not the directives that silence a rule, which are a person's call.
 */
export function findingsOf(service: LanguageService, document: TextDocument, maxFindings: number): Findings {
  const diagnostics = service.validate(document).filter((d) => d.code !== 'too-many-findings');
  const counts: Record<SeverityName, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of diagnostics) counts[severityOf(d)]++;
  const l10n = l10nOf(service.context);
  const findings: Finding[] = [];
  for (const d of diagnostics.slice(0, Math.max(0, maxFindings))) {
    const code = String(d.code ?? '');
    const silencing = new Set([l10n.t('action.silenceLine', { code }), l10n.t('action.silenceFile', { code })]);
    const fixes: Fix[] = [];
    for (const action of service.codeActions(document, d.range, {
      diagnostics: [d],
      only: [CodeActionKind.QuickFix],
    })) {
      if (silencing.has(action.title) || !action.diagnostics?.includes(d)) continue;
      const edits: readonly TextEdit[] = action.edit?.changes?.[document.uri] ?? [];
      if (edits.length === 0) continue;
      fixes.push({
        title: action.title,
        preferred: action.isPreferred === true,
        edits: edits.map((e) => ({ ...place(e.range), newText: e.newText })),
      });
    }
    findings.push({
      ...place(d.range),
      severity: severityOf(d),
      code,
      message: typeof d.message === 'string' ? d.message : String(d.message),
      fixes,
    });
  }
  return { findings, counts, omitted: Math.max(0, diagnostics.length - findings.length) };
}

function severityOf(d: Diagnostic): SeverityName {
  return SEVERITY_NAMES[d.severity ?? DiagnosticSeverity.Error] ?? 'error';
}

/** The reply a command sends, for programs: Discord's message object, the `$if` blocks and the notes. */
export interface PreviewAnswer {
  readonly message: DiscordMessage;
  /** Each `$if` block: its line, the label of each branch, and the one shown. */
  readonly branches: ReadonlyArray<{
    readonly line: number;
    readonly branches: readonly string[];
    readonly shown: number;
  }>;
  /** What the preview leaves out or cannot know, with the line it is about (null for the whole reply). */
  readonly notes: ReadonlyArray<{ readonly line: number | null; readonly message: string }>;
}

/** The preview of a document as `PreviewAnswer`, lines counted from 1. */
export function previewAnswer(document: TextDocument, preview: PreviewMessage): PreviewAnswer {
  return {
    message: toDiscordMessage(preview),
    branches: preview.branches.map((b) => ({
      line: document.positionAt(b.block.start).line + 1,
      branches: b.branches,
      shown: b.chosen,
    })),
    notes: preview.notes.map((n) => ({
      line: n.source ? document.positionAt(n.source.start).line + 1 : null,
      message: n.message,
    })),
  };
}
