// Bundles what ships: the language server, the CLI and the VS Code client, each one file that
// runs without node_modules. The bundled catalog snapshot is embedded in the server and CLI
// bundles as text, so a copied `dist/server.js` still starts with a full catalog offline.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Replaces server/src/catalog/bundled.ts (which reads the file at run time) by the embedded text. */
const embedSnapshot = {
  name: 'embed-snapshot',
  setup(build) {
    build.onLoad({ filter: /server[\\/]src[\\/]catalog[\\/]bundled\.ts$/ }, () => {
      const text = readFileSync(new URL('./server/snapshot/catalog.json', import.meta.url), 'utf8');
      return {
        loader: 'ts',
        contents: `export function bundledSnapshotText(): string { return ${JSON.stringify(text)}; }\n` +
          `export const bundledSnapshotPath = '<bundled>';\n`,
      };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'linked',
  logLevel: 'warning',
  plugins: [embedSnapshot],
};

const builds = [
  { entryPoints: ['server/src/node/main.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js' },
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
];

if (watch) {
  for (const b of builds) await (await esbuild.context({ ...common, ...b })).watch();
} else {
  const started = Date.now();
  await Promise.all(builds.map((b) => esbuild.build({ ...common, ...b })));
  console.log(`built ${builds.map((b) => b.outfile).join(', ')} in ${Date.now() - started} ms`);
}
