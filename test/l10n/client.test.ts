// The extension's translations: the manifest's `%key%` texts (package.nls.json and one file per
// language, the English one written by the manifest generator) and the client's messages
// (`vscode.l10n.t` and the pure modules' `tr`, translated by l10n/bundle.l10n.<language>.json).
// Every key used exists in every language and no file holds a key nothing uses; every message
// call in client/src has a literal message, so the scan below sees them all; placeholders
// survive translation; and the status texts come out in Spanish through a bundle.

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { formatMessage, useTranslator } from '../../client/src/l10n';
import { manifestNls } from '../../client/src/manifest';
import { formatRefreshOutcome, formatStatusText, formatStatusTooltip } from '../../client/src/status';
import type { CatalogStatus } from '../../server/src/protocol/messages';

const ROOT = path.resolve(__dirname, '../..');
const LANGUAGES = ['es', 'pt-br', 'ru'] as const;
const readJson = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, string>;

/** The `%key%` references of package.json. */
function manifestRefs(): string[] {
  const text = readFileSync(path.join(ROOT, 'package.json'), 'utf8');
  return [...new Set([...text.matchAll(/"%([^"%\s]+)%"/g)].map((m) => m[1]!))].sort();
}

/** Every message of a `vscode.l10n.t(...)` or `tr(...)` call in client/src, and the calls whose message is not a literal. */
function clientMessages(): { messages: Map<string, string>; unreadable: string[] } {
  const messages = new Map<string, string>();
  const unreadable: string[] = [];
  const dir = path.join(ROOT, 'client', 'src');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const call of text.matchAll(/(?:vscode\.l10n\.t|(?<![\w.])tr)\(/g)) {
      const rest = text.slice(call.index! + call[0].length);
      const literal = /^\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/.exec(rest);
      // `tr(message: string, ...)`: the definition itself.
      if (!literal) {
        if (!/^\s*message\b|^\s*text\b/.test(rest)) unreadable.push(`${file}: ${call[0]}${rest.slice(0, 40)}`);
        continue;
      }
      const message = (literal[1] ?? literal[2]!).replace(/\\(['"\\])/g, '$1');
      messages.set(message, file);
    }
  }
  return { messages, unreadable };
}

const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{\d+\}/g)].map((m) => m[0]))].sort();

describe('extension translations', () => {
  describe('package.nls', () => {
    it('package.nls.json is what the manifest generator writes (run `npx tsx client/src/manifest.ts --write`)', () => {
      assert.deepEqual(readJson('package.nls.json'), manifestNls());
    });

    it('has every key package.json refers to, and no other', () => {
      assert.deepEqual(Object.keys(readJson('package.nls.json')).sort(), manifestRefs());
    });

    for (const lang of LANGUAGES) {
      it(`package.nls.${lang}.json translates exactly the keys of package.nls.json`, () => {
        const en = readJson('package.nls.json');
        const translated = readJson(`package.nls.${lang}.json`);
        assert.deepEqual(Object.keys(translated).sort(), Object.keys(en).sort());
        for (const [key, text] of Object.entries(translated)) {
          assert.ok(text.trim() !== '', `${key} is empty`);
          // Code in backticks (setting values, commands) stays as it is.
          assert.deepEqual(text.match(/`[^`]*`/g) ?? [], en[key]!.match(/`[^`]*`/g) ?? [], key);
        }
        const same = Object.keys(en).filter((k) => translated[k] === en[k]);
        assert.deepEqual(same, [], 'every text is translated');
      });
    }
  });

  describe('l10n bundles', () => {
    const { messages, unreadable } = clientMessages();

    it('finds the client messages, each a literal (a computed message would escape translation)', () => {
      assert.deepEqual(unreadable, []);
      assert.ok(messages.size > 50, `${messages.size} messages`);
      assert.ok(messages.has('BDScript catalog') && messages.has('Copy trigger'));
    });

    for (const lang of LANGUAGES) {
      it(`l10n/bundle.l10n.${lang}.json translates every message, keeps its placeholders, and holds no unused one`, () => {
        const bundle = readJson(`l10n/bundle.l10n.${lang}.json`);
        const missing = [...messages.keys()].filter((m) => typeof bundle[m] !== 'string' || bundle[m]!.trim() === '');
        assert.deepEqual(missing, [], `missing in ${lang}`);
        const unused = Object.keys(bundle).filter((m) => !messages.has(m));
        assert.deepEqual(unused, [], `unused in ${lang}`);
        for (const [m, t] of Object.entries(bundle))
          assert.deepEqual(placeholders(t), placeholders(m), `${lang}: ${m}`);
      });
    }
  });

  describe('the pure modules through a bundle', () => {
    const status: CatalogStatus = {
      source: 'bundled',
      location: '<bundled>',
      fetchedAt: '2026-11-20',
      fetchedAtPrecision: 'date',
      counts: { functions: 494, callbacks: 13, emoji: 3799 },
      problems: ['x'],
      refreshing: false,
      lastRefresh: { at: '2026-11-24T10:00:00Z', ok: true, outcome: 'not-modified' },
    };

    afterEach(() => useTranslator(formatMessage));

    it('are English without a translator', () => {
      assert.equal(formatStatusText(status), 'BDScript: bundled catalog of 2026-11-20');
      assert.equal(
        formatRefreshOutcome(status),
        'The catalog is up to date (494 functions, 13 callbacks and 3,799 emoji).',
      );
    });

    it('are Spanish with the Spanish bundle, as VS Code would give them', () => {
      const bundle = readJson('l10n/bundle.l10n.es.json');
      useTranslator((m, ...args) => formatMessage(bundle[m] ?? m, ...args));
      assert.equal(formatStatusText(status), 'BDScript: catálogo incluido del 2026-11-20');
      assert.equal(
        formatRefreshOutcome(status),
        'El catálogo está al día (494 funciones, 13 callbacks y 3,799 emojis).',
      );
      assert.match(formatStatusTooltip(status), /^Catálogo de BDScript\nOrigen: incluido con la extensión\n/);
    });
  });
});
