// The shapes of the functions that build or name a part of a message: for each, which argument
// holds what (its content, embed index, custom ID, URL, label, style, emoji, parent ID, Message
// ID, ...), with the name the catalog gives that argument and the cap Discord puts on its text.
// The rules (components.ts, menus.ts, parents.ts, textCaps.ts, embeds.ts, messages.ts), the
// message preview, completion of component IDs and hover read argument positions from here and
// from nowhere else; a test holds each row against the catalog's argument names, so a catalog
// that moves an argument fails a test instead of shifting what the preview shows.

import type { DiscordLimit } from './limits';

/** What an argument holds. */
export type Slot =
  /** Text that becomes a part of the message: an embed's title, description, footer or author, a text display, a sent message. */
  | 'text'
  /** The `(Index)` of the embed a call builds (1 when left out). */
  | 'embedIndex'
  /** The ID the call gives: a custom ID, or the ID its children name as their parent. */
  | 'id'
  /** A button's "Button ID/URL": a custom ID, or a URL for a link button. */
  | 'idOrUrl'
  /** A URL (an embed's link, an image, an icon, a media item). */
  | 'url'
  | 'label'
  | 'style'
  | 'emoji'
  | 'disabled'
  /** The ID of the parent the call adds its part to (a menu, container, section, row, gallery or select). */
  | 'parent'
  /** An ID that names a component made elsewhere (`$removeComponent`, `$input`, ...). */
  | 'ref'
  /** A Message ID: the call acts on another message, not the reply. */
  | 'messageId'
  /** `$addButton`'s "New row". */
  | 'newRow'
  | 'min'
  | 'max'
  | 'placeholder'
  /** An option's or a text input's value. */
  | 'value'
  | 'description'
  /** Whether an option is selected by default. */
  | 'default'
  /** A field's or modal's name/title. */
  | 'name'
  | 'title'
  | 'inline'
  | 'color'
  | 'spoiler'
  | 'divider'
  | 'spacing'
  | 'minLength'
  | 'maxLength'
  | 'required'
  /** An argument no reader of this table uses. */
  | 'other';

/** What a function does to a message. */
export type PartRole =
  | 'button'
  | 'selectMenu'
  | 'selectOption'
  | 'modal'
  | 'textInput'
  | 'container'
  | 'section'
  | 'textDisplay'
  | 'thumbnail'
  | 'buttonV2'
  | 'actionRow'
  | 'gallery'
  | 'galleryItem'
  | 'separator'
  | 'selectV2'
  | 'selectOptionV2'
  | 'embed'
  | 'reset'
  | 'editButton'
  | 'editSelectMenu'
  | 'editSelectOption'
  /** Names a component made elsewhere without changing a message (`$input`, `$onInteraction`). */
  | 'reference'
  /** Sends (or edits) a message of its own with its text. */
  | 'sender';

/** What an ID names. */
export type IdKind = 'custom' | 'menu' | 'select' | 'modal' | 'input' | 'container' | 'section' | 'row' | 'gallery';

/** The part of an embed an embed function sets. */
export type EmbedField =
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
  | 'field'
  | 'timestamp';

/** One argument: what it holds, the catalog's name for it, Discord's cap on its text, the IDs it names. */
export interface ArgShape {
  readonly slot: Slot;
  readonly name: string;
  readonly cap?: DiscordLimit;
  /** For `parent` and `ref`: the kinds of ID it may name. */
  readonly refers?: readonly IdKind[];
}

export interface FunctionShape {
  readonly role: PartRole;
  /** For an embed function: the part of the embed it sets. */
  readonly embed?: EmbedField;
  /** Every argument of the bracketed form, in order, as the catalog names them. */
  readonly args: readonly ArgShape[];
}

/** A function's shape with each slot's argument index, read by name. */
export interface Shape extends FunctionShape {
  readonly name: string;
  /** The index of the argument that holds `slot` (the first, when several do), or undefined. */
  at(slot: Slot): number | undefined;
}

// Shorthands for the table below; the catalog's argument names are facts of its signatures.
const a = (slot: Slot, name: string, cap?: DiscordLimit): ArgShape => (cap ? { slot, name, cap } : { slot, name });
const parent = (name: string, ...refers: IdKind[]): ArgShape => ({ slot: 'parent', name, refers });
const ref = (name: string, ...refers: IdKind[]): ArgShape => ({ slot: 'ref', name, refers });
const index = a('embedIndex', 'Index');
const messageId = a('messageId', 'Message ID');
const other = (name: string): ArgShape => a('other', name);

const embed = (field: EmbedField, ...args: ArgShape[]): FunctionShape => ({ role: 'embed', embed: field, args });

const v2Select: readonly ArgShape[] = [
  a('id', 'Select Menu ID', 'customId'),
  a('placeholder', 'Placeholder', 'selectPlaceholder'),
  a('min', 'Min Values'),
  a('max', 'Max Values'),
  a('disabled', 'Disabled'),
  parent('Action Row ID', 'row'),
];
const legacySelect = (id: ArgShape): readonly ArgShape[] => [
  id,
  a('min', 'Min'),
  a('max', 'Max'),
  a('placeholder', 'Placeholder', 'selectPlaceholder'),
  messageId,
];
const legacyOption: readonly ArgShape[] = [
  parent('Menu option ID', 'menu'),
  a('label', 'Label', 'selectOptionText'),
  a('value', 'Value', 'selectOptionText'),
  a('description', 'Description', 'selectOptionText'),
  a('default', 'Default'),
  a('emoji', 'Emoji'),
  messageId,
];

/**
 * The table. Argument names and order are the catalog's (the bundled snapshot; checked by
 * test/core/shapes.test.ts); the caps are Discord's (limits.ts).
 */
const TABLE: ReadonlyArray<readonly [string, FunctionShape]> = [
  // Classic components.
  [
    '$addButton',
    {
      role: 'button',
      args: [
        a('newRow', 'New row'),
        a('idOrUrl', 'Button ID/URL', 'customId'),
        a('label', 'Label', 'buttonLabel'),
        a('style', 'Style'),
        a('disabled', 'Disabled'),
        a('emoji', 'Emoji'),
        messageId,
      ],
    },
  ],
  [
    '$editButton',
    {
      role: 'editButton',
      args: [
        { ...a('idOrUrl', 'Button ID/URL', 'customId'), refers: ['custom'] },
        a('label', 'Label', 'buttonLabel'),
        a('style', 'Style'),
        a('disabled', 'Disabled'),
        a('emoji', 'Emoji'),
        messageId,
      ],
    },
  ],
  ['$newSelectMenu', { role: 'selectMenu', args: legacySelect(a('id', 'Menu ID', 'customId')) }],
  [
    '$editSelectMenu',
    { role: 'editSelectMenu', args: legacySelect({ ...a('id', 'Menu ID', 'customId'), refers: ['menu'] }) },
  ],
  ['$addSelectMenuOption', { role: 'selectOption', args: legacyOption }],
  ['$editSelectMenuOption', { role: 'editSelectOption', args: legacyOption }],
  ['$newModal', { role: 'modal', args: [a('id', 'Modal ID', 'customId'), a('title', 'Title', 'modalTitle')] }],
  [
    '$addTextInput',
    {
      role: 'textInput',
      args: [
        a('id', 'Text Input ID', 'customId'),
        a('style', 'Style'),
        a('label', 'Label', 'textInputLabel'),
        a('minLength', 'Minimum length'),
        a('maxLength', 'Maximum length'),
        a('required', 'Required'),
        a('value', 'Value', 'textInputLength'),
        a('placeholder', 'Placeholder', 'textInputPlaceholder'),
      ],
    },
  ],
  ['$input', { role: 'reference', args: [ref('Text Input ID', 'input')] }],
  ['$onInteraction', { role: 'reference', args: [ref('Interaction ID', 'custom', 'menu', 'select', 'modal')] }],
  // What empties the reply's components (with a Message ID, another message's).
  ['$removeButtons', { role: 'reset', args: [messageId] }],
  ['$removeAllComponents', { role: 'reset', args: [messageId] }],
  ['$removeComponent', { role: 'reset', args: [ref('Custom ID', 'custom', 'menu', 'select'), messageId] }],
  // Components V2.
  ['$addContainer', { role: 'container', args: [a('id', 'ID'), a('color', 'Color'), a('spoiler', 'Spoiler')] }],
  ['$addSection', { role: 'section', args: [a('id', 'ID'), parent('Container ID', 'container')] }],
  [
    '$addTextDisplay',
    { role: 'textDisplay', args: [a('text', 'Content'), parent('Container/Section ID', 'container', 'section')] },
  ],
  [
    '$addThumbnail',
    {
      role: 'thumbnail',
      args: [
        a('url', 'Image URL'),
        a('description', 'Image description', 'mediaDescription'),
        a('spoiler', 'Spoiler'),
        parent('Section ID', 'section'),
      ],
    },
  ],
  [
    '$addButtonCV2',
    {
      role: 'buttonV2',
      args: [
        a('idOrUrl', 'Button ID/URL', 'customId'),
        a('label', 'Label', 'buttonLabel'),
        a('style', 'Style'),
        a('disabled', 'Disabled'),
        a('emoji', 'Emoji'),
        parent('Action row ID / Section ID', 'row', 'section'),
      ],
    },
  ],
  ['$addActionRow', { role: 'actionRow', args: [a('id', 'ID'), parent('Container ID', 'container')] }],
  ['$addMediaGallery', { role: 'gallery', args: [a('id', 'ID'), parent('Container ID', 'container')] }],
  [
    '$addMediaGalleryItem',
    {
      role: 'galleryItem',
      args: [
        a('url', 'Media URL'),
        a('description', 'Description', 'mediaDescription'),
        a('spoiler', 'Spoiler'),
        parent('Gallery ID', 'gallery'),
      ],
    },
  ],
  [
    '$addSeparator',
    {
      role: 'separator',
      args: [a('divider', 'Divider'), a('spacing', 'Spacing'), parent('Container ID', 'container')],
    },
  ],
  ['$addStringSelect', { role: 'selectV2', args: v2Select }],
  ['$addUserSelect', { role: 'selectV2', args: v2Select }],
  ['$addRoleSelect', { role: 'selectV2', args: v2Select }],
  ['$addMentionableSelect', { role: 'selectV2', args: v2Select }],
  ['$addChannelSelect', { role: 'selectV2', args: [...v2Select, other('Channel Types')] }],
  [
    '$addStringSelectOption',
    {
      role: 'selectOptionV2',
      args: [
        a('label', 'Label', 'selectOptionText'),
        a('value', 'Value', 'selectOptionText'),
        a('description', 'Description', 'selectOptionText'),
        a('emoji', 'Emoji'),
        a('default', 'Default'),
        parent('Select Menu ID', 'select'),
      ],
    },
  ],
  // Embeds: each sets one part of the embed its `(Index)` names.
  ['$title', embed('title', a('text', 'Title', 'embedTitle'), index)],
  ['$description', embed('description', a('text', 'Message', 'embedDescription'), index)],
  ['$color', embed('color', a('color', 'Color'), index)],
  ['$footer', embed('footer', a('text', 'Text', 'embedFooter'), index)],
  ['$footerIcon', embed('footerIcon', a('url', 'Icon url'), index)],
  ['$author', embed('author', a('text', 'Text', 'embedAuthor'), index)],
  ['$authorIcon', embed('authorIcon', a('url', 'Image url'), index)],
  ['$authorURL', embed('authorURL', a('url', 'Url'), index)],
  ['$image', embed('image', a('url', 'Image url'), index)],
  ['$thumbnail', embed('thumbnail', a('url', 'Image url'), index)],
  ['$embeddedURL', embed('url', a('url', 'Url'), index)],
  [
    '$addField',
    embed(
      'field',
      a('name', 'Name', 'embedFieldName'),
      a('value', 'Value', 'embedFieldValue'),
      a('inline', 'Inline'),
      index,
    ),
  ],
  ['$addTimestamp', embed('timestamp', index)],
  // Senders: their text is a message of its own.
  ['$sendMessage', { role: 'sender', args: [a('text', 'Message', 'messageContent'), other('Return ID')] }],
  ['$channelSendMessage', { role: 'sender', args: [other('Channel ID'), a('text', 'Message', 'messageContent')] }],
  ['$repeatMessage', { role: 'sender', args: [other('Amount'), a('text', 'Message', 'messageContent')] }],
  ['$editIn', { role: 'sender', args: [other('Time'), a('text', 'New message', 'messageContent')] }],
  [
    '$editMessage',
    {
      role: 'sender',
      args: [
        other('Channel ID'),
        messageId,
        a('text', 'Content', 'messageContent'),
        other('Title'),
        other('Description'),
        other('Color'),
        other('Footer'),
      ],
    },
  ],
  [
    '$sendEmbedMessage',
    {
      role: 'sender',
      args: [
        other('Channel ID'),
        a('text', 'Content', 'messageContent'),
        ...[
          'Title',
          'Title URL',
          'Description',
          'Color',
          'Author',
          'Author icon',
          'Footer',
          'Footer icon',
          'Thumbnail',
          'Image',
          'Add timestamp',
          'Return ID',
        ].map(other),
      ],
    },
  ],
  [
    '$webhookSend',
    {
      role: 'sender',
      args: [
        other('Webhook url'),
        a('text', 'Content', 'messageContent'),
        ...[
          'Title',
          'Title URL',
          'Description',
          'Color',
          'Author',
          'Author Icon',
          'Footer',
          'Footer Icon',
          'Thumbnail',
          'Image',
          'Add Timestamp',
        ].map(other),
      ],
    },
  ],
  ['$webhookContent', { role: 'sender', args: [other('Webhook url'), a('text', 'Text', 'messageContent')] }],
];

function makeShape(name: string, shape: FunctionShape): Shape {
  // A plain record, not a Map: the preview reads several slots of every builder call.
  const bySlot: Partial<Record<Slot, number>> = {};
  shape.args.forEach((arg, i) => {
    bySlot[arg.slot] ??= i;
  });
  return { ...shape, name, at: (slot) => bySlot[slot] };
}

/** Every shape, by function name (as the catalog spells it). */
export const SHAPES: ReadonlyMap<string, Shape> = new Map(TABLE.map(([name, shape]) => [name, makeShape(name, shape)]));

/** The shape of a function, when it builds or names a part of a message. */
export function shapeOf(name: string): Shape | undefined {
  return SHAPES.get(name);
}

/** The index of the argument of `name` that holds `slot`, when it has one. */
export function argAt(name: string, slot: Slot): number | undefined {
  return SHAPES.get(name)?.at(slot);
}

/** The functions of one role, in the table's order. */
export function shapesOf(...roles: PartRole[]): Shape[] {
  return [...SHAPES.values()].filter((s) => roles.includes(s.role));
}

/**
 * How a text is measured against its cap, decided once for every cap: BDFD trims the blanks
 * around an argument before it sends it, and Discord counts characters, where a character
 * outside the Basic Multilingual Plane (most emoji) is one, not two UTF-16 code units. So a
 * select menu's custom ID and a button's are counted alike.
 */
export function capCount(value: string): number {
  const s = value.trim();
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // The second half of a surrogate pair is not counted again.
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const before = s.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) continue;
    }
    n++;
  }
  return n;
}
