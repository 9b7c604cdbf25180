// Bundles what ships: the language server, the CLI and the VS Code client, each one file that
// runs without node_modules, and the web extension (vscode.dev, github.dev): its client and the
// language server for a web worker, in dist/web/. The bundled catalog snapshot is embedded in
// every server bundle and the CLI as text, so a copied `dist/server.js` still starts with a full
// catalog offline. The web builds fail when a Node API gets into them.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import * as zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/**
 * The bundled snapshot in the compact form (server/src/core/catalog/compact.ts), made by the
 * project's own decoder (server/src/catalog/snapshotText.ts, bundled on its own and run here), so
 * the problems and date the JSON path would report come with it. Made once per build; a snapshot
 * the decoder cannot use fails the build.
 */
let compactSnapshotText;
function compactSnapshot(text) {
  compactSnapshotText ??= (async () => {
    const result = await esbuild.build({
      ...common,
      plugins: [],
      entryPoints: ['server/src/catalog/snapshotText.ts'],
      write: false,
      sourcemap: false,
      legalComments: 'none',
    });
    const module = { exports: {} };
    new Function('module', 'exports', 'require', result.outputFiles[0].text)(
      module,
      module.exports,
      createRequire(import.meta.url),
    );
    return module.exports.compactSnapshot(text, '<bundled>');
  })();
  return compactSnapshotText;
}

/**
 * Replaces server/src/catalog/bundled.ts (which reads the file at run time) and its web twin
 * server/src/browser/snapshot.ts by the embedded text. The Node bundles carry it compressed with
 * brotli (about a seventh of its size) and expand it when asked, so the 376 KB of text are neither
 * part of the script V8 keeps for the life of the process nor a string constant beside it; the web
 * worker, which has no synchronous decompressor, carries the text itself. The Node bundles carry
 * the compact form too, compressed the same way: the server and the command line start from it.
 */
const embedSnapshot = {
  name: 'embed-snapshot',
  setup(build) {
    build.onLoad({ filter: /server[\\/]src[\\/](catalog[\\/]bundled|browser[\\/]snapshot)\.ts$/ }, async (args) => {
      const text = readFileSync(new URL('./server/snapshot/catalog.json', import.meta.url), 'utf8');
      const path = `export const bundledSnapshotPath = '<bundled>';\n`;
      if (/[\\/]browser[\\/]/.test(args.path))
        return {
          loader: 'ts',
          contents: `export function bundledSnapshotText(): string { return ${JSON.stringify(text)}; }\n${path}`,
        };
      const pack = (bytes) =>
        JSON.stringify(
          zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).toString('base64'),
        );
      return {
        loader: 'ts',
        contents:
          `import { brotliDecompressSync } from 'node:zlib';\n` +
          `export function bundledSnapshotText(): string {\n` +
          `  return brotliDecompressSync(Buffer.from(${pack(Buffer.from(text, 'utf8'))}, 'base64')).toString('utf8');\n` +
          `}\n` +
          `export function bundledCompact(): Uint8Array {\n` +
          `  return brotliDecompressSync(Buffer.from(${pack(await compactSnapshot(text))}, 'base64'));\n` +
          `}\n${path}`,
      };
    });
  },
};

/**
 * Replaces server/src/cli/mcpBundle.ts in the CLI by the MCP side of `bdscript mcp`
 * (server/src/cli/mcpServer.ts with the SDK and zod, about 1.5 MB of code) bundled on its own,
 * compressed with brotli and compiled only when `mcp` runs: code in the CLI's script costs every
 * command its parse at a cold start, a compressed string a small fraction of it. The bundle needs
 * nothing but Node's own modules (the language service stays in the CLI and is handed to it).
 */
const embedMcp = {
  name: 'embed-mcp',
  setup(build) {
    build.onLoad({ filter: /server[\\/]src[\\/]cli[\\/]mcpBundle\.ts$/ }, async () => {
      const result = await esbuild.build({
        ...common,
        plugins: [asciiDependencies],
        entryPoints: ['server/src/cli/mcpServer.ts'],
        write: false,
        sourcemap: false,
        legalComments: 'none',
        minifyWhitespace: true,
      });
      const [file] = result.outputFiles;
      const packed = zlib
        .brotliCompressSync(Buffer.from(file.contents), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        .toString('base64');
      return {
        loader: 'ts',
        resolveDir: 'server/src/cli',
        contents: [
          `import { brotliDecompressSync } from 'node:zlib';`,
          `import { createRequire } from 'node:module';`,
          `import { compileFunction } from 'node:vm';`,
          `let loaded: typeof import('./mcpServer') | undefined;`,
          `export function loadMcpServer(): typeof import('./mcpServer') {`,
          `  if (loaded) return loaded;`,
          `  const code = brotliDecompressSync(Buffer.from(${JSON.stringify(packed)}, 'base64')).toString('utf8');`,
          `  const module = { exports: {} as typeof import('./mcpServer') };`,
          `  const run = compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: 'bdscript-mcp.js' });`,
          `  run(module.exports, createRequire(__filename), module, __filename, __dirname);`,
          `  return (loaded = module.exports);`,
          `}`,
        ].join('\n'),
      };
    });
  },
};

/**
 * A JavaScript source with every character outside ASCII written as a `\u` escape. Outside
 * strings, regular expressions, template literals and identifiers a file holds such characters
 * only in comments, where an escape is harmless; in a pattern `\uXXXX` matches what the character
 * matched (surrogate pairs included, with or without the `u` flag), so only a pattern's `source`
 * text changes. A character escaped by an odd run of backslashes (`\©` in a pattern or a string
 * stands for ©) gives that backslash to its `\u` escape.
 */
export function asciiSource(text) {
  return text.replace(
    /(\\*)([^\x00-\x7f])/g,
    (_, slashes, c) => `${slashes.slice(slashes.length % 2)}\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Makes the dependencies' JavaScript ASCII before esbuild reads it. `charset: 'ascii'` escapes
 * strings and identifiers but leaves regular expression literals as written
 * (discord-markdown-parser's emoticon and twemoji patterns), and one such character makes V8
 * keep the whole bundle's text in two bytes a character for the life of the process (1.7 MB more
 * at rest, and as much more surviving the young generation at start-up).
 */
export const asciiDependencies = {
  name: 'ascii-dependencies',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      return /[^\x00-\x7f]/.test(text) ? { loader: 'js', contents: asciiSource(text) } : undefined;
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
 * name none: the Node server then links the copy beside the bundle (server/src/node/runtime.ts),
 * and the web worker, which has no files, links only the wiki.
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
  // Even the development build leaves out whitespace and comments: V8 keeps a script's whole text
  // for as long as the process runs, and one comment outside ASCII (undici has a few) makes it keep
  // every character in two bytes. Names stay (stack traces), and the source maps map it back.
  minify: production,
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'linked',
  logLevel: 'warning',
  // Read by releasedRulesPage (server/src/lsp/runtime.ts), in the Node bundles and the web worker alike.
  define: { BDSCRIPT_RELEASED_RULES_PAGE: JSON.stringify(releasedRulesPage) },
  plugins: [embedSnapshot, asciiDependencies],
};

/** What the web builds change: the browser's module resolution, no Node, a worker-friendly format. */
export const web = { platform: 'browser', target: 'es2022', plugins: [noNodeApis, embedSnapshot, asciiDependencies] };

export const builds = [
  { entryPoints: ['server/src/node/main.ts'], outfile: 'dist/server.js' },
  {
    entryPoints: ['server/src/cli/main.ts'],
    outfile: 'dist/cli.js',
    plugins: [embedSnapshot, asciiDependencies, embedMcp],
  },
  // The command line's launcher runs dist/cli.js through this, with a V8 code cache.
  { entryPoints: ['server/src/node/codeCache.ts'], outfile: 'dist/codeCache.js' },
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
