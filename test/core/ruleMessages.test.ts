// Every rule's message is a sentence a BDFD user understands: for each rule code, documents that
// trigger it (each wording the rule has), checked against the bundled catalog; then every
// record of that catalog misused in the ways the rules catch. A message starts with a capital
// letter or a backtick-quoted name, ends with `.` or `?`, names no internal code and has no
// doubled spaces. A rule without a fixture fails the test, so a new rule brings its own.

import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { RULES, type RuleCode } from '../../server/src/core/features/rules';
import { serviceFor, type ServiceOptions } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

/** A document that triggers a rule, with the settings it needs. */
interface Fixture {
  readonly src: string;
  readonly settings?: unknown;
}

const BS1 = '$c[bdscript-language: BDScript]\n';

/** One or more fixtures per rule code, one per wording where a rule has several. */
const FIXTURES: Readonly<Record<RuleCode, readonly Fixture[]>> = {
  'unclosed-bracket': [{ src: '$title[Hello' }],
  'unescaped-bracket': [{ src: '$description[[link](https://x.example)' }],
  'stray-bracket': [{ src: 'Hello]' }],
  'unclosed-comment': [{ src: '$c[never closed' }],
  'unknown-function': [
    { src: '$usernam' },
    { src: '$x' },
    { src: '$zqzqzq' },
    { src: '$disableSpecialEscaping\n%{DOL}%usernme' },
  ],
  'glued-name': [
    { src: 'Pong! `$pingms`' },
    { src: 'NSFW: $if[$var[nsfw]==true]Yes$elseNo$endif' },
    { src: '$username' + 'x'.repeat(100) },
  ],
  'glued-arguments': [{ src: '$addButtonn[no;id;label;primary]' }, { src: '$pingms[x]' }],
  'wrong-form': [{ src: '$nomention[]' }, { src: '$nomention[x]' }, { src: '$addButton' }],
  'too-many-arguments': [
    { src: '$channelIDFromName[a;b]' },
    { src: '$ban[a;b;c]' },
    { src: '$getMessage[1;2;content;x]' },
  ],
  'missing-argument': [{ src: '$addButton[no;id;label]' }, { src: '$addButton[no]' }],
  'empty-argument': [{ src: '$addButton[no;;label;primary]' }, { src: '$title[x;]' }],
  'invalid-argument': [
    { src: '$addButton[no;id;label;blue]' },
    { src: '$addButton[maybe;id;label;primary]' },
    { src: '$getMessage[abc;123]' },
    { src: '$title[x;1.5]' },
  ],
  'unknown-emoji': [{ src: '$addReactions[:thumbsupp:]' }, { src: '$addReactions[:zzzzzzzzzzzz:]' }],
  'unset-variable': [{ src: '$var[total;1]\n$var[totl]' }, { src: '$var[x,1]\n$var[x]' }, { src: '$var[zzz]' }],
  'variable-before-set': [{ src: 'Hi $var[name]\n$var[name;Ann]' }],
  'action-row-limit': [
    { src: [1, 2, 3, 4, 5, 6].map((k) => `$addButton[no;b${k};B;primary]`).join('\n') },
    {
      src: '$addActionRow[r]\n$addStringSelect[s;Pick;1;1;no;r]\n$addStringSelectOption[One;1;First;;no;s]\n$addButtonCV2[b;B;primary;no;;r]',
    },
  ],
  'component-limit': [
    { src: [1, 2, 3, 4, 5, 6].map((k) => `$addButton[yes;b${k};B;primary]`).join('\n') },
    {
      src:
        '$newSelectMenu[m;1;1;Pick]\n' +
        Array.from({ length: 26 }, (_, k) => `$addSelectMenuOption[m;O${k};v${k};Option ${k}]`).join('\n'),
    },
  ],
  'duplicate-custom-id': [{ src: '$addButton[no;ok;A;primary]\n$addButton[no;ok;B;primary]' }],
  'components-v2-embed': [{ src: '$title[Hi]\n$addContainer[box]' }],
  'link-button-url': [
    { src: '$addButton[no;help;Help;link]' },
    { src: '$addButton[no;https://example.com;Go;primary]' },
  ],
  'message-too-long': [{ src: `$sendMessage[${'x'.repeat(2001)}]` }, { src: 'y'.repeat(2001) }],
  'role-grant-sign': [{ src: '$roleGrant[$authorID;123]' }, { src: '$var[r;1]\n$roleGrant[$authorID;1$var[r]]' }],
  'missing-parent': [
    { src: '$addTextDisplay[Hi;box]' },
    { src: '$addSelectMenuOption[m;A;a;First]' },
    { src: '$addTextInput[name;short;Name]' },
    { src: '$addContainer[box]\n$addTextDisplay[Hi;box]\n$addThumbnail[https://example.com/a.png;;no;box]' },
    { src: `$addButtonCV2[go;Go;primary;no;;${'r'.repeat(60)}\nx]` },
  ],
  'component-before-parent': [
    { src: '$addTextDisplay[Hi;box]\n$addContainer[box]' },
    { src: '$addTextInput[name;short;Name]\n$newModal[form;Form]\n$addTextInput[age;short;Age]' },
    { src: '$if[$customID==a]\n$addContainer[box]\n$endif\n$if[$customID==b]\n$addTextDisplay[Hi;box]\n$endif' },
  ],
  'select-menu-limit': [
    { src: '$newSelectMenu[m;-1;30;Pick]' },
    { src: '$newSelectMenu[m;3;2;Pick]\n$addSelectMenuOption[m;A;a;First]' },
    { src: '$newSelectMenu[m;1;3;Pick]\n$addSelectMenuOption[m;A;a;First]' },
    { src: '$newSelectMenu[m;1;2;Pick]' },
    { src: `$newSelectMenu[m;1;1;${'p'.repeat(151)}]\n$addSelectMenuOption[m;${'l'.repeat(101)};a;First]` },
    { src: '$addActionRow[r]\n$addStringSelect[s;Pick;0;26;no;r]' },
  ],
  'modal-limit': [
    { src: '$newModal[form;Form]\n$addTextInput[name;short;Name;-1;0]' },
    { src: '$newModal[form;Form]\n$addTextInput[name;short;Name;10;5]' },
    {
      src: `$newModal[${'i'.repeat(101)};${'t'.repeat(46)}]\n$addTextInput[name;short;${'l'.repeat(46)};;;yes;${'v'.repeat(4001)};${'p'.repeat(101)}]`,
    },
    {
      src: '$newModal[form;Form]\n$addTextInput[name;short;Name;5;10;yes;abc]\n$addTextInput[age;short;Age;1;2;yes;1234]',
    },
    { src: '$newModal[form;Form]\n' + '$addTextInput[name;short;Name]\n'.repeat(6) },
    { src: '$newModal[form;Form]' },
  ],
  'embed-limit': [{ src: `$title[${'t'.repeat(257)}]` }, { src: `$addField[${'n'.repeat(300)};${'v'.repeat(1025)}]` }],
  'component-text-limit': [{ src: `$addButton[no;id;${'l'.repeat(81)};primary]` }],
  'number-out-of-range': [{ src: '$sqrt[-4]' }],
  'embed-in-sent-message': [{ src: '$sendMessage[$title[Hi]Hello]' }],
  'invalid-json': [
    { src: '$jsonParse[{"a": 1,}]' },
    { src: '$jsonParse[{"a": tru}]' },
    { src: '$jsonParse[{"a": [1, 2}]' },
    { src: '$jsonParse[{"a": "x\\\\y"}]' },
    { src: '$jsonParse[{"a": 1]' },
  ],
  'unclosed-block': [{ src: '$if[a]\nyes' }, { src: '$try\nx' }, { src: '$async[job]\nx' }],
  'stray-block-end': [{ src: 'yes\n$endif' }, { src: '$endtry' }, { src: '$endasync' }],
  'else-outside-if': [{ src: '$else' }, { src: '$elseif[a]' }],
  'elseif-after-else': [{ src: '$if[a]\n$else\n$elseif[b]\n$endif' }],
  'duplicate-else': [{ src: '$if[a]\n$else\n$else\n$endif' }],
  'catch-outside-try': [{ src: '$catch' }],
  'duplicate-catch': [{ src: '$try\n$catch\n$catch\n$endtry' }],
  'error-outside-catch': [{ src: '$try\n$error[message]\n$catch\n$endtry' }],
  'duplicate-async': [{ src: '$async[job]\n$endasync\n$async[job]\n$endasync' }],
  'unknown-async': [{ src: '$async[job]\n$endasync\n$await[jobs]' }],
  deprecated: [{ src: '$channelIDFromName[general]' }, { src: '$mute[yes]' }],
  premium: [{ src: '$ai[Hello]' }, { src: '$alwaysReply\nHello' }],
  intents: [{ src: '$userJoined[123]' }, { src: '$getUserStatus[123]' }, { src: '$onJoined[123]\nWelcome' }],
  'callback-in-code': [{ src: '$nomention\n$onJoined[123]' }],
  'not-a-callback': [{ src: '$onJoin[123]\nHello' }, { src: '$onFoo[1]\nHello' }],
  'language-feature': [
    { src: BS1 + '$if[a]\n$elseif[b]\n$endif' },
    { src: BS1 + '$title[$if[a]x$endif]' },
    { src: BS1 + '$if[a] $endif' },
    { src: '$var[x;1]', settings: { language: 'BDScript Unstable' } },
  ],
  'unknown-directive': [
    { src: '$c[bdscript-disable nonsense]' },
    { src: '$c[bdscript-disable-line a, b]' },
    { src: '$c[bdscript-language: Klingon]' },
    { src: '$c[bdscript-language:]' },
  ],
  'too-many-findings': [{ src: '$usernam '.repeat(5001) }],
};

/** Words that belong to the server, the protocol or a formatting bug, never to a message. */
const INTERNAL = ['not-modified', '<bundled>', 'undefined', '[object', 'NaN', 'null'];
/** Rule codes, which messages never name (settings and directives do, in the user's own text). */
const CODES = RULES.map((r) => r.code).filter((c) => c.includes('-'));

/**
 * How a translated message may start: a capital letter (Latin with accents, or Cyrillic), a
 * `quoted name`, or an argument's "name" (Spanish, Portuguese and Russian put it first).
 */
const TRANSLATED_START = /^(?:[A-ZÁÉÍÓÚÑÇÂÊÔÃÕА-ЯЁ¿]|`[^`]+`|"[^"]+")/;

/** Why a message is not a sentence a user reads well, or undefined when it is one. */
function flaw(message: string, start = /^(?:[A-Z]|`[^`]+`)/): string | undefined {
  if (!start.test(message)) return 'does not start with a capital letter or a `quoted name`';
  if (!/[.?]$/.test(message)) return 'does not end with . or ?';
  if (message.includes('  ')) return 'has a doubled space';
  if (/\s\n|\n/.test(message)) return 'has a line break';
  for (const word of [...INTERNAL, ...CODES]) if (message.includes(word)) return `names ${JSON.stringify(word)}`;
  return undefined;
}

function diagnose(src: string, options: ServiceOptions = {}): Diagnostic[] {
  const { service, document } = serviceFor(src, { catalog: snapshotCatalog(), ...options });
  return service.validate(document);
}

function assertSentences(diagnostics: readonly Diagnostic[], where: string): void {
  for (const d of diagnostics) {
    const message = typeof d.message === 'string' ? d.message : String(d.message);
    const problem = flaw(message);
    assert.equal(problem, undefined, `${String(d.code)} message ${problem} (${where}): ${JSON.stringify(message)}`);
  }
}

describe('rule messages', () => {
  it('has fixtures for every rule code and no other', () => {
    assert.deepEqual(Object.keys(FIXTURES).sort(), RULES.map((r) => r.code).sort());
    for (const [code, fixtures] of Object.entries(FIXTURES)) assert.ok(fixtures.length > 0, `no fixture for ${code}`);
  });

  for (const rule of RULES) {
    it(`${rule.code}: each wording is a sentence`, () => {
      const fixtures = FIXTURES[rule.code] ?? [];
      assert.ok(fixtures.length > 0, `no fixture for ${rule.code}`);
      for (const { src, settings } of fixtures) {
        const diagnostics = diagnose(src, settings === undefined ? {} : { settings });
        const where = JSON.stringify(src.length > 60 ? src.slice(0, 60) + '…' : src);
        assert.ok(
          diagnostics.some((d) => d.code === rule.code),
          `${where} does not trigger ${rule.code}: ${diagnostics.map((d) => d.code).join(', ')}`,
        );
        assertSentences(diagnostics, where);
      }
    });
  }

  it('reads as sentences for every record of the bundled catalog, misused', () => {
    const catalog = snapshotCatalog();
    const docs: string[] = [];
    for (const record of catalog.functions.records) {
      const name = record.name;
      if (name === '$c') continue;
      const args = record.arguments;
      if (!record.bracketed) {
        docs.push(`${name} ${name}[x]`);
        continue;
      }
      docs.push(`${name} ${name}[]`);
      if (args && args.length > 0) {
        // Every argument empty, every argument a word no typed argument takes, and one too many.
        docs.push(`${name}[${args.map(() => '').join(';')}]`);
        docs.push(`${name}[${args.map(() => 'zzz!').join(';')}]`);
        docs.push(`${name}[${args.map(() => '1').join(';')};1;1]`);
      }
    }
    for (const record of catalog.callbacks.records) {
      docs.push(
        `$nomention\n${record.name}${record.bracketed ? '[1]' : ''}`,
        `${record.name}${record.bracketed ? '[1]' : ''}\nHello`,
      );
    }
    let checked = 0;
    for (const src of docs) {
      const diagnostics = diagnose(src);
      assertSentences(diagnostics, JSON.stringify(src.slice(0, 80)));
      checked += diagnostics.length;
    }
    assert.ok(checked > 1000, `${checked} messages checked`);
  });

  // The same fixtures in each translation: a sentence in that language for every wording, not the
  // English one, with no placeholder left unfilled (the l10n tests check the templates themselves).
  for (const locale of ['es', 'pt-br', 'ru'] as const) {
    it(`${locale}: every rule's wordings are sentences in that language`, () => {
      for (const rule of RULES) {
        for (const { src, settings } of FIXTURES[rule.code]) {
          const where = JSON.stringify(src.length > 60 ? src.slice(0, 60) + '…' : src);
          const english = diagnose(src, settings === undefined ? {} : { settings });
          const translated = diagnose(src, { settings: { ...(settings as object | undefined), locale } });
          assert.deepEqual(
            translated.map((d) => d.code),
            english.map((d) => d.code),
            where,
          );
          translated.forEach((d, k) => {
            const message = String(d.message);
            assert.notEqual(message, english[k]!.message, `${String(d.code)} in ${locale} is English (${where})`);
            assert.doesNotMatch(
              message,
              /\{[A-Za-z]\w*(?:\}|,)/,
              `${String(d.code)}: a placeholder left in ${JSON.stringify(message)}`,
            );
            const problem = flaw(message, TRANSLATED_START);
            assert.equal(
              problem,
              undefined,
              `${String(d.code)} ${locale} message ${problem} (${where}): ${JSON.stringify(message)}`,
            );
            for (const r of d.relatedInformation ?? []) assert.doesNotMatch(r.message, /\{[A-Za-z]\w*\}/, r.message);
          });
        }
      }
    });
  }

  it('finds the flaws it is meant to find', () => {
    assert.equal(flaw('Unknown function `$x`.'), undefined);
    assert.equal(flaw('`$x` is deprecated: use `$y` instead.'), undefined);
    assert.equal(flaw('Did you mean `$x`?'), undefined);
    assert.match(flaw('unknown function `$x`.')!, /capital/);
    assert.match(flaw('Unknown function `$x`')!, /end/);
    assert.match(flaw('Unknown  function.')!, /doubled/);
    assert.match(flaw('Refresh not-modified.')!, /not-modified/);
    assert.match(flaw('Location <bundled>.')!, /bundled/);
    assert.match(flaw('Got undefined.')!, /undefined/);
    assert.match(flaw('Got [object Object].')!, /object/);
    assert.match(flaw('Takes NaN arguments.')!, /NaN/);
    assert.match(flaw('Silence it with unknown-function.')!, /unknown-function/);
  });
});
