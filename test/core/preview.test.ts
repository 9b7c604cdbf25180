// The message model as tables: each message part, each escape, placeholders, the `$if` policy,
// `$stop`, and the plain Discord JSON (preview/model.ts).

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../../server/src/core/languageService';
import {
  EN,
  LOCALES,
  localizer,
  placeholdersOf,
  type MessageKey,
  type Msg,
  type Text,
} from '../../server/src/core/l10n';
import { HTML_STEP_PARTS, previewHtmlSteps, renderPreviewHtml } from '../../server/src/core/preview/html';
import {
  buildPreview,
  localizePreview,
  parseColor,
  plainText,
  PREVIEW_STEP_NODES,
  toDiscordMessage,
  type PreviewModel,
} from '../../server/src/core/preview/model';
import { normalizeSettings } from '../../server/src/core/settings';
import type { DiscordMessage, PreviewMessage } from '../../server/src/protocol/preview';
import { snapshotCatalog } from '../support/testCatalog';

const service = new LanguageService({ catalog: snapshotCatalog() });
let version = 0;

function preview(src: string, branches?: ReadonlyMap<number, number>): PreviewMessage {
  return service.preview(
    TextDocument.create(`file:///p${++version}.bds`, 'bdscript', 1, src),
    branches ? { branches } : undefined,
  );
}

function json(src: string): DiscordMessage {
  return toDiscordMessage(preview(src));
}

describe('message model (preview)', () => {
  describe('content', () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['plain text, lines kept', 'Hello\nworld', 'Hello\nworld'],
      ['trimmed as Discord trims', '\n\n  Hi  \n\n', 'Hi'],
      ['\\; decoded', 'a\\;b', 'a;b'],
      ['\\] decoded', 'a\\]b', 'a]b'],
      ['\\\\ decoded', 'a\\\\b', 'a\\b'],
      ['%{-SEMICOL-}% decoded', 'a%{-SEMICOL-}%b', 'a;b'],
      ['%ESCAPED% decoded', 'a%ESCAPED%b', 'a]b'],
      ['%{DOL}% decoded', '%{DOL}%5', '$5'],
      ['a value only the bot knows is a placeholder', 'Hi $username!', 'Hi {$username}!'],
      [
        'a long call is cut in its label',
        'x $getVar[a very long variable name that goes on and on]',
        'x {$getVar[a very long variable name that …}',
      ],
      ['a line only calls left blank is dropped', '$nomention\nHello\n$title[x]\nworld', 'Hello\nworld'],
      ['a blank line written as such is kept', 'Hello\n\nworld', 'Hello\n\nworld'],
      ['a line of comments is dropped like a line of calls', 'Hello\n  $c[note] $c[more]\nworld', 'Hello\nworld'],
      ['a line with a comment and text keeps the text', 'Hello\n$c[note] there\nworld', 'Hello\n there\nworld'],
      ['a $var set adds nothing, a read is a value', '$var[n;1]\nn=$var[n]', 'n={$var[n]}'],
      ['comments add nothing', 'Hi $c[note] there', 'Hi  there'],
      ['nothing after $stop', 'one\n$stop\ntwo', 'one'],
      ['no content at all', '$title[x]', undefined],
    ];
    for (const [name, src, expected] of cases) {
      it(name, () => assert.equal(json(src).content, expected));
    }
  });

  describe('embeds', () => {
    it('every embed part, by Discord field names', () => {
      const m = json(
        '$title[T]\n$embeddedURL[https://a.example]\n$description[D\\; d]\n$color[FF0000]\n$author[Au]\n$authorURL[https://au.example]\n$authorIcon[https://i.example/a.png]\n' +
          '$footer[F]\n$footerIcon[https://i.example/f.png]\n$thumbnail[https://i.example/t.png]\n$image[https://i.example/i.png]\n$addField[N;V;yes]\n$addField[N2;V2]\n$addTimestamp',
      );
      assert.deepEqual(m.embeds, [
        {
          title: 'T',
          url: 'https://a.example',
          description: 'D; d',
          color: 0xff0000,
          timestamp: new Date(0).toISOString(),
          author: { name: 'Au', url: 'https://au.example', icon_url: 'https://i.example/a.png' },
          footer: { text: 'F', icon_url: 'https://i.example/f.png' },
          thumbnail: { url: 'https://i.example/t.png' },
          image: { url: 'https://i.example/i.png' },
          fields: [
            { name: 'N', value: 'V', inline: true },
            { name: 'N2', value: 'V2' },
          ],
        },
      ]);
    });

    it('the (Index) argument selects the embed, in index order; a later call overwrites', () => {
      const m = json('$title[second;2]\n$title[first]\n$title[first again;1]\n$description[two;2]');
      assert.deepEqual(m.embeds, [{ title: 'first again' }, { title: 'second', description: 'two' }]);
    });

    it('more than 10 embeds: the 11th is left out with a note', () => {
      const p = preview('$title[x;11]');
      assert.equal(p.embeds.length, 0);
      assert.match(p.notes[0]?.message ?? '', /at most 10 embeds/);
    });

    it('a placeholder inside an embed text', () => {
      assert.deepEqual(json('$title[Hi $username]').embeds, [{ title: 'Hi {$username}' }]);
    });
  });

  describe('colours', () => {
    const cases: Array<[string, number | null | undefined]> = [
      ['#FF544C', 0xff544c],
      ['FF544C', 0xff544c],
      ['#abc', 0xaabbcc],
      ['16711680', 0xff0000],
      ['16777216', undefined],
      ['red', undefined],
    ];
    for (const [value, expected] of cases) {
      it(`${value} → ${String(expected)}`, () =>
        assert.equal(parseColor({ parts: [{ kind: 'text', text: value, source: { start: 0, end: 0 } }] }), expected));
    }
    it('a colour built at run time is null (no colour in the JSON), not a guess', () => {
      const p = preview('$color[$getVar[c]]');
      assert.equal(p.embeds[0]?.color, null);
      assert.equal(toDiscordMessage(p).embeds, undefined);
    });
  });

  describe('components', () => {
    it('buttons fill rows of 5; "new row" starts one; link buttons carry the URL', () => {
      const six = Array.from({ length: 6 }, (_, i) => `$addButton[no;b${i};B${i};primary]`).join('\n');
      const m = json(`${six}\n$addButton[yes;n;New;danger;yes]\n$addButton[no;https://x.example;Site;link]`);
      const rows = m.components ?? [];
      assert.deepEqual(
        rows.map((r) => (r.components as unknown[]).length),
        [5, 1, 2],
      );
      assert.deepEqual((rows[2]?.components as unknown[])[0], {
        type: 2,
        style: 4,
        label: 'New',
        custom_id: 'n',
        disabled: true,
      });
      assert.deepEqual((rows[2]?.components as unknown[])[1], {
        type: 2,
        style: 5,
        label: 'Site',
        url: 'https://x.example',
        disabled: false,
      });
    });

    it('a select menu with its options, in a row of its own', () => {
      const m = json(
        '$newSelectMenu[menu;1;2;Pick one]\n$addSelectMenuOption[menu;One;1;First;yes]\n$addSelectMenuOption[menu;Two;2]',
      );
      assert.deepEqual(m.components, [
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: 'menu',
              placeholder: 'Pick one',
              min_values: 1,
              max_values: 2,
              disabled: false,
              options: [
                { label: 'One', value: '1', description: 'First', default: true },
                { label: 'Two', value: '2', default: false },
              ],
            },
          ],
        },
      ]);
    });

    it('a Message ID sends the component elsewhere: left out, with a note', () => {
      const p = preview('$addButton[no;b;B;primary;no;;123456789012345678]');
      assert.equal(p.components.length, 0);
      assert.match(p.notes[0]?.message ?? '', /another message/);
    });

    it('$removeButtons empties the rows', () => {
      assert.equal(json('$addButton[no;b;B;primary]\n$removeButtons').components, undefined);
    });

    it('$removeComponent takes out the components with its custom ID, and a row it leaves empty', () => {
      const legacy = json(
        '$addButton[no;a;A;primary]\n$addButton[no;b;B;primary]\n$addButton[yes;c;C;primary]\n$removeComponent[ a ]\n$removeComponent[c]',
      );
      assert.deepEqual(legacy.components, [
        { type: 1, components: [{ type: 2, style: 1, label: 'B', custom_id: 'b', disabled: false }] },
      ]);
      // Components V2: from a row and from a section's accessory.
      const v2 = json(
        '$addContainer[c]\n$addActionRow[r;c]\n$addButtonCV2[a;A;primary;no;;r]\n$addButtonCV2[b;B;primary;no;;r]\n$addSection[s;c]\n$addTextDisplay[Hi;s]\n$addButtonCV2[a;A2;primary;no;;s]\n$removeComponent[a]',
      );
      assert.deepEqual(v2.components, [
        {
          type: 17,
          spoiler: false,
          components: [
            { type: 1, components: [{ type: 2, style: 1, label: 'B', custom_id: 'b', disabled: false }] },
            { type: 9, components: [{ type: 10, content: 'Hi' }] },
          ],
        },
      ]);
      // With a Message ID it acts on another message; with an ID known only at run time nothing is taken out.
      const elsewhere = preview('$addButton[no;a;A;primary]\n$removeComponent[a;123456789012345678]');
      assert.equal(elsewhere.components.length, 1);
      assert.match(elsewhere.notes[0]?.message ?? '', /another message/);
      const runTime = preview('$addButton[no;a;A;primary]\n$removeComponent[$var[id]]');
      assert.equal(runTime.components.length, 1);
      assert.equal(runTime.content.parts?.length ?? 0, 0, 'no placeholder for it in the content');
    });

    it('Components V2: a container with its accent colour, a section with a thumbnail, text, a separator, a row; the flag', () => {
      const m = json(
        '$addContainer[c;#00FF00]\n$addSection[s;c]\n$addTextDisplay[In section;s]\n$addThumbnail[https://i.example/t.png;alt;no;s]\n$addSeparator[yes;large;c]\n' +
          '$addActionRow[r;c]\n$addButtonCV2[go;Go;success;no;;r]\n$addTextDisplay[Outside]',
      );
      assert.equal(m.flags, 1 << 15);
      assert.deepEqual(m.components, [
        {
          type: 17,
          accent_color: 0x00ff00,
          spoiler: false,
          components: [
            {
              type: 9,
              components: [{ type: 10, content: 'In section' }],
              accessory: { type: 11, media: { url: 'https://i.example/t.png' }, description: 'alt', spoiler: false },
            },
            { type: 14, divider: true, spacing: 2 },
            { type: 1, components: [{ type: 2, style: 3, label: 'Go', custom_id: 'go', disabled: false }] },
          ],
        },
        { type: 10, content: 'Outside' },
      ]);
    });

    it('$ephemeral sets the flag', () => {
      const p = preview('$ephemeral\nHi');
      assert.equal(p.ephemeral, true);
      assert.equal(json('$ephemeral\nHi').flags, 64);
    });
  });

  describe('blocks', () => {
    const src = 'Start\n$if[$var[x]==1]\nOne\n$elseif[$var[x]==2]\nTwo\n$else\nOther\n$endif\nEnd';
    it('shows the first branch and lists the block with its branches', () => {
      const p = preview(src);
      assert.equal(plainText(p.content), 'Start\nOne\nEnd');
      assert.deepEqual(p.branches, [
        { block: { start: 6, end: 21 }, branches: ['{$var[x]}==1', '{$var[x]}==2', 'else'], chosen: 0 },
      ]);
    });
    it('shows the branch chosen by the $if call start', () => {
      assert.equal(plainText(preview(src, new Map([[6, 2]])).content), 'Start\nOther\nEnd');
      assert.equal(plainText(preview(src, new Map([[6, 1]])).content), 'Start\nTwo\nEnd');
    });
    it('a block without $else also offers showing none of its branches', () => {
      const p = preview('A\n$if[$var[x]==1]\nB\n$endif\nC');
      assert.deepEqual(p.branches[0]?.branches, ['{$var[x]}==1', 'none of them']);
      assert.equal(plainText(preview('A\n$if[$var[x]==1]\nB\n$endif\nC', new Map([[2, 1]])).content), 'A\nC');
    });
    it('a $try shows its body; an $async body is left out; senders are noted', () => {
      const p = preview('$try\nbody\n$catch\nfailed\n$endtry\n$async[job]\nlater\n$endasync\n$sendMessage[elsewhere]');
      assert.equal(plainText(p.content), 'body');
      assert.match(p.notes[0]?.message ?? '', /message of its own/);
    });
  });

  describe("in the user's language", () => {
    /** The model as the core builds it: notes and branch labels still messages. */
    const model = (src: string): PreviewModel =>
      buildPreview(service.analyze(TextDocument.create(`file:///m${++version}.bds`, 'bdscript', 1, src)).parsed);
    const keyOf = (t: Text | undefined): string | undefined => (typeof t === 'object' ? t.key : undefined);

    /** A source that raises each note of the preview, by key. */
    const NOTES: ReadonlyArray<[MessageKey, string]> = [
      ['preview.note.embedIndex', '$title[x;0]'],
      ['preview.note.embedOverMax', '$title[x;11]'],
      ['preview.note.buttonElsewhere', '$addButton[no;b;B;primary;no;;123456789012345678]'],
      ['preview.note.menuElsewhere', '$newSelectMenu[m;1;1;Pick;123456789012345678]'],
      ['preview.note.optionElsewhere', '$addSelectMenuOption[m;A;a;;no;;123456789012345678]'],
      ['preview.note.actsElsewhere', '$removeButtons[123456789012345678]'],
      ['preview.note.removeAtRunTime', '$addButton[no;b;B;primary]\n$removeComponent[$var[id]]'],
      ['preview.note.unknownMenu', '$addSelectMenuOption[nomenu;A;a]'],
      ['preview.note.unknownParent', '$addTextDisplay[Hi;nobox]'],
      ['preview.note.unknownGallery', '$addMediaGalleryItem[https://i.example/a.png;;no;nogallery]'],
      ['preview.note.unknownSection', '$addThumbnail[https://i.example/a.png;;no;nosection]'],
      ['preview.note.unknownRowOrSection', '$addButtonCV2[go;Go;primary;no;;norow]'],
      ['preview.note.unknownRow', '$addStringSelect[s;Pick;1;1;no;norow]'],
      ['preview.note.notAColour', '$color[reddish]'],
      ['preview.note.sender', '$sendMessage[hi]'],
      ['preview.note.elsewhere', '$useChannel[123456789012345678]'],
    ];

    it('every note of the catalog is raised by some source, with every placeholder its template names', () => {
      const noteKeys = (Object.keys(EN) as MessageKey[]).filter((k) => k.startsWith('preview.note.'));
      assert.deepEqual(
        NOTES.map(([k]) => k).sort(),
        [...noteKeys].sort(),
        'a note key with no source here, or a source for a key that is gone',
      );
      for (const [key, src] of NOTES) {
        const notes = model(src).notes;
        assert.deepEqual(
          notes.map((n) => keyOf(n.message)),
          [key],
          src,
        );
        const m = notes[0]!.message as Msg;
        const missing = placeholdersOf(EN[key]).filter((name) => m.args?.[name] === undefined);
        assert.deepEqual(missing, [], `${key} is raised without ${missing.join(', ')}`);
        // Rendered in every language: nothing left of a template's braces, the function name kept.
        for (const locale of LOCALES) {
          const text = localizer(locale).text(m);
          assert.doesNotMatch(text, /\{[a-z]+(, plural)?/i, `${locale} ${key}: ${text}`);
          if (m.args?.['name'] !== undefined)
            assert.ok(text.includes(`\`${String(m.args['name'])}\``), `${locale} ${key}: ${text}`);
        }
      }
    });

    it('a note renders in Spanish and in Russian (plural by the limit), and the core keeps it a message', () => {
      const m = model('$title[x;11]\n$sendMessage[hi]');
      assert.deepEqual(
        m.notes.map((n) => keyOf(n.message)),
        ['preview.note.embedOverMax', 'preview.note.sender'],
      );
      const es = localizePreview(m, localizer('es'));
      assert.deepEqual(
        es.notes.map((n) => n.message),
        [
          '`$title` define el embed 11, pero un mensaje admite como máximo 10 embeds.',
          '`$sendMessage` envía un mensaje propio, que esta vista previa no muestra.',
        ],
      );
      const ru = localizePreview(m, localizer('ru'));
      assert.deepEqual(
        ru.notes.map((n) => n.message),
        [
          '`$title` задаёт эмбед 11, но сообщение вмещает не больше 10 эмбедов.',
          '`$sendMessage` отправляет отдельное сообщение, которое предпросмотр не показывает.',
        ],
      );
      // The sources stay: a click on a note still reveals its call.
      assert.deepEqual(
        ru.notes.map((n) => n.source),
        m.notes.map((n) => n.source),
      );
    });

    it("the service renders notes and branch labels in its locale; a condition's text stays as written", () => {
      const src = '$if[$var[x]==1]\nA\n$else\nB\n$endif\n$if[]\nC\n$endif\n$useChannel[123]';
      const es = new LanguageService({ catalog: snapshotCatalog(), settings: normalizeSettings({ locale: 'es' }) });
      const p = es.preview(TextDocument.create('file:///es.bds', 'bdscript', 1, src));
      assert.deepEqual(
        p.branches.map((b) => b.branches),
        [
          ['{$var[x]}==1', 'si no'],
          ['(sin condición)', 'ninguna de ellas'],
        ],
      );
      assert.deepEqual(
        p.notes.map((n) => n.message),
        ['`$useChannel` envía la respuesta a otro lugar; allí se ve igual.'],
      );
      const ru = new LanguageService({ catalog: snapshotCatalog(), clientLocale: 'ru' });
      assert.deepEqual(
        ru.preview(TextDocument.create('file:///ru.bds', 'bdscript', 1, src)).branches.map((b) => b.branches),
        [
          ['{$var[x]}==1', 'иначе'],
          ['(без условия)', 'ни одна из веток'],
        ],
      );
      // English when no language is chosen: the words the model always had.
      assert.deepEqual(
        preview(src).branches.map((b) => b.branches),
        [
          ['{$var[x]}==1', 'else'],
          ['(no condition)', 'none of them'],
        ],
      );
    });

    it("the page speaks the localizer's language: its lang, headings, selector, notes and placeholders", () => {
      const src =
        '$ephemeral\nHi $username\n$if[$var[x]==1]\nA\n$endif\n$sendMessage[hi]\n$newSelectMenu[m;1;1]\n$addTimestamp\n$color[$var[c]]';
      const html = renderPreviewHtml(model(src), {
        theme: 'dark',
        nonce: 'N0NCE',
        allowImages: false,
        interactive: true,
        l10n: localizer('pt-br'),
      });
      assert.match(html, /<html lang="pt-BR">/);
      assert.match(html, /<title>Pré-visualização da mensagem do BDScript<\/title>/);
      assert.match(html, /<div class="header">Seu bot<span class="bot">APP<\/span>/);
      assert.match(html, /Somente você pode ver isto/);
      assert.match(html, /title="Conhecido quando o comando é executado"[^>]*>\$username</);
      assert.match(
        html,
        /Ramo do \$if mostrado: <select[^>]*><option value="0" selected>\{\$var\[x\]\}==1<\/option><option value="1">nenhum deles<\/option>/,
      );
      assert.match(
        html,
        /<li[^>]*>`\$sendMessage` envia uma mensagem própria, que esta pré-visualização não mostra\.<\/li>/,
      );
      assert.match(html, /Faça uma seleção/);
      assert.match(html, /Hoje, no horário do envio/);
      assert.match(html, /cor conhecida quando o comando é executado/);
      // The page of a reply with nothing in it, in Russian.
      const empty = renderPreviewHtml(model('$nomention'), {
        theme: 'dark',
        nonce: 'N0NCE',
        allowImages: false,
        interactive: false,
        l10n: localizer('ru'),
      });
      assert.match(empty, /<html lang="ru">/);
      assert.match(empty, /<div class="empty">Эта команда не отправляет собственного ответа\.<\/div>/);
      // No English left on a page in another language (every word of it goes through the catalog).
      for (const words of [
        'Your bot',
        'Only you',
        'Known when',
        'none of them',
        'shown:',
        'message of its own',
        'Make a selection',
        'Today at',
        'colour known',
        'message preview',
      ]) {
        assert.ok(!html.includes(words) && !empty.includes(words), `English "${words}" on a translated page`);
      }
    });
  });

  it('never throws, on any prefix of a real command', () => {
    const src =
      '$nomention\n$title[Hi $username]\n$addButton[no;b;B;primary]\n$if[1==1]\n$addContainer[c]\n$addTextDisplay[t;c]\n$endif\n$newSelectMenu[m;1;1;x]\n$addSelectMenuOption[m;a;b]';
    for (let i = 0; i <= src.length; i++) toDiscordMessage(preview(src.slice(0, i)));
  });

  describe('in steps (the server draws a long command between other work, issue #17)', () => {
    const line = 'Hi $username\n$if[$var[x]==1]\n$addButton[no;b;B;primary]\n$else\nother\n$endif\n$title[T]\n';
    const src = line.repeat(400);

    /** Runs steps to the end and counts the pauses. */
    function drain<T>(steps: Generator<void, T, void>): { value: T; pauses: number } {
      let pauses = 0;
      for (;;) {
        const step = steps.next();
        if (step.done) return { value: step.value, pauses };
        pauses++;
      }
    }

    it('the model pauses every PREVIEW_STEP_NODES top-level nodes and ends with the same message', () => {
      const doc = TextDocument.create(`file:///p${++version}.bds`, 'bdscript', 1, src);
      const whole = service.preview(doc);
      const roots = [...service.analyze(doc).parsed.roots()].length;
      const stepped = drain(service.previewSteps(doc));
      assert.ok(roots > 4 * PREVIEW_STEP_NODES, `enough nodes to pause (${roots})`);
      assert.equal(stepped.pauses, Math.floor(roots / PREVIEW_STEP_NODES));
      assert.deepEqual(stepped.value, whole);
    });

    it('the page pauses every HTML_STEP_PARTS parts and ends with the same page', () => {
      const message = preview(src);
      const options = {
        theme: 'dark',
        nonce: 'abcdefghijklmnopqrstuvwx',
        allowImages: false,
        interactive: true,
      } as const;
      const parts =
        message.content.parts.length +
        message.embeds.length +
        message.components.length +
        message.branches.length +
        message.notes.length;
      const stepped = drain(previewHtmlSteps(message, options));
      assert.ok(parts > 2 * HTML_STEP_PARTS, `enough parts to pause (${parts})`);
      // Each part drawn is work (the content's markdown nodes, here about as many as its parts), and so is reading markdown.
      assert.ok(stepped.pauses >= Math.floor(parts / HTML_STEP_PARTS), `${stepped.pauses} pauses`);
      assert.equal(stepped.value, renderPreviewHtml(message, options));
    });
  });
});
