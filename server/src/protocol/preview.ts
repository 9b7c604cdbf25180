// The message model's types, shared by the server and its clients: what a command's reply is, as Discord's own message object.
//
// Two views of one reply:
// - `PreviewMessage` keeps, for every text, the parts it is made of (literal text, and
//   placeholders for what only the running bot knows) and where in the document each part came
//   from, so that a renderer can draw placeholders as chips and reveal a part's call on a click;
// - `DiscordMessage` is the plain JSON Discord's API takes (field names and numbers of Discord's
//   API documentation, "Message" and "Embed" objects, "Message Components" and "Components V2"),
//   so that it can be pasted into any Discord message tool. `toDiscordMessage` (model.ts) turns
//   the first into the second; a placeholder becomes its label in braces, e.g. `{$username}`.
//
// Offsets are UTF-16 offsets into the document text.

/** Where a part of the message came from: the call (or text) that produced it. */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
}

/** Literal text, escapes already decoded (what Discord receives). */
export interface LiteralPart {
  readonly kind: 'text';
  readonly text: string;
  readonly source: SourceSpan;
}

/** A value known only when the command runs: `$username`, `$getVar[...]`, `$random[...]`. */
export interface PlaceholderPart {
  readonly kind: 'placeholder';
  /** What the chip shows: the call as written, shortened (e.g. `$username`, `$getVar[coins]`). */
  readonly label: string;
  readonly source: SourceSpan;
}

export type TextPart = LiteralPart | PlaceholderPart;

/** A text as the message model sees it. An empty `parts` is an empty string. */
export interface RichText {
  readonly parts: readonly TextPart[];
  /** The call that set this text (for a click that reveals it), when one did. */
  readonly source?: SourceSpan;
}

export interface PreviewEmbedField {
  readonly name: RichText;
  readonly value: RichText;
  readonly inline: boolean;
  readonly source: SourceSpan;
}

export interface PreviewEmbed {
  /** BDFD's `(Index)`, 1-based; Discord's order follows it. */
  readonly index: number;
  readonly title?: RichText;
  readonly url?: RichText;
  readonly description?: RichText;
  /** Discord's integer colour (0xRRGGBB); `null` when the colour is known only at run time. */
  readonly color?: number | null;
  readonly colorSource?: SourceSpan;
  readonly author?: { readonly name: RichText; readonly url?: RichText; readonly icon_url?: RichText };
  readonly footer?: { readonly text: RichText; readonly icon_url?: RichText };
  readonly thumbnail?: { readonly url: RichText };
  readonly image?: { readonly url: RichText };
  readonly fields: readonly PreviewEmbedField[];
  /** `$addTimestamp`: the time the message is sent. */
  readonly timestamp?: SourceSpan;
}

/** Discord's component type numbers. */
export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
} as const;

/** Discord's button styles. */
export const ButtonStyle = { Primary: 1, Secondary: 2, Success: 3, Danger: 4, Link: 5, Premium: 6 } as const;

/** Discord's message flags used here. */
export const MessageFlags = { Ephemeral: 1 << 6, IsComponentsV2: 1 << 15 } as const;

export interface PreviewEmoji {
  /** A unicode emoji, or a custom emoji's name. */
  readonly name: string;
  readonly id?: string;
  readonly animated?: boolean;
}

export interface PreviewButton {
  readonly type: typeof ComponentType.Button;
  readonly style: number;
  readonly label?: RichText;
  readonly custom_id?: RichText;
  readonly url?: RichText;
  readonly disabled: boolean;
  readonly emoji?: PreviewEmoji;
  readonly source: SourceSpan;
}

export interface PreviewSelectOption {
  readonly label: RichText;
  readonly value: RichText;
  readonly description?: RichText;
  readonly emoji?: PreviewEmoji;
  readonly default: boolean;
  readonly source: SourceSpan;
}

export interface PreviewSelect {
  /** StringSelect, UserSelect, RoleSelect, MentionableSelect or ChannelSelect. */
  readonly type: 3 | 5 | 6 | 7 | 8;
  readonly custom_id: RichText;
  readonly placeholder?: RichText;
  readonly min_values?: number;
  readonly max_values?: number;
  readonly disabled: boolean;
  readonly options: readonly PreviewSelectOption[];
  readonly source: SourceSpan;
}

export interface PreviewActionRow {
  readonly type: typeof ComponentType.ActionRow;
  readonly components: ReadonlyArray<PreviewButton | PreviewSelect>;
  readonly source?: SourceSpan;
}

export interface PreviewTextDisplay {
  readonly type: typeof ComponentType.TextDisplay;
  readonly content: RichText;
  readonly source: SourceSpan;
}

export interface PreviewThumbnail {
  readonly type: typeof ComponentType.Thumbnail;
  readonly media: { readonly url: RichText };
  readonly description?: RichText;
  readonly spoiler: boolean;
  readonly source: SourceSpan;
}

export interface PreviewSection {
  readonly type: typeof ComponentType.Section;
  readonly components: readonly PreviewTextDisplay[];
  readonly accessory?: PreviewThumbnail | PreviewButton;
  readonly source: SourceSpan;
}

export interface PreviewMediaGallery {
  readonly type: typeof ComponentType.MediaGallery;
  readonly items: ReadonlyArray<{
    readonly media: { readonly url: RichText };
    readonly description?: RichText;
    readonly spoiler: boolean;
    readonly source: SourceSpan;
  }>;
  readonly source: SourceSpan;
}

export interface PreviewSeparator {
  readonly type: typeof ComponentType.Separator;
  readonly divider: boolean;
  /** 1 small, 2 large. */
  readonly spacing: number;
  readonly source: SourceSpan;
}

export type PreviewContainerChild =
  PreviewActionRow | PreviewTextDisplay | PreviewSection | PreviewMediaGallery | PreviewSeparator;

export interface PreviewContainer {
  readonly type: typeof ComponentType.Container;
  /** Integer colour, `null` when known only at run time. */
  readonly accent_color?: number | null;
  readonly spoiler: boolean;
  readonly components: readonly PreviewContainerChild[];
  readonly source: SourceSpan;
}

export type PreviewTopComponent =
  PreviewActionRow | PreviewContainer | PreviewTextDisplay | PreviewSection | PreviewMediaGallery | PreviewSeparator;

/**
 * Every component a preview message holds, at any depth: what a switch over `type` handles (ESLint
 * checks that each switch over it in the preview names every member).
 */
export type PreviewComponent = PreviewTopComponent | PreviewButton | PreviewSelect | PreviewThumbnail;

/**
 * One `$if`/`$elseif`/`$else` choice the preview made, so a UI can offer the others. `L` is the
 * type of the preview's own words (here the label of an `$else` branch or of "none of them"):
 * what a client receives is a string in the user's language; the core builds it as a message
 * (core/l10n's `Text`) that is rendered in that language when it leaves the server.
 */
export interface BranchChoice<L = string> {
  /** The `$if` call's span (identifies the block). */
  readonly block: SourceSpan;
  /** The branches, in order, as their condition text or the label of an `$else` branch. */
  readonly branches: readonly L[];
  /** Which one the preview followed. */
  readonly chosen: number;
}

/** A note about what the preview cannot show exactly (e.g. a reply that goes to another channel). */
export interface PreviewNote<L = string> {
  readonly message: L;
  readonly source?: SourceSpan;
}

/** The reply a command sends, as the model sees it (`L`: the type of its own words, see `BranchChoice`). */
export interface PreviewMessage<L = string> {
  readonly content: RichText;
  readonly embeds: readonly PreviewEmbed[];
  readonly components: readonly PreviewTopComponent[];
  readonly ephemeral: boolean;
  /** Discord's message flags (Ephemeral, IsComponentsV2). */
  readonly flags: number;
  readonly branches: readonly BranchChoice<L>[];
  readonly notes: readonly PreviewNote<L>[];
}

// ---- The plain Discord JSON ---------------------------------------------------------------

export interface DiscordEmbed {
  title?: string;
  url?: string;
  description?: string;
  color?: number;
  timestamp?: string;
  author?: { name: string; url?: string; icon_url?: string };
  footer?: { text: string; icon_url?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
}

/** A Discord component object (any type), as plain JSON. */
export interface DiscordComponent {
  type: number;
  [key: string]: unknown;
}

export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  components?: DiscordComponent[];
  flags?: number;
}
