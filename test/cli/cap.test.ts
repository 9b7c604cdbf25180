// `bdscript check` on a file with more findings than the cap, through the bundled CLI: the
// findings past the first 5,000 are not printed, a last `too-many-findings` line says how many
// there are, the summary counts them all by severity and says how many were not printed, and
// errors past the cap still make the exit code 1.

import * as assert from 'node:assert/strict';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { CLI, runCli, type CliRun } from '../support/cli';

const check = (args: string[], cwd: string): Promise<CliRun> => runCli(['check', ...args], { cwd });

describe('bdscript check past the cap (bundled CLI)', function () {
  this.timeout(30_000);
  let dir: string;

  before(function () {
    if (!existsSync(CLI)) this.skip();
  });
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-cap-'));
    // 6,000 warnings fill the cap; the 4 errors after them are not printed.
    await fsp.writeFile(path.join(dir, 'many.bds'), '$usernam\n'.repeat(6000) + '$nomention[]\n'.repeat(4));
    await fsp.writeFile(path.join(dir, 'few.bds'), '$usernam\n');
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('prints 5,000 findings and the note, counts all of them and exits 1 for the errors left out', async () => {
    const r = await check(['many.bds', 'few.bds'], dir);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 5000 + 1 + 1);
    assert.ok(lines.slice(0, 5000).every((l) => / warning unknown-function /.test(l)));
    assert.equal(
      lines[5000],
      'many.bds:6005:1: information too-many-findings Only the first 5,000 of 6,004 findings in this file are shown (in all: 4 errors and 6,000 warnings). ' +
        'Fix those first, or turn off rules you do not need with `bdscript.diagnostics.severity`, to see the rest.',
    );
    assert.match(lines[5001]!, /^few\.bds:1:1: warning unknown-function /);
    assert.equal(
      r.stderr,
      'checked 2 files: 4 errors, 6001 warnings, 0 information, 0 hints; 1004 findings not printed (at most 5000 findings are printed per file)\n',
    );
  });

  it('gives the note and its counts in JSON', async () => {
    const r = await check(['--format', 'json', 'many.bds'], dir);
    assert.equal(r.code, 1, r.stderr);
    const entries = JSON.parse(r.stdout) as Array<{
      code: string;
      severity: string;
      message: string;
      range: { start: { line: number } };
    }>;
    assert.equal(entries.length, 5001);
    const note = entries[5000]!;
    assert.equal(note.code, 'too-many-findings');
    assert.equal(note.severity, 'information');
    assert.equal(note.range.start.line, 6004);
    assert.match(note.message, /^Only the first 5,000 of 6,004 findings/);
  });

  it('says nothing of a cap when nothing was left out', async () => {
    await fsp.writeFile(path.join(dir, 'exact.bds'), '$usernam\n'.repeat(5000));
    const r = await check(['exact.bds'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stdout.includes('too-many-findings'));
    assert.equal(r.stderr, 'checked 1 file: 0 errors, 5000 warnings, 0 information, 0 hints\n');
  });
});
