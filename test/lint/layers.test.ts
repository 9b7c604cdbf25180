// The layer bans of eslint.config.mjs bite: a probe file with a banned import, put in each layer
// for the length of the test, is reported by ESLint with the layer's message; the same import
// where it is allowed is not. So a ban that stops matching (a moved folder, a changed pattern)
// fails here instead of silently letting a layer leak. Also the other rules, each with a probe that
// breaks it: promises, non-null assertions (in the core as everywhere else), explicit any,
// console outside the server's entries, duplicate imports, type-only names imported as values
// (with the fix ESLint offers), and a switch that leaves out a member of a preview component union.

import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.join(__dirname, '..', '..');

interface Probe {
  readonly dir: string;
  readonly source: string;
  /** Part of the message the ban gives, or null when the import is allowed there. */
  readonly banned: RegExp | null;
}

const PROBES: readonly Probe[] = [
  {
    dir: 'server/src/core',
    source: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    banned: /core is pure/,
  },
  {
    dir: 'server/src/core/features',
    source: "import { startServer } from '../../lsp/server';\nexport const x = startServer;\n",
    banned: /core is pure/,
  },
  {
    dir: 'server/src/core',
    source: "import { createConnection } from 'vscode-languageserver/node';\nexport const x = createConnection;\n",
    banned: /core is pure/,
  },
  {
    dir: 'server/src/protocol',
    source: "import { LanguageService } from '../core/languageService';\nexport const x = LanguageService;\n",
    banned: /shared protocol/,
  },
  {
    dir: 'server/src/catalog',
    source: "import { startServer } from '../lsp/server';\nexport const x = startServer;\n",
    banned: /knows nothing of the LSP/,
  },
  {
    dir: 'server/src/browser',
    source: "import * as fs from 'node:fs';\nexport const x = fs;\n",
    banned: /without Node/,
  },
  {
    dir: 'client/src',
    source:
      "import { LanguageService } from '../../server/src/core/languageService';\nexport const x = LanguageService;\n",
    banned: /only the shared protocol/,
  },
  {
    dir: 'client/src',
    source:
      "import { SETTINGS_SCHEMA } from '../../server/src/protocol/settings';\nexport const x = SETTINGS_SCHEMA;\n",
    banned: null,
  },
  {
    dir: 'server/src/lsp',
    source: "import { LanguageService } from '../core/languageService';\nexport const x = LanguageService;\n",
    banned: null,
  },
  {
    dir: 'server/src/lsp',
    source: "import { request } from 'undici';\nexport const x = request;\n",
    banned: /LSP wiring/,
  },
  {
    dir: 'server/src/lsp',
    source: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    banned: /LSP wiring/,
  },
  {
    dir: 'server/src/lsp',
    source: "import { CatalogManager } from '../catalog/sources';\nexport const x = CatalogManager;\n",
    banned: /LSP wiring/,
  },
  {
    dir: 'server/src/lsp',
    source: "import { createConnection } from 'vscode-languageserver/node';\nexport const x = createConnection;\n",
    banned: /LSP wiring/,
  },
];

// Every probe file is written before ESLint builds its typed program, and all are linted in one
// run: the parser keeps that program for the process, and a file written after it was built is
// found, or not, depending on the directory's timestamps (a CI run once saw a parse error).
const PROMISE_PROBE: Probe = {
  dir: 'server/src/lsp',
  source: 'async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n',
  banned: null,
};

// The core's parser was once exempt from the non-null rule; now every layer is held to it.
const NON_NULL_PROBE: Probe = {
  dir: 'server/src/core/parser',
  source: 'export function first(xs: readonly number[]): number {\n  return xs[0]!;\n}\n',
  banned: null,
};

// `any` anywhere, as a debugging leftover would write it.
const ANY_PROBE: Probe = {
  dir: 'server/src/core/features',
  source: 'export function count(): number {\n  return (globalThis as any).n ?? 0;\n}\n',
  banned: null,
};

// The rules below, each broken once. `line` is where the problem is reported.
interface RuleProbe extends Omit<Probe, 'banned'> {
  readonly rule: string;
  readonly line: number;
}

const RULE_PROBES: readonly RuleProbe[] = [
  {
    // The wiring logs through its connection; console output would corrupt stdout under --stdio.
    dir: 'server/src/lsp',
    source: "export function say(): void {\n  console.log('hello');\n}\n",
    rule: 'no-console',
    line: 2,
  },
  {
    dir: 'server/src/catalog',
    source: "export function say(): void {\n  console.error('hello');\n}\n",
    rule: 'no-console',
    line: 2,
  },
  {
    dir: 'server/src/core',
    source:
      "import { isObject } from '../protocol/json';\nimport { type JsonObject } from '../protocol/json';\nexport const f = (x: JsonObject): boolean => isObject(x);\n",
    rule: 'no-duplicate-imports',
    line: 2,
  },
  {
    dir: 'client/src',
    source:
      "import { JsonObject } from '../../server/src/protocol/json';\nexport const f = (x: JsonObject): JsonObject => x;\n",
    rule: '@typescript-eslint/consistent-type-imports',
    line: 1,
  },
  {
    dir: 'server/src/core/preview',
    source: [
      "import { ComponentType, type PreviewTopComponent } from '../../protocol/preview';",
      'export function name(c: PreviewTopComponent): string {',
      '  switch (c.type) {',
      '    case ComponentType.ActionRow:',
      "      return 'row';",
      '    default:',
      "      return 'other';",
      '  }',
      '}',
      '',
    ].join('\n'),
    rule: '@typescript-eslint/switch-exhaustiveness-check',
    line: 3,
  },
  {
    // Elsewhere a default stands for the members left out, but a switch without one names them all.
    dir: 'server/src/core/features',
    source: [
      "type Level = 'error' | 'warning' | 'hint';",
      'export function rank(level: Level): number {',
      '  switch (level) {',
      "    case 'error':",
      '      return 0;',
      "    case 'warning':",
      '      return 1;',
      '  }',
      '  return 2;',
      '}',
      '',
    ].join('\n'),
    rule: '@typescript-eslint/switch-exhaustiveness-check',
    line: 3,
  },
];

describe('ESLint layer bans', function () {
  this.timeout(120_000);

  const probes: ReadonlyArray<Omit<Probe, 'banned'>> = [
    ...PROBES,
    PROMISE_PROBE,
    NON_NULL_PROBE,
    ANY_PROBE,
    ...RULE_PROBES,
  ];
  const files = probes.map((p, i) => path.join(ROOT, p.dir, `__layer_probe_${process.pid}_${i}.ts`));
  let results: ESLint.LintResult[] = [];
  const resultOf = (i: number): ESLint.LintResult => {
    const result = results.find((r) => r.filePath === files[i]);
    assert.ok(result, `ESLint linted ${files[i] ?? i}`);
    return result;
  };

  before(async () => {
    probes.forEach((p, i) => writeFileSync(files[i] ?? '', p.source));
    results = await new ESLint({ cwd: ROOT }).lintFiles(files);
  });

  after(() => {
    for (const f of files) rmSync(f, { force: true });
  });

  it('report a banned import in every layer, and let the allowed ones through', () => {
    PROBES.forEach((p, i) => {
      const result = resultOf(i);
      const bans = result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
      const other = result.messages.filter((m) => m.ruleId !== 'no-restricted-imports');
      assert.deepEqual(
        other.map((m) => m.message),
        [],
        `${p.dir}: no other problem in the probe`,
      );
      if (p.banned) {
        assert.equal(bans.length, 1, `${p.dir}: ${p.source.split('\n')[0]} is reported`);
        assert.match(bans[0]?.message ?? '', p.banned);
      } else {
        assert.deepEqual(bans, [], `${p.dir}: ${p.source.split('\n')[0]} is allowed`);
      }
    });
  });

  it('report a promise that is neither awaited nor handled', () => {
    const result = resultOf(PROBES.length);
    assert.deepEqual(
      result.messages.map((m) => `${m.ruleId ?? 'parse error'}: ${m.line}`),
      ['@typescript-eslint/no-floating-promises: 3'],
    );
  });

  it('report a non-null assertion in the core too', () => {
    const result = resultOf(PROBES.length + 1);
    assert.deepEqual(
      result.messages.map((m) => `${m.ruleId ?? 'parse error'}: ${m.line}`),
      ['@typescript-eslint/no-non-null-assertion: 2'],
    );
  });

  it('report an explicit any', () => {
    const result = resultOf(PROBES.length + 2);
    assert.deepEqual(
      result.messages.map((m) => `${m.ruleId ?? 'parse error'}: ${m.line}`),
      ['@typescript-eslint/no-explicit-any: 2'],
    );
  });

  RULE_PROBES.forEach((p, i) => {
    it(`report ${p.rule} (${p.dir})`, () => {
      const result = resultOf(PROBES.length + 3 + i);
      assert.deepEqual(
        result.messages.map((m) => `${m.ruleId ?? 'parse error'}: ${m.line}`),
        [`${p.rule}: ${p.line}`],
      );
    });
  });

  it('offer the fix for a type imported as a value, as `npx eslint --fix server/src client/src` applies it', () => {
    const i = RULE_PROBES.findIndex((p) => p.rule === '@typescript-eslint/consistent-type-imports');
    const fix = resultOf(PROBES.length + 3 + i).messages[0]?.fix;
    assert.ok(fix, 'the rule offers a fix');
    const source = RULE_PROBES[i]?.source ?? '';
    const fixed = source.slice(0, fix.range[0]) + fix.text + source.slice(fix.range[1]);
    assert.equal(fixed.split('\n')[0], "import { type JsonObject } from '../../server/src/protocol/json';");
  });
});
