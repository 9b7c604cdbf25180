// The diagnostics' collector: where findings go while they are made (`Findings`, per chunk: the
// first ones with their messages, the rest only counted), which rules the file's directives
// silence (`Silencer`), and the `Collector` that turns findings into LSP diagnostics (severity
// settings, directives, ranges, the cap of 5,000 and the `too-many-findings` note after it).

import {
  DiagnosticSeverity,
  type Diagnostic,
  type DiagnosticRelatedInformation,
  type DiagnosticTag,
} from 'vscode-languageserver-types';
import { lineOf, positionOf } from '../parser/parser';
import type { SeveritySetting } from '../settings';
import { list, msg, type Msg, type Text } from '../l10n';
import { RULE_BY_CODE, type RuleCode } from './rules';
import { WIKI_BASE, wikiUrl } from '../catalog/wiki';
import { resolveCall, type CallToResolve } from './resolve';
import {
  l10nOf,
  type Analysis,
  type CappedFindings,
  type DiagnosticData,
  type DiagnosticFix,
  type FeatureContext,
  type SeverityCounts,
} from './types';

/** The `source` of every diagnostic made here. */
export const DIAGNOSTIC_SOURCE = 'bdscript';

/**
 * At most this many findings are shown per document; the rest would only bury the first ones.
 * They are counted all the same, and the `too-many-findings` note after them says how many.
 */
export const MAX_DIAGNOSTICS = 5000;

const SEVERITY: Readonly<Record<Exclude<SeveritySetting, 'off'>, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export interface Extra {
  readonly fixes?: readonly DiagnosticFix[];
  readonly tags?: DiagnosticTag[];
  readonly related?: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: Text }>;
}

/** A problem found, before settings and directives decide whether and how it is shown. */
export interface Finding {
  readonly code: RuleCode;
  readonly start: number;
  readonly end: number;
  readonly message: Text;
  readonly extra: Extra;
  /** The call the finding is about, when one call's check made it (the wiki page of the record it means is the finding's link). */
  readonly about?: CallToResolve;
}

/** A value, or the function that makes it when it is needed (messages past the cap never are). */
export type Lazy<T> = T | (() => T);

/**
 * Findings counted without messages: runs of one code on one line, lines counted from the
 * chunk's first line so that a chunk reused after an edit elsewhere keeps its tally.
 */
export interface Tally {
  readonly codes: readonly RuleCode[];
  readonly lines: readonly number[];
  readonly counts: readonly number[];
}

/** What judging one chunk's calls gave: findings with their messages up to a limit, then a tally of the rest. */
export interface ChunkFindings {
  /** Offsets relative to the chunk. */
  readonly list: readonly Finding[];
  readonly tally: Tally;
  /** Judged for counting only: the list is empty whatever the chunk holds. */
  readonly countOnly: boolean;
}

/** Where findings go while they are made: the first `limit` with their messages, the rest only counted. */
export class Findings {
  readonly list: Finding[] = [];
  private readonly codes: RuleCode[] = [];
  private readonly lines: number[] = [];
  private readonly counts: number[] = [];

  constructor(
    private readonly limit: number,
    /** The line of an offset, counted from the chunk's first line. */
    private readonly lineOf: (offset: number) => number,
  ) {}

  /** The call being checked: the findings added meanwhile are about it. */
  about: CallToResolve | undefined;

  add(code: RuleCode, start: number, end: number, message: Lazy<Text>, extra: Lazy<Extra> = {}): void {
    if (this.list.length < this.limit) {
      this.list.push({
        code,
        start,
        end,
        message: typeof message === 'function' ? message() : message,
        extra: typeof extra === 'function' ? extra() : extra,
        ...(this.about !== undefined ? { about: this.about } : {}),
      });
      return;
    }
    const line = this.lineOf(start);
    const last = this.codes.length - 1;
    if (last >= 0 && this.codes[last] === code && this.lines[last] === line) {
      this.counts[last] = (this.counts[last] ?? 0) + 1;
    } else {
      this.codes.push(code);
      this.lines.push(line);
      this.counts.push(1);
    }
  }

  tally(): Tally {
    return { codes: this.codes, lines: this.lines, counts: this.counts };
  }
}

/** Which rules the file's directives silence: everywhere, or on given lines. */
class Silencer {
  private readonly file = new Set<RuleCode>();
  private fileAll = false;
  private readonly lines = new Map<number, Set<RuleCode> | 'all'>();

  add(kind: 'file' | number, codes: readonly RuleCode[]): void {
    if (kind === 'file') {
      if (codes.length === 0) this.fileAll = true;
      for (const c of codes) this.file.add(c);
      return;
    }
    const prev = this.lines.get(kind);
    if (prev === 'all') return;
    if (codes.length === 0) {
      this.lines.set(kind, 'all');
      return;
    }
    const set = prev ?? new Set<RuleCode>();
    for (const c of codes) set.add(c);
    this.lines.set(kind, set);
  }

  silenced(code: RuleCode, line: number): boolean {
    if (this.fileAll || this.file.has(code)) return true;
    const on = this.lines.get(line);
    return on === 'all' || (on !== undefined && on.has(code));
  }
}

/** Index of each severity's count in `Collector.hidden`. */
const SEVERITY_NAMES: ReadonlyArray<[keyof SeverityCounts, DiagnosticSeverity]> = [
  ['error', DiagnosticSeverity.Error],
  ['warning', DiagnosticSeverity.Warning],
  ['information', DiagnosticSeverity.Information],
  ['hint', DiagnosticSeverity.Hint],
];

/**
 * Turns findings into diagnostics: applies severity settings and directives, converts offsets to
 * ranges, and past the cap counts what it does not show, per severity, for the closing note.
 */
export class Collector {
  readonly out: Array<{ offset: number; diagnostic: Diagnostic }> = [];
  readonly silencer = new Silencer();
  /** Findings not shown because the cap was reached, by DiagnosticSeverity (index 1 to 4). */
  private readonly hidden = [0, 0, 0, 0, 0];

  constructor(
    private readonly ctx: FeatureContext,
    private readonly analysis: Analysis,
  ) {}

  severityOf(code: RuleCode): DiagnosticSeverity | undefined {
    const overrides = this.ctx.settings.diagnostics.severity;
    const setting = Object.hasOwn(overrides, code) ? overrides[code] : RULE_BY_CODE.get(code)?.severity;
    if (setting === undefined || setting === 'off') return undefined;
    return SEVERITY[setting] ?? DiagnosticSeverity.Warning;
  }

  /** No more diagnostics are taken. */
  get full(): boolean {
    return this.out.length >= MAX_DIAGNOSTICS;
  }

  add(code: RuleCode, start: number, end: number, message: Text, extra: Extra = {}): void {
    this.take({ code, start, end, message, extra }, 0);
  }

  /** Takes a finding whose offsets are relative to `base`. */
  take(finding: Finding, base: number): void {
    const severity = this.severityOf(finding.code);
    if (severity === undefined) return;
    // Positions from the analysed version's own text: validation runs in steps, and the
    // editor's document may already hold a later version.
    const parsed = this.analysis.parsed;
    const start = finding.start + base;
    if (this.full) {
      if (!this.silencer.silenced(finding.code, lineOf(parsed.lineStarts, start)))
        this.hidden[severity] = (this.hidden[severity] ?? 0) + 1;
      return;
    }
    const range = { start: positionOf(parsed, start), end: positionOf(parsed, Math.max(start, finding.end + base)) };
    if (this.silencer.silenced(finding.code, range.start.line)) return;
    const l10n = l10nOf(this.ctx);
    const diagnostic: Diagnostic = {
      range,
      severity,
      code: finding.code,
      source: DIAGNOSTIC_SOURCE,
      message: l10n.text(finding.message),
    };
    const href = this.docOf(finding.code, finding.about);
    if (href) diagnostic.codeDescription = { href };
    const extra = finding.extra;
    if (extra.tags && extra.tags.length > 0) diagnostic.tags = extra.tags;
    if (extra.related && extra.related.length > 0) {
      diagnostic.relatedInformation = extra.related.map((r): DiagnosticRelatedInformation => ({
        location: {
          uri: this.analysis.document.uri,
          range: { start: positionOf(parsed, r.start + base), end: positionOf(parsed, r.end + base) },
        },
        message: l10n.text(r.message),
      }));
    }
    if (extra.fixes && extra.fixes.length > 0) {
      const fixes = extra.fixes.map((f) => ({
        ...f,
        title: l10n.text(f.title),
        edits: base === 0 ? f.edits : f.edits.map((e) => ({ ...e, start: e.start + base, end: e.end + base })),
      }));
      const data: DiagnosticData = { fixes };
      diagnostic.data = data;
    }
    this.out.push({ offset: start, diagnostic });
  }

  /**
   * Where a finding's code links: the wiki page of the function it is about, for the rules
   * about one function's use (FUNCTION_RULES); otherwise the rule's section of the rules page
   * (docs/rules.md, a section per code), when the service knows where that page is.
   */
  private docOf(code: RuleCode, about: CallToResolve | undefined): string | undefined {
    if (about !== undefined && FUNCTION_RULES.has(code)) {
      // The record every feature reads for the call (resolve.ts).
      const record = resolveCall(this.ctx.catalog, about)?.record;
      if (record) {
        const url = wikiUrl(record);
        if (url.startsWith(WIKI_BASE)) return url;
      }
    }
    const page = this.ctx.rulesDocUrl;
    return page ? `${page}#${code}` : undefined;
  }

  /** Counts the findings of a tally (lines relative to `firstLine`) that settings and directives let through; none is shown. */
  count(tally: Tally, firstLine: number): void {
    for (let k = 0; k < tally.codes.length; k++) {
      const code = tally.codes[k];
      const line = tally.lines[k];
      if (code === undefined || line === undefined) continue;
      const severity = this.severityOf(code);
      if (severity === undefined || this.silencer.silenced(code, firstLine + line)) continue;
      this.hidden[severity] = (this.hidden[severity] ?? 0) + (tally.counts[k] ?? 0);
    }
  }

  /**
   * How many of a chunk's findings the settings let through (directives not yet known): the
   * estimate that decides which chunks need their messages.
   */
  shownBySettings(found: ChunkFindings): number {
    let n = 0;
    for (const f of found.list) if (this.severityOf(f.code) !== undefined) n++;
    for (const [k, code] of found.tally.codes.entries())
      if (this.severityOf(code) !== undefined) n += found.tally.counts[k] ?? 0;
    return n;
  }

  finish(): Diagnostic[] {
    // A stable sort keeps diagnostics at one offset in the order they were found.
    const shown = this.out.sort((a, b) => a.offset - b.offset).map((e) => e.diagnostic);
    const note = this.capNote(shown);
    if (note) shown.push(note);
    return shown;
  }

  /** The note at the end of the document when findings were left out: how many were shown, how many there are. */
  private capNote(shown: readonly Diagnostic[]): Diagnostic | undefined {
    if (this.hidden.every((n) => n === 0)) return undefined;
    const severity = this.severityOf('too-many-findings');
    if (severity === undefined) return undefined;
    const end = positionOf(this.analysis.parsed, this.analysis.parsed.text.length);
    if (this.silencer.silenced('too-many-findings', end.line)) return undefined;
    const all = [0, 0, 0, 0, 0];
    for (const d of shown) {
      const s = d.severity ?? DiagnosticSeverity.Error;
      all[s] = (all[s] ?? 0) + 1;
    }
    for (let k = 1; k < all.length; k++) all[k] = (all[k] ?? 0) + (this.hidden[k] ?? 0);
    const total = Object.fromEntries(
      SEVERITY_NAMES.map(([name, level]) => [name, all[level] ?? 0]),
    ) as unknown as SeverityCounts;
    const capped: CappedFindings = { shown: shown.length, total };
    const data: DiagnosticData = { capped };
    return {
      range: { start: end, end },
      severity,
      code: 'too-many-findings',
      ...(this.ctx.rulesDocUrl ? { codeDescription: { href: `${this.ctx.rulesDocUrl}#too-many-findings` } } : {}),
      source: DIAGNOSTIC_SOURCE,
      message: l10nOf(this.ctx).text(capMessage(capped)),
      data,
    };
  }
}

/**
 * The rules about how one function is used, whose findings link to that function's wiki page
 * rather than to the rule's section: its form, arguments and flags, and what it refuses when the
 * command runs.
 */
const FUNCTION_RULES: ReadonlySet<RuleCode> = new Set<RuleCode>([
  'wrong-form',
  'too-many-arguments',
  'missing-argument',
  'empty-argument',
  'invalid-argument',
  'deprecated',
  'premium',
  'intents',
  'callback-in-code',
  'role-grant-sign',
  'number-out-of-range',
]);

/** "Only the first 5,000 of 12,345 findings are shown (in all: 2 errors and 12,343 warnings). …" */
function capMessage(capped: CappedFindings): Msg {
  const keys = {
    error: 'count.errors',
    warning: 'count.warnings',
    information: 'count.information',
    hint: 'count.hints',
  } as const;
  const parts = SEVERITY_NAMES.filter(([name]) => capped.total[name] > 0).map(([name]) =>
    msg(keys[name], { n: capped.total[name] }),
  );
  const all = SEVERITY_NAMES.reduce((sum, [name]) => sum + capped.total[name], 0);
  return msg('diag.capped', { shown: capped.shown, all, list: list(parts, 'and') });
}

/** A finding with its offsets made relative to `base`. */
export function relative(f: Finding, base: number): Finding {
  if (base === 0) return f;
  const extra: Extra = {
    ...f.extra,
    ...(f.extra.related
      ? { related: f.extra.related.map((r) => ({ ...r, start: r.start - base, end: r.end - base })) }
      : {}),
    ...(f.extra.fixes
      ? {
          fixes: f.extra.fixes.map((x) => ({
            ...x,
            edits: x.edits.map((e) => ({ ...e, start: e.start - base, end: e.end - base })),
          })),
        }
      : {}),
  };
  return { ...f, start: f.start - base, end: f.end - base, extra };
}
