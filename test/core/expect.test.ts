import * as assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expectSnapshot, SNAPSHOT_ROOT } from '../support/expect';

describe('expect (snapshot) helper', () => {
  const saved = process.env.UPDATE_SNAPSHOTS;
  const name = `.selftest-${process.pid}/out.txt`;
  afterEach(() => {
    if (saved === undefined) delete process.env.UPDATE_SNAPSHOTS;
    else process.env.UPDATE_SNAPSHOTS = saved;
    rmSync(join(SNAPSHOT_ROOT, `.selftest-${process.pid}`), { recursive: true, force: true });
  });

  it('fails on a missing snapshot, writes it when asked, then passes only on equal output', () => {
    delete process.env.UPDATE_SNAPSHOTS;
    assert.throws(() => expectSnapshot(name, 'a\nb\n'), /does not exist/);
    process.env.UPDATE_SNAPSHOTS = '1';
    expectSnapshot(name, 'a\nb');
    assert.equal(readFileSync(join(SNAPSHOT_ROOT, name), 'utf8'), 'a\nb\n');
    delete process.env.UPDATE_SNAPSHOTS;
    expectSnapshot(name, 'a\nb\n');
    assert.throws(
      () => expectSnapshot(name, 'a\nc\n'),
      (e: Error) => /first difference at line 2/.test(e.message) && /- b/.test(e.message) && /\+ c/.test(e.message),
    );
  });

  it('treats UPDATE_SNAPSHOTS=0 as checking, not writing', () => {
    process.env.UPDATE_SNAPSHOTS = '0';
    assert.throws(() => expectSnapshot(name, 'x'), /does not exist/);
  });
});
