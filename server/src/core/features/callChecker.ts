// The diagnostics' check of each call against the catalog: unknown names (with "did you mean"),
// callbacks on the first line, names with letters glued on, the wrong form (bare or bracketed),
// deprecation, premium and intents, argument counts, empty arguments and literal values, the
// script language's features, a literal `$jsonParse` argument, and the per-function checks of
// callRules.ts. It runs per chunk (diagnostics.ts keeps its findings with the chunk).

import { DiagnosticTag } from 'vscode-languageserver-types';
import { bindArguments, slotLabel, type Binding, type Slot } from '../catalog/bind';
import type { Catalog, EmojiIndex, Forms, RecordIndex } from '../catalog/catalog';
import { Intents, type Argument, type CatalogRecord, type FunctionRecord } from '../catalog/model';
import { BLOCK_ROLES } from '../parser/blocks';
import { COMMENT_NAME } from '../parser/parser';
import { literalText, separatorSpan } from '../parser/query';
import type { ArgNode, CallNode } from '../parser/tree';
import { featureOfFunction, hasFeature, SWITCH_TO_BDSCRIPT2 } from './languages';
import { list, msg, type Text } from '../l10n';
import type { ScriptLanguage } from '../settings';
import { JSON_PARSE, jsonParseFinding } from './json';
import type { Analysis, DiagnosticFix, FeatureContext, OffsetEdit } from './types';
import { checkTypedValue, type ValueVerdict } from './values';
import { replacementFixes } from './deprecations';
import { CALL_CHECKS, type CallCheck, type CallReport } from './callRules';
import { callToResolve, isTriggerCall, resolveCall, type CallToResolve, type FoundRecord } from './resolve';
import type { Findings } from './diagnosticCollector';
import type { DocText } from '../parser/text';

/** At most this much glued text is quoted in a message. */
const MAX_GLUED_SHOWN = 40;

/** Where a run of letters and digits that starts at `from` ends. */
function identifierTail(text: DocText, from: number): number {
  let j = from;
  for (;;) {
    const c = text.charCodeAt(j);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57)) j++;
    else return j;
  }
}

/** The "escape the extra `;`" fix is offered for calls with up to this many extra separators. */
const MAX_ESCAPE_EDITS = 1000;

/** A binding plus where the extra arguments start (-1 when none are extra). */
interface MemoBinding extends Binding {
  readonly extraFrom: number;
  /** Per slot, whether its type can reject a literal at all (`needsValueCheck`). */
  readonly valueChecked: readonly boolean[];
}

/** Bindings per parameter list and argument count: the same call shapes repeat all over a file. */
const BINDINGS = new WeakMap<readonly Argument[], MemoBinding[]>();
const MEMO_COUNTS = 64;

function bindingFor(params: readonly Argument[], count: number): MemoBinding {
  let byCount = BINDINGS.get(params);
  const cached = byCount?.[count];
  if (cached) return cached;
  const b = bindArguments(params, count);
  const binding: MemoBinding = {
    slots: b.slots,
    missing: b.missing,
    extraFrom: b.slots.indexOf(undefined),
    valueChecked: b.slots.map((slot) => slot !== undefined && needsValueCheck(slot.argument)),
  };
  if (count < MEMO_COUNTS) {
    if (!byCount) BINDINGS.set(params, (byCount = []));
    byCount[count] = binding;
  }
  return binding;
}

/** An argument with no text, escape or call in it (comments do not count). */
function isEmptyArg(arg: ArgNode): boolean {
  const children = arg.children;
  for (let i = 0; i < children.length; i++) if (children[i]?.kind !== 'comment') return false;
  return true;
}

/** Whether an argument's type can reject a literal at all (String, Tuple and unknown types cannot). */
function needsValueCheck(arg: Argument): boolean {
  const types = arg.types;
  return types.length > 0 && arg.unknownTypes.length === 0 && !types.includes('String') && !types.includes('Tuple');
}

/**
 * What the checks of a call read that depends on its name, its form (bare or bracketed) and
 * whether it is the trigger's own call, and on the catalog alone: worked out once per catalog and
 * such a key instead of once per call, since a document repeats a few hundred names thousands of
 * times.
 */
interface CallKind {
  /** The call as `resolveCall` takes it, which the findings about the call name. */
  readonly about: CallToResolve;
  /** The record the call means, when a catalog index knows the name. */
  readonly found: FoundRecord | undefined;
  /** The call's own check of callRules.ts, when the catalog knows the name in this form. */
  readonly check: CallCheck | undefined;
  /** A callback's name written in code, not as the trigger's own call (`callback-in-code`). */
  readonly callbackInCode: boolean;
  /**
   * The record of the form written is deprecated, premium or needs privileged intents: only
   * then can `checkFlags` find anything, so the other calls skip it.
   */
  readonly flagged: boolean;
  /** The name needs a language feature (`featureOfFunction`), or is a block's (`BLOCK_ROLES`). */
  readonly languageChecked: boolean;
}

/** Whether `checkFlags` can report anything about `record`. */
function isFlagged(record: CatalogRecord | undefined): boolean {
  return (
    record !== undefined &&
    ((record.kind === 'function' && record.deprecated) ||
      record.premium ||
      (record.intents & (Intents.ServerMembers | Intents.Presence)) !== 0)
  );
}

/**
 * Names whose kinds are kept per catalog before the memo starts afresh: the names come from the
 * documents, and a server that runs all day meets every prefix of every name typed, and every
 * typo, so the memo is bounded (the catalog's own names, about 1,000, fit many times over).
 */
export const MAX_CALL_KIND_NAMES = 8192;

/** The kinds of calls met so far, by catalog and name (four each, at `bracketed | triggerRoot << 1`). */
const CALL_KINDS = new WeakMap<Catalog, Map<string, Array<CallKind | undefined>>>();

/** How many names the memo of call kinds holds for `catalog` (for tests). */
export function callKindNames(catalog: Catalog): number {
  return CALL_KINDS.get(catalog)?.size ?? 0;
}

function callKind(catalog: Catalog, kinds: Map<string, Array<CallKind | undefined>>, call: CallNode): CallKind {
  // Where the call's kind is kept among its name's four: `bracketed | triggerRoot << 1`.
  const index = (call.open >= 0 ? 1 : 0) | (isTriggerCall(call) ? 2 : 0);
  let byIndex = kinds.get(call.name);
  const known = byIndex?.[index];
  if (known) return known;
  if (!byIndex) {
    if (kinds.size >= MAX_CALL_KIND_NAMES) kinds.clear();
    kinds.set(call.name, (byIndex = [undefined, undefined, undefined, undefined]));
  }
  const about = callToResolve(call);
  const check = CALL_CHECKS.get(call.name);
  const found = resolveCall(catalog, about);
  const kind: CallKind = {
    about,
    found,
    check: check && catalog.functions.get(call.name, about.bracketed) ? check : undefined,
    callbackInCode: found?.kind === 'callback' && !about.triggerRoot,
    flagged: found !== undefined && isFlagged(about.bracketed ? found.forms.bracketed : found.forms.bare),
    languageChecked: featureOfFunction(call.name) !== undefined || BLOCK_ROLES.has(call.name),
  };
  byIndex[index] = kind;
  return kind;
}

/** Judges calls one by one, putting what it finds into a chunk's `Findings`. */
export class CallChecker {
  private readonly text: DocText;
  /** "Did you mean" per unknown name, computed once per name. */
  private readonly suggestionMemo = new Map<string, { near: string[] }>();
  private readonly kinds: Map<string, Array<CallKind | undefined>>;

  constructor(
    private readonly ctx: FeatureContext,
    private readonly analysis: Analysis,
    private readonly d: Findings,
    /** Where the call alone on the first line starts when there is no trigger (a callback candidate), or -1. */
    private readonly firstLineCall: number,
  ) {
    this.text = analysis.parsed.text;
    const catalog = ctx.catalog;
    let kinds = CALL_KINDS.get(catalog);
    if (!kinds) CALL_KINDS.set(catalog, (kinds = new Map()));
    this.kinds = kinds;
  }

  run(calls: readonly CallNode[]): void {
    const catalog = this.ctx.catalog;
    // Before any catalog has loaded every name would look unknown; say nothing rather than that.
    const anyFunctions = catalog.functions.size > 0;
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i];
      // A bare `$c` is a comment name, never judged.
      if (call === undefined || call.name === COMMENT_NAME) continue;
      const kind = callKind(catalog, this.kinds, call);
      this.d.about = kind.about;
      if (kind.languageChecked) this.checkLanguage(call);
      if (anyFunctions) this.checkCall(call, kind);
      if (call.name === JSON_PARSE) this.checkJsonParse(call);
      // A call in the form the catalog knows, whose `[...]` (if any) is closed.
      if (kind.check && (call.open < 0 || call.close >= 0)) kind.check(this.text, call, this.report);
    }
    this.d.about = undefined;
  }

  /** The catalog's emoji index, asked for only when a value needs it (values.ts). */
  private readonly emoji = (): EmojiIndex => this.ctx.catalog.emoji;

  /** Where the per-call checks of callRules.ts put their findings. */
  private readonly report: CallReport = (code, start, end, message, fixes) =>
    this.d.add(code, start, end, message, fixes ? () => ({ fixes: fixes() }) : {});

  /** The literal argument of a known `$jsonParse[...]`, read as JSON (json.ts). */
  private checkJsonParse(call: CallNode): void {
    if (!this.ctx.catalog.functions.get(JSON_PARSE, true)) return;
    const found = jsonParseFinding(this.text, call);
    if (found) this.d.add('invalid-json', found.start, found.end, found.message);
  }

  // The checks below report through methods of their own (`unknown`, `glued`, `premium` ...): a
  // closure made in a method makes V8 allocate that call's variables in a context object on every
  // call of it, reported or not, and the common path runs once per call of the document.

  /**
   * Judges a call against its kind's record, the one every feature reads for it (resolve.ts). It
   * runs for every call of the document, mostly in the interpreter and baseline code of a cold
   * check, where a call costs more than most checks' work: so the glued-letters check and the
   * check against both forms of the name are written out here, not made methods of their own.
   */
  private checkCall(call: CallNode, kind: CallKind): void {
    // Letters glued to the name (see `glued`).
    const runEnd = identifierTail(this.text, call.nameEnd);
    if (runEnd !== call.nameEnd) this.glued(call, runEnd);
    if (kind.callbackInCode) {
      this.callbackInCode(call);
      return;
    }
    const found = kind.found;
    if (!found) {
      this.unknown(call);
      return;
    }
    // Against both forms of its name (the form written may be missing).
    const forms = found.forms;
    const bracketed = call.open >= 0;
    const record = bracketed ? forms.bracketed : forms.bare;
    if (record) {
      if (kind.flagged) this.checkFlags(call, record);
      if (bracketed && record.arguments && call.close >= 0) this.checkArguments(call, record, record.arguments);
      return;
    }
    if (bracketed) this.bareOnly(call, forms);
    else this.bracketedOnly(call, forms);
  }

  private callbackInCode(call: CallNode): void {
    this.d.add('callback-in-code', call.start, call.nameEnd, () => msg('diag.callbackInCode', { name: call.name }));
  }

  /** A name no catalog index knows: a misspelt callback on the first line, else an unknown function. */
  private unknown(call: CallNode): void {
    if (call.start === this.firstLineCall) {
      const near = nearCallbacks(this.ctx.catalog.callbacks, call.name);
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
   * Letters glued to a known name, up to `runEnd` (`$pingms`): BDFD reads the longest known name
   * and leaves the rest as text, and so does the parser. Said as a hint, or as a warning when a
   * `[` follows the letters, since those brackets are then text and not the function's arguments.
   */
  private glued(call: CallNode, runEnd: number): void {
    const text = this.text;
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

  /** A bracketed call of a name that has only the bare form. */
  private bareOnly(call: CallNode, forms: Forms<CatalogRecord>): void {
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
                  safe: true,
                },
              ],
            }
          : {},
    );
    this.checkFlags(call, only);
  }

  /**
   * A bare call of a name that has only the bracketed form. When all its arguments are optional,
   * the bare call is taken as the bracketed form with none (the wiki shows some such functions bare).
   */
  private bracketedOnly(call: CallNode, forms: Forms<CatalogRecord>): void {
    const full = forms.bracketed;
    if (!full) return; // a name has at least one form
    const params = full.arguments ?? [];
    // `$addButtonn[`: the glued letters are the mistake (see glued), not missing brackets.
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
    if (record.premium && !this.ctx.settings.premium) this.premium(call, record);
    if ((record.intents & (Intents.ServerMembers | Intents.Presence)) !== 0) this.intents(call, record);
  }

  private premium(call: CallNode, record: CatalogRecord): void {
    this.d.add('premium', call.start, call.nameEnd, () =>
      msg(record.kind === 'callback' ? 'diag.premiumCallback' : 'diag.premiumFunction', { name: call.name }),
    );
  }

  /** The privileged intents a record needs (it needs at least one). */
  private intents(call: CallNode, record: CatalogRecord): void {
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
      if (!onlyEmpty) this.takesNoArguments(call, firstArg, lastArg);
      return;
    }
    // `$f[]` with an optional first parameter means "no arguments", as the wiki writes it.
    const count = onlyEmpty && !firstParam.required ? 0 : args.length;
    const binding = bindingFor(params, count);

    if (binding.extraFrom >= 0) this.tooMany(call, params, binding);
    if (binding.missing.length > 0) this.missing(call, record, params, binding);

    // Read once, not per argument: this loop runs in the interpreter and baseline code of a cold
    // check, where each property load is an inline cache's call.
    const slots = binding.slots;
    const valueChecked = binding.valueChecked;
    const text = this.text;
    for (let i = 0; i < count; i++) {
      const slot = slots[i];
      const arg = args[i];
      if (!slot || !arg) continue;
      if (isEmptyArg(arg)) {
        if (!slot.argument.empty) this.emptyArgument(call, params, slot, arg);
        continue;
      }
      // Only slots whose types can reject a literal (`needsValueCheck`), so `checkTypedValue`.
      if (!valueChecked[i]) continue;
      const literal = literalText(text, arg);
      if (literal === undefined) continue;
      const verdict = checkTypedValue(literal, slot.argument, this.emoji);
      if (verdict) this.invalidValue(call, params, slot, arg, verdict);
    }
  }

  private takesNoArguments(call: CallNode, firstArg: ArgNode, lastArg: ArgNode): void {
    this.d.add('too-many-arguments', firstArg.start, lastArg.end, () =>
      msg('diag.takesNoArguments', { name: call.name }),
    );
  }

  private missing(call: CallNode, record: CatalogRecord, params: readonly Argument[], binding: MemoBinding): void {
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

  private emptyArgument(call: CallNode, params: readonly Argument[], slot: Slot, arg: ArgNode): void {
    this.d.add('empty-argument', arg.start, arg.end, () => {
      const label = slotLabel(slot, params);
      return msg(slot.argument.required ? 'diag.emptyRequired' : 'diag.emptyOptional', {
        name: call.name,
        label,
      });
    });
  }

  /** A literal value its slot's type rejects. */
  private invalidValue(
    call: CallNode,
    params: readonly Argument[],
    slot: Slot,
    arg: ArgNode,
    verdict: ValueVerdict,
  ): void {
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
        ? [{ title: msg('fix.escapeSemicolons', { label: slotLabel(slot, params) }), edits, safe: true }]
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
      this.languageFeature(call, 'lang.onlyBdscript2', language);
      return;
    }
    if (call.parent !== null && BLOCK_ROLES.has(call.name) && !hasFeature(language, 'blocks-in-arguments'))
      this.languageFeature(call, 'lang.blockInArgument', language);
  }

  private languageFeature(
    call: CallNode,
    problem: 'lang.onlyBdscript2' | 'lang.blockInArgument',
    language: ScriptLanguage,
  ): void {
    this.d.add('language-feature', call.start, call.nameEnd, () =>
      msg('lang.featureSwitch', { problem: msg(problem, { name: call.name, language }), switch: SWITCH_TO_BDSCRIPT2 }),
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
