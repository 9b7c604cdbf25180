// The command line's V8 code cache (server/src/node/codeCache.ts, bundled as dist/codeCache.js,
// run by server/bin/bdscript): the first run writes a cache into the cache folder, the next one
// uses it, a changed bundle gets a new cache and the old one is removed (another copy of it
// keeps its own), a damaged cache is refused by V8 and written again, BDSCRIPT_CODE_CACHE=0 and
// an unwritable folder leave the program running as before; and the launcher checks files
// exactly as dist/cli.js does.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const LOADER = path.join(ROOT, 'dist/codeCache.js');
const LAUNCHER = path.join(ROOT, 'server/bin/bdscript');
const CLI = path.join(ROOT, 'dist/cli.js');

describe('command line: V8 code cache', function () {
  this.timeout(60_000);
  let tmp: string;

  before(function () {
    if (!existsSync(LOADER) || !existsSync(CLI)) this.skip();
  });
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bdscript-code-cache-'));
  });
  afterEach(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs `program` through the loader in a fresh process; returns what it printed and the cache's use. */
  function run(
    program: string,
    dir: string | undefined,
    env: Record<string, string> = {},
    laterFlags?: string,
  ): { out: string; use: string } {
    const flags = laterFlags ? `laterFlags: ${JSON.stringify(laterFlags)}, ` : '';
    const script =
      `const { loadWithCodeCache, setLaterFlags } = require(${JSON.stringify(LOADER)});` +
      `const m = loadWithCodeCache(${JSON.stringify(program)}, { dir: ${JSON.stringify(dir)}, ${flags}` +
      `onDone: (use) => process.stderr.write('use=' + use) });` +
      `setLaterFlags();` +
      `process.stdout.write(String(m.answer()));`;
    const r = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    assert.equal(r.status, 0, r.stderr);
    return { out: r.stdout, use: /use=(\w+)/.exec(r.stderr)?.[1] ?? '' };
  }

  function program(body: string): string {
    const file = path.join(tmp, 'program.js');
    writeFileSync(
      file,
      `'use strict';\nconst path = require('node:path');\n` +
        `exports.answer = () => ${body} + ':' + path.basename(__filename) + ':' + (module.exports === exports);\n`,
    );
    return file;
  }

  it('writes a cache on the first run and uses it on the next, with the same result as require', () => {
    const file = program('6 * 7');
    const dir = path.join(tmp, 'cache');
    const first = run(file, dir);
    assert.deepEqual(first, { out: '42:program.js:true', use: 'written' });
    assert.equal(readdirSync(dir).length, 1);
    const second = run(file, dir);
    assert.deepEqual(second, { out: '42:program.js:true', use: 'used' });
  });

  it('sets the later flags only in a run that writes no cache, which stays in use', () => {
    // V8's own syntax is accepted in code compiled once --allow-natives-syntax is set.
    const file = program(
      `(() => { try { return typeof eval('%GetOptimizationStatus(Math.max)'); } catch { return 'plain'; } })()`,
    );
    const dir = path.join(tmp, 'cache');
    const flags = '--allow-natives-syntax';
    assert.deepEqual(run(file, dir, {}, flags), { out: 'plain:program.js:true', use: 'written' });
    // A cache written under the flags would be refused here, and written again on every run.
    assert.deepEqual(run(file, dir, {}, flags), { out: 'number:program.js:true', use: 'used' });
    assert.deepEqual(run(file, dir, {}, flags), { out: 'number:program.js:true', use: 'used' });
    assert.deepEqual(run(file, undefined, {}, flags), { out: 'number:program.js:true', use: 'off' });
  });

  it('makes a new cache when the bundle changes, and removes the old one', () => {
    const file = program('6 * 7');
    const dir = path.join(tmp, 'cache');
    run(file, dir);
    const before = readdirSync(dir);
    program('6 * 8');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const changed = run(file, dir);
    assert.deepEqual(changed, { out: '48:program.js:true', use: 'written' });
    const after = readdirSync(dir);
    assert.equal(after.length, 1);
    assert.notDeepEqual(after, before);
    assert.equal(run(file, dir).use, 'used');
  });

  it('keeps a cache for each copy of a bundle, so copies run in turns each use their own', () => {
    const first = program('6 * 7');
    const elsewhere = path.join(tmp, 'elsewhere');
    mkdirSync(elsewhere);
    const second = path.join(elsewhere, path.basename(first));
    copyFileSync(first, second);
    const dir = path.join(tmp, 'cache');
    assert.equal(run(first, dir).use, 'written');
    assert.equal(run(second, dir).use, 'written');
    assert.equal(readdirSync(dir).length, 2);
    assert.equal(run(first, dir).use, 'used');
    assert.equal(run(second, dir).use, 'used');
  });

  it('refuses a damaged cache and writes it again', () => {
    const file = program('6 * 7');
    const dir = path.join(tmp, 'cache');
    run(file, dir);
    const [name] = readdirSync(dir);
    writeFileSync(path.join(dir, name!), 'not a code cache');
    assert.deepEqual(run(file, dir), { out: '42:program.js:true', use: 'refused' });
    assert.equal(run(file, dir).use, 'used');
  });

  it('runs the program unchanged when the cache folder cannot be written', function () {
    if (process.getuid?.() === 0) {
      // root writes anywhere: a file where the folder should be stands in for a read-only folder.
      const blocked = path.join(tmp, 'blocked');
      writeFileSync(blocked, '');
      const r = run(program('1 + 1'), path.join(blocked, 'cache'));
      assert.deepEqual(r, { out: '2:program.js:true', use: 'unwritable' });
      return;
    }
    const dir = path.join(tmp, 'ro');
    writeFileSync(path.join(tmp, 'x'), '');
    chmodSync(tmp, 0o500);
    try {
      assert.deepEqual(run(program('1 + 1'), dir), { out: '2:program.js:true', use: 'unwritable' });
    } finally {
      chmodSync(tmp, 0o700);
    }
  });

  it('the launcher keeps its cache in the user cache folder and prints what dist/cli.js prints', () => {
    const file = path.join(tmp, 'a.bds');
    writeFileSync(file, '$title[Hello]\n$addButton[yes;id;Label;primary]\n$unknownThing\n');
    const env = { PATH: process.env.PATH ?? '', HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg') };
    const direct = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', file], { encoding: 'utf8', env });
    const runs = [1, 2].map(() =>
      spawnSync(process.execPath, [LAUNCHER, 'check', '--format', 'json', file], { encoding: 'utf8', env }),
    );
    for (const r of runs) {
      assert.equal(r.status, direct.status);
      assert.equal(r.stdout, direct.stdout);
      assert.equal(r.stderr, direct.stderr);
    }
    const caches = readdirSync(path.join(tmp, 'xdg', 'bdscript', 'v8'));
    assert.equal(caches.length, 1);
    assert.match(caches[0]!, /^cli\.js\.[0-9a-f]{16}\.[0-9a-f]{16}\.cache$/);
    const off = spawnSync(process.execPath, [LAUNCHER, 'check', '--format', 'json', file], {
      encoding: 'utf8',
      env: { ...env, XDG_CACHE_HOME: path.join(tmp, 'xdg-off'), BDSCRIPT_CODE_CACHE: '0' },
    });
    assert.equal(off.stdout, direct.stdout);
    assert.equal(existsSync(path.join(tmp, 'xdg-off')), false);
  });
});
