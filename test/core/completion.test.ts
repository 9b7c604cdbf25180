// Completion tests: names after `$` in both forms with snippets, plain text and full tags;
// ordering and markers; values inside arguments; names from the document; emoji; the trigger
// context; comments; client capabilities; caps; and the wiki corpus as a no-throw property.
// Every case is data for one helper, asserted on the text after the chosen item is applied.

import * as assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, Range } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import type { FunctionRecord } from '../../server/src/core/catalog/model';
import { COMPLETION_LIMITS } from '../../server/src/core/features/completion';
import { MINIMAL_CLIENT, type CompletionContext } from '../../server/src/core/features/types';
import { marked } from '../support/markers';
import { serviceFor, type ServiceOptions } from '../support/service';
import { snapshotCatalog, testCatalog, testCatalogData } from '../support/testCatalog';
import { forEachCorpusOffset, hasCorpus } from '../support/shared';

interface Expect {
  /** Labels that must be offered. */
  includes?: string[];
  /** Labels that must not be offered. */
  excludes?: string[];
  /** Labels that must appear in this order once sorted by sortText (others may sit between). */
  order?: string[];
  /** The label to apply; defaults to the first of `includes`. */
  pick?: string;
  /** The document after applying the picked item, `|` marking where the cursor lands. */
  resultText?: string;
  /** No items at all. */
  empty?: boolean;
  incomplete?: boolean;
}

interface Options extends ServiceOptions {
  context?: CompletionContext;
}

interface Outcome {
  list: CompletionList;
  /** Items sorted as a client sorts them: by sortText, then label. */
  sorted: CompletionItem[];
  labels: string[];
  resolve(item: CompletionItem): CompletionItem;
}

/** The one place that calls completion: runs it at the fixture's cursor and checks the expectation. */
function complete(src: string, expect: Expect, options: Options = {}): Outcome {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, options);
  const list = service.complete(document, document.positionAt(m.cursor!), options.context);
  const sorted = [...list.items].sort(
    (a, b) => key(a).localeCompare(key(b)) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
  const labels = sorted.map(shown);
  for (const item of list.items)
    for (const r of editRanges(item)) assertInside(r, document.offsetAt.bind(document), m.text.length);
  if (expect.empty) assert.deepEqual(labels, [], 'expected no completions');
  for (const label of expect.includes ?? [])
    assert.ok(labels.includes(label), `expected ${JSON.stringify(label)} among ${JSON.stringify(labels.slice(0, 40))}`);
  for (const label of expect.excludes ?? [])
    assert.ok(!labels.includes(label), `did not expect ${JSON.stringify(label)}`);
  if (expect.order) {
    const positions = expect.order.map((l) => labels.indexOf(l));
    positions.forEach((p, i) => assert.ok(p >= 0, `expected ${expect.order![i]} in the list`));
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
      `expected order ${expect.order.join(' < ')}, got ${JSON.stringify(labels.slice(0, 40))}`,
    );
  }
  if (expect.incomplete !== undefined) assert.equal(list.isIncomplete, expect.incomplete);
  const pick = expect.pick ?? expect.includes?.[0];
  if (expect.resultText !== undefined) {
    assert.ok(pick, 'resultText needs an item to pick');
    const item = list.items.find((i) => shown(i) === pick);
    assert.ok(item, `no item ${pick}`);
    assert.equal(
      applyItem(m.text, item, (p) => document.offsetAt(p)),
      expect.resultText,
    );
  }
  return { list, sorted, labels, resolve: (item) => service.resolveCompletion(item) };
}

/**
 * An item as a row shows it: the label and, beside it, the label details' argument list
 * (`$addButton` + `[New row;...]`); tests name items this way, so both forms stay distinct.
 */
function shown(item: CompletionItem): string {
  return item.label + (item.labelDetails?.detail ?? '');
}

function key(item: CompletionItem): string {
  return item.sortText ?? item.label;
}

function editRanges(item: CompletionItem): Range[] {
  const edit = item.textEdit;
  if (!edit) return [];
  return 'range' in edit ? [edit.range] : [edit.insert, edit.replace];
}

function assertInside(range: Range, offsetAt: (p: Range['start']) => number, length: number): void {
  const start = offsetAt(range.start);
  const end = offsetAt(range.end);
  assert.ok(start >= 0 && start <= end && end <= length, `range ${JSON.stringify(range)} outside the document`);
  // offsetAt clamps, so also compare the positions themselves with what they map back to.
  assert.ok(range.start.line >= 0 && range.start.character >= 0 && range.end.line >= range.start.line);
}

/** Applies an item's edit (the replace range of an insert/replace edit), expanding a snippet to its defaults. */
function applyItem(text: string, item: CompletionItem, offsetAt: (p: Range['start']) => number): string {
  const edit = item.textEdit;
  assert.ok(edit, `item ${item.label} has no textEdit`);
  const range = 'range' in edit ? edit.range : edit.replace;
  const start = offsetAt(range.start);
  const end = offsetAt(range.end);
  const { text: inserted, cursor } =
    item.insertTextFormat === 2 ? expandSnippet(edit.newText) : { text: edit.newText, cursor: edit.newText.length };
  const out = text.slice(0, start) + inserted + text.slice(end);
  const at = start + cursor;
  return out.slice(0, at) + '|' + out.slice(at);
}

/**
 * Expands a snippet the way an editor shows it before the user types: placeholders become their
 * text, choices their first option; the cursor goes to tabstop 1 (or `$0` when there is none).
 */
function expandSnippet(snippet: string): { text: string; cursor: number } {
  let out = '';
  const stops = new Map<number, number>();
  let i = 0;
  const readInt = (): number => {
    let j = i;
    while (j < snippet.length && /\d/.test(snippet[j]!)) j++;
    const n = Number(snippet.slice(i, j));
    i = j;
    return n;
  };
  const readUntil = (ends: string): string => {
    let s = '';
    while (i < snippet.length && !ends.includes(snippet[i]!)) {
      if (snippet[i] === '\\' && i + 1 < snippet.length) {
        s += snippet[i + 1];
        i += 2;
      } else s += snippet[i++];
    }
    return s;
  };
  while (i < snippet.length) {
    const c = snippet[i]!;
    if (c === '\\' && i + 1 < snippet.length) {
      out += snippet[i + 1];
      i += 2;
    } else if (c === '$' && /\d/.test(snippet[i + 1] ?? '')) {
      i++;
      const n = readInt();
      if (!stops.has(n)) stops.set(n, out.length);
    } else if (c === '$' && snippet[i + 1] === '{') {
      i += 2;
      const n = readInt();
      if (!stops.has(n)) stops.set(n, out.length);
      if (snippet[i] === ':') {
        i++;
        out += readUntil('}');
        i++;
      } else if (snippet[i] === '|') {
        i++;
        const options: string[] = [readUntil(',|')];
        while (snippet[i] === ',') {
          i++;
          options.push(readUntil(',|'));
        }
        out += options[0];
        i += 2; // `|}`
      } else {
        i++; // `}`
      }
    } else {
      out += c;
      i++;
    }
  }
  const firstStop = [...stops.keys()].filter((n) => n > 0).sort((a, b) => a - b)[0];
  const cursor = firstStop !== undefined ? stops.get(firstStop)! : (stops.get(0) ?? out.length);
  return { text: out, cursor };
}

const BUTTON = '$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]';

/** The test catalog with extra function records (copies of existing ones under new names). */
function catalogWith(
  extra: Array<{ from: string; name: string; bracketed?: boolean; patch?: Partial<FunctionRecord> }>,
): Catalog {
  const data = testCatalogData();
  const functions = [...data.functions];
  for (const e of extra) {
    const base = data.functions.find((f) => f.name === e.from && f.bracketed === (e.bracketed ?? f.bracketed))!;
    functions.push({
      ...base,
      name: e.name,
      tag: e.name + base.tag.slice(base.name.length),
      listTag: base.bracketed ? e.name + '[]' : e.name,
      ...e.patch,
    });
  }
  return new Catalog({ ...data, functions });
}

describe('completion', () => {
  describe('function names after $', () => {
    it('completes a prefix with a snippet named after the required arguments', () => {
      complete('$addBu|', { includes: [BUTTON], resultText: '$addButton[|yes;Button ID/URL;Label;primary]' });
    });

    it('replaces the whole name under the cursor, including the part after it', () => {
      complete('$add|Bu x', { includes: [BUTTON], resultText: '$addButton[|yes;Button ID/URL;Label;primary] x' });
      complete('Hi $usern|ame!', { includes: ['$username'], resultText: 'Hi $username|!' });
    });

    it('completes the name the cursor ends when another call follows at once', () => {
      complete('$addBu|$title[Hi]', {
        includes: [BUTTON],
        excludes: ['$title[Title;(Index)]'],
        resultText: '$addButton[|yes;Button ID/URL;Label;primary]$title[Hi]',
      });
    });

    it('gives an insert/replace edit when the client supports it, a plain edit otherwise', () => {
      const full = complete('$ti|tle', { includes: ['$title[Title;(Index)]'] });
      const edit = full.list.items.find((i) => shown(i) === '$title[Title;(Index)]')!.textEdit!;
      assert.ok('insert' in edit && 'replace' in edit);
      assert.deepEqual([edit.insert.end.character, edit.replace.end.character], [3, 6]);
      const plain = complete('$ti|tle', { includes: ['$title[Title;(Index)]'] }, { client: { insertReplace: false } });
      const plainEdit = plain.list.items.find((i) => shown(i) === '$title[Title;(Index)]')!.textEdit!;
      assert.ok('range' in plainEdit);
      assert.deepEqual([plainEdit.range.start.character, plainEdit.range.end.character], [0, 6]);
    });

    it('offers both forms of a name as distinct items', () => {
      const out = complete('$rand|', {
        includes: ['$random', '$random[Min;Max]'],
        pick: '$random',
        resultText: '$random|',
      });
      complete('$rand|', { includes: ['$random[Min;Max]'], resultText: '$random[|Min;Max]' });
      const bare = out.list.items.find((i) => shown(i) === '$random')!;
      const bracketed = out.list.items.find((i) => shown(i) === '$random[Min;Max]')!;
      assert.equal(bare.filterText, '$random');
      assert.equal(bracketed.filterText, '$random');
      assert.notEqual(bare.sortText, bracketed.sortText);
    });

    it('offers every function after a lone $', () => {
      complete('Hi $| there', {
        includes: ['$nomention', BUTTON],
        pick: '$nomention',
        resultText: 'Hi $nomention| there',
      });
      complete('$title[$|]', { includes: ['$username[User ID]'], resultText: '$title[$username[|User ID]]' });
    });

    it('matches by prefix first, then by subsequence, deprecated last', () => {
      const out = complete('x $on|', {
        includes: [
          '$onlyPerms[Permission;...;Error message]',
          '$description[Message;(Index)]',
          '$channelIDFromName[Channel name]',
        ],
        order: [
          '$onlyPerms[Permission;...;Error message]',
          '$description[Message;(Index)]',
          '$channelIDFromName[Channel name]',
        ],
      });
      assert.ok(!out.labels.includes('$random'), 'names that match neither way are left out');
    });

    it('puts exact-case prefix matches before other-case ones, common names first, then the rest alphabetically', () => {
      const catalog = catalogWith([
        { from: '$username', name: '$Username', bracketed: false },
        { from: '$username', name: '$userBadge', bracketed: false },
        { from: '$username', name: '$userBanner', bracketed: false },
      ]);
      // `$username` is common in real code; `$userBadge` and `$userBanner` are not.
      complete('x $user|', { order: ['$username', '$userBadge', '$userBanner', '$Username'] }, { catalog });
      complete('x $User|', { order: ['$Username', '$username', '$userBadge'] }, { catalog });
    });

    it('ranks $sendMessage first for $sen, exact matches first, and keeps subsequence matches after', () => {
      const catalog = snapshotCatalog();
      const sen = complete('$sen|', { includes: ['$sendMessage[Message;(Return ID)]'] }, { catalog });
      const names = sen.sorted.map((i) => i.label);
      assert.equal(names[0], '$sendMessage');
      // `$sendEmbedMessage` is used in the wiki's code, `$sendNotification` is not.
      assert.ok(names.indexOf('$sendEmbedMessage') < names.indexOf('$sendNotification'), JSON.stringify(names));
      // An exact name before longer common ones that start with it.
      const exact = complete('$var|', { includes: ['$var[Name;(Value)]'] }, { catalog });
      assert.equal(exact.sorted[0]!.label, '$var');
      // Shorter names before longer ones among the uncommon; subsequence matches after every prefix match.
      const fuzzy = complete('$sndmsg|', { includes: ['$sendMessage[Message;(Return ID)]'] }, { catalog });
      assert.ok(
        fuzzy.sorted.every((i) => i.sortText!.charAt(2) === '2'),
        'only subsequence matches here',
      );
      const mixed = complete('$role|', {}, { catalog });
      const firstFuzzy = mixed.sorted.findIndex((i) => i.sortText!.charAt(2) === '2');
      const lastPrefix = mixed.sorted.map((i) => i.sortText!.charAt(2) !== '2').lastIndexOf(true);
      assert.ok(firstFuzzy < 0 || lastPrefix < firstFuzzy, 'prefix matches before subsequence matches');
    });

    it('labels a row with the name, the arguments beside it and the whole tag in detail', () => {
      const out = complete('$addBu|', { includes: [BUTTON] });
      const item = out.list.items.find((i) => shown(i) === BUTTON)!;
      assert.equal(item.label, '$addButton');
      assert.equal(item.labelDetails?.detail, '[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]');
      assert.equal(item.detail, BUTTON);
      const random = complete('$rand|', { includes: ['$random', '$random[Min;Max]'] });
      const forms = random.list.items.filter((i) => i.label === '$random');
      assert.equal(forms.length, 2, 'both forms are items of their own');
      assert.deepEqual(forms.map((i) => i.detail).sort(), ['$random', '$random[Min;Max]']);
      // A client without label details sees the name, and the tag in detail.
      const plain = complete('$addBu|', { includes: ['$addButton'] }, { client: { completionLabelDetails: false } });
      const plainItem = plain.list.items.find((i) => i.label === '$addButton')!;
      assert.equal(plainItem.labelDetails, undefined);
      assert.equal(plainItem.detail, BUTTON);
    });

    it('inserts only the name when a [ already follows, and offers only bracketed forms', () => {
      complete('$ti|[Hello]', {
        includes: ['$title[Title;(Index)]'],
        excludes: ['$nomention', '$random'],
        resultText: '$title|[Hello]',
      });
      complete('$ran|[1;2]', { includes: ['$random[Min;Max]'], resultText: '$random|[1;2]' });
    });

    it('gives optional arguments placeholders when the setting asks for it', () => {
      complete('$tit|', { includes: ['$title[Title;(Index)]'], resultText: '$title[|Title]' });
      complete(
        '$tit|',
        { includes: ['$title[Title;(Index)]'], resultText: '$title[|Title;Index]' },
        { settings: { completion: { optionalArguments: true } } },
      );
    });

    it('puts the cursor inside the brackets when no argument gets a placeholder', () => {
      complete('$roun|', { includes: ['$round[Number;(Decimal place)]'], resultText: '$round[|Number]' });
      const catalog = catalogWith([
        {
          from: '$title',
          name: '$onlyIndex',
          bracketed: true,
          patch: { arguments: [testCatalogData().functions.find((f) => f.name === '$title')!.arguments![1]!] },
        },
      ]);
      complete('$onlyInd|', { includes: ['$onlyIndex[(Index)]'], resultText: '$onlyIndex[|]' }, { catalog });
    });

    it('offers choices for Enum and Bool arguments', () => {
      const out = complete('$addBu|', { includes: [BUTTON] });
      const snippet = out.list.items.find((i) => shown(i) === BUTTON)!.textEdit!.newText;
      assert.match(snippet, /\$\{1\|yes,no\|\}/);
      assert.match(snippet, /\$\{4\|primary,secondary,success,danger,link\|\}/);
    });

    it('expands tuples and repeatable arguments once', () => {
      complete('$awaitR|', {
        includes: ['$awaitReactions[<Command name;Reaction>;...]'],
        resultText: '$awaitReactions[|Command name;Reaction]',
      });
      complete('$jsonS|', { includes: ['$jsonSet[Key;...;Value]'], resultText: '$jsonSet[|Key;Value]' });
    });

    it('inserts the full tag text in the app style', () => {
      const out = complete(
        '$tit|',
        { includes: ['$title[Title;(Index)]'], resultText: '$title[Title;(Index)]|' },
        { settings: { completion: { insertStyle: 'fullTag' } } },
      );
      assert.equal(out.list.items.find((i) => shown(i) === '$title[Title;(Index)]')!.insertTextFormat, 1);
    });

    it('inserts plain text without snippet support: `$name[` for bracketed forms', () => {
      const client = { ...MINIMAL_CLIENT };
      const out = complete('$tit|', { includes: ['$title'], resultText: '$title[|' }, { client });
      for (const item of out.list.items) {
        assert.notEqual(item.insertTextFormat, 2, 'no snippets for a client without snippet support');
        assert.ok(!item.textEdit!.newText.includes('${'));
      }
      complete('$rand|', { includes: ['$random'], resultText: '$random|' }, { client });
    });

    it('escapes the $ of the name inside snippets', () => {
      const out = complete('$tit|', { includes: ['$title[Title;(Index)]'] });
      assert.ok(
        out.list.items.find((i) => shown(i) === '$title[Title;(Index)]')!.textEdit!.newText.startsWith('\\$title['),
      );
    });
  });

  describe('markers and documentation', () => {
    it('tags deprecated items, or marks them deprecated for clients without tags', () => {
      const tagged = complete('x $channelIDF|', { includes: ['$channelIDFromName[Channel name]'] }).list.items[0]!;
      assert.deepEqual(tagged.tags, [1]);
      const flagged = complete(
        'x $channelIDF|',
        { includes: ['$channelIDFromName[Channel name]'] },
        { client: { completionDeprecatedTag: false } },
      ).list.items[0]!;
      assert.equal(flagged.deprecated, true);
      assert.equal(flagged.tags, undefined);
    });

    it('shows premium and intents in the detail and the label details', () => {
      const premium = complete('x $awaitR|', { includes: ['$awaitReactions[<Command name;Reaction>;...]'] }).list
        .items[0]!;
      assert.match(premium.detail!, /premium/);
      assert.match(premium.labelDetails!.description!, /premium/);
      const intents = complete('x $userJ|', { includes: ['$userJoined[User ID;(Format)]'] }).list.items[0]!;
      assert.match(intents.detail!, /Server Members intent/);
      const plain = complete('x $userJ|', { includes: ['$userJoined'] }, { client: { completionLabelDetails: false } })
        .list.items[0]!;
      assert.equal(plain.labelDetails, undefined);
      assert.match(plain.detail!, /Server Members intent/);
    });

    it('carries documentation at once when the list is short', () => {
      const item = complete('x $addBu|', { includes: [BUTTON] }).list.items[0]!;
      assert.equal((item.documentation as { kind: string }).kind, 'markdown');
      assert.match((item.documentation as { value: string }).value, /Adds a button to the reply/);
    });

    it("renders a record's documentation once while its name is typed, and again for another language or plain text", () => {
      const catalog = testCatalog();
      const docOf = (src: string, options: Options = {}) =>
        complete(src, { includes: [BUTTON] }, { catalog, ...options }).list.items.find((i) => shown(i) === BUTTON)!
          .documentation as { kind: string; value: string };
      const first = docOf('x $addBu|');
      // The next keystroke's completion shows the same page: the same object, not rendered again.
      assert.equal(docOf('x $addBut|'), first);
      const russian = docOf('x $addBu|', { settings: { locale: 'ru' } });
      assert.notEqual(russian.value, first.value);
      assert.equal(docOf('x $addBut|', { settings: { locale: 'ru' } }), russian);
      const plain = docOf('x $addBu|', { client: { markdown: false } });
      assert.equal(plain.kind, 'plaintext');
      assert.equal(docOf('x $addBu|').kind, 'markdown');
    });

    it('leaves documentation to resolve in long lists, and resolve fills it', () => {
      const out = complete('x $|', { includes: ['$random[Min;Max]'] });
      assert.ok(out.list.items.length > COMPLETION_LIMITS.eagerDocumentation);
      const item = out.list.items.find((i) => shown(i) === '$random[Min;Max]')!;
      assert.equal(item.documentation, undefined);
      const resolved = out.resolve(item);
      assert.match((resolved.documentation as { value: string }).value, /A random number between two bounds/);
      assert.match((resolved.documentation as { value: string }).value, /\$random\[Min;Max\]/);
    });

    it('gives plain-text documentation to clients without Markdown', () => {
      const item = complete(
        'x $channelIDF|',
        { includes: ['$channelIDFromName[Channel name]'] },
        { client: { markdown: false } },
      ).list.items[0]!;
      const doc = item.documentation as { kind: string; value: string };
      assert.equal(doc.kind, 'plaintext');
      assert.match(doc.value, /Deprecated: use \$channelID instead\./);
      assert.ok(!doc.value.includes('\\'), 'no Markdown escapes in plain text');
    });

    it('resolve leaves items it cannot place unchanged', () => {
      const out = complete('x $|', { includes: ['$random'] });
      for (const data of [
        undefined,
        null,
        5,
        { k: 'f', n: '$nope', b: true },
        { k: 'x', n: '$random', b: false },
        { k: 'f', n: 7, b: true },
      ]) {
        const item: CompletionItem = { label: 'x', data };
        assert.deepEqual(out.resolve(item), item);
      }
    });
  });

  describe('inside arguments', () => {
    it('offers enum values and replaces the value under the cursor', () => {
      complete('$addButton[no;id;label;|]', {
        includes: ['primary', 'danger'],
        pick: 'danger',
        resultText: '$addButton[no;id;label;danger|]',
      });
      complete('$addButton[no;id;label;pri|]', {
        includes: ['primary'],
        resultText: '$addButton[no;id;label;primary|]',
      });
      complete('$addButton[no;id;label; seco|ndary ]', {
        includes: ['secondary'],
        resultText: '$addButton[no;id;label; secondary| ]',
      });
    });

    it("replaces only the cursor's line of a value that spans lines (an LSP edit is one line)", () => {
      complete('$addButton[no;id;label;\nprim|\nary]', {
        includes: ['primary'],
        resultText: '$addButton[no;id;label;\nprimary|\nary]',
      });
    });

    it('offers yes and no for Bool arguments', () => {
      complete('$addButton[|]', {
        includes: ['yes', 'no'],
        order: ['yes', 'no'],
        pick: 'no',
        resultText: '$addButton[no|]',
      });
      complete('$addButton[no;id;label;primary;|]', { includes: ['yes', 'no'] });
    });

    it('offers permission names for Permission arguments, also for a repeatable one in the middle', () => {
      complete('$onlyPerms[|;Denied]', {
        includes: ['admin', 'ban', 'managemessages'],
        pick: 'ban',
        resultText: '$onlyPerms[ban|;Denied]',
      });
      complete('$onlyPerms[admin;|;Denied]', { includes: ['kick'] });
      complete('$onlyPerms[admin;ban;|]', { excludes: ['kick', 'admin'] });
    });

    it('offers permission names where the catalog types a permission argument as String, keeping a sign', () => {
      const catalog = snapshotCatalog();
      complete(
        '$editChannelPerms[$channelID;$guildID;|]',
        { includes: ['sendmessages', 'managemessages'] },
        { catalog },
      );
      complete(
        '$editChannelPerms[$channelID;$guildID;-send|]',
        { includes: ['-sendmessages'], resultText: '$editChannelPerms[$channelID;$guildID;-sendmessages|]' },
        { catalog },
      );
      complete('$checkUserPerms[$authorID;|]', { includes: ['admin'] }, { catalog });
      complete('$editChannelPerms[|;$guildID;ban]', { excludes: ['admin'] }, { catalog });
    });

    it('offers emoji, not functions, in an empty emoji argument', () => {
      const out = complete('$addButton[no;id;label;primary;no;|]', {
        includes: [':thumbsup: 👍', ':white_check_mark: ✅'],
        excludes: ['$random', '$nomention'],
      });
      assert.equal(out.list.items.find((i) => i.label === ':thumbsup: 👍')!.textEdit!.newText, ':thumbsup:');
      complete('$addReactions[👍;thu|]', {
        includes: [':thumbsup: 👍'],
        excludes: [':hash: #️⃣'],
        pick: ':thumbsup: 👍',
        resultText: '$addReactions[👍;:thumbsup:|]',
      });
      // A call there is left alone; Bool and Enum arguments keep their values.
      complete('$addButton[no;id;label;primary;|]', { includes: ['yes'], excludes: [':thumbsup: 👍'] });
    });

    it('offers values before functions, and functions only on an explicit request', () => {
      const out = complete('$addButton[no;id;label;|]', {
        includes: ['primary', '$random'],
        order: ['link', '$random'],
      });
      assert.ok(out.labels.indexOf('primary') < out.labels.indexOf('$nomention'));
      const typed = complete(
        '$addButton[no;id;label;|]',
        { includes: ['primary'], excludes: ['$random'] },
        { context: { triggerKind: 2, triggerCharacter: ';' } },
      );
      assert.ok(typed.labels.every((l) => !l.startsWith('$')));
    });

    it('offers nothing but functions where the argument holds code', () => {
      complete('$addButton[no;id;label;$random |]', { excludes: ['primary'], includes: ['$random'] });
    });

    it("offers names of $var from the document in $var's first argument", () => {
      complete('$var[counter;1]\n$var[name;x]\n$var[|]', {
        includes: ['counter', 'name'],
        order: ['counter', 'name'],
        pick: 'counter',
        resultText: '$var[counter;1]\n$var[name;x]\n$var[counter|]',
      });
      complete('$var[counter;1]\n$var[co|]', { includes: ['counter'], resultText: '$var[counter;1]\n$var[counter|]' });
      complete('$var[only|]', { excludes: ['only'] });
      complete('$var[x;|]', { excludes: ['x'] });
    });

    it('offers names of $async blocks in $await', () => {
      complete('$async[fetch]\n$endasync\n$async[other]\n$endasync\n$await[|]', {
        includes: ['fetch', 'other'],
        pick: 'other',
        resultText: '$async[fetch]\n$endasync\n$async[other]\n$endasync\n$await[other|]',
      });
    });

    it('escapes values so that they stay one argument', () => {
      const data = testCatalogData();
      const functions = data.functions.map((f) =>
        f.name === '$error' ? { ...f, arguments: [{ ...f.arguments![0]!, enumData: ['a;b', 'c]d', '$x'] }] } : f,
      );
      const catalog = new Catalog({ ...data, functions });
      complete('$error[|]', { includes: ['a;b'], resultText: '$error[a\\;b|]' }, { catalog });
      complete('$error[|]', { includes: ['c]d'], resultText: '$error[c\\]d|]' }, { catalog });
      complete('$error[|]', { includes: ['$x'], resultText: '$error[%{DOL}%x|]' }, { catalog });
    });
  });

  describe('emoji', () => {
    it('inserts the emoji itself in message text', () => {
      complete('Hello :thu|', { includes: [':thumbsup: 👍'], resultText: 'Hello 👍|' });
      complete('$title[Nice :thu|]', { includes: [':thumbsup: 👍'], resultText: '$title[Nice 👍|]' });
    });

    it('inserts the alias in an argument that takes an emoji', () => {
      complete('$addReactions[:thu|]', { includes: [':thumbsup: 👍'], resultText: '$addReactions[:thumbsup:|]' });
      complete('$addButton[no;id;label;primary;no;:whi|]', {
        includes: [':white_check_mark: ✅'],
        resultText: '$addButton[no;id;label;primary;no;:white_check_mark:|]',
      });
      complete('$awaitReactions[cmd;:thu|]', {
        includes: [':thumbsup: 👍'],
        resultText: '$awaitReactions[cmd;:thumbsup:|]',
      });
    });

    it('replaces the whole alias under the cursor, closing colon included', () => {
      complete('Hi :thu|mbsup: there', { includes: [':thumbsup: 👍'], resultText: 'Hi 👍| there' });
    });

    it('needs a letter after the colon, and offers nothing in comments or names', () => {
      complete('Time 12:|', { empty: true }, { context: { triggerKind: 2, triggerCharacter: ':' } });
      complete('Hello :|', { empty: true }, { context: { triggerKind: 2, triggerCharacter: ':' } });
      complete('Hello :+|', { excludes: [':+1: 👍'] });
      complete('$c[:thu|]', { empty: true });
    });

    it('caps long alias lists and marks them incomplete', () => {
      const out = complete('Hi :s|', { incomplete: true }, { catalog: snapshotCatalog() });
      assert.equal(out.list.items.length, COMPLETION_LIMITS.emoji);
    });
  });

  describe('trigger context', () => {
    it('offers callbacks first at the start of a document', () => {
      const out = complete('$on|', {
        includes: ['$onJoined[Channel ID]', '$onlyPerms[Permission;...;Error message]'],
        order: ['$onInteraction', '$onlyPerms[Permission;...;Error message]'],
      });
      assert.ok(
        out.labels.indexOf('$onJoined[Channel ID]') < out.labels.indexOf('$onlyPerms[Permission;...;Error message]'),
        'callbacks first',
      );
      assert.equal(out.list.items.find((i) => shown(i) === '$onJoined[Channel ID]')!.kind, 23 /* Event */);
      complete('\n\n  $onJ|', { includes: ['$onJoined[Channel ID]'], resultText: '\n\n  $onJoined[|Channel ID]' });
    });

    it('offers callbacks on the trigger line of a document that has one', () => {
      complete('$onJoin|ed[123]\nHello', { includes: ['$onJoined[Channel ID]'], resultText: '$onJoined|[123]\nHello' });
    });

    it('offers no callbacks in code', () => {
      complete('$nomention\n$onJ|', { excludes: ['$onJoined[Channel ID]'] });
      complete('$onJoined[123]\nHello $on|', {
        excludes: ['$onJoined[Channel ID]'],
        includes: ['$onlyPerms[Permission;...;Error message]'],
      });
      complete('$onJoined[$on|]', { excludes: ['$onJoined[Channel ID]'] });
    });

    it('offers callbacks on an explicit request in an empty document', () => {
      complete('|', {
        includes: ['$alwaysReply', '$random'],
        order: ['$alwaysReply', '$random'],
        pick: '$alwaysReply',
        resultText: '$alwaysReply|',
      });
    });
  });

  describe('where nothing or only some things fit', () => {
    it('offers nothing inside a comment', () => {
      complete('$c[$ti|]', { empty: true });
      complete('$c[note |', { empty: true });
      complete('$title[a $c[x $r|] b]', { empty: true });
    });

    it('offers functions on an explicit request where no word is being typed, not while typing prose', () => {
      complete('Hello |', { includes: ['$random'], resultText: 'Hello $random|', pick: '$random' });
      complete('Hello wor|', { empty: true });
      complete('Hello |', { empty: true }, { context: { triggerKind: 2, triggerCharacter: '[' } });
    });

    it("offers nothing for an unknown call's arguments but functions", () => {
      complete('$nothing[|]', { includes: ['$random'], excludes: ['yes'] });
    });
  });

  describe('limits', () => {
    it('caps names and marks the list incomplete, then narrows as the name is typed', () => {
      const catalog = snapshotCatalog();
      const all = complete('x $|', { incomplete: true }, { catalog });
      assert.equal(all.list.items.length, COMPLETION_LIMITS.names);
      const some = complete(
        'x $addB|',
        { incomplete: false, includes: ['$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]'] },
        { catalog },
      );
      assert.ok(some.list.items.length < 20);
    });
  });

  describe('wiki corpus', () => {
    it('answers at every position of every block without throwing, with every range inside the document', function () {
      if (!hasCorpus()) this.skip();
      this.timeout(120_000);
      // One service for every block (documents differ by URI), as the server holds one.
      const { service } = serviceFor('', { catalog: snapshotCatalog() });
      const calls = forEachCorpusOffset(
        (document, offset) => {
          const list = service.complete(document, document.positionAt(offset));
          const seen = new Set<Range>();
          for (const item of list.items) {
            for (const r of editRanges(item)) {
              if (seen.has(r)) continue;
              seen.add(r);
              const start = document.offsetAt(r.start);
              const end = document.offsetAt(r.end);
              assert.ok(
                start <= offset && offset <= end,
                `range ${start}-${end} misses the cursor ${offset} in ${JSON.stringify(document.getText())}`,
              );
              const back = document.positionAt(end);
              assert.ok(
                back.line === r.end.line && back.character === r.end.character,
                `range end outside ${JSON.stringify(document.getText())}`,
              );
            }
          }
        },
        (code) => (code.length <= 400 ? 1 : 7),
      );
      assert.ok(calls > 50_000, `expected to try many positions, tried ${calls}`);
    });
  });
});
