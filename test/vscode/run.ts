// The extension in a real VS Code, as a user meets it (`npm run test:vscode`): installs the
// packaged bdscript.vsix into a fresh code-server profile, opens the fixtures in headless Chromium
// and checks, step by step, what is on screen. Two sessions: the catalog offline, then a catalog
// mirror on 127.0.0.1 that changes and goes away. Nothing leaves 127.0.0.1: code-server's gallery
// points at a dead loopback port, the browser aborts every other request and proxies the rest
// into a dead port. Install code-server and Chromium first with `npm run install:vscode`.

import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import * as expected from './expected';
import { startMirror, writeSecondCatalog } from './mirror';
import { deadLoopbackPort, startService, type Service } from './processes';
import { check, Steps } from './steps';
import { SERVER_MS, UI_MS, until, Workbench, type Problem } from './workbench';

const ROOT = resolve(__dirname, '..', '..');
const HOME = join(ROOT, '.vscode-test');
const CODE_SERVER = join(HOME, 'code-server', 'node_modules', '.bin', 'code-server');
const RUN = join(HOME, 'run');
const RESULTS = join(HOME, 'results');
const VSIX = join(ROOT, 'bdscript.vsix');
const FIXTURES = join(__dirname, 'fixtures');
/** Debian's Chromium binary (the /usr/bin/chromium wrapper adds flags and API keys we do not want). */
const CHROMIUM = process.env['BDSCRIPT_CHROMIUM'] ?? '/usr/lib/chromium/chromium';
/** The whole run is stopped after this long, whatever it is doing. */
const RUN_LIMIT_MS = 10 * 60_000;

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
  };
};
/** A contributed command's title as the palette shows it (`Category: Title`). */
/** The manifest's English texts: `%key%` in package.json is looked up in package.nls.json, as VS Code does. */
const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
function localized(text: string): string {
  const key = /^%(.+)%$/.exec(text)?.[1];
  return key !== undefined ? (nls[key] ?? text) : text;
}

function paletteTitle(command: { title: string; category?: string }): string {
  const title = localized(command.title);
  return command.category ? `${localized(command.category)}: ${title}` : title;
}
/** Status bar items of this extension have ids starting with `publisher.name.`. */
const STATUS_ITEM = `.part.statusbar .statusbar-item[id^="${manifest.publisher}.${manifest.name}."]`;

const started = Date.now();
const log = (line: string): void => console.log(line);
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const services: Service[] = [];
let browser: Browser | undefined;
let running: Steps | undefined;

async function main(): Promise<number> {
  for (const [what, path, fix] of [
    ['code-server', CODE_SERVER, 'run `npm run install:vscode`'],
    ['Chromium', CHROMIUM, 'run `npm run install:vscode` (or set BDSCRIPT_CHROMIUM)'],
    ['the packaged extension', VSIX, 'run `npm run package`'],
  ] as const) {
    if (!existsSync(path)) {
      console.error(`test:vscode: ${what} is missing (${path}): ${fix}`);
      return 2;
    }
  }
  rmSync(RUN, { recursive: true, force: true });
  rmSync(RESULTS, { recursive: true, force: true });
  for (const dir of ['user-data/User', 'extensions', 'home', 'tmp', 'workspaces', 'mirror'])
    mkdirSync(join(RUN, dir), { recursive: true });
  mkdirSync(join(RESULTS, 'logs'), { recursive: true });
  log(`test:vscode: screenshots and logs go to ${RESULTS}`);

  const dead = await deadLoopbackPort();
  const env = codeServerEnv(dead);
  writeFileSync(join(RUN, 'config.yaml'), 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  writeFileSync(join(RUN, 'user-data', 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2));
  const csArgs = [
    '--config',
    join(RUN, 'config.yaml'),
    '--user-data-dir',
    join(RUN, 'user-data'),
    '--extensions-dir',
    join(RUN, 'extensions'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
  ];

  // The packaged extension, installed the way a user installs a .vsix.
  const install = startService(
    'code-server --install-extension',
    CODE_SERVER,
    [...csArgs, '--install-extension', VSIX],
    env,
    join(RESULTS, 'logs', 'install-extension.log'),
  );
  services.push(install);
  const status = await install.exit(120_000);
  if (status !== 0 || !/was successfully installed/.test(install.logTail())) {
    console.error(`test:vscode: installing ${VSIX} failed (exit ${status}):\n${install.logTail()}`);
    return 1;
  }
  log(`test:vscode: installed ${relative(ROOT, VSIX)} into a fresh profile (${elapsed()})`);

  const offlineFolder = workspace('offline', { 'bdscript.catalog.offline': true });
  const server = startService(
    'code-server',
    CODE_SERVER,
    [...csArgs, offlineFolder],
    env,
    join(RESULTS, 'logs', 'code-server.log'),
  );
  services.push(server);
  const base = (await server.waitForLog(/HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//, 60_000))[1]!;
  log(`test:vscode: code-server ${codeServerVersion()} on ${base} (${elapsed()})`);

  process.env['TMPDIR'] = join(RUN, 'tmp'); // Playwright's browser profile and downloads
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: process.getuid?.() !== 0,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: join(RUN, 'home'),
      XDG_CONFIG_HOME: join(RUN, 'home', '.config'),
      XDG_CACHE_HOME: join(RUN, 'home', '.cache'),
    },
    args: [
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-domain-reliability',
      '--disable-client-side-phishing-detection',
      '--disable-breakpad',
      '--metrics-recording-only',
      '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,AutofillServerCommunication',
      // Whatever still tries to leave the machine meets a proxy that is not there (loopback bypasses it).
      `--proxy-server=http://127.0.0.1:${dead}`,
    ],
  });
  log(`test:vscode: Chromium ${browser.version()} (${elapsed()})`);

  const steps = new Steps(RESULTS, log);
  running = steps;
  const blocked: string[] = [];
  const logsDir = join(RUN, 'user-data', 'logs');

  log('test:vscode: session 1, catalog offline');
  const earlierLogs = new Set(extensionHostLogs(logsDir));
  await session(steps, blocked, `${base}/?folder=${encodeURIComponent(offlineFolder)}`, async (wb) => {
    await offlineChecks(steps, wb);
    await logChecks(steps, wb, logsDir, earlierLogs);
  });

  log('test:vscode: session 2, catalog from a mirror on 127.0.0.1');
  steps.resume();
  const paths = { root: ROOT, logFile: join(RESULTS, 'logs', 'mirror.log') };
  const first = await startMirror(paths, 0);
  services.push(first.service);
  const mirrorFolder = workspace('mirror', { 'bdscript.catalog.offline': false, 'bdscript.catalog.url': first.url });
  for (const f of extensionHostLogs(logsDir)) earlierLogs.add(f);
  await session(steps, blocked, `${base}/?folder=${encodeURIComponent(mirrorFolder)}`, async (wb) => {
    await mirrorChecks(steps, wb, paths, first);
    await logChecks(steps, wb, logsDir, earlierLogs);
  });

  await shutdown();
  copyLogs(logsDir);
  // Errors logged while a window closed and its extension host stopped (providers asked while
  // the client stops answer nothing: client/src/middleware.ts). Judged after the windows closed.
  const atExit = extensionHostLogs(logsDir).flatMap((f) =>
    errorLines(f, logsDir, /Extension host terminating/, (line, extension) =>
      log(`test:vscode: left out, raised inside VS Code's own ${extension} extension while stopping: ${line}`),
    ),
  );
  const stopFailure =
    atExit.length > 0
      ? `errors logged while an extension host was stopping:\n${atExit.slice(0, 6).join('\n')}`
      : undefined;
  const failed = steps.failed;
  writeFileSync(
    join(RESULTS, 'results.json'),
    JSON.stringify(
      {
        seconds: (Date.now() - started) / 1000,
        steps: steps.results,
        blockedRequests: blocked,
        errorsWhileStopping: atExit,
      },
      null,
      2,
    ),
  );
  log('');
  if (blocked.length > 0)
    log(
      `test:vscode: the browser blocked ${blocked.length} request(s) to other hosts, e.g. ${blocked.slice(0, 3).join(', ')}`,
    );
  log(`test:vscode: ${steps.results.length - failed.length} of ${steps.results.length} steps passed in ${elapsed()}`);
  for (const f of failed) {
    if (f.ran) log(`test:vscode: FAILED: ${f.name}: ${f.error}${f.screenshot ? ` (screenshot ${f.screenshot})` : ''}`);
  }
  const skipped = failed.filter((f) => !f.ran).length;
  if (skipped > 0) log(`test:vscode: ${skipped} step(s) did not run because a step they need failed`);
  if (stopFailure) log(`test:vscode: FAILED: the extensions stop without errors: ${stopFailure}`);
  log(`test:vscode: screenshots and logs: ${RESULTS}`);
  return failed.length > 0 || stopFailure ? 1 : 0;
}

/** One browser window on the workbench of a folder, in its own browser context, closed at the end. */
async function session(
  steps: Steps,
  blocked: string[],
  url: string,
  body: (wb: Workbench) => Promise<void>,
): Promise<void> {
  const context = await newContext(blocked);
  try {
    const page = await context.newPage();
    // The browser's console, kept for when a step fails for a reason the screen does not show.
    const consoleLog = join(RESULTS, 'logs', 'browser-console.log');
    page.on('console', (m) => appendFileSync(consoleLog, `[${new Date().toISOString()}] ${m.type()}: ${m.text()}\n`));
    page.on('pageerror', (e) =>
      appendFileSync(consoleLog, `[${new Date().toISOString()}] page error: ${e.stack ?? e.message}\n`),
    );
    await Workbench.recordToasts(page);
    const wb = new Workbench(page);
    await steps.run(wb, 'the workbench opens', { essential: true, timeoutMs: 120_000 }, () => wb.open(url, 90_000));
    await body(wb);
  } finally {
    await context.close();
  }
}

/**
 * A browser context whose requests reach 127.0.0.1 only: every other request is aborted (and
 * noted). WebSockets are not routed (Playwright's WebSocket routing wraps every socket, and the
 * workbench's own sockets then stall now and then); one to another host meets the dead proxy
 * the browser was started with, and is noted too.
 */
async function newContext(blocked: string[]): Promise<BrowserContext> {
  // Service workers are allowed: VS Code serves a webview's page (the message preview) through
  // one. What they fetch is not routed here, but the browser's dead proxy still stops any host
  // other than 127.0.0.1.
  const context = await browser!.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  // "Copy for BDFD app" is checked by reading back what it put on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const outside = (url: URL): boolean => url.hostname !== '127.0.0.1';
  await context.route(outside, (route) => {
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  context.on('page', (page) =>
    page.on('websocket', (ws) => {
      if (outside(new URL(ws.url()))) blocked.push(ws.url());
    }),
  );
  return context;
}

// ---------------------------------------------------------------------------------------------
// Session 1: the catalog offline (the bundled snapshot).

async function offlineChecks(steps: Steps, wb: Workbench): Promise<void> {
  const fixture = readFileSync(join(FIXTURES, 'offline', expected.OFFLINE_FIXTURE), 'utf8');
  const at = (a: expected.Anchor): { line: number; column: number } => locate(fixture, a);
  const EDITOR = ['.editor-instance .monaco-editor'];

  await steps.run(
    wb,
    `the fixture ${expected.OFFLINE_FIXTURE} opens in an editor`,
    { essential: true, region: ['.quick-input-widget', ...EDITOR] },
    async () => {
      await openFixture(wb, expected.OFFLINE_FIXTURE);
    },
  );

  await steps.run(wb, 'the language mode is BDScript', { region: ['.part.statusbar'] }, async () => {
    await until(
      'the language mode item',
      () => wb.statusBarText('status.editor.mode'),
      (t) => t === expected.LANGUAGE_MODE,
      UI_MS,
    );
  });

  await steps.run(
    wb,
    'the status item shows the catalog source: bundled',
    { region: ['.part.statusbar'] },
    async () => {
      await waitForStatus(wb, expected.STATUS.bundled);
    },
  );

  await steps.run(
    wb,
    'tokens are coloured by the grammar',
    { region: ['.token-inspect-widget', ...EDITOR] },
    async () => {
      const seen: Record<string, { foreground: string; scopes: string[] }> = {};
      for (const [name, token] of Object.entries(expected.TOKENS)) {
        const place = at(token);
        const inspected = await inspectToken(wb, place.line, place.column, () => steps.snapshot(wb, name));
        for (const scope of token.scopes) {
          check(
            inspected.scopes.includes(scope),
            `the ${name} at ${place.line}:${place.column} has TextMate scopes ${inspected.scopes.join(' ')}, not ${scope}`,
          );
        }
        check(
          /^#[0-9A-F]{6,8}$/i.test(inspected.foreground),
          `the ${name} has no foreground colour (${inspected.foreground})`,
        );
        seen[name] = inspected;
      }
      const colours = new Set(Object.values(seen).map((s) => s.foreground.toUpperCase()));
      check(colours.size === Object.keys(seen).length, `the tokens share a colour: ${JSON.stringify(seen)}`);
    },
  );

  await steps.run(
    wb,
    "the Problems panel shows the fixture's findings with their codes",
    { region: ['.markers-panel'] },
    async () => {
      const wanted = expected.FINDINGS.map((f) => ({ line: at(f).line, code: f.code }));
      const rows = await until(
        'every finding of the fixture in the Problems panel',
        () => wb.problems(),
        (ps) => wanted.every((w) => ps.some((p) => p.line === w.line && p.code === w.code)),
        SERVER_MS,
      );
      for (const w of wanted) {
        const row = rows.find((p) => p.line === w.line && p.code === w.code)!;
        check(
          row.source === 'bdscript' && row.message.length > 0,
          `the ${w.code} finding on line ${w.line} reads ${JSON.stringify(row)}`,
        );
      }
    },
  );

  await steps.run(wb, 'a disable directive silences its line', { region: ['.markers-panel'] }, async () => {
    const silenced = at(expected.SILENCED).line;
    // The same finding on another line shows that the rule is at work.
    const rows = await until(
      'the invalid-argument finding the directive silences elsewhere',
      () => wb.problems(),
      (ps) => ps.some((p) => p.code === 'invalid-argument' && p.line !== silenced),
      SERVER_MS,
    );
    const onLine = rows.filter((p) => p.line === silenced);
    check(onLine.length === 0, `line ${silenced} has problems despite its directive: ${JSON.stringify(onLine)}`);
  });

  await steps.run(wb, 'hover on $title shows its documentation', { region: ['.monaco-hover', ...EDITOR] }, async () => {
    const place = at(expected.HOVER.at);
    await wb.goTo(place.line, place.column);
    await wb.page.keyboard.press('Control+K');
    await wb.page.keyboard.press('Control+I');
    await until(
      'a hover with the documentation of $title',
      () => wb.visibleText('.monaco-editor .monaco-hover:not(.hidden)'),
      (t) => expected.HOVER.includes.every((s) => t.includes(s)),
      SERVER_MS,
    );
  });

  await steps.run(
    wb,
    `completion after ${expected.COMPLETION.typed} offers $addButton first and inserts its snippet`,
    { region: ['.suggest-widget', ...EDITOR] },
    async () => {
      const line = await wb.newLastLine();
      await wb.type(expected.COMPLETION.typed);
      const first = wb.page.locator('.suggest-widget.visible .monaco-list-row[data-index="0"]');
      await until(
        'the completion list with $addButton first',
        async () => ((await first.count()) ? (await first.locator('.label-name').innerText()).trim() : ''),
        (label) => expected.COMPLETION.firstLabel.test(label),
        SERVER_MS,
      );
      await steps.snapshot(wb, 'list');
      await wb.page.keyboard.press('Enter');
      await until(
        `line ${line} holding the inserted snippet`,
        () => wb.lineText(line),
        (t) => t === expected.COMPLETION.inserted,
        UI_MS,
      );
      // A snippet leaves its first placeholder selected.
      await until(
        "the snippet's first placeholder selected",
        () => wb.cursor(),
        (c) => c.selected > 0,
        UI_MS,
      );
      await steps.snapshot(wb, 'inserted');
      await wb.dismiss();
    },
  );

  await steps.run(
    wb,
    'signature help shows the argument being typed',
    { region: ['.parameter-hints-widget', ...EDITOR] },
    async () => {
      await wb.newLastLine();
      await wb.type(expected.SIGNATURE.typed);
      const widget = '.parameter-hints-widget.visible';
      await until(
        `signature help for $addButton with "${expected.SIGNATURE.activeParameter}" highlighted`,
        async () => ({
          signature: await wb.visibleText(`${widget} .signature .code`),
          active: await wb.visibleText(`${widget} .parameter.active`),
        }),
        (shown) =>
          shown.signature.includes(expected.SIGNATURE.label) && shown.active === expected.SIGNATURE.activeParameter,
        SERVER_MS,
      );
    },
  );

  await steps.run(wb, 'a quick fix applies', { region: ['.action-widget', '.markers-panel', ...EDITOR] }, async () => {
    const place = at(expected.QUICK_FIX.at);
    await wb.goTo(place.line, place.column);
    await wb.page.keyboard.press('Control+.');
    const rows = wb.page.locator('.action-widget .monaco-list-row.action');
    const titles = await until(
      'the quick fix menu',
      () => rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('aria-label') ?? '')),
      (ts) => ts.some((t) => expected.QUICK_FIX.action.test(t)),
      SERVER_MS,
    );
    // Down to the fix, then Enter, as with the keyboard.
    for (let i = 0; i < titles.length; i++) {
      const focused = (await rows.and(wb.page.locator('.focused')).first().getAttribute('aria-label')) ?? '';
      if (expected.QUICK_FIX.action.test(focused)) break;
      await wb.page.keyboard.press('ArrowDown');
    }
    await steps.snapshot(wb, 'menu');
    await wb.page.keyboard.press('Enter');
    await until(
      `line ${place.line} after the fix`,
      () => wb.lineText(place.line),
      (t) => t === expected.QUICK_FIX.lineAfter,
      UI_MS,
    );
    const gone = at(expected.QUICK_FIX.removes).line;
    await until(
      `the ${expected.QUICK_FIX.removes.code} finding on line ${gone} gone from the Problems panel`,
      () => wb.problems(),
      (ps) => ps.length > 0 && !ps.some((p) => p.line === gone && p.code === expected.QUICK_FIX.removes.code),
      SERVER_MS,
    );
  });

  await steps.run(
    wb,
    'the message budget lens stands over the code that builds the reply',
    { region: ['.codelens-decoration', ...EDITOR] },
    async () => {
      await until(
        'the budget lens with its counts',
        () => wb.visibleText('.editor-instance .monaco-editor .codelens-decoration'),
        (t) => expected.LENS.title.test(t.trim()),
        SERVER_MS,
      );
      // It stands right over its line: the lens's view zone is just above that line's top.
      const line = at(expected.LENS.above).line;
      check((await wb.lineText(line))?.startsWith('$title[') === true, `line ${line} is the $title line`);
      // A click opens the preview (the extension's middleware takes the lens's command).
      await wb.page.locator('.editor-instance .monaco-editor .codelens-decoration a').first().click();
      const page = wb.page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
      await until(
        "the preview the lens opened, showing the reply's embed title",
        () =>
          page
            .locator('.embed-title')
            .first()
            .innerText({ timeout: UI_MS })
            .catch(() => ''),
        (t) => t === expected.PREVIEW.title,
        SERVER_MS,
      );
      await steps.snapshot(wb, 'preview');
      // Back to the editor, for the steps after this one.
      await wb.focusEditor();
    },
  );

  await steps.run(wb, 'a document highlight marks the $if block', { region: EDITOR }, async () => {
    const place = at(expected.HIGHLIGHT.at);
    await wb.goTo(place.line, place.column);
    await until(
      `${expected.HIGHLIGHT.words} words of the block highlighted`,
      () => wb.page.locator('.editor-instance .monaco-editor .view-overlays .wordHighlightText').count(),
      (n) => n === expected.HIGHLIGHT.words,
      SERVER_MS,
    );
  });

  await steps.run(
    wb,
    'Format Document indents the block body',
    { region: ['.quick-input-widget', ...EDITOR] },
    async () => {
      const line = at(expected.FORMAT.line).line;
      await wb.focusEditor();
      await wb.command('Format Document');
      await until(
        `line ${line} indented`,
        () => wb.lineText(line),
        (t) => t === expected.FORMAT.after,
        SERVER_MS,
      );
      // The text lines around it are as they were.
      const title = at(expected.LENS.above).line;
      check((await wb.lineText(title))?.startsWith('$title[') === true, `line ${title} still starts with $title[`);
    },
  );

  await commandChecks(steps, wb, at);
}

/** Each command the manifest contributes, run from the palette; each must have a check here. */
async function commandChecks(
  steps: Steps,
  wb: Workbench,
  at: (a: expected.Anchor) => { line: number; column: number },
): Promise<void> {
  const checks: Record<string, (toastsBefore: number) => Promise<void>> = {
    'bdscript.showCatalogStatus': async () => {
      await until(
        'the catalog status picker naming the bundled source',
        async () => ({ title: await wb.quickInputTitle(), rows: await wb.quickInputRows() }),
        (picker) =>
          picker.title === expected.STATUS_PICKER.title &&
          picker.rows.some((r) => expected.STATUS_PICKER.sourceRow.test(r) && expected.STATUS.bundled.test(r)),
        SERVER_MS,
      );
    },
    'bdscript.refreshCatalog': async (toastsBefore) => {
      await waitForToast(wb, 'info', expected.REFRESH_NOTICE.offline, toastsBefore);
    },
    'bdscript.copyForApp': async (toastsBefore) => {
      await waitForToast(wb, 'info', expected.COPY_FOR_APP.notice, toastsBefore);
      // Runs in the page, where `navigator` is the browser's (this file is typed without the DOM).
      const copied = await wb.page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      );
      check(
        copied.startsWith(expected.COPY_FOR_APP.clipboardStarts),
        `the clipboard holds ${JSON.stringify(copied.slice(0, 80))}`,
      );
    },
    'bdscript.openPreviewToSide': async () => {
      // The webview's page sits in VS Code's webview frame, inside which the page's own frame is.
      const page = wb.page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
      await until(
        "the preview panel showing the fixture's embed title",
        () =>
          page
            .locator('.embed-title')
            .first()
            .innerText({ timeout: UI_MS })
            .catch(() => ''),
        (t) => t === expected.PREVIEW.title,
        SERVER_MS,
      );
      const chip = await page.locator('.embed-title .chip').first().innerText({ timeout: UI_MS });
      check(chip === expected.PREVIEW.chip, `the unknown call is a chip: ${JSON.stringify(chip)}`);
      // Discord's markdown, drawn: no markup left, a bold word in bold, the time in words.
      const description = await page.locator('.embed-description').first().innerText({ timeout: UI_MS });
      check(expected.PREVIEW.description.test(description), `the description reads ${JSON.stringify(description)}`);
      const weight = await page
        .locator('.embed-description strong', { hasText: expected.PREVIEW.bold })
        .evaluate(
          (el) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { fontWeight: string } }).getComputedStyle(el)
              .fontWeight,
        );
      check(weight === '700', `the bold word's weight is ${weight}`);
      await steps.snapshot(wb, 'preview');
      // A link is never followed in the webview: VS Code opens it, asking first.
      await page.getByRole('link', { name: expected.PREVIEW.link }).click({ timeout: UI_MS });
      const dialog = wb.page.locator('.monaco-dialog-box');
      await until(
        'VS Code asking to open the link of the preview',
        () => wb.visibleText('.monaco-dialog-box'),
        (t) => t.includes(expected.PREVIEW.link),
        SERVER_MS,
      );
      await steps.snapshot(wb, 'preview-link');
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: UI_MS });
      // The click put the focus in the preview; the next commands are the editor's.
      await wb.focusEditor();
    },
    'bdscript.copyDiscordJson': async (toastsBefore) => {
      await waitForToast(wb, 'info', expected.PREVIEW.copied, toastsBefore);
      const copied = await wb.page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      );
      const message = JSON.parse(copied) as { embeds?: Array<{ title?: string }> };
      check(
        message.embeds?.[0]?.title === expected.PREVIEW.jsonTitle,
        `the clipboard holds ${JSON.stringify(copied.slice(0, 120))}`,
      );
    },
    'bdscript.openWikiPage': async () => {
      const dialog = wb.page.locator('.monaco-dialog-box');
      await until(
        'VS Code asking to open the wiki page',
        () => wb.visibleText('.monaco-dialog-box'),
        (t) => t.includes(expected.WIKI.url),
        SERVER_MS,
      );
      await steps.snapshot(wb, 'dialog');
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: UI_MS });
    },
  };
  for (const c of manifest.contributes.commands) {
    const title = paletteTitle(c);
    await steps.run(
      wb,
      `the command "${title}" runs without an error`,
      { region: ['.quick-input-widget', '.monaco-dialog-box', '.notifications-toasts'] },
      async () => {
        const checkIt = checks[c.command];
        check(
          checkIt !== undefined,
          `test/vscode/run.ts has no check for the contributed command ${c.command}: add one`,
        );
        if (c.command === 'bdscript.openWikiPage') {
          const place = at(expected.WIKI.at);
          await wb.goTo(place.line, place.column);
        }
        const before = (await wb.toasts()).length;
        // A command the palette lists only for a BDScript editor needs the editor focused. After a
        // dialog over the preview closes, VS Code can hand the focus back to the preview's webview
        // a moment after the editor took it (a fresh-clone CI run saw the palette without such a
        // command): the editor is focused first, and once more if the palette then lacks the row.
        const editorOnly = manifest.contributes.menus?.commandPalette?.some(
          (m) => m.command === c.command && m.when === 'editorLangId == bdscript',
        );
        if (editorOnly) await wb.focusEditor();
        try {
          await wb.command(title);
        } catch (err) {
          if (!editorOnly) throw err;
          log(`test:vscode: "${title}" was not in the palette; the editor is focused again (${String(err)})`);
          await wb.focusEditor();
          await wb.command(title);
        }
        await checkIt(before);
        const problems = (await wb.toasts())
          .slice(before)
          .filter((t) => t.severity === 'error' || t.severity === 'warning');
        check(problems.length === 0, `the command showed: ${JSON.stringify(problems)}`);
      },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Session 2: a catalog mirror on 127.0.0.1.

async function mirrorChecks(
  steps: Steps,
  wb: Workbench,
  paths: { root: string; logFile: string },
  first: { service: Service; url: string },
): Promise<void> {
  const fixture = readFileSync(join(FIXTURES, 'mirror', expected.MIRROR_FIXTURE), 'utf8');
  const findingLine = locate(fixture, expected.MIRROR.finding).line;
  const code = expected.MIRROR.finding.code;
  const hasFinding = (ps: Problem[]): boolean => ps.some((p) => p.line === findingLine && p.code === code);
  const steady = { line: locate(fixture, expected.MIRROR.steady).line, code: expected.MIRROR.steady.code };
  const hasSteady = (ps: Problem[]): boolean => ps.some((p) => p.line === steady.line && p.code === steady.code);
  const refresh = manifest.contributes.commands.find((c) => c.command === 'bdscript.refreshCatalog');
  if (!refresh) throw new Error('the manifest contributes no bdscript.refreshCatalog command');
  const refreshTitle = paletteTitle(refresh);
  const port = Number(new URL(first.url).port);
  const secondCatalog = join(RUN, 'mirror', 'second-catalog.json');
  writeSecondCatalog(ROOT, secondCatalog, expected.MIRROR.added, expected.MIRROR.copiedFrom);

  await steps.run(
    wb,
    `the fixture ${expected.MIRROR_FIXTURE} opens in an editor`,
    { essential: true, region: ['.quick-input-widget', '.editor-instance'] },
    async () => {
      await openFixture(wb, expected.MIRROR_FIXTURE);
    },
  );

  await steps.run(wb, 'the status item says live', { region: ['.part.statusbar'] }, async () => {
    await waitForStatus(wb, expected.STATUS.live);
  });

  await steps.run(
    wb,
    `the mirror's first catalog does not know ${expected.MIRROR.added}`,
    { region: ['.markers-panel'] },
    async () => {
      await until(`${code} on line ${findingLine}`, () => wb.problems(), hasFinding, SERVER_MS);
    },
  );

  await steps.run(
    wb,
    'a refresh re-validates the open document',
    { region: ['.markers-panel', '.notifications-toasts'] },
    async () => {
      await first.service.stop();
      const second = await startMirror(paths, port, secondCatalog);
      services.push(second.service);
      const before = (await wb.toasts()).length;
      await wb.command(refreshTitle);
      await waitForToast(wb, 'info', expected.REFRESH_NOTICE.live, before);
      await until(
        `${code} on line ${findingLine} gone after the refresh, ${steady.code} on line ${steady.line} still there`,
        () => wb.problems(),
        (ps) => hasSteady(ps) && !hasFinding(ps),
        SERVER_MS,
      );
      await waitForStatus(wb, expected.STATUS.live);
      await second.service.stop();
    },
  );

  await steps.run(
    wb,
    'the mirror going down keeps the last catalog',
    { region: ['.markers-panel', '.notifications-toasts', '.part.statusbar'] },
    async () => {
      const before = (await wb.toasts()).length;
      await wb.command(refreshTitle);
      await waitForToast(wb, 'warning', expected.REFRESH_NOTICE.failed, before);
      await waitForStatus(wb, expected.STATUS.live);
      // A new finding typed now proves the diagnostics are current; the mirror's function must
      // still be known then, so the catalog was not swapped for the bundled one.
      // Typed faster than the server's debounce, as a quick typist does: the client cancels each
      // pull of diagnostics in flight and must pull the last version again.
      const line = await wb.newLastLine();
      await wb.type(expected.MIRROR.probe.typed, 5);
      const ps = await until(
        `${expected.MIRROR.probe.code} on the new line ${line}`,
        () => wb.problems(),
        (rows) => rows.some((p) => p.line === line && p.code === expected.MIRROR.probe.code),
        SERVER_MS,
      );
      check(
        !hasFinding(ps),
        `${expected.MIRROR.added} on line ${findingLine} is unknown again: the last catalog was not kept (${JSON.stringify(ps)})`,
      );
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Shared steps and helpers.

/**
 * The logs of this window's extension host (VS Code's, and the extension's own output channel)
 * have no error, and no error toast was shown. Read while the window is open: errors that come
 * once a window closes and its extension host stops are printed at the end of the run.
 */
async function logChecks(steps: Steps, wb: Workbench, logsDir: string, earlier: ReadonlySet<string>): Promise<void> {
  await steps.run(wb, 'the extension host log has no error', { region: ['.notifications-toasts'] }, async () => {
    const files = extensionHostLogs(logsDir).filter((f) => !earlier.has(f));
    check(
      files.some((f) => f.endsWith('remoteexthost.log')),
      `no log of this window's extension host under ${logsDir}`,
    );
    const errors = files.flatMap((f) => errorLines(f, logsDir));
    check(errors.length === 0, `errors logged:\n${errors.slice(0, 10).join('\n')}`);
    const toasts = (await wb.toasts()).filter((t) => t.severity === 'error');
    check(toasts.length === 0, `error notifications: ${JSON.stringify(toasts)}`);
  });
}

/** Opens a fixture with a click in the Explorer, and waits for its editor. */
async function openFixture(wb: Workbench, file: string): Promise<void> {
  await wb.page
    .locator('.explorer-folders-view .monaco-list-row', { hasText: file })
    .first()
    .click({ timeout: SERVER_MS });
  await wb.page.locator('.tabs-container .tab.active', { hasText: file }).waitFor({ state: 'visible', timeout: UI_MS });
  await wb.page
    .locator('.editor-instance .monaco-editor .view-lines')
    .first()
    .waitFor({ state: 'visible', timeout: UI_MS });
}

/** Waits until the extension's status item has left "starting" and matches `source`. */
async function waitForStatus(wb: Workbench, source: RegExp): Promise<void> {
  const item = wb.page.locator(STATUS_ITEM);
  await until(
    `the BDScript status item naming ${source}`,
    async () => ((await item.count()) ? (await item.first().innerText()).replace(/\s+/g, ' ').trim() : ''),
    (t) => source.test(t) && !/starting/i.test(t),
    SERVER_MS,
  );
}

/** Waits for a toast of `severity` matching `text`, shown after the first `after` toasts. */
async function waitForToast(wb: Workbench, severity: string, text: RegExp, after = 0): Promise<void> {
  await until(
    `${severity === 'info' ? 'an' : 'a'} ${severity} notification matching ${text}`,
    async () => (await wb.toasts()).slice(after),
    (ts) => ts.some((t) => t.severity === severity && text.test(t.message)),
    SERVER_MS,
  );
}

/** "Developer: Inspect Editor Tokens and Scopes" at a place: the token's colour and TextMate scopes. */
async function inspectToken(
  wb: Workbench,
  line: number,
  column: number,
  shoot: () => Promise<void>,
): Promise<{ foreground: string; scopes: string[] }> {
  await wb.goTo(line, column);
  await wb.command('Developer: Inspect Editor Tokens and Scopes');
  const widget = wb.page.locator('.token-inspect-widget');
  const rows = await until(
    'the token inspector',
    () =>
      widget
        .locator('tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            (tr.querySelector('.tiw-metadata-key')?.textContent ?? '').trim(),
            ((tr.querySelector('.tiw-metadata-value') as { innerText?: string } | null)?.innerText ?? '').trim(),
          ]),
        ),
    (rs) => rs.some(([key]) => key === 'textmate scopes'),
    UI_MS,
  );
  await shoot();
  await wb.dismiss();
  const value = (key: string): string => rows.find(([k]) => k === key)?.[1] ?? '';
  return {
    foreground: value('foreground').split('\n')[0]!.trim(),
    scopes: value('textmate scopes').split(/\s+/).filter(Boolean),
  };
}

/** The 1-based line and column of an anchor in a fixture. */
function locate(text: string, anchor: expected.Anchor): { line: number; column: number } {
  const index = text.indexOf(anchor.anchor);
  if (index < 0) throw new Error(`the fixture has no "${anchor.anchor}"`);
  const before = text.slice(0, index + (anchor.offset ?? 0));
  const line = before.split('\n').length;
  return { line, column: before.length - before.lastIndexOf('\n') };
}

/** A copy of a fixture folder with workspace settings, in the run folder. */
function workspace(name: string, settings: Record<string, unknown>): string {
  const folder = join(RUN, 'workspaces', name);
  cpSync(join(FIXTURES, name), folder, { recursive: true });
  mkdirSync(join(folder, '.vscode'), { recursive: true });
  writeFileSync(join(folder, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  return folder;
}

/** The user settings of the fresh profile: nothing that reaches out, nothing that pops up. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'npm.autoDetect': 'off',
  'typescript.disableAutomaticTypeAcquisition': true,
  'files.associations': { '*.bds': 'bdscript' },
};

function codeServerEnv(deadPort: number): NodeJS.ProcessEnv {
  const home = join(RUN, 'home');
  const proxy = `http://127.0.0.1:${deadPort}`;
  return {
    PATH: process.env['PATH'] ?? '',
    LANG: 'C.UTF-8',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: join(RUN, 'tmp'),
    // The extension gallery and any proxy-aware request go to a loopback port nothing listens on.
    EXTENSIONS_GALLERY: JSON.stringify({
      serviceUrl: `${proxy}/gallery`,
      itemUrl: `${proxy}/items`,
      resourceUrlTemplate: `${proxy}/resource`,
    }),
    HTTP_PROXY: proxy,
    HTTPS_PROXY: proxy,
    NO_PROXY: '127.0.0.1',
  };
}

function codeServerVersion(): string {
  const pkg = (p: string): string =>
    (
      JSON.parse(readFileSync(join(HOME, 'code-server', 'node_modules', 'code-server', p), 'utf8')) as {
        version: string;
      }
    ).version;
  return `${pkg('package.json')} (VS Code ${pkg('lib/vscode/package.json')})`;
}

/** Logs of extension hosts: VS Code's own, and the output channels of this extension. */
function extensionHostLogs(logsDir: string): string[] {
  return findFiles(logsDir, (path) => /exthost\d*[\\/](remoteexthost\.log|.*bdscript.*\.log)$/.test(path));
}

/** A log's error lines (after the first line matching `from`, when given), named by file. */
/**
 * The error lines of a log (from the first line `from` matches, when given). With `builtIn`, an
 * error raised inside one of VS Code's own extensions and not ours is handed to it instead:
 * VS Code's JSON extension, for one, at random logs to its closed output channel when its server
 * exits while the host stops ("Channel has been closed").
 */
function errorLines(
  file: string,
  logsDir: string,
  from?: RegExp,
  builtIn?: (line: string, extension: string) => void,
): string[] {
  let lines = readFileSync(file, 'utf8').split('\n');
  if (from) {
    const start = lines.findIndex((l) => from.test(l));
    lines = start < 0 ? [] : lines.slice(start);
  }
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (!/\[error\]/i.test(l)) return;
    const line = `${relative(logsDir, file)}: ${l}`;
    const extension = builtIn ? raisedInBuiltIn(lines, i) : undefined;
    if (builtIn && extension) builtIn(line, extension);
    else out.push(line);
  });
  return out;
}

/**
 * The built-in extension an error at `lines[i]` was raised in: its stack (the `at` lines after
 * it) passes through that extension's files under code-server's `lib/vscode/extensions` and
 * nowhere mentions ours. Undefined for any other error.
 */
function raisedInBuiltIn(lines: readonly string[], i: number): string | undefined {
  if (/bdscript/i.test(lines[i] ?? '')) return undefined;
  let extension: string | undefined;
  for (let k = i + 1; k < lines.length && /^\s+at /.test(lines[k] ?? ''); k++) {
    const frame = lines[k] ?? '';
    if (/bdscript/i.test(frame)) return undefined;
    extension ??= /\/lib\/vscode\/extensions\/([^/]+)\//.exec(frame)?.[1];
  }
  return extension;
}

function findFiles(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile() && keep(p));
}

function copyLogs(logsDir: string): void {
  if (existsSync(logsDir)) cpSync(logsDir, join(RESULTS, 'logs', 'vscode'), { recursive: true });
}

async function shutdown(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await Promise.all(services.map((s) => s.stop()));
}

const watchdog = setTimeout(() => {
  console.error(
    `test:vscode: stopped after ${RUN_LIMIT_MS / 60_000} minutes, during "${running?.current ?? 'the setup'}"`,
  );
  for (const s of services) s.killNow();
  process.exit(1);
}, RUN_LIMIT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const s of services) s.killNow();
    process.exit(130);
  });
}

main().then(
  (code) => {
    clearTimeout(watchdog);
    process.exitCode = code;
  },
  async (err: unknown) => {
    console.error(`test:vscode: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await shutdown().catch(() => undefined);
    for (const s of services) s.killNow();
    process.exitCode = 1;
  },
);
