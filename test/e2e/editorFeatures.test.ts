// End to end over stdio against the bundled server (dist/server.js), offline: what every good
// language extension offers (issue #25) as any LSP editor gets it: formatting of the document
// and of a range, document highlights, selection ranges, links, the diagnostics' code links (the
// wiki page of a function, the rules page's section), "fix all" as the `source.fixAll.bdscript`
// code action, and the message budget lens with the command it runs.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type {
  CodeAction,
  CodeLens,
  Diagnostic,
  DocumentHighlight,
  DocumentLink,
  SelectionRange,
  TextEdit,
} from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { offlineServerPerTest } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/shop.bds';

const TEXT = [
  '$nomention',
  '$if[$customID==shop]',
  '$title[Shop]   ',
  '      $thumbnail[https://example.com/shop.png]',
  'Welcome to the shop!',
  '$addButton[no;buy;Buy;primary]',
  '$else',
  '$description[[docs](https://example.com)]',
  '$endif',
  '$channelIDFromName[general]',
].join('\n');

describe('e2e: formatting, highlights, links, fix all and the budget lens over stdio', function () {
  this.timeout(60_000);
  const server = offlineServerPerTest(SERVER, 'bds-editor-');

  it('offers each capability and answers each request', async () => {
    const { client } = server.start();
    const init = await client.initialize();
    const caps = init.capabilities;
    assert.equal(caps['documentFormattingProvider'], true);
    assert.equal(caps['documentRangeFormattingProvider'], true);
    assert.equal(caps['documentHighlightProvider'], true);
    assert.equal(caps['selectionRangeProvider'], true);
    assert.deepEqual(caps['documentLinkProvider'], { resolveProvider: false });
    assert.deepEqual(caps['codeLensProvider'], { resolveProvider: false });
    assert.ok(
      (caps['codeActionProvider'] as { codeActionKinds: string[] }).codeActionKinds.includes('source.fixAll.bdscript'),
    );
    await client.open(URI, TEXT, 1);
    const published = await client.diagnostics(URI, { where: (p) => p.diagnostics.length > 0 });
    const document = TextDocument.create(URI, 'bdscript', 1, TEXT);

    // Formatting: block bodies indented, trailing blanks trimmed; the text line keeps its place.
    const edits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri: URI },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(
      TextDocument.applyEdits(document, edits),
      [
        '$nomention',
        '$if[$customID==shop]',
        '  $title[Shop]',
        '  $thumbnail[https://example.com/shop.png]',
        'Welcome to the shop!',
        '  $addButton[no;buy;Buy;primary]',
        '$else',
        // The early `]` closes $description: the rest of the line is text Discord gets, so it stays.
        '$description[[docs](https://example.com)]',
        '$endif',
        '$channelIDFromName[general]',
      ].join('\n'),
    );
    const ranged = await client.request<TextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri: URI },
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 5 } },
      options: { tabSize: 4, insertSpaces: true },
    });
    assert.deepEqual(ranged, [
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 6 } }, newText: '    ' },
    ]);

    // Highlights: the $if chain from $else.
    const highlights = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', {
      textDocument: { uri: URI },
      position: { line: 6, character: 2 },
    });
    assert.deepEqual(
      highlights.map((h) => [h.range.start.line, h.range.start.character, h.range.end.character]),
      [
        [1, 0, 3],
        [6, 0, 5],
        [8, 0, 6],
      ],
    );

    // Selection ranges: the argument, its call, the branch body, the block, the command.
    const [selection] = await client.request<SelectionRange[]>('textDocument/selectionRange', {
      textDocument: { uri: URI },
      positions: [{ line: 2, character: 9 }],
    });
    const steps: string[] = [];
    for (let r: SelectionRange | undefined = selection; r; r = r.parent)
      steps.push(TEXT.slice(document.offsetAt(r.range.start), document.offsetAt(r.range.end)));
    assert.deepEqual(steps.slice(0, 2), ['Shop', '$title[Shop]']);
    assert.equal(steps.at(-1), TEXT);

    // Links: the image URL (the text inside $description is not a URL argument).
    const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: URI } });
    assert.deepEqual(
      links.map((l) => [l.range.start.line, l.target]),
      [[3, 'https://example.com/shop.png']],
    );

    // The diagnostics' code links: the deprecated function's wiki page, the rule's section elsewhere.
    const byCode = new Map(published.diagnostics.map((d: Diagnostic) => [String(d.code), d.codeDescription?.href]));
    assert.equal(byCode.get('deprecated'), 'https://wiki.botdesignerdiscord.com/bdscript/channelIDFromName.html');
    const rules = byCode.get('unescaped-bracket');
    assert.ok(rules?.startsWith('file://') && rules.endsWith('/docs/rules.md#unescaped-bracket'), rules);

    // Fix all, as on save: the early `]` escaped and the deprecated function replaced, in one edit.
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'], triggerKind: 2 },
    });
    assert.deepEqual(
      actions.map((a) => a.kind),
      ['source.fixAll.bdscript'],
    );
    const fixed = TextDocument.applyEdits(document, actions[0]!.edit!.changes![URI]!);
    assert.match(fixed, /\$description\[\[docs\\\]\(https:\/\/example\.com\)\]/);
    assert.match(fixed, /\n\$channelID\[general\]$/);

    // The budget lens over the first call that builds the reply, and the command it runs.
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.equal(lenses.length, 1);
    assert.equal(lenses[0]!.range.start.line, 2);
    assert.equal(lenses[0]!.command?.title, 'embed 1 · 5 / 6,000 characters · 1 / 5 rows · Preview');
    assert.equal(lenses[0]!.command?.command, 'bdscript.server.previewJson');
    const json = await client.request<{ embeds?: Array<{ title?: string; description?: string }> }>(
      'workspace/executeCommand',
      { command: lenses[0]!.command!.command, arguments: lenses[0]!.command!.arguments },
    );
    assert.equal(json.embeds?.[0]?.title, 'Shop');
  });

  it('answers no lens when the setting turns it off, and refuses malformed params without failing', async () => {
    const { client } = server.start();
    await client.initialize({
      initializationOptions: { catalog: { offline: true }, codeLens: { messageBudget: false } },
    });
    await client.open(URI, TEXT, 1);
    await client.diagnostics(URI, { where: (p) => p.diagnostics.length > 0 });
    assert.deepEqual(await client.request('textDocument/codeLens', { textDocument: { uri: URI } }), []);
    assert.deepEqual(
      await client.request('textDocument/formatting', { textDocument: { uri: URI }, options: { tabSize: 'x' } }),
      [
        { range: { start: { line: 2, character: 12 }, end: { line: 2, character: 15 } }, newText: '' },
        { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 6 } }, newText: '    ' },
        { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, newText: '    ' },
        { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, newText: '    ' },
      ].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character),
    );
    assert.deepEqual(
      await client.request('textDocument/selectionRange', { textDocument: { uri: URI }, positions: 'x' }),
      [],
    );
    assert.deepEqual(
      await client.request('textDocument/documentHighlight', { textDocument: { uri: 'file:///no.bds' } }),
      [],
    );
  });
});
