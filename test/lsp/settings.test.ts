// Settings sources: the shapes clients send (VS Code's initializationOptions, nvim-lspconfig's
// pushed `{settings: {bdscript: ...}}`, dotted keys), their priority, and bad values.

import * as assert from 'node:assert/strict';
import { DEFAULT_SETTINGS } from '../../server/src/core/settings';
import {
  catalogIdentity,
  readInitializationOptions,
  resolveSettings,
  settingsSection,
} from '../../server/src/lsp/settings';

describe('lsp/settings', () => {
  it('finds the bdscript section in every shape clients send', () => {
    const expected = { catalog: { offline: true } };
    assert.deepEqual(settingsSection({ catalog: { offline: true } }), expected);
    assert.deepEqual(settingsSection({ bdscript: { catalog: { offline: true } } }), expected);
    assert.deepEqual(settingsSection({ settings: { bdscript: { catalog: { offline: true } } } }), expected);
    assert.deepEqual(settingsSection({ 'bdscript.catalog.offline': true }), { 'catalog.offline': true });
    assert.equal(settingsSection({ other: { x: 1 } }), undefined);
    assert.equal(settingsSection(null), undefined);
    assert.equal(settingsSection('bdscript'), undefined);
  });

  it('reads VS Code initializationOptions: settings plus the storage folder', () => {
    const init = readInitializationOptions({
      premium: true,
      catalog: { url: 'http://127.0.0.1:1' },
      globalStoragePath: '/tmp/store',
    });
    assert.equal(init.storagePath, '/tmp/store');
    const s = resolveSettings(init.section);
    assert.equal(s.premium, true);
    assert.equal(s.catalog.url, 'http://127.0.0.1:1');
    assert.equal(readInitializationOptions({ globalStoragePath: 5 }).storagePath, undefined);
  });

  it('gives a client that sends nothing the defaults', () => {
    assert.deepEqual(resolveSettings(), DEFAULT_SETTINGS);
    assert.deepEqual(resolveSettings(undefined, undefined), DEFAULT_SETTINGS);
  });

  it('lets a later source win key by key, and a bad value never hides a good one', () => {
    const init = {
      catalog: { url: 'http://127.0.0.1:1', offline: true },
      premium: true,
      diagnostics: { severity: { premium: 'off' } },
    };
    const pulled = { catalog: { offline: false }, premium: 'yes', diagnostics: { severity: { deprecated: 'error' } } };
    const s = resolveSettings(init, pulled);
    assert.equal(s.catalog.url, 'http://127.0.0.1:1');
    assert.equal(s.catalog.offline, false);
    // "yes" is not a boolean: the earlier `true` stays.
    assert.equal(s.premium, true);
    // A severity map replaces the earlier one as a whole (a removed rule is removed).
    assert.deepEqual(s.diagnostics.severity, { deprecated: 'error' });
    // A later default value is a real choice.
    assert.equal(resolveSettings({ premium: true }, { premium: false }).premium, false);
  });

  it('names the settings that need a new catalog provider', () => {
    const a = resolveSettings({ premium: true });
    const b = resolveSettings({ premium: false, inlayHints: { argumentNames: true } });
    assert.equal(catalogIdentity(a), catalogIdentity(b));
    for (const change of [
      { catalog: { url: 'http://127.0.0.1:2' } },
      { catalog: { offline: true } },
      { catalog: { snapshot: '/x.json' } },
      { catalog: { cacheDir: '/c' } },
    ]) {
      assert.notEqual(catalogIdentity(resolveSettings(change)), catalogIdentity(a), JSON.stringify(change));
    }
  });
});
