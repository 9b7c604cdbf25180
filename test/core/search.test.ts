// The one binary search: on every sorted list and target it finds what a linear scan finds,
// including the empty list, all-before and none-before.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { partitionPoint } from '../../server/src/core/search';

describe('core/search: partitionPoint', () => {
  it('finds the first index not before the target, as a linear scan does', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (raw, target) => {
        const sorted = [...raw].sort((a, b) => a - b);
        const linear = sorted.findIndex((v) => !(v < target));
        assert.equal(
          partitionPoint(sorted.length, (i) => sorted[i]! < target),
          linear === -1 ? sorted.length : linear,
        );
      }),
      { seed: 12, numRuns: 500 },
    );
  });

  it('answers the edges', () => {
    assert.equal(
      partitionPoint(0, () => true),
      0,
    );
    assert.equal(
      partitionPoint(5, () => true),
      5,
    );
    assert.equal(
      partitionPoint(5, () => false),
      0,
    );
  });
});
