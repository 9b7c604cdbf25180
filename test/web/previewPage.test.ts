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
import { computedStyles, PageBrowser, type ShownPage } from './pageHarness';

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
});
