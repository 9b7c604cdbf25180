// `bdscript check --fix` through the bundled CLI (dist/cli.js): every safe fix applied and the file
// rewritten (its byte order mark and permissions kept), what is left reported as by `check`, and
// a file that cannot be rewritten left as it was with exit 2.

import * as assert from 'node:assert/strict';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { CLI, runCli, type CliRun } from '../support/cli';

describe('bdscript check --fix (bundled CLI)', function () {
  this.timeout(30_000);
  let tmp: string;

  before(function () {
    if (!existsSync(CLI)) {
      console.log('      (skipped: dist/cli.js is missing; run npm run build)');
      this.skip();
    }
  });
  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-fix-'));
  });
  afterEach(async () => {
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  const check = (args: string[]): Promise<CliRun> =>
    runCli(['check', ...args], { cwd: tmp, home: path.join(tmp, 'home'), cacheHome: path.join(tmp, 'cache') });

  it('applies the safe fixes, rewrites the file and reports only what is left', async () => {
    const file = path.join(tmp, 'cmd.bds');
    await fsp.writeFile(
      file,
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('$nomention[]\n$description[[docs](https://example.com)]\n$usernam\n'),
      ]),
    );
    await fsp.chmod(file, 0o600);
    const run = await check(['--fix', 'cmd.bds']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /fixed cmd\.bds \(2 edits\)/);
    // The did-you-mean is no safe fix: it is still reported.
    assert.equal(
      run.stdout,
      'cmd.bds:3:1: warning unknown-function Unknown function `$usernam`. Did you mean `$username`?\n',
    );
    assert.deepEqual(
      await fsp.readFile(file),
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('$nomention\n$description[[docs\\](https://example.com)]\n$usernam\n'),
      ]),
    );
    assert.equal((await fsp.stat(file)).mode & 0o777, 0o600);
    // Without --fix nothing is written.
    await fsp.writeFile(file, '$nomention[]\n');
    const plain = await check(['cmd.bds']);
    assert.equal(plain.code, 1);
    assert.equal((await fsp.readFile(file)).toString(), '$nomention[]\n');
  });

  it('leaves a file that is not UTF-8 as it was, checks it and exits 2', async () => {
    const bad = Buffer.from('$nomention[]\n$title[\xff]\n', 'latin1');
    await fsp.writeFile(path.join(tmp, 'bad.bds'), bad);
    const run = await check(['--fix', 'bad.bds']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /bad\.bds: not written: the file is not valid UTF-8/);
    assert.match(run.stdout, /bad\.bds:1:1: error wrong-form/);
    assert.deepEqual(await fsp.readFile(path.join(tmp, 'bad.bds')), bad);
  });
});
