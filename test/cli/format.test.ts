// `bdscript format` through the bundled CLI (dist/cli.js): --check names the files that would
// change and exits 1 without writing; a format rewrites only files that change, keeping their
// byte order mark, line ends and permissions; a file that is not valid UTF-8, a missing file and
// bad options are refused with a message and exit 2, and nothing is lost.

import * as assert from 'node:assert/strict';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { CLI, runCli, type CliRun } from '../support/cli';

describe('bdscript format (bundled CLI)', function () {
  this.timeout(30_000);
  let tmp: string;

  before(function () {
    if (!existsSync(CLI)) {
      console.log('      (skipped: dist/cli.js is missing; run npm run build)');
      this.skip();
    }
  });
  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-format-'));
  });
  afterEach(async () => {
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  const format = (args: string[]): Promise<CliRun> =>
    runCli(['format', ...args], { cwd: tmp, home: path.join(tmp, 'home'), cacheHome: path.join(tmp, 'cache') });

  const write = (name: string, content: string | Buffer): Promise<void> => fsp.writeFile(path.join(tmp, name), content);
  const read = (name: string): Promise<Buffer> => fsp.readFile(path.join(tmp, name));

  it('--check names the files that would change, exits 1 and writes nothing', async () => {
    await write('messy.bds', '$if[x]\n$title[a]   \nHello\n$endif\n');
    await write('clean.bds', '$if[x]\n    $title[a]\nHello\n$endif\n');
    const run = await format(['--check', 'messy.bds', 'clean.bds']);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, 'messy.bds\n');
    assert.match(run.stderr, /1 file needs formatting \(of 2 files\)/);
    assert.equal((await read('messy.bds')).toString(), '$if[x]\n$title[a]   \nHello\n$endif\n');
    const clean = await format(['--check', 'clean.bds']);
    assert.equal(clean.code, 0, clean.stderr);
    assert.equal(clean.stdout, '');
  });

  it('rewrites what changes, keeping the byte order mark, CRLF and permissions, and follows the options', async () => {
    await write(
      'bom.bds',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('$try\r\n$nomention  \r\n$catch\r\n$endtry\r\n')]),
    );
    await fsp.chmod(path.join(tmp, 'bom.bds'), 0o640);
    await write('tabs.bds', '$if[x]\n  $title[a]\n$endif');
    const run = await format(['bom.bds']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'bom.bds\n');
    assert.deepEqual(
      await read('bom.bds'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('$try\r\n    $nomention\r\n$catch\r\n$endtry\r\n')]),
    );
    assert.equal((await fsp.stat(path.join(tmp, 'bom.bds'))).mode & 0o777, 0o640);
    assert.equal((await format(['--use-tabs', 'tabs.bds'])).code, 0);
    assert.equal((await read('tabs.bds')).toString(), '$if[x]\n\t$title[a]\n$endif');
    assert.equal((await format(['--tab-size', '2', 'tabs.bds'])).code, 0);
    assert.equal((await read('tabs.bds')).toString(), '$if[x]\n  $title[a]\n$endif');
    // Nothing but the file itself is left in the folder.
    assert.deepEqual((await fsp.readdir(tmp)).sort(), ['bom.bds', 'tabs.bds']);
  });

  it('leaves a file that is not UTF-8 as it is, says why, and goes on with the others', async () => {
    const bad = Buffer.from('$if[x]\n  $title[\xff]   \n$endif\n', 'latin1');
    await write('bad.bds', bad);
    await write('good.bds', '$if[x]\n$title[a]\n$endif\n');
    const run = await format(['bad.bds', 'missing.bds', 'good.bds']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /bad\.bds: not written: the file is not valid UTF-8/);
    assert.match(run.stderr, /cannot read missing\.bds: no such file/);
    assert.match(run.stderr, /formatted 1 file \(of 3 files\)/);
    assert.deepEqual(await read('bad.bds'), bad);
    assert.equal((await read('good.bds')).toString(), '$if[x]\n    $title[a]\n$endif\n');
  });

  it('formats every BDScript file under a folder', async () => {
    await fsp.mkdir(path.join(tmp, 'cmds', 'shop'), { recursive: true });
    await write('cmds/a.bds', '$if[x]\n$title[a]\n$endif\n');
    await write('cmds/shop/b.bdscript', '$try\n$nomention\n$catch\n$endtry\n');
    await write('cmds/notes.txt', '$if[x]\n$title[a]\n$endif\n');
    const run = await format(['--check', 'cmds']);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, `${path.join('cmds', 'a.bds')}\n${path.join('cmds', 'shop', 'b.bdscript')}\n`);
    assert.equal((await format(['cmds'])).code, 0);
    assert.equal((await read('cmds/shop/b.bdscript')).toString(), '$try\n    $nomention\n$catch\n$endtry\n');
    assert.equal((await read('cmds/notes.txt')).toString(), '$if[x]\n$title[a]\n$endif\n');
  });

  it('refuses bad options and no files', async () => {
    for (const args of [['--tab-size', '0', 'a.bds'], ['--tab-size', '17', 'a.bds'], ['--indent', 'a.bds'], []]) {
      const run = await format(args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /bdscript format: .*\nRun bdscript format --help for usage\./, args.join(' '));
    }
  });
});
