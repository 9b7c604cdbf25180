// English messages count without the Intl data: plural forms and integers are written by the
// localizer itself, exactly as Intl.PluralRules('en') and Intl.NumberFormat('en') would, so a
// server in English never pages in ICU's tables (issue #24); other languages and fractions
// still go through Intl.

import * as assert from 'node:assert/strict';
import { englishInteger, localizer } from '../../server/src/core/l10n';

const SAMPLES = [
  0,
  1,
  -1,
  2,
  9,
  10,
  11,
  99,
  100,
  101,
  999,
  1000,
  1001,
  9999,
  10000,
  12345,
  99999,
  100000,
  123456,
  999999,
  1000000,
  1234567,
  -1234567,
  2_147_483_647,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
];

describe('l10n: English numbers without Intl', () => {
  it('writes safe integers as Intl.NumberFormat("en") does', () => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: 20 });
    for (const n of SAMPLES) assert.equal(englishInteger(n), intl.format(n), String(n));
    for (let k = 0; k < 2000; k++) {
      const n = Math.floor((Math.random() - 0.5) * 2 ** (1 + (k % 53)));
      if (Object.is(n, -0)) continue;
      assert.equal(englishInteger(n), intl.format(n), String(n));
    }
  });

  it('renders English plurals and counts without calling Intl, and the same text as Intl would', () => {
    const en = localizer('en');
    const expected = SAMPLES.map((n) => ({
      n,
      errors: `${new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format(n)} ${new Intl.PluralRules('en').select(n) === 'one' ? 'error' : 'errors'}`,
    }));
    const select = Intl.PluralRules.prototype.select;
    const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    const refuse = () => {
      throw new Error('Intl was asked');
    };
    Intl.PluralRules.prototype.select = refuse;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', { get: () => refuse, configurable: true });
    try {
      for (const { n, errors } of expected) assert.equal(en.t('count.errors', { n }), errors, String(n));
    } finally {
      Intl.PluralRules.prototype.select = select;
      Object.defineProperty(Intl.NumberFormat.prototype, 'format', format);
    }
    // A fraction is left to Intl, as before.
    assert.equal(en.t('count.errors', { n: 1.5 }), '1.5 errors');
  });

  it('still uses the language rules for the other languages', () => {
    assert.equal(localizer('ru').t('count.errors', { n: 3 }), '3 ошибки');
    assert.equal(localizer('ru').t('count.errors', { n: 12345 }), `12${'\u00a0'}345 ошибок`);
  });
});
