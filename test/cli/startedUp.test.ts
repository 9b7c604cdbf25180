// `bdscript check` tells its launcher when its start-up is done (CliIO.startedUp): once per run,
// after the catalog is loaded and decoded and before any file is checked, and not at all when the
// run stops before that (server/bin/bdscript sets V8's flags for the checking then).

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliIO } from '../../server/src/cli/args';
import { main } from '../../server/src/cli/main';

describe('command line: the end of start-up', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bdscript-started-'));
    writeFileSync(path.join(dir, 'a.bds'), '$nomention\n$title[Hi]\n$description[x]\n');
    writeFileSync(path.join(dir, 'b.bds'), '$unknownThing\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function check(argv: string[]): Promise<{ code: number; events: string[] }> {
    const events: string[] = [];
    const io: CliIO = {
      stdout: (s) => void events.push(`out:${s.length > 0}`),
      stderr: () => undefined,
      cwd: dir,
      env: { XDG_CACHE_HOME: path.join(dir, 'xdg'), HOME: dir },
      startedUp: () => void events.push('startedUp'),
    };
    const code = await main(['check', ...argv], io);
    return { code, events };
  }

  it('is said once, before the first file is checked', async () => {
    const { code, events } = await check(['--format', 'json', 'a.bds', 'b.bds']);
    assert.notEqual(code, 2, 'both files were checked');
    assert.ok(events.includes('out:true'));
    assert.equal(events.filter((e) => e === 'startedUp').length, 1);
    assert.equal(events[0], 'startedUp');
  });

  it('is not said when the run stops before its start-up is done', async () => {
    const { code, events } = await check(['--format', 'yaml', 'a.bds']);
    assert.equal(code, 2);
    assert.deepEqual(events, []);
  });
});
