// Diagnostics: every problem core can see in one analysed document, as LSP diagnostics with a
// stable code (rules.ts), a message naming the function and argument, the exact range, a
// severity from the settings, and quick fixes in `data`. Syntax and block problems come from
// the parser; everything about calls is judged chunk by chunk, and a chunk's findings are kept
// with the chunk (offsets relative to it) while edits elsewhere reuse it, so after an edit only
// the new chunks are judged. In-file directives silence rules per line or per file when the
// findings are turned into diagnostics. At most 5,000 are shown; past that, findings are only
// counted (no messages are built), and a last `too-many-findings` note says how many there are
// in all. Nothing here throws on odd input.
//
// This is the entry: `diagnosticSteps` runs the call checks (callChecker.ts) chunk by chunk, the
// parser's findings, the directives and the rules about the whole command, and hands everything
// to the collector (diagnosticCollector.ts).

import type { Diagnostic } from 'vscode-languageserver-types';
import { BLOCK_ROLES, type Block, type BlockCall, type BlockProblem } from '../parser/blocks';
import { lineOf, loneFirstLineCall } from '../parser/parser';
import { runSteps } from '../steps';
import type { ParsedDocument, SyntaxProblem } from '../parser/tree';
import { isWhitespace } from '../chars';
import { scriptLanguageFromName, type ScriptLanguage } from '../settings';
import { featureOfFunction, hasFeature, SWITCH_TO_BDSCRIPT2 } from './languages';
import { msg, type Text } from '../l10n';
import { isRuleCode } from './rules';
import type { Analysis, FeatureContext } from './types';
import { VARIABLE_RULE } from './variables';
import { COMPONENT_RULE } from './components';
import { MESSAGE_RULE } from './messages';
import { PARENT_RULE } from './parents';
import { MENU_RULE } from './menus';
import { EMBED_RULE } from './embeds';
import { ChunkCache } from '../parser/facts';
import { CallChecker } from './callChecker';
import { Collector, Findings, MAX_DIAGNOSTICS, relative, type ChunkFindings, type Extra } from './diagnosticCollector';

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

/** A chunk's findings from the call checks, with their messages up to the cap. */
const CHUNK_FINDINGS = new ChunkCache<ChunkFindings>('diagnostics');
/** A chunk's findings from the call checks, only counted (past the cap). */
const CHUNK_COUNTS = new ChunkCache<ChunkFindings>('diagnostics-count');

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
    return parsed.cached(
      withMessages ? CHUNK_FINDINGS : CHUNK_COUNTS,
      i,
      touchesFirstLine ? `${stamp}:${lineStamp}` : stamp,
      (view, b) => {
        const firstLine = lineOf(parsed.lineStarts, b);
        const found = new Findings(
          withMessages ? MAX_DIAGNOSTICS : 0,
          (offset) => lineOf(parsed.lineStarts, offset) - firstLine,
        );
        new CallChecker(ctx, analysis, found, firstLineCall).run(view.calls);
        return { list: found.list.map((f) => relative(f, b)), tally: found.tally(), countOnly: !withMessages };
      },
    );
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
  const problems = parsed.problems;
  for (const [k, p] of problems.entries()) {
    d.add(p.code, p.start, p.end, p.message, syntaxExtra(p, strayAfterOnLine(parsed, problems, k)));
  }
}

/**
 * Whether a `stray-bracket` follows problem `k` on its line: the `]` meant to close the call that
 * an early `]` closed instead (`$description[[link](url)]`), so escaping the early one leaves the
 * call closed where its writer closed it.
 */
function strayAfterOnLine(parsed: ParsedDocument, problems: readonly SyntaxProblem[], k: number): boolean {
  const p = problems[k];
  if (p?.code !== 'unescaped-bracket') return false;
  const line = lineOf(parsed.lineStarts, p.start);
  for (let j = k + 1; j < problems.length; j++) {
    const q = problems[j];
    if (!q || lineOf(parsed.lineStarts, q.start) !== line) return false;
    if (q.code === 'stray-bracket') return true;
  }
  return false;
}

function syntaxExtra(p: SyntaxProblem, safe: boolean): Extra {
  switch (p.code) {
    case 'unescaped-bracket':
      return {
        fixes: [
          {
            title: msg('fix.escapeBracket'),
            edits: [{ start: p.start, end: p.end, newText: '\\]' }],
            ...(safe ? { safe: true } : {}),
          },
        ],
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
  // Each rule's findings are carried over from the previous version when the edit left what it
  // read in place (carry.ts), so a keystroke pays only for the rules it concerns.
  if (hasFeature(language, 'bdscript2-functions')) {
    for (const f of VARIABLE_RULE.run(parsed))
      d.add(f.code, f.start, f.end, f.message, { fixes: f.fixes, related: f.related });
    yield;
  }
  for (const f of COMPONENT_RULE.run(parsed)) d.add(f.code, f.start, f.end, f.message, { related: f.related });
  yield;
  for (const f of MESSAGE_RULE.run(parsed)) d.add(f.code, f.start, f.end, f.message);
  yield;
  for (const f of PARENT_RULE.run(parsed)) d.add(f.code, f.start, f.end, f.message, { related: f.related });
  yield;
  for (const f of MENU_RULE.run(parsed)) d.add(f.code, f.start, f.end, f.message);
  yield;
  for (const f of EMBED_RULE.run(parsed)) d.add(f.code, f.start, f.end, f.message);
}
