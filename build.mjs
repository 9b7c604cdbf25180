// Bundles what ships: the language server, the CLI and the VS Code client, each one file that
// runs without node_modules, and the web extension (vscode.dev, github.dev): its client and the
// language server for a web worker, in dist/web/. The bundled catalog snapshot is embedded in
// every server bundle and the CLI as text, so a copied `dist/server.js` still starts with a full
// catalog offline. The web builds fail when a Node API gets into them.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/**
 * Replaces server/src/catalog/bundled.ts (which reads the file at run time) and its web twin
 * server/src/browser/snapshot.ts by the embedded text.
 */
const embedSnapshot = {
  name: 'embed-snapshot',
  setup(build) {
    build.onLoad({ filter: /server[\\/]src[\\/](catalog[\\/]bundled|browser[\\/]snapshot)\.ts$/ }, () => {
      const text = readFileSync(new URL('./server/snapshot/catalog.json', import.meta.url), 'utf8');
      return {
        loader: 'ts',
        contents:
          `export function bundledSnapshotText(): string { return ${JSON.stringify(text)}; }\n` +
          `export const bundledSnapshotPath = '<bundled>';\n`,
      };
    });
  },
};

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * Fails a web build on any import of a Node built-in (`fs`, `node:zlib`, ...), naming the module
 * and the file that asked for it: the web worker and the web extension host have no Node. The
 * typecheck of server/src/browser/ (no Node types) catches Node globals in our own code.
 */
export const noNodeApis = {
  name: 'no-node-apis',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (!NODE_BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
      return {
        errors: [
          {
            text: `the web build may not use the Node API "${args.path}" (imported by ${args.importer || 'the entry'})`,
          },
        ],
      };
    });
  },
};

/**
 * Where the rules page (docs/rules.md) is online, for the diagnostics' links: a release
 * (BDSCRIPT_REPOSITORY_URL, see scripts/release.mjs) points at its own tag's copy. Other builds
 * name none, and the server links the copy beside the bundle (server/src/node/runtime.ts).
 */
const repository = process.env.BDSCRIPT_REPOSITORY_URL;
const version = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;
const releasedRulesPage = repository ? `${repository.replace(/\/+$/, '')}/blob/v${version}/docs/rules.md` : '';

export const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'linked',
  logLevel: 'warning',
  define: { 'process.env.BDSCRIPT_RULES_PAGE': JSON.stringify(releasedRulesPage) },
  plugins: [embedSnapshot],
};

/** What the web builds change: the browser's module resolution, no Node, a worker-friendly format. */
export const web = { platform: 'browser', target: 'es2022', plugins: [noNodeApis, embedSnapshot] };

export const builds = [
  { entryPoints: ['server/src/node/main.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js' },
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // A classic worker script: self-contained, started with `new Worker(url)`.
  { ...web, entryPoints: ['server/src/browser/main.ts'], outfile: 'dist/web/server.js', format: 'iife' },
  // The web extension host loads CommonJS and provides `vscode`.
  {
    ...web,
    entryPoints: ['client/src/browserExtension.ts'],
    outfile: 'dist/web/extension.js',
    format: 'cjs',
    external: ['vscode'],
  },
];

// Run as a script (`node build.mjs`), it builds; imported (tests), it only hands out the options.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (watch) {
    for (const b of builds) await (await esbuild.context({ ...common, ...b })).watch();
  } else {
    const started = Date.now();
    try {
      await Promise.all(builds.map((b) => esbuild.build({ ...common, ...b })));
    } catch {
      // esbuild has printed each error with its file and line; the stack would only hide them.
      process.exit(1);
    }
    console.log(`built ${builds.map((b) => b.outfile).join(', ')} in ${Date.now() - started} ms`);
  }
}
