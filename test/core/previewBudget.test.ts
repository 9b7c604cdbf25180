// The preview bounded in size and linear in time (issue #26): on the adversarial shapes the model
// does work linear in the document (counted in string and array operations, never timed), holds
// at most its budget whatever the document's size, says where it stopped, and random documents
// and budgets keep the properties of test/fuzz/preview.ts (fixed runs; `npm run fuzz -- --only
// preview` runs more).

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../../server/src/core/languageService';
import { PREVIEW_BUDGET } from '../../server/src/core/preview/budget';
import { PAGE_HTML_MAX } from '../../server/src/core/preview/html';
import { buildPreview, previewSteps, toDiscordMessage, type PreviewModel } from '../../server/src/core/preview/model';
import { documentArbitrary } from '../fuzz/arbitraries';
import { budgetArbitrary, checkPreview, previewShapeArbitrary, previewSize, UNLIMITED } from '../fuzz/preview';
import { countWork } from '../fuzz/work';
import { PREVIEW_SHAPES } from '../support/previewShapes';
import { snapshotCatalog } from '../support/testCatalog';

const SEED = 20261128;
/** Work on a shape K times as large may cost at most BOUND times K times the work on it. */
const K = 8;
const BOUND = 3;

describe('the preview bounded in size and time', function () {
  this.timeout(120_000);
  const catalog = snapshotCatalog();
  const service = new LanguageService({ catalog });
  let version = 0;
  const parse = (text: string) =>
    service.analyze(TextDocument.create(`file:///budget${++version}.bds`, 'bdscript', 1, text)).parsed;

  it('does work linear in the size of every adversarial shape (the model and its JSON, no budget)', () => {
    for (const [name, shape] of Object.entries(PREVIEW_SHAPES)) {
      const small = parse(shape(100));
      const large = parse(shape(100 * K));
      const work = (parsed: ReturnType<typeof parse>): number =>
        countWork(() => void toDiscordMessage(buildPreview(parsed, { budget: UNLIMITED })));
      const once = work(small);
      const many = work(large);
      assert.ok(many <= BOUND * K * once, `${name}: work ${many} at n = ${100 * K} vs ${once} at n = 100`);
    }
  });

  it('holds at most its budget on every shape, however large the document; the same at n and 4n', () => {
    for (const [name, shape] of Object.entries(PREVIEW_SHAPES)) {
      const sizes = [8_000, 32_000].map((n) => {
        const model = buildPreview(parse(shape(n)));
        const size = previewSize(model);
        // The notes on what the JSON leaves out (at most 51) and on where the model stopped are not counted.
        assert.ok(
          size.parts <= PREVIEW_BUDGET.parts + model.branches.length + 52,
          `${name} at ${n}: ${size.parts} parts`,
        );
        assert.ok(size.chars <= PREVIEW_BUDGET.chars, `${name} at ${n}: ${size.chars} characters`);
        return JSON.stringify(model).length;
      });
      // Bounded by the budget, not the document: a document four times as large gives no larger a model.
      assert.ok((sizes[1] ?? 0) <= (sizes[0] ?? 0) * 1.1 + 1000, `${name}: ${sizes.join(' -> ')} bytes`);
    }
  });

  it('draws a page far under its own cap from any model within the budget, so a real page is never cut', () => {
    // The shapes whose parts draw the most markup per part or per character (the Components V2
    // select options drew the most found, about 160 bytes a part), beside the adversarial ones.
    const lines = (n: number, line: string): string => {
      let out = '';
      for (let k = 1; k <= n; k++) out += line.replaceAll('{k}', String(k)) + '\n';
      return out;
    };
    const shapes: Record<string, (n: number) => string> = {
      ...PREVIEW_SHAPES,
      'V2 select options': (n) =>
        '$addContainer[c]\n$addActionRow[r;c]\n$addStringSelect[m;r;Pick]\n' +
        lines(n, '$addStringSelectOption[Label {k};v{k};Description {k};;no;m]'),
      thumbnails: (n) =>
        '$addContainer[c]\n' + lines(n, '$addSection[s{k};c]\n$addThumbnail[https://example.com/{k}.png;d;yes;s{k}]'),
      mentions: (n) => '<@1> <#2> <t:3:R> ||s|| '.repeat(n),
    };
    for (const [name, shape] of Object.entries(shapes)) {
      const model = service.preview(
        TextDocument.create(`file:///budget${++version}.bds`, 'bdscript', 1, shape(32_000)),
      );
      for (const options of [
        { theme: 'dark', nonce: 'n', allowImages: true, interactive: true },
        { theme: 'light', nonce: 'n', allowImages: false, interactive: false },
      ] as const) {
        const html = service.previewPage(model, options);
        assert.ok(!html.includes('<div class="cut">'), `${name}: the page was cut`);
        // Half the cap: room for a model that grows a little, never near the cut.
        assert.ok(html.length <= PAGE_HTML_MAX / 2, `${name}: ${html.length} characters of page`);
      }
    }
  });

  it('does no more work in one step at 4n than at n, on every shape and on one long text', () => {
    const shapes = { ...PREVIEW_SHAPES, 'one long text': (n: number) => 'x'.repeat(n * 64) };
    for (const [name, shape] of Object.entries(shapes)) {
      const [small, large] = [2_000, 8_000].map((n) => {
        // As the server does: the document is analysed and validated (the path model made) before
        // the preview runs, so a step is what a hover waits behind.
        const document = TextDocument.create(`file:///budget${++version}.bds`, 'bdscript', 1, shape(n));
        service.validate(document);
        const steps = previewSteps(service.analyze(document).parsed);
        let model: PreviewModel | undefined;
        let step = 0;
        while (!model) {
          step = Math.max(
            step,
            countWork(() => {
              const next = steps.next();
              if (next.done) model = next.value;
            }),
          );
        }
        service.forget(document.uri);
        return step;
      });
      assert.ok((large ?? 0) <= (small ?? 0) * 1.5 + 10_000, `${name}: step work ${small} -> ${large}`);
    }
  });

  it('says where it stopped, in a note and in `truncated`, and keeps what came before', () => {
    const text = 'Hello $username\n' + '$a '.repeat(PREVIEW_BUDGET.parts * 2);
    const model = service.preview(TextDocument.create(`file:///budget${++version}.bds`, 'bdscript', 1, text));
    assert.ok(model.truncated, 'truncated');
    assert.deepEqual({ parts: model.truncated.parts, chars: model.truncated.chars }, PREVIEW_BUDGET);
    assert.ok(model.truncated.at > 16 && model.truncated.at < text.length, String(model.truncated.at));
    assert.equal(model.content.parts[0]?.kind === 'text' && model.content.parts[0].text, 'Hello ');
    const note = model.notes[model.notes.length - 1];
    assert.match(note?.message ?? '', /too large to preview whole.*5,000 parts and 100,000 characters/);
    assert.equal(note?.source?.start, model.truncated.at);
  });

  it('cuts one huge text at the budget instead of keeping it whole', () => {
    const model = buildPreview(parse('x'.repeat(1_000_000)));
    assert.ok(model.truncated);
    const first = model.content.parts[0];
    assert.equal(first?.kind === 'text' ? first.text.length : 0, PREVIEW_BUDGET.chars);
  });

  it('a budget that is reached by lines only calls left blank is not spent by them', () => {
    const model = buildPreview(parse('$nomention\n'.repeat(PREVIEW_BUDGET.parts * 2) + 'Hi'));
    assert.equal(model.truncated, undefined);
    assert.equal(model.content.parts[0]?.kind === 'text' && model.content.parts[0].text, 'Hi');
  });

  it('keeps its properties on random documents and budgets (fixed runs)', () => {
    fc.assert(
      fc.property(documentArbitrary(catalog), budgetArbitrary, (text, budget) => checkPreview(service, text, budget)),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('keeps its properties on adversarial shapes of random sizes and random budgets (fixed runs)', () => {
    fc.assert(
      fc.property(previewShapeArbitrary(3000), budgetArbitrary, (text, budget) => checkPreview(service, text, budget)),
      { seed: SEED, numRuns: 40 },
    );
  });
});
