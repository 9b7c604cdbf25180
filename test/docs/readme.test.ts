// The README is the Marketplace page: it opens with the two commands for a fresh machine (main job,
// then tests), stays under 15 KB, and its pictures exist and ship in the .vsix. docs/settings.md
// documents every setting with its default, so the reference cannot silently fall behind; every
// relative link of the README and docs/ resolves.

import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SETTINGS_SCHEMA } from '../../server/src/core/settings';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const settingsPage = readFileSync(join(root, 'docs', 'settings.md'), 'utf8');

describe('README', () => {
  it('holds no merge conflict markers and stays under 15 KB', () => {
    assert.doesNotMatch(readme, /^(<{7}|={7}|>{7})( |$)/m);
    assert.ok(Buffer.byteLength(readme) < 15 * 1024, `README.md is ${Buffer.byteLength(readme)} bytes`);
  });

  it('shows pictures that exist, are PNG and ship in the .vsix', () => {
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    assert.ok(images.length >= 4, 'pictures of the diagnostics, completion, hover and the preview');
    const shipped = readFileSync(join(root, '.vscodeignore'), 'utf8');
    for (const image of images) {
      assert.match(image, /^docs\/images\/[a-z-]+\.png$/, image);
      const bytes = readFileSync(join(root, image));
      assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${image} is a PNG`);
      assert.ok(bytes.length < 100_000, `${image} is ${bytes.length} bytes`);
    }
    assert.ok(shipped.includes('!docs/images/*.png'), '.vscodeignore keeps the pictures');
  });

  it('docs/settings.md documents every setting with its default', () => {
    for (const s of SETTINGS_SCHEMA) {
      const row = settingsPage.split('\n').find((line) => line.startsWith(`| \`bdscript.${s.key}\` |`));
      assert.ok(row, `docs/settings.md has a row for bdscript.${s.key}`);
      assert.ok(
        row.includes(`\`${JSON.stringify(s.default)}\``),
        `docs/settings.md gives the default of bdscript.${s.key}`,
      );
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
