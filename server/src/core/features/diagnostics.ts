// Diagnostics: every problem core can see in one analysed document, as LSP diagnostics with a
// stable code (rules.ts), a message naming the function and argument, the exact range, a
// severity from the settings, and quick fixes in `data`. Syntax and block problems come from
// the parser; everything about calls is judged chunk by chunk, and a chunk's findings are kept
// with the chunk (offsets relative to it) while edits elsewhere reuse it, so after an edit only
// the new chunks are judged. In-file directives silence rules per line or per file when the
// findings are turned into diagnostics. At most 5,000 are shown; past that, findings are only
// counted (no messages are built), and a last `too-many-findings` note says how many there are
// in all. Nothing here throws on odd input.

import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver-types';
import { bindArguments, slotLabel, type Binding } from '../catalog/bind';
import type { RecordIndex } from '../catalog/catalog';
import type { Argument, CatalogRecord, FunctionRecord } from '../catalog/model';
import { Intents } from '../catalog/model';
import { BLOCK_ROLES, type Block, type BlockCall, type BlockProblem } from '../parser/blocks';
import { COMMENT_NAME, lineOf, loneFirstLineCall, positionOf } from '../parser/parser';
import { runSteps } from '../steps';
import { literalText, separatorSpan } from '../parser/query';
import type { ArgNode, CallNode, ParsedDocument, SyntaxProblem } from '../parser/tree';
import { isWhitespace } from '../chars';
import { scriptLanguageFromName, type ScriptLanguage, type SeveritySetting } from '../settings';
import { featureOfFunction, hasFeature, SWITCH_TO_BDSCRIPT2 } from './languages';
import { list, msg, type Msg, type Text } from '../l10n';
import { JSON_PARSE, jsonParseFinding } from './json';
import { isRuleCode, RULE_BY_CODE, type RuleCode } from './rules';
import {
  l10nOf,
  type Analysis,
  type CappedFindings,
  type DiagnosticData,
  type DiagnosticFix,
  type FeatureContext,
  type OffsetEdit,
  type SeverityCounts,
} from './types';
import { checkValue } from './values';
import { replacementFixes } from './deprecations';
import { variableFindings } from './variables';
import { componentFindings } from './components';
import { messageFindings } from './messages';
import { CALL_CHECKS, type CallReport } from './callRules';
import { parentFindings } from './parents';
import { menuFindings } from './menus';
import { carriedFindings, PATH_FACTS } from './carry';
import { embedFindings } from './embeds';

/** At most this much glued text is quoted in a message. */
const MAX_GLUED_SHOWN = 40;

/** Where a run of letters and digits that starts at `from` ends. */
function identifierTail(text: string, from: number): number {
  let j = from;
  for (;;) {
    const c = text.charCodeAt(j);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57)) j++;
    else return j;
  }
}

/** The `source` of every diagnostic made here. */
export const DIAGNOSTIC_SOURCE = 'bdscript';

/**
 * At most this many findings are shown per document; the rest would only bury the first ones.
 * They are counted all the same, and the `too-many-findings` note after them says how many.
 */
export const MAX_DIAGNOSTICS = 5000;
/** The "escape the extra `;`" fix is offered for calls with up to this many extra separators. */
const MAX_ESCAPE_EDITS = 1000;

const SEVERITY: Readonly<Record<Exclude<SeveritySetting, 'off'>, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

interface Extra {
  readonly fixes?: readonly DiagnosticFix[];
  readonly tags?: DiagnosticTag[];
  readonly related?: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: Text }>;
}

/** A problem found, before settings and directives decide whether and how it is shown. */
interface Finding {
  readonly code: RuleCode;
  readonly start: number;
  readonly end: number;
  readonly message: Text;
  readonly extra: Extra;
}

/** A value, or the function that makes it when it is needed (messages past the cap never are). */
type Lazy<T> = T | (() => T);

/**
 * Findings counted without messages: runs of one code on one line, lines counted from the
 * chunk's first line so that a chunk reused after an edit elsewhere keeps its tally.
 */
interface Tally {
  readonly codes: readonly RuleCode[];
  readonly lines: readonly number[];
  readonly counts: readonly number[];
}

/** What judging one chunk's calls gave: findings with their messages up to a limit, then a tally of the rest. */
interface ChunkFindings {
  /** Offsets relative to the chunk. */
  readonly list: readonly Finding[];
  readonly tally: Tally;
  /** Judged for counting only: the list is empty whatever the chunk holds. */
  readonly countOnly: boolean;
}

/** Where findings go while they are made: the first `limit` with their messages, the rest only counted. */
class Findings {
  readonly list: Finding[] = [];
  private readonly codes: RuleCode[] = [];
  private readonly lines: number[] = [];
  private readonly counts: number[] = [];

  constructor(
    private readonly limit: number,
    /** The line of an offset, counted from the chunk's first line. */
    private readonly lineOf: (offset: number) => number,
  ) {}

  add(code: RuleCode, start: number, end: number, message: Lazy<Text>, extra: Lazy<Extra> = {}): void {
    if (this.list.length < this.limit) {
      this.list.push({
        code,
        start,
        end,
        message: typeof message === 'function' ? message() : message,
        extra: typeof extra === 'function' ? extra() : extra,
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
class Collector {
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
      source: DIAGNOSTIC_SOURCE,
      message: l10nOf(this.ctx).text(capMessage(capped)),
      data,
    };
  }
}

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

/** Small numbers naming objects, so a cache stamp can say which catalog and settings it was made with. */
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(o: object): number {
  let id = identities.get(o);
  if (id === undefined) identities.set(o, (id = nextIdentity++));
  return id;
}

/** Computes every diagnostic of an analysed document. */
export function computeDiagnostics(ctx: FeatureContext, analysis: Analysis): Diagnostic[] {
  return runSteps(diagnosticSteps(ctx, analysis));
}

/** Chunks judged between two pauses of `diagnosticSteps`. */
const CHUNKS_PER_STEP = 16;

/**
 * `computeDiagnostics` in steps: it pauses (yields) every few chunks and between the rules about
 * the whole command, so a single-threaded server can answer requests between the steps instead
 * of waiting for the whole validation of a large document. Run to its end, it is
 * `computeDiagnostics`; nothing it reads may change between steps (one analysis, one version).
 */
export function* diagnosticSteps(ctx: FeatureContext, analysis: Analysis): Generator<void, Diagnostic[]> {
  const collector = new Collector(ctx, analysis);
  const parsed = analysis.parsed;
  // The call alone on the first line when there is no trigger (a callback candidate); findings of
  // the chunks around that line depend on it and on the trigger.
  const lone = loneFirstLineCall(parsed.text, parsed.roots(0, firstContentEnd(parsed)));
  const firstLineCall = parsed.trigger ? -1 : (lone?.call.start ?? -1);
  const lineStamp = `${parsed.trigger ? `${parsed.trigger.start}-${parsed.trigger.end}` : '-'}:${firstLineCall}`;
  const stamp = `${identity(ctx.catalog)}:${identity(ctx.settings)}:${analysis.language}`;
  // A chunk's findings with their messages (up to the cap, then counted), or only counted.
  const judge = (i: number, withMessages: boolean): ChunkFindings => {
    const base = parsed.chunkStart(i);
    const touchesFirstLine = lone !== null && base <= lone.lineEnd && lone.call.start < parsed.chunkEnd(i);
    const key = withMessages ? 'diagnostics' : 'diagnostics-count';
    return parsed.chunkFact(key, i, touchesFirstLine ? `${stamp}:${lineStamp}` : stamp, (view, b) => {
      const firstLine = lineOf(parsed.lineStarts, b);
      const found = new Findings(
        withMessages ? MAX_DIAGNOSTICS : 0,
        (offset) => lineOf(parsed.lineStarts, offset) - firstLine,
      );
      new CallChecker(ctx, analysis, found, firstLineCall).run(view.calls);
      return { list: found.list.map((f) => relative(f, b)), tally: found.tally(), countOnly: !withMessages };
    });
  };
  // Calls first, chunk by chunk: a chunk made into nodes here also gives the parser the block and
  // directive facts the document-wide findings below are made from. Once the chunks so far hold
  // more findings than can be shown, the rest are judged for counting only.
  const perChunk: ChunkFindings[] = [];
  let room = MAX_DIAGNOSTICS;
  for (let i = 0; i < parsed.chunkCount; i++) {
    const found = judge(i, room > 0);
    if (room > 0) room -= collector.shownBySettings(found);
    perChunk.push(found);
    if (i % CHUNKS_PER_STEP === CHUNKS_PER_STEP - 1) yield;
  }
  readDirectives(collector, parsed);
  syntaxProblems(collector, parsed);
  blockProblems(collector, parsed);
  blocksOnOneLine(collector, parsed, analysis.language);
  yield;
  yield* documentRules(collector, parsed, analysis.language);
  for (const [i, judged] of perChunk.entries()) {
    const base = parsed.chunkStart(i);
    let found = judged;
    // Directives silenced findings the estimate counted on: this chunk's messages are shown after all.
    if (found.countOnly && !collector.full) found = judge(i, true);
    for (const f of found.list) collector.take(f, base);
    collector.count(found.tally, lineOf(parsed.lineStarts, base));
  }
  return collector.finish();
}

/** Where the roots that can hold the first line end: the chunk holding the first non-blank character. */
function firstContentEnd(parsed: ParsedDocument): number {
  const text = parsed.text;
  let i = 0;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return Math.min(text.length, i + 1);
}

/** A finding with its offsets made relative to `base`. */
function relative(f: Finding, base: number): Finding {
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

// ---------------------------------------------------------------------------------------------
// Directives.

function readDirectives(d: Collector, parsed: ParsedDocument): void {
  for (const directive of parsed.directives) {
    if (directive.kind === 'language') {
      const value = directive.value ?? '';
      if (!scriptLanguageFromName(value)) {
        d.add(
          'unknown-directive',
          directive.start,
          directive.end,
          value === '' ? msg('directive.languageMissing') : msg('directive.languageUnknown', { value }),
        );
      }
      continue;
    }
    const unknown = directive.codes.filter((c) => !isRuleCode(c));
    const known = directive.codes.filter(isRuleCode);
    // A directive that names only unknown rules silences nothing (not everything).
    if (unknown.length === 0 || known.length > 0) {
      const target =
        directive.kind === 'disable' ? 'file' : directive.kind === 'disable-line' ? directive.line : directive.line + 1;
      d.silencer.add(target, known);
    }
    if (unknown.length > 0) {
      d.add(
        'unknown-directive',
        directive.start,
        directive.end,
        msg('directive.unknownRules', {
          kind: directive.kind,
          count: unknown.length,
          rules: unknown.map((c) => `"${c}"`).join(', '),
        }),
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Syntax and block problems found by the parser.

function syntaxProblems(d: Collector, parsed: ParsedDocument): void {
  for (const p of parsed.problems) {
    d.add(p.code, p.start, p.end, p.message, syntaxExtra(p));
  }
}

function syntaxExtra(p: SyntaxProblem): Extra {
  switch (p.code) {
    case 'unescaped-bracket':
      return {
        fixes: [{ title: msg('fix.escapeBracket'), edits: [{ start: p.start, end: p.end, newText: '\\]' }] }],
        ...(p.related ? { related: [{ ...p.related, message: msg('related.openBracketText') }] } : {}),
      };
    default:
      // `unclosed-bracket`: the code actions add the missing `]` from the parse tree itself.
      return {};
  }
}

function blockProblems(d: Collector, parsed: ParsedDocument): void {
  if (parsed.blockProblems.length === 0) return;
  let branchOwner: Map<number, Block> | undefined;
  const ownerOf = (call: BlockCall): Block | undefined => {
    if (!branchOwner) {
      branchOwner = new Map();
      const work = [...parsed.blocks];
      let block: Block | undefined;
      while ((block = work.pop()) !== undefined) {
        for (const b of block.branches) branchOwner.set(b.start, block);
        work.push(...block.children);
      }
    }
    return branchOwner.get(call.start);
  };
  for (const p of parsed.blockProblems) {
    d.add(p.code, p.start, p.end, p.message, { related: blockRelated(p, ownerOf) });
  }
}

function blockRelated(p: BlockProblem, ownerOf: (call: BlockCall) => Block | undefined): Extra['related'] {
  const out: Array<{ start: number; end: number; message: Text }> = [];
  const at = (call: BlockCall, message: Text) => out.push({ start: call.start, end: call.nameEnd, message });
  switch (p.code) {
    case 'duplicate-else':
    case 'elseif-after-else': {
      const block = ownerOf(p.call);
      if (block) at(block.opener, msg('related.ifOfBlock'));
      if (p.related)
        at(p.related, p.code === 'duplicate-else' ? msg('related.firstElse') : msg('related.branchBefore'));
      break;
    }
    case 'duplicate-catch':
      if (p.related) at(p.related, msg('related.firstCatch'));
      break;
    case 'duplicate-async':
      if (p.related) at(p.related, msg('related.firstAsync'));
      break;
    default:
      if (p.related) at(p.related, `\`${p.related.name}\``);
  }
  return out;
}

/**
 * Several block functions on one line need BDScript 2: judged over the top-level block calls,
 * which the parser keeps for the whole document, so no chunk depends on the one before it.
 */
function blocksOnOneLine(d: Collector, parsed: ParsedDocument, language: ScriptLanguage): void {
  if (hasFeature(language, 'blocks-on-one-line')) return;
  let lastLine = -1;
  for (const call of parsed.blockCalls) {
    if (!call.topLevel || !BLOCK_ROLES.has(call.name)) continue;
    const line = lineOf(parsed.lineStarts, call.start);
    const sameLine = line === lastLine;
    lastLine = line;
    // One language diagnostic per call: a function the language lacks is reported by itself.
    const feature = featureOfFunction(call.name);
    if (!sameLine || (feature && !hasFeature(language, feature))) continue;
    d.add(
      'language-feature',
      call.start,
      call.nameEnd,
      msg('lang.featureSwitch', {
        problem: msg('lang.blocksOnOneLine', { language, name: call.name }),
        switch: SWITCH_TO_BDSCRIPT2,
      }),
    );
  }
}

/**
 * The rules about the whole command, along its execution paths (paths.ts): variables,
 * components and message text per message, parents before their children, and select menus'
 * options and modals' text inputs. Each is one pass over per-chunk facts.
 */
function* documentRules(d: Collector, parsed: ParsedDocument, language: ScriptLanguage): Generator<void, void> {
  // `$var` exists only in BDScript 2; elsewhere `language-feature` already reports it.
  // Each rule's findings are carried over from the previous version when the edit left the chunk
  // facts it reads unchanged (carry.ts), so a keystroke pays only for the rules it concerns.
  if (hasFeature(language, 'bdscript2-functions')) {
    const found = carriedFindings(parsed, 'rule:variables', ['variables', ...PATH_FACTS], () =>
      variableFindings(parsed),
    );
    for (const f of found) d.add(f.code, f.start, f.end, f.message, { fixes: f.fixes, related: f.related });
    yield;
  }
  for (const f of carriedFindings(parsed, 'rule:components', ['components', ...PATH_FACTS], () =>
    componentFindings(parsed),
  )) {
    d.add(f.code, f.start, f.end, f.message, { related: f.related });
  }
  yield;
  for (const f of carriedFindings(parsed, 'rule:messages', ['messages', ...PATH_FACTS], () => messageFindings(parsed)))
    d.add(f.code, f.start, f.end, f.message);
  yield;
  for (const f of carriedFindings(parsed, 'rule:parents', ['parents', ...PATH_FACTS], () => parentFindings(parsed))) {
    d.add(f.code, f.start, f.end, f.message, { related: f.related });
  }
  yield;
  for (const f of carriedFindings(parsed, 'rule:menus', ['menus', ...PATH_FACTS], () => menuFindings(parsed)))
    d.add(f.code, f.start, f.end, f.message);
  yield;
  for (const f of carriedFindings(parsed, 'rule:embeds', ['embeds', ...PATH_FACTS], () => embedFindings(parsed)))
    d.add(f.code, f.start, f.end, f.message);
}

// ---------------------------------------------------------------------------------------------
// Calls.

/** A binding plus where the extra arguments start (-1 when none are extra). */
interface MemoBinding extends Binding {
  readonly extraFrom: number;
}

/** Bindings per parameter list and argument count: the same call shapes repeat all over a file. */
const BINDINGS = new WeakMap<readonly Argument[], MemoBinding[]>();
const MEMO_COUNTS = 64;

function bindingFor(params: readonly Argument[], count: number): MemoBinding {
  let byCount = BINDINGS.get(params);
  const cached = byCount?.[count];
  if (cached) return cached;
  const b = bindArguments(params, count);
  const binding: MemoBinding = { slots: b.slots, missing: b.missing, extraFrom: b.slots.indexOf(undefined) };
  if (count < MEMO_COUNTS) {
    if (!byCount) BINDINGS.set(params, (byCount = []));
    byCount[count] = binding;
  }
  return binding;
}

/** An argument with no text, escape or call in it (comments do not count). */
function isEmptyArg(arg: ArgNode): boolean {
  for (const child of arg.children) if (child.kind !== 'comment') return false;
  return true;
}

/** Whether an argument's type can reject a literal at all (String, Tuple and unknown types cannot). */
function needsValueCheck(arg: Argument): boolean {
  const types = arg.types;
  return types.length > 0 && arg.unknownTypes.length === 0 && !types.includes('String') && !types.includes('Tuple');
}

class CallChecker {
  private readonly text: string;
  /** "Did you mean" per unknown name, computed once per name. */
  private readonly suggestionMemo = new Map<string, { near: string[] }>();

  constructor(
    private readonly ctx: FeatureContext,
    private readonly analysis: Analysis,
    private readonly d: Findings,
    /** Where the call alone on the first line starts when there is no trigger (a callback candidate), or -1. */
    private readonly firstLineCall: number,
  ) {
    this.text = analysis.parsed.text;
  }

  run(calls: readonly CallNode[]): void {
    for (const call of calls) {
      // A bare `$c` is a comment name, never judged.
      if (call.name === COMMENT_NAME) continue;
      this.checkLanguage(call);
      this.checkCall(call);
      if (call.name === JSON_PARSE) this.checkJsonParse(call);
      const check = CALL_CHECKS.get(call.name);
      // A call in the form the catalog knows, whose `[...]` (if any) is closed.
      if (check && (call.open < 0 || call.close >= 0) && this.ctx.catalog.functions.get(call.name, call.open >= 0))
        check(this.text, call, this.report);
    }
  }

  /** Where the per-call checks of callRules.ts put their findings. */
  private readonly report: CallReport = (code, start, end, message, fixes) =>
    this.d.add(code, start, end, message, fixes ? () => ({ fixes: fixes() }) : {});

  /** The literal argument of a known `$jsonParse[...]`, read as JSON (json.ts). */
  private checkJsonParse(call: CallNode): void {
    if (!this.ctx.catalog.functions.get(JSON_PARSE, true)) return;
    const found = jsonParseFinding(this.text, call);
    if (found) this.d.add('invalid-json', found.start, found.end, found.message);
  }

  private checkCall(call: CallNode): void {
    const catalog = this.ctx.catalog;
    // Before any catalog has loaded every name would look unknown; say nothing rather than that.
    if (catalog.functions.records.length === 0) return;
    this.checkGlued(call);
    const isTriggerRoot = call.inTrigger && call.parent === null;
    if (isTriggerRoot && catalog.callbacks.forms(call.name)) {
      this.checkRecord(call, catalog.callbacks);
      return;
    }
    if (catalog.functions.forms(call.name)) {
      this.checkRecord(call, catalog.functions);
      return;
    }
    if (catalog.callbacks.forms(call.name)) {
      this.d.add('callback-in-code', call.start, call.nameEnd, () => msg('diag.callbackInCode', { name: call.name }));
      return;
    }
    if (call.start === this.firstLineCall) {
      const near = nearCallbacks(catalog.callbacks, call.name);
      // `$onlyPerm` on the first line is a misspelt function, not a misspelt callback.
      if (near.length > 0 || (call.name.startsWith('$on') && this.suggestions(call.name).near.length === 0)) {
        this.d.add(
          'not-a-callback',
          call.start,
          call.nameEnd,
          () => msg('diag.notACallback', { name: call.name, suggest: didYouMean(near) }),
          () => ({ fixes: this.renameFixes(call, near) }),
        );
        return;
      }
    }
    // "Did you mean" is looked up only for findings that are shown.
    this.d.add(
      'unknown-function',
      call.start,
      call.nameEnd,
      () => msg('diag.unknownFunction', { name: call.name, suggest: didYouMean(this.suggestions(call.name).near) }),
      () => ({ fixes: this.renameFixes(call, this.suggestions(call.name).near) }),
    );
  }

  /**
   * A known name with letters glued to it (`$pingms`): BDFD reads the longest known name and
   * leaves the rest as text, and so does the parser. Said as a hint, or as a warning when a `[`
   * follows the letters, since those brackets are then text and not the function's arguments.
   */
  private checkGlued(call: CallNode): void {
    const text = this.text;
    const runEnd = identifierTail(text, call.nameEnd);
    if (runEnd === call.nameEnd) return;
    const rest = text.slice(call.nameEnd, Math.min(runEnd, call.nameEnd + MAX_GLUED_SHOWN));
    const shown = runEnd - call.nameEnd > MAX_GLUED_SHOWN ? `${rest}…` : rest;
    if (text.charCodeAt(runEnd) === 91 /* [ */) {
      const full = call.name + text.slice(call.nameEnd, runEnd);
      const identStart = call.nameEnd - (call.name.length - 1);
      this.d.add(
        'glued-arguments',
        call.start,
        runEnd + 1,
        () =>
          msg('diag.gluedArguments', {
            name: call.name,
            glued: shown,
            suggest: didYouMean(this.suggestions(full).near),
          }),
        () => {
          const { near } = this.suggestions(full);
          return {
            fixes: near.map((n) => ({
              title: msg('fix.changeTo', { name: n }),
              edits: [{ start: identStart, end: runEnd, newText: n.slice(1) }],
              ...(near.length === 1 ? { preferred: true } : {}),
            })),
          };
        },
      );
      return;
    }
    this.d.add(
      'glued-name',
      call.start,
      runEnd,
      () => msg('diag.gluedName', { name: call.name, glued: shown }),
      () => ({
        fixes: [
          {
            title: msg('fix.keepTextApart', { name: call.name, glued: shown }),
            edits: [{ start: call.nameEnd, end: call.nameEnd, newText: '$c[]' }],
          },
        ],
      }),
    );
  }

  /** Whether letters glued to the call's name are followed by `[` (`$addButtonn[`). */
  private gluedBeforeBracket(call: CallNode): boolean {
    const runEnd = identifierTail(this.text, call.nameEnd);
    return runEnd > call.nameEnd && this.text.charCodeAt(runEnd) === 91; /* [ */
  }

  /** Near names for an unknown name; memoised. */
  private suggestions(name: string): { near: string[] } {
    let found = this.suggestionMemo.get(name);
    if (!found) {
      // The comment function is never what a misspelt name meant.
      found = { near: this.ctx.catalog.functions.similar(name).filter((n) => n !== COMMENT_NAME) };
      this.suggestionMemo.set(name, found);
    }
    return found;
  }

  /** Fixes that replace a call's name (keeping a `%{DOL}%` prefix) by each of `names`. */
  private renameFixes(call: CallNode, names: readonly string[]): DiagnosticFix[] {
    const identStart = call.nameEnd - (call.name.length - 1);
    return names.map((n) => ({
      title: msg('fix.changeTo', { name: n }),
      edits: [{ start: identStart, end: call.nameEnd, newText: n.slice(1) }],
      ...(names.length === 1 ? { preferred: true } : {}),
    }));
  }

  private checkRecord<R extends CatalogRecord>(call: CallNode, index: RecordIndex<R>): void {
    const forms = index.forms(call.name);
    if (!forms) return; // checkCall calls this only for a name the index has
    const bracketed = call.open >= 0;
    const record = bracketed ? forms.bracketed : forms.bare;
    if (record) {
      this.checkFlags(call, record);
      if (bracketed && record.arguments && call.close >= 0) this.checkArguments(call, record, record.arguments);
      return;
    }
    if (bracketed) {
      // Only the bare form exists.
      const only = forms.bare;
      if (!only) return; // a name has at least one form
      const emptyList = call.close >= 0 && call.args.length === 1 && call.args[0]?.children.length === 0;
      this.d.add(
        'wrong-form',
        call.start,
        call.close >= 0 ? call.end : call.open + 1,
        () => msg('diag.bareOnly', { name: call.name }),
        () =>
          emptyList
            ? {
                fixes: [
                  {
                    title: msg('fix.removeEmptyBrackets'),
                    edits: [{ start: call.open, end: call.end, newText: '' }],
                    preferred: true,
                  },
                ],
              }
            : {},
      );
      this.checkFlags(call, only);
      return;
    }
    // Only the bracketed form exists. When all its arguments are optional, the bare call is
    // taken as the bracketed form with none (the wiki shows some such functions bare).
    const full = forms.bracketed;
    if (!full) return; // a name has at least one form
    const params = full.arguments ?? [];
    // `$addButtonn[`: the glued letters are the mistake (see checkGlued), not missing brackets.
    if (bindingFor(params, 0).missing.length > 0 && !this.gluedBeforeBracket(call)) {
      this.d.add(
        'wrong-form',
        call.start,
        call.nameEnd,
        () => msg('diag.needsArguments', { name: call.name, tag: full.tag }),
        () => ({
          fixes: [
            { title: msg('fix.addBrackets'), edits: [{ start: call.nameEnd, end: call.nameEnd, newText: '[]' }] },
          ],
        }),
      );
    }
    this.checkFlags(call, full);
  }

  /** Deprecation, premium and intents: about the function itself, on its name. */
  private checkFlags(call: CallNode, record: CatalogRecord): void {
    if (record.kind === 'function' && record.deprecated) this.deprecated(call, record);
    if (record.premium && !this.ctx.settings.premium) {
      this.d.add('premium', call.start, call.nameEnd, () =>
        msg(record.kind === 'callback' ? 'diag.premiumCallback' : 'diag.premiumFunction', { name: call.name }),
      );
    }
    const intents: string[] = [];
    if (record.intents & Intents.ServerMembers) intents.push('Server Members');
    if (record.intents & Intents.Presence) intents.push('Presence');
    const first = intents[0];
    const second = intents[1];
    if (first !== undefined) {
      this.d.add('intents', call.start, call.nameEnd, () =>
        second !== undefined
          ? msg('diag.intentsBoth', { name: call.name, first, second })
          : msg('diag.intentsOne', { name: call.name, intent: first }),
      );
    }
  }

  private deprecated(call: CallNode, record: FunctionRecord): void {
    const replacement = record.deprecatedFor;
    this.d.add(
      'deprecated',
      call.start,
      call.nameEnd,
      () =>
        replacement
          ? msg('diag.deprecatedFor', { name: call.name, replacement })
          : msg('diag.deprecated', { name: call.name }),
      () => ({ tags: [DiagnosticTag.Deprecated], fixes: replacementFixes(this.ctx.catalog, this.text, call, record) }),
    );
  }

  private checkArguments(call: CallNode, record: CatalogRecord, params: readonly Argument[]): void {
    const args = call.args;
    // A closed bracketed call has at least one argument.
    const firstArg = args[0];
    const lastArg = args[args.length - 1];
    if (firstArg === undefined || lastArg === undefined) return;
    const onlyEmpty = args.length === 1 && isEmptyArg(firstArg);
    const firstParam = params[0];
    if (firstParam === undefined) {
      // `$f[]` is how a function without parameters is often written.
      if (!onlyEmpty) {
        this.d.add('too-many-arguments', firstArg.start, lastArg.end, () =>
          msg('diag.takesNoArguments', { name: call.name }),
        );
      }
      return;
    }
    // `$f[]` with an optional first parameter means "no arguments", as the wiki writes it.
    const count = onlyEmpty && !firstParam.required ? 0 : args.length;
    const binding = bindingFor(params, count);

    if (binding.extraFrom >= 0) this.tooMany(call, params, binding);
    if (binding.missing.length > 0) {
      this.d.add('missing-argument', call.close, call.close + 1, () => {
        const names = binding.missing.map((s) => `"${slotLabel(s, params)}"`);
        return msg('diag.missingArguments', {
          name: call.name,
          count: names.length,
          names: names.join(', '),
          tag: record.tag,
        });
      });
    }

    for (let i = 0; i < count; i++) {
      const slot = binding.slots[i];
      const arg = args[i];
      if (!slot || !arg) continue;
      if (isEmptyArg(arg)) {
        if (!slot.argument.empty) {
          this.d.add('empty-argument', arg.start, arg.end, () => {
            const label = slotLabel(slot, params);
            return msg(slot.argument.required ? 'diag.emptyRequired' : 'diag.emptyOptional', {
              name: call.name,
              label,
            });
          });
        }
        continue;
      }
      if (!needsValueCheck(slot.argument)) continue;
      const literal = literalText(this.text, arg);
      if (literal === undefined) continue;
      const verdict = checkValue(literal, slot.argument, this.ctx.catalog.emoji);
      if (!verdict) continue;
      // A fix may replace the argument's text only when that text is exactly its value.
      const plain = arg.children.length === 1 && arg.children[0]?.kind === 'text';
      const fixes = (): DiagnosticFix[] =>
        plain
          ? verdict.suggestions.map((s) => ({
              title: msg('fix.changeToValue', { value: s }),
              edits: [{ start: arg.start, end: arg.end, newText: s }],
              ...(verdict.suggestions.length === 1 ? { preferred: true } : {}),
            }))
          : [];
      this.d.add(
        verdict.code,
        arg.start,
        arg.end,
        () =>
          msg('diag.invalidArgument', {
            name: call.name,
            label: slotLabel(slot, params),
            detail: verdict.detail,
            suggest: didYouMean(verdict.suggestions, false),
          }),
        () => ({ fixes: fixes() }),
      );
    }
  }

  /** Too many arguments: from the separator before the first extra one to the last argument. */
  private tooMany(call: CallNode, params: readonly Argument[], binding: MemoBinding): void {
    const args = call.args;
    const first = binding.extraFrom;
    const max = first;
    const sep = first > 0 ? separatorSpan(call, first - 1) : undefined;
    // extraFrom is an argument's index, so both exist.
    const firstExtra = args[first];
    const lastArg = args[args.length - 1];
    if (firstExtra === undefined || lastArg === undefined) return;
    const fixes = (): DiagnosticFix[] => {
      const lastParam = params[params.length - 1];
      const slot = binding.slots[first - 1];
      // A partial fix would be wrong, so calls with very many extra separators get none.
      if (!lastParam || !slot || !acceptsText(lastParam) || args.length - first > MAX_ESCAPE_EDITS) return [];
      const edits: OffsetEdit[] = [];
      for (let k = Math.max(0, first - 1); k < args.length - 1; k++) {
        const s = separatorSpan(call, k);
        if (s.end === s.start + 1 && this.text.charCodeAt(s.start) === 59 /* ; */)
          edits.push({ start: s.start, end: s.end, newText: '\\;' });
      }
      return edits.length > 0
        ? [{ title: msg('fix.escapeSemicolons', { label: slotLabel(slot, params) }), edits }]
        : [];
    };
    this.d.add(
      'too-many-arguments',
      sep ? sep.start : firstExtra.start,
      lastArg.end,
      () =>
        msg('diag.tooManyArguments', {
          name: call.name,
          max,
          params: params.map((p) => p.name || '…').join('; '),
          got: args.length,
        }),
      () => ({ fixes: fixes() }),
    );
  }

  /** Script language checks: BDScript 2 functions and blocks in arguments (blocks on one line: `blocksOnOneLine`). */
  private checkLanguage(call: CallNode): void {
    const language = this.analysis.language;
    const feature = featureOfFunction(call.name);
    // One language diagnostic per call: the function itself is the first thing to fix.
    if (feature && !hasFeature(language, feature)) {
      this.languageFeature(call, () => msg('lang.onlyBdscript2', { name: call.name, language }));
      return;
    }
    if (call.parent !== null && BLOCK_ROLES.has(call.name) && !hasFeature(language, 'blocks-in-arguments')) {
      this.languageFeature(call, () => msg('lang.blockInArgument', { name: call.name, language }));
    }
  }

  private languageFeature(call: CallNode, message: () => Msg): void {
    this.d.add('language-feature', call.start, call.nameEnd, () =>
      msg('lang.featureSwitch', { problem: message(), switch: SWITCH_TO_BDSCRIPT2 }),
    );
  }
}

/**
 * Callbacks an unknown first-line name may mean: near names, names it is the start of
 * (`$onJoin` → `$onJoined`) and names it starts with (`$onJoinedd`). The list is short.
 */
function nearCallbacks(callbacks: RecordIndex<CatalogRecord>, name: string): string[] {
  const out = callbacks.similar(name);
  for (const n of callbacks.withPrefix(name, 3)) if (!out.includes(n)) out.push(n);
  for (let k = name.length - 1; k >= 4; k--) {
    const prefix = name.slice(0, k);
    if (callbacks.forms(prefix) && !out.includes(prefix)) out.push(prefix);
  }
  return out.slice(0, 3);
}

/** Whether an argument takes free text, so that a stray `;` was probably meant as text. */
function acceptsText(arg: Argument): boolean {
  return arg.types.length === 0 || arg.types.includes('String') || arg.unknownTypes.length > 0;
}

/** " Did you mean `$a` or `$b`?" (or with quotes for values), or "" without suggestions. */
function didYouMean(names: readonly string[], code = true): Text {
  if (names.length === 0) return '';
  const q = (n: string) => (code ? `\`${n}\`` : `"${n}"`);
  return msg('diag.didYouMean', { names: list(names.map(q), 'or') });
}
