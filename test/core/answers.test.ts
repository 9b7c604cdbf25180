// Findings and the preview as plain data for programs (core/features/answers.ts), what `bdscript
// mcp` answers: places from 1 in UTF-16 columns, each finding's quick fixes as edits (applying the
// preferred one gives code without that finding), no "silence" directives among them, the cap on
// listed findings with every finding counted, and the preview's JSON, branches and notes by line.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { findingsOf, previewAnswer, type FixEdit } from '../../server/src/core/features/answers';
import { LanguageService } from '../../server/src/core/languageService';
import { testCatalog } from '../support/testCatalog';

const service = new LanguageService({ catalog: testCatalog() });
let version = 0;
const doc = (text: string) => TextDocument.create(`file:///answers/${++version}.bds`, 'bdscript', 1, text);

/** `text` with `edits` (places from 1) applied. */
function apply(text: string, edits: readonly FixEdit[]): string {
  const d = TextDocument.create('file:///apply.bds', 'bdscript', 1, text);
  return TextDocument.applyEdits(
    d,
    edits.map((e) => ({
      range: {
        start: { line: e.line - 1, character: e.column - 1 },
        end: { line: e.endLine - 1, character: e.endColumn - 1 },
      },
      newText: e.newText,
    })),
  );
}

describe('answers for programs', () => {
  it('places findings from 1, in UTF-16 columns, with the fixes the editor offers', () => {
    const text = '😀 $usernam\n$title[Hi]';
    const { findings, counts, omitted } = findingsOf(service, doc(text), 100);
    assert.deepEqual(counts, { error: 0, warning: 1, information: 0, hint: 0 });
    assert.equal(omitted, 0);
    const [f] = findings;
    assert.ok(f);
    assert.deepEqual(
      {
        line: f.line,
        column: f.column,
        endLine: f.endLine,
        endColumn: f.endColumn,
        code: f.code,
        severity: f.severity,
      },
      { line: 1, column: 4, endLine: 1, endColumn: 12, code: 'unknown-function', severity: 'warning' },
    );
    assert.match(f.message, /\$usernam/);
    const preferred = f.fixes.find((x) => x.preferred);
    assert.ok(preferred, JSON.stringify(f.fixes));
    assert.equal(apply(text, preferred.edits), '😀 $username\n$title[Hi]');
    assert.ok(
      f.fixes.every((x) => !/silence/i.test(x.title) && x.edits.every((e) => !e.newText.includes('bdscript-disable'))),
      'no directive that silences the rule',
    );
  });

  it('offers the missing ] and the replacement of a deprecated function', () => {
    const text = '$title[Hello\n$channelIDFromName[general]';
    const { findings } = findingsOf(service, doc(text), 100);
    const unclosed = findings.find((f) => f.code === 'unclosed-bracket');
    assert.ok(unclosed?.fixes[0], JSON.stringify(findings));
    assert.equal(apply(text, unclosed.fixes[0].edits), '$title[Hello]\n$channelIDFromName[general]');
    const deprecated = findings.find((f) => f.code === 'deprecated');
    assert.ok(
      deprecated?.fixes.some((x) => apply(text, x.edits).includes('$channelID[general]')),
      JSON.stringify(deprecated),
    );
  });

  it('lists at most the cap and counts every finding', () => {
    const text = Array.from({ length: 30 }, (_, i) => `$nope${i}`).join('\n');
    const capped = findingsOf(service, doc(text), 10);
    assert.equal(capped.findings.length, 10);
    assert.equal(capped.omitted, 20);
    assert.equal(capped.counts.warning, 30);
    assert.equal(findingsOf(service, doc(text), 0).findings.length, 0);
  });

  it("gives the preview as Discord's JSON with branches and notes by line", () => {
    const text = 'Hello\n$if[$username==a]\n$title[A]\n$else\n$title[B]\n$endif';
    const d = doc(text);
    const answer = previewAnswer(d, service.preview(d));
    assert.equal(answer.message.content, 'Hello');
    assert.deepEqual(answer.message.embeds?.[0]?.title, 'A');
    assert.equal(answer.branches.length, 1);
    assert.equal(answer.branches[0]?.line, 2);
    assert.equal(answer.branches[0]?.shown, 0);
    assert.equal(answer.branches[0]?.branches.length, 2);
    for (const n of answer.notes) assert.ok(n.line === null || (n.line >= 1 && n.line <= 6));
  });
});
