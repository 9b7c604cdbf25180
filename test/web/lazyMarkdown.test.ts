// The markdown reader (server/src/core/preview/markdown.ts and discord-markdown-parser under it) is
// in every bundle that draws the preview, but loaded only when the first page is drawn: esbuild
// wraps a module that is only required in a function, so its code runs (its rules and regular
// expressions are built) at the first call of markdownReader. A static import of a value from it
// anywhere would make its wrapper run when the bundle starts; this names the bundle where it does.

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

describe('bundles: the markdown reader loads with the first page', () => {
  for (const bundle of ['dist/server.js', 'dist/cli.js', 'dist/web/server.js']) {
    it(bundle, function () {
      const file = path.join(ROOT, bundle);
      if (!existsSync(file)) this.skip();
      const text = readFileSync(file, 'utf8');
      // A minified bundle (npm run package) keeps no names to read; npm test builds unminified.
      if (!text.includes('// server/src/core/preview/markdownLoader.ts')) this.skip();
      const calls = [...text.matchAll(/\binit_markdown\d*\(\)/g)].map((m) => {
        const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index));
        return line.trim();
      });
      assert.ok(calls.length > 0, 'the reader is in the bundle, wrapped to load on demand');
      for (const call of calls)
        assert.match(
          call,
          /^return reader\d* \?\?= \(init_markdown\d*\(\), /,
          `loaded on demand only, not by: ${call}`,
        );
    });
  }
});
