// Fixed-run, seeded property tests (the long runs are `npm run fuzz`): on generated and mutated
// documents the parser never throws and its leaves cover the text, every language service
// feature at any position never throws and answers inside the document, and work grows
// linearly with the input (counted in string and array operations, never timed).

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ADVERSARIAL_SHAPES, generateDocument } from '../support/generate';
import { LanguageService } from '../../server/src/core/languageService';
import { snapshotCatalog } from '../support/testCatalog';
import { documentArbitrary, offsetsArbitrary } from '../fuzz/arbitraries';
import { checkFeatures, checkParse, parseWith, runWholeDocument } from '../fuzz/properties';
import { countWork } from '../fuzz/work';

const SEED = 20261123;
/** Work on the input repeated K times may cost at most BOUND times K times the work on it once. */
const K = 8;
const BOUND = 3;
/** Deep enough for a recursion to overflow the stack. */
const DEPTH = 20_000;

describe('fuzz (fixed runs)', function () {
  this.timeout(120_000);
  const catalog = snapshotCatalog();
  const facade = (): LanguageService => new LanguageService({ catalog });

  describe('the work counter', () => {
    it('counts a linear scan linearly and a quadratic one quadratically', () => {
      const scan = (s: string): void => {
        for (let i = 0; i < s.length; i++) s.charCodeAt(i);
      };
      const quadratic = (s: string): void => {
        for (let i = 0; i < s.length; i++) s.slice(0, i).includes('$');
      };
      const text = 'x'.repeat(200);
      const long = text.repeat(K);
      assert.equal(
        countWork(() => scan(long)),
        K * countWork(() => scan(text)),
      );
      const ratio = countWork(() => quadratic(long)) / (K * countWork(() => quadratic(text)));
      assert.ok(ratio > BOUND, `a quadratic loop must exceed the bound (ratio ${ratio})`);
    });

    it('counts array walks by length and restores the methods it wrapped', () => {
      const original = Array.prototype.includes;
      const list = Array.from({ length: 100 }, (_, i) => i);
      assert.equal(
        countWork(() => void list.includes(-1)),
        101,
      );
      assert.equal(Array.prototype.includes, original);
      assert.throws(() => countWork(() => countWork(() => undefined)), /re-entrant/);
    });
  });

  describe('parser', () => {
    it('never throws, and its leaves cover mutated documents exactly once', () => {
      fc.assert(
        fc.property(documentArbitrary(catalog), (text) => checkParse(parseWith(catalog, text))),
        { seed: SEED, numRuns: 300 },
      );
    });

    it('does work linear in the input', () => {
      fc.assert(
        fc.property(documentArbitrary(catalog), (base) => {
          const text =
            base.length >= 200 ? base : base + generateDocument(catalog, { seed: base.length + 1, size: 400 });
          const once = countWork(() => parseWith(catalog, text));
          const many = countWork(() => parseWith(catalog, text.repeat(K)));
          assert.ok(many <= BOUND * K * once, `work ${many} on ${K} copies vs ${once} on one (length ${text.length})`);
        }),
        { seed: SEED, numRuns: 60 },
      );
    });

    it('handles adversarial shapes at depth 20,000', () => {
      for (const [name, shape] of Object.entries(ADVERSARIAL_SHAPES)) {
        const text = shape(DEPTH, catalog);
        assert.doesNotThrow(() => checkParse(parseWith(catalog, text)), name);
      }
      checkParse(parseWith(catalog, '$c['.repeat(10_000) + '\\'.repeat(10_001)));
      checkParse(parseWith(catalog, '\uD800'.repeat(1000) + '$if[' + '\uDC00$else'.repeat(1000)));
    });

    it('does work linear in the size of adversarial shapes', () => {
      for (const [name, shape] of Object.entries(ADVERSARIAL_SHAPES)) {
        const once = countWork(() => parseWith(catalog, shape(250, catalog)));
        const many = countWork(() => parseWith(catalog, shape(250 * K, catalog)));
        assert.ok(many <= BOUND * K * once, `${name}: work ${many} at n = ${250 * K} vs ${once} at n = 250`);
      }
    });
  });

  describe('language service', () => {
    it('every feature at random positions never throws and answers inside the document', function () {
      const service = facade();
      fc.assert(
        fc.property(documentArbitrary(catalog), offsetsArbitrary, fc.boolean(), (text, offsets, outOfRange) => {
          checkFeatures(service, text, offsets, { outOfRange });
        }),
        { seed: SEED, numRuns: 120 },
      );
    });

    it('answers inside the document on counterexamples npm run fuzz has found', function () {
      const service = facade();
      // Each entry: the shrunk document and cursor offsets of a failure, kept once fixed.
      const found: Array<[string, number[]]> = [
        // Completion of an argument value that spans lines must still edit only the cursor's line.
        ['$error[\nmessage]', [7]],
      ];
      for (const [text, offsets] of found) checkFeatures(service, text, offsets);
    });

    it('every feature survives adversarial shapes', function () {
      const service = facade();
      for (const [name, shape] of Object.entries(ADVERSARIAL_SHAPES)) {
        const text = shape(DEPTH, catalog);
        assert.doesNotThrow(
          () => checkFeatures(service, text, [0, 1, text.length >> 1, text.length - 1, text.length]),
          name,
        );
      }
      const button = '$addButton[' + ';'.repeat(10_000) + ']';
      checkFeatures(service, button, [0, 11, button.length >> 1, button.length]);
    });

    it('does work linear in the size of adversarial shapes: validate and the whole-document features', () => {
      const service = facade();
      for (const [name, shape] of Object.entries(ADVERSARIAL_SHAPES)) {
        const once = countWork(() => runWholeDocument(service, shape(200, catalog)));
        const many = countWork(() => runWholeDocument(service, shape(200 * K, catalog)));
        assert.ok(many <= BOUND * K * once, `${name}: work ${many} at n = ${200 * K} vs ${once} at n = 200`);
      }
    });

    it('does work linear in the input: validate and the whole-document features', () => {
      const service = facade();
      fc.assert(
        fc.property(documentArbitrary(catalog), (base) => {
          const text =
            base.length >= 200 ? base : base + generateDocument(catalog, { seed: base.length + 1, size: 400 });
          const measure = (t: string): number => countWork(() => runWholeDocument(service, t));
          const once = measure(text);
          const many = measure(text.repeat(K));
          assert.ok(many <= BOUND * K * once, `work ${many} on ${K} copies vs ${once} on one (length ${text.length})`);
        }),
        { seed: SEED, numRuns: 25 },
      );
    });
  });
});
