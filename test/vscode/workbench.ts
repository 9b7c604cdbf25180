// A VS Code workbench in a browser page, used the way a person uses it: the keyboard, the command
// palette, Go to Line, and reading what is on screen (status bar, Problems panel, hovers,
// widgets, notifications). Every wait is for a state, bounded by a timeout; none sleeps a fixed
// time. The page functions passed to Playwright run in the browser and only read the DOM.

import type { Locator, Page } from 'playwright-core';

/** How long a widget may take to appear after a key press. */
export const UI_MS = 10_000;
/** How long the language server may take to answer (diagnostics, completion, a refresh). */
export const SERVER_MS = 30_000;

/** One row of the Problems panel. */
export interface Problem {
  readonly severity: string;
  readonly message: string;
  readonly source: string;
  readonly code: string;
  readonly line: number;
  readonly column: number;
}

/** One notification toast, as it appeared. */
export interface Toast {
  readonly severity: 'error' | 'warning' | 'info' | 'unknown';
  readonly message: string;
}

/**
 * Polls `probe` until `accept` holds for its value and returns that value; on the bound, throws
 * an error that says what was awaited and what was last seen.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      lastError = undefined;
      if (accept(last)) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const seen =
        lastError !== undefined ? `error: ${(lastError as Error).message ?? String(lastError)}` : JSON.stringify(last);
      throw new Error(`${what}: not seen within ${timeoutMs / 1000} s; last seen: ${seen}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Records every notification toast the workbench shows, with its severity, into a list on the
 * page, so that a toast that comes and goes between two looks is still seen. Installed before
 * the workbench loads.
 */
const TOAST_RECORDER = `(() => {
  const toasts = (window.__bdscriptToasts = []);
  const pending = new Set();
  const seen = new WeakSet();
  const severity = (item) => {
    const icon = item.querySelector('.notification-list-item-icon');
    const c = icon ? icon.className : '';
    return /codicon-error/.test(c) ? 'error' : /codicon-warning/.test(c) ? 'warning' : /codicon-info/.test(c) ? 'info' : 'unknown';
  };
  const flush = () => {
    for (const item of pending) {
      const message = (item.querySelector('.notification-list-item-message') || {}).textContent || '';
      if (!message) continue;
      pending.delete(item);
      toasts.push({ severity: severity(item), message });
    }
  };
  const observe = () => new MutationObserver(() => {
    for (const item of document.querySelectorAll('.notification-toast .notification-list-item')) {
      if (!seen.has(item)) { seen.add(item); pending.add(item); }
    }
    flush();
  }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) observe(); else document.addEventListener('DOMContentLoaded', observe);
})();`;

export class Workbench {
  constructor(readonly page: Page) {}

  static async recordToasts(page: Page): Promise<void> {
    await page.addInitScript({ content: TOAST_RECORDER });
  }

  /** Loads the workbench for a folder and waits until its status bar is there. */
  async open(url: string, timeoutMs: number): Promise<void> {
    await this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
  }

  // -------------------------------------------------------------------------------------------
  // Keyboard paths: the command palette and Go to Line.

  private get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** Rows of the open quick input (palette or picker): their accessible labels. */
  async quickInputRows(): Promise<string[]> {
    return this.quickInput
      .locator('.monaco-list-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  }

  async quickInputTitle(): Promise<string> {
    const title = this.quickInput.locator('.quick-input-title');
    return (await title.isVisible()) ? (await title.innerText()).trim() : '';
  }

  /** Types into a fresh quick input opened with `key`, then presses Enter once the focused row is `wanted`. */
  private async pick(key: string, text: string, wanted: (label: string) => boolean, what: string): Promise<void> {
    await this.page.keyboard.press(key);
    const input = this.quickInput.locator('input');
    await input.waitFor({ state: 'visible', timeout: UI_MS });
    await this.page.keyboard.type(text);
    const focused = this.quickInput.locator('.monaco-list-row.focused');
    await until(
      what,
      async () => ((await focused.count()) > 0 ? await focused.first().getAttribute('aria-label') : null),
      (label) => label !== null && wanted(label),
      UI_MS,
    );
    await this.page.keyboard.press('Enter');
  }

  /** Runs a command by its palette title (`Category: Title`). */
  async command(title: string): Promise<void> {
    await this.dismiss();
    await this.pick(
      'F1',
      title,
      (label) => label === title || label.startsWith(`${title},`),
      `the palette row "${title}"`,
    );
  }

  /** Closes whatever widget, picker or hover is open. */
  async dismiss(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      const open = await this.page
        .locator(
          '.quick-input-widget:visible, .suggest-widget.visible, .parameter-hints-widget.visible, .monaco-hover:not(.hidden):visible, .action-widget:visible, .token-inspect-widget',
        )
        .count();
      if (open === 0) return;
      await this.page.keyboard.press('Escape');
    }
  }

  /**
   * Puts the keyboard focus in the active editor. Ctrl+1 is pressed again while it has not: from
   * inside a webview (after a click in the preview) the key reaches the workbench only once the
   * webview has passed it on, which a loaded machine can delay past one wait or drop.
   */
  async focusEditor(): Promise<void> {
    await this.dismiss();
    const focused = this.page.locator('.editor-instance .monaco-editor.focused');
    const deadline = Date.now() + UI_MS;
    for (;;) {
      await this.page.keyboard.press('Control+1');
      const left = deadline - Date.now();
      try {
        await focused.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(2_000, left)) });
        return;
      } catch (err) {
        if (Date.now() >= deadline) throw err;
      }
    }
  }

  /** Moves the cursor with Go to Line (Ctrl+G) and waits until the status bar shows it there. */
  async goTo(line: number, column: number): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+G');
    await this.quickInput.locator('input').waitFor({ state: 'visible', timeout: UI_MS });
    await this.page.keyboard.type(`${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await until(
      `the cursor at line ${line}, column ${column}`,
      () => this.cursor(),
      (c) => c.line === line && c.column === column,
      UI_MS,
    );
  }

  /** Starts a new last line (Ctrl+End, Enter), ready for typing; returns its number. */
  async newLastLine(): Promise<number> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+End');
    // The document's last line is on screen now: the cursor is there once the status bar says so.
    const last = await until(
      'the cursor on the last line',
      async () => ({ cursor: await this.cursor(), last: await this.lastLineNumber() }),
      (s) => s.cursor.line > 0 && s.cursor.line === s.last,
      UI_MS,
    );
    await this.page.keyboard.press('Enter');
    await until(
      `the cursor on the new line ${last.last + 1}`,
      () => this.cursor(),
      (c) => c.line === last.last + 1,
      UI_MS,
    );
    return last.last + 1;
  }

  /** The highest line number the editor shows. */
  private async lastLineNumber(): Promise<number> {
    const numbers = await this.page
      .locator('.editor-instance .monaco-editor')
      .first()
      .locator('.margin-view-overlays .line-numbers')
      .allInnerTexts();
    return Math.max(0, ...numbers.map((n) => Number(n.trim())).filter((n) => Number.isInteger(n)));
  }

  /** Types `text` a key at a time, `delay` ms apart. */
  async type(text: string, delay = 40): Promise<void> {
    await this.page.keyboard.type(text, { delay });
  }

  // -------------------------------------------------------------------------------------------
  // Reading the screen.

  /** The cursor as the status bar shows it (`Ln 3, Col 17`), and the selection size if any. */
  async cursor(): Promise<{ line: number; column: number; selected: number }> {
    const text = await this.statusBarText('status.editor.selection');
    const m = /Ln (\d+), Col (\d+)(?: \((\d+) selected\))?/.exec(text);
    return m
      ? { line: Number(m[1]), column: Number(m[2]), selected: m[3] ? Number(m[3]) : 0 }
      : { line: 0, column: 0, selected: 0 };
  }

  /** A status bar item's text by its id ('' when it is not shown). */
  async statusBarText(id: string): Promise<string> {
    const item = this.page.locator(`.part.statusbar [id="${id}"]`);
    if ((await item.count()) === 0) return '';
    return (await item.first().innerText()).replace(/\s+/g, ' ').trim();
  }

  /** The text of every status bar item with its id. */
  async statusBarItems(): Promise<{ id: string; text: string }[]> {
    return this.page
      .locator('.part.statusbar .statusbar-item')
      .evaluateAll((items) =>
        items.map((i) => ({ id: i.id, text: (i.textContent ?? '').replace(/\s+/g, ' ').trim() })),
      );
  }

  /** The text of editor line `line` as rendered (it must be on screen). */
  async lineText(line: number): Promise<string | null> {
    return this.page
      .locator('.editor-instance .monaco-editor')
      .first()
      .evaluate((editor, n) => {
        const numbers = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')];
        const number = numbers.find((e) => (e.textContent ?? '').trim() === String(n));
        const top = number
          ?.closest('[style*="top"]')
          ?.getAttribute('style')
          ?.match(/top:\s*([\d.]+)px/)?.[1];
        if (top === undefined) return null;
        const lines = [...editor.querySelectorAll('.view-lines .view-line')];
        const view = lines.find((l) => l.getAttribute('style')?.match(/top:\s*([\d.]+)px/)?.[1] === top);
        return view ? (view.textContent ?? '').replace(/\u00a0/g, ' ') : null;
      }, line);
  }

  /**
   * Rows of the Problems panel (opened if needed, and read once it shows rows or its "no
   * problems" message), file and related-information rows left out.
   */
  async problems(): Promise<Problem[]> {
    const panel = this.page.locator('.markers-panel');
    if (!(await panel.isVisible())) {
      await this.dismiss();
      await this.page.keyboard.press('Control+Shift+M');
      await panel.waitFor({ state: 'visible', timeout: UI_MS });
    }
    const rows = panel.locator('.monaco-list-row');
    const empty = panel.locator('.message-box-container').filter({ visible: true });
    await until(
      'the Problems panel showing problems or none',
      async () => (await rows.count()) + (await empty.count()),
      (n) => n > 0,
      UI_MS,
    );
    // The page function is written without named helpers: the test's TypeScript runner would
    // add a helper of its own to them that the browser does not have.
    return rows.evaluateAll((list) =>
      list.flatMap((row) => {
        const code = row.querySelector('.marker-code');
        if (!code) return [];
        const at = /Ln (\d+), Col (\d+)/.exec(row.querySelector('.marker-line')?.textContent ?? '');
        const icon = row.querySelector('.marker-icon')?.className ?? '';
        return [
          {
            severity: /error/.test(icon)
              ? 'error'
              : /warning/.test(icon)
                ? 'warning'
                : /info/.test(icon)
                  ? 'info'
                  : 'hint',
            message: (row.querySelector('.marker-message')?.textContent ?? '').trim(),
            source: (row.querySelector('.marker-source')?.textContent ?? '').trim(),
            code: (code.textContent ?? '').trim(),
            line: at ? Number(at[1]) : 0,
            column: at ? Number(at[2]) : 0,
          },
        ];
      }),
    );
  }

  /** Every toast shown since the page loaded, oldest first. */
  async toasts(): Promise<Toast[]> {
    return this.page.evaluate('window.__bdscriptToasts || []') as Promise<Toast[]>;
  }

  /** Visible text of the first visible element matching `selector` ('' when none). */
  async visibleText(selector: string): Promise<string> {
    const el = this.page.locator(selector).filter({ visible: true }).first();
    if ((await el.count()) === 0) return '';
    return (await el.innerText()).trim();
  }

  /**
   * What is on screen in the parts of the workbench named by `selectors` (each visible one's
   * text, cut short), plus the notifications and the status bar: for failure messages.
   */
  async describe(selectors: readonly string[]): Promise<string> {
    const parts: string[] = [];
    for (const selector of new Set([...selectors, '.notifications-toasts', '.part.statusbar'])) {
      const text = await this.visibleText(selector).catch(() => '');
      if (text) parts.push(`[${selector}] ${text.replace(/\s*\n\s*/g, ' | ').slice(0, 1500)}`);
    }
    return parts.length ? parts.join('\n') : '(nothing readable on screen)';
  }
}
