import * as assert from 'node:assert/strict';
import { readPageMessage } from '../../client/src/pageMessages';

describe('preview page messages', () => {
  it('reads a reveal and a branch choice', () => {
    assert.deepEqual(readPageMessage({ reveal: { start: 3, end: 9 } }), { reveal: { start: 3, end: 9 } });
    assert.deepEqual(readPageMessage({ branch: { block: 12, index: 2 } }), { branch: { block: 12, index: 2 } });
  });
  it('refuses anything else a page could send', () => {
    for (const bad of [
      null,
      'reveal',
      { reveal: { start: -1, end: 2 } },
      { reveal: { start: 5, end: 2 } },
      { reveal: { start: '1', end: 2 } },
      { reveal: { start: 1.5, end: 2 } },
      { branch: { block: 1, index: -1 } },
      { branch: { block: 'x', index: 0 } },
      {},
    ]) {
      assert.equal(readPageMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});
