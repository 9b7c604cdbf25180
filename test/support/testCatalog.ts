// A small hand-written catalog for tests, in the API's own JSON shape and decoded through the
// real decoder, plus the committed bundled snapshot decoded once. Signatures, types, flags and
// other facts follow the real catalog; the descriptions are this project's own short words.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts, decodeSnapshot, type CatalogParts } from '../../server/src/core/catalog/decode';
import type { CatalogData, CatalogProblem } from '../../server/src/core/catalog/model';

/** Arguments written as the live API writes them (`repeatable`, spaced compound types). */
const arg = (
  name: string,
  type: string,
  flags: { required?: boolean; empty?: boolean; repeatable?: boolean; enumData?: string[] } = {},
) => ({
  name,
  type,
  required: flags.required ?? true,
  ...(flags.empty ? { empty: true } : {}),
  ...(flags.repeatable ? { repeatable: true } : {}),
  ...(flags.enumData ? { enumData: flags.enumData } : {}),
});

const fn = (
  tag: string,
  shortDescription: string,
  args: unknown[] | null,
  extra: { intents?: number; premium?: boolean; deprecated?: boolean; deprecatedFor?: string; wiki?: string } = {},
) => ({
  tag,
  shortDescription,
  longDescription: '',
  arguments: args,
  intents: extra.intents ?? 0,
  premium: extra.premium ?? false,
  ...(extra.deprecated ? { deprecated: true } : {}),
  ...(extra.deprecatedFor ? { deprecatedFor: extra.deprecatedFor } : {}),
  ...(extra.wiki ? { wiki: extra.wiki } : {}),
  color: 0,
});

function parts(): CatalogParts {
  const function_list = [
    // Both forms of one name.
    fn('$random', 'A random whole number from 0 to 9.', null),
    fn('$random[Min;Max]', 'A random number between two bounds.', [
      arg('Min', 'Integer | Float'),
      arg('Max', 'Float | Integer'),
    ]),
    // Flags: Required (New row), Emptiable (Label), Vacantable (Disabled); Enum, Bool, URL, Emoji, Snowflake.
    fn(
      '$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]',
      'Adds a button to the reply.',
      [
        arg('New row', 'Bool'),
        arg('Button ID/URL', 'URL | String'),
        arg('Label', 'String', { empty: true }),
        arg('Style', 'Enum', { enumData: ['primary', 'secondary', 'success', 'danger', 'link'] }),
        arg('Disabled', 'Bool', { required: false, empty: true }),
        arg('Emoji', 'Emoji', { required: false, empty: true }),
        arg('Message ID', 'Snowflake', { required: false, empty: true }),
      ],
      { wiki: 'bdscript/addButton.md' },
    ),
    // Optional (Index): required false, not emptiable.
    fn('$title[Title;(Index)]', 'Sets the title of an embed.', [
      arg('Title', 'String', { empty: true }),
      arg('Index', 'Integer', { required: false }),
    ]),
    fn('$description[Message;(Index)]', 'Sets the text of an embed.', [
      arg('Message', 'String', { empty: true }),
      arg('Index', 'Integer', { required: false }),
    ]),
    fn('$color[Color;(Index)]', 'Sets the side colour of an embed.', [
      arg('Color', 'Color', { empty: true }),
      arg('Index', 'Integer', { required: false }),
    ]),
    fn('$image[Image url;(Index)]', 'Puts an image in an embed.', [
      arg('Image url', 'URL', { empty: true }),
      arg('Index', 'Integer', { required: false }),
    ]),
    fn('$round[Number;(Decimal place)]', 'Rounds a number.', [
      arg('Number', 'Float'),
      arg('Decimal place', 'Integer', { required: false, empty: true }),
    ]),
    fn('$cooldown[Duration;Error message]', 'Limits how often one user can run the command.', [
      arg('Duration', 'Duration'),
      arg('Error message', 'String', { empty: true }),
    ]),
    fn('$argsCheck[Argument count;Error message]', 'Checks how many arguments the user gave.', [
      arg('Argument count', 'HowMany'),
      arg('Error message', 'String', { empty: true }),
    ]),
    // Repeatable in the middle.
    fn('$onlyPerms[Permission;...;Error message]', 'Lets only users with the given permissions run the command.', [
      arg('Permission', 'Permission', { empty: true, repeatable: true }),
      arg('Error message', 'String', { empty: true }),
    ]),
    fn('$jsonSet[Key;...;Value]', 'Sets a value at a key path of the current JSON object.', [
      arg('Key', 'String', { repeatable: true }),
      arg('Value', 'Integer | String | Bool | Float'),
    ]),
    // Repeatable tail.
    fn('$addReactions[Emoji;...]', 'Reacts to the reply with emoji.', [arg('Emoji', 'Emoji', { repeatable: true })]),
    fn('$randomText[Text;...]', 'Picks one of the given texts at random.', [
      arg('Text', 'String', { empty: true, repeatable: true }),
    ]),
    // A repeatable tuple; premium.
    fn(
      '$awaitReactions[<Command name;Reaction>;...]',
      'Waits for reactions and runs an awaited command for each.',
      [
        {
          name: '',
          type: 'Tuple',
          required: true,
          tupleTypes: [arg('Command name', 'String'), arg('Reaction', 'Emoji')],
          repeatable: true,
        },
      ],
      { premium: true },
    ),
    // Deprecation.
    fn('$channelIDFromName[Channel name]', 'Finds a channel ID by its name.', [arg('Channel name', 'String')], {
      deprecated: true,
      deprecatedFor: 'channelID',
    }),
    fn('$channelID', 'The ID of the current channel.', null),
    fn('$channelID[Channel name]', 'The ID of the channel with the given name.', [arg('Channel name', 'String')]),
    // Intents.
    fn(
      '$userJoined[User ID;(Format)]',
      'When a member joined the server.',
      [arg('User ID', 'Snowflake'), arg('Format', 'String', { required: false })],
      {
        intents: 2,
      },
    ),
    fn('$getUserStatus[User ID]', 'The status of a user.', [arg('User ID', 'Snowflake')], { intents: 256 }),
    // Blocks.
    fn('$if[Condition]', 'Starts a conditional block.', [arg('Condition', 'String')]),
    fn('$elseif[Condition]', 'Adds another condition to a conditional block.', [arg('Condition', 'String')]),
    fn('$else', 'Starts the branch taken when no condition held.', null),
    fn('$endif', 'Ends a conditional block.', null),
    fn('$try', 'Starts a block whose errors are caught.', null),
    fn('$catch', 'Starts the block that runs when the try block failed.', null),
    fn('$endtry', 'Ends a try block.', null),
    fn('$error[Type]', 'A detail of the caught error.', [
      arg('Type', 'Enum', { enumData: ['source', 'message', 'row', 'column', 'command'] }),
    ]),
    fn('$async[Name]', 'Starts a named block that runs concurrently.', [arg('Name', 'String', { empty: true })]),
    fn('$endasync', 'Ends a concurrent block.', null),
    fn('$await[Name]', 'Waits for a named concurrent block.', [arg('Name', 'String', { empty: true })]),
    // Comments, variables, switches, usernames.
    fn('$c[Comment]', 'A comment; its text is not run.', [arg('Comment', 'String', { empty: true })]),
    fn('$var[Name;(Value)]', 'Sets or reads a temporary variable.', [
      arg('Name', 'String'),
      arg('Value', 'String', { required: false, empty: true }),
    ]),
    fn('$disableSpecialEscaping', 'Turns special escapes back into the characters they stand for.', null),
    fn('$nomention', 'Stops the reply from mentioning the author.', null),
    fn('$username', 'The name of the author.', null),
    fn('$username[User ID]', 'The name of the given user.', [arg('User ID', 'Snowflake')]),
  ];

  const callback_list = [
    { name: '$alwaysReply', description: 'Runs on every message.', arguments: null, intents: 0, is_premium: true },
    {
      name: '$messageContains[Word;...]',
      description: 'Runs when a message contains one of the words.',
      arguments: [arg('Word', 'String', { repeatable: true })],
      intents: 0,
      is_premium: true,
    },
    { name: '$onInteraction', description: 'Runs on any interaction.', arguments: null, intents: 0, is_premium: false },
    {
      name: '$onInteraction[Interaction ID]',
      description: 'Runs on an interaction with the given ID.',
      arguments: [arg('Interaction ID', 'String')],
      intents: 0,
      is_premium: false,
    },
    {
      name: '$onJoined[Channel ID]',
      description: 'Runs when a member joins the server.',
      arguments: [arg('Channel ID', 'Snowflake')],
      intents: 2,
      is_premium: false,
    },
  ];

  const emoji_alias_list = {
    '👍': [':thumbsup:', ':+1:'],
    '✅': [':white_check_mark:'],
    '#️⃣': [':hash:'],
  };

  return { function_list, callback_list, emoji_alias_list };
}

/** The test catalog's API-shaped JSON, a fresh copy on every call (tests may alter it). */
export function testCatalogParts(): CatalogParts {
  return parts();
}

let cached: { catalog: Catalog; problems: readonly CatalogProblem[] } | undefined;

/** The test catalog's decoded data and the decoder's problems (expected: none). */
export function testCatalogDecoded(): { catalog: Catalog; problems: readonly CatalogProblem[] } {
  if (!cached) {
    const decoded = decodeCatalogParts(parts(), 'testCatalog');
    cached = { catalog: new Catalog(decoded.value), problems: decoded.problems };
  }
  return cached;
}

/** The small hand-written test catalog (immutable, built once). */
export function testCatalog(): Catalog {
  return testCatalogDecoded().catalog;
}

/** The test catalog's data, for tests that build their own Catalog from a variation of it. */
export function testCatalogData(): CatalogData {
  return testCatalogDecoded().catalog.data;
}

/** Where the committed bundled snapshot lives. */
export const SNAPSHOT_PATH = path.resolve(__dirname, '../../server/snapshot/catalog.json');

let snapshot: Catalog | undefined;

/** The committed bundled snapshot, decoded once (throws if the file is missing). */
export function snapshotCatalog(): Catalog {
  if (!snapshot) {
    const decoded = decodeSnapshot(JSON.parse(readFileSync(SNAPSHOT_PATH, 'utf8')), SNAPSHOT_PATH);
    snapshot = new Catalog(decoded.value.data);
  }
  return snapshot;
}
