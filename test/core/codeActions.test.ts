// Code action tests: fixes carried by diagnostics (validated, deduplicated), "Add missing `]`",
// escaping a selection and the silence directives, each asserted on the text after the edit.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { parse } from '../../server/src/core/parser/parser';
import { forEachLeaf } from '../../server/src/core/parser/query';
import { applyOffsetEdits, marked } from '../support/markers';
import { serviceFor } from '../support/service';

interface Fixture {
  text: string;
  /** Offsets of the request range: `«...»`, else the cursor `|`. */
  start: number;
  end: number;
}

function fixture(src: string): Fixture {
  const m = marked(src);
  if (m.ranges.length > 0) return { text: m.text, start: m.ranges[0]!.start, end: m.ranges[0]!.end };
  assert.notEqual(m.cursor, undefined, `fixture needs «range» or |cursor: ${src}`);
  return { text: m.text, start: m.cursor!, end: m.cursor! };
}

/** A diagnostic as a client would echo it: offsets turned into a range, data as given. */
function diag(text: string, code: string, start: number, end: number, data?: unknown, source = 'bdscript'): Diagnostic {
  const { document } = serviceFor(text);
  return {
    range: { start: document.positionAt(start), end: document.positionAt(end) },
    code,
    source,
    message: code,
    ...(data !== undefined ? { data } : {}),
  };
}

/** The one helper that asks for code actions; returns them with a way to apply one. */
function actionsAt(
  src: string,
  opts: { diagnostics?: (text: string) => Diagnostic[]; only?: string[]; validate?: boolean } = {},
): { text: string; actions: CodeAction[]; apply: (title: string) => string; titles: string[] } {
  const { text, start, end } = fixture(src);
  const { service, document } = serviceFor(text);
  const diagnostics = opts.validate ? service.validate(document) : (opts.diagnostics?.(text) ?? []);
  const actions = service.codeActions(
    document,
    { start: document.positionAt(start), end: document.positionAt(end) },
    { diagnostics, ...(opts.only ? { only: opts.only } : {}) },
  );
  const apply = (title: string): string => {
    const found = actions.filter((a) => a.title === title);
    assert.equal(found.length, 1, `expected one action "${title}", got: ${actions.map((a) => a.title).join(' | ')}`);
    const edits = found[0]!.edit!.changes![document.uri]!;
    return applyOffsetEdits(
      text,
      edits.map((e) => ({
        start: document.offsetAt(e.range.start),
        end: document.offsetAt(e.range.end),
        newText: e.newText,
      })),
    );
  };
  return { text, actions, apply, titles: actions.map((a) => a.title) };
}

describe('code actions', () => {
  describe('fixes carried by diagnostics', () => {
    it('turns a deprecated replacement into a preferred quick fix that keeps the arguments', () => {
      const r = actionsAt('$channel|IDFromName[general]', {
        diagnostics: (t) => [
          diag(t, 'deprecated', 0, 18, {
            fixes: [
              {
                title: 'Replace with `$channelID`',
                edits: [{ start: 0, end: 18, newText: '$channelID' }],
                preferred: true,
              },
            ],
          }),
        ],
      });
      assert.equal(r.apply('Replace with `$channelID`'), '$channelID[general]');
      const action = r.actions.find((a) => a.title === 'Replace with `$channelID`')!;
      assert.equal(action.kind, 'quickfix');
      assert.equal(action.isPreferred, true);
      assert.equal(action.diagnostics?.[0]?.code, 'deprecated');
    });

    it('offers each "did you mean" and applies the chosen one', () => {
      const r = actionsAt('Hi $usr|name!', {
        diagnostics: (t) => [
          diag(t, 'unknown-function', 3, 11, {
            fixes: [
              { title: 'Change to `$username`', edits: [{ start: 3, end: 11, newText: '$username' }] },
              { title: 'Change to `$userID`', edits: [{ start: 3, end: 11, newText: '$userID' }] },
            ],
          }),
        ],
      });
      assert.equal(r.apply('Change to `$username`'), 'Hi $username!');
      assert.equal(r.apply('Change to `$userID`'), 'Hi $userID!');
      assert.equal(r.actions.find((a) => a.title === 'Change to `$userID`')!.isPreferred, undefined);
    });

    it('drops malformed data and edits outside the document without throwing', () => {
      const bad: unknown[] = [
        null,
        'fixes',
        { fixes: 'nope' },
        { fixes: [null, 1, { title: 'No edits', edits: [] }] },
        { fixes: [{ title: 42, edits: [{ start: 0, end: 1, newText: 'x' }] }] },
        { fixes: [{ title: 'Past the end', edits: [{ start: 0, end: 999, newText: 'x' }] }] },
        { fixes: [{ title: 'Negative', edits: [{ start: -1, end: 1, newText: 'x' }] }] },
        { fixes: [{ title: 'Backwards', edits: [{ start: 3, end: 1, newText: 'x' }] }] },
        { fixes: [{ title: 'Fraction', edits: [{ start: 0.5, end: 1, newText: 'x' }] }] },
        { fixes: [{ title: 'Number text', edits: [{ start: 0, end: 1, newText: 7 }] }] },
        {
          fixes: [
            {
              title: 'Overlap',
              edits: [
                { start: 0, end: 3, newText: 'x' },
                { start: 2, end: 4, newText: 'y' },
              ],
            },
          ],
        },
        { fixes: [{ title: '   ', edits: [{ start: 0, end: 1, newText: 'x' }] }] },
      ];
      const r = actionsAt('$tit|le[x]', { diagnostics: (t) => bad.map((data) => diag(t, 'wrong-form', 0, 6, data)) });
      assert.deepEqual(
        r.titles.filter((t) => !t.startsWith('Silence')),
        [],
      );
      const good = actionsAt('$tit|le[x]', {
        diagnostics: (t) => [
          diag(t, 'wrong-form', 0, 6, {
            fixes: [
              {
                title: 'Ok',
                edits: [
                  { start: 6, end: 6, newText: '!' },
                  { start: 0, end: 0, newText: '>' },
                ],
              },
            ],
          }),
        ],
      });
      assert.equal(good.apply('Ok'), '>$title![x]');
    });

    it('ignores diagnostics from other sources, with a malformed range, or outside the range', () => {
      const fix = { fixes: [{ title: 'Fix it', edits: [{ start: 0, end: 0, newText: '!' }] }] };
      const r = actionsAt('$title[x]\n|$title[y]', {
        diagnostics: (t) => [
          diag(t, 'wrong-form', 0, 6, fix),
          diag(t, 'wrong-form', 10, 16, fix, 'other-linter'),
          {
            ...diag(t, 'wrong-form', 10, 16, fix),
            range: { start: { line: -1, character: 0 }, end: { line: 1, character: 1 } },
          } as Diagnostic,
        ],
      });
      assert.deepEqual(r.titles, []);
    });
  });

  describe('add missing ]', () => {
    const cases: Array<[string, string]> = [
      ['$ti|tle[Hello\n$description[x]', '$title[Hello]\n$description[x]'],
      ['$title[Hello   |\nnext', '$title[Hello]   \nnext'],
      // Nested unclosed calls on the same line close together.
      ['$ti|tle[$username[$authorID\nnext', '$title[$username[$authorID]]\nnext'],
      // A comment or a closed call spanning the line end pushes the `]` past it.
      ['$ti|tle[a $c[note\nstill note] b\nnext', '$title[a $c[note\nstill note] b]\nnext'],
      ['$ti|tle[$replaceText[a\nb;c;d] tail\nnext', '$title[$replaceText[a\nb;c;d] tail]\nnext'],
      ['$title[x] $descr|iption[y', '$title[x] $description[y]'],
    ];
    for (const [src, expected] of cases) {
      it(JSON.stringify(src), () => {
        const r = actionsAt(src);
        const title = r.titles.find((t) => t.startsWith('Add missing'));
        assert.ok(title, r.titles.join(' | '));
        const after = r.apply(title);
        assert.equal(after, expected);
      });
    }

    it('closes only the call it names when an inner one is unclosed on a later line', () => {
      const r = actionsAt('$ti|tle[a\n$username[b');
      assert.equal(r.apply('Add missing `]` to `$title[`'), '$title[a]\n$username[b');
      assert.equal(
        parse(r.apply('Add missing `]` to `$title[`')).problems.filter((p) => p.code === 'unclosed-bracket').length,
        1,
      );
    });

    it('closes an unclosed comment at the end of its first line', () => {
      assert.equal(actionsAt('$c[no|te\n$title[x').apply('Add missing `]` to `$c[`'), '$c[note]\n$title[x');
      assert.equal(
        actionsAt('$title[a] $c[|note  \nmore').apply('Add missing `]` to `$c[`'),
        '$title[a] $c[note]  \nmore',
      );
      // A `]` after a lone backslash would be escaped text, so no fix is offered there.
      assert.ok(!actionsAt('$c[no|te\\\nmore').titles.some((t) => t.startsWith('Add')));
    });

    it('offers at most three, the calls named in the range first, then the innermost', () => {
      const r = actionsAt('$title[$p[$q[$r[$s[x|');
      assert.deepEqual(
        r.titles.filter((t) => t.startsWith('Add')),
        ['Add missing `]` to `$s[`', 'Add missing `]` to `$r[`', 'Add missing `]` to `$q[`'],
      );
      assert.equal(r.apply('Add missing `]` to `$r[`'), '$title[$p[$q[$r[$s[x]]');
      assert.deepEqual(
        r.actions.filter((a) => a.title.startsWith('Add')).map((a) => a.isPreferred === true),
        [true, false, false],
      );
      const named = actionsAt('$ti|tle[$p[$q[$r[$s[x');
      assert.equal(named.titles.filter((t) => t.startsWith('Add'))[0], 'Add missing `]` to `$title[`');
      assert.equal(named.apply('Add missing `]` to `$title[`'), '$title[$p[$q[$r[$s[x]]]]]');
    });

    it("is offered only when the range touches the call's first line, attaches its diagnostic and is not duplicated", () => {
      assert.deepEqual(
        actionsAt('$title[x] and |more $description[y').titles.filter((t) => t.startsWith('Add')),
        [],
      );
      assert.deepEqual(
        actionsAt('$description[y\nmo|re').titles.filter((t) => t.startsWith('Add')),
        [],
      );
      const r = actionsAt('$title[|x', { validate: true });
      const adds = r.actions.filter((a) => a.title.startsWith('Add missing'));
      assert.equal(adds.length, 1);
      assert.equal(adds[0]!.diagnostics?.[0]?.code, 'unclosed-bracket');
      const dup = actionsAt('$title[|x', {
        diagnostics: (t) => [
          diag(t, 'unclosed-bracket', 6, 7, {
            fixes: [{ title: 'Close it', edits: [{ start: 8, end: 8, newText: ']' }] }],
          }),
        ],
      });
      assert.deepEqual(
        dup.titles.filter((t) => !t.startsWith('Silence')),
        ['Close it'],
      );
    });
  });

  describe('escape selection', () => {
    const title = 'Escape `;`, `]` and `$` in selection';
    const cases: Array<[string, string]> = [
      ['«$username;x]»', '%{DOL}%username\\;x\\]'],
      ['$title[«Hello; world $username»]', '$title[Hello\\; world %{DOL}%username]'],
      // Existing escapes stay as they are.
      ['«a\\;b %{DOL}%x; \\\\ %{-SEMICOL-}% %ESCAPED%»', 'a\\;b %{DOL}%x\\; \\\\ %{-SEMICOL-}% %ESCAPED%'],
      // An argument that ended too early: its `]` becomes text.
      ['$description[«[link](url)»]', '$description[[link\\](url)]'],
      // A whole comment becomes text; its own escapes are kept.
      ['«$c[a;b\\]c]»', '%{DOL}%c[a\\;b\\]c\\]'],
      // A selection starting inside a comment escape keeps the pair.
      ['$c[a\\«]b;»c]', '$c[a\\]b\\;c]'],
      // Whole calls: the `$` of each name, separators and closers.
      ['«$random[1;$random[2;3]]»', '%{DOL}%random[1\\;%{DOL}%random[2\\;3\\]\\]'],
    ];
    for (const [src, expected] of cases) {
      it(JSON.stringify(src), () => {
        const r = actionsAt(src);
        assert.equal(r.apply(title), expected);
        assert.equal(r.actions.find((a) => a.title === title)!.kind, 'refactor.rewrite');
      });
    }

    it('is not offered when nothing needs escaping or the range is empty', () => {
      assert.ok(!actionsAt('«hello [world» \\; %{DOL}%').titles.includes(title));
      assert.equal(actionsAt('«[a]»').apply(title), '[a\\]');
      assert.ok(!actionsAt('$title[x|;y]').titles.includes(title));
    });

    it('is not offered on a function name or for a selection of blanks', () => {
      for (const src of [
        '«$addButton»[no;a;b;primary]',
        '$«addButton»[no;a;b;primary]',
        '$add«Butt»on[x]',
        'x $«username» y',
        '«  »$title[a;b]',
        '$title[a;«\n»b]',
      ]) {
        assert.ok(!actionsAt(src).titles.includes(title), src);
      }
      // A selection that goes on past the name is text to escape, and so is a whole bare call.
      assert.equal(actionsAt('«$username;»').apply(title), '%{DOL}%username\\;');
      assert.equal(actionsAt('Hi «$username»!').apply(title), 'Hi %{DOL}%username!');
    });

    it('becomes a quick fix when a related diagnostic is in range', () => {
      const r = actionsAt('$description[«[link](url)»]', { validate: true });
      const action = r.actions.find((a) => a.title === title)!;
      assert.equal(action.kind, 'quickfix');
      assert.ok(action.diagnostics!.some((d) => d.code === 'unescaped-bracket'));
    });

    it('escapes only `;` and `]` when $disableSpecialEscaping makes %{DOL}% a call again', () => {
      const r = actionsAt('$disableSpecialEscaping\n«$title[a;b]»');
      assert.equal(r.apply('Escape `;` and `]` in selection'), '$disableSpecialEscaping\n$title[a\\;b\\]');
    });

    it('leaves no call, comment or separator in a fully escaped text (property)', () => {
      const alphabet = fc.constantFrom(
        '$',
        'c',
        'a',
        'x',
        '[',
        ']',
        ';',
        '\\',
        '%',
        '{DOL}',
        '{-SEMICOL-}',
        'ESCAPED',
        ' ',
        '\n',
        '$c[',
        '$title[',
      );
      fc.assert(
        fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
          const text = parts.join('');
          const parsed = parse(text);
          if (parsed.specialEscapingDisabled || text.length === 0) return;
          const r = actionsAt(`«${text.replace(/\|/g, '||')}»`);
          const action = r.actions.find((a) => a.title === title);
          if (!action) {
            assert.equal([...parsed.calls()].length + [...parsed.comments()].length, 0, text);
            return;
          }
          const after = parse(r.apply(title));
          assert.equal([...after.calls()].length, 0, `calls left after escaping ${JSON.stringify(text)}`);
          assert.equal([...after.comments()].length, 0, `comments left after escaping ${JSON.stringify(text)}`);
          let syntax = 0;
          forEachLeaf(after, (leaf) => {
            if (leaf.kind !== 'text' && leaf.kind !== 'escape') syntax++;
          });
          assert.equal(syntax, 0);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('silence directives', () => {
    const deprecated = (t: string): Diagnostic[] => {
      const at = t.indexOf('$channelIDFromName');
      return [diag(t, 'deprecated', at, at + 18)];
    };

    it('appends a disable-line comment at the end of the diagnostic line', () => {
      const r = actionsAt('$title[x]\n$channel|IDFromName[general]\nmore', { diagnostics: deprecated });
      const after = r.apply('Silence `deprecated` on this line');
      assert.equal(after, '$title[x]\n$channelIDFromName[general] $c[bdscript-disable-line deprecated]\nmore');
      assert.deepEqual(
        parse(after).directives.map((d) => [d.kind, d.line, d.codes]),
        [['disable-line', 1, ['deprecated']]],
      );
    });

    it('adds the code to an existing disable-line comment, before its reason', () => {
      const r = actionsAt('$channel|IDFromName[general] $c[bdscript-disable-line premium -- has premium]', {
        diagnostics: deprecated,
      });
      assert.equal(
        r.apply('Silence `deprecated` on this line'),
        '$channelIDFromName[general] $c[bdscript-disable-line premium, deprecated -- has premium]',
      );
    });

    it('adds no space inside an argument, and nothing when the line ends inside a comment', () => {
      const inArg = actionsAt('$title[Hello $channel|IDFromName[x]\nWorld]', { diagnostics: deprecated });
      assert.equal(
        inArg.apply('Silence `deprecated` on this line'),
        '$title[Hello $channelIDFromName[x]$c[bdscript-disable-line deprecated]\nWorld]',
      );
      const inComment = actionsAt('$channel|IDFromName[x] $c[note\nmore]', { diagnostics: deprecated });
      assert.ok(!inComment.titles.includes('Silence `deprecated` on this line'));
      assert.ok(inComment.titles.includes('Silence `deprecated` in this file'));
    });

    it('gives one action per rule and line, and none for codes that are not rules', () => {
      const r = actionsAt('«$channelIDFromName[a] $channelIDFromName[b]»', {
        diagnostics: (t) => [
          diag(t, 'deprecated', 0, 18),
          diag(t, 'deprecated', 22, 40),
          diag(t, 'made-up]rule', 0, 3),
        ],
      });
      const line = r.actions.filter((a) => a.title === 'Silence `deprecated` on this line');
      assert.equal(line.length, 1);
      assert.equal(line[0]!.diagnostics!.length, 2);
      assert.equal(line[0]!.kind, 'quickfix');
      assert.ok(!r.titles.some((t) => t.includes('made-up')));
    });

    it('silences in the file on a new first line, after the trigger line when there is one', () => {
      assert.equal(
        actionsAt('$title[x]\n$channel|IDFromName[a]', { diagnostics: deprecated }).apply(
          'Silence `deprecated` in this file',
        ),
        '$c[bdscript-disable deprecated]\n$title[x]\n$channelIDFromName[a]',
      );
      assert.equal(
        actionsAt('$onJoined[123]\r\n$channel|IDFromName[a]', { diagnostics: deprecated }).apply(
          'Silence `deprecated` in this file',
        ),
        '$onJoined[123]\r\n$c[bdscript-disable deprecated]\r\n$channelIDFromName[a]',
      );
      assert.equal(
        actionsAt('$c[bdscript-disable premium]\n$channel|IDFromName[a]', { diagnostics: deprecated }).apply(
          'Silence `deprecated` in this file',
        ),
        '$c[bdscript-disable premium, deprecated]\n$channelIDFromName[a]',
      );
    });

    it('silences diagnostics made by the diagnostics feature so they disappear', () => {
      const r = actionsAt('$title[x]\n$channel|IDFromName[a]', { validate: true });
      for (const title of ['Silence `deprecated` on this line', 'Silence `deprecated` in this file']) {
        const after = r.apply(title);
        const { service, document } = serviceFor(after);
        assert.deepEqual(
          service.validate(document).filter((d) => d.code === 'deprecated'),
          [],
          `${title}: ${after}`,
        );
      }
    });
  });

  it('filters by the requested kinds', () => {
    const src = '«$title[a;b]» $channelIDFromName[c]';
    const all = actionsAt(src, { validate: true });
    assert.ok(all.actions.some((a) => a.kind === 'refactor.rewrite'));
    assert.ok(all.actions.some((a) => a.kind === 'quickfix'));
    assert.deepEqual(
      actionsAt(src, { validate: true, only: ['refactor'] }).actions.map((a) => a.kind),
      ['refactor.rewrite'],
    );
    assert.ok(actionsAt(src, { validate: true, only: ['quickfix'] }).actions.every((a) => a.kind === 'quickfix'));
  });

  it('answers nothing for a malformed request range', () => {
    const { service, document } = serviceFor('$title[x');
    const bad = { start: { line: -1, character: 0 }, end: { line: 0, character: 1 } };
    assert.deepEqual(service.codeActions(document, bad, { diagnostics: [] }), []);
  });
});
