// Documentation from a catalog of facts only (the bundled snapshot has no descriptions): the hover
// card, the resolved completion item and signature help say why there is no description and
// what brings it, next to every fact the catalog does have (arguments with types and flags,
// premium, intents, deprecation, the wiki link), so no card looks empty; and a catalog that has
// descriptions but none for one record says just that.

import * as assert from 'node:assert/strict';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import type { FunctionRecord } from '../../server/src/core/catalog/model';
import {
  catalogHasDescriptions,
  missingDescription,
  renderRecord,
  signature,
} from '../../server/src/core/features/docs';
import { wikiUrl } from '../../server/src/core/catalog/wiki';
import { marked } from '../support/markers';
import { serviceFor, type ServiceOptions } from '../support/service';
import { snapshotCatalog, testCatalog, testCatalogData } from '../support/testCatalog';

/** What a card says when the catalog has no descriptions at all. */
const REFRESH_LINE =
  'No description in this catalog, which holds names, arguments and flags only; refreshing it from the BDFD API brings the description.';

/** The hover text at the fixture's cursor. */
function hoverText(src: string, options: ServiceOptions = {}): string {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, options);
  const result = service.hover(document, document.positionAt(m.cursor!));
  assert.ok(result, `expected a hover in ${JSON.stringify(src)}`);
  return (result.contents as MarkupContent).value;
}

describe('documentation from a catalog without descriptions', () => {
  const bundled = snapshotCatalog();

  it('is what the bundled snapshot is, and what a live-like catalog is not', () => {
    assert.equal(catalogHasDescriptions(bundled), false);
    assert.equal(catalogHasDescriptions(testCatalog()), true);
  });

  describe('hover', () => {
    it('shows the arguments with types and flags, the refresh line and the wiki link', () => {
      const text = hoverText('$addBu|tton[no;https://x.example;Hi;link]', { catalog: bundled });
      for (const part of [
        '$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]',
        '*Function, with arguments*',
        '- `New row`: Bool, Required; values: `yes`, `no`, `true`, `false`',
        '- `Label`: String, Emptiable',
        '- `Message ID`: Snowflake, Vacantable',
        `*${REFRESH_LINE}*`,
        '[Open the wiki page](https://wiki.botdesignerdiscord.com/bdscript/addButton.html)',
      ]) {
        assert.ok(text.includes(part), `expected ${JSON.stringify(part)} in:\n${text}`);
      }
      // The facts lead; the line about the description sits before the wiki link.
      assert.ok(text.indexOf('**Arguments:**') < text.indexOf(REFRESH_LINE));
      assert.ok(text.indexOf(REFRESH_LINE) < text.indexOf('[Open the wiki page]'));
    });

    it('gives a bare function more than its name', () => {
      const text = hoverText('$author|ID', { catalog: bundled });
      assert.equal(
        text,
        [
          '```bdscript\n$authorID\n```',
          '*Function, without arguments*',
          `*${REFRESH_LINE}*`,
          '[Open the wiki page](https://wiki.botdesignerdiscord.com/bdscript/authorID.html)',
        ].join('\n\n'),
      );
    });

    it('says it in plain text to clients without Markdown', () => {
      const text = hoverText('$author|ID', { catalog: bundled, client: { markdown: false } });
      assert.equal(
        text,
        [
          '$authorID',
          'Function, without arguments',
          REFRESH_LINE,
          'Wiki: https://wiki.botdesignerdiscord.com/bdscript/authorID.html',
        ].join('\n\n'),
      );
    });

    it('keeps premium, intents and deprecation in the card', () => {
      const data = testCatalogData();
      const strip = (r: FunctionRecord): FunctionRecord => ({ ...r, shortDescription: '', longDescription: '' });
      const bare = new Catalog({
        ...data,
        functions: data.functions.map(strip),
        callbacks: data.callbacks.map((c) => ({ ...c, description: '' })),
      });
      const flagged = bare.functions.records.filter((r) => r.premium || r.intents || r.deprecated);
      assert.ok(flagged.length >= 3, 'the test catalog has flagged functions');
      for (const record of flagged) {
        const text = renderRecord(record, { markdown: false, catalogDescribed: catalogHasDescriptions(bare) });
        if (record.premium) assert.ok(text.includes('Premium: needs a bot with premium.'), text);
        if (record.intents) assert.ok(text.includes('Intents: needs the'), text);
        if (record.deprecated) assert.ok(text.includes('Deprecated:'), text);
        assert.ok(text.includes(REFRESH_LINE), text);
      }
    });

    it('says only that one record has no description when the catalog has others', () => {
      const data = testCatalogData();
      const described = new Catalog({
        ...data,
        functions: data.functions.map((r) =>
          r.name === '$username' ? { ...r, shortDescription: '', longDescription: '' } : r,
        ),
      });
      const text = hoverText('$user|name', { catalog: described });
      assert.ok(text.includes('*The catalog has no description of this function.*'), text);
      assert.ok(!text.includes('refreshing'), text);
      // A record with a description has no such line.
      assert.ok(!hoverText('$channel|ID', { catalog: described }).includes('no description'));
    });

    it('leaves no card of the bundled catalog without the line, the signature and the wiki link (every record)', () => {
      for (const record of [...bundled.functions.records, ...bundled.callbacks.records]) {
        const text = renderRecord(record, { markdown: true, catalogDescribed: false });
        assert.ok(text.includes(signature(record).label), record.tag);
        assert.ok(text.includes(REFRESH_LINE), record.tag);
        assert.ok(text.includes(`(${wikiUrl(record)})`), `${record.tag}: ${text}`);
        if (record.bracketed && record.arguments && record.arguments.length > 0)
          assert.ok(text.includes('**Arguments:**'), record.tag);
      }
    });
  });

  describe('completion and signature help, through the same renderer', () => {
    it('resolves a completion item to the same card', () => {
      const m = marked('$authorI|');
      const { service, document } = serviceFor(m.text, { catalog: bundled });
      const list = service.complete(document, document.positionAt(m.cursor!));
      const item = list?.items.find((i: CompletionItem) => JSON.stringify(i).includes('$authorID'));
      assert.ok(item, 'a completion for $authorID');
      const resolved = service.resolveCompletion(item);
      const doc = resolved.documentation as MarkupContent;
      assert.ok(doc.value.includes(REFRESH_LINE), doc.value);
      assert.ok(doc.value.includes('bdscript/authorID.html'), doc.value);
    });

    it('documents the signature with the line as well', () => {
      const m = marked('$addButton[|');
      const { service, document } = serviceFor(m.text, { catalog: bundled });
      const help = service.signatureHelp(document, document.positionAt(m.cursor!));
      const doc = help?.signatures[0]?.documentation as MarkupContent | undefined;
      assert.ok(doc?.value.includes(REFRESH_LINE), JSON.stringify(help));
    });

    it('words the line for each kind of record', () => {
      const callback = bundled.callbacks.records[0]!;
      assert.equal(
        missingDescription(callback, { markdown: false, catalogDescribed: true }),
        'The catalog has no description of this callback.',
      );
      assert.equal(missingDescription(callback, { markdown: true }), `*${REFRESH_LINE}*`);
    });
  });
});
