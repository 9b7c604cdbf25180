// The README documents every setting and every diagnostic code the code defines, and starts with
// the two commands for a fresh machine (main job, then tests), so it cannot silently fall behind.

import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (m?.[1] !== undefined) out.add(anchorOf(m[1]));
  }
  return out;
}

describe('README and docs/: every relative link resolves', () => {
  const root = join(__dirname, '..', '..');
  const pages = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  it('the anchor helper follows GitHub (a check of the checker)', () => {
    assert.equal(anchorOf('Neovim (0.7 or later, built-in client)'), 'neovim-07-or-later-built-in-client');
    assert.equal(anchorOf('Writing `.bds` files'), 'writing-bds-files');
  });

  for (const page of pages) {
    it(`${page}: files and anchors it links to exist`, () => {
      const text = readFileSync(join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      const broken: string[] = [];
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] ?? '';
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto: and the like
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? join(root, page) : join(root, dirname(page), file);
        if (!existsSync(resolved)) {
          broken.push(`${target} (no file)`);
          continue;
        }
        if (
          anchor !== undefined &&
          resolved.endsWith('.md') &&
          !anchorsIn(readFileSync(resolved, 'utf8')).has(anchor)
        ) {
          broken.push(`${target} (no heading)`);
        }
      }
      assert.deepEqual(broken, []);
    });
  }
});
