// Shows preview pages (server/src/core/preview/html.ts) in headless Chromium as a user sees them:
// each page served from 127.0.0.1 with nothing but its own Content-Security-Policy (the <meta>
// it carries), a stand-in for the webview's `acquireVsCodeApi` that records what the page posts,
// and a record of every Content-Security-Policy violation the page reports (the
// `securitypolicyviolation` event and the console's "Refused to ..." lines) and of every
// request it makes. Nothing leaves 127.0.0.1: no other name resolves, and a request for another
// host is aborted and recorded.

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, isAllowedUrl } from './harness';

/** A page on screen and what it did. */
export interface ShownPage {
  readonly page: Page;
  /** Every Content-Security-Policy violation, as "directive: blocked" or the console's words. */
  readonly violations: string[];
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Every URL the page asked for after it loaded (its own document excluded). */
  readonly requests: string[];
  /** What the page's script posted to the editor (`acquireVsCodeApi().postMessage`). */
  posted(): Promise<unknown[]>;
  close(): Promise<void>;
}

/** Records violations and stands in for the webview API before any of the page's own script runs. */
const INIT = `(() => {
  const posted = [];
  Object.defineProperty(window, '__posted', { value: posted });
  window.acquireVsCodeApi = () => ({ postMessage: (m) => posted.push(JSON.parse(JSON.stringify(m))), getState: () => undefined, setState: () => undefined });
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__violation && window.__violation(e.violatedDirective + ': ' + (e.blockedURI || 'inline') + (e.sample ? ' (' + e.sample + ')' : ''));
  });
})();`;

export class PageBrowser {
  private next = 0;

  private constructor(
    /** The pages the server serves, by path. */
    private readonly pages: Map<string, string>,
    private readonly context: BrowserContext,
    private readonly server: http.Server,
    private readonly base: string,
    private readonly userDataDir: string,
  ) {}

  static async launch(options: { timezoneId?: string; locale?: string } = {}): Promise<PageBrowser> {
    const pages = new Map<string, string>();
    const server = http.createServer((req, res) => {
      const html = pages.get((req.url ?? '/').split('?')[0] ?? '/');
      if (html === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bds-page-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 900, height: 1200 },
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    const browser = new PageBrowser(pages, context, server, `http://127.0.0.1:${port}`, userDataDir);
    await context.route(
      (url) => !isAllowedUrl(url.href),
      (route) => route.abort('blockedbyclient'),
    );
    return browser;
  }

  /** Opens `html` in a new tab and waits until it has loaded. */
  async show(html: string): Promise<ShownPage> {
    const at = `/page-${++this.next}.html`;
    this.pages.set(at, html);
    const page = await this.context.newPage();
    const violations: string[] = [];
    const errors: string[] = [];
    const requests: string[] = [];
    await page.exposeFunction('__violation', (v: string) => violations.push(v));
    await page.addInitScript(INIT);
    page.on('console', (m) => {
      const text = m.text();
      if (/Content Security Policy|Refused to/i.test(text)) violations.push(text);
      // A request for another host, aborted by this harness, is logged as such; it is not the page's error.
      else if (m.type() === 'error' && !text.includes('net::ERR_BLOCKED_BY_CLIENT')) errors.push(text);
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => {
      if (r.url() !== this.base + at) requests.push(r.url());
    });
    await page.goto(this.base + at, { waitUntil: 'load' });
    return {
      page,
      violations,
      errors,
      requests,
      posted: () => page.evaluate(() => (globalThis as unknown as { __posted: unknown[] }).__posted.slice()),
      close: async () => {
        this.pages.delete(at);
        await page.close();
      },
    };
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}

/** The computed values of CSS `properties` (as `border-left-color`) of every element `selector` finds. */
export function computedStyles(
  page: Page,
  selector: string,
  properties: readonly string[],
): Promise<Array<Record<string, string>>> {
  // A string, so that this file needs no DOM types: it runs in the page.
  return page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => { const s = getComputedStyle(e); return Object.fromEntries(${JSON.stringify(properties)}.map((p) => [p, s.getPropertyValue(p)])); })`,
  );
}

/** The computed values of CSS `properties` of the element `locator` finds (exactly one). */
export function styleOf(locator: Locator, properties: readonly string[]): Promise<Record<string, string>> {
  // Built from text, so that this file needs no DOM types: it runs in the page.
  const fn = new Function(
    'el',
    'props',
    'const s = getComputedStyle(el); return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));',
  ) as (el: unknown, props: readonly string[]) => Record<string, string>;
  return locator.evaluate(fn, properties);
}
