// `bdscript check DIR` and `bdscript preview DIR` through the bundled CLI: a folder stands for
// every `.bds`/`.bdscript` file under it, in path order, named from the folder as written;
// hidden folders, node_modules and symbolic links (to files or folders, inside or outside) are
// left out; a folder without commands, or one that cannot be read, is a clear error with exit 2
// after the rest was checked; JSON and SARIF name the files the same way.

import * as assert from 'node:assert/strict';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { CLI, runCli, type CliRun } from '../support/cli';

/** The cache goes to a hidden folder, which a folder given to the CLI leaves out. */
const run = (args: string[], cwd: string): Promise<CliRun> =>
  runCli(args, { cwd, cacheHome: path.join(cwd, '.cache') });

/** The files named by text output lines (`file:line:col: …`), each once, in order. */
function filesOf(stdout: string): string[] {
  const out: string[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(.*?):\d+:\d+: /.exec(line);
    if (m?.[1] !== undefined && out.at(-1) !== m[1]) out.push(m[1]);
  }
  return out;
}

describe('bdscript check and preview of folders (bundled CLI)', function () {
  this.timeout(60_000);
  let tmp: string;

  before(function () {
    if (!existsSync(CLI)) this.skip();
  });
  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-folders-'));
    const write = async (file: string, text: string): Promise<void> => {
      await fsp.mkdir(path.dirname(path.join(tmp, file)), { recursive: true });
      await fsp.writeFile(path.join(tmp, file), text);
    };
    // Each command has one unknown function named after its file, so each finding says whose it is.
    for (const file of [
      'bot/ban.bds',
      'bot/Help.BDSCRIPT',
      'bot/mod/kick.bdscript',
      'bot/mod/deep/warn.bds',
      'bot/a-first/x.bds',
      'bot/.git/hidden.bds',
      'bot/node_modules/pkg/dep.bds',
      'outside/secret.bds',
    ])
      await write(file, `$unknownIn${path.basename(file).replace(/\W/g, '')}\n`);
    await write('bot/notes.txt', '$notChecked\n');
    await write('empty/readme.md', 'nothing here\n');
    await fsp.symlink(path.join(tmp, 'outside'), path.join(tmp, 'bot', 'linked-folder'));
    await fsp.symlink(path.join(tmp, 'outside', 'secret.bds'), path.join(tmp, 'bot', 'linked.bds'));
  });
  afterEach(async () => {
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  it('checks every command under a folder, in path order, and nothing else', async () => {
    const r = await run(['check', 'bot'], tmp);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(filesOf(r.stdout), [
      'bot/Help.BDSCRIPT',
      'bot/ban.bds',
      'bot/a-first/x.bds',
      'bot/mod/kick.bdscript',
      'bot/mod/deep/warn.bds',
    ]);
    assert.doesNotMatch(r.stdout, /secret|hidden|dep\.bds|notChecked/);
    assert.match(r.stderr, /^checked 5 files: 0 errors, 5 warnings/m);
  });

  it('takes folders and files together, ./ and trailing slashes as written', async () => {
    const r = await run(['check', './bot/mod/', 'outside/secret.bds', 'bot/linked.bds'], tmp);
    assert.equal(r.code, 0, r.stderr);
    // A link the user names is read; only links inside a walked folder are left out.
    assert.deepEqual(filesOf(r.stdout), [
      'bot/mod/kick.bdscript',
      'bot/mod/deep/warn.bds',
      'outside/secret.bds',
      'bot/linked.bds',
    ]);
  });

  it('names the files the same way in JSON and SARIF', async () => {
    const json = await run(['check', '--format', 'json', 'bot/mod'], tmp);
    const entries = JSON.parse(json.stdout) as Array<{ file: string }>;
    assert.deepEqual(
      entries.map((e) => e.file),
      ['bot/mod/kick.bdscript', 'bot/mod/deep/warn.bds'],
    );
    const sarif = await run(['check', '--format', 'sarif', 'bot/mod'], tmp);
    const log = JSON.parse(sarif.stdout) as {
      runs: Array<{
        results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
      }>;
    };
    assert.deepEqual(
      log.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri),
      ['bot/mod/kick.bdscript', 'bot/mod/deep/warn.bds'],
    );
  });

  it('a folder without commands is an error (exit 2) after the others are checked', async () => {
    const r = await run(['check', 'empty', 'bot/ban.bds'], tmp);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^bdscript check: empty: the folder holds no \.bds or \.bdscript file$/m);
    assert.deepEqual(filesOf(r.stdout), ['bot/ban.bds']);
    const sarif = await run(['check', '--format', 'sarif', 'empty'], tmp);
    assert.equal(sarif.code, 2);
    const log = JSON.parse(sarif.stdout) as {
      runs: Array<{ invocations: Array<{ executionSuccessful: boolean; toolExecutionNotifications: unknown[] }> }>;
    };
    assert.equal(log.runs[0]?.invocations[0]?.executionSuccessful, false);
    assert.equal(log.runs[0]?.invocations[0]?.toolExecutionNotifications.length, 1);
  });

  it('a folder inside that cannot be read is named, and the rest is checked', async function () {
    // Root reads a folder without permissions; the in-process walk tests cover unreadable folders there.
    if (process.getuid?.() === 0) this.skip();
    await fsp.chmod(path.join(tmp, 'bot', 'mod'), 0);
    try {
      const r = await run(['check', 'bot'], tmp);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /^bdscript check: bot\/mod: cannot read the folder: permission denied$/m);
      assert.deepEqual(filesOf(r.stdout), ['bot/Help.BDSCRIPT', 'bot/ban.bds', 'bot/a-first/x.bds']);
    } finally {
      await fsp.chmod(path.join(tmp, 'bot', 'mod'), 0o755);
    }
  });

  it('previews every command under a folder', async () => {
    const r = await run(['preview', '--format', 'json', 'bot/mod'], tmp);
    assert.equal(r.code, 0, r.stderr);
    const files = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { file: string }).file);
    assert.deepEqual(files, ['bot/mod/kick.bdscript', 'bot/mod/deep/warn.bds']);
    const text = await run(['preview', 'bot/mod'], tmp);
    assert.match(text.stdout, /^== bot\/mod\/kick\.bdscript$/m);
  });

  it('says in --help that a folder stands for its commands', async () => {
    for (const command of ['check', 'preview']) {
      const r = await run([command, '--help'], tmp);
      assert.match(r.stdout, /FILES\|FOLDERS\.\.\./);
      assert.match(r.stdout, /A folder stands for every \.bds and \.bdscript file under it/);
    }
  });
});
