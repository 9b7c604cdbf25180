// Documentation renderer tests: Markdown escaping and code spans checked against a real
// CommonMark renderer (markdown-it, when installed) over random text, cutting and cleaning,
// signature lines with parameter offsets, record and argument rendering, and the wiki link.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Catalog } from '../../server/src/core/catalog/catalog';
import type { Argument, FunctionRecord } from '../../server/src/core/catalog/model';
import {
  argumentName,
  cleanText,
  codeBlock,
  codeSpan,
  DOC_LIMITS,
  escapeMarkdown,
  intentNames,
  parameterIndex,
  plainText,
  recordMarkers,
  renderArgument,
  renderArgumentList,
  renderEmoji,
  renderRecord,
  renderValues,
  signature,
  singleLine,
  slotAt,
  truncate,
  wikiLink,
} from '../../server/src/core/features/docs';
import { resolveCall } from '../../server/src/core/features/resolve';
import { testCatalog, testCatalogData } from '../support/testCatalog';

function arg(name: string, opts: Partial<Argument> = {}): Argument {
  return {
    name,
    description: '',
    type: 'String',
    types: ['String'],
    unknownTypes: [],
    required: true,
    empty: false,
    repeatable: false,
    ...opts,
  };
}

function fn(name: string, args: Argument[] | null, opts: Partial<FunctionRecord> = {}): FunctionRecord {
  return {
    kind: 'function',
    tag: args ? `${name}[]` : name,
    name,
    bracketed: args !== null,
    listTag: args ? `${name}[]` : name,
    arguments: args,
    intents: 0,
    premium: false,
    shortDescription: '',
    longDescription: '',
    deprecated: false,
    ...opts,
  };
}

type Render = (md: string) => string;

/** markdown-it (installed with @vscode/vsce) with HTML and autolinks on: the harshest setting. */
function renderer(): Render | undefined {
  try {
    const MarkdownIt = require('markdown-it') as new (opts: object) => {
      render(src: string): string;
      renderInline(src: string): string;
    };
    const md = new MarkdownIt({ html: true, linkify: true });
    return (src) => md.renderInline(src);
  } catch {
    return undefined;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const MARKDOWN_SOUP = fc.string({
  unit: fc.constantFrom(
    ...'ab<>&[]()!*_`~#|\\:/.-+=@"\' \n1xé👍'.split(''),
    'https://',
    'www.',
    'command:',
    '&amp;',
    '<img src=x>',
    '```',
  ),
  maxLength: 60,
});

describe('docs', () => {
  describe('escapeMarkdown', () => {
    it('escapes every ASCII punctuation character and nothing else', () => {
      assert.equal(escapeMarkdown('a<b>&[c](d)!*_`e'), 'a\\<b\\>\\&\\[c\\]\\(d\\)\\!\\*\\_\\`e');
      assert.equal(escapeMarkdown('plain words é 👍'), 'plain words é 👍');
    });

    it('renders as the literal text, with no tag, link, image or entity, whatever the input', function () {
      const render = renderer();
      if (!render) this.skip();
      fc.assert(
        fc.property(MARKDOWN_SOUP, (raw) => {
          const text = raw.replace(/\s+/g, ' ').trim();
          const html = render(escapeMarkdown(text));
          assert.equal(html, escapeHtml(text));
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe('codeSpan', () => {
    it('holds any text literally, backticks included', function () {
      const render = renderer();
      if (!render) this.skip();
      fc.assert(
        fc.property(MARKDOWN_SOUP, (raw) => {
          const text = raw.replace(/\n/g, ' ');
          fc.pre(text.trim() !== '');
          assert.equal(render(codeSpan(text)), `<code>${escapeHtml(text)}</code>`);
        }),
        { numRuns: 2000 },
      );
    });

    it('picks a fence longer than any backtick run inside', () => {
      assert.equal(codeSpan('a`b'), '``a`b``');
      assert.equal(codeSpan('`x'), '`` `x ``');
      assert.equal(codeBlock('a ``` b'), '````bdscript\na ``` b\n````');
    });
  });

  describe('cleaning and cutting', () => {
    it('removes control and bidi characters and lone surrogates, keeps newlines and tabs', () => {
      assert.equal(cleanText('a\u0000b\u202ec\u2066d\r\ne\tf\ud800g\u0085'), 'abcd\ne\tfg');
    });

    it('cuts with an ellipsis and never splits a surrogate pair', () => {
      assert.equal(truncate('abcdef', 4), 'abc…');
      assert.equal(truncate('abc', 4), 'abc');
      const cut = truncate('ab👍cd', 4);
      assert.equal(cut, 'ab…');
      assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut));
    });

    it('bounds 100 KB strings cheaply', () => {
      const huge = 'x'.repeat(100_000);
      assert.equal(singleLine(huge).length, DOC_LIMITS.name);
      assert.equal(plainText(huge).length, DOC_LIMITS.description);
      assert.ok(plainText(huge).endsWith('…'));
    });

    it('collapses blank-line runs in prose and whitespace in single lines', () => {
      assert.equal(plainText('a\n\n\n\nb  \nc'), 'a\n\nb\nc');
      assert.equal(singleLine('  a \n b\t'), 'a b');
    });
  });

  describe('signature', () => {
    it("builds the line from the arguments with each parameter's offsets", () => {
      const sig = signature(fn('$title', [arg('Title', { empty: true }), arg('Index', { required: false })]));
      assert.equal(sig.label, '$title[Title;(Index)]');
      assert.deepEqual(
        sig.parameters.map((p) => sig.label.slice(p.start, p.end)),
        ['Title', 'Index'],
      );
    });

    it('groups the optional tail, marks repeatables and writes tuples', () => {
      assert.equal(
        signature(fn('$f', [arg('A'), arg('B', { required: false }), arg('C', { required: false })])).label,
        '$f[A;(B;C)]',
      );
      assert.equal(signature(fn('$f', [arg('A', { repeatable: true }), arg('B')])).label, '$f[A;...;B]');
      assert.equal(signature(fn('$f', [arg('A', { required: false, repeatable: true })])).label, '$f[(A;...)]');
      const tuple = signature(
        fn('$f', [arg('', { type: 'Tuple', types: ['Tuple'], repeatable: true, tupleTypes: [arg('X'), arg('Y')] })]),
      );
      assert.equal(tuple.label, '$f[<X;Y>;...]');
      assert.deepEqual(
        tuple.parameters.map((p) => [tuple.label.slice(p.start, p.end), p.param, p.member]),
        [
          ['X', 0, 0],
          ['Y', 0, 1],
        ],
      );
    });

    it('wraps an optional argument before a required one on its own', () => {
      assert.equal(signature(fn('$f', [arg('A', { required: false }), arg('B')])).label, '$f[(A);B]');
    });

    it('names unnamed arguments and cleans hostile names', () => {
      const sig = signature(fn('$f', [arg(''), arg('a\nb\u202e'), arg('z'.repeat(1000))]));
      assert.equal(sig.label.split(';')[0], '$f[argument 1');
      assert.ok(sig.label.includes('a b'));
      assert.ok(sig.label.length < 200);
    });

    it('is just the name for a bare form and `$f[]` for no arguments', () => {
      assert.equal(signature(fn('$f', null)).label, '$f');
      assert.equal(signature(fn('$f', [])).label, '$f[]');
    });

    it('finds the parameter of a binding slot', () => {
      const record = fn('$jsonSet', [arg('Key', { repeatable: true }), arg('Value')]);
      assert.equal(parameterIndex(record, slotAt(record, 2, 4)), 0);
      assert.equal(parameterIndex(record, slotAt(record, 3, 4)), 1);
      assert.equal(parameterIndex(record, slotAt(fn('$f', [arg('A')]), 1, 2)), -1);
    });
  });

  describe('records', () => {
    it('renders a record in plain text with every marker and the wiki link', () => {
      const record = fn(
        '$old',
        [
          arg('Style', { type: 'Enum', types: ['Enum'], enumData: ['a', 'b'] }),
          arg('On', { type: 'Bool', types: ['Bool'], required: false, empty: true }),
        ],
        {
          deprecated: true,
          deprecatedFor: '$new',
          premium: true,
          intents: 258,
          longDescription: 'Does <things>.',
        },
      );
      assert.equal(
        renderRecord(record, { markdown: false }),
        [
          '$old[Style;(On)]',
          'Function, with arguments',
          'Does <things>.',
          'Deprecated: use $new instead.',
          'Premium: needs a bot with premium.',
          "Intents: needs the Server Members and Presence intents enabled in the bot's settings.",
          'Arguments:\n- Style: Enum, Required; values: a, b\n- On: Bool, Vacantable; values: yes, no, true, false',
          'Wiki: https://wiki.botdesignerdiscord.com/premium/old.html',
        ].join('\n\n'),
      );
    });

    it('renders Markdown with the description escaped and the signature in a code block', () => {
      const out = renderRecord(fn('$f', [arg('A')], { shortDescription: 'Uses *stars* & <b>.' }), { markdown: true });
      assert.ok(out.startsWith('```bdscript\n$f[A]\n```'));
      assert.ok(out.includes('Uses \\*stars\\* \\& \\<b\\>\\.'));
      assert.ok(out.includes('- `A`: String, Required'));
    });

    it('says so when a deprecated function names no replacement', () => {
      assert.ok(
        renderRecord(fn('$f', null, { deprecated: true }), { markdown: false }).includes(
          'Deprecated: avoid it in new code.',
        ),
      );
    });

    it('caps long value and argument lists', () => {
      const values = Array.from({ length: 100 }, (_, i) => `v${i}`);
      assert.ok(renderValues(values, { markdown: false }).endsWith(`, and ${100 - DOC_LIMITS.values} more`));
      const args = Array.from({ length: 60 }, (_, i) => arg(`A${i}`));
      const list = renderArgumentList(args, { markdown: false });
      assert.equal(list.split('\n').length, 1 + DOC_LIMITS.arguments + 1);
      assert.ok(list.endsWith(`- and ${60 - DOC_LIMITS.arguments} more`));
    });

    it('names intents, with unknown bits by number', () => {
      assert.deepEqual(intentNames(0), []);
      assert.deepEqual(intentNames(2), ['Server Members']);
      assert.deepEqual(intentNames(256 + 2 + 8), ['Server Members', 'Presence', 'intent bits 8']);
      assert.deepEqual(recordMarkers(fn('$f', null, { premium: true, intents: 256, deprecated: true })), [
        'premium',
        'Presence intent',
        'deprecated',
      ]);
    });

    it('renders one argument with its position, group and repetition', () => {
      const record = fn('$awaitReactions', [
        arg('', {
          type: 'Tuple',
          types: ['Tuple'],
          repeatable: true,
          tupleTypes: [arg('Command name'), arg('Reaction', { type: 'Emoji', types: ['Emoji'] })],
        }),
      ]);
      const out = renderArgument(record, slotAt(record, 3, 4)!, { markdown: false });
      assert.equal(
        out,
        'Reaction, argument 1 of $awaitReactions\n\nReaction: Emoji, Required, member 2 of a group that repeats\n\nRepetition 2.',
      );
      assert.equal(argumentName(arg(''), 2, 1), 'argument 3.2');
    });

    it('renders emoji and their aliases', () => {
      assert.equal(
        renderEmoji('👍', [':thumbsup:', ':+1:'], { markdown: true }, ':+1:'),
        '👍 `:+1:`\n\nOther aliases: `:thumbsup:`',
      );
      assert.equal(
        renderEmoji('✅', [':white_check_mark:'], { markdown: false }),
        '✅ Emoji aliases: :white_check_mark:',
      );
      assert.equal(renderEmoji('x', [], { markdown: false }), 'x An emoji with no aliases.');
    });
  });

  describe('wiki link', () => {
    it('links our own wiki page and nothing from the catalog', () => {
      assert.equal(
        wikiLink(fn('$f', null, { wiki: 'bdscript/f.md' }), { markdown: true }),
        '[Open the wiki page](https://wiki.botdesignerdiscord.com/bdscript/f.html)',
      );
      // A wiki path that is not a plain page path is ignored in favour of the name.
      assert.equal(
        wikiLink(fn('$f', null, { wiki: 'javascript:alert(1)' }), { markdown: false }),
        'Wiki: https://wiki.botdesignerdiscord.com/bdscript/f.html',
      );
    });

    it('percent-encodes characters of a name that could end the link', function () {
      const link = wikiLink(fn('$a)b(c<d>e!f', null), { markdown: true });
      assert.equal(
        link,
        '[Open the wiki page](https://wiki.botdesignerdiscord.com/bdscript/a%29b%28c%3Cd%3Ee%21f.html)',
      );
      const render = renderer();
      if (!render) this.skip();
      assert.equal(
        render(link),
        '<a href="https://wiki.botdesignerdiscord.com/bdscript/a%29b%28c%3Cd%3Ee%21f.html">Open the wiki page</a>',
      );
    });
  });

  describe('resolveCall', () => {
    const call = (name: string, bracketed: boolean, triggerRoot = false) => ({ name, bracketed, triggerRoot });

    it('finds the form used, else the other form, functions before callbacks in code', () => {
      const catalog = testCatalog();
      assert.equal(resolveCall(catalog, call('$random', false))?.record.tag, '$random');
      assert.equal(resolveCall(catalog, call('$random', true))?.record.tag, '$random[Min;Max]');
      assert.deepEqual(resolveCall(catalog, call('$nomention', true))?.otherForm, true);
      assert.equal(resolveCall(catalog, call('$onJoined', true))?.record.kind, 'callback');
      assert.equal(resolveCall(catalog, call('$nothing', true)), undefined);
    });

    it('looks among callbacks first for the trigger', () => {
      const data = testCatalogData();
      const both = new Catalog({ ...data, functions: [...data.functions, fn('$onJoined', [arg('X')])] });
      assert.equal(resolveCall(both, call('$onJoined', true, true))?.record.kind, 'callback');
      assert.equal(resolveCall(both, call('$onJoined', true))?.record.kind, 'function');
    });
  });
});
