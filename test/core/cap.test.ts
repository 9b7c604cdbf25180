// The cap on diagnostics: at most 5,000 findings are shown, and a last `too-many-findings` note
// at the end of the document says how many there are in all, per severity, counting what
// settings and directives let through, also in a chunk too large to list and in chunks only
// counted. Past the cap no message is built (no "did you mean" is looked up). After edits the
// note equals the one of a fresh analysis, and the severity setting and directives silence it.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { MAX_DIAGNOSTICS } from '../../server/src/core/features/diagnosticCollector';
import type { CappedFindings, DiagnosticData } from '../../server/src/core/features/types';
import { LanguageService } from '../../server/src/core/languageService';
import { normalizeSettings } from '../../server/src/core/settings';
import { serviceFor, type ServiceOptions } from '../support/service';
import { testCatalog, testCatalogData } from '../support/testCatalog';

function validate(text: string, options: ServiceOptions = {}): Diagnostic[] {
  const { service, document } = serviceFor(text, options);
  return service.validate(document);
}

/** The note and what it carries; asserts it is last, at the end of the text, and the only one. */
function noteOf(diagnostics: readonly Diagnostic[], text: string): { note: Diagnostic; capped: CappedFindings } {
  const notes = diagnostics.filter((d) => d.code === 'too-many-findings');
  assert.equal(notes.length, 1, 'one note');
  const note = diagnostics[diagnostics.length - 1]!;
  assert.equal(note.code, 'too-many-findings', 'the note comes last');
  assert.equal(note.severity, DiagnosticSeverity.Information);
  const end = TextDocument.create('file:///x', 'bdscript', 1, text).positionAt(text.length);
  assert.deepEqual(note.range, { start: end, end });
  const capped = (note.data as DiagnosticData | undefined)?.capped;
  assert.ok(capped, 'the note carries the counts');
  assert.equal(capped.shown, diagnostics.length - 1);
  return { note, capped };
}

describe('the cap on diagnostics', () => {
  it('shows 5,000 findings and says how many there are in all', () => {
    const text = '$usernam\n'.repeat(12_345);
    const diagnostics = validate(text);
    assert.equal(diagnostics.length, MAX_DIAGNOSTICS + 1);
    const { note, capped } = noteOf(diagnostics, text);
    assert.deepEqual(capped, { shown: 5000, total: { error: 0, warning: 12_345, information: 0, hint: 0 } });
    assert.equal(
      note.message,
      'Only the first 5,000 of 12,345 findings in this file are shown (in all: 12,345 warnings). ' +
        'Fix those first, or turn off rules you do not need with `bdscript.diagnostics.severity`, to see the rest.',
    );
  });

  it('counts every severity, also of findings past the cap', () => {
    // Warnings fill the cap; the errors come after them and would go unseen.
    const text = '$usernam\n'.repeat(6000) + '$nomention[]\n'.repeat(10) + '$userJoined[1]\n'.repeat(3);
    const { note, capped } = noteOf(validate(text), text);
    assert.deepEqual(capped.total, { error: 10, warning: 6000, information: 3, hint: 0 });
    assert.match(
      note.message as string,
      /^Only the first 5,000 of 6,013 findings in this file are shown \(in all: 10 errors, 6,000 warnings and 3 information\)\./,
    );
  });

  it('counts within one chunk too large to list (an unclosed `[` holds the rest of the file)', () => {
    const text = '$title[' + '$usernam '.repeat(12_000);
    const diagnostics = validate(text);
    const { capped } = noteOf(diagnostics, text);
    // 12,000 unknown names and the unclosed `[` itself.
    assert.deepEqual(capped.total, { error: 1, warning: 12_000, information: 0, hint: 0 });
    assert.equal(diagnostics.filter((d) => d.code === 'unclosed-bracket').length, 1);
  });

  it('counts only what settings and directives let through', () => {
    const silenced = '$c[bdscript-disable-line unknown-function] $usernam\n';
    const text =
      '$usernam\n'.repeat(5000) +
      silenced.repeat(100) +
      '$usernam\n'.repeat(50) +
      '$c[bdscript-disable-next-line]\n$usernam\n';
    const { capped } = noteOf(validate(text), text);
    assert.equal(capped.total.warning, 5050);
    // A rule turned off is no finding at all: nothing is capped.
    const off = validate('$usernam\n'.repeat(6000), {
      settings: { diagnostics: { severity: { 'unknown-function': 'off' } } },
    });
    assert.deepEqual(off, []);
  });

  it('shows the findings of later chunks when directives silenced the earlier ones', () => {
    // 3,000 silenced findings first: the chunks after the first 5,000 findings must still be shown.
    const text = '$c[bdscript-disable-line unknown-function] $usernam\n'.repeat(3000) + '$usernam\n'.repeat(4000);
    const diagnostics = validate(text);
    assert.equal(diagnostics.length, 4000);
    assert.ok(
      diagnostics.every(
        (d) => d.code === 'unknown-function' && d.message === 'Unknown function `$usernam`. Did you mean `$username`?',
      ),
    );
    assert.equal(diagnostics[0]!.range.start.line, 3000);
    assert.equal(diagnostics[3999]!.range.start.line, 6999);
  });

  it('is silenced like any rule', () => {
    const text = '$usernam\n'.repeat(6000);
    const off = validate(text, { settings: { diagnostics: { severity: { 'too-many-findings': 'off' } } } });
    assert.equal(off.length, MAX_DIAGNOSTICS);
    assert.ok(off.every((d) => d.code === 'unknown-function'));
    const directive = validate('$c[bdscript-disable too-many-findings]\n' + text);
    assert.equal(directive.length, MAX_DIAGNOSTICS);
    const raised = validate(text, { settings: { diagnostics: { severity: { 'too-many-findings': 'warning' } } } });
    assert.equal(raised[raised.length - 1]!.severity, DiagnosticSeverity.Warning);
    // No note when nothing was left out.
    assert.equal(validate('$usernam\n'.repeat(5000)).length, 5000);
  });

  it('builds no message past the cap: "did you mean" is looked up only for findings shown', () => {
    const data = testCatalogData();
    const catalog = new Catalog(data);
    const similar = catalog.functions.similar.bind(catalog.functions);
    let lookups = 0;
    catalog.functions.similar = (name: string) => {
      lookups++;
      return similar(name);
    };
    // 20,000 different unknown names, so no lookup is shared.
    const text = Array.from({ length: 20_000 }, (_, i) => `$usernamq${i.toString(36)}\n`).join('');
    const diagnostics = validate(text, { catalog });
    assert.equal((diagnostics[diagnostics.length - 1]!.data as DiagnosticData).capped?.total.warning, 20_000);
    // The chunk that crosses the cap is judged whole with messages; every chunk after it is only counted.
    assert.ok(lookups < 6000, `${lookups} lookups for 5,000 findings shown`);
  });

  it('gives the note of a fresh analysis after edits before, between and after counted chunks', () => {
    const catalog = testCatalog();
    const settings = normalizeSettings({});
    const service = new LanguageService({ catalog, settings });
    const uri = 'file:///cap.bds';
    let text =
      '$usernam\n'.repeat(7000) +
      '$c[bdscript-disable-next-line unknown-function]\n$usernam\n' +
      '$nomention[]\n'.repeat(5);
    const document = TextDocument.create(uri, 'bdscript', 1, text);
    service.validate(document);
    const edits: Array<[number, string]> = [
      [0, '$usernam\n$usernam\n'],
      [text.length >> 1, '\n\n$nomention[]\n'],
      [text.length, '$c[bdscript-disable-line] $usernam'],
      [0, '$c[bdscript-disable-next-line]\n'],
    ];
    edits.forEach(([at, insert], step) => {
      const offset = Math.min(at, text.length);
      text = text.slice(0, offset) + insert + text.slice(offset);
      TextDocument.update(document, [{ text }], step + 2);
      const incremental = service.validate(document);
      const fresh = new LanguageService({ catalog, settings }).validate(
        TextDocument.create(uri, 'bdscript', step + 2, text),
      );
      assert.deepEqual(incremental, fresh, `edit ${step}`);
      noteOf(incremental, text);
    });
  });
});
