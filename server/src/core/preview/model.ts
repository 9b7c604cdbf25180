// The message model: from the parse tree, the reply a command sends, as Discord's message object
// (types.ts). A plain function of the tree, like every other feature.
//
// What it reads, in document order, at top level:
// - text and escapes become the reply's content, escapes decoded (`\;` is `;`, `%{DOL}%` is `$`),
//   lines kept; Discord trims the content, so the model does too;
// - the embed functions (`$title`, `$description`, `$color`, `$footer`, `$addField`, ... with
//   their `(Index)`, 1 when absent) build up to 10 embeds; a later call overwrites an earlier one,
//   as in BDFD;
// - `$addButton`, `$newSelectMenu` and `$addSelectMenuOption` build action rows (a new row when
//   asked or when the row holds 5 buttons or a menu); `$removeButtons` and `$removeAllComponents`
//   empty them, `$removeComponent` takes out the one with its custom ID; the Components V2 functions build containers, sections, text displays,
//   separators, galleries and rows by their IDs; `$ephemeral` sets the flag;
// - a call with a Message ID acts on another message, and the senders (`$sendMessage`, ...) send
//   messages of their own: they are left out, with a note;
// - functions that only act (`$nomention`, `$var[x;1]`, `$cooldown`, ...) add nothing;
// - any other call is a value only the running bot knows: a placeholder labelled with the call as
//   written, never a guess. An argument of a builder that holds a call is made of literal parts
//   and such placeholders.
//
// What the preview says of its own (its notes, the labels of `$else` and of "none of them") is a
// message of the l10n catalog (`preview.*` keys), kept as a `Msg` so the core stays free of any
// one language; `localizePreview` renders it in the user's language where the preview leaves
// the server (the LSP handler, the command line), as diagnostics are rendered.
//
// Blocks follow a predictable policy: in each `$if` block the first branch (the `$if` body) is
// shown unless `options.branches` chooses another by the `$if` call's start; every block met is
// listed in `branches` so a preview can offer the others (a block without `$else` also offers
// "none of them", which shows nothing of it). A `$try` shows its body, not its
// `$catch`; an `$async` body runs beside the reply and is left out; `$stop` ends the reply.

import { runSteps } from '../steps';
import { BLOCK_ROLES } from '../parser/blocks';
import { colorValue } from '../features/colors';
import { COMPONENT_FUNCTIONS } from '../features/components';
import { must } from '../must';
import { limit } from '../features/limits';
import { OPTIONS, SELECTS, type OptionShape, type SelectShape } from '../features/menus';
import { SENDERS } from '../features/messages';
import { msg, type Localizer, type Msg, type Text } from '../l10n';
import type { ArgNode, CallNode, Node, ParsedDocument } from '../parser/tree';
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type BranchChoice,
  type DiscordComponent,
  type DiscordEmbed,
  type DiscordMessage,
  type PreviewActionRow,
  type PreviewButton,
  type PreviewContainer,
  type PreviewContainerChild,
  type PreviewEmbed,
  type PreviewMessage,
  type PreviewNote,
  type PreviewSelect,
  type PreviewThumbnail,
  type PreviewTopComponent,
  type RichText,
  type SourceSpan,
  type TextPart,
} from '../../protocol/preview';

/**
 * The reply as the core builds it: its notes and the labels it gives branches are messages
 * (`Msg`, or a condition's text as written), rendered in the user's language by
 * `localizePreview` when the preview leaves the server, as diagnostics are.
 */
export type PreviewModel = PreviewMessage<Text>;

export interface PreviewOptions {
  /** The branch to show per `$if` block, by the `$if` call's start (0 = the `$if` body). */
  readonly branches?: ReadonlyMap<number, number>;
}

/** Discord's limit on embeds in one message (limits.ts): later indexes are not shown. */
const MAX_EMBEDS = limit('embedsPerMessage');
/** Buttons in one action row. */
const ROW_BUTTONS = limit('buttonsPerActionRow');
/** How long a placeholder's label may be before it is cut. */
const LABEL_MAX = 40;

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

/** Embed setters: the argument with the value, the one with the index, and what they set. */
const EMBED_SETTERS: ReadonlyMap<
  string,
  { readonly value: number; readonly index: number; readonly field: EmbedField }
> = new Map([
  ['$title', { value: 0, index: 1, field: 'title' }],
  ['$description', { value: 0, index: 1, field: 'description' }],
  ['$color', { value: 0, index: 1, field: 'color' }],
  ['$footer', { value: 0, index: 1, field: 'footer' }],
  ['$footerIcon', { value: 0, index: 1, field: 'footerIcon' }],
  ['$author', { value: 0, index: 1, field: 'author' }],
  ['$authorIcon', { value: 0, index: 1, field: 'authorIcon' }],
  ['$authorURL', { value: 0, index: 1, field: 'authorURL' }],
  ['$image', { value: 0, index: 1, field: 'image' }],
  ['$thumbnail', { value: 0, index: 1, field: 'thumbnail' }],
  ['$embeddedURL', { value: 0, index: 1, field: 'url' }],
  ['$addTimestamp', { value: -1, index: 0, field: 'timestamp' }],
] as const);

type EmbedField =
  | 'title'
  | 'description'
  | 'color'
  | 'footer'
  | 'footerIcon'
  | 'author'
  | 'authorIcon'
  | 'authorURL'
  | 'image'
  | 'thumbnail'
  | 'url'
  | 'timestamp';

/** The words BDFD takes for a button's style. */
const STYLES: ReadonlyMap<string, number> = new Map([
  ['primary', ButtonStyle.Primary],
  ['secondary', ButtonStyle.Secondary],
  ['success', ButtonStyle.Success],
  ['danger', ButtonStyle.Danger],
  ['link', ButtonStyle.Link],
]);

const SELECT_TYPES: ReadonlyMap<string, PreviewSelect['type']> = new Map([
  ['$addStringSelect', ComponentType.StringSelect],
  ['$addUserSelect', ComponentType.UserSelect],
  ['$addRoleSelect', ComponentType.RoleSelect],
  ['$addMentionableSelect', ComponentType.MentionableSelect],
  ['$addChannelSelect', ComponentType.ChannelSelect],
]);

const V2_FUNCTIONS = new Set([
  '$addContainer',
  '$addSection',
  '$addTextDisplay',
  '$addThumbnail',
  '$addButtonCV2',
  '$addActionRow',
  '$addMediaGallery',
  '$addMediaGalleryItem',
  '$addSeparator',
  '$addStringSelectOption',
  ...SELECT_TYPES.keys(),
]);

/**
 * Names whose calls add nothing to the reply's content (they build embeds or components, act,
 * send elsewhere, or are block words); a `$var` read (one argument) is the exception, handled by
 * `addsContent`. `onCall` adds a placeholder exactly for the calls `addsContent` says do, so the
 * formatter, which reads this to know which lines Discord never receives, and the preview agree.
 */
const NO_CONTENT: ReadonlySet<string> = new Set([
  ...BLOCK_ROLES.keys(),
  '$stop',
  '$ephemeral',
  ...EMBED_SETTERS.keys(),
  '$addField',
  '$addButton',
  '$newSelectMenu',
  '$addSelectMenuOption',
  '$removeButtons',
  '$removeAllComponents',
  '$removeComponent',
  ...V2_FUNCTIONS,
  ...SENDERS.keys(),
  '$useChannel',
  '$dm',
  ...SILENT,
]);

/** Whether a top-level call adds to the reply's content: a value only the running bot knows (a placeholder). */
export function addsContent(call: CallNode): boolean {
  if (call.name === '$var') return call.args.length < 2;
  return !NO_CONTENT.has(call.name);
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

interface RowDraft {
  components: Array<PreviewButton | PreviewSelect>;
  source?: SourceSpan;
}

interface SelectDraft extends Omit<PreviewSelect, 'options'> {
  options: Array<PreviewSelect['options'][number]>;
}

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

/** A call as a placeholder chip: the call as written, on one line, cut. */
function placeholder(text: string, call: CallNode): TextPart {
  const flat = text.slice(call.start, call.end).replace(/\s+/g, ' ');
  const label = flat.length > LABEL_MAX ? `${flat.slice(0, LABEL_MAX - 1)}…` : flat;
  return { kind: 'placeholder', label, source: { start: call.start, end: call.end } };
}

/** Appends a literal, merging it with a literal part just before. */
function pushText(parts: TextPart[], text: string, start: number, end: number): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last?.kind === 'text' && last.source.end === start)
    parts[parts.length - 1] = { kind: 'text', text: last.text + text, source: { start: last.source.start, end } };
  else parts.push({ kind: 'text', text, source: { start, end } });
}

/** An argument as rich text: its text and escapes decoded, its calls as placeholders. */
function argText(text: string, arg: ArgNode | undefined, call: CallNode): RichText {
  if (!arg) return { parts: [], source: { start: call.start, end: call.end } };
  const parts: TextPart[] = [];
  for (const child of arg.children) {
    if (child.kind === 'text') pushText(parts, text.slice(child.start, child.end), child.start, child.end);
    else if (child.kind === 'escape') pushText(parts, child.value, child.start, child.end);
    else if (child.kind === 'call') parts.push(placeholder(text, child));
  }
  return trimRich({ parts, source: { start: call.start, end: call.end } });
}

/** A rich text without the blanks around it (BDFD trims arguments). */
function trimRich(t: RichText): RichText {
  const parts = [...t.parts];
  const first = parts[0];
  if (first?.kind === 'text') {
    const text = first.text.replace(/^\s+/, '');
    if (text === '') parts.shift();
    else parts[0] = { ...first, text };
  }
  const last = parts[parts.length - 1];
  if (last?.kind === 'text') {
    const text = last.text.replace(/\s+$/, '');
    if (text === '') parts.pop();
    else parts[parts.length - 1] = { ...last, text };
  }
  return { parts, ...(t.source ? { source: t.source } : {}) };
}

/** A whole number argument (an index, a count), or undefined when it is not a literal one. */
function integerArg(text: string, call: CallNode, index: number): number | undefined {
  const v = literalValue(argText(text, call.args[index], call));
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
}

/** Whether a yes/no argument says yes (BDFD reads `yes` and `true`). */
function yes(text: string, call: CallNode, index: number): boolean {
  const v = literalValue(argText(text, call.args[index], call))?.toLowerCase();
  return v === 'yes' || v === 'true';
}

/** Whether an argument is given and not empty. */
function given(text: string, call: CallNode, index: number): boolean {
  const arg = call.args[index];
  return arg !== undefined && argText(text, arg, call).parts.length > 0;
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

/** Discord's emoji object for a button or option: a unicode emoji or `<:name:id>`. */
function emojiOf(value: RichText): PreviewButton['emoji'] {
  const v = literalValue(value)?.trim();
  if (!v) return undefined;
  const custom = /^<(a?):([A-Za-z0-9_]+):(\d+)>$/.exec(v);
  if (custom?.[2] && custom[3]) return { name: custom[2], id: custom[3], ...(custom[1] ? { animated: true } : {}) };
  return { name: v };
}

/** One frame of the `$if`/`$try`/`$async` blocks around the current place. */
interface Frame {
  readonly kind: 'if' | 'try' | 'async';
  /** The branch being read (0: the body after the opener). */
  branch: number;
  /** The branch the preview follows. */
  readonly chosen: number;
  readonly labels: Text[];
  /** Whether the block has an `$else` branch. */
  hasElse: boolean;
  readonly opener: SourceSpan;
}

/** The reply a command sends, read from its tree (see the header for the policy). */
export function buildPreview(parsed: ParsedDocument, options: PreviewOptions = {}): PreviewModel {
  return runSteps(previewSteps(parsed, options));
}

/** Top-level nodes read between two pauses of `previewSteps`. */
export const PREVIEW_STEP_NODES = 256;

/**
 * `buildPreview` in steps: it pauses (yields) after every PREVIEW_STEP_NODES top-level nodes and
 * returns the message at the end, so a caller on a single thread can let other work run between
 * steps or drop the walk when its document changes. The tree must not change while it runs.
 */
export function* previewSteps(
  parsed: ParsedDocument,
  options: PreviewOptions = {},
): Generator<void, PreviewModel, void> {
  const text = parsed.text;
  const content: TextPart[] = [];
  const embeds = new Map<number, EmbedDraft>();
  let top: Array<PreviewTopComponent | RowDraft> = [];
  const selects = new Map<string, SelectDraft>();
  const v2 = new Map<
    string,
    { readonly kind: string; readonly node: PreviewContainer | PreviewActionRow | { components: unknown[] } }
  >();
  let ephemeral = false;
  let componentsV2 = false;
  const branches: Array<BranchChoice<Text>> = [];
  const notes: Array<PreviewNote<Text>> = [];
  const frames: Frame[] = [];
  let stopped = false;

  const active = (): boolean => frames.every((f) => f.kind !== 'async' && f.branch === f.chosen);
  const note = (message: Msg, call: CallNode): void =>
    void notes.push({ message, source: { start: call.start, end: call.end } });
  const embed = (call: CallNode, indexArg: number): EmbedDraft | undefined => {
    const index = indexArg < 0 || !given(text, call, indexArg) ? 1 : integerArg(text, call, indexArg);
    if (index === undefined || index < 1) {
      note(msg('preview.note.embedIndex', { name: call.name }), call);
    }
    const at = index === undefined || index < 1 ? 1 : index;
    if (at > MAX_EMBEDS) {
      note(msg('preview.note.embedOverMax', { name: call.name, index: at, max: MAX_EMBEDS }), call);
      return undefined;
    }
    let e = embeds.get(at);
    if (!e) embeds.set(at, (e = { index: at, fields: [] }));
    return e;
  };
  const lastRow = (): RowDraft | undefined => {
    const last = top[top.length - 1];
    return last && !('type' in last) ? last : undefined;
  };

  // A block without `$else` can also show nothing: that choice is offered as a last branch.
  const closeIf = (frame: Frame): void => {
    if (!frame.hasElse) frame.labels.push(msg('preview.branch.none'));
    branches.push({
      block: frame.opener,
      branches: frame.labels,
      chosen: Math.min(frame.chosen, frame.labels.length - 1),
    });
  };
  /** A branch's label: its condition as written (placeholders in braces). */
  const condition = (call: CallNode): Text =>
    plainText(argText(text, call.args[0], call)) || msg('preview.branch.noCondition');
  const onBlockCall = (call: CallNode): boolean => {
    const role = BLOCK_ROLES.get(call.name);
    if (!role) return false;
    const frame = frames[frames.length - 1];
    if (role.role === 'open') {
      const labels = role.kind === 'if' ? [condition(call)] : [];
      const chosen = role.kind === 'if' ? (options.branches?.get(call.start) ?? 0) : 0;
      frames.push({
        kind: role.kind,
        branch: 0,
        chosen,
        labels,
        hasElse: false,
        opener: { start: call.start, end: call.end },
      });
    } else if (role.role === 'branch' && frame && frame.kind === role.kind) {
      frame.branch++;
      if (frame.kind === 'if' && call.name === '$else') {
        frame.labels.push(msg('preview.branch.else'));
        frame.hasElse = true;
      } else if (frame.kind === 'if') frame.labels.push(condition(call));
    } else if (role.role === 'close' && frame && frame.kind === role.kind) {
      frames.pop();
      if (frame.kind === 'if') closeIf(frame);
    }
    return true;
  };

  const addButton = (call: CallNode): void => {
    if (given(text, call, 6)) return note(msg('preview.note.buttonElsewhere', { name: call.name }), call);
    const style =
      STYLES.get(
        literalValue(argText(text, call.args[3], call))
          ?.trim()
          .toLowerCase() ?? '',
      ) ?? ButtonStyle.Secondary;
    const target = argText(text, call.args[1], call);
    const label = argText(text, call.args[2], call);
    const emoji = emojiOf(argText(text, call.args[5], call));
    const button: PreviewButton = {
      type: ComponentType.Button,
      style,
      ...(label.parts.length > 0 ? { label } : {}),
      ...(style === ButtonStyle.Link ? { url: target } : { custom_id: target }),
      disabled: yes(text, call, 4),
      ...(emoji ? { emoji } : {}),
      source: { start: call.start, end: call.end },
    };
    const row = lastRow();
    const fits =
      row &&
      !yes(text, call, 0) &&
      row.components.length < ROW_BUTTONS &&
      row.components.every((c) => c.type === ComponentType.Button);
    if (fits) row.components.push(button);
    else top.push({ components: [button], source: { start: call.start, end: call.end } });
  };

  // Argument indexes come from the tables the rules read (features/components.ts, menus.ts), so
  // the preview and the checks agree on where each part of a call is.
  const shapeOf = <T>(table: ReadonlyMap<string, T>, name: string): T =>
    must(table.get(name), `${name} is in the table`);

  const addSelect = (call: CallNode): void => {
    const shape = shapeOf<SelectShape>(SELECTS, call.name);
    const messageId = COMPONENT_FUNCTIONS.get(call.name)?.messageId;
    if (messageId !== undefined && given(text, call, messageId))
      return note(msg('preview.note.menuElsewhere', { name: call.name }), call);
    const id = argText(text, call.args[shape.id], call);
    const placeholderText = argText(text, call.args[shape.placeholder], call);
    const min = integerArg(text, call, shape.min);
    const max = integerArg(text, call, shape.max);
    const select: SelectDraft = {
      type: ComponentType.StringSelect,
      custom_id: id,
      ...(placeholderText.parts.length > 0 ? { placeholder: placeholderText } : {}),
      ...(min !== undefined ? { min_values: min } : {}),
      ...(max !== undefined ? { max_values: max } : {}),
      disabled: false,
      options: [],
      source: { start: call.start, end: call.end },
    };
    const key = literalValue(id);
    if (key !== undefined) selects.set(key.trim(), select);
    top.push({ components: [select as PreviewSelect], source: { start: call.start, end: call.end } });
  };

  const addOption = (call: CallNode): void => {
    const fields: OptionShape = shapeOf(OPTIONS, call.name);
    const { parent, messageId } = shapeOf(COMPONENT_FUNCTIONS, call.name);
    if (messageId !== undefined && given(text, call, messageId))
      return note(msg('preview.note.optionElsewhere', { name: call.name }), call);
    const menu =
      parent === undefined
        ? undefined
        : selects.get(literalValue(argText(text, call.args[parent], call))?.trim() ?? '');
    if (!menu) return note(msg('preview.note.unknownMenu', { name: call.name }), call);
    const description = argText(text, call.args[fields.description], call);
    const emoji = emojiOf(argText(text, call.args[fields.emoji], call));
    menu.options.push({
      label: argText(text, call.args[fields.label], call),
      value: argText(text, call.args[fields.value], call),
      ...(description.parts.length > 0 ? { description } : {}),
      ...(emoji ? { emoji } : {}),
      default: yes(text, call, fields.isDefault),
      source: { start: call.start, end: call.end },
    });
  };

  /** Components V2: each child names its parent by ID; a child without one goes to the top. */
  const addV2 = (call: CallNode): void => {
    componentsV2 = true;
    const source = { start: call.start, end: call.end };
    const idOf = (i: number): string | undefined => literalValue(argText(text, call.args[i], call))?.trim();
    const place = (child: PreviewContainerChild, parentArg: number, accepts: readonly string[]): void => {
      const parentId = parentArg >= 0 ? idOf(parentArg) : undefined;
      if (!parentId) return void top.push(child);
      const parent = v2.get(parentId);
      if (!parent || !accepts.includes(parent.kind))
        return note(msg('preview.note.unknownParent', { name: call.name, id: parentId }), call);
      (parent.node.components as PreviewContainerChild[]).push(child);
    };
    switch (call.name) {
      case '$addContainer': {
        const color = argText(text, call.args[1], call);
        const accent = color.parts.length > 0 ? parseColor(color) : undefined;
        const node: PreviewContainer = {
          type: ComponentType.Container,
          ...(accent !== undefined ? { accent_color: accent } : {}),
          spoiler: yes(text, call, 2),
          components: [],
          source,
        };
        const id = idOf(0);
        if (id) v2.set(id, { kind: 'container', node });
        top.push(node);
        return;
      }
      case '$addSection':
      case '$addActionRow': {
        const section = call.name === '$addSection';
        const node = section
          ? { type: ComponentType.Section, components: [], source }
          : { type: ComponentType.ActionRow, components: [], source };
        const id = idOf(0);
        if (id) v2.set(id, { kind: section ? 'section' : 'row', node: node as never });
        return place(node as PreviewContainerChild, 1, ['container']);
      }
      case '$addTextDisplay':
        return place({ type: ComponentType.TextDisplay, content: argText(text, call.args[0], call), source }, 1, [
          'container',
          'section',
        ]);
      case '$addSeparator':
        return place(
          {
            type: ComponentType.Separator,
            divider: call.args.length === 0 || !given(text, call, 0) || yes(text, call, 0),
            spacing:
              literalValue(argText(text, call.args[1], call))
                ?.trim()
                .toLowerCase() === 'large'
                ? 2
                : 1,
            source,
          },
          2,
          ['container'],
        );
      case '$addMediaGallery': {
        const node = { type: ComponentType.MediaGallery, items: [] as unknown[], source };
        const id = idOf(0);
        if (id) v2.set(id, { kind: 'gallery', node: { components: node.items } });
        return place(node as unknown as PreviewContainerChild, 1, ['container']);
      }
      case '$addMediaGalleryItem': {
        const gallery = v2.get(idOf(3) ?? '');
        if (!gallery || gallery.kind !== 'gallery')
          return note(msg('preview.note.unknownGallery', { name: call.name }), call);
        const description = argText(text, call.args[1], call);
        (gallery.node.components as unknown[]).push({
          media: { url: argText(text, call.args[0], call) },
          ...(description.parts.length > 0 ? { description } : {}),
          spoiler: yes(text, call, 2),
          source,
        });
        return;
      }
      case '$addThumbnail': {
        const section = v2.get(idOf(3) ?? '');
        if (!section || section.kind !== 'section')
          return note(msg('preview.note.unknownSection', { name: call.name }), call);
        const description = argText(text, call.args[1], call);
        (section.node as { accessory?: unknown }).accessory = {
          type: ComponentType.Thumbnail,
          media: { url: argText(text, call.args[0], call) },
          ...(description.parts.length > 0 ? { description } : {}),
          spoiler: yes(text, call, 2),
          source,
        };
        return;
      }
      case '$addButtonCV2': {
        const style =
          STYLES.get(
            literalValue(argText(text, call.args[2], call))
              ?.trim()
              .toLowerCase() ?? '',
          ) ?? ButtonStyle.Secondary;
        const label = argText(text, call.args[1], call);
        const emoji = emojiOf(argText(text, call.args[4], call));
        const button: PreviewButton = {
          type: ComponentType.Button,
          style,
          ...(label.parts.length > 0 ? { label } : {}),
          ...(style === ButtonStyle.Link
            ? { url: argText(text, call.args[0], call) }
            : { custom_id: argText(text, call.args[0], call) }),
          disabled: yes(text, call, 3),
          ...(emoji ? { emoji } : {}),
          source,
        };
        const parent = v2.get(idOf(5) ?? '');
        if (parent?.kind === 'section') (parent.node as { accessory?: unknown }).accessory = button;
        else if (parent?.kind === 'row') (parent.node.components as unknown[]).push(button);
        else note(msg('preview.note.unknownRowOrSection', { name: call.name }), call);
        return;
      }
      case '$addStringSelectOption':
        return addOption(call);
      default: {
        const type = SELECT_TYPES.get(call.name);
        if (type === undefined) return;
        const shape = shapeOf<SelectShape>(SELECTS, call.name);
        const rowArg = shapeOf(COMPONENT_FUNCTIONS, call.name).parent ?? -1;
        const min = integerArg(text, call, shape.min);
        const max = integerArg(text, call, shape.max);
        const placeholderText = argText(text, call.args[shape.placeholder], call);
        const select: SelectDraft = {
          type,
          custom_id: argText(text, call.args[shape.id], call),
          ...(placeholderText.parts.length > 0 ? { placeholder: placeholderText } : {}),
          ...(min !== undefined ? { min_values: min } : {}),
          ...(max !== undefined ? { max_values: max } : {}),
          disabled: shape.disabled !== undefined && yes(text, call, shape.disabled),
          options: [],
          source,
        };
        const id = idOf(shape.id);
        if (id) selects.set(id, select);
        const row = v2.get(idOf(rowArg) ?? '');
        if (row?.kind === 'row') (row.node.components as unknown[]).push(select);
        else note(msg('preview.note.unknownRow', { name: call.name }), call);
      }
    }
  };

  /**
   * `$removeComponent[Custom ID;(Message ID)]`: the buttons and select menus with that custom ID
   * leave their rows (a row left empty goes too), in legacy rows, Components V2 rows and section
   * accessories. An ID known only at run time removes what this preview cannot tell: a note.
   */
  const removeComponent = (call: CallNode): void => {
    if (given(text, call, 1)) return note(msg('preview.note.actsElsewhere', { name: call.name }), call);
    const id = literalValue(argText(text, call.args[0], call))?.trim();
    if (id === undefined || id === '') return note(msg('preview.note.removeAtRunTime', { name: call.name }), call);
    const kept = (c: PreviewButton | PreviewSelect): boolean => literalValue(c.custom_id)?.trim() !== id;
    top = top.flatMap((c): Array<PreviewTopComponent | RowDraft> => {
      if ('type' in c) return [c];
      const components = c.components.filter(kept);
      return components.length > 0 ? [{ ...c, components }] : [];
    });
    for (const { kind, node } of v2.values()) {
      if (kind === 'row') {
        const list = node.components as Array<PreviewButton | PreviewSelect>;
        for (let i = list.length - 1; i >= 0; i--) {
          const item = list[i];
          if (item !== undefined && !kept(item)) list.splice(i, 1);
        }
      } else if (kind === 'section') {
        const section = node as { accessory?: PreviewThumbnail | PreviewButton };
        if (section.accessory?.type === ComponentType.Button && !kept(section.accessory)) delete section.accessory;
      }
    }
  };

  const onCall = (call: CallNode): void => {
    const name = call.name;
    if (addsContent(call)) {
      content.push(placeholder(text, call));
      return;
    }
    if (name === '$stop') {
      stopped = true;
      return;
    }
    if (name === '$ephemeral') {
      ephemeral = true;
      return;
    }
    const setter = EMBED_SETTERS.get(name);
    if (setter) {
      const e = embed(call, setter.index);
      if (!e) return;
      if (setter.field === 'timestamp') {
        e.timestamp = { start: call.start, end: call.end };
        return;
      }
      const value = argText(text, call.args[setter.value], call);
      if (setter.field === 'color') {
        const color = parseColor(value);
        if (color === undefined) note(msg('preview.note.notAColour', { value: plainText(value) }), call);
        else {
          e.color = color;
          e.colorSource = { start: call.start, end: call.end };
        }
        return;
      }
      e[setter.field] = value;
      return;
    }
    if (name === '$addField') {
      const e = embed(call, 3);
      if (e)
        e.fields.push({
          name: argText(text, call.args[0], call),
          value: argText(text, call.args[1], call),
          inline: yes(text, call, 2),
          source: { start: call.start, end: call.end },
        });
      return;
    }
    if (name === '$addButton') return addButton(call);
    if (name === '$newSelectMenu') return addSelect(call);
    if (name === '$addSelectMenuOption') return addOption(call);
    if (name === '$removeButtons' || name === '$removeAllComponents') {
      if (given(text, call, 0)) return note(msg('preview.note.actsElsewhere', { name }), call);
      top = name === '$removeButtons' ? top.filter((c) => 'type' in c) : [];
      return;
    }
    if (name === '$removeComponent') return removeComponent(call);
    if (V2_FUNCTIONS.has(name)) return addV2(call);
    if (SENDERS.has(name)) return note(msg('preview.note.sender', { name }), call);
    if (name === '$useChannel' || name === '$dm') note(msg('preview.note.elsewhere', { name }), call);
    // Everything else here acts and adds nothing (`addsContent` answered above).
  };

  // The content line by line: a line that only calls left blank (`$nomention`, `$title[...]`, a
  // block word, a comment) is not part of the reply; a blank line written as such is.
  let line: TextPart[] = [];
  let lineHadCall = false;
  const flushLine = (): void => {
    const blank = line.every((p) => p.kind === 'text' && p.text.trim() === '');
    if (!(blank && lineHadCall))
      for (const p of line)
        p.kind === 'text' ? pushText(content, p.text, p.source.start, p.source.end) : content.push(p);
    line = [];
    lineHadCall = false;
  };
  const visit = (node: Node): void => {
    // A comment is a function too (`$c`), one that adds nothing: a line of comments and calls
    // that add nothing is not part of the reply.
    if (node.kind === 'call' || node.kind === 'comment') lineHadCall = true;
    if (!(node.kind === 'call' && onBlockCall(node)) && active()) {
      if (node.kind === 'text') pushText(line, text.slice(node.start, node.end), node.start, node.end);
      else if (node.kind === 'escape') pushText(line, node.value, node.start, node.end);
      else if (node.kind === 'call') {
        const before = content.length;
        const target = content;
        onCall(node);
        // Placeholders for values go into the line being read.
        if (target.length > before) line.push(...target.splice(before));
      }
    }
    if (node.kind === 'text' && text.charCodeAt(node.end - 1) === 10) flushLine();
  };

  let read = 0;
  for (const node of parsed.roots()) {
    if (++read % PREVIEW_STEP_NODES === 0) yield;
    if (node.kind === 'call' && node.inTrigger) continue;
    visit(node);
    if (stopped) break;
  }
  flushLine();
  // Blocks still open at the end (or at `$stop`) are offered too.
  for (const frame of frames.reverse()) {
    if (frame.kind === 'if') closeIf(frame);
  }
  branches.sort((a, b) => a.block.start - b.block.start);

  const trimmedContent = trimRich({ parts: content });
  const previewEmbeds: PreviewEmbed[] = [...embeds.values()].sort((a, b) => a.index - b.index).map(finishEmbed);
  const components: PreviewTopComponent[] = top.map((c) =>
    'type' in c
      ? c
      : ({
          type: ComponentType.ActionRow,
          components: c.components,
          ...(c.source ? { source: c.source } : {}),
        } as PreviewActionRow),
  );
  const flags = (ephemeral ? MessageFlags.Ephemeral : 0) | (componentsV2 ? MessageFlags.IsComponentsV2 : 0);
  return { content: trimmedContent, embeds: previewEmbeds, components, ephemeral, flags, branches, notes };
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

// ---------------------------------------------------------------------------------------------
// The plain Discord JSON.

/** The text Discord gets: literal text, placeholders as `{label}`. */
function flat(t: RichText | undefined): string | undefined {
  if (!t) return undefined;
  const s = plainText(t);
  return s === '' ? undefined : s;
}

function set<T extends object>(target: T, key: string, value: unknown): void {
  if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}

/** A component as Discord's JSON (any type), recursively. */
function discordComponent(c: unknown): DiscordComponent {
  const node = c as Record<string, unknown> & { type: number };
  const out: DiscordComponent = { type: node.type };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'source') continue;
    if (key === 'components' || key === 'items') {
      const list = (value as unknown[]).map((child) =>
        key === 'items' ? discordItem(child) : discordComponent(child),
      );
      out[key] = list;
    } else if (key === 'accessory') out.accessory = discordComponent(value);
    else if (key === 'options') out.options = (value as Array<Record<string, unknown>>).map((o) => discordPlain(o));
    else if (key === 'media') out.media = { url: flat((value as { url: RichText }).url) ?? '' };
    else if (isRich(value)) set(out, key, flat(value));
    else if (value !== null) out[key] = value;
  }
  return out;
}

function discordItem(item: unknown): Record<string, unknown> {
  return discordPlain(item as Record<string, unknown>);
}

function isRich(v: unknown): v is RichText {
  return typeof v === 'object' && v !== null && Array.isArray((v as { parts?: unknown }).parts);
}

/** An object with rich texts as plain JSON (options, gallery items). */
function discordPlain(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(o)) {
    if (key === 'source') continue;
    if (key === 'media') out.media = { url: flat((value as { url: RichText }).url) ?? '' };
    else if (isRich(value)) set(out, key, flat(value));
    else out[key] = value;
  }
  return out;
}

/**
 * The reply as the JSON Discord's API takes (pasteable into any message tool): placeholders
 * become `{label}`, empty parts are left out, colours are integers, the timestamp is the time of
 * the preview's `now` (an ISO 8601 string, as Discord wants it).
 */
export function toDiscordMessage(p: PreviewMessage<unknown>, now: Date = new Date(0)): DiscordMessage {
  const out: DiscordMessage = {};
  set(out, 'content', flat(p.content));
  const embeds: DiscordEmbed[] = [];
  for (const e of p.embeds) {
    const d: DiscordEmbed = {};
    set(d, 'title', flat(e.title));
    set(d, 'url', flat(e.url));
    set(d, 'description', flat(e.description));
    if (typeof e.color === 'number') d.color = e.color;
    if (e.timestamp) d.timestamp = now.toISOString();
    const authorName = flat(e.author?.name);
    if (authorName) {
      d.author = { name: authorName };
      set(d.author, 'url', flat(e.author?.url));
      set(d.author, 'icon_url', flat(e.author?.icon_url));
    }
    const footerText = flat(e.footer?.text);
    if (footerText) {
      d.footer = { text: footerText };
      set(d.footer, 'icon_url', flat(e.footer?.icon_url));
    }
    const thumbnail = flat(e.thumbnail?.url);
    if (thumbnail) d.thumbnail = { url: thumbnail };
    const image = flat(e.image?.url);
    if (image) d.image = { url: image };
    if (e.fields.length > 0)
      d.fields = e.fields.map((f) => ({
        name: flat(f.name) ?? '',
        value: flat(f.value) ?? '',
        ...(f.inline ? { inline: true } : {}),
      }));
    if (Object.keys(d).length > 0) embeds.push(d);
  }
  if (embeds.length > 0) out.embeds = embeds;
  if (p.components.length > 0) out.components = p.components.map(discordComponent);
  if (p.flags !== 0) out.flags = p.flags;
  return out;
}
