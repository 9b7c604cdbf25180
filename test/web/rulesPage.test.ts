// Where the diagnostics' codes link in each build: a release build (BDSCRIPT_REPOSITORY_URL set
// when build.mjs runs) names its tag's docs/rules.md in every bundle, the web worker's too, and
// both runtimes hand it to the server; any other build names none, so the Node server links the
// copy beside its bundle and the worker, which has no files, only the wiki.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { browserRuntime } from '../../server/src/browser/runtime';
import { rulesPage } from '../../server/src/node/runtime';

const ROOT = path.resolve(__dirname, '../..');
const REPOSITORY = 'https://git.example.test/bdscript/tooling';

/** build.mjs's `define` as a release build sees it (the environment decides it when build.mjs loads). */
function releaseDefine(): Record<string, string> {
  // The path goes in the environment: build.mjs builds when it is the script named in argv.
  const script = 'import(process.env.BUILD_MJS).then((m) => process.stdout.write(JSON.stringify(m.common.define)))';
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      BUILD_MJS: pathToFileURL(path.join(ROOT, 'build.mjs')).href,
      BDSCRIPT_REPOSITORY_URL: `${REPOSITORY}/`,
    },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, string>;
}

describe("the rules page the diagnostics' codes link to", function () {
  this.timeout(60_000);

  it('is named in the web worker and the Node server of a release build', async () => {
    const define = releaseDefine();
    const { common, builds } = (await import(pathToFileURL(path.join(ROOT, 'build.mjs')).href)) as {
      common: esbuild.BuildOptions;
      builds: Array<esbuild.BuildOptions & { outfile: string }>;
    };
    const version = (require(path.join(ROOT, 'package.json')) as { version: string }).version;
    const page = `${REPOSITORY}/blob/v${version}/docs/rules.md`;
    for (const outfile of ['dist/web/server.js', 'dist/server.js']) {
      const b = builds.find((x) => x.outfile === outfile)!;
      const result = await esbuild.build({
        ...common,
        ...b,
        define,
        absWorkingDir: ROOT,
        write: false,
        logLevel: 'silent',
      });
      const text = result.outputFiles.find((f) => f.path.endsWith(outfile))!.text;
      assert.ok(text.includes(JSON.stringify(page)), `${outfile} names ${page}`);
    }
  });

  it('is handed to the server by both runtimes when the build names it, and otherwise the copy beside the sources or none', () => {
    const global = globalThis as { BDSCRIPT_RELEASED_RULES_PAGE?: string };
    const page = `${REPOSITORY}/blob/v1.2.3/docs/rules.md`;
    global.BDSCRIPT_RELEASED_RULES_PAGE = page;
    try {
      assert.equal(browserRuntime({ persist: () => undefined }).rulesDocUrl, page);
      assert.equal(rulesPage(), page);
      // A build that names none defines the empty string.
      global.BDSCRIPT_RELEASED_RULES_PAGE = '';
      assert.equal(browserRuntime({ persist: () => undefined }).rulesDocUrl, undefined);
    } finally {
      delete global.BDSCRIPT_RELEASED_RULES_PAGE;
    }
    assert.equal(browserRuntime({ persist: () => undefined }).rulesDocUrl, undefined);
    assert.match(rulesPage() ?? '', /^file:\/\/.*\/docs\/rules\.md$/);
  });
});
