// Settings sources: the shapes clients send (VS Code's initializationOptions, nvim-lspconfig's
// pushed `{settings: {bdscript: ...}}`, dotted keys), their priority, and bad values: nested
// thousands deep, wide, long or random, a value beyond SETTINGS_BOUNDS is ignored and the rest of
// its source still applies; nothing throws.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_SETTINGS } from '../../server/src/core/settings';
import {
  beyondBounds,
  catalogIdentity,
  readInitializationOptions,
  readSettings,
  resolveSettings,
  SETTINGS_BOUNDS,
  settingsSection,
} from '../../server/src/lsp/settings';
import { checkSettingsSources, hostileSettings, nested } from '../fuzz/settings';

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

  describe('bounds', () => {
    it('reads a value within the bounds, and says why one is beyond them', () => {
      assert.equal(beyondBounds({ premium: 'off', 'unknown-function': 'error' }), undefined);
      assert.equal(beyondBounds(nested(SETTINGS_BOUNDS.depth, 'off')), undefined);
      assert.equal(
        beyondBounds(nested(SETTINGS_BOUNDS.depth + 1, 'off')),
        `nested deeper than ${SETTINGS_BOUNDS.depth} levels`,
      );
      assert.equal(beyondBounds(nested(100_000, 'off')), `nested deeper than ${SETTINGS_BOUNDS.depth} levels`);
      const wide = Object.fromEntries(Array.from({ length: SETTINGS_BOUNDS.values + 1 }, (_, i) => [`k${i}`, 'off']));
      assert.equal(beyondBounds(wide), `more than ${SETTINGS_BOUNDS.values} values`);
      assert.equal(
        beyondBounds(new Array(SETTINGS_BOUNDS.values + 1).fill(1)),
        `more than ${SETTINGS_BOUNDS.values} values`,
      );
      assert.equal(
        beyondBounds('x'.repeat(SETTINGS_BOUNDS.stringLength + 1)),
        `a string longer than ${SETTINGS_BOUNDS.stringLength} characters`,
      );
      assert.equal(
        beyondBounds({ ['k'.repeat(SETTINGS_BOUNDS.stringLength + 1)]: 1 }),
        `a key longer than ${SETTINGS_BOUNDS.stringLength} characters`,
      );
    });

    it('ignores a setting nested 5,000 or 100,000 deep, and applies the rest of its source', () => {
      for (const depth of [5_000, 100_000]) {
        const { settings, ignored } = readSettings([
          { premium: true, diagnostics: { severity: nested(depth, 'off') }, catalog: { url: nested(depth, 'x') } },
        ]);
        assert.equal(settings.premium, true, `${depth}: the good setting applies`);
        assert.deepEqual(settings.diagnostics.severity, {});
        assert.equal(settings.catalog.url, DEFAULT_SETTINGS.catalog.url);
        assert.deepEqual(ignored, [
          `the setting bdscript.catalog.url is ignored: nested deeper than ${SETTINGS_BOUNDS.depth} levels`,
          `the setting bdscript.diagnostics.severity is ignored: nested deeper than ${SETTINGS_BOUNDS.depth} levels`,
        ]);
      }
    });

    it('keeps an earlier good value when a later source gives one beyond the bounds', () => {
      const s = resolveSettings({ catalog: { url: 'http://127.0.0.1:1' } }, { catalog: { url: 'x'.repeat(100_000) } });
      assert.equal(s.catalog.url, 'http://127.0.0.1:1');
    });

    it('finds no section in `settings` wrappers nested past the bound, without recursing', () => {
      assert.equal(settingsSection(nested(100_000, { bdscript: { premium: true } }, 'settings')), undefined);
      assert.deepEqual(settingsSection(nested(3, { bdscript: { premium: true } }, 'settings')), { premium: true });
    });

    it('reads at most the bound of keys of a section, and no storage path longer than a string may be', () => {
      const many: Record<string, unknown> = { premium: true };
      for (let i = 0; i < 2 * SETTINGS_BOUNDS.values; i++) many[`junk${i}`] = i;
      assert.equal(resolveSettings(settingsSection(many)).premium, true);
      const init = readInitializationOptions({ globalStoragePath: '/'.repeat(SETTINGS_BOUNDS.stringLength + 1) });
      assert.equal(init.storagePath, undefined);
    });

    it('never throws on random and hostile sources, and always gives complete settings (property)', () => {
      fc.assert(fc.property(fc.array(hostileSettings, { maxLength: 3 }), checkSettingsSources), {
        seed: 20261127,
        numRuns: 60,
      });
    });
  });
});
