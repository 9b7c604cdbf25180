// The README documents every setting and every diagnostic code the code defines, and starts with
// the two commands for a fresh machine (main job, then tests), so it cannot silently fall behind.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../server/src/core/features/rules';
import { SETTINGS_SCHEMA } from '../../server/src/core/settings';

const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

describe('README', () => {
  it('holds no merge conflict markers, and its diagnostics table is one table', () => {
    assert.doesNotMatch(readme, /^(<{7}|={7}|>{7})( |$)/m);
    const rows = readme.split('\n');
    const first = rows.findIndex((line) => line.startsWith('| Code | Default |'));
    let k = first + 2;
    while (rows[k]?.startsWith('| `')) k++;
    assert.equal(k - first - 2, RULES.length, 'every rule row follows the header without a break');
  });

  it('documents every setting with its default', () => {
    for (const s of SETTINGS_SCHEMA) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`bdscript.${s.key}\` |`));
      assert.ok(row, `README has a settings row for bdscript.${s.key}`);
      assert.ok(row.includes(`\`${JSON.stringify(s.default)}\``), `README gives the default of bdscript.${s.key}`);
    }
  });

  it('documents every diagnostic code with its default severity', () => {
    for (const r of RULES) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${r.code}\` |`));
      assert.ok(row, `README has a diagnostics row for ${r.code}`);
      assert.ok(row.includes(`| ${r.severity} |`), `README gives the severity of ${r.code}`);
    }
  });

  it('opens with the main-job command and the test command, in that order', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme);
    assert.ok(firstBlock, 'a first shell block');
    const lines = firstBlock[1]!.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /bdscript check test\/fixtures\/showcase\.bds/);
    assert.equal(lines[1], 'npm test');
    assert.ok(readme.indexOf('```sh') < readme.indexOf('## '), 'the commands come before the first section');
  });
});
