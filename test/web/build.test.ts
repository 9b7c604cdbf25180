// Tests of the web builds' guard (build.mjs): with the options build.mjs uses for dist/web/, an
// entry that reaches a Node API (directly or through a module it imports) fails to build with a
// message naming the module and the importer, while the real web entries build with no Node
// module among their inputs.

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');

interface BuildModule {
  common: esbuild.BuildOptions;
  web: esbuild.BuildOptions;
  builds: Array<esbuild.BuildOptions & { outfile: string }>;
}

const loadBuild = (): Promise<BuildModule> =>
  import(pathToFileURL(path.join(ROOT, 'build.mjs')).href) as Promise<BuildModule>;

describe('web builds: no Node API gets in', function () {
  this.timeout(60_000);
  let tmp: string;

  before(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-webbuild-'));
  });

  after(() => rmSync(tmp, { recursive: true, force: true }));

  for (const spec of ['node:zlib', 'fs', 'worker_threads']) {
    it(`fails on an import of ${spec} two modules down, naming it and its importer`, async () => {
      const { common, web } = await loadBuild();
      const helper = path.join(tmp, `helper-${spec.replace(/\W/g, '_')}.ts`);
      writeFileSync(helper, `import * as m from '${spec}';\nexport const used = typeof m;\n`);
      const entry = path.join(tmp, `entry-${spec.replace(/\W/g, '_')}.ts`);
      writeFileSync(entry, `import { used } from './${path.basename(helper, '.ts')}';\nconsole.log(used);\n`);
      await assert.rejects(
        esbuild.build({
          ...common,
          ...web,
          entryPoints: [entry],
          outfile: path.join(tmp, 'out.js'),
          write: false,
          logLevel: 'silent',
        }),
        (err: esbuild.BuildFailure) => {
          const text = err.errors.map((e) => e.text).join('\n');
          assert.match(text, new RegExp(`may not use the Node API "${spec}" \\(imported by .*helper-`));
          return true;
        },
      );
    });
  }

  it('builds the worker and the web client from inputs that hold no Node module', async () => {
    const { common, builds } = await loadBuild();
    const webBuilds = builds.filter((b) => b.outfile.startsWith('dist/web/'));
    assert.deepEqual(webBuilds.map((b) => b.outfile).sort(), ['dist/web/extension.js', 'dist/web/server.js']);
    const builtins = new Set(builtinModules);
    for (const b of webBuilds) {
      const result = await esbuild.build({
        ...common,
        ...b,
        absWorkingDir: ROOT,
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      const expected = b.outfile === 'dist/web/server.js' ? 'server/src/core/' : 'client/src/session.ts';
      assert.ok(
        inputs.some((i) => i.includes(expected)),
        `${b.outfile} bundles ${expected}`,
      );
      const node = inputs.filter(
        (i) =>
          i.startsWith('node:') ||
          builtins.has(i) ||
          /server\/src\/(node|cli)\/|catalog\/(http|cache|files|sources|bundled)\.ts$/.test(i),
      );
      assert.deepEqual(node, [], `${b.outfile} has no Node input`);
      assert.equal(
        result.metafile.outputs[Object.keys(result.metafile.outputs)[0]!]!.imports.filter((i) => i.path !== 'vscode')
          .length,
        0,
      );
    }
  });
});
