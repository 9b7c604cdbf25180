// A catalog record as plain data (describeFunction) and the search by words (searchFunctions), as
// `bdscript mcp` answers them: both forms, arguments with type, flag, repetition, enum values and
// tuple members, premium, intents, deprecation with its replacement, the wiki link; any spelling
// of a name; near names for an unknown one; search ranking and caps; hostile catalog text cleaned.

import * as assert from 'node:assert/strict';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts } from '../../server/src/core/catalog/decode';
import {
  describeFunction,
  MAX_SEARCH_RESULTS,
  queryWords,
  searchFunctions,
  similarNames,
} from '../../server/src/core/features/functionInfo';
import { snapshotCatalog, testCatalog, testCatalogParts } from '../support/testCatalog';

describe('function info', () => {
  const catalog = testCatalog();

  describe('describeFunction', () => {
    it('gives both forms, the spelled one first, with arguments, flags and the wiki link', () => {
      const info = describeFunction(catalog, '$channelID[x]');
      assert.deepEqual(info, {
        name: '$channelID',
        kind: 'function',
        forms: [
          {
            signature: '$channelID[Channel name]',
            bracketed: true,
            arguments: [{ name: 'Channel name', type: 'String', flag: 'Required', repeatable: false }],
            premium: false,
            intents: [],
            deprecated: false,
            wikiUrl: 'https://wiki.botdesignerdiscord.com/bdscript/channelID.html',
            description: 'The ID of the channel with the given name.',
          },
          {
            signature: '$channelID',
            bracketed: false,
            arguments: null,
            premium: false,
            intents: [],
            deprecated: false,
            wikiUrl: 'https://wiki.botdesignerdiscord.com/bdscript/channelID.html',
            description: 'The ID of the current channel.',
          },
        ],
      });
      // Without brackets the bare form comes first; without `$` the name is still found.
      assert.equal(describeFunction(catalog, 'channelID')?.forms[0]?.signature, '$channelID');
      assert.equal(describeFunction(catalog, '  $channelID  ')?.forms[0]?.signature, '$channelID');
    });

    it('names optional, emptiable, repeatable and enum arguments and tuple members', () => {
      const varInfo = describeFunction(catalog, '$var');
      assert.deepEqual(
        varInfo?.forms[0]?.arguments?.map((a) => [a.name, a.flag]),
        [
          ['Name', 'Required'],
          ['Value', 'Vacantable'],
        ],
      );
      assert.deepEqual(describeFunction(catalog, '$error')?.forms[0]?.arguments?.[0]?.values, [
        'source',
        'message',
        'row',
        'column',
        'command',
      ]);
      const random = describeFunction(catalog, '$randomText')?.forms[0]?.arguments?.[0];
      assert.deepEqual([random?.flag, random?.repeatable], ['Emptiable', true]);
      const awaitInfo = describeFunction(catalog, '$awaitReactions');
      const tuple = awaitInfo?.forms[0]?.arguments?.[0];
      assert.equal(awaitInfo?.forms[0]?.signature, '$awaitReactions[<Command name;Reaction>;...]');
      assert.equal(awaitInfo?.forms[0]?.premium, true);
      assert.equal(awaitInfo?.forms[0]?.wikiUrl, 'https://wiki.botdesignerdiscord.com/premium/awaitReactions.html');
      assert.deepEqual(
        tuple?.members?.map((m) => [m.name, m.type]),
        [
          ['Command name', 'String'],
          ['Reaction', 'Emoji'],
        ],
      );
      assert.equal(describeFunction(catalog, '$random[]')?.forms[0]?.arguments?.[0]?.type, 'Integer | Float');
    });

    it('says a function is deprecated, with its replacement, and which intents it needs', () => {
      const old = describeFunction(catalog, '$channelIDFromName')?.forms[0];
      assert.equal(old?.deprecated, true);
      assert.equal(old?.replacement, '$channelID');
      assert.deepEqual(describeFunction(catalog, '$userJoined')?.forms[0]?.intents, ['Server Members']);
      assert.deepEqual(describeFunction(catalog, '$getUserStatus')?.forms[0]?.intents, ['Presence']);
    });

    it('describes callbacks after functions', () => {
      const info = describeFunction(catalog, '$onInteraction');
      assert.equal(info?.kind, 'callback');
      assert.deepEqual(
        info?.forms.map((f) => f.signature),
        ['$onInteraction', '$onInteraction[Interaction ID]'],
      );
      assert.equal(info?.forms[0]?.wikiUrl, 'https://wiki.botdesignerdiscord.com/callbacks/onInteraction.html');
    });

    it('finds nothing for unknown, empty or overlong names, and offers near names', () => {
      for (const name of ['$nope', '', '   ', '$', `$${'a'.repeat(500)}`])
        assert.equal(describeFunction(catalog, name), undefined, JSON.stringify(name));
      assert.deepEqual(similarNames(catalog, '$usernam'), ['$username']);
      assert.deepEqual(similarNames(catalog, 'channelId[x]').slice(0, 1), ['$channelID']);
      assert.deepEqual(similarNames(catalog, `$${'a'.repeat(500)}`), []);
    });

    it('cleans hostile catalog text: controls and bidi overrides dropped, descriptions cut', () => {
      const parts = testCatalogParts();
      (parts.function_list as unknown[]).push({
        tag: '$evil[Arg]',
        shortDescription: `x\u202e\x1b[2J${'long '.repeat(1000)}`,
        longDescription: '',
        arguments: [{ name: 'Arg\u202e', type: 'Enum', required: true, enumData: ['a\x1b]0;t\x07', 'b'] }],
        intents: 0,
        premium: false,
      });
      const hostile = new Catalog(decodeCatalogParts(parts, 'test').value);
      const form = describeFunction(hostile, '$evil')?.forms[0];
      assert.ok(form);
      assert.doesNotMatch(JSON.stringify(form), /[\u202e\u001b\u0007]/);
      assert.ok((form.description ?? '').length <= 2_000);
    });
  });

  describe('searchFunctions', () => {
    const names = (query: string, limit?: number, c = catalog) => searchFunctions(c, query, limit).map((r) => r.name);

    it('reads words of any case and punctuation', () => {
      assert.deepEqual(queryWords('Add a BUTTON, add!'), ['add', 'a', 'button']);
      assert.deepEqual(queryWords('  ;;  '), []);
    });

    it('finds names holding every word, names before arguments and descriptions, deprecated last', () => {
      // `$onJoined` holds both words in its argument `Channel ID`.
      assert.deepEqual(names('channel id'), ['$channelID', '$onJoined', '$channelIDFromName']);
      // Names first (the most used, then the shortest), then descriptions that say "user".
      assert.deepEqual(names('user'), [
        '$username',
        '$userJoined',
        '$getUserStatus',
        '$argsCheck',
        '$onlyPerms',
        '$cooldown',
      ]);
      // "status" is in one name; "concurrent" only in descriptions.
      assert.deepEqual(names('status'), ['$getUserStatus']);
      assert.deepEqual(names('concurrent'), ['$async', '$endasync', '$await']);
      // Callbacks too, and words from argument names.
      assert.deepEqual(names('interaction'), ['$onInteraction']);
      assert.deepEqual(names('reaction'), ['$addReactions', '$awaitReactions']);
      assert.deepEqual(names('nothing like it'), []);
      assert.deepEqual(names(''), []);
    });

    it('gives the signature and marks premium and deprecated names', () => {
      const [old] = searchFunctions(catalog, 'from name');
      assert.deepEqual(old, {
        name: '$channelIDFromName',
        kind: 'function',
        signature: '$channelIDFromName[Channel name]',
        deprecated: true,
        premium: false,
      });
      assert.equal(searchFunctions(catalog, 'always reply')[0]?.premium, true);
    });

    it('caps the results at the limit and at MAX_SEARCH_RESULTS', () => {
      const big = snapshotCatalog();
      assert.equal(names('e', 3, big).length, 3);
      assert.equal(names('e', 10_000, big).length, MAX_SEARCH_RESULTS);
      assert.deepEqual(names('e', 0, big), []);
      assert.deepEqual(names('e', -5, big), []);
      // Common names first in the real catalog.
      assert.equal(names('button', 1, big)[0], '$addButton');
    });
  });
});
