// The bundled CLI writing to a standard output that is closed (the reader of a pipe went away,
// `bdscript check … | head -1`) or full (/dev/full): a closed pipe ends the output quietly with
// the exit code the command would have had; any other write error exits 2 with one line on
// stderr. Every command that prints much is covered: check (text and JSON), catalog status,
// export and pull, and help.

import * as assert from 'node:assert/strict';
import { spawn, type StdioOptions } from 'node:child_process';
import { closeSync, existsSync, openSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startCatalogService } from '../support/catalogService';
import type { RunningService } from '../../server/src/catalog/service';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const SHOWCASE = path.join(ROOT, 'test/fixtures/showcase.bds');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** How stdout is wired: a pipe whose reader closes at once, a normal pipe, or a file descriptor. */
type Stdout = 'closed' | 'pipe' | number;

function run(args: string[], cwd: string, stdout: Stdout, stderr: 'pipe' | number = 'pipe'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const stdio: StdioOptions = ['ignore', stdout === 'closed' ? 'pipe' : stdout, stderr];
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: cwd, XDG_CACHE_HOME: path.join(cwd, 'cache') },
      stdio,
    });
    // The reader goes away before the CLI has written anything: its first write meets EPIPE.
    if (stdout === 'closed') child.stdout!.destroy();
    let out = '';
    let err = '';
    if (stdout === 'pipe') child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr?.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err }));
  });
}

describe('bdscript output to a closed or full stdout (bundled CLI)', function () {
  this.timeout(30_000);
  let dir: string;
  let svc: RunningService;

  before(function () {
    if (!existsSync(CLI) || process.platform === 'win32') this.skip();
  });
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-output-'));
    svc = await startCatalogService();
  });
  afterEach(async () => {
    await svc.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  /** Each command, the exit code it has with a working stdout, and what it leaves behind. */
  function commands(): Array<{ args: string[]; code: number; after?: () => Promise<void> }> {
    return [
      { args: ['check', SHOWCASE], code: 1 },
      { args: ['check', '--format', 'json', SHOWCASE], code: 1 },
      { args: ['catalog', 'status', '--offline'], code: 0 },
      {
        args: ['catalog', 'export', '--out', 'site'],
        code: 0,
        after: async () => assert.ok(existsSync(path.join(dir, 'site', 'function_list'))),
      },
      {
        args: ['catalog', 'pull', '--from', svc.url, '--out', 'snap.json'],
        code: 0,
        after: async () => assert.ok(existsSync(path.join(dir, 'snap.json'))),
      },
      { args: ['--help'], code: 0 },
    ];
  }

  it('ends quietly when the reader has gone, with the exit code the command would have had', async () => {
    for (const c of commands()) {
      const r = await run(c.args, dir, 'closed');
      const what = c.args.join(' ');
      assert.equal(r.signal, null, what);
      assert.equal(r.code, c.code, `${what}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /EPIPE|Error|^\s+at /m, what);
      await c.after?.();
      await fsp.rm(path.join(dir, 'site'), { recursive: true, force: true });
    }
  });

  it('stops after the first line of `| head -1` without a word', async () => {
    // Far more output than a pipe buffers, so the CLI is still writing when head exits.
    await fsp.writeFile(path.join(dir, 'many.bds'), '$usernam\n'.repeat(20_000));
    const r = await new Promise<Run>((resolve, reject) => {
      const child = spawn('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" check many.bds | head -1`], {
        cwd: dir,
        env: { PATH: process.env['PATH'] ?? '', HOME: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
      child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err }));
    });
    assert.equal(
      r.stdout,
      'many.bds:1:1: warning unknown-function Unknown function `$usernam`. Did you mean `$username`?\n',
    );
    // Only warnings: the exit code check has anyway, which pipefail passes on.
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stderr,
      'checked 1 file: 0 errors, 20000 warnings, 0 information, 0 hints; 15000 findings not printed (at most 5000 findings are printed per file)\n',
    );
  });

  it('exits 2 with one line when stdout is full (ENOSPC)', async function () {
    if (!existsSync('/dev/full')) this.skip();
    for (const c of commands()) {
      const fd = openSync('/dev/full', 'w');
      try {
        const r = await run(c.args, dir, fd);
        const what = c.args.join(' ');
        assert.equal(r.code, 2, `${what}: ${r.stderr}`);
        const lines = r.stderr.split('\n').filter(Boolean);
        assert.deepEqual(
          lines.filter((l) => !/^(checked|refresh:|pull:|export:) /.test(l)),
          ['bdscript: cannot write to standard output: no space left on device (ENOSPC)'],
          what,
        );
        await c.after?.();
      } finally {
        closeSync(fd);
      }
      await fsp.rm(path.join(dir, 'site'), { recursive: true, force: true });
    }
  });

  it('exits 2 without a stack trace when stderr is full', async function () {
    if (!existsSync('/dev/full')) this.skip();
    const fd = openSync('/dev/full', 'w');
    try {
      const r = await run(['check', SHOWCASE], dir, 'pipe', fd);
      assert.equal(r.code, 2);
      assert.match(r.stdout, /^.*showcase\.bds:\d+:\d+: /);
    } finally {
      closeSync(fd);
    }
  });
});
