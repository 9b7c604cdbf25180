// Components as data: each rule reported and not reported, with the cases the path model is for
// (exclusive `$if` branches, interaction handlers on `$customID`, code after `$stop`, `$try` and
// `$catch`, components sent to another message), the beginner hints (link buttons, messages over
// 2,000 characters), and completion of component IDs where arguments take them.

import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { componentFindings } from '../../server/src/core/features/components';
import { messageFindings } from '../../server/src/core/features/messages';
import { pathModel } from '../../server/src/core/features/paths';
import { countingContextQuestions } from '../support/pathQuestions';
import { parse } from '../../server/src/core/parser/parser';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const CODES = new Set([
  'action-row-limit',
  'component-limit',
  'duplicate-custom-id',
  'components-v2-embed',
  'link-button-url',
  'message-too-long',
]);

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
  // The fixtures are valid code otherwise: nothing but the rule under test.
  const others = all.filter((d) => !CODES.has(String(d.code)));
  assert.deepEqual(
    others.map((d) => d.message),
    [],
    'other diagnostics',
  );
  return found;
}

/** `n` copies of a line, with `{k}` replaced by 1..n. */
function lines(n: number, line: string): string {
  return Array.from({ length: n }, (_, k) => line.replaceAll('{k}', String(k + 1))).join('\n');
}

const btn = (id: string, newRow = 'no') => `$addButton[${newRow};${id};Label;primary]`;
const ROW = 'action-row-limit';
const LIMIT = 'component-limit';
const DUP = 'duplicate-custom-id';
const V2E = 'components-v2-embed';
const LINK = 'link-button-url';
const LONG = 'message-too-long';

const REPORTED: Array<[string, string, string[]]> = [
  ['a 6th button in one row', `${lines(5, btn('b{k}'))}\n«$addButton»[no;b6;Label;primary]`, [ROW]],
  [
    'a row started with yes and 5 more',
    `${btn('b0', 'yes')}\n${lines(4, btn('b{k}'))}\n«$addButton»[no;b9;Label;primary]`,
    [ROW],
  ],
  [
    'buttons before a branch and in it',
    `${lines(3, btn('a{k}'))}\n$if[$message==x]\n${lines(2, btn('b{k}'))}\n«$addButton»[no;c;Label;primary]\n$endif`,
    [ROW],
  ],
  ['a 6th row of buttons', `${lines(5, btn('b{k}', 'yes'))}\n«$addButton»[yes;b6;Label;primary]`, [LIMIT]],
  [
    'a select menu needing a 6th row',
    `${lines(5, btn('b{k}', 'yes'))}\n«$newSelectMenu»[menu;1;1;Pick]\n$addSelectMenuOption[menu;One;1;First]`,
    [LIMIT],
  ],
  ['two buttons with one ID', `${btn('same')}\n$addButton[no;«same»;Other;primary]`, [DUP]],
  [
    "a select menu with a button's ID",
    `${btn('pick')}\n$newSelectMenu[«pick»;1;1;Choose]\n$addSelectMenuOption[pick;One;1;First]`,
    [DUP],
  ],
  [
    'one ID before a branch and in it',
    `${btn('x')}\n$if[$message==y]\n$addButton[no;«x»;Again;primary]\n$endif`,
    [DUP],
  ],
  ['Components V2 with an embed', '$title[Hello]\n«$addContainer»[box]\n$addTextDisplay[Hi;box]', [V2E]],
  ['an embed after Components V2', '«$addContainer»[box]\n$addTextDisplay[Hi;box]\n$description[text]', [V2E]],
  [
    'V2 and an embed in one handler, not the other',
    '$if[$customID==a]\n«$addTextDisplay»[Hi]\n$title[Hello]\n$endif\n$if[$customID==b]\n$addTextDisplay[Bye]\n$endif',
    [V2E],
  ],
  ['41 Components V2 components', `${lines(40, '$addTextDisplay[Line {k}]')}\n«$addSeparator»`, [LIMIT]],
  [
    '4 texts in a section',
    `$addSection[s]\n$addThumbnail[https://example.com/a.png;;no;s]\n${lines(3, '$addTextDisplay[T{k};s]')}\n«$addTextDisplay»[T4;s]`,
    [LIMIT],
  ],
  [
    '11 items in a gallery',
    `$addMediaGallery[g]\n${lines(10, '$addMediaGalleryItem[https://example.com/{k}.png;;no;g]')}\n«$addMediaGalleryItem»[https://example.com/11.png;;no;g]`,
    [LIMIT],
  ],
  [
    '26 options in a select menu',
    `$newSelectMenu[m;1;1;Pick]\n${lines(25, '$addSelectMenuOption[m;O{k};v{k};Option {k}]')}\n«$addSelectMenuOption»[m;O26;v26;Option 26]`,
    [LIMIT],
  ],
  [
    '6 buttons in a V2 row',
    `$addActionRow[r]\n${lines(5, '$addButtonCV2[b{k};B;primary;no;;r]')}\n«$addButtonCV2»[b6;B;primary;no;;r]`,
    [ROW],
  ],
  [
    'a button in a V2 row with a select menu',
    '$addActionRow[r]\n$addStringSelect[s;Pick;1;1;no;r]\n$addStringSelectOption[One;1;First;;no;s]\n«$addButtonCV2»[b;B;primary;no;;r]',
    [ROW],
  ],
  ['a link button without a URL', '$addButton[no;«help»;Help;link]', [LINK]],
  ['a URL on a primary button', '$addButton[no;«https://botdesignerdiscord.com»;Site;primary]', [LINK]],
  ['a URL on a V2 success button', '$addActionRow[r]\n$addButtonCV2[«https://example.com»;Go;success;no;;r]', [LINK]],
  ['a reply over 2,000 characters', `${'x'.repeat(1500)}\n«${'y'.repeat(600)}»`, [LONG]],
  ['a sent message over 2,000 characters', `$sendMessage[«${'z'.repeat(2001)}»]`, [LONG]],
  // The wiki's own customID example with one more button per handler row: each handler's message is judged.
  [
    'a 6th button inside one handler',
    `$if[$customID==open]\n${lines(5, btn('o{k}'))}\n«$addButton»[no;o6;Label;primary]\n$endif\n$if[$customID==close]\n${lines(5, btn('c{k}'))}\n$endif`,
    [ROW],
  ],
];

const QUIET: Array<[string, string]> = [
  ['5 buttons in a row', lines(5, btn('b{k}'))],
  ['yes starts a new row', `${lines(5, btn('b{k}'))}\n${btn('c', 'yes')}\n${lines(4, btn('d{k}'))}`],
  ['New row built at run time', `${lines(5, btn('b{k}'))}\n$addButton[$var[row;yes]$var[row];b6;Label;primary]`],
  [
    'exclusive branches',
    `$if[$message==a]\n${lines(3, btn('a{k}'))}\n$else\n${lines(3, btn('b{k}'))}\n$endif\n${lines(2, btn('c{k}'))}`,
  ],
  [
    'exclusive elseif chain',
    `$if[$message==a]\n${lines(5, btn('a{k}'))}\n$elseif[$message==b]\n${lines(5, btn('b{k}'))}\n$endif`,
  ],
  [
    'different interaction handlers',
    `$if[$customID==save]\n${lines(4, btn('s{k}'))}\n$endif\n$if[$customID==load]\n${lines(4, btn('l{k}'))}\n$endif`,
  ],
  [
    'handlers built the wiki way (with -$authorID)',
    `$if[$customID==a-$authorID]\n${lines(4, btn('s{k}'))}\n$endif\n$if[$customID==b-$authorID]\n${lines(4, btn('l{k}'))}\n$endif`,
  ],
  [
    'code after $stop in a branch',
    `$if[$message==a]\n${lines(4, btn('a{k}'))}\n$stop\n$endif\n${lines(4, btn('b{k}'))}`,
  ],
  ['code after $stop', `${lines(4, btn('a{k}'))}\n$stop\n${lines(4, btn('b{k}'))}`],
  ['the try body and its catch', `$try\n${lines(4, btn('a{k}'))}\n$catch\n${lines(4, btn('b{k}'))}\n$endtry`],
  [
    'buttons for another message',
    `${lines(5, btn('b{k}'))}\n$addButton[no;b6;Label;primary;no;;$messageID]\n$addButton[no;b1;Label;primary;no;;123456789012345678]`,
  ],
  ['buttons removed before more are added', `${lines(5, btn('b{k}'))}\n$removeButtons\n${lines(5, btn('b{k}'))}`],
  [
    'one ID in exclusive branches and handlers',
    `$if[$customID==a]\n${btn('x')}\n$endif\n$if[$customID==b]\n${btn('x')}\n$endif\n$if[$message==1]\n${btn('y')}\n$else\n${btn('y')}\n$endif`,
  ],
  ['IDs built at run time', `${btn('b-$authorID')}\n${btn('b-$authorID')}`],
  [
    'link buttons may share a URL',
    '$addButton[no;https://example.com;A;link]\n$addButton[no;https://example.com;B;link]',
  ],
  ['an edited button keeps its ID', `${btn('a')}\n$editButton[a;Label;danger;yes;]`],
  [
    'V2 and embeds in different handlers',
    '$if[$customID==a]\n$addContainer[box]\n$addTextDisplay[Hi;box]\n$endif\n$if[$customID==b]\n$title[Hello]\n$endif',
  ],
  ['V2 and embeds in exclusive branches', '$if[$message==a]\n$addTextDisplay[Hi]\n$else\n$title[Hello]\n$endif'],
  ['40 V2 components', lines(40, '$addTextDisplay[Line {k}]')],
  [
    '3 texts in a section',
    `$addSection[s]\n$addThumbnail[https://example.com/a.png;;no;s]\n${lines(3, '$addTextDisplay[T{k};s]')}`,
  ],
  ['25 options', `$newSelectMenu[m;1;1;Pick]\n${lines(25, '$addSelectMenuOption[m;O{k};v{k};Option {k}]')}`],
  [
    'options of two menus',
    `$newSelectMenu[m;1;1;Pick]\n${lines(15, '$addSelectMenuOption[m;O{k};v{k};Option {k}]')}\n$newSelectMenu[n;1;1;Pick]\n${lines(15, '$addSelectMenuOption[n;O{k};v{k};Option {k}]')}`,
  ],
  [
    'a link button with a URL, a button with an ID, styles built at run time',
    '$addButton[no;https://example.com;Site;link]\n$addButton[no;help;Help;primary]\n$addButton[no;x;X;$toLowercase[LINK]]',
  ],
  ['2,000 characters, blanks not counted', `${'x'.repeat(1000)}\n${' '.repeat(500)}${'y'.repeat(1000)}`],
  ['long text in exclusive branches', `$if[$message==a]\n${'x'.repeat(1500)}\n$else\n${'y'.repeat(1500)}\n$endif`],
  ['long text after $stop', `${'x'.repeat(1500)}\n$stop\n${'y'.repeat(1500)}`],
  ['a long argument that is not a message', `$description[${'t'.repeat(2500)}]`],
  // The wiki's examples.
  [
    'bdscript/customID.md',
    '$nomention\nPick a button!\n$addButton[no;button1-$authorID;Button #1;primary;no;]\n$addButton[no;button2-$authorID;Button #2;primary;no;]',
  ],
  [
    'guides/.../aboutButtons.md#10',
    '$nomention\nClick the button below!\n$addButton[no;test;Click;primary]\n$addButton[no;button;Button disabled;secondary;yes]\n$addButton[yes;https://botdesignerdiscord.com/;Link;link]',
  ],
];

describe('components', () => {
  describe('reported', () => {
    for (const [what, src, codes] of REPORTED) it(`${codes.join(', ')}: ${what}`, () => void check(src, codes));
  });
  describe('not reported', () => {
    for (const [what, src] of QUIET) it(what, () => void check(src, []));
  });

  it('names the limit and points a duplicate at the first ID', () => {
    const [row] = check(`${lines(5, btn('b{k}'))}\n«$addButton»[no;b6;Label;primary]`, [ROW]);
    assert.match(row!.message as string, /6th button in one action row; a row holds at most 5/);
    const [dup] = check(`${btn('same')}\n$addButton[no;«same»;Other;primary]`, [DUP]);
    assert.match(dup!.message as string, /"same" is already used/);
    assert.equal(dup!.relatedInformation?.[0]?.location.range.start.line, 0);
  });

  it('walks no path for the message text when no path through the blocks can pass the limit', () => {
    // 3,000 characters in all, at most 1,500 on any path; the same with one branch over the
    // limit is reported. Walking the paths asks the model where each run of text sits.
    const questions = (text: string): { found: number; asked: number } => {
      const parsed = parse(text);
      pathModel(parsed);
      const { result: found, asked } = countingContextQuestions(() => messageFindings(parsed).length);
      return { found, asked };
    };
    const branches = (a: number, b: number) => `$if[a==b]\n${'x'.repeat(a)}\n$else\n${'y'.repeat(b)}\n$endif`;
    assert.deepEqual(questions(branches(1500, 1500)), { found: 0, asked: 0 });
    assert.equal(questions(branches(1000, 2100)).found, 1);
  });

  it('walks no path for a count that no path through the blocks can take past its limit', () => {
    // 50 Components V2 text displays in all, at most 25 on any path (Discord allows 40): no
    // walk. With 45 in one branch, the 41st is reported.
    const questions = (text: string): { found: string[]; asked: number } => {
      const parsed = parse(text);
      pathModel(parsed);
      const { result: found, asked } = countingContextQuestions(() => componentFindings(parsed).map((f) => f.code));
      return { found, asked };
    };
    const branches = (a: number, b: number) =>
      `$if[a==b]\n${lines(a, '$addTextDisplay[t{k}]')}\n$else\n${lines(b, '$addTextDisplay[u{k}]')}\n$endif`;
    assert.deepEqual(questions(branches(25, 25)), { found: [], asked: 0 });
    assert.deepEqual(questions(branches(45, 5)).found, [LIMIT]);
  });

  it('can be silenced per rule', () => {
    check(`${lines(5, btn('b{k}'))}\n$c[bdscript-disable-next-line action-row-limit]\n${btn('b6')}`, []);
    const { service, document } = serviceFor('$addButton[no;help;Help;link]', {
      catalog: snapshotCatalog(),
      settings: { diagnostics: { severity: { 'link-button-url': 'off' } } },
    });
    assert.deepEqual(
      service.validate(document).map((d) => d.code),
      [],
    );
  });
});

describe('component ID completion', () => {
  function labelsAt(src: string): string[] {
    const m = marked(src, { cursor: 'required' });
    const { service, document } = serviceFor(m.text, { catalog: snapshotCatalog() });
    return service.complete(document, document.positionAt(m.cursor!)).items.map((i) => i.label);
  }

  const doc = [
    '$addButton[no;confirm;OK;primary]',
    '$addButton[no;https://example.com;Site;link]',
    '$newSelectMenu[colour;1;1;Pick]',
    '$newModal[form;Form]',
    '$addTextInput[name;short;Name]',
    '$addContainer[box]',
    '$addSection[side;box]',
    '$addActionRow[row1;box]',
    '$addMediaGallery[pics]',
  ].join('\n');

  const cases: Array<[string, string[], string[]]> = [
    ['$editButton[|]', ['confirm'], ['https://example.com', 'colour', 'box']],
    ['$if[$customID==|]\n$endif', ['confirm', 'colour', 'form'], ['box', 'name']],
    ['$if[$customID == co|]\n$endif', ['confirm', 'colour'], []],
    ['$addSelectMenuOption[|]', ['colour'], ['confirm']],
    ['$input[|]', ['name'], ['confirm']],
    ['$addTextDisplay[Hi;|]', ['box', 'side'], ['row1', 'confirm']],
    ['$addButtonCV2[b;B;primary;no;;|]', ['row1', 'side'], ['box']],
    ['$addMediaGalleryItem[https://example.com/a.png;;no;|]', ['pics'], ['box']],
  ];
  for (const [at, includes, excludes] of cases) {
    it(at, () => {
      const labels = labelsAt(`${doc}\n${at}`);
      for (const l of includes) assert.ok(labels.includes(l), `${l} in ${JSON.stringify(labels.slice(0, 20))}`);
      for (const l of excludes) assert.ok(!labels.includes(l), `${l} not expected`);
    });
  }

  it('completes interaction IDs in the trigger `$onInteraction[...]`', () => {
    const labels = labelsAt(`$onInteraction[|]\n${doc}`);
    assert.ok(labels.includes('confirm') && labels.includes('form'), JSON.stringify(labels.slice(0, 20)));
  });
});
