// One fixture per diagnostic rule, each raising its rule at the ranges written «...»: the
// diagnostics test holds each rule to its fixture, and the preview's path-agreement test reads
// them as documents too.

import type { ServiceOptions } from './service';
import { snapshotCatalog } from './testCatalog';

/**
 * One fixture per rule; the test below makes sure every rule in RULES has one. `amid`: the rule's
 * diagnostics come amid others (the cap's note needs 5,000 findings before it), so only the
 * rule's own are compared with the ranges.
 */
export const RULE_FIXTURES: Record<string, { src: string; options?: ServiceOptions; amid?: boolean }> = {
  'unclosed-bracket': { src: '$title«[»Hello' },
  'unescaped-bracket': { src: '$title[[link\\](url)] $description[[link«]»(url)' },
  'stray-bracket': { src: 'Hello«]»' },
  'unclosed-comment': { src: '«$c[»never closed' },
  'unknown-function': { src: '«$usernam»' },
  'glued-name': { src: 'Hello «$usernamebot»' },
  'glued-arguments': { src: 'Hi «$usernameX[»1]' },
  'wrong-form': { src: '«$nomention[]»' },
  'too-many-arguments': { src: '$channelID[general«;chat»]' },
  'missing-argument': { src: '$addButton[no;id;label«]»' },
  'empty-argument': { src: '$addButton[no;«»;label;primary]' },
  'invalid-argument': { src: '$addButton[no;id;label;«blue»]' },
  'unknown-emoji': { src: '$addReactions[👍;«:thumbup:»]' },
  'invalid-json': { src: '$jsonParse[{"a": [1\\], «x»: 2}]', options: { catalog: snapshotCatalog() } },
  'unclosed-block': { src: '«$if»[a]\nyes' },
  'stray-block-end': { src: 'yes\n«$endif»' },
  'else-outside-if': { src: '«$else»' },
  'elseif-after-else': { src: '$if[a]\n$else\n«$elseif»[b]\n$endif' },
  'duplicate-else': { src: '$if[a]\n$else\n«$else»\n$endif' },
  'catch-outside-try': { src: '«$catch»' },
  'duplicate-catch': { src: '$try\n$catch\n«$catch»\n$endtry' },
  'error-outside-catch': { src: '$try\n«$error»[message]\n$catch\n$endtry' },
  'duplicate-async': { src: '$async[job]\n$endasync\n«$async»[job]\n$endasync' },
  'unknown-async': { src: '$async[job]\n$endasync\n$await[«jobs»]' },
  deprecated: { src: '«$channelIDFromName»[general]' },
  premium: { src: '«$awaitReactions»[cmd;👍]' },
  intents: { src: '«$userJoined»[123]' },
  'callback-in-code': { src: '$nomention\n«$onJoined»[123]' },
  'not-a-callback': { src: '«$onJoin»[123]\nHello' },
  'unset-variable': { src: '$var[total;1]\n$var[«totl»]' },
  'variable-before-set': { src: 'Hi $var[«name»]\n$var[name;Ann]' },
  'action-row-limit': {
    src: [1, 2, 3, 4, 5].map((k) => `$addButton[no;b${k};B;primary]\n`).join('') + '«$addButton»[no;b6;B;primary]',
  },
  'component-limit': {
    src: [1, 2, 3, 4, 5].map((k) => `$addButton[yes;b${k};B;primary]\n`).join('') + '«$addButton»[yes;b6;B;primary]',
  },
  'duplicate-custom-id': { src: '$addButton[no;ok;A;primary]\n$addButton[no;«ok»;B;primary]' },
  'components-v2-embed': { src: '$title[Hi]\n«$addContainer»[box]', options: { catalog: snapshotCatalog() } },
  'link-button-url': { src: '$addButton[no;«help»;Help;link]' },
  'message-too-long': { src: `$sendMessage[«${'x'.repeat(2001)}»]`, options: { catalog: snapshotCatalog() } },
  'role-grant-sign': { src: '$roleGrant[$authorID;«123456789012345678»]', options: { catalog: snapshotCatalog() } },
  'missing-parent': { src: '$addTextDisplay[Hi;«box»]', options: { catalog: snapshotCatalog() } },
  'component-before-parent': {
    src: '$addTextDisplay[Hi;«box»]\n$addContainer[box]',
    options: { catalog: snapshotCatalog() },
  },
  'select-menu-limit': {
    src: '$newSelectMenu[m;1;«26»;Pick]\n' + '$addSelectMenuOption[m;A;a;First]\n'.repeat(25),
    options: { catalog: snapshotCatalog() },
  },
  'embed-limit': { src: `$title[«${'t'.repeat(257)}»]`, options: { catalog: snapshotCatalog() } },
  'component-text-limit': {
    src: `$addButton[no;id;«${'l'.repeat(81)}»;primary]`,
    options: { catalog: snapshotCatalog() },
  },
  'modal-limit': {
    src: '$newModal[form;Form]\n$addTextInput[name;short;Name;«4001»]',
    options: { catalog: snapshotCatalog() },
  },
  'number-out-of-range': { src: '$sqrt[«-4»]', options: { catalog: snapshotCatalog() } },
  'embed-in-sent-message': { src: '$sendMessage[«$title»[Hi]Hello]', options: { catalog: snapshotCatalog() } },
  'language-feature': { src: '$c[bdscript-language: BDScript]\n$if[a]\n«$elseif»[b]\n$endif' },
  'unknown-directive': { src: '«$c[bdscript-disable nonsense]»' },
  'too-many-findings': { src: '$usernam '.repeat(5001) + '«»', amid: true },
};
