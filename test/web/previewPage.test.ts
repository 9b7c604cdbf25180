// The message preview page in headless Chromium, judged as a user sees it: computed styles and
// visible text (not class names), and not one Content-Security-Policy violation logged. Pages are
// drawn by the core (renderPreviewHtml) from real documents, in the editor's form (with its
// script) and the command line's. Skips, saying why, without /usr/bin/chromium.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { renderPreviewHtml, type HtmlOptions } from '../../server/src/core/preview/html';
import { LanguageService } from '../../server/src/core/languageService';
import { snapshotCatalog } from '../support/testCatalog';
import { browserMissing } from './harness';
import { computedStyles, PageBrowser, styleOf, type ShownPage } from './pageHarness';

const service = new LanguageService({ catalog: snapshotCatalog() });
let version = 0;

function pageOf(src: string, opts: Partial<HtmlOptions> = {}): string {
  const p = service.preview(TextDocument.create(`file:///page${++version}.bds`, 'bdscript', 1, src));
  return renderPreviewHtml(p, {
    theme: 'dark',
    nonce: 'Tm9uY2VGb3JUaGVQYWdlVGVzdA==',
    allowImages: false,
    interactive: true,
    ...opts,
  });
}

describe('preview page in Chromium', function () {
  this.timeout(60_000);
  let browser: PageBrowser | undefined;
  const open: ShownPage[] = [];

  before(async function () {
    const missing = browserMissing();
    if (missing) this.skip();
    browser = await PageBrowser.launch({ timezoneId: 'UTC', locale: 'en-US' });
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(async function () {
    // Whatever a test checked, a page that logged a CSP violation fails it.
    const pages = open.splice(0);
    for (const shown of pages) {
      const violations = shown.violations.slice();
      const errors = shown.errors.slice();
      await shown.close();
      if (this.currentTest?.state === 'passed') {
        assert.deepEqual(violations, [], 'the page logged Content-Security-Policy violations');
        assert.deepEqual(errors, [], 'the page logged errors');
      }
    }
  });

  async function show(html: string): Promise<ShownPage> {
    if (!browser) throw new Error('no browser');
    const shown = await browser.show(html);
    open.push(shown);
    return shown;
  }

  it("paints the embed's colour bar and a container's accent colour", async () => {
    const shown = await show(
      pageOf(
        '$title[Shop]\n$color[#5865F2]\n$title[Two;2]\n$color[00FF00;2]\n$addContainer[box;#FF544C]\n$addTextDisplay[Hi;box]',
      ),
    );
    const bars = (
      await computedStyles(shown.page, '.embed, .container', [
        'border-left-style',
        'border-left-width',
        'border-left-color',
      ])
    ).map((s) => Object.values(s).join(' '));
    assert.deepEqual(bars, ['solid 4px rgb(88, 101, 242)', 'solid 4px rgb(0, 255, 0)', 'solid 4px rgb(255, 84, 76)']);
  });

  const WELCOME = [
    '# Welcome **$username**!',
    'You have *$getUserVar[coins]* coins, __really__ ~~not~~ `many`.',
    '## Rules',
    '### Small print',
    '-# read them',
    '> be kind',
    '- first rule',
    '1. numbered',
    '||the secret||',
    'Ends <t:1700000000:F>, that is <t:1700000000:R>. See [the wiki](https://wiki.example/rules) <:blob:123456789012345678>',
    '```js',
    'let a = 1;',
    '```',
    '$title[**Shop**]',
    '$description[**Bold** in the embed]',
    '$color[#FF544C]',
    '$footer[**not bold** in the footer]',
    '$footerIcon[https://cdn.example/f.png]',
    '$newSelectMenu[menu;1;1;Pick an item]',
    '$addSelectMenuOption[menu;Sword;sword;Sharp]',
  ].join('\n');

  it('draws Discord markdown as a user sees it: weights, styles, sizes, and no markup left', async () => {
    const { page } = await show(pageOf(WELCOME));
    // No markup is left in the texts Discord renders (the footer is literal, below).
    const text = (await page.locator('.content, .embed-title, .embed-description').allInnerTexts()).join('\n');
    for (const raw of ['**', '<t:', '__', '~~', '-#', '```', '||', ']('])
      assert.ok(!text.includes(raw), `"${raw}" is on the page`);
    const h1 = await styleOf(page.getByRole('heading', { name: 'Welcome $username!' }), ['font-size', 'font-weight']);
    const h2 = await styleOf(page.getByRole('heading', { name: 'Rules' }), ['font-size']);
    const h3 = await styleOf(page.getByRole('heading', { name: 'Small print' }), ['font-size']);
    const body = await styleOf(page.getByText('You have', { exact: false }).first(), ['font-size']);
    assert.equal(h1['font-weight'], '700');
    const px = (v: string | undefined): number => Number.parseFloat(v ?? '');
    assert.ok(px(h1['font-size']) > px(h2['font-size']) && px(h2['font-size']) > px(h3['font-size']), 'h1 > h2 > h3');
    assert.ok(px(h3['font-size']) > px(body['font-size']), 'h3 is larger than the text');
    // The placeholder inside the bold markup is bold too.
    // (Decorations are drawn by the element that has them; its text's own computed value is none.)
    assert.equal((await styleOf(page.getByText('$username', { exact: true }), ['font-weight']))['font-weight'], '700');
    assert.equal(
      (await styleOf(page.getByText('$getUserVar[coins]', { exact: true }), ['font-style']))['font-style'],
      'italic',
    );
    assert.match(
      (await styleOf(page.locator('u').filter({ hasText: 'really' }), ['text-decoration-line']))[
        'text-decoration-line'
      ] ?? '',
      /underline/,
    );
    assert.match(
      (await styleOf(page.locator('s').filter({ hasText: 'not' }), ['text-decoration-line']))['text-decoration-line'] ??
        '',
      /line-through/,
    );
    assert.match(
      (await styleOf(page.getByText('many', { exact: true }), ['font-family']))['font-family'] ?? '',
      /mono|Consolas/i,
    );
    assert.match((await styleOf(page.getByText('let a = 1;'), ['font-family']))['font-family'] ?? '', /mono|Consolas/i);
    assert.equal(await page.getByText('js', { exact: true }).isVisible(), true, "the code block's language label");
    const subtext = await styleOf(page.getByText('read them', { exact: true }), ['font-size']);
    assert.ok(px(subtext['font-size']) < px(body['font-size']), 'subtext is smaller');
    const quote = await styleOf(page.locator('blockquote', { hasText: 'be kind' }), [
      'border-left-width',
      'border-left-style',
    ]);
    assert.deepEqual(quote, { 'border-left-width': '4px', 'border-left-style': 'solid' });
    assert.equal(
      (await styleOf(page.getByRole('listitem').filter({ hasText: 'first rule' }), ['display']))['display'],
      'list-item',
    );
    assert.equal(
      await page
        .getByRole('list')
        .filter({ hasText: 'numbered' })
        .evaluate((el) => (el as { tagName: string }).tagName),
      'OL',
    );
    // The embed: its colour bar, markdown in its description, none in its footer.
    const embed = page.locator('.embed');
    assert.equal((await styleOf(embed, ['border-left-color']))['border-left-color'], 'rgb(255, 84, 76)');
    assert.equal((await styleOf(embed.getByText('Bold', { exact: true }), ['font-weight']))['font-weight'], '700');
    assert.equal(await embed.getByText('**not bold** in the footer').isVisible(), true, 'the footer is literal');
  });

  it('hides a spoiler until it is clicked', async () => {
    const { page } = await show(pageOf(WELCOME));
    const secret = page.getByText('the secret', { exact: true });
    assert.equal(await secret.isVisible(), false, 'hidden');
    await page.getByTitle('Spoiler: click to show it').click();
    assert.equal(await secret.isVisible(), true, 'shown after a click');
  });

  it("writes times in the viewer's locale and time zone", async () => {
    if (!browser) throw new Error('no browser');
    const other = await PageBrowser.launch({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' });
    try {
      const shown = await other.show(
        pageOf('<t:1700000000:F> <t:1700000000:t> <t:1700000000:R>', { interactive: false }),
      );
      const times = await shown.page.locator('time').allInnerTexts();
      // 1700000000 is 2023-11-14 22:13:20 UTC: 07:13 on the 15th in Tokyo.
      assert.equal(times[0], 'Mittwoch, 15. November 2023 um 7:13');
      assert.equal(times[1], '7:13');
      assert.match(times[2] ?? '', /^vor \d+ Jahren$/);
      assert.deepEqual(shown.violations, []);
      await shown.close();
    } finally {
      await other.close();
    }
  });

  it('opens a link through the editor, never inside the page', async () => {
    const shown = await show(pageOf(WELCOME));
    const before = shown.page.url();
    await shown.page.getByRole('link', { name: 'the wiki' }).click();
    assert.equal(shown.page.url(), before, 'the page did not navigate');
    assert.deepEqual(
      (await shown.posted()).filter((m) => typeof m === 'object' && m !== null && 'open' in m),
      [{ open: 'https://wiki.example/rules' }],
    );
    assert.deepEqual(shown.requests, [], 'nothing was fetched');
  });

  it('shows a select menu closed, with its placeholder, and a 20 px round footer icon', async () => {
    const { page } = await show(pageOf(WELCOME));
    assert.equal(await page.getByText('Pick an item').isVisible(), true);
    assert.equal(await page.getByText('Sword').isVisible(), false, 'the options are closed');
    await page.getByText('Pick an item').click();
    assert.equal(await page.getByText('Sword').isVisible(), true, 'a click opens them');
    const icon = await styleOf(page.locator('.footer-icon'), ['width', 'height', 'border-top-left-radius']);
    assert.deepEqual(icon, { width: '20px', height: '20px', 'border-top-left-radius': '50%' });
  });

  it("loads custom emoji from the CDN only when images are allowed, through the page's CSP", async () => {
    const off = await show(pageOf('Hi <:blob:123456789012345678>'));
    assert.match(await off.page.locator('body').innerText(), /:blob:/);
    assert.deepEqual(off.requests, []);
    const on = await show(pageOf('Hi <:blob:123456789012345678>', { allowImages: true }));
    await on.page.waitForLoadState('networkidle');
    // The request is made (and aborted by the harness: nothing leaves 127.0.0.1), not blocked by the CSP.
    assert.deepEqual(on.requests, ['https://cdn.discordapp.com/emojis/123456789012345678.webp?size=48']);
  });

  it('the standalone page (bdscript preview --format html) draws the same, with its own script only', async () => {
    const shown = await show(pageOf(WELCOME, { interactive: false }));
    const text = (await shown.page.locator('.content, .embed-description').allInnerTexts()).join('\n');
    assert.ok(!text.includes('**') && !text.includes('<t:'));
    assert.match(await shown.page.locator('time').first().innerText(), /2023/);
    assert.equal(
      (await styleOf(shown.page.getByText('$username', { exact: true }), ['font-weight']))['font-weight'],
      '700',
    );
    await shown.page.getByTitle('Spoiler: click to show it').click();
    assert.equal(await shown.page.getByText('the secret', { exact: true }).isVisible(), true);
  });
});
