// End to end with a real third-party client: Neovim (headless, no config, no plugins) and its
// built-in vim.lsp client start the bundled server, open a .bds file and get diagnostics,
// completion without snippet support, hover, signature help and formatting; edits go through
// Neovim's own incremental sync. Skips with a message when `nvim` is not installed (CI installs it).

import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompletionItem, CompletionList, Diagnostic, Hover, SignatureHelp } from 'vscode-languageserver-types';
import { nvimVersion, runNeovim, type NeovimStep } from '../support/nvim';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const DRIVER = path.join(__dirname, 'nvim/driver.lua');
/** Bound of each wait inside the driver; the whole run is killed after RUN_LIMIT_MS. */
const WAIT_MS = 15_000;
const RUN_LIMIT_MS = 90_000;

const FIXTURE = [
  '$nomention',
  '$title[Hi 😀;1]',
  '$addButtn[yes;id;Label;primary]',
  '$description[$tit]',
  '$if[$message==hi]',
  '$footer[Hi]   ',
  '$endif',
  '',
].join('\n');

type Step = NeovimStep;

interface Published {
  uri: string;
  diagnostics: Diagnostic[];
}

/** Runs nvim with the driver on the bundled catalog only: nothing leaves this machine. */
function runDriver(tmp: string, file: string) {
  return runNeovim({
    driver: DRIVER,
    tmp,
    file,
    server: SERVER,
    initOptions: { catalog: { offline: true } },
    waitMs: WAIT_MS,
    limitMs: RUN_LIMIT_MS,
  });
}

function hoverText(h: Hover): string {
  const c = h.contents;
  return typeof c === 'object' && c !== null && 'value' in c ? c.value : JSON.stringify(c);
}

describe('e2e: Neovim built-in LSP client', function () {
  this.timeout(RUN_LIMIT_MS + 10_000);
  let tmp: string;
  let steps: Step[] = [];
  const step = (name: string): Step => {
    const found = steps.find((s) => s.step === name);
    assert.ok(found, `the driver wrote no "${name}" step; steps: ${JSON.stringify(steps).slice(0, 3000)}`);
    return found;
  };

  before(async function () {
    const version = nvimVersion();
    if (!version) {
      console.log('    nvim is not installed: skipping the Neovim end-to-end test (apt-get install neovim)');
      this.skip();
    }
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-nvim-'));
    const file = path.join(tmp, 'ping.bds');
    writeFileSync(file, FIXTURE);
    const run = await runDriver(tmp, file);
    steps = run.steps;
    const problems = steps.filter((s) => s.step === 'error' || s.step === 'timeout');
    assert.deepEqual(problems, [], `${version}: ${run.stderr}`);
    assert.equal(
      run.code,
      0,
      `nvim exited with ${run.code}: ${run.stderr}; steps: ${JSON.stringify(steps).slice(0, 2000)}`,
    );
  });

  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('initializes with UTF-16 positions and no snippet support on the client side', () => {
    const init = step('initialized');
    assert.equal(init['offset_encoding'], 'utf-16');
    assert.equal(init['snippet_support'], false);
    assert.equal(init['completion'], true);
    assert.equal(init['hover'], true);
    assert.equal(init['signature_help'], true);
  });

  it('publishes diagnostics that Neovim shows', () => {
    const d = step('diagnostics');
    const published = d['published'] as Published;
    assert.match(published.uri, /ping\.bds$/);
    const typo = published.diagnostics.find((x) => x.code === 'unknown-function');
    assert.ok(typo, JSON.stringify(published.diagnostics));
    assert.deepEqual(typo.range.start, { line: 2, character: 0 });
    // vim.diagnostic holds what the server sent (0-based lnum).
    const shown = d['nvim'] as Array<{ lnum: number; message: string }>;
    assert.ok(
      shown.some((x) => x.lnum === 2 && /\$addButtn/.test(x.message)),
      JSON.stringify(shown),
    );
  });

  it('completes without snippets', () => {
    const c = step('completion');
    assert.equal(c['error'], undefined);
    const result = c['result'] as CompletionList | CompletionItem[];
    const items = Array.isArray(result) ? result : result.items;
    const title = items.find((i) => i.label.startsWith('$title'));
    assert.ok(title, `no $title among ${items.length} items`);
    for (const item of items) {
      assert.notEqual(item.insertTextFormat, 2, `${item.label} is a snippet`);
      const text = item.textEdit?.newText ?? item.insertText ?? item.label;
      assert.doesNotMatch(text, /\$\{\d|\$\d/, `${item.label} inserts a placeholder: ${text}`);
    }
  });

  it('hovers', () => {
    const h = step('hover');
    assert.equal(h['error'], undefined);
    assert.match(hoverText(h['result'] as Hover), /\$title\[Title;\(Index\)\]/);
  });

  it('gives signature help at a UTF-16 column after an emoji', () => {
    const s = step('signature_help');
    // "$title[Hi 😀;" is 13 UTF-16 units (the emoji is two) and 15 bytes: Neovim sends 13.
    assert.deepEqual(s['position'], { line: 1, character: 13 });
    const help = s['result'] as SignatureHelp;
    assert.equal(help.signatures[0]!.label, '$title[Title;(Index)]');
    assert.equal(help.activeParameter ?? help.signatures[0]!.activeParameter, 1);
  });

  it('follows incremental edits made in Neovim', () => {
    const shifted = (step('after_emoji')['published'] as Published).diagnostics.find(
      (x) => x.code === 'unknown-function',
    );
    // "😀 " before the name: two UTF-16 units and a space.
    assert.deepEqual(shifted?.range.start, { line: 2, character: 3 });
    const fixed = step('after_fix');
    assert.equal(fixed['line'], '😀 $addButton[yes;id;Label;primary]');
    assert.deepEqual(
      (fixed['published'] as Published).diagnostics.filter((x) => x.range.start.line === 2),
      [],
    );
  });

  it('formats the buffer: the block body indented, its trailing blanks trimmed', () => {
    const f = step('formatting');
    assert.equal(f['error'], undefined);
    assert.deepEqual((f['lines'] as string[]).slice(4), ['$if[$message==hi]', '  $footer[Hi]', '$endif']);
  });

  it('shuts the server down cleanly', () => {
    assert.equal(step('stopped')['exit_code'], 0);
    assert.ok(step('done'));
  });
});
