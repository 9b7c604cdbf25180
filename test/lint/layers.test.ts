// The layer bans of eslint.config.mjs bite: a probe file with a banned import, put in each layer
// for the length of the test, is reported by ESLint with the layer's message; the same import
// where it is allowed is not. So a ban that stops matching (a moved folder, a changed pattern)
// fails here instead of silently letting a layer leak. Also the promise rule and the ban on
// non-null assertions, which holds in the core as everywhere else.

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

describe('ESLint layer bans', function () {
  this.timeout(120_000);

  const probes = [...PROBES, PROMISE_PROBE, NON_NULL_PROBE, ANY_PROBE];
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
});
