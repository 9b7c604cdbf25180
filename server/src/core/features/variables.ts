// Variables: `$var` temporary variables and the app's variables (`$setVar`/`$getVar`,
// `$setUserVar`, `$getServerVar`, ...). Each chunk summarises its uses once (a per-chunk fact);
// one pass over those summaries and the execution-path model (paths.ts) finds reads of a `$var`
// that no `$var[name;value]` in the command sets (`unset-variable`, with "did you mean") and
// reads that come before every set on every path (`variable-before-set`). Completion of names,
// go to definition, find references and rename read the same summaries. The file cannot know
// what `$eval` or a name built at run time sets, so those make the rules quiet after them.

import { editDistance } from '../catalog/catalog';
import { ChunkFact, DerivedValue, moveEach, moveNumbers, moveOffsets } from '../parser/facts';
import { DocumentRule } from './carry';
import { literalText } from '../parser/query';
import type { ArgNode, CallNode, ChunkView, ParsedDocument, Span } from '../parser/tree';
import { isWhitespace } from '../chars';
import { ancestors, inTrigger, pathModel, type PathModel } from './paths';
import type { DiagnosticFix, OffsetEdit } from './types';
import { list, msg, type Msg, type Text } from '../l10n';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

/** One `$var` call with a literal name. */
export interface VarUse {
  /** The name, trimmed (`$var[ x ]` and `$var[x]` name one variable). */
  readonly name: string;
  /** `$var[name;value]` sets, `$var[name]` reads. */
  readonly kind: 'set' | 'read';
  /** The call's span. */
  readonly start: number;
  readonly end: number;
  /** The name as written, without the blanks around it. */
  readonly nameStart: number;
  readonly nameEnd: number;
  /** The name argument holds only text and escapes, so it can be rewritten (a comment in it would be lost). */
  readonly plain: boolean;
  /** A read that only compares the variable with empty text (`$if[$var[x]==]`). */
  readonly emptyTest: boolean;
  /** A read inside the value of a set of the same variable (`$var[n;$sum[$var[n];1]]`). */
  readonly inOwnSet: boolean;
}

/** One use of an app variable's name (`$getUserVar[coins]`, `$setServerVar[prefix;!]`). */
export interface AppVarUse {
  readonly name: string;
  readonly function: string;
  readonly nameStart: number;
  readonly nameEnd: number;
}

interface VariableFacts {
  readonly uses: readonly VarUse[];
  /** Where something sets variables the file cannot name: `$var[$name;...]`, `$eval[...]`. */
  readonly wildcards: readonly number[];
  readonly appUses: readonly AppVarUse[];
}

/**
 * The app-variable functions, with the index of the argument that names the variable. The
 * app's variables are made in the app, so the file cannot tell which exist; their names are
 * only completed.
 */
export const APP_VARIABLE_FUNCTIONS: ReadonlyMap<string, number> = new Map([
  ['$setVar', 0],
  ['$getVar', 0],
  ['$setUserVar', 0],
  ['$getUserVar', 0],
  ['$setServerVar', 0],
  ['$getServerVar', 0],
  ['$setChannelVar', 0],
  ['$getChannelVar', 0],
  ['$resetUserVar', 0],
  ['$resetServerVar', 0],
  ['$resetChannelVar', 0],
  ['$varExists', 0],
  ['$varExistError', 0],
  ['$userLeaderboard', 0],
  ['$serverLeaderboard', 0],
  ['$globalUserLeaderboard', 0],
  ['$getLeaderboardPosition', 1],
  ['$getLeaderboardValue', 1],
]);

/** Functions whose arguments are conditions (an empty test there is a test, not a use). */
const CONDITION_FUNCTIONS = new Set(['$if', '$elseif', '$onlyIf', '$checkCondition', '$and', '$or']);

export const VARIABLE_FACT = new ChunkFact<VariableFacts>({
  name: 'variables',
  compute: chunkVariables,
  move: (fact, shift) => {
    const uses = moveEach(fact.uses, (u) => moveOffsets(u, ['start', 'end', 'nameStart', 'nameEnd'], shift));
    const wildcards = moveNumbers(fact.wildcards, shift);
    const appUses = moveEach(fact.appUses, (a) => moveOffsets(a, ['nameStart', 'nameEnd'], shift));
    return uses && wildcards && appUses && { uses, wildcards, appUses };
  },
});

/** The calls the variables fact reads (see CallFilter): `$eval`, `$var` and the app variable functions. */
const VARIABLE_CALLS = new CallFilter(['$eval', '$var', ...APP_VARIABLE_FUNCTIONS.keys()]);

function chunkVariables(text: DocText, view: ChunkView, base: number): VariableFacts {
  const uses: VarUse[] = [];
  const wildcards: number[] = [];
  const appUses: AppVarUse[] = [];
  const all = VARIABLE_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    if (call.name === '$eval') {
      wildcards.push(call.start - base);
      continue;
    }
    const appIndex = APP_VARIABLE_FUNCTIONS.get(call.name);
    if (appIndex !== undefined) {
      const arg = call.args[appIndex];
      const name = arg && literalText(text, arg)?.trim();
      if (arg && name) {
        const span = trimmedSpan(text, arg);
        appUses.push({ name, function: call.name, nameStart: span.start - base, nameEnd: span.end - base });
      }
      continue;
    }
    const arg = call.args[0];
    if (call.name !== '$var' || call.open < 0 || arg === undefined) continue;
    const name = literalText(text, arg)?.trim();
    const kind = call.args.length >= 2 ? 'set' : 'read';
    if (!name) {
      // A name built at run time may be any name.
      if (kind === 'set' && literalText(text, arg) === undefined) wildcards.push(call.start - base);
      continue;
    }
    const span = trimmedSpan(text, arg);
    uses.push({
      name,
      kind,
      start: call.start - base,
      end: call.end - base,
      nameStart: span.start - base,
      nameEnd: span.end - base,
      plain: arg.children.every((c) => c.kind === 'text' || c.kind === 'escape'),
      emptyTest: kind === 'read' && isEmptyTest(text, call),
      inOwnSet: kind === 'read' && insideOwnSet(text, call, name),
    });
  }
  return { uses, wildcards, appUses };
}

/** The argument's span without the blanks around its text. */
function trimmedSpan(text: DocText, arg: ArgNode): Span {
  let start = arg.start;
  let end = arg.end;
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

/** Whether a read is the whole of one side of a condition whose other side is empty. */
function isEmptyTest(text: DocText, call: CallNode): boolean {
  const arg = call.parent;
  if (!arg || !CONDITION_FUNCTIONS.has(arg.parent.name)) return false;
  let rest = '';
  for (const child of arg.children) {
    if (child.start === call.start && child.kind === 'call') continue;
    if (child.kind !== 'text') return false;
    rest += text.slice(child.start, child.end);
  }
  const op = rest.trim();
  return op === '==' || op === '!=';
}

/** Whether a read sits in the value of a `$var` set of the same name. */
function insideOwnSet(text: DocText, call: CallNode, name: string): boolean {
  for (const { call: outer, arg } of ancestors(call)) {
    const nameArg = outer.args[0];
    if (outer.name !== '$var' || outer.args.length < 2 || arg.index === 0 || nameArg === undefined) continue;
    if (literalText(text, nameArg)?.trim() === name) return true;
  }
  return false;
}

/** Everything the document's chunks say about variables, with absolute offsets. */
export interface DocumentVariables {
  readonly uses: readonly VarUse[];
  readonly wildcards: readonly number[];
  readonly appUses: readonly AppVarUse[];
}

/** The document's variable uses, from the per-chunk summaries (made once per parse). */
export function documentVariables(parsed: ParsedDocument): DocumentVariables {
  return DOCUMENT_VARIABLES.of(parsed);
}

const DOCUMENT_VARIABLES = new DerivedValue('variables', (parsed): DocumentVariables => {
  const uses: VarUse[] = [];
  const wildcards: number[] = [];
  const appUses: AppVarUse[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const facts = parsed.fact(VARIABLE_FACT, i);
    for (const u of facts.uses)
      uses.push({
        ...u,
        start: u.start + base,
        end: u.end + base,
        nameStart: u.nameStart + base,
        nameEnd: u.nameEnd + base,
      });
    for (const w of facts.wildcards) wildcards.push(w + base);
    for (const a of facts.appUses) appUses.push({ ...a, nameStart: a.nameStart + base, nameEnd: a.nameEnd + base });
  }
  return { uses, wildcards, appUses };
});

// ---------------------------------------------------------------------------------------------
// Rules.

export interface VariableFinding {
  readonly code: 'unset-variable' | 'variable-before-set';
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
  readonly fixes: readonly DiagnosticFix[];
  readonly related: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: Msg }>;
}

/** How many sets of one name a read is compared with before it is left alone. */
const MAX_SETS_PER_READ = 64;

/** The variables rule: its findings, carried over edits that leave what it reads in place (carry.ts). */
export const VARIABLE_RULE = new DocumentRule('variables', variableFindings);

/**
 * The findings of the variable rules. A read is judged only when a run reaches it (code after
 * `$stop` is not), outside the trigger line, and when no `$eval` or name built at run time may
 * run before it.
 */
export function variableFindings(parsed: ParsedDocument): VariableFinding[] {
  const { uses, wildcards } = documentVariables(parsed);
  if (uses.length === 0) return [];
  const model = pathModel(parsed);
  const sets = new Map<string, VarUse[]>();
  for (const u of uses) {
    if (u.kind !== 'set' || inTrigger(parsed, u.start)) continue;
    const list = sets.get(u.name);
    if (list) list.push(u);
    else sets.set(u.name, [u]);
  }
  const setNames = [...sets.keys()];
  const setStarts = new Map<string, number[]>();
  for (const [name, list] of sets)
    setStarts.set(
      name,
      list.map((u) => u.start),
    );
  const commaReads = readsByCommaPrefix(uses);
  const out: VariableFinding[] = [];
  for (const read of uses) {
    if (read.kind !== 'read' || read.emptyTest || read.inOwnSet || inTrigger(parsed, read.start)) continue;
    // No run reaches it (a `$stop` before it ends every path): nothing to say, and nothing to ask.
    if (model.dead(read.start)) continue;
    if (mayRunBefore(model, wildcards, read.start)) continue;
    const own = sets.get(read.name);
    if (!own) {
      out.push(unsetFinding(parsed.text, read, setNames, uses, commaReads));
      continue;
    }
    if (mayRunBefore(model, setStarts.get(read.name) ?? [], read.start)) continue;
    const [first] = own;
    if (first === undefined) continue; // a name's list of sets starts with one
    out.push({
      code: 'variable-before-set',
      start: read.nameStart,
      end: read.nameEnd,
      message: msg('var.beforeSet', { name: quote(read.name), shown: shown(read.name) }),
      fixes: [],
      related: [
        { start: first.start, end: first.end, message: msg('related.firstVarSet', { shown: shown(read.name) }) },
      ],
    });
  }
  return out;
}

/**
 * Whether something at one of `starts` (sorted: sets of the variable, or what sets unknown names,
 * `$eval` and names built at run time) may run before `offset` (PathModel.anyMayRunBefore).
 */
function mayRunBefore(model: PathModel, starts: readonly number[], offset: number): boolean {
  let split = 0;
  for (let hi = starts.length; split < hi;) {
    const mid = (split + hi) >>> 1;
    const at = starts[mid];
    if (at !== undefined && at < offset) split = mid + 1;
    else hi = mid;
  }
  return model.anyMayRunBefore(starts, split, offset, MAX_SETS_PER_READ);
}

/**
 * The reads whose name holds a comma with more after it, by what comes before the first comma
 * (`x` for a read of `x,value`), the first such read of the document for each: the `$var[x,value]`
 * slip that a read of `x` points at. Looking it up through every use for each unset read was
 * quadratic.
 */
function readsByCommaPrefix(uses: readonly VarUse[]): ReadonlyMap<string, VarUse> {
  const out = new Map<string, VarUse>();
  for (const u of uses) {
    if (u.kind !== 'read') continue;
    const comma = u.name.indexOf(',');
    if (comma < 0 || comma + 1 >= u.name.length) continue;
    const prefix = u.name.slice(0, comma);
    if (!out.has(prefix)) out.set(prefix, u);
  }
  return out;
}

function unsetFinding(
  text: DocText,
  read: VarUse,
  setNames: readonly string[],
  uses: readonly VarUse[],
  commaReads: ReadonlyMap<string, VarUse>,
): VariableFinding {
  const fixes: DiagnosticFix[] = [];
  const related: Array<{ start: number; end: number; message: Msg }> = [];
  let hint: Text = '';
  const comma = read.name.indexOf(',');
  if (comma > 0) {
    // `$var[x,value]`: a set written with a comma reads a variable named "x,value".
    const setName = read.name.slice(0, comma).trim();
    hint = msg('var.commaHint', {
      name: quote(setName),
      shown: shown(setName),
      value: shown(read.name.slice(comma + 1)),
    });
    if (read.plain) {
      // No escape sequence holds a comma, so the first comma of the source is the name's first.
      let at = read.nameStart;
      while (at < read.nameEnd && text.charCodeAt(at) !== 44 /* , */) at++;
      if (at < read.nameEnd)
        fixes.push({
          title: msg('fix.setWithSemicolon', { name: quote(setName) }),
          edits: [{ start: at, end: at + 1, newText: ';' }],
        });
    }
  } else {
    // A name without a comma is what comes before the first comma of `name,value`; the rare
    // name that starts with a comma is looked up the long way.
    const commaSet = read.name.includes(',')
      ? uses.find(
          (u) => u.kind === 'read' && u.name.startsWith(read.name + ',') && u.name.length > read.name.length + 1,
        )
      : commaReads.get(read.name);
    const near = nearNames(read.name, setNames);
    if (near.length > 0) {
      hint = msg('diag.didYouMean', { names: list(near.map(quote), 'or') });
      if (read.plain) {
        for (const n of near)
          fixes.push({
            title: msg('fix.changeToValue', { value: n }),
            edits: [renameEdit(read, n)],
            ...(near.length === 1 ? { preferred: true } : {}),
          });
      }
    } else if (commaSet) {
      hint = msg('var.commaSetHint', {
        shown: shown(commaSet.name),
        read: quote(commaSet.name),
        name: quote(read.name),
      });
      related.push({ start: commaSet.start, end: commaSet.end, message: msg('related.varWithComma') });
    }
  }
  return {
    code: 'unset-variable',
    start: read.nameStart,
    end: read.nameEnd,
    message: msg('var.unset', { name: quote(read.name), shown: shown(read.name), hint }),
    fixes,
    related,
  };
}

/** Set names within a small edit distance of `name`, nearest first. */
export function nearNames(name: string, candidates: readonly string[], max = 3): string[] {
  const lower = name.toLowerCase();
  const budget = Math.max(1, Math.min(3, Math.floor(lower.length / 3)));
  const scored: Array<[number, string]> = [];
  for (const c of candidates) {
    if (c === name) continue;
    const d = editDistance(lower, c.toLowerCase(), budget);
    if (d <= budget) scored.push([d, c]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.slice(0, max).map(([, c]) => c);
}

/** A name as messages quote it: short, on one line. */
function quote(name: string): string {
  const short = name.length > 60 ? name.slice(0, 57) + '…' : name;
  return JSON.stringify(short);
}

/** A name inside a code span of a message, shortened. */
function shown(name: string): string {
  const flat = name.replace(/[\r\n`]+/g, ' ');
  return flat.length > 40 ? flat.slice(0, 39) + '…' : flat;
}

// ---------------------------------------------------------------------------------------------
// Names, references and rename.

/** Escapes a name so that it stays one literal argument. */
function escapeName(name: string): string {
  return name.replace(/[\\;\]]/g, '\\$&').replace(/\$/g, '%{DOL}%');
}

/** The edit that renames one use. */
function renameEdit(use: VarUse, name: string): OffsetEdit {
  return { start: use.nameStart, end: use.nameEnd, newText: escapeName(name) };
}

/** The `$var` use whose name token or name argument holds the cursor. */
export function varUseAt(parsed: ParsedDocument, offset: number): VarUse | undefined {
  const { uses } = documentVariables(parsed);
  let lo = 0;
  let hi = uses.length;
  // Uses are in document order by call start; nested uses start later and end earlier.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const use = uses[mid];
    if (use !== undefined && use.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo - 1; k >= 0 && k >= lo - 64; k--) {
    const u = uses[k];
    if (u === undefined) break;
    const onName = offset >= u.start && offset <= u.start + '$var'.length;
    const inArg = offset >= u.nameStart && offset <= u.nameEnd;
    if (onName || inArg) return u;
  }
  return undefined;
}

/** Every `$var` use of a name, in document order. */
export function varUsesNamed(parsed: ParsedDocument, name: string): VarUse[] {
  return documentVariables(parsed).uses.filter((u) => u.name === name);
}

/** The sets a read may see (those that may run before it), or every set when none may. */
export function definitionsOf(parsed: ParsedDocument, use: VarUse): VarUse[] {
  const sets = varUsesNamed(parsed, use.name).filter((u) => u.kind === 'set');
  if (use.kind === 'set') return sets.slice(0, 1);
  const model = pathModel(parsed);
  const before = sets.filter((s) => s.start !== use.start && model.mayRunBefore(s.start, use.start));
  return before.length > 0 ? before : sets;
}

/** What a rename of a `$var` at a position would change, or why it cannot. */
export type RenamePlan = { readonly range: Span; readonly name: string } | { readonly error: Msg };

export function prepareVarRename(parsed: ParsedDocument, offset: number): RenamePlan | undefined {
  const use = varUseAt(parsed, offset);
  if (!use) return undefined;
  const all = varUsesNamed(parsed, use.name);
  if (all.some((u) => !u.plain)) return { error: msg('rename.varNotPlain', { shown: shown(use.name) }) };
  return { range: { start: use.nameStart, end: use.nameEnd }, name: use.name };
}

export function renameVar(
  parsed: ParsedDocument,
  offset: number,
  newName: string,
): { edits: OffsetEdit[] } | { error: Msg } | undefined {
  const plan = prepareVarRename(parsed, offset);
  if (!plan) return undefined;
  if ('error' in plan) return plan;
  const name = newName.trim();
  if (name === '') return { error: msg('rename.varEmpty') };
  if (/[\r\n]/.test(name)) return { error: msg('rename.varLines') };
  return { edits: varUsesNamed(parsed, plan.name).map((u) => renameEdit(u, name)) };
}

/** Names the document gives `$var`s, with how often each appears; and the names of its app variables. */
export function variableNames(parsed: ParsedDocument): {
  vars: ReadonlyMap<string, number>;
  app: ReadonlyMap<string, number>;
} {
  const { uses, appUses } = documentVariables(parsed);
  const vars = new Map<string, number>();
  for (const u of uses) vars.set(u.name, (vars.get(u.name) ?? 0) + 1);
  const app = new Map<string, number>();
  for (const u of appUses) app.set(u.name, (app.get(u.name) ?? 0) + 1);
  return { vars, app };
}
