// The preview page: whole pages as reviewed snapshots (dark and light, interactive and standalone),
// hostile text from the file inert (markdown links included), images and custom emoji only when
// allowed and only https:, a Content-Security-Policy that lets in nothing but the page's own
// nonce'd style and script, and a page bounded in size and in the work between two pauses.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  HTML_STEP_PARTS,
  MARKDOWN_PAGE_MAX,
  PAGE_HTML_MAX,
  previewHtmlSteps,
  renderPreviewHtml,
} from '../../server/src/core/preview/html';
import { LanguageService } from '../../server/src/core/languageService';
import type { PreviewMessage } from '../../server/src/protocol/preview';
import { expectSnapshot } from '../support/expect';
import { snapshotCatalog } from '../support/testCatalog';

const service = new LanguageService({ catalog: snapshotCatalog() });
const NONCE = 'TESTNONCE0123456789abcdef';
/** The moment the pages' relative times count from, so that snapshots hold. */
const NOW = Date.parse('2026-11-28T12:00:00Z');
let version = 0;

function preview(src: string): PreviewMessage {
  return service.preview(TextDocument.create(`file:///h${++version}.bds`, 'bdscript', 1, src));
}

const SHOP = [
  '$nomention',
  'Welcome, $username!',
  '$author[Shop keeper]',
  '$title[Shop]',
  '$description[Prices in coins]',
  '$color[#5865F2]',
  '$addField[Sword;50;yes]',
  '$addField[Shield;30;yes]',
  '$thumbnail[https://cdn.example/shop.png]',
  '$footer[Page 1]',
  '$addTimestamp',
  '$if[$getUserVar[coins]<30]',
  'You are short of coins.',
  '$endif',
  '$addButton[no;buy;Buy;success;no;🛒]',
  '$addButton[no;https://wiki.example;Help;link]',
  '$newSelectMenu[menu;1;1;Pick an item]',
  '$addSelectMenuOption[menu;Sword;sword;Sharp]',
].join('\n');

const MARKDOWN = [
  '# Welcome **$username**!',
  'Hi <@$authorID>, you have *$getUserVar[coins]* coins. ~~old~~ __new__ ||secret|| `code`',
  '-# small print',
  '> a quote',
  '- one',
  '  - nested',
  '1. first',
  '```js',
  'let a = 1;',
  '```',
  'See [the wiki](https://wiki.example) <t:1700000000:R> <t:1700000000:d> <:blob:123456789012345678> @everyone <#123456789012345678>',
  '$title[**Shop** <@123>]',
  '$description[## Prices\n- Sword: **50**]',
  '$addField[__Field__;a \\[link\\](https://a.example/x)]',
  '$footer[Page *1*]',
  '$footerIcon[https://cdn.example/f.png]',
  '$newSelectMenu[menu;1;1;Pick an item]',
  '$addSelectMenuOption[menu;**Sword**;sword;Sharp]',
].join('\n');

const V2 = [
  '$addContainer[box;#FF544C]',
  '$addSection[s;box]',
  '$addTextDisplay[**Daily reward**;s]',
  '$addThumbnail[https://cdn.example/r.png;;no;s]',
  '$addSeparator[yes;small;box]',
  '$addActionRow[r;box]',
  '$addButtonCV2[claim;Claim;primary;no;;r]',
  '$ephemeral',
].join('\n');

describe('preview page (HTML)', () => {
  it('a classic message, dark, in the editor', () => {
    expectSnapshot(
      'preview/shop-dark.html',
      renderPreviewHtml(preview(SHOP), {
        theme: 'dark',
        nonce: NONCE,
        allowImages: false,
        interactive: true,
        now: NOW,
      }),
    );
  });
  it("Components V2, light, standalone (the display script only, not the editor's)", () => {
    const html = renderPreviewHtml(preview(V2), {
      theme: 'light',
      nonce: NONCE,
      allowImages: false,
      interactive: false,
      title: 'v2.bds',
      now: NOW,
    });
    assert.deepEqual(html.match(/<script[^>]*>/g), [`<script nonce="${NONCE}">`]);
    assert.doesNotMatch(html, /acquireVsCodeApi/);
    expectSnapshot('preview/v2-light.html', html);
  });

  it('markdown, mentions, timestamps and emoji, dark, in the editor', () => {
    expectSnapshot(
      'preview/markdown-dark.html',
      renderPreviewHtml(preview(MARKDOWN), {
        theme: 'dark',
        nonce: NONCE,
        allowImages: false,
        interactive: true,
        now: NOW,
      }),
    );
  });

  it("shows the fixture's title text and colour", () => {
    const html = renderPreviewHtml(preview(SHOP), {
      theme: 'dark',
      nonce: NONCE,
      allowImages: false,
      interactive: true,
    });
    assert.match(html, /class="embed-title"[^>]*><span class="part"[^>]*>Shop<\/span>/);
    // The colour comes from the nonce'd stylesheet: the page's CSP blocks style attributes.
    assert.match(html, /<div class="embed bar-5865f2"/);
    assert.match(html, /\.bar-5865f2 \{ border-left-color: #5865f2; \}/);
    assert.doesNotMatch(html, /\sstyle=/);
    assert.match(html, /<span class="chip"[^>]*>\$username<\/span>/);
  });

  it('makes hostile text inert: no tag, attribute or URL from the file is live', () => {
    const evil =
      '$title[<script>alert(1)</script>]\n$description["><img src=x onerror=alert(1)>]\n$image[javascript:alert(1)]\n$addButton[no;javascript:alert(1);<b>x</b>;link]\nHi </style><script>alert(2)</script>';
    const html = renderPreviewHtml(preview(evil), {
      theme: 'dark',
      nonce: NONCE,
      allowImages: true,
      interactive: true,
    });
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, [`<script nonce="${NONCE}">`], "only the page's own script");
    assert.doesNotMatch(html, /<img[^>]*onerror/);
    assert.doesNotMatch(html, /src="javascript:/);
    assert.doesNotMatch(html, /<b>x<\/b>/);
    assert.equal((html.match(/<\/style>/g) ?? []).length, 1, 'the file cannot close the style');
  });

  it('loads images only when allowed and only from https:', () => {
    const src = '$image[https://cdn.example/a.png]\n$thumbnail[http://cdn.example/b.png]';
    const off = renderPreviewHtml(preview(src), {
      theme: 'dark',
      nonce: NONCE,
      allowImages: false,
      interactive: false,
    });
    assert.doesNotMatch(off, /<img/);
    assert.match(off, /img-src 'none'/);
    assert.match(off, /https:\/\/cdn\.example\/a\.png/, 'the URL is named');
    const on = renderPreviewHtml(preview(src), { theme: 'dark', nonce: NONCE, allowImages: true, interactive: false });
    assert.deepEqual(on.match(/<img[^>]*>/g), ['<img class="embed-image" src="https://cdn.example/a.png" alt="">']);
    assert.match(on, /img-src https:/);
  });

  it('has a strict Content-Security-Policy with the nonce', () => {
    const html = renderPreviewHtml(preview('Hi'), {
      theme: 'dark',
      nonce: NONCE,
      allowImages: false,
      interactive: true,
    });
    assert.match(
      html,
      new RegExp(
        `content="default-src 'none'; style-src 'nonce-${NONCE}'; img-src 'none'; script-src 'nonce-${NONCE}'"`,
      ),
    );
  });

  it('never makes a link of a target that is not http(s), and escapes the ones it makes', () => {
    const html = renderPreviewHtml(
      preview(
        '[a](javascript:alert(1)) [b](data:text/html,x) [c](vbscript:x) [d](https://ok.example/?q="x") <javascript://y> [e](https://ok.example/a?b=1&c=2)',
      ),
      { theme: 'dark', nonce: NONCE, allowImages: false, interactive: true },
    );
    assert.deepEqual(html.match(/href="[^"]*"/g), ['href="https://ok.example/a?b=1&amp;c=2"']);
    assert.doesNotMatch(html, /javascript:[^<]*<\/a>|href="(javascript|data|vbscript):/);
  });

  it("draws custom emoji from Discord's CDN only when images are allowed", () => {
    const src = 'Hi <:blob:123456789012345678> <a:dance:223456789012345678>';
    const off = renderPreviewHtml(preview(src), { theme: 'dark', nonce: NONCE, allowImages: false, interactive: true });
    assert.doesNotMatch(off, /<img/);
    assert.match(off, />:blob:<\/span>.*>:dance:<\/span>/);
    const on = renderPreviewHtml(preview(src), { theme: 'dark', nonce: NONCE, allowImages: true, interactive: true });
    assert.deepEqual(on.match(/<img[^>]*src="[^"]*"/g), [
      '<img class="emoji custom" src="https://cdn.discordapp.com/emojis/123456789012345678.webp?size=48"',
      '<img class="emoji custom" src="https://cdn.discordapp.com/emojis/223456789012345678.gif?size=48"',
    ]);
  });

  it('keeps literal the texts Discord does not render: footer, author, button labels, select options', () => {
    const html = renderPreviewHtml(
      preview(
        '$footer[**f**]\n$author[**a**]\n$addButton[no;id;**b**;primary]\n$newSelectMenu[m;1;1;**p**]\n$addSelectMenuOption[m;**o**;v;**d**]',
      ),
      { theme: 'dark', nonce: NONCE, allowImages: false, interactive: true },
    );
    assert.doesNotMatch(html, /<strong>/);
    assert.equal((html.match(/\*\*[fabpod]\*\*/g) ?? []).length, 6);
  });

  it('gives embed titles and field names the inline styles only: no mentions, links or headings', () => {
    const html = renderPreviewHtml(preview('$title[**T** <@123> <https://x.example> # h]\n$addField[*N* <@123>;# V]'), {
      theme: 'dark',
      nonce: NONCE,
      allowImages: false,
      interactive: true,
    });
    assert.match(html, /<strong><span class="part"[^>]*>T<\/span><\/strong>/);
    assert.match(html, /<em><span class="part"[^>]*>N<\/span><\/em>/);
    assert.doesNotMatch(html, /class="mention"|<a |<h1>/);
    assert.match(html, /&lt;@123&gt;/);
    // A field value gets markdown but not headings (Discord, discord-api-docs#7167).
    assert.match(html, /class="field-value"><span class="part"[^>]*># V<\/span>/);
  });

  it('reads markdown up to MARKDOWN_PAGE_MAX characters a page; the rest is drawn as written', () => {
    const text = `**b** ${'x'.repeat(3000)}`;
    const fields = Array.from({ length: 25 }, (_, i) => `$addField[f${i};${text};no;${1 + (i % 10)}]`);
    const html = renderPreviewHtml(preview(fields.join('\n')), {
      theme: 'dark',
      nonce: NONCE,
      allowImages: false,
      interactive: true,
    });
    const bold = (html.match(/<strong>/g) ?? []).length;
    // Each field is its name (2 or 3 characters) and its value (3,006): ten fit in the page's markdown.
    assert.equal(bold, Math.floor(MARKDOWN_PAGE_MAX / (text.length + 3)));
    assert.equal((html.match(/\*\*b\*\*/g) ?? []).length, 25 - bold);
  });

  it('pauses while it reads markdown, one pause per HTML_STEP_PARTS of work', () => {
    const text = `**b** ${'x'.repeat(4000)}`;
    const message = preview(Array.from({ length: 8 }, (_, i) => `$description[${text};${i + 1}]`).join('\n'));
    let pauses = 0;
    const steps = previewHtmlSteps(message, { theme: 'dark', nonce: NONCE, allowImages: false, interactive: true });
    while (!steps.next().done) pauses++;
    // 8 texts of 4006 characters are 8 × (1 + 500) units of work.
    assert.equal(pauses, Math.floor((8 * 501 + 8) / HTML_STEP_PARTS));
  });

  it('stops a page at PAGE_HTML_MAX characters of message and says that the rest is left out', () => {
    const message = preview('$a '.repeat(200_000));
    const html = renderPreviewHtml(message, { theme: 'dark', nonce: NONCE, allowImages: false, interactive: true });
    assert.ok(html.length < PAGE_HTML_MAX + 64 * 1024, `${html.length} characters`);
    assert.match(html, /<div class="cut">The page stops here: the rest of the message is too large to draw\.<\/div>/);
  });
});
