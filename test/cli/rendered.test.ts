// The CLI's whole text output, compared with reviewed snapshots (test/snapshots/cli/): what
// `bdscript check` prints for the showcase command and the clean fixture, in text and JSON, run
// through the bundled CLI as a user runs it. Paths are the relative ones given on the command
// line and the cache folder is an empty one, so the output depends neither on where the checkout
// is nor on a catalog this machine has cached. UPDATE_SNAPSHOTS=1 rewrites.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expectSnapshot } from '../support/expect';

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist/cli.js');

/** An empty cache folder, so the bundled snapshot answers whatever this machine has cached. */
let cacheDir = '';

function run(args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args, '--cache-dir', cacheDir], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
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
    expectSnapshot('cli/check-text.txt', [run(['check', 'test/fixtures/showcase.bds']), run(['check', 'test/fixtures/clean.bds'])].join('\n'));
  });

  it('check, json', () => {
    expectSnapshot('cli/check-json.txt', run(['check', '--format', 'json', 'test/fixtures/showcase.bds']));
  });
});
