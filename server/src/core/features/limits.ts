// Discord's limits on messages and components, in one table: every number the rules use, each
// with the page of Discord's API documentation that states it. The numbers are facts from the
// public `discord/discord-api-docs` repository (read at commit c98d64bc233833839cf0d8d369e81b77f21ade60,
// 2026-08-06); BDFD's own wiki repeats the button ones (`bdscript/addButton.md`: "a maximum of
// 25 buttons (5 rows of 5 buttons)", no duplicated IDs in one message). Rules, previews and
// later checks (select menus, modals, embeds) take their numbers from here and nowhere else.

/** Where a limit is documented. */
export interface LimitSource {
  /** The file in discord/discord-api-docs. */
  readonly page: string;
  /** The section of that page. */
  readonly section: string;
}

export interface Limit {
  readonly value: number;
  readonly source: LimitSource;
}

const COMPONENTS: LimitSource['page'] = 'developers/components/reference.mdx';
const MESSAGES: LimitSource['page'] = 'developers/resources/message.mdx';

export const DISCORD_LIMITS = {
  /** "Message contents (up to 2000 characters)". */
  messageContent: { value: 2000, source: { page: MESSAGES, section: 'Create Message, JSON/Form Params: content' } },
  /** "Legacy messages allow up to 5 action rows as top-level components". */
  legacyActionRows: { value: 5, source: { page: COMPONENTS, section: 'Legacy Message Component Behavior' } },
  /** "Up to 5 interactive button components or a single select component". */
  buttonsPerActionRow: { value: 5, source: { page: COMPONENTS, section: 'Action Row' } },
  /** The same sentence: a select menu fills its action row alone. */
  selectsPerActionRow: { value: 1, source: { page: COMPONENTS, section: 'Action Row' } },
  /** IS_COMPONENTS_V2: "Messages allow up to 40 total components" (nested ones count). */
  componentsV2Total: { value: 40, source: { page: COMPONENTS, section: 'Component Reference (introduction)' } },
  // Containers have no child limit of their own: "There is no longer a limit on the number of
  // components in a Container Component (previously it was 10)" (developers/change-log.mdx, the
  // entry that raised the message total to 40); the total above bounds them.
  /** Section: "One to three child components". */
  sectionChildren: { value: 3, source: { page: COMPONENTS, section: 'Section' } },
  /** Media Gallery: "1 to 10 media gallery items". */
  mediaGalleryItems: { value: 10, source: { page: COMPONENTS, section: 'Media Gallery' } },
  /** String Select `options`: "max 25". */
  selectOptions: { value: 25, source: { page: COMPONENTS, section: 'String Select' } },
  /** Select `min_values`: "min 0 ..., max 25"; `max_values`: "max 25". */
  selectValues: { value: 25, source: { page: COMPONENTS, section: 'String Select' } },
  /** Select `placeholder`: "max 150 characters". */
  selectPlaceholder: { value: 150, source: { page: COMPONENTS, section: 'String Select' } },
  /** Select option `label`, `value` and `description`: "max 100 characters" each. */
  selectOptionText: { value: 100, source: { page: COMPONENTS, section: 'String Select, Select Option Structure' } },
  /** `custom_id`: "Developer-defined identifier, 1-100 characters", unique within one message. */
  customId: { value: 100, source: { page: COMPONENTS, section: 'Custom ID' } },
  /** Button `label`: "max 80 characters". */
  buttonLabel: { value: 80, source: { page: COMPONENTS, section: 'Button' } },
  /** Button `url`: "max 512 characters". */
  buttonUrl: { value: 512, source: { page: COMPONENTS, section: 'Button' } },
  /** Text Input `min_length`: "min 0, max 4000"; `max_length`: "min 1, max 4000"; `value`: "max 4000 characters". */
  textInputLength: { value: 4000, source: { page: COMPONENTS, section: 'Text Input' } },
  /** Text Input `placeholder`: "max 100 characters". */
  textInputPlaceholder: { value: 100, source: { page: COMPONENTS, section: 'Text Input' } },
  /** Media item `description` (alt text): "max 1024 characters". */
  mediaDescription: { value: 1024, source: { page: COMPONENTS, section: 'Media Gallery, Thumbnail' } },

  // Embeds (`embed-limit`, and the message preview): "Embed Limits" of the message page. "All of
  // the following limits are measured inclusively. Leading and trailing whitespace characters are
  // not included (they are trimmed automatically)."
  /** Message `embeds`: "Up to 10 rich embeds (up to 6000 characters)". */
  embedsPerMessage: { value: 10, source: { page: MESSAGES, section: 'Create Message, JSON/Form Params: embeds' } },
  /** Embed `title`: "256 characters". */
  embedTitle: { value: 256, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** Embed `description`: "4096 characters". */
  embedDescription: { value: 4096, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** Embed `fields`: "Up to 25 field objects". */
  embedFields: { value: 25, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** `field.name`: "256 characters". */
  embedFieldName: { value: 256, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** `field.value`: "1024 characters". */
  embedFieldValue: { value: 1024, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** `footer.text`: "2048 characters". */
  embedFooter: { value: 2048, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** `author.name`: "256 characters". */
  embedAuthor: { value: 256, source: { page: MESSAGES, section: 'Embed Limits' } },
  /** "the combined sum of characters in all title, description, field.name, field.value, footer.text, and author.name fields across all embeds attached to a message must not exceed 6000 characters". */
  embedsTotal: { value: 6000, source: { page: MESSAGES, section: 'Embed Limits' } },

  // Select menus and modals (the rules `select-menu-limit` and `modal-limit`). They also use
  // `selectValues`, `selectPlaceholder`, `selectOptionText`, `customId`, `textInputLength` and
  // `textInputPlaceholder` above; these are the lower bounds and the modal's own numbers.
  /** Select `min_values`: "min 0". */
  selectMinValuesLow: { value: 0, source: { page: COMPONENTS, section: 'String Select' } },
  /** Text Input `min_length`: "min 0". */
  textInputMinLengthLow: { value: 0, source: { page: COMPONENTS, section: 'Text Input' } },
  /** Text Input `max_length`: "min 1". */
  textInputMaxLengthLow: { value: 1, source: { page: COMPONENTS, section: 'Text Input' } },
  /** Label `label` (what `$addTextInput`'s Label becomes): "max 45 characters". */
  textInputLabel: { value: 45, source: { page: COMPONENTS, section: 'Label' } },
  // The modal itself is an interaction response (developers/interactions/receiving-and-responding.mdx).
  /** Modal `title`: "max 45 characters". */
  modalTitle: {
    value: 45,
    source: {
      page: 'developers/interactions/receiving-and-responding.mdx',
      section: 'Interaction Response Object, Modal',
    },
  },
  /** Modal `components`: "Between 1 and 5 (inclusive)" (one per text input). */
  modalComponents: {
    value: 5,
    source: {
      page: 'developers/interactions/receiving-and-responding.mdx',
      section: 'Interaction Response Object, Modal',
    },
  },
} as const satisfies Record<string, Limit>;

export type DiscordLimit = keyof typeof DISCORD_LIMITS;

/** A limit's number. */
export function limit(name: DiscordLimit): number {
  return DISCORD_LIMITS[name].value;
}
