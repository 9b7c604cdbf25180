// Hover tests: names in the form used (and the other form with a note), arguments through the
// binding, callbacks, emoji aliases and emoji, plain text for clients without Markdown, hostile
// catalog text rendered harmless, and the wiki corpus as a no-throw property.

import * as assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import type { Argument, CallbackRecord, FunctionRecord } from '../../server/src/core/catalog/model';
import { DOC_LIMITS } from '../../server/src/core/features/docs';
import { marked } from '../support/markers';
import { serviceFor, type ServiceOptions } from '../support/service';
import { snapshotCatalog, testCatalogData } from '../support/testCatalog';
import { forEachCorpusOffset, hasCorpus } from '../support/shared';

interface Expect {
  /** Substrings the rendered hover must contain. */
  contains?: string[];
  /** Substrings it must not contain. */
  excludes?: string[];
  /** No hover at all. */
  none?: boolean;
}

/**
 * The one place that calls hover: at the fixture's cursor; the fixture's `«...»` is the hover
 * range expected (none: no range). Returns the rendered text.
 */
function hoverAt(src: string, expect: Expect, options: ServiceOptions = {}): string {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, options);
  const result = service.hover(document, document.positionAt(m.cursor!));
  if (expect.none) {
    assert.equal(result, null, `expected no hover, got ${JSON.stringify(result)}`);
    return '';
  }
  assert.ok(result, 'expected a hover');
  const contents = result.contents as MarkupContent;
  assert.equal(contents.kind, options.client?.markdown === false ? 'plaintext' : 'markdown');
  const value = contents.value;
  for (const s of expect.contains ?? []) assert.ok(value.includes(s), `expected ${JSON.stringify(s)} in:\n${value}`);
  for (const s of expect.excludes ?? [])
    assert.ok(!value.includes(s), `did not expect ${JSON.stringify(s)} in:\n${value}`);
  const expected = m.ranges[0];
  if (expected) {
    assert.ok(result.range, 'expected a range');
    assert.deepEqual(
      [document.offsetAt(result.range.start), document.offsetAt(result.range.end)],
      [expected.start, expected.end],
    );
  }
  return value;
}

/** markdown-it (present through @vscode/vsce) as an oracle of what a renderer makes of the text, when installed. */
function markdownRenderer(): ((md: string) => string) | undefined {
  try {
    const MarkdownIt = require('markdown-it') as new (opts: object) => { render(src: string): string };
    const md = new MarkdownIt({ html: true, linkify: true });
    return (src) => md.render(src);
  } catch {
    return undefined;
  }
}

/**
 * Characters that could start HTML, a link or an image, found outside code spans and blocks
 * without a backslash before them (a small CommonMark-minded scan: a backslash escapes the next
 * character; a run of n backticks opens a code span that the next run of exactly n closes).
 */
function unescapedOutsideCode(md: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < md.length) {
    const c = md[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 0;
      while (md[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      let j = i + n;
      let close = -1;
      while ((j = md.indexOf(fence, j)) >= 0) {
        if (md[j + n] !== '`' && md[j - 1] !== '`') {
          close = j;
          break;
        }
        while (md[j] === '`') j++;
      }
      if (close >= 0) {
        i = close + n;
        continue;
      }
      i += n;
      continue;
    }
    if ('<>[]()!&'.includes(c)) found.push(c);
    i++;
  }
  return found;
}

describe('hover', () => {
  describe('function names', () => {
    it('shows the signature, description, arguments with type and flag, values and the wiki link', () => {
      hoverAt('«$add|Button»[no;id;label;primary]', {
        contains: [
          '```bdscript\n$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]\n```',
          'Adds a button to the reply\\.',
          '`New row`: Bool, Required; values: `yes`, `no`, `true`, `false`',
          '`Label`: String, Emptiable',
          '`Style`: Enum, Required; values: `primary`, `secondary`, `success`, `danger`, `link`',
          '`Disabled`: Bool, Vacantable',
          '`Button ID/URL`: URL \\| String, Required',
          '[Open the wiki page](https://wiki.botdesignerdiscord.com/bdscript/addButton.html)',
        ],
      });
    });

    it('names the Optional flag', () => {
      hoverAt('«$ti|tle»[x]', { contains: ['`Index`: Integer, Optional'] });
    });

    it('shows the form that was used', () => {
      hoverAt('«$ran|dom»', { contains: ['```bdscript\n$random\n```', 'A random whole number'], excludes: ['Min'] });
      hoverAt('«$ran|dom»[1;5]', { contains: ['$random[Min;Max]', 'A random number between two bounds'] });
      hoverAt('«$random|»[1;5]', { contains: ['$random[Min;Max]'] });
    });

    it('falls back to the other form with a note when only that one exists', () => {
      hoverAt('«$nomen|tion»[x]', { contains: ['$nomention', 'has no form with arguments'] });
      hoverAt('«$ti|tle» text', { contains: ['$title[Title;(Index)]', 'has no form without arguments'] });
    });

    it('says nothing about unknown names', () => {
      hoverAt('$nothing|Here[x]', { none: true });
      hoverAt('plain te|xt', { none: true });
    });

    it('shows premium, intents and deprecation with the replacement', () => {
      hoverAt('«$awaitRe|actions»[a;b]', { contains: ['**Premium:** needs a bot with premium.'] });
      hoverAt('«$userJo|ined»[1]', { contains: ['**Intents:** needs the Server Members intent'] });
      hoverAt('«$getUser|Status»[1]', { contains: ['Presence intent'] });
      hoverAt('«$channelIDFrom|Name»[x]', { contains: ['**Deprecated:** use `$channelID` instead.'] });
    });

    it('shows repeatable arguments and tuple groups', () => {
      hoverAt('«$json|Set»[a;b]', { contains: ['$jsonSet[Key;...;Value]', '`Key`: String, Required, repeatable'] });
      hoverAt('«$await|Reactions»[a;b]', {
        contains: ['$awaitReactions[<Command name;Reaction>;...]', 'repeats as a group', '`Reaction`: Emoji, Required'],
      });
    });

    it('documents the comment function on $c', () => {
      hoverAt('«$|c»[note]', { contains: ['$c[Comment]'] });
    });

    it('gives plain text without Markdown escapes to clients without Markdown', () => {
      const value = hoverAt(
        '«$channelIDFrom|Name»[x]',
        { contains: ['$channelIDFromName[Channel name]', 'Deprecated: use $channelID instead.', 'Wiki: https://'] },
        { client: { markdown: false } },
      );
      assert.ok(!value.includes('\\'), value);
      assert.ok(!value.includes('```'), value);
      assert.ok(!value.includes('**'), value);
    });
  });

  describe('callbacks', () => {
    it('documents a callback in the trigger', () => {
      hoverAt('«$onJoi|ned»[123]\nWelcome!', {
        contains: [
          '$onJoined[Channel ID]',
          'Callback',
          'Runs when a member joins the server',
          'Server Members intent',
          'callbacks/onJoined.html',
        ],
      });
      hoverAt('«$always|Reply»\nHi', { contains: ['**Premium:**'] });
    });

    it('documents a callback used in code too', () => {
      hoverAt('Hi\n«$onJoi|ned»[123]', { contains: ['$onJoined[Channel ID]'] });
    });
  });

  describe('arguments', () => {
    it('shows the parameter an argument fills, with type, flag and values', () => {
      hoverAt('$addButton[no;id;label;«pri|mary»]', {
        contains: ['**Style**, argument 4 of `$addButton`', 'Enum, Required', '`danger`'],
      });
      hoverAt('$addButton[«n|o»;id;label;primary]', { contains: ['**New row**', 'Bool, Required'] });
      hoverAt('$title[x;«|2»]', { contains: ['**Index**', 'Integer, Optional'] });
    });

    it('binds repeatable arguments in the middle and tuples', () => {
      hoverAt('$jsonSet[a;«b|»;c]', { contains: ['**Key**', 'Repetition 2'] });
      hoverAt('$jsonSet[a;b;«c|»]', { contains: ['**Value**', 'Integer \\| String \\| Bool \\| Float'] });
      hoverAt('$awaitReactions[a;b;c;«|d»]', {
        contains: ['**Reaction**', 'member 2 of a group that repeats', 'Repetition 2'],
      });
    });

    it('says nothing for an argument too many or of an unknown function', () => {
      hoverAt('$random[1;2;«3|»]', { none: true });
      hoverAt('$nothing[«a|»]', { none: true });
    });

    it('covers the cursor also when it sits in blanks around the value', () => {
      hoverAt('$title[x;«|  2»]', { contains: ['**Index**'] });
    });

    it("says Discord's cap on a message part's text and this text's length (the table of shapes)", () => {
      hoverAt('$addButton[no;id; «Go|» ;primary]', {
        contains: ['**Label**', 'Discord takes at most 80 characters here; this text has 2.'],
      });
      hoverAt(`$addButton[no;id;«${'x'.repeat(85)}|»;primary]`, { contains: ['this text has 85, 5 too many.'] });
      hoverAt('$addButton[no;«https://example.com|»;Docs;link]', { contains: ['at most 512 characters'] });
      hoverAt('$title[«Hi| $username»]', {
        contains: ['at most 256 characters here; this text is made when the command runs.'],
      });
      hoverAt('$addButton[no;id;Go;«pri|mary»]', { excludes: ['Discord takes'] });
    });

    it('lists the IDs the command gives that an argument naming a component may take', () => {
      hoverAt(
        '$addContainer[box]\n$addActionRow[row;box]\n$addSection[sec;box]\n$addButtonCV2[b;B;primary;no;;«r|ow»]',
        { contains: ['IDs this command gives that fit here: `row` (`$addActionRow`), `sec` (`$addSection`).'] },
        { catalog: snapshotCatalog() },
      );
      hoverAt(
        '$removeComponent[«|x»]',
        { contains: ['This command gives no ID that fits here yet.'] },
        { catalog: snapshotCatalog() },
      );
    });
  });

  describe('emoji', () => {
    it('shows the emoji and its other aliases on an alias', () => {
      hoverAt('Nice «:thumb|sup:» work', { contains: ['👍', '`:thumbsup:`', 'Other aliases: `:+1:`'] });
      hoverAt('Nice «|:thumbsup:» work', { contains: ['👍'] });
      hoverAt('Nice «:thumbsup|:» work', { contains: ['👍'] });
      hoverAt('$addReactions[«:+|1:»]', { contains: ['👍', '`:thumbsup:`'] });
    });

    it('shows the aliases on an emoji', () => {
      hoverAt('Nice «|👍» work', { contains: ['Emoji aliases: `:thumbsup:`, `:+1:`'] });
      hoverAt('Press «|#️⃣»', { contains: ['`:hash:`'] });
    });

    it('says nothing for unknown aliases and plain colons', () => {
      hoverAt('Nice :nope|nope: work', { none: true });
      hoverAt('Time 12|:30', { none: true });
    });
  });

  describe('untrusted catalog text', () => {
    const hostile = [
      '<img src=x onerror=alert(1)> <script>alert(2)</script> &amp; &lt;b&gt;',
      '[click me](command:workbench.action.terminal.new) <command:evil> https://evil.example/x www.evil.example',
      '![tracker](https://evil.example/pixel.png)',
      '# Heading\n- list\n> quote\n| a | b |\n**bold** _em_ `code`',
      '\u202eevil\u202c bidi and \u0000 control',
      'A'.repeat(100_000),
    ].join('\n\n');

    function hostileCatalog(): Catalog {
      const data = testCatalogData();
      const functions: FunctionRecord[] = data.functions.map((f) =>
        f.name === '$random' && f.bracketed
          ? {
              ...f,
              longDescription: hostile,
              arguments: f.arguments!.map((a: Argument, i: number): Argument =>
                i === 0
                  ? {
                      ...a,
                      name: 'Mi`n <b>x</b> [l](command:x)',
                      type: 'Enum',
                      types: ['Enum'],
                      enumData: ['a`b', '<i>', '](command:y)', 'z'.repeat(100_000)],
                    }
                  : a,
              ),
            }
          : f,
      );
      const callbacks: CallbackRecord[] = data.callbacks.map((c) =>
        c.name === '$onJoined' ? { ...c, description: hostile } : c,
      );
      return new Catalog({ ...data, functions, callbacks, emoji: { ...data.emoji, '<img src=x>': [':evil:'] } });
    }

    const cases: Array<[string, string]> = [
      ['function', '$ran|dom[1;2]'],
      ['callback', '$onJoi|ned[1]\nhi'],
      ['argument', '$random[|1;2]'],
      ['emoji', 'x :ev|il: y'],
    ];

    for (const [what, src] of cases) {
      it(`renders a ${what} from hostile text as escaped, cut text with no HTML, links or images`, function () {
        const value = hoverAt(src, {}, { catalog: hostileCatalog() });
        assert.ok(value.length < 8_000, `hover is ${value.length} characters`);
        assert.ok(!/[\u202e\u202c\u0000]/.test(value), 'control and bidi characters are removed');
        // Outside code spans and blocks, every `<`, `[`, `]`, `(`, `)`, `!` and `&` is escaped.
        const withoutWiki = value.replace(
          /\[Open the wiki page\]\(https:\/\/wiki\.botdesignerdiscord\.com\/[^\s)]+\)/g,
          '',
        );
        assert.deepEqual(unescapedOutsideCode(withoutWiki), [], withoutWiki.slice(0, 400));
        const render = markdownRenderer();
        if (!render) this.skip();
        const html = render(value);
        assert.doesNotMatch(html, /<(img|script|b|i)\b/i);
        assert.doesNotMatch(html, /command:/.test(html) ? /href="command:/ : /$^/);
        const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((h) => h[1]!);
        for (const href of hrefs)
          assert.ok(href.startsWith('https://wiki.botdesignerdiscord.com/'), `unexpected link ${href}`);
      });
    }

    it('cuts a 100 KB description to a sane length with an ellipsis', () => {
      const value = hoverAt('$ran|dom[1;2]', { contains: ['…'] }, { catalog: hostileCatalog() });
      const longest = Math.max(...value.split('\n').map((l) => l.length));
      assert.ok(longest <= DOC_LIMITS.description * 2, `a line of ${longest} characters`);
    });

    it('keeps plain text free of escapes but still cut and cleaned', () => {
      const value = hoverAt(
        '$ran|dom[1;2]',
        { contains: ['<img src=x onerror=alert(1)>', '…'] },
        { catalog: hostileCatalog(), client: { markdown: false } },
      );
      assert.ok(!value.includes('\\<'), 'no Markdown escapes in plain text');
      assert.ok(value.length < 8_000);
    });
  });

  describe('wiki corpus', () => {
    it('answers at every position of every block without throwing, with ranges around the cursor', function () {
      if (!hasCorpus()) this.skip();
      this.timeout(120_000);
      const { service } = serviceFor('', { catalog: snapshotCatalog() });
      let answered = 0;
      forEachCorpusOffset((document, offset) => {
        const result = service.hover(document, document.positionAt(offset));
        if (!result) return;
        answered++;
        assert.ok((result.contents as MarkupContent).value.length > 0);
        if (result.range) {
          const code = document.getText();
          const start = document.offsetAt(result.range.start);
          const end = document.offsetAt(result.range.end);
          assert.ok(
            start <= offset && offset <= end && end <= code.length,
            `range ${start}-${end} misses ${offset} in ${JSON.stringify(code)}`,
          );
        }
      });
      assert.ok(answered > 10_000, `expected many hovers, got ${answered}`);
    });
  });
});
