// ESLint: what the compiler does not check. Promises are awaited or handled (a dropped promise
// loses its error), and the layers stay apart (docs/architecture.md): the core knows no Node, no
// LSP connection and no catalog I/O; the shared protocol knows only the LSP types; the LSP wiring
// knows no Node, no undici and no catalog I/O (the runtime hands them in); the catalog I/O knows
// nothing of the LSP wiring; the browser build names no Node API; the client imports from the
// server only the shared protocol. Also: no console in the server outside its entries (stdout
// is the protocol under --stdio), one import per module with type-only names marked, and a switch
// over a union handles every member (in the preview, even with a default).
// test/lint/layers.test.ts checks that each ban and rule bites.

import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const NODE_BUILTINS = [...builtinModules.filter((m) => !m.startsWith('_')), ...builtinModules.map((m) => `node:${m}`)];

/** An import ban: the modules, and the patterns of paths, a layer may not import. */
function bans(message, { modules = [], patterns = [] }) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: modules.map((name) => ({ name, message })),
        patterns: patterns.length > 0 ? [{ group: patterns, message }] : [],
      },
    ],
  };
}

const SERVER_LAYERS = (except) =>
  ['lsp', 'node', 'cli', 'browser', 'catalog', 'core', 'protocol']
    .filter((l) => !except.includes(l))
    .flatMap((l) => [`**/${l}`, `**/${l}/**`, `../${l}`, `../${l}/*`]);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'tmpperf/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './client/tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `any` turns the checks off where it stands (a debugging counter on `globalThis as any`
      // once reached a hot path unnoticed): a type, or `unknown` and a check, instead.
      '@typescript-eslint/no-explicit-any': 'error',
      // One import statement per module, its type-only names marked inline (`import { a, type B }`),
      // so an import's cost is visible and esbuild drops what is only a type. `typeof import('./x')`
      // stays allowed: it types a lazy require (cli/main.ts), which keeps a module off the start-up path.
      'no-duplicate-imports': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // A switch over a union without a default names every member.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, allowDefaultCaseForExhaustiveSwitch: true },
      ],
    },
  },
  {
    // Where the preview is drawn, a switch over its component unions names every member even with
    // a default: a component type added to the unions is then a lint error at each place that must
    // draw it, not a part silently left out.
    files: ['server/src/core/preview/**/*.ts', 'server/src/cli/preview.ts', 'client/src/preview*.ts'],
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, allowDefaultCaseForExhaustiveSwitch: true },
      ],
    },
  },
  {
    // The server talks through its connection and its log; `console` is for the entries, which
    // send it to the client's log (node/main.ts) or are the command line (cli/main.ts).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/node/main.ts', 'server/src/browser/main.ts', 'server/src/cli/main.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // No `!` anywhere: an absent value is handled where it is read. In the core, a read that
    // cannot miss by construction (an index inside a proven bound) says so with must()
    // (server/src/core/must.ts), which throws a clear error if it ever does, or with a `??`
    // default that is a correct value for "absent" on the parser's hot typed-array reads.
    files: ['server/src/**/*.ts', 'client/src/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['server/src/core/**/*.ts'],
    rules: bans('The core is pure: no Node, no LSP connection, no catalog I/O (docs/architecture.md).', {
      modules: [
        ...NODE_BUILTINS,
        'vscode-languageserver',
        'vscode-languageserver/node',
        'vscode-languageserver/browser',
        'undici',
      ],
      patterns: [
        '**/server/src/lsp/**',
        '**/server/src/node/**',
        '**/server/src/cli/**',
        '**/server/src/browser/**',
        '**/server/src/catalog/**',
        '../../lsp/**',
        '../../node/**',
        '../../cli/**',
        '../../browser/**',
        '../../catalog/**',
        '../lsp/**',
        '../node/**',
        '../cli/**',
        '../browser/**',
      ],
    }),
  },
  {
    files: ['server/src/protocol/**/*.ts'],
    rules: bans(
      'The shared protocol imports only the LSP protocol types, so that the client and a browser build can bundle it.',
      {
        modules: [...NODE_BUILTINS, 'vscode-languageserver', 'vscode-languageserver/node', 'undici'],
        patterns: SERVER_LAYERS(['protocol']),
      },
    ),
  },
  {
    files: ['server/src/lsp/**/*.ts'],
    rules: bans(
      'The LSP wiring runs in Node and in a web worker alike: no Node, no undici, no catalog I/O; the runtime hands those in (docs/architecture.md).',
      {
        modules: [...NODE_BUILTINS, 'undici', 'vscode-languageserver/node'],
        patterns: [
          '../catalog',
          '../catalog/**',
          '**/server/src/catalog/**',
          '../node',
          '../node/**',
          '**/server/src/node/**',
          '../cli',
          '../cli/**',
          '**/server/src/cli/**',
          '../browser',
          '../browser/**',
          '**/server/src/browser/**',
        ],
      },
    ),
  },
  {
    files: ['server/src/catalog/**/*.ts'],
    rules: bans('The catalog I/O knows nothing of the LSP wiring.', {
      modules: ['vscode-languageserver', 'vscode-languageserver/node'],
      patterns: ['../lsp', '../lsp/**', '**/server/src/lsp/**', '../node', '../node/**', '../cli', '../cli/**'],
    }),
  },
  {
    files: ['server/src/browser/**/*.ts'],
    rules: bans('The web worker build runs without Node.', {
      modules: [...NODE_BUILTINS, 'undici', 'vscode-languageserver/node'],
    }),
  },
  {
    files: ['client/src/**/*.ts'],
    rules: bans('The client imports from the server only the shared protocol (server/src/protocol).', {
      patterns: [
        '**/server/src/core',
        '**/server/src/core/**',
        '**/server/src/lsp',
        '**/server/src/lsp/**',
        '**/server/src/catalog',
        '**/server/src/catalog/**',
        '**/server/src/node/**',
        '**/server/src/cli/**',
        '**/server/src/browser/**',
      ],
    }),
  },
);
