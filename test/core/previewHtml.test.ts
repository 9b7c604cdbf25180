// The preview page: whole pages as reviewed snapshots (dark and light, interactive and standalone),
// hostile text from the file inert, images only when allowed and only https:, and a
// Content-Security-Policy that lets in nothing but the page's own nonce'd style and script.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { renderPreviewHtml } from '../../server/src/core/preview/html';
import { LanguageService } from '../../server/src/core/languageService';
import type { PreviewMessage } from '../../server/src/protocol/preview';
import { expectSnapshot } from '../support/expect';
import { snapshotCatalog } from '../support/testCatalog';

const service = new LanguageService({ catalog: snapshotCatalog() });
const NONCE = 'TESTNONCE0123456789abcdef';
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
      renderPreviewHtml(preview(SHOP), { theme: 'dark', nonce: NONCE, allowImages: false, interactive: true }),
    );
  });
  it('Components V2, light, standalone (no script)', () => {
    const html = renderPreviewHtml(preview(V2), {
      theme: 'light',
      nonce: NONCE,
      allowImages: false,
      interactive: false,
      title: 'v2.bds',
    });
    assert.doesNotMatch(html, /<script/);
    assert.match(html, /script-src 'none'/);
    expectSnapshot('preview/v2-light.html', html);
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
});
