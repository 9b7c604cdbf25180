// The message model: from the parse tree, the reply a command sends, as Discord's message object
// (the shared protocol's preview.ts). A plain function of the tree, like every other feature.
//
// What it reads, in document order, at top level:
// - text and escapes become the reply's content, escapes decoded (`\;` is `;`, `%{DOL}%` is `$`),
//   lines kept; a line that only calls or comments left blank is not part of the reply (the
//   wiki's text splitting guide shows such lines gone from the bot's answer, and `$c` "Comments
//   do not appear in the bot's response", `bdscript/c.md`), nor is the trigger line; Discord
//   trims the content, so the model does too;
// - the embed functions (`$title`, `$description`, `$color`, `$footer`, `$addField`, ... with
//   their `(Index)`, 1 when absent) build up to 10 embeds; a later call overwrites an earlier one,
//   as in BDFD;
// - `$addButton`, `$newSelectMenu` and `$addSelectMenuOption` build action rows (a new row when
//   asked or when the row holds 5 buttons or a menu); `$removeButtons` and `$removeAllComponents`
//   empty them, `$removeComponent` takes out the ones with its custom ID; the Components V2
//   functions build containers, sections, text displays, separators, galleries and rows by their
//   IDs; `$ephemeral` sets the flag;
// - a call with a Message ID acts on another message, and the senders (`$sendMessage`, ...) send
//   messages of their own: they are left out, with a note;
// - functions that only act (`$nomention`, `$var[x;1]`, `$cooldown`, ...) add nothing;
// - any other call is a value only the running bot knows: a placeholder labelled with the call as
//   written, never a guess. An argument of a builder that holds a call is made of literal parts
//   and such placeholders.
// Which argument of a builder holds what comes from the one table of shapes (features/shapes.ts).
//
// The walk is linear in the document: components are found by custom ID through an index, the
// blocks around a node are a running count, not a list walked per node, and a reset marks what
// it takes out. It pauses by work done (nodes read and parts made), and it stops at its budget
// (budget.ts): the model holds at most so many parts and characters, and says where it stopped.
//
// What the preview says of its own (its notes, the labels of `$else` and of "none of them") is a
// message of the l10n catalog (`preview.*` keys), kept as a `Msg` so the core stays free of any
// one language; `localizePreview` renders it in the user's language where the preview leaves
// the server (the LSP handler, the command line), as diagnostics are rendered.
//
// Blocks show one possible message at a time, chosen with the execution-path model the rules use
// (branches.ts): by default each `$if` takes its first branch that can run with the branches
// taken before it, a `$try` its body; `options.branches` chooses others by the opener's start
// (the newest choice first), and the other blocks move to branches that can run with it. Every
// `$if` block met, and every `$try` with a `$catch`, is listed in `branches` so a preview can offer
// the others (a block without `$else` also offers "none of them", which shows nothing of it); a
// block the message shown does not go through is marked `unreached`. An `$async` body runs beside
// the reply and is left out; `$stop` ends the reply.

import { runSteps } from '../steps';
import { BLOCK_ROLES } from '../parser/blocks';
import { colorValue } from '../features/colors';
import { limit } from '../features/limits';
import { SENDERS } from '../features/messages';
import { shapeOf, type EmbedField, type IdKind, type PartRole, type Shape, type Slot } from '../features/shapes';
import { msg, type Localizer, type Msg, type Text } from '../l10n';
import type { ArgNode, CallNode, Node, ParsedDocument } from '../parser/tree';
import { BranchPlan, branchCount } from './branches';
import { BudgetCounter, PREVIEW_BUDGET, type PreviewBudget } from './budget';
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type BranchChoice,
  type PreviewActionRow,
  type PreviewButton,
  type PreviewContainer,
  type PreviewContainerChild,
  type PreviewEmbed,
  type PreviewMediaGallery,
  type PreviewMessage,
  type PreviewNote,
  type PreviewSection,
  type PreviewSelect,
  type PreviewThumbnail,
  type PreviewTopComponent,
  type RichText,
  type SourceSpan,
  type TextPart,
} from '../../protocol/preview';

export { toDiscordMessage } from './discord';
import { discordJson, MAX_LEFT_OUT_NOTES } from './discord';
import type { DocText } from '../parser/text';
export { PREVIEW_BUDGET, type PreviewBudget } from './budget';

/**
 * The reply as the core builds it: its notes and the labels it gives branches are messages
 * (`Msg`, or a condition's text as written), rendered in the user's language by
 * `localizePreview` when the preview leaves the server, as diagnostics are.
 */
export type PreviewModel = PreviewMessage<Text>;

export interface PreviewOptions {
  /**
   * The branch to show per block, by its opener's start (0 = the body after the opener; for an
   * `$if` without `$else`, one past its last branch is "none of them"; for a `$try`, 1 is its
   * `$catch`), oldest choice first: the newest choices are kept first when they conflict.
   */
  readonly branches?: ReadonlyMap<number, number>;
  /** How much of the reply to build (PREVIEW_BUDGET when not given). */
  readonly budget?: PreviewBudget;
}

/** Discord's limit on embeds in one message (limits.ts): later indexes are not shown. */
const MAX_EMBEDS = limit('embedsPerMessage');
/** How long a placeholder's label may be before it is cut. */
const LABEL_MAX = 40;
/** How long a branch's label (its condition as written) may be before it is cut. */
const CONDITION_MAX = 80;
/** Literal arguments read as IDs, styles, numbers or flags longer than this are taken as unknown. */
const LITERAL_MAX = 1024;

/**
 * Work between two pauses of `previewSteps`: a node read is one unit, a part made one more, and
 * every 64 characters of text copied one more. About half a millisecond on a laptop.
 */
export const PREVIEW_STEP_WORK = 4096;

/** Functions that only act and add nothing to the reply. */
const SILENT = new Set([
  '$nomention',
  '$setVar',
  '$setUserVar',
  '$setServerVar',
  '$setChannelVar',
  '$resetUserVar',
  '$resetServerVar',
  '$resetChannelVar',
  '$onlyIf',
  '$onlyForIDs',
  '$onlyForUsers',
  '$onlyAdmin',
  '$onlyPerms',
  '$onlyNSFW',
  '$onlyForRoles',
  '$onlyForChannels',
  '$onlyForServers',
  '$onlyForCategories',
  '$onlyBotPerms',
  '$onlyBotChannelPerms',
  '$ignoreChannels',
  '$argsCheck',
  '$cooldown',
  '$globalCooldown',
  '$serverCooldown',
  '$changeCooldownTime',
  '$deletecommand',
  '$deleteIn',
  '$suppressErrors',
  '$allowMention',
  '$allowRoleMentions',
  '$allowUserMentions',
  '$reply',
  '$replyIn',
  '$addReactions',
  '$addCmdReactions',
  '$botTyping',
  '$ban',
  '$kick',
  '$mute',
  '$unmute',
  '$roleGrant',
  '$giveRole',
  '$takeRole',
  '$jsonParse',
  '$jsonSet',
  '$jsonSetString',
  '$jsonClear',
  '$jsonArray',
  '$jsonArrayAppend',
  '$jsonArrayPop',
  '$jsonArrayShift',
  '$jsonArrayUnshift',
  '$jsonArraySort',
  '$jsonArrayReverse',
  '$jsonUnset',
  '$textSplit',
  '$editSplitText',
  '$removeSplitTextElement',
  '$enableDecimals',
  '$disableSpecialEscaping',
  '$enableSpecialEscaping',
  '$await',
  '$newModal',
  '$addTextInput',
  '$defer',
  '$wait',
  '$c',
  '$async',
  '$endasync',
]);

/** The words BDFD takes for a button's style. */
const STYLES: ReadonlyMap<string, number> = new Map([
  ['primary', ButtonStyle.Primary],
  ['secondary', ButtonStyle.Secondary],
  ['success', ButtonStyle.Success],
  ['danger', ButtonStyle.Danger],
  ['link', ButtonStyle.Link],
]);

/** Discord's component type of each select function. */
const SELECT_TYPES: ReadonlyMap<string, PreviewSelect['type']> = new Map([
  ['$newSelectMenu', ComponentType.StringSelect],
  ['$addStringSelect', ComponentType.StringSelect],
  ['$addUserSelect', ComponentType.UserSelect],
  ['$addRoleSelect', ComponentType.RoleSelect],
  ['$addMentionableSelect', ComponentType.MentionableSelect],
  ['$addChannelSelect', ComponentType.ChannelSelect],
]);

/** The embed parts set from a text argument; the others are URLs, the colour or the timestamp. */
const TEXT_FIELDS: ReadonlySet<EmbedField> = new Set(['title', 'description', 'footer', 'author']);

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The roles of shapes whose calls return a value at run time (a placeholder) rather than build a part. */
const VALUE_ROLES: ReadonlySet<PartRole> = new Set([
  'modal',
  'textInput',
  'editButton',
  'editSelectMenu',
  'editSelectOption',
  'reference',
]);

/**
 * Whether a top-level call adds to the reply's content: a value only the running bot knows (a
 * placeholder). The calls that build embeds or components, act, send elsewhere, or are block
 * words add nothing; a `$var` read (one argument) does. `onCall` adds a placeholder exactly for
 * the calls this says do, so the formatter, which reads this to know which lines Discord never
 * receives, and the preview agree.
 */
export function addsContent(call: CallNode): boolean {
  const name = call.name;
  if (name === '$var') return call.args.length < 2;
  if (BLOCK_ROLES.has(name) || name === '$stop' || name === '$ephemeral' || name === '$useChannel' || name === '$dm')
    return false;
  if (SILENT.has(name) || SENDERS.has(name)) return false;
  const shape = shapeOf(name);
  return shape === undefined || VALUE_ROLES.has(shape.role);
}

/** Mutable builders, frozen into the readonly preview types at the end. */
interface EmbedDraft {
  index: number;
  title?: RichText;
  url?: RichText;
  description?: RichText;
  color?: number | null;
  colorSource?: SourceSpan;
  author?: RichText;
  authorIcon?: RichText;
  authorURL?: RichText;
  footer?: RichText;
  footerIcon?: RichText;
  thumbnail?: RichText;
  image?: RichText;
  fields: Array<PreviewEmbed['fields'][number]>;
  timestamp?: SourceSpan;
}

/** A legacy action row: its components (removed ones are dropped at the end) and what is still in it. */
interface RowDraft {
  readonly components: Array<PreviewButton | PreviewSelect>;
  readonly source: SourceSpan;
  /** Components not taken out. */
  live: number;
  /** Select menus not taken out (a row with one holds nothing else). */
  selects: number;
  /** The `$removeButtons` count when the row was made: a later one empties it. */
  readonly epoch: number;
}

type SelectDraft = Mutable<Omit<PreviewSelect, 'options'>> & { options: Array<PreviewSelect['options'][number]> };

/** A Components V2 parent by ID: what it is and the node its children go into. */
type V2Parent =
  | { readonly kind: 'container'; readonly node: Mutable<PreviewContainer> & { components: PreviewContainerChild[] } }
  | { readonly kind: 'section'; readonly node: Mutable<PreviewSection> & { components: PreviewContainerChild[] } }
  | {
      readonly kind: 'row';
      readonly node: Mutable<PreviewActionRow> & { components: Array<PreviewButton | PreviewSelect> };
    }
  | { readonly kind: 'gallery'; readonly node: Mutable<PreviewMediaGallery> & { items: unknown[] } };

/** The plain text of a rich text, placeholders as `{label}`. */
export function plainText(t: RichText): string {
  let out = '';
  for (const p of t.parts) out += p.kind === 'text' ? p.text : `{${p.label}}`;
  return out;
}

/** The literal value of a rich text, or undefined when a placeholder is in it. */
export function literalValue(t: RichText | undefined): string | undefined {
  if (!t) return undefined;
  let out = '';
  for (const p of t.parts) {
    if (p.kind !== 'text') return undefined;
    out += p.text;
  }
  return out;
}

/**
 * A colour as Discord's integer: `#RRGGBB`, `RRGGBB`, `#RGB`, `RGB` or a decimal integer. Null when the
 * value is built at run time, undefined when it is not a colour.
 */
export function parseColor(value: RichText): number | null | undefined {
  const v = literalValue(value);
  // The editor's own reading of a Color literal (the colour picker and the argument check).
  return v === undefined ? null : colorValue(v.trim());
}

/** A rich text without the blanks around it (BDFD trims arguments, Discord trims the content). */
function trimRich(t: RichText): RichText {
  const parts = [...t.parts];
  // Blank parts at either end go whole (a comment or a call between them keeps them apart).
  while (parts.length > 0) {
    const first = parts[0];
    if (first?.kind !== 'text') break;
    const text = first.text.replace(/^\s+/, '');
    if (text !== '') {
      parts[0] = { ...first, text };
      break;
    }
    parts.shift();
  }
  while (parts.length > 0) {
    const last = parts[parts.length - 1];
    if (last?.kind !== 'text') break;
    const text = last.text.replace(/\s+$/, '');
    if (text !== '') {
      parts[parts.length - 1] = { ...last, text };
      break;
    }
    parts.pop();
  }
  return { parts, ...(t.source ? { source: t.source } : {}) };
}

/** Whether a text is all blanks. */
function blank(s: string): boolean {
  return /^\s*$/.test(s);
}

/** One `$if`/`$try`/`$async` block around the place being read. */
interface Frame {
  readonly kind: 'if' | 'try' | 'async';
  /** The branch being read (0: the body after the opener). */
  branch: number;
  /** The branch the preview follows (-1 for none: an `$async` body). */
  readonly chosen: number;
  /** Whether the place being read is outside the branch followed (counted in `inactive`). */
  off: boolean;
  /** The branches' labels, when the block is listed (within the budget). */
  readonly labels: Text[] | undefined;
  /** Whether the block has an `$else` branch. */
  hasElse: boolean;
  /** Whether the message shown goes through the block (it was opened where the walk reads). */
  readonly onPath: boolean;
  readonly opener: SourceSpan;
}

/** The reply a command sends, read from its tree (see the header for the policy). */
export function buildPreview(parsed: ParsedDocument, options: PreviewOptions = {}): PreviewModel {
  return runSteps(previewSteps(parsed, options));
}

/**
 * `buildPreview` in steps: it pauses (yields) after about PREVIEW_STEP_WORK units of work and
 * returns the message at the end, so a caller on a single thread can let other work run between
 * steps or drop the walk when its document changes. The tree must not change while it runs.
 */
export function* previewSteps(
  parsed: ParsedDocument,
  options: PreviewOptions = {},
): Generator<void, PreviewModel, void> {
  const walk = new ModelWalk(parsed, options);
  // The execution-path model the branches come from reads the whole document (its blocks and
  // conditions, usually already made by the rules): a step of its own, and none without blocks.
  if (parsed.blocks.length > 0) {
    yield;
    walk.plan = new BranchPlan(parsed, options.branches);
    yield;
  }
  for (const node of parsed.roots()) {
    if (walk.work >= PREVIEW_STEP_WORK) {
      walk.work = 0;
      yield;
    }
    walk.visit(node);
    if (walk.stopped) break;
  }
  return walk.finish();
}

/** One walk over a document's top-level nodes, building the model as it goes. */
class ModelWalk {
  private readonly text: DocText;
  /** The trigger line, which is not part of the reply. */
  private readonly trigger: { readonly start: number; readonly end: number } | null;
  private readonly budget: BudgetCounter;
  /** Work since the last pause (see PREVIEW_STEP_WORK). */
  work = 0;
  stopped = false;
  /** Where the budget ran out. */
  private leftOutAt: number | undefined;

  private readonly content: TextPart[] = [];
  private readonly embeds = new Map<number, EmbedDraft>();
  /** The message's top-level components, legacy rows as drafts. Entries before `topFrom` were emptied. */
  private readonly top: Array<PreviewTopComponent | RowDraft> = [];
  /** `$removeButtons` so far: rows made before the last one are gone. */
  private legacyEpoch = 0;
  /** Select menus by ID, for their options. */
  private readonly selects = new Map<string, SelectDraft>();
  /** Components V2 parents by ID. */
  private readonly v2 = new Map<string, V2Parent>();
  /** Buttons and select menus by custom ID, for `$removeComponent`. */
  private readonly byCustomId = new Map<string, Array<{ readonly c: object; readonly row?: RowDraft }>>();
  /** What `$removeComponent` took out. */
  private readonly removed = new Set<object>();
  private ephemeral = false;
  private componentsV2 = false;
  private readonly branches: Array<BranchChoice<Text>> = [];
  private readonly notes: Array<PreviewNote<Text>> = [];

  /** The blocks around the place being read, innermost last. */
  private readonly frames: Frame[] = [];
  /** The branch each block follows, from the execution-path model and the user's choices. */
  plan: BranchPlan | undefined;
  /** How many of `frames` the place being read is outside the followed branch of: 0 when it is read. */
  private inactive = 0;

  /** The line being read: it joins the content at its end, unless only calls left it blank. */
  private line: TextPart[] = [];
  private lineHadCall = false;
  /** Parts and characters the line took from the budget (given back when it is dropped). */
  private lineParts = 0;
  private lineChars = 0;

  constructor(parsed: ParsedDocument, options: PreviewOptions) {
    this.text = parsed.text;
    this.trigger = parsed.trigger;
    this.budget = new BudgetCounter(options.budget ?? PREVIEW_BUDGET);
  }

  // -------------------------------------------------------------------------------------------
  // Reading arguments.

  /** The argument of `call` that holds `slot` (features/shapes.ts). */
  private arg(call: CallNode, slot: Slot): ArgNode | undefined {
    // The call being read is asked for several slots in a row: its shape is looked up once.
    if (this.shapeFor !== call) {
      this.shapeFor = call;
      this.shape = shapeOf(call.name);
    }
    const at = this.shape?.at(slot);
    return at === undefined ? undefined : call.args[at];
  }

  /** The call `shape` belongs to. */
  private shapeFor: CallNode | undefined;
  private shape: Shape | undefined;

  /** A call as a placeholder chip: the call as written, on one line, cut. */
  private placeholder(call: CallNode): TextPart | undefined {
    // Only the start of a long call is read: the label keeps LABEL_MAX characters.
    const head = this.text.slice(call.start, Math.min(call.end, call.start + LABEL_MAX * 8));
    const flat = head.replace(/\s+/g, ' ');
    const label = flat.length > LABEL_MAX || head.length < call.end - call.start ? cut(flat, LABEL_MAX) : flat;
    this.work++;
    if (!this.budget.part(label.length)) return undefined;
    return { kind: 'placeholder', label, source: { start: call.start, end: call.end } };
  }

  /**
   * Appends a literal to `parts`, merging it with a literal part just before, within the budget
   * (a text that does not fit whole is cut). Returns the characters taken.
   */
  private pushText(parts: TextPart[], text: string, start: number, end: number): number {
    if (text === '') return 0;
    this.work += 1 + (text.length >> 6);
    const last = parts[parts.length - 1];
    const merge = last?.kind === 'text' && last.source.end === start;
    let piece = text;
    const room = this.budget.room;
    if (piece.length > room) piece = piece.slice(0, room);
    if (piece !== '' && !(merge ? this.budget.more(piece.length) : this.budget.part(piece.length))) return 0;
    if (piece.length < text.length) this.budget.spent = true;
    if (piece === '') return 0;
    if (merge && last?.kind === 'text')
      parts[parts.length - 1] = { kind: 'text', text: last.text + piece, source: { start: last.source.start, end } };
    else parts.push({ kind: 'text', text: piece, source: { start, end } });
    return piece.length;
  }

  /** An argument as rich text: its text and escapes decoded, its calls as placeholders, trimmed. */
  private argText(arg: ArgNode | undefined, call: CallNode): RichText {
    const source = { start: call.start, end: call.end };
    if (!arg) return { parts: [], source };
    const parts: TextPart[] = [];
    for (const child of arg.children) {
      if (this.budget.spent) break;
      this.work++;
      if (child.kind === 'text')
        this.pushText(
          parts,
          this.text.slice(child.start, Math.min(child.end, child.start + this.budget.room + 1)),
          child.start,
          child.end,
        );
      else if (child.kind === 'escape') this.pushText(parts, child.value, child.start, child.end);
      else if (child.kind === 'call') {
        const p = this.placeholder(child);
        if (p) parts.push(p);
      }
    }
    return trimRich({ parts, source });
  }

  /** The rich text of the argument holding `slot`. */
  private slotText(call: CallNode, slot: Slot): RichText {
    return this.argText(this.arg(call, slot), call);
  }

  /**
   * The literal value of the argument holding `slot`, trimmed: undefined when it is absent, holds
   * a call, or is longer than LITERAL_MAX (an ID, a style, a number or a flag is never that long).
   */
  private literal(call: CallNode, slot: Slot): string | undefined {
    const arg = this.arg(call, slot);
    if (!arg) return undefined;
    let out = '';
    for (const child of arg.children) {
      if (child.kind === 'call') return undefined;
      if (child.kind === 'text') {
        if (child.end - child.start > LITERAL_MAX) return undefined;
        out += this.text.slice(child.start, child.end);
      } else if (child.kind === 'escape') out += child.value;
      if (out.length > LITERAL_MAX) return undefined;
    }
    return out.trim();
  }

  /** Whether the argument holding `slot` is given and not blank (a call counts). */
  private given(call: CallNode, slot: Slot): boolean {
    const arg = this.arg(call, slot);
    if (!arg) return false;
    for (const child of arg.children) {
      if (child.kind === 'call' || child.kind === 'escape') return true;
      if (child.kind === 'text' && !blank(this.text.slice(child.start, child.end))) return true;
    }
    return false;
  }

  /** Whether a yes/no argument says yes (BDFD reads `yes` and `true`). */
  private yes(call: CallNode, slot: Slot): boolean {
    const v = this.literal(call, slot)?.toLowerCase();
    return v === 'yes' || v === 'true';
  }

  /** A whole number argument (an index, a count), or undefined when it is not a literal one. */
  private integer(call: CallNode, slot: Slot): number | undefined {
    const v = this.literal(call, slot);
    return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
  }

  /** Discord's emoji object for a button or option: a unicode emoji or `<:name:id>`. */
  private emoji(call: CallNode): PreviewButton['emoji'] {
    const v = this.literal(call, 'emoji');
    if (!v) return undefined;
    const custom = /^<(a?):([A-Za-z0-9_]+):(\d+)>$/.exec(v);
    if (custom?.[2] && custom[3]) return { name: custom[2], id: custom[3], ...(custom[1] ? { animated: true } : {}) };
    return { name: v };
  }

  private note(message: Msg, call: CallNode): void {
    if (this.budget.part()) this.notes.push({ message, source: { start: call.start, end: call.end } });
  }

  // -------------------------------------------------------------------------------------------
  // The walk.

  visit(node: Node): void {
    this.work++;
    const trigger = this.trigger;
    if (trigger !== null && node.start >= trigger.start && node.start < trigger.end) {
      // The trigger line is the command's trigger, not its reply; its line break goes with it.
      this.lineHadCall = true;
      if (node.kind === 'text' && this.text.charCodeAt(node.end - 1) === 10) this.flushLine();
      return;
    }
    if (node.kind === 'call' || node.kind === 'comment') this.lineHadCall = true;
    if (!(node.kind === 'call' && this.onBlockCall(node)) && this.inactive === 0) {
      // Only what can fit is copied out of a long text.
      if (node.kind === 'text')
        this.lineText(
          this.text.slice(node.start, Math.min(node.end, node.start + this.budget.room + 1)),
          node.start,
          node.end,
        );
      else if (node.kind === 'escape') this.lineText(node.value, node.start, node.end);
      else if (node.kind === 'call') this.onCall(node);
    }
    if (node.kind === 'text' && this.text.charCodeAt(node.end - 1) === 10) this.flushLine();
    if (this.budget.spent && !this.stopped) {
      this.stopped = true;
      this.leftOutAt = node.start;
    }
  }

  private lineText(text: string, start: number, end: number): void {
    const before = this.budget.parts;
    const merged = this.line.length;
    this.lineChars += this.pushText(this.line, text, start, end);
    if (this.line.length > merged) this.lineParts += this.budget.parts - before;
  }

  /** A placeholder in the line being read. */
  private linePlaceholder(call: CallNode): void {
    const p = this.placeholder(call);
    if (!p) return;
    this.line.push(p);
    this.lineParts++;
    this.lineChars += p.kind === 'placeholder' ? p.label.length : 0;
  }

  /** The line ends: it joins the content, unless only calls (or comments) left it blank. */
  private flushLine(): void {
    const dropped = this.lineHadCall && this.line.every((p) => p.kind === 'text' && blank(p.text));
    if (dropped) {
      // What a dropped line took from the budget is given back.
      this.budget.parts -= this.lineParts;
      this.budget.chars -= this.lineChars;
    } else {
      for (const p of this.line) {
        const last = this.content[this.content.length - 1];
        if (p.kind === 'text' && last?.kind === 'text' && last.source.end === p.source.start)
          this.content[this.content.length - 1] = {
            kind: 'text',
            text: last.text + p.text,
            source: { start: last.source.start, end: p.source.end },
          };
        else this.content.push(p);
      }
    }
    this.line = [];
    this.lineHadCall = false;
    this.lineParts = 0;
    this.lineChars = 0;
  }

  // -------------------------------------------------------------------------------------------
  // Blocks.

  /** A branch's label: its condition as written (placeholders in braces), cut. */
  private condition(call: CallNode): Text {
    const arg = call.args[0];
    if (!arg) return msg('preview.branch.noCondition');
    let out = '';
    for (const child of arg.children) {
      if (child.kind === 'text') out += this.text.slice(child.start, Math.min(child.end, child.start + CONDITION_MAX));
      else if (child.kind === 'escape') out += child.value;
      else if (child.kind === 'call')
        out += `{${cut(this.text.slice(child.start, Math.min(child.end, child.start + LABEL_MAX * 8)).replace(/\s+/g, ' '), LABEL_MAX)}}`;
      if (out.length > CONDITION_MAX) break;
    }
    const label = cut(out.replace(/\s+/g, ' ').trim(), CONDITION_MAX);
    return label === '' ? msg('preview.branch.noCondition') : label;
  }

  /** Adds a label to a listed block, within the budget. */
  private label(frame: Frame, label: Text): void {
    if (frame.labels && this.budget.part(typeof label === 'string' ? label.length : 0)) frame.labels.push(label);
  }

  private onBlockCall(call: CallNode): boolean {
    const role = BLOCK_ROLES.get(call.name);
    if (!role) return false;
    const frame = this.frames[this.frames.length - 1];
    if (role.role === 'open') {
      // The branch comes from the execution-path model (branches.ts), as the rules see the paths.
      const block = this.plan?.blockAt(call.start);
      const onPath = this.inactive === 0;
      const chosen = role.kind === 'async' ? -1 : block && this.plan ? this.plan.enter(block, onPath) : 0;
      // Blocks read outside the followed path are listed too, so that a choice can lead into them;
      // a `$try` is listed when it has a `$catch` to show instead of its body.
      const listed =
        (role.kind === 'if' || (role.kind === 'try' && block !== undefined && branchCount(block) > 1)) &&
        this.budget.part();
      const opened: Frame = {
        kind: role.kind,
        branch: 0,
        chosen,
        off: chosen !== 0,
        labels: listed ? [] : undefined,
        hasElse: false,
        onPath,
        opener: { start: call.start, end: call.end },
      };
      if (listed) this.label(opened, role.kind === 'if' ? this.condition(call) : msg('preview.branch.try'));
      if (opened.off) this.inactive++;
      this.frames.push(opened);
    } else if (role.role === 'branch' && frame && frame.kind === role.kind) {
      frame.branch++;
      const off = frame.branch !== frame.chosen;
      if (off !== frame.off) this.inactive += off ? 1 : -1;
      frame.off = off;
      if (frame.kind === 'if' && call.name === '$else') {
        this.label(frame, msg('preview.branch.else'));
        frame.hasElse = true;
      } else if (frame.kind === 'if') this.label(frame, this.condition(call));
      else if (frame.kind === 'try') this.label(frame, msg('preview.branch.catch'));
    } else if (role.role === 'close' && frame && frame.kind === role.kind) {
      this.frames.pop();
      if (frame.off) this.inactive--;
      this.closeBlock(frame);
    }
    return true;
  }

  /** A listed block joins `branches`; an `$if` without `$else` also offers showing none of it. */
  private closeBlock(frame: Frame): void {
    if (frame.kind === 'async' || !frame.labels) return;
    if (frame.kind === 'if' && !frame.hasElse) frame.labels.push(msg('preview.branch.none'));
    this.branches.push({
      block: frame.opener,
      branches: frame.labels,
      chosen: Math.max(0, Math.min(frame.chosen, frame.labels.length - 1)),
      ...(frame.onPath ? {} : { unreached: true as const }),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Calls.

  private onCall(call: CallNode): void {
    const name = call.name;
    if (addsContent(call)) return this.linePlaceholder(call);
    if (name === '$stop') {
      this.stopped = true;
      return;
    }
    if (name === '$ephemeral') {
      this.ephemeral = true;
      return;
    }
    const shape = shapeOf(name);
    if (shape) {
      switch (shape.role) {
        case 'embed':
          return this.embedCall(call, shape);
        case 'button':
          return this.legacyButton(call);
        case 'selectMenu':
          return this.legacySelect(call);
        case 'selectOption':
        case 'selectOptionV2':
          return this.option(call);
        case 'reset':
          return name === '$removeComponent' ? this.removeComponent(call) : this.reset(call);
        case 'container':
        case 'section':
        case 'actionRow':
        case 'textDisplay':
        case 'separator':
        case 'gallery':
        case 'galleryItem':
        case 'thumbnail':
        case 'buttonV2':
        case 'selectV2':
          this.componentsV2 = true;
          return this.v2Call(call, shape);
        // Values (a placeholder, above) and senders (a note, below).
        case 'modal':
        case 'textInput':
        case 'editButton':
        case 'editSelectMenu':
        case 'editSelectOption':
        case 'reference':
        case 'sender':
          break;
      }
    }
    if (SENDERS.has(name)) return this.note(msg('preview.note.sender', { name }), call);
    if (name === '$useChannel' || name === '$dm') this.note(msg('preview.note.elsewhere', { name }), call);
    // Everything else here acts and adds nothing (`addsContent` answered above).
  }

  /** The embed a call builds, by its `(Index)`; undefined (with a note) past Discord's 10. */
  private embedOf(call: CallNode): EmbedDraft | undefined {
    const index = this.given(call, 'embedIndex') ? this.integer(call, 'embedIndex') : 1;
    if (index === undefined || index < 1) this.note(msg('preview.note.embedIndex', { name: call.name }), call);
    const at = index === undefined || index < 1 ? 1 : index;
    if (at > MAX_EMBEDS) {
      this.note(msg('preview.note.embedOverMax', { name: call.name, index: at, max: MAX_EMBEDS }), call);
      return undefined;
    }
    let e = this.embeds.get(at);
    if (!e && this.budget.part()) this.embeds.set(at, (e = { index: at, fields: [] }));
    return e;
  }

  private embedCall(call: CallNode, shape: Shape): void {
    const e = this.embedOf(call);
    const field = shape.embed;
    if (!e || !field) return;
    const source = { start: call.start, end: call.end };
    switch (field) {
      case 'timestamp':
        e.timestamp = source;
        return;
      case 'color': {
        const value = this.slotText(call, 'color');
        const color = parseColor(value);
        if (color === undefined) this.note(msg('preview.note.notAColour', { value: plainText(value) }), call);
        else {
          e.color = color;
          e.colorSource = source;
        }
        return;
      }
      case 'field':
        if (this.budget.part())
          e.fields.push({
            name: this.slotText(call, 'name'),
            value: this.slotText(call, 'value'),
            inline: this.yes(call, 'inline'),
            source,
          });
        return;
      case 'title':
      case 'description':
      case 'footer':
      case 'author':
      case 'footerIcon':
      case 'authorIcon':
      case 'authorURL':
      case 'image':
      case 'thumbnail':
      case 'url':
        e[field] = this.slotText(call, TEXT_FIELDS.has(field) ? 'text' : 'url');
    }
  }

  /** A button of either kind, from the arguments its shape names. */
  private button(call: CallNode): PreviewButton {
    const style = STYLES.get(this.literal(call, 'style')?.toLowerCase() ?? '') ?? ButtonStyle.Secondary;
    const target = this.slotText(call, 'idOrUrl');
    const label = this.slotText(call, 'label');
    const emoji = this.emoji(call);
    return {
      type: ComponentType.Button,
      style,
      ...(label.parts.length > 0 ? { label } : {}),
      ...(style === ButtonStyle.Link ? { url: target } : { custom_id: target }),
      disabled: this.yes(call, 'disabled'),
      ...(emoji ? { emoji } : {}),
      source: { start: call.start, end: call.end },
    };
  }

  /** Indexes a button or select menu by its custom ID, for `$removeComponent`. */
  private index(c: PreviewButton | PreviewSelect, row?: RowDraft): void {
    const id = c.custom_id ? literalValue(c.custom_id)?.trim() : undefined;
    if (id === undefined) return;
    const list = this.byCustomId.get(id);
    const entry = row ? { c, row } : { c };
    if (list) list.push(entry);
    else this.byCustomId.set(id, [entry]);
  }

  /** The last top-level component when it is a legacy row still in the message. */
  private lastRow(): RowDraft | undefined {
    // Rows emptied at the end are dropped for good; the ones before them are kept as they are.
    for (;;) {
      const last = this.top[this.top.length - 1];
      if (last === undefined || 'type' in last) return undefined;
      if (last.live > 0 && last.epoch === this.legacyEpoch) return last;
      this.top.pop();
    }
  }

  private legacyButton(call: CallNode): void {
    if (this.given(call, 'messageId')) return this.note(msg('preview.note.buttonElsewhere', { name: call.name }), call);
    if (!this.budget.part()) return;
    const button = this.button(call);
    let row = this.lastRow();
    // "If set to `no`, the button will appear in the same row as the previous button" (wiki
    // bdscript/addButton.md), also past Discord's 5 (which refuses it: `action-row-limit` says so);
    // `yes`, or a value known only at run time, starts a row, as the component rules count it.
    const newRow = this.literal(call, 'newRow')?.toLowerCase();
    const continues = newRow === 'no' || newRow === 'false';
    if (!continues || !row || row.selects > 0) {
      if (!this.budget.part()) return;
      row = {
        components: [],
        source: { start: call.start, end: call.end },
        live: 0,
        selects: 0,
        epoch: this.legacyEpoch,
      };
      this.top.push(row);
    }
    row.components.push(button);
    row.live++;
    this.index(button, row);
  }

  /** A select menu from its shape; `undefined` (and nothing built) past the budget. */
  private select(call: CallNode): SelectDraft | undefined {
    if (!this.budget.part()) return undefined;
    const placeholderText = this.slotText(call, 'placeholder');
    const min = this.integer(call, 'min');
    const max = this.integer(call, 'max');
    const select: SelectDraft = {
      type: SELECT_TYPES.get(call.name) ?? ComponentType.StringSelect,
      custom_id: this.slotText(call, 'id'),
      ...(placeholderText.parts.length > 0 ? { placeholder: placeholderText } : {}),
      ...(min !== undefined ? { min_values: min } : {}),
      ...(max !== undefined ? { max_values: max } : {}),
      disabled: this.yes(call, 'disabled'),
      options: [],
      source: { start: call.start, end: call.end },
    };
    const id = this.literal(call, 'id');
    if (id) this.selects.set(id, select);
    return select;
  }

  private legacySelect(call: CallNode): void {
    if (this.given(call, 'messageId')) return this.note(msg('preview.note.menuElsewhere', { name: call.name }), call);
    const select = this.select(call);
    if (!select || !this.budget.part()) return;
    // A menu fills a row of its own.
    const row: RowDraft = {
      components: [select as PreviewSelect],
      source: { start: call.start, end: call.end },
      live: 1,
      selects: 1,
      epoch: this.legacyEpoch,
    };
    this.top.push(row);
    this.index(select as PreviewSelect, row);
  }

  private option(call: CallNode): void {
    if (this.given(call, 'messageId')) return this.note(msg('preview.note.optionElsewhere', { name: call.name }), call);
    const menu = this.selects.get(this.literal(call, 'parent') ?? '');
    if (!menu) return this.note(msg('preview.note.unknownMenu', { name: call.name }), call);
    if (!this.budget.part()) return;
    const description = this.slotText(call, 'description');
    const emoji = this.emoji(call);
    menu.options.push({
      label: this.slotText(call, 'label'),
      value: this.slotText(call, 'value'),
      ...(description.parts.length > 0 ? { description } : {}),
      ...(emoji ? { emoji } : {}),
      default: this.yes(call, 'default'),
      source: { start: call.start, end: call.end },
    });
  }

  /** `$removeButtons` empties the legacy rows, `$removeAllComponents` every component (not with a Message ID). */
  private reset(call: CallNode): void {
    if (this.given(call, 'messageId')) return this.note(msg('preview.note.actsElsewhere', { name: call.name }), call);
    if (call.name === '$removeButtons') this.legacyEpoch++;
    else this.top.length = 0;
  }

  /**
   * `$removeComponent[Custom ID;(Message ID)]`: the buttons and select menus with that custom ID
   * leave their rows (a legacy row left empty goes too), in legacy rows, Components V2 rows and
   * section accessories. They are found through the index by ID and marked, so the cost is the
   * number taken out. An ID known only at run time removes what this preview cannot tell: a note.
   */
  private removeComponent(call: CallNode): void {
    if (this.given(call, 'messageId')) return this.note(msg('preview.note.actsElsewhere', { name: call.name }), call);
    const id = this.literal(call, 'ref');
    if (id === undefined || id === '') return this.note(msg('preview.note.removeAtRunTime', { name: call.name }), call);
    const list = this.byCustomId.get(id);
    if (!list) return;
    this.byCustomId.delete(id);
    for (const { c, row } of list) {
      this.work++;
      this.removed.add(c);
      if (row) {
        row.live--;
        if ((c as PreviewSelect).options !== undefined) row.selects--;
      }
    }
  }

  /** Components V2: each child names its parent by ID; a child without one goes to the top. */
  private v2Call(call: CallNode, shape: Shape): void {
    const source = { start: call.start, end: call.end };
    const parentAt = shape.at('parent');
    const accepts: readonly IdKind[] = parentAt === undefined ? [] : (shape.args[parentAt]?.refers ?? []);
    const parentId = this.literal(call, 'parent');
    const parent = parentId ? this.v2.get(parentId) : undefined;
    const fits = parent !== undefined && accepts.includes(parent.kind);
    /** Places a child: at the top without a parent ID, in its parent when known, else a note. */
    const place = (child: PreviewContainerChild): void => {
      if (!parentId) return void this.top.push(child);
      if (!fits || (parent.kind !== 'container' && parent.kind !== 'section'))
        return this.note(msg('preview.note.unknownParent', { name: call.name, id: parentId }), call);
      parent.node.components.push(child);
    };
    const id = this.literal(call, 'id');
    switch (shape.role) {
      case 'container': {
        if (!this.budget.part()) return;
        const color = this.slotText(call, 'color');
        const accent = color.parts.length > 0 ? parseColor(color) : undefined;
        const node: V2Parent & { kind: 'container' } = {
          kind: 'container',
          node: {
            type: ComponentType.Container,
            ...(accent !== undefined ? { accent_color: accent } : {}),
            spoiler: this.yes(call, 'spoiler'),
            components: [],
            source,
          },
        };
        if (id) this.v2.set(id, node);
        this.top.push(node.node);
        return;
      }
      case 'section': {
        if (!this.budget.part()) return;
        const node: V2Parent & { kind: 'section' } = {
          kind: 'section',
          node: { type: ComponentType.Section, components: [], source },
        };
        if (id) this.v2.set(id, node);
        return place(node.node as PreviewContainerChild);
      }
      case 'actionRow': {
        if (!this.budget.part()) return;
        const node: V2Parent & { kind: 'row' } = {
          kind: 'row',
          node: { type: ComponentType.ActionRow, components: [], source },
        };
        if (id) this.v2.set(id, node);
        return place(node.node);
      }
      case 'textDisplay':
        if (!this.budget.part()) return;
        return place({ type: ComponentType.TextDisplay, content: this.slotText(call, 'text'), source });
      case 'separator':
        if (!this.budget.part()) return;
        return place({
          type: ComponentType.Separator,
          divider: !this.given(call, 'divider') || this.yes(call, 'divider'),
          spacing: this.literal(call, 'spacing')?.toLowerCase() === 'large' ? 2 : 1,
          source,
        });
      case 'gallery': {
        if (!this.budget.part()) return;
        const node: V2Parent & { kind: 'gallery' } = {
          kind: 'gallery',
          node: { type: ComponentType.MediaGallery, items: [], source },
        };
        if (id) this.v2.set(id, node);
        return place(node.node as PreviewContainerChild);
      }
      case 'galleryItem': {
        if (!fits || parent.kind !== 'gallery')
          return this.note(msg('preview.note.unknownGallery', { name: call.name }), call);
        if (!this.budget.part()) return;
        const description = this.slotText(call, 'description');
        parent.node.items.push({
          media: { url: this.slotText(call, 'url') },
          ...(description.parts.length > 0 ? { description } : {}),
          spoiler: this.yes(call, 'spoiler'),
          source,
        });
        return;
      }
      case 'thumbnail': {
        if (!fits || parent.kind !== 'section')
          return this.note(msg('preview.note.unknownSection', { name: call.name }), call);
        if (!this.budget.part()) return;
        const description = this.slotText(call, 'description');
        const thumbnail: PreviewThumbnail = {
          type: ComponentType.Thumbnail,
          media: { url: this.slotText(call, 'url') },
          ...(description.parts.length > 0 ? { description } : {}),
          spoiler: this.yes(call, 'spoiler'),
          source,
        };
        parent.node.accessory = thumbnail;
        return;
      }
      case 'buttonV2': {
        if (!fits || (parent.kind !== 'row' && parent.kind !== 'section'))
          return this.note(msg('preview.note.unknownRowOrSection', { name: call.name }), call);
        if (!this.budget.part()) return;
        const button = this.button(call);
        if (parent.kind === 'section') parent.node.accessory = button;
        else parent.node.components.push(button);
        this.index(button);
        return;
      }
      case 'selectV2': {
        if (!fits || parent.kind !== 'row') return this.note(msg('preview.note.unknownRow', { name: call.name }), call);
        const select = this.select(call);
        if (!select) return;
        parent.node.components.push(select as PreviewSelect);
        this.index(select as PreviewSelect);
        return;
      }
      // Not Components V2 functions: `onCall` sends them elsewhere.
      case 'button':
      case 'selectMenu':
      case 'selectOption':
      case 'selectOptionV2':
      case 'modal':
      case 'textInput':
      case 'embed':
      case 'reset':
      case 'editButton':
      case 'editSelectMenu':
      case 'editSelectOption':
      case 'reference':
      case 'sender':
        return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The end.

  finish(): PreviewModel {
    this.flushLine();
    // Blocks still open at the end (or at `$stop`) are offered too.
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i];
      if (frame) this.closeBlock(frame);
    }
    this.branches.sort((a, b) => a.block.start - b.block.start);
    const model = this.message();
    // What Copy as Discord Message JSON leaves out or cuts (discord.ts), so the panel says it too.
    const { leftOut } = discordJson(model, new Date(0));
    for (const n of leftOut.slice(0, MAX_LEFT_OUT_NOTES)) this.notes.push(n);
    if (leftOut.length > MAX_LEFT_OUT_NOTES)
      this.notes.push({ message: msg('preview.note.jsonMore', { n: leftOut.length - MAX_LEFT_OUT_NOTES }) });
    if (this.leftOutAt !== undefined) {
      // Past the budget: one note says so (it is not counted), where the preview stopped.
      const source = { start: this.leftOutAt, end: this.leftOutAt };
      const { parts, chars } = this.budget.limit;
      this.notes.push({ message: msg('preview.note.budget', { parts, chars }), source });
    }
    return model;
  }

  /** The message as it stands (its notes are the walk's own list, which `finish` completes). */
  private message(): PreviewModel {
    const content = trimRich({ parts: this.content });
    const embeds: PreviewEmbed[] = [...this.embeds.values()].sort((a, b) => a.index - b.index).map(finishEmbed);
    const components: PreviewTopComponent[] = [];
    for (const c of this.top) {
      if ('type' in c) components.push(this.finishComponent(c) as PreviewTopComponent);
      else if (c.live > 0 && c.epoch === this.legacyEpoch)
        components.push({
          type: ComponentType.ActionRow,
          components: c.components.filter((x) => !this.removed.has(x)),
          source: c.source,
        });
    }
    const flags = (this.ephemeral ? MessageFlags.Ephemeral : 0) | (this.componentsV2 ? MessageFlags.IsComponentsV2 : 0);
    const { parts, chars } = this.budget.limit;
    return {
      content,
      embeds,
      components,
      ephemeral: this.ephemeral,
      flags,
      branches: this.branches,
      notes: this.notes,
      ...(this.leftOutAt !== undefined ? { truncated: { at: this.leftOutAt, parts, chars } } : {}),
    };
  }

  /** A Components V2 node without what `$removeComponent` took out. */
  private finishComponent(c: PreviewTopComponent | PreviewContainerChild): PreviewTopComponent | PreviewContainerChild {
    if (this.removed.size === 0) return c;
    switch (c.type) {
      case ComponentType.Container:
        return { ...c, components: c.components.map((x) => this.finishComponent(x) as PreviewContainerChild) };
      case ComponentType.ActionRow:
        return { ...c, components: c.components.filter((x) => !this.removed.has(x)) };
      case ComponentType.Section: {
        if (!c.accessory || !this.removed.has(c.accessory)) return c;
        const { accessory: _gone, ...rest } = c;
        return rest;
      }
      case ComponentType.TextDisplay:
      case ComponentType.MediaGallery:
      case ComponentType.Separator:
        return c;
    }
  }
}

/** A text cut to `max` characters with an ellipsis. */
function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** The reply in one language: its notes and branch labels rendered by `l10n`, the rest as it is. */
export function localizePreview(p: PreviewMessage<Text>, l10n: Localizer): PreviewMessage {
  return {
    ...p,
    branches: p.branches.map((b) => ({ ...b, branches: b.branches.map((label) => l10n.text(label)) })),
    notes: p.notes.map((n) => ({ ...n, message: l10n.text(n.message) })),
  };
}

function finishEmbed(e: EmbedDraft): PreviewEmbed {
  return {
    index: e.index,
    ...(e.title ? { title: e.title } : {}),
    ...(e.url ? { url: e.url } : {}),
    ...(e.description ? { description: e.description } : {}),
    ...(e.color !== undefined ? { color: e.color } : {}),
    ...(e.colorSource ? { colorSource: e.colorSource } : {}),
    ...(e.author
      ? {
          author: {
            name: e.author,
            ...(e.authorURL ? { url: e.authorURL } : {}),
            ...(e.authorIcon ? { icon_url: e.authorIcon } : {}),
          },
        }
      : {}),
    ...(e.footer ? { footer: { text: e.footer, ...(e.footerIcon ? { icon_url: e.footerIcon } : {}) } } : {}),
    ...(e.thumbnail ? { thumbnail: { url: e.thumbnail } } : {}),
    ...(e.image ? { image: { url: e.image } } : {}),
    fields: e.fields,
    ...(e.timestamp ? { timestamp: e.timestamp } : {}),
  };
}
