// The message preview's properties, as plain functions that throw an AssertionError naming what
// broke: on any document and any budget the model never throws, holds no more than its budget
// (parts and characters, counted from the model itself), says where it stopped when it stopped,
// is the same model as without a budget when it fits, is the same in steps as in one go, and its
// Discord JSON is JSON that Discord's field rules accept (test/support/discordRules.ts). Shared by the fixed runs of `npm test` and `npm run fuzz -- --only preview`.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../../server/src/core/languageService';
import { buildPreview, previewSteps, toDiscordMessage, type PreviewModel } from '../../server/src/core/preview/model';
import type { PreviewBudget } from '../../server/src/core/preview/budget';
import { runSteps } from '../../server/src/core/steps';
import { discordProblems } from '../support/discordRules';
import { PREVIEW_SHAPES } from '../support/previewShapes';

/** What a model holds, counted as the budget counts: its parts, and the characters of its texts. */
export function previewSize(model: PreviewModel): { parts: number; chars: number } {
  let parts = 0;
  let chars = 0;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if (o['kind'] === 'text' || o['kind'] === 'placeholder') {
      parts++;
      chars += String(o['kind'] === 'text' ? o['text'] : o['label']).length;
      return;
    }
    if (Array.isArray(o['parts'])) return visit(o['parts']);
    const keys = Object.keys(o);
    if (keys.length === 2 && 'start' in o && 'end' in o) return;
    if ('type' in o || 'source' in o) parts++;
    for (const key of keys) if (key !== 'source') visit(o[key]);
  };
  visit(model.content);
  parts += model.embeds.length;
  visit(model.embeds);
  visit(model.components);
  parts += model.notes.length;
  for (const b of model.branches) {
    parts++;
    for (const label of b.branches) {
      parts++;
      if (typeof label === 'string') chars += label.length;
    }
  }
  return { parts, chars };
}

let version = 0;

/** A document's model and its parse, made by the facade. */
function analyse(service: LanguageService, text: string) {
  const document = TextDocument.create(`file:///preview-fuzz${++version}.bds`, 'bdscript', 1, text);
  const parsed = service.analyze(document).parsed;
  return { document, parsed };
}

/** Without a budget worth the name. */
export const UNLIMITED: PreviewBudget = { parts: Number.MAX_SAFE_INTEGER, chars: Number.MAX_SAFE_INTEGER };

/** The preview of `text` under `budget` keeps every property of the header. */
export function checkPreview(service: LanguageService, text: string, budget: PreviewBudget): void {
  const { document, parsed } = analyse(service, text);
  try {
    const model = buildPreview(parsed, { budget });
    const size = previewSize(model);
    // The labels "none of them", the notes on what the JSON leaves out (one per part at most, and
    // at most 51) and the note that says where the preview stopped are not counted.
    const jsonNotes = model.notes.filter(
      (n) => typeof n.message === 'object' && n.message.key.startsWith('preview.note.json'),
    ).length;
    assert.ok(jsonNotes <= 51, `${jsonNotes} notes on the JSON`);
    const free = model.branches.length + jsonNotes + (model.truncated ? 1 : 0);
    assert.ok(size.parts <= budget.parts + free, `${size.parts} parts over a budget of ${budget.parts}`);
    assert.ok(size.chars <= budget.chars, `${size.chars} characters over a budget of ${budget.chars}`);
    if (model.truncated) {
      assert.ok(model.truncated.at >= 0 && model.truncated.at <= text.length, `stopped at ${model.truncated.at}`);
      const last = model.notes[model.notes.length - 1];
      assert.equal(typeof last?.message === 'object' ? last.message.key : undefined, 'preview.note.budget');
    } else {
      assert.deepEqual(
        model,
        buildPreview(parsed, { budget: UNLIMITED }),
        'a budget that is not reached changes nothing',
      );
    }
    assert.deepEqual(runSteps(previewSteps(parsed, { budget })), model, 'the same in steps');
    const message = toDiscordMessage(model, new Date(0));
    assert.deepEqual(JSON.parse(JSON.stringify(message)), message, 'JSON out');
    // JSON Discord takes, by its own field rules (an empty reply is `{}`: no message to send).
    if (Object.keys(message).length > 0) assert.deepEqual(discordProblems(message), [], 'Discord would refuse it');
  } finally {
    service.forget(document.uri);
  }
}

/** A budget from tiny to the default's size. */
export const budgetArbitrary: fc.Arbitrary<PreviewBudget> = fc.record({
  parts: fc.integer({ min: 0, max: 6000 }),
  chars: fc.integer({ min: 0, max: 120_000 }),
});

/** An adversarial preview shape at a random size. */
export const previewShapeArbitrary = (maxSize: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...Object.keys(PREVIEW_SHAPES)), fc.integer({ min: 0, max: maxSize }))
    .map(([name, n]) => PREVIEW_SHAPES[name]!(n));
