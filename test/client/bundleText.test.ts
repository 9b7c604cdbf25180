// The bundles' text is ASCII: V8 keeps a script's whole text for the life of the process, in two
// bytes a character as soon as one character is outside Latin-1's ASCII half, so one emoji in a
// dependency's regular expression doubled what every server holds for its script (issue #24).
// build.mjs writes such characters as escapes (asciiSource); these tests check the bundles as
// built and that the escapes mean what the characters meant.

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vm from 'node:vm';

const ROOT = path.resolve(__dirname, '../..');

const BUNDLES = [
  'dist/server.js',
  'dist/cli.js',
  'dist/codeCache.js',
  'dist/extension.js',
  'dist/web/server.js',
  'dist/web/extension.js',
];

async function asciiSource(): Promise<(text: string) => string> {
  return ((await import(pathToFileURL(path.join(ROOT, 'build.mjs')).href)) as { asciiSource(text: string): string })
    .asciiSource;
}

describe('bundle text', () => {
  for (const bundle of BUNDLES) {
    it(`${bundle} is ASCII`, function () {
      const file = path.join(ROOT, bundle);
      if (!existsSync(file)) this.skip();
      const text = readFileSync(file, 'utf8');
      const at = text.search(/[^\x00-\x7f]/);
      assert.equal(at, -1, `a character outside ASCII at ${at}: ${JSON.stringify(text.slice(at - 40, at + 20))}`);
    });
  }

  describe('asciiSource', () => {
    /** Runs a script that evaluates to a JSON-able value, as written and escaped. */
    async function both(source: string): Promise<[unknown, unknown, string]> {
      const escaped = (await asciiSource())(source);
      assert.doesNotMatch(escaped, /[^\x00-\x7f]/);
      const run = (text: string): unknown => JSON.parse(JSON.stringify(vm.runInNewContext(text)));
      return [run(source), run(escaped), escaped];
    }

    const SAMPLES = ['¯\\_(ツ)_/¯', '©\ufe0f', '😀😀', 'a©b', '\\©', 'x', '👍🏽', '\u{1f600}-\u{1f64f}'];

    it('keeps what regular expressions match, with and without the u flag', async () => {
      const patterns = [
        String.raw`/^(¯\\_\(ツ\)_\/¯)/`,
        String.raw`/(?:[©®\u2122]\ufe0f)/`,
        String.raw`/[😀-🙏]/u`,
        String.raw`/😀+/u`,
        String.raw`/😀+/`,
        String.raw`/\©/`,
        String.raw`/\\©/`,
        String.raw`/[^ツ]/u`,
      ];
      for (const pattern of patterns) {
        const [a, b] = await both(
          `const re = ${pattern}; ${JSON.stringify(SAMPLES)}.map((s) => { const m = re.exec(s); return m && [m.index, m[0]]; })`,
        );
        assert.deepEqual(b, a, pattern);
      }
    });

    it('keeps strings, template literals and identifiers, and escapes comments', async () => {
      const [a, b, escaped] = await both(
        String.raw`// café ☕
        const café = 'naïve \é \\é 😀'; /* ツ */
        [café, ` +
          '`tmpl ツ ${café.length}`' +
          String.raw`, "\u{1F600}" === '😀']`,
      );
      assert.deepEqual(b, a);
      assert.match(escaped, /caf\\u00e9/);
    });
  });
});
