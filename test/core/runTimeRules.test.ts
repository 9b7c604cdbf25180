// What BDFD or Discord refuses only when a command runs, as data: each rule reported (literal
// mistakes, inside `$if` branches, in nested arguments) and not reported (values built at run
// time, a Message ID that targets another message, a parent created in an earlier branch of the
// same path, escaped text), with the bundled catalog; the `$roleGrant` quick fix on the text after
// the edit; and the eight small commands of issue #19, each caught.

import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { parentFindings } from '../../server/src/core/features/parents';
import { pathModel } from '../../server/src/core/features/paths';
import { countingContextQuestions } from '../support/pathQuestions';
import { parse } from '../../server/src/core/parser/parser';
import { applyOffsetEdits, marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const SIGN = 'role-grant-sign';
const MISSING = 'missing-parent';
const BEFORE = 'component-before-parent';
const SELECT = 'select-menu-limit';
const MODAL = 'modal-limit';
const RANGE = 'number-out-of-range';
const EMBED = 'embed-in-sent-message';
const CODES = new Set([SIGN, MISSING, BEFORE, SELECT, MODAL, RANGE, EMBED]);

/** Diagnoses a fixture; asserts the rules' findings by code and «range», and that nothing else is reported. */
function check(src: string, want: readonly string[]): Diagnostic[] {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { catalog: snapshotCatalog() });
  const all = service.validate(document);
  const found = all.filter((d) => CODES.has(String(d.code)));
  const got = found.map(
    (d) => `${String(d.code)}@${document.offsetAt(d.range.start)}-${document.offsetAt(d.range.end)}`,
  );
  assert.equal(m.ranges.length, want.length, `fixture has ${m.ranges.length} ranges for ${want.length} codes`);
  const expected = want.map((c, i) => `${c}@${m.ranges[i]!.start}-${m.ranges[i]!.end}`);
  assert.deepEqual(
    got.sort(),
    expected.sort(),
    `${JSON.stringify(m.text)}: ${found.map((d) => d.message).join(' | ')}`,
  );
  const others = all.filter((d) => !CODES.has(String(d.code)));
  assert.deepEqual(
    others.map((d) => `${String(d.code)}: ${d.message}`),
    [],
    'other diagnostics',
  );
  return found;
}

/** `n` copies of a line, with `{k}` replaced by 1..n. */
function lines(n: number, line: string): string {
  return Array.from({ length: n }, (_, k) => line.replaceAll('{k}', String(k + 1))).join('\n');
}

const menu = (max: number, options: number, id = 'm') =>
  `$newSelectMenu[${id};1;${max};Pick]\n${lines(options, `$addSelectMenuOption[${id};O{k};v{k};Option {k}]`)}`;
const input = (id: string, rest = '') => `$addTextInput[${id};short;Name${rest}]`;

const REPORTED: Array<[string, string, string[]]> = [
  // `$roleGrant` signs.
  ['a role without a sign', '$roleGrant[$authorID;«123456789012345678»]', [SIGN]],
  ['the second of three roles', '$roleGrant[$authorID;+1;«2»;-3]', [SIGN]],
  ['a sign-less role inside an $if branch', '$if[$message==give]\n$roleGrant[$authorID;«123»]\n$endif', [SIGN]],
  ['a sign-less role in a nested argument', '$var[done;$roleGrant[$authorID;«123»]]', [SIGN]],
  ['literal text before a call', '$var[x;1]\n$roleGrant[$authorID;«1$var[x]»]', [SIGN]],
  // Parents before children.
  ['a text display before its container', '$addTextDisplay[Hi;«box»]\n$addContainer[box]', [BEFORE]],
  ['a text display in a container never created', '$addTextDisplay[Hi;«box»]', [MISSING]],
  [
    'an option before its select menu',
    '$addSelectMenuOption[«m»;A;a;First]\n$newSelectMenu[m;1;1;Pick]\n$addSelectMenuOption[m;B;b;Second]',
    [BEFORE],
  ],
  ['an option of a select menu never created', '$addSelectMenuOption[«m»;A;a;First]', [MISSING]],
  [
    'a text input before its modal',
    '«$addTextInput»[name;short;Name]\n$newModal[form;Form]\n$addTextInput[age;short;Age]',
    [BEFORE],
  ],
  ['a text input without a modal', '«$addTextInput»[name;short;Name]', [MISSING]],
  [
    'text inputs before their modal, nothing after it',
    '«$addTextInput»[name;short;Name]\n$newModal[form;Form]',
    [BEFORE],
  ],
  ['a second modal left empty', `$newModal[a;A]\n${input('x')}\n«$newModal»[b;B]`, [MODAL]],
  [
    'a child before its parent inside an $if branch',
    '$if[$message==a]\n$addSection[s;«box»]\n$addThumbnail[https://example.com/a.png;;no;s]\n$addTextDisplay[Hi;s]\n$endif\n$addContainer[box]',
    [BEFORE],
  ],
  [
    'a parent only in another interaction handler',
    '$if[$customID==a]\n$addContainer[box]\n$endif\n$if[$customID==b]\n$addTextDisplay[Hi;«box»]\n$endif',
    [BEFORE],
  ],
  [
    'a parent only on a path that ends at $stop',
    '$if[$message==a]\n$addContainer[box]\n$stop\n$endif\n$addTextDisplay[Hi;«box»]',
    [BEFORE],
  ],
  [
    'a parent only in the other branch',
    '$if[$message==a]\n$addMediaGallery[g]\n$else\n$addMediaGalleryItem[https://example.com/a.png;;no;«g»]\n$endif',
    [BEFORE],
  ],
  [
    'a gallery item in a nested argument',
    '$var[ok;$addMediaGalleryItem[https://example.com/a.png;;no;«g»]]\n$addMediaGallery[g]',
    [BEFORE],
  ],
  [
    'a thumbnail given a container',
    '$addContainer[box]\n$addTextDisplay[Hi;box]\n$addThumbnail[https://example.com/a.png;;no;«box»]',
    [MISSING],
  ],
  ['a V2 button in an unknown row', '$addButtonCV2[go;Go;primary;no;;«row»]', [MISSING]],
  [
    'a V2 select before its row, its option before the select',
    '$addStringSelect[s;Pick;1;1;no;«row»]\n$addStringSelectOption[One;1;First;;no;s]\n$addActionRow[row]',
    [BEFORE],
  ],
  [
    'a separator and a section in containers never created',
    '$addSeparator[yes;small;«c1»]\n$addSection[s;«c2»]\n$addThumbnail[https://example.com/a.png;;no;s]\n$addTextDisplay[Hi;s]',
    [MISSING, MISSING],
  ],
  // Select menus.
  [
    'Max over 25',
    '$newSelectMenu[m;1;«30»;Pick]\n' + lines(25, '$addSelectMenuOption[m;O{k};v{k};Option {k}]'),
    [SELECT],
  ],
  ['Min below 0', `$newSelectMenu[m;«-1»;1;Pick]\n$addSelectMenuOption[m;A;a;First]`, [SELECT]],
  [
    'Min over Max',
    '$newSelectMenu[m;«3»;2;Pick]\n' + lines(3, '$addSelectMenuOption[m;O{k};v{k};Option {k}]'),
    [SELECT],
  ],
  [
    'Max over the options added',
    '$newSelectMenu[m;1;«3»;Pick]\n' + lines(2, '$addSelectMenuOption[m;O{k};v{k};Option {k}]'),
    [SELECT],
  ],
  ['a select menu without options', '$newSelectMenu[m;1;«1»;Pick]', [SELECT]],
  ['Max over 25 inside an $if branch', '$if[$message==a]\n$editSelectMenu[m;1;«26»;Pick]\n$endif', [SELECT]],
  ['a V2 select with Max Values over 25', '$addActionRow[r]\n$addUserSelect[u;Who?;0;«26»;no;r]', [SELECT]],
  [
    'a V2 string select with more choices than options',
    '$addActionRow[r]\n$addStringSelect[s;Pick;1;«2»;no;r]\n$addStringSelectOption[One;1;First;;no;s]',
    [SELECT],
  ],
  [
    'a placeholder over 150 characters',
    `$newSelectMenu[m;1;1;«${'p'.repeat(151)}»]\n$addSelectMenuOption[m;A;a;First]`,
    [SELECT],
  ],
  [
    'an option label over 100 characters',
    `$newSelectMenu[m;1;1;Pick]\n$addSelectMenuOption[m;«${'l'.repeat(101)}»;a;First]`,
    [SELECT],
  ],
  // Modals.
  ['a minimum length over 4,000', `$newModal[f;Form]\n${input('a', ';«4001»')}`, [MODAL]],
  ['a maximum length of 0', `$newModal[f;Form]\n${input('a', ';0;«0»')}`, [MODAL]],
  ['a minimum over the maximum', `$newModal[f;Form]\n${input('a', ';«10»;5')}`, [MODAL]],
  ['a value of 5,000 characters', `$newModal[f;Form]\n${input('a', `;;;yes;«${'v'.repeat(5000)}»`)}`, [MODAL]],
  ['a value shorter than the minimum', `$newModal[f;Form]\n${input('a', ';5;30;yes;«abc»')}`, [MODAL]],
  ['a value longer than the maximum', `$newModal[f;Form]\n${input('a', ';1;3;yes;«abcd»')}`, [MODAL]],
  ['a placeholder over 100 characters', `$newModal[f;Form]\n${input('a', `;;;yes;;«${'p'.repeat(101)}»`)}`, [MODAL]],
  ['a label over 45 characters', `$newModal[f;Form]\n$addTextInput[a;short;«${'l'.repeat(46)}»]`, [MODAL]],
  ['a title over 45 characters', `$newModal[f;«${'t'.repeat(46)}»]\n${input('a')}`, [MODAL]],
  ['a 6th text input', `$newModal[f;Form]\n${lines(5, input('i{k}'))}\n«$addTextInput»[i6;short;Name]`, [MODAL]],
  [
    'a 6th text input counting those before a branch',
    `$newModal[f;Form]\n${lines(3, input('i{k}'))}\n$if[$message==a]\n${lines(2, input('j{k}'))}\n«$addTextInput»[j3;short;Name]\n$endif`,
    [MODAL],
  ],
  ['a modal without text inputs', '«$newModal»[f;Form]', [MODAL]],
  ['a length inside an $if branch', `$newModal[f;Form]\n$if[$message==a]\n${input('a', ';«-5»')}\n$endif`, [MODAL]],
  // `$sqrt` of a negative number.
  ['$sqrt of a negative number', 'Root: $sqrt[«-4»]', [RANGE]],
  ['$sqrt of a negative decimal in a nested argument', '$title[$sqrt[«-0.25»]]', [RANGE]],
  // Embed functions inside `$sendMessage`.
  ['$title in the text of $sendMessage', '$sendMessage[«$title»[Hello] There]', [EMBED]],
  [
    'an embed function in a block inside $sendMessage',
    '$sendMessage[$if[$message==a]«$description»[Hi]$endif Text]',
    [EMBED],
  ],
  ['an embed function nested deeper', '$sendMessage[$replaceText[«$footer»[x]abc;a;b]]', [EMBED]],
  ['inside an $if branch', '$if[$message==a]\n$sendMessage[«$color»[FF0000]Red]\n$endif', [EMBED]],
  ['a bare embed function', '$sendMessage[Now: «$addTimestamp»]', [EMBED]],
];

const QUIET: Array<[string, string]> = [
  // `$roleGrant`.
  ['signed roles, a run-time user', '$roleGrant[$mentioned[1];+123;-456]'],
  ['roles built at run time', '$var[r;123]\n$roleGrant[$authorID;$var[r];+$var[r];$getServerVar[role]]'],
  [
    "the wiki's examples",
    '$nomention\n$roleGrant[3869969062509936;-9368562753613496]\n$roleGrant[$mentioned[1];+$mentionedRoles[1]]',
  ],
  ['escaped text that only looks like a call', 'Use %{DOL}%roleGrant[$authorID;123] to give roles.'],
  ['a call in a comment', '$c[$roleGrant[$authorID;123\\]]'],
  // Parents.
  [
    'each child after its parent',
    '$addContainer[box]\n$addTextDisplay[Hi;box]\n$addSection[s;box]\n$addThumbnail[https://example.com/a.png;;no;s]\n$addTextDisplay[In a section;s]\n$addActionRow[r;box]\n$addButtonCV2[go;Go;primary;no;;r]\n$addMediaGallery[g;box]\n$addMediaGalleryItem[https://example.com/a.png;;no;g]\n$addSeparator[yes;small;box]',
  ],
  [
    'components in the message itself',
    '$addTextDisplay[Hi]\n$addSeparator\n$addSection[s]\n$addThumbnail[https://example.com/a.png;;no;s]\n$addTextDisplay[Side;s]',
  ],
  [
    'a parent created in an earlier branch of the same path',
    '$if[$message==a]\n$addContainer[box]\n$endif\n$addTextDisplay[Hi;box]',
  ],
  [
    'a parent and child in the same handler, twice',
    '$if[$customID==a]\n$addContainer[box]\n$endif\n$if[$customID==a]\n$addTextDisplay[Hi;box]\n$endif',
  ],
  [
    'a parent in the $try body, a child in $catch',
    '$try\n$addContainer[box]\n$addTextDisplay[Hi;box]\n$catch\n$addTextDisplay[Oops;box]\n$endtry',
  ],
  [
    'a parent on the main path, a child in an $async body',
    '$addContainer[box]\n$async[later]\n$addTextDisplay[Later;box]\n$endasync\n$await[later]',
  ],
  [
    'options for a menu of another message',
    '$addSelectMenuOption[m;A;a;First;;;$messageID]\n$addSelectMenuOption[m;B;b;Second;no;;123456789012345678]',
  ],
  [
    "options after $editSelectMenu, as the wiki's guide does",
    '$editSelectMenu[Example;1;1;Choose some option]\n$addSelectMenuOption[Example;First;first-option;The first option]',
  ],
  ['parent IDs built at run time', '$var[c;box]\n$addContainer[box]\n$addTextDisplay[Hi;$var[c]]'],
  ['a parent whose ID is built at run time', '$var[c;box]\n$addContainer[$var[c]]\n$addTextDisplay[Hi;box]'],
  ['$eval before the child', '$eval[$addContainer[box]]\n$addTextDisplay[Hi;box]'],
  ['escapes in IDs', '$addContainer[a\\;b]\n$addTextDisplay[Hi;a%{-SEMICOL-}%b]'],
  ['blanks around IDs', '$addContainer[ box ]\n$addTextDisplay[Hi; box\n]'],
  ["a parent created inside the child's own arguments", '$addTextDisplay[$addContainer[box]Hi;box]'],
  ['code after $stop never runs', '$stop\n$addTextDisplay[Hi;box]'],
  ['a modal and its inputs', '$newModal[form;Form]\n$addTextInput[name;short;Name;3;30;yes;;Ann]'],
  [
    'a modal in an earlier $if branch',
    '$if[$customID==open]\n$newModal[form;Form]\n$endif\n$addTextInput[name;short;Name]',
  ],
  ['the trigger line is not code', '$onInteraction[$addTextDisplay[x;y]]\n$addContainer[box]\n$addTextDisplay[Hi;box]'],
  // Select menus.
  ['Max equal to the options', menu(3, 3)],
  [
    'options in exclusive branches count toward the upper bound',
    '$newSelectMenu[m;1;2;Pick]\n$if[$message==a]\n$addSelectMenuOption[m;A;a;First]\n$else\n$addSelectMenuOption[m;B;b;Second]\n$endif',
  ],
  [
    'Min and Max built at run time',
    '$var[n;2]\n$newSelectMenu[m;$var[n];$var[n];Pick]\n$addSelectMenuOption[m;A;a;First]',
  ],
  [
    'an option whose menu ID is built at run time',
    '$var[id;m]\n$newSelectMenu[m;1;3;Pick]\n$addSelectMenuOption[m;A;a;First]\n$addSelectMenuOption[$var[id];B;b;Second]',
  ],
  ['$editSelectMenu without options (they are on the message already)', '$editSelectMenu[m;1;3;Pick]'],
  ['a menu for another message', '$newSelectMenu[m;1;3;Pick;123456789012345678]'],
  [
    'V2 selects with Min and Max left empty, and 25',
    '$addActionRow[r]\n$addUserSelect[u;Who?;;;no;r]\n$addActionRow[r2]\n$addChannelSelect[c;Where?;0;25;no;r2]',
  ],
  [
    "the wiki's multi-select example",
    '$newSelectMenu[Example;1;3;Choose some option]\n$addSelectMenuOption[Example;First;first-option;The first option]\n$addSelectMenuOption[Example;Second;second-option;The second option]\n$addSelectMenuOption[Example;Third;third-option;The third option]',
  ],
  // Modals.
  ['5 text inputs', `$newModal[f;Form]\n${lines(5, input('i{k}'))}`],
  [
    '5 text inputs in each of two handlers',
    `$if[$customID==a]\n$newModal[f;Form]\n${lines(5, input('a{k}'))}\n$endif\n$if[$customID==b]\n$newModal[g;Form]\n${lines(5, input('b{k}'))}\n$endif`,
  ],
  [
    'lengths at the limits',
    `$newModal[f;${'t'.repeat(45)}]\n$addTextInput[a;paragraph;${'l'.repeat(45)};0;4000;no;${'v'.repeat(4000)};${'p'.repeat(100)}]`,
  ],
  [
    'lengths built at run time',
    '$var[n;5]\n$newModal[f;Form]\n$addTextInput[a;short;Name;$var[n];$var[n];yes;$var[n]]',
  ],
  [
    "the wiki's modal example",
    '$nomention\n$newModal[modal;User Bio]\n$addTextInput[modalInput1;short;What is your name?;3;30;yes;;Mikołaj]\n$addTextInput[modalInput2;short;What are your pronouns?;2;30;yes;;He/Him]\n$addTextInput[modalInput3;paragraph;Can you tell us about yourself?;5;1000;no;;I am a Developer]',
  ],
  [
    'characters counted as Discord counts them (an emoji is one)',
    `$newModal[f;Form]\n$addTextInput[a;short;Name;1;3;yes;😀😀😀]`,
  ],
  // `$sqrt`.
  ['$sqrt of 0, of a number, of a value built at run time', '$sqrt[0] $sqrt[2.25] $sqrt[$message] $sqrt[-$message]'],
  // `$sendMessage`.
  ['embed functions outside $sendMessage', '$title[Hello]\n$sendMessage[There]'],
  ['embed functions in other senders', '$channelSendMessage[123456789012345678;$title[x]Hi]'],
  ['escaped text in $sendMessage', '$sendMessage[Write %{DOL}%title[x\\] for a title]'],
];

describe('run-time rules', () => {
  describe('reported', () => {
    for (const [what, src, codes] of REPORTED) it(`${codes.join(', ')}: ${what}`, () => void check(src, codes));
  });
  describe('not reported', () => {
    for (const [what, src] of QUIET) it(what, () => void check(src, []));
  });

  it('adds the missing `+` (preferred) or `-` to a `$roleGrant` role', () => {
    const text = '$roleGrant[$authorID;123456789012345678]';
    const { service, document } = serviceFor(text, { catalog: snapshotCatalog() });
    const diagnostics = service.validate(document);
    const range = diagnostics[0]!.range;
    const actions = service.codeActions(document, range, { diagnostics });
    const apply = (title: string): string => {
      const action = actions.find((a) => a.title === title);
      assert.ok(action, `no action "${title}" among ${actions.map((a) => a.title).join(' | ')}`);
      const edits = action.edit!.changes![document.uri]!;
      return applyOffsetEdits(
        text,
        edits.map((e) => ({
          start: document.offsetAt(e.range.start),
          end: document.offsetAt(e.range.end),
          newText: e.newText,
        })),
      );
    };
    assert.equal(apply('Add `+` (give the role)'), '$roleGrant[$authorID;+123456789012345678]');
    assert.equal(apply('Add `-` (take the role away)'), '$roleGrant[$authorID;-123456789012345678]');
    assert.equal(actions.find((a) => a.title === 'Add `+` (give the role)')!.isPreferred, true);
    check(apply('Add `+` (give the role)'), []);
  });

  it('says which parent is missing, and where a parent created too late is', () => {
    const [late] = check('$addTextDisplay[Hi;«box»]\n$addContainer[box]', [BEFORE]);
    assert.match(late!.message as string, /container "box" is created only after this `\$addTextDisplay`/);
    assert.equal(late!.relatedInformation?.[0]?.location.range.start.line, 1);
    const [other] = check(
      '$if[$customID==a]\n$addContainer[box]\n$endif\n$if[$customID==b]\n$addTextDisplay[Hi;«box»]\n$endif',
      [BEFORE],
    );
    assert.match(other!.message as string, /not created on any path that reaches this/);
    const [kind] = check(
      '$addContainer[box]\n$addTextDisplay[Hi;box]\n$addThumbnail[https://example.com/a.png;;no;«box»]',
      [MISSING],
    );
    assert.match(kind!.message as string, /No section with the ID "box".*"box" is the ID of a container here\./);
  });

  it('asks nothing about which parent runs first for a child no run reaches', () => {
    // Children after a top-level `$stop`, their container created before it: quiet, and judging
    // them must not ask the path model about each earlier creation (64 questions a child
    // before), so the questions do not grow with the creations.
    const questions = (n: number): number => {
      const parsed = parse(`${'$addContainer[box]\n'.repeat(n)}$stop\n${'$addTextDisplay[Hi;box]\n'.repeat(20)}`);
      pathModel(parsed);
      const { asked } = countingContextQuestions(() => {
        assert.deepEqual(parentFindings(parsed), []);
      });
      return asked;
    };
    assert.equal(questions(30), questions(2));
  });

  it('can be silenced per rule, and its severity changed', () => {
    check('$c[bdscript-disable-next-line role-grant-sign]\n$roleGrant[$authorID;123]', []);
    const { service, document } = serviceFor('$sqrt[-1]\n$roleGrant[$authorID;1]', {
      catalog: snapshotCatalog(),
      settings: { diagnostics: { severity: { 'number-out-of-range': 'off', 'role-grant-sign': 'error' } } },
    });
    assert.deepEqual(
      service.validate(document).map((d) => [d.code, d.severity]),
      [['role-grant-sign', 1]],
    );
  });

  // Issue #19: eight mistakes in small commands, as a new user writes them. Before these rules,
  // `bdscript check` reported two of them (a second `$else`, a missing argument).
  const ISSUE: Array<[string, string]> = [
    ['role-grant-sign', '$nomention\n$roleGrant[$authorID;987654321098765432]\nDone!'],
    [
      'component-before-parent',
      '$nomention\nPick one:\n$addSelectMenuOption[colours;Red;red;A warm colour]\n$newSelectMenu[colours;1;1;Choose]\n$addSelectMenuOption[colours;Blue;blue;A cold colour]',
    ],
    ['select-menu-limit', '$newSelectMenu[roles;1;30;Pick your roles]\n$addSelectMenuOption[roles;A;a;First]'],
    ['modal-limit', '$newModal[bio;Your bio]\n$addTextInput[about;paragraph;About you;0;5000]'],
    ['component-before-parent', '$addTextDisplay[Welcome!;main]\n$addContainer[main;#5865F2]'],
    ['duplicate-else', '$if[$message==hi]\nHello\n$else\nBye\n$else\nWhat?\n$endif'],
    ['missing-argument', '$addButton[no;ok]'],
    ['embed-in-sent-message', '$sendMessage[$title[Stats]Your stats are ready]'],
  ];
  for (const [code, src] of ISSUE) {
    it(`catches ${code} in ${JSON.stringify(src.split('\n').find((l) => l.startsWith('$') && !l.startsWith('$nomention'))!)}`, () => {
      const { service, document } = serviceFor(src, { catalog: snapshotCatalog() });
      assert.deepEqual([...new Set(service.validate(document).map((d) => String(d.code)))], [code]);
    });
  }
});
