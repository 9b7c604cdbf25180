// Hostile settings sources, shared by the fixed-run tests (test/lsp/settings.test.ts) and
// `npm run fuzz -- --only settings`: random JSON in every place a setting may stand, values nested
// thousands deep, wide objects, long strings, and the wrappers clients use around a section.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_SETTINGS } from '../../server/src/core/settings';
import { resolveSettings, SETTINGS_BOUNDS, settingsSection } from '../../server/src/lsp/settings';
import { SETTINGS_SCHEMA } from '../../server/src/protocol/settings';

/** `leaf` under `depth` levels of `{key: ...}`, built without recursion. */
export function nested(depth: number, leaf: unknown, key = 'a'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { [key]: value };
  return value;
}

/** A value a setting should never get: deep, wide, long, or random JSON. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 17, max: 20_000 }).map((depth) => nested(depth, 'off')),
  fc.integer({ min: 17, max: 2_000 }).map((depth) => nested(depth, [])),
  fc
    .integer({ min: 1, max: 20_000 })
    .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, 'off']))),
  fc.integer({ min: 60_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

/** A setting's dotted key, or a made-up one. */
const settingKey = fc.oneof(fc.constantFrom(...SETTINGS_SCHEMA.map((s) => s.key)), fc.string({ maxLength: 12 }));

/** A section: known and made-up keys, some dotted, some nested as objects, with hostile values. */
const section: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(settingKey, hostileValue, fc.boolean()), { maxLength: 6 })
  .map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [key, value, dotted] of entries) {
      if (dotted) out[key] = value;
      else {
        const parts = key.split('.');
        let cur = out;
        for (const part of parts.slice(0, -1)) {
          const next = typeof cur[part] === 'object' && cur[part] !== null ? cur[part] : {};
          cur[part] = next;
          cur = next as Record<string, unknown>;
        }
        cur[parts[parts.length - 1] ?? ''] = value;
      }
    }
    return out;
  });

/** A settings source as clients send it: bare, under `bdscript`, under `settings` (any depth), or not an object. */
export const hostileSettings: fc.Arbitrary<unknown> = fc.oneof(
  section,
  section.map((s) => ({ bdscript: s })),
  fc
    .tuple(section, fc.integer({ min: 1, max: 50_000 }))
    .map(([s, depth]) => nested(depth, { bdscript: s }, 'settings')),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Settings read from `sources` (each as a client may send it): complete, and within the bounds. */
export function checkSettingsSources(sources: readonly unknown[]): void {
  const s = resolveSettings(...sources.map((raw) => settingsSection(raw)));
  assert.deepEqual(Object.keys(s).sort(), Object.keys(DEFAULT_SETTINGS).sort());
  assert.equal(typeof s.catalog.url, 'string');
  assert.ok(s.catalog.url.length <= SETTINGS_BOUNDS.stringLength);
  assert.ok(Object.keys(s.diagnostics.severity).length <= SETTINGS_BOUNDS.values);
}
