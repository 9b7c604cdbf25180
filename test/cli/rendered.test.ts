// The CLI's whole text output, compared with reviewed snapshots (test/snapshots/cli/): what
// `bdscript check` prints for the showcase command and the clean fixture, in text and JSON, run
// through the bundled CLI as a user runs it. Paths are the relative ones given on the command
// line and the cache folder is an empty one, so the output depends neither on where the checkout
// is nor on a catalog this machine has cached. UPDATE_SNAPSHOTS=1 rewrites.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expectSnapshot } from '../support/expect';

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist/cli.js');

/** An empty cache folder, so the bundled snapshot answers whatever this machine has cached. */
let cacheDir = '';

function run(args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args, '--cache-dir', cacheDir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
  return `$ bdscript ${args.join(' ')}\n(exit ${r.status})\n${r.stdout}${r.stderr ? `--- stderr\n${r.stderr}` : ''}`;
}

describe('bdscript output (snapshots, bundled CLI)', function () {
  this.timeout(30_000);
  before(function () {
    if (!existsSync(CLI)) {
      console.log('      (skipped: dist/cli.js is missing; run npm run build)');
      this.skip();
    }
    cacheDir = mkdtempSync(path.join(os.tmpdir(), 'bdscript-rendered-'));
  });
  after(() => {
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  it('check, text', () => {
    expectSnapshot(
      'cli/check-text.txt',
      [run(['check', 'test/fixtures/showcase.bds']), run(['check', 'test/fixtures/clean.bds'])].join('\n'),
    );
  });

  it('check, json', () => {
    expectSnapshot('cli/check-json.txt', run(['check', '--format', 'json', 'test/fixtures/showcase.bds']));
  });
});

describe('bdscript preview (bundled CLI)', function () {
  this.timeout(30_000);
  let cache = '';
  before(function () {
    if (!existsSync(CLI)) this.skip();
    cache = mkdtempSync(path.join(os.tmpdir(), 'bdscript-preview-'));
  });
  after(() => {
    if (cache) rmSync(cache, { recursive: true, force: true });
  });
  const preview = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, [CLI, 'preview', ...args, '--cache-dir', cache], { cwd: ROOT, encoding: 'utf8' });

  it('text: the reply as a terminal shows it', () => {
    const r = preview(['test/fixtures/preview.bds']);
    assert.equal(r.status, 0, r.stderr);
    expectSnapshot('cli/preview-text.txt', r.stdout);
  });

  it("json: one line per file with Discord's message object", () => {
    const r = preview(['--format', 'json', 'test/fixtures/preview.bds', 'test/fixtures/clean.bds']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            file: string;
            message: { embeds?: Array<{ title?: string; color?: number }>; components?: unknown[] };
          },
      );
    assert.deepEqual(
      lines.map((l) => l.file),
      ['test/fixtures/preview.bds', 'test/fixtures/clean.bds'],
    );
    assert.equal(lines[0]?.message.embeds?.[0]?.title, 'Shop');
    assert.equal(lines[0]?.message.embeds?.[0]?.color, 0x5865f2);
    expectSnapshot('cli/preview-json.txt', JSON.stringify(lines[0], null, 2));
  });

  it('html draws the markdown; text and json keep it as written', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bdscript-md-'));
    try {
      const file = path.join(dir, 'welcome.bds');
      writeFileSync(file, '# Welcome **$username**!\nSent <t:1700000000:R>\n$description[__under__ ||hidden||]\n');
      const html = preview(['--format', 'html', file]);
      assert.equal(html.status, 0, html.stderr);
      assert.match(html.stdout, /<h1><span class="part"[^>]*>Welcome <\/span><strong><span class="chip"/);
      assert.match(html.stdout, /<time class="time" datetime="2023-11-14T22:13:20\.000Z" data-style="R"/);
      assert.match(html.stdout, /<u><span class="part"[^>]*>under<\/span><\/u>/);
      assert.doesNotMatch(html.stdout, /\*\*|&lt;t:|acquireVsCodeApi/);
      const text = preview([file]);
      assert.match(text.stdout, /^# Welcome \*\*\{\$username\}\*\*!\nSent <t:1700000000:R>$/m);
      assert.match(text.stdout, /__under__ \|\|hidden\|\|/);
      const json = preview(['--format', 'json', file]);
      const message = (JSON.parse(json.stdout) as { message: { content: string } }).message;
      assert.equal(message.content, '# Welcome **{$username}**!\nSent <t:1700000000:R>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with a message on a usage or I/O error, and still previews the other files', () => {
    const bad = preview(['--format', 'html5', 'test/fixtures/preview.bds']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--format takes json, text or html, not "html5"/);
    const missing = preview(['--format', 'json', 'no-such-file.bds', 'test/fixtures/clean.bds']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /bdscript preview: cannot read no-such-file\.bds/);
    assert.equal(missing.stdout.trim().split('\n').length, 1);
  });
});
