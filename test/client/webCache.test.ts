// Tests of the caches the web extension keeps for its worker (client/src/webCache.ts): what the
// global state holds is untrusted, a received cache replaces the one of its base URL and goes
// first, and no more than MAX_WEB_CACHES are kept, the least recently written going first.
import { strict as assert } from 'node:assert';
import { keptCaches, MAX_WEB_CACHE_CHARS, MAX_WEB_CACHES, withCache } from '../../client/src/webCache';

const entry = (n: number, text = `{"cache":${n}}`) => ({ baseUrl: `http://127.0.0.1:${8000 + n}`, text });

describe('web extension: kept catalog caches', () => {
  it('reads nothing usable from a global state that holds something else', () => {
    for (const stored of [undefined, null, 'text', 42, {}, { baseUrl: 'x', text: 'y' }])
      assert.deepEqual(keptCaches(stored), [], JSON.stringify(stored));
  });

  it('keeps only well-formed entries, one per base URL, at most MAX_WEB_CACHES', () => {
    const stored = [
      entry(1),
      { baseUrl: 7, text: 'x' },
      { baseUrl: 'http://a', text: '' },
      entry(1, 'older'),
      'junk',
      null,
      entry(2),
      entry(3),
      entry(4),
      entry(5),
    ];
    assert.deepEqual(keptCaches(stored), [entry(1), entry(2), entry(3), entry(4)].slice(0, MAX_WEB_CACHES));
  });

  it('puts a received cache first, in place of its base URL, and drops the oldest past the limit', () => {
    const stored = [entry(1), entry(2), entry(3), entry(4)];
    assert.deepEqual(withCache(stored, entry(3, 'new')), [entry(3, 'new'), entry(1), entry(2), entry(4)]);
    assert.deepEqual(withCache(stored, entry(9)), [entry(9), entry(1), entry(2), entry(3)]);
    assert.deepEqual(withCache(undefined, entry(9)), [entry(9)]);
  });

  it('takes nothing that is not a cache entry, nor an oversized one', () => {
    for (const received of [
      null,
      'text',
      { baseUrl: 'http://a' },
      { text: 'x' },
      { baseUrl: '', text: 'x' },
      { baseUrl: 'x'.repeat(3000), text: 'x' },
    ]) {
      assert.equal(withCache([entry(1)], received), undefined, JSON.stringify(received).slice(0, 80));
    }
    assert.equal(withCache([entry(1)], { baseUrl: 'http://a', text: ' '.repeat(MAX_WEB_CACHE_CHARS + 1) }), undefined);
  });
});
