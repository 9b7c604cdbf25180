// The server wiring over the wire, in process: capabilities, diagnostics for the latest version,
// what the client supports, settings from every source, the catalog lifecycle (waiting for the
// local load, refresh with progress, re-validation, status), and abuse: unknown documents,
// positions past the end, bad params, cancellation, thousands of edits, handler failures, UTF-8.

import * as assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, CompletionList, Hover, SignatureHelp } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { SEMANTIC_TOKENS_LEGEND } from '../../server/src/core/features/semanticTokens';
import type { CatalogStatus } from '../../server/src/protocol/messages';
import { fullClientCapabilities, type PublishDiagnostics } from '../support/lspClient';
import { applyOffsetEdits } from '../support/markers';
import { testCatalog, testCatalogData } from '../support/testCatalog';
import { startInProcess, type InProcessOptions, type InProcessServer } from './inProcess';

const URI = 'file:///work/test.bds';

/** Neovim 0.7.2's relevant capabilities: no snippets, Markdown hover, progress, no configuration. */
const NEOVIM_CAPS = {
  window: { workDoneProgress: true },
  workspace: { applyEdit: true },
  textDocument: {
    completion: {
      completionItem: { snippetSupport: false, documentationFormat: ['markdown', 'plaintext'] },
      contextSupport: false,
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      signatureInformation: { documentationFormat: ['markdown', 'plaintext'], activeParameterSupport: true },
    },
  },
};

/** The test catalog without `$title`, as a refresh might bring. */
function catalogWithoutTitle(): Catalog {
  const data = testCatalogData();
  return new Catalog({ ...data, functions: data.functions.filter((f) => f.name !== '$title') });
}

function codes(p: PublishDiagnostics): string[] {
  return p.diagnostics.map((d) => String(d.code));
}

/** Offset of a position in a text (UTF-16), for applying edits. */
function offsetOf(text: string, pos: { line: number; character: number }): number {
  let offset = 0;
  for (let l = 0; l < pos.line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + pos.character;
}

function isRpcError(err: unknown, code: number): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

const REQUEST_CANCELLED = -32800;
const INTERNAL_ERROR = -32603;

describe('lsp/server (in process)', () => {
  let server: InProcessServer | undefined;

  function start(options: InProcessOptions = {}): InProcessServer {
    server = startInProcess(options);
    return server;
  }

  afterEach(() => {
    server?.close();
    server = undefined;
  });

  it('declares its capabilities and serverInfo', async () => {
    const { client } = start();
    const init = await client.initialize();
    const caps = init.capabilities as Record<string, any>;
    assert.deepEqual(caps['completionProvider'].triggerCharacters, ['$', '[', ';', ':']);
    assert.equal(caps['completionProvider'].resolveProvider, true);
    assert.deepEqual(caps['signatureHelpProvider'], { triggerCharacters: ['[', ';'], retriggerCharacters: [';'] });
    assert.deepEqual(caps['codeActionProvider'].codeActionKinds, [
      'quickfix',
      'refactor.rewrite',
      'source.fixAll.bdscript',
      'source.bdscript.openWikiPage',
    ]);
    assert.deepEqual(caps['executeCommandProvider'], {
      commands: [
        'bdscript.server.refreshCatalog',
        'bdscript.server.catalogStatus',
        'bdscript.server.openWikiPage',
        'bdscript.server.copyForApp',
        'bdscript.server.previewJson',
      ],
    });
    assert.deepEqual(caps['semanticTokensProvider'], { legend: SEMANTIC_TOKENS_LEGEND, full: true, range: true });
    for (const p of [
      'hoverProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
      'inlayHintProvider',
      'definitionProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
      'documentHighlightProvider',
      'selectionRangeProvider',
      'documentLinkProvider',
      'codeLensProvider',
    ])
      assert.ok(caps[p], p);
    assert.equal(caps['positionEncoding'], 'utf-16');
    assert.deepEqual(caps['textDocumentSync'], { openClose: true, change: 2 });
    assert.equal(init.serverInfo?.name, 'bdscript-test');
  });

  it('publishes diagnostics on open and for the latest version after edits', async () => {
    const { client } = start();
    await client.initialize();
    await client.open(URI, '$addButtn[yes;id;Label;primary]', 1);
    const first = await client.diagnostics(URI, { version: 1 });
    assert.deepEqual(codes(first), ['unknown-function']);
    assert.deepEqual(first.diagnostics[0]!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 9 } });
    // Fix the name in two edits; only the final text counts.
    const mark = client.mark();
    await client.change(URI, 2, [
      { range: { start: { line: 0, character: 8 }, end: { line: 0, character: 8 } }, text: 'o' },
    ]);
    await client.change(URI, 3, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '$nomention\n' },
    ]);
    const latest = await client.diagnostics(URI, { version: 3, since: mark });
    assert.deepEqual(latest.diagnostics, []);
    // Closing clears the document's diagnostics.
    const beforeClose = client.mark();
    await client.close(URI);
    const cleared = await client.diagnostics(URI, { since: beforeClose });
    assert.deepEqual(cleared.diagnostics, []);
  });

  it('keeps the text in sync through thousands of rapid edits', async () => {
    const { client } = start();
    await client.initialize();
    let text = '$title[]';
    await client.open(URI, text, 1);
    const edits = 3000;
    for (let i = 0; i < edits; i++) {
      // Alternate between typing inside the argument and adding lines before it.
      const change =
        i % 100 === 99
          ? { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '$nomention\n' }
          : {
              range: {
                start: { line: text.split('\n').length - 1, character: 7 },
                end: { line: text.split('\n').length - 1, character: 7 },
              },
              text: 'a',
            };
      const at = offsetOf(text, change.range.start);
      text = text.slice(0, at) + change.text + text.slice(at);
      void client.change(URI, i + 2, [change]);
    }
    // The last edit removes the closing bracket: exactly one problem, at the right place.
    const lastLine = text.split('\n').length - 1;
    const lineText = text.split('\n')[lastLine]!;
    await client.change(URI, edits + 2, [
      {
        range: {
          start: { line: lastLine, character: lineText.length - 1 },
          end: { line: lastLine, character: lineText.length },
        },
        text: '',
      },
    ]);
    const final = await client.diagnostics(URI, { version: edits + 2 });
    assert.deepEqual(codes(final), ['unclosed-bracket']);
    assert.equal(final.diagnostics[0]!.range.start.line, lastLine);
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: lastLine, character: 2 },
    });
    assert.match(JSON.stringify(hover?.contents), /Title/);
    const symbols = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.ok(Array.isArray(symbols));
  });

  it('completes in plain text for a client without snippet support (Neovim 0.7.2)', async () => {
    const { client } = start();
    await client.initialize({ capabilities: NEOVIM_CAPS });
    await client.open(URI, '$tit', 1);
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 0, character: 4 },
    });
    const title = list.items.find((i) => i.label.startsWith('$title'));
    assert.ok(title, `no $title in ${list.items.map((i) => i.label).join(', ')}`);
    for (const item of list.items) {
      assert.notEqual(item.insertTextFormat, 2, `snippet item ${item.label}`);
      const text = item.textEdit?.newText ?? item.insertText ?? item.label;
      assert.doesNotMatch(text, /\$\{?\d/, `snippet placeholder in ${item.label}: ${text}`);
      assert.ok(
        !item.textEdit || 'range' in item.textEdit,
        'no insert/replace edits for a client that did not ask for them',
      );
    }
  });

  it('uses snippets for a client that supports them', async () => {
    const { client } = start();
    await client.initialize();
    await client.open(URI, '$tit', 1);
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 0, character: 4 },
    });
    const title = list.items.find((i) => i.label.startsWith('$title'))!;
    assert.equal(title.insertTextFormat, 2);
    const resolved = await client.request<CompletionItem>('completionItem/resolve', title);
    assert.match(JSON.stringify(resolved.documentation), /Title/);
  });

  it('sends Markdown hovers only to clients that accept them', async () => {
    const text = '$title[Hello]';
    const plain = start();
    await plain.client.initialize({ capabilities: { textDocument: { hover: { contentFormat: ['plaintext'] } } } });
    await plain.client.open(URI, text);
    const h1 = await plain.client.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 0, character: 2 },
    });
    assert.equal((h1.contents as { kind: string }).kind, 'plaintext');
    plain.close();
    const md = start();
    await md.client.initialize();
    await md.client.open(URI, text);
    const h2 = await md.client.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 0, character: 2 },
    });
    assert.equal((h2.contents as { kind: string }).kind, 'markdown');
    assert.deepEqual(h2.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } });
  });

  it('answers signature help and a quick fix whose edit repairs the text', async () => {
    const { client } = start();
    await client.initialize();
    const text = '$title[Hi;]\n$addButtn[yes;id;Label;primary]';
    await client.open(URI, text);
    const help = await client.request<SignatureHelp>('textDocument/signatureHelp', {
      textDocument: { uri: URI },
      position: { line: 0, character: 10 },
    });
    assert.equal(help.signatures[0]!.label, '$title[Title;(Index)]');
    assert.equal(help.activeParameter ?? help.signatures[0]!.activeParameter, 1);
    const diags = (await client.diagnostics(URI)).diagnostics.filter((d) => d.code === 'unknown-function');
    assert.equal(diags.length, 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: diags[0]!.range,
      context: { diagnostics: diags },
    });
    const fix = actions.find((a) => a.kind === 'quickfix' && a.isPreferred)!;
    assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
    const edits = fix.edit!.changes![URI]!.map((e) => ({
      start: offsetOf(text, e.range.start),
      end: offsetOf(text, e.range.end),
      newText: e.newText,
    }));
    assert.equal(applyOffsetEdits(text, edits), '$title[Hi;]\n$addButton[yes;id;Label;primary]');
  });

  describe('settings', () => {
    it('takes initializationOptions and the storage folder; offline means no refresh', async () => {
      const s = start();
      await s.client.initialize({
        capabilities: NEOVIM_CAPS,
        initializationOptions: {
          catalog: { url: 'http://127.0.0.1:9', offline: true },
          premium: true,
          globalStoragePath: '/tmp/bds-store',
        },
      });
      // A round trip after `initialized` lets the server finish its start.
      const status = await s.client.request<CatalogStatus>('bdscript/catalogStatus');
      assert.equal(status.location, 'http://127.0.0.1:9');
      assert.equal(s.providers.length, 1);
      assert.equal(s.providers[0]!.options.settings.offline, true);
      assert.equal(s.providers[0]!.options.storagePath, '/tmp/bds-store');
      assert.equal(s.providers[0]!.refreshes, 0);
    });

    it('reads workspace/configuration before the first refresh, so only the configured URL is fetched', async () => {
      const s = start({ settings: { catalog: { url: 'http://127.0.0.1:7' } } });
      await s.client.initialize({ initializationOptions: { catalog: { url: 'http://127.0.0.1:9' } } });
      await s.client.waitFor('workspace/configuration');
      await s.client.request('bdscript/catalogStatus');
      assert.deepEqual(
        s.providers.map((p) => [p.options.settings.url, p.refreshes, p.disposed]),
        [
          ['http://127.0.0.1:9', 0, true],
          ['http://127.0.0.1:7', 1, false],
        ],
      );
    });

    it('applies settings pushed with didChangeConfiguration (nvim-lspconfig style)', async () => {
      const s = start();
      await s.client.initialize({ capabilities: NEOVIM_CAPS, initializationOptions: { catalog: { offline: true } } });
      await s.client.open(URI, '$awaitReactions[cmd;👍]\n$addButtn[yes;id;Label;primary]');
      const before = await s.client.diagnostics(URI);
      assert.deepEqual(codes(before).sort(), ['premium', 'unknown-function']);
      const mark = s.client.mark();
      await s.client.notify('workspace/didChangeConfiguration', {
        settings: {
          bdscript: {
            catalog: { offline: true },
            premium: true,
            diagnostics: { severity: { 'unknown-function': 'error' } },
          },
        },
      });
      const after = await s.client.diagnostics(URI, { since: mark });
      assert.deepEqual(codes(after), ['unknown-function']);
      assert.equal(after.diagnostics[0]!.severity, 1);
      // Not a catalog setting: the provider stays.
      assert.equal(s.providers.length, 1);
      // A catalog setting builds a new provider, which refreshes since it is not offline.
      // (offline comes from initializationOptions until a later source says otherwise)
      await s.client.notify('workspace/didChangeConfiguration', {
        settings: { bdscript: { catalog: { url: 'http://127.0.0.1:8', offline: false } } },
      });
      await s.client.waitFor<CatalogStatus>(
        'bdscript/catalogStatusChanged',
        (st) => st.location === 'http://127.0.0.1:8' && st.refreshing,
        { since: mark },
      );
      await s.client.waitFor<CatalogStatus>(
        'bdscript/catalogStatusChanged',
        (st) => st.location === 'http://127.0.0.1:8' && !st.refreshing,
        { since: mark },
      );
      assert.equal(s.providers.length, 2);
      assert.equal(s.providers[0]!.disposed, true);
      assert.equal(s.providers[1]!.refreshes, 1);
    });

    it('coalesces a storm of 1,000 catalog setting changes into a few provider rebuilds, answering requests throughout', async () => {
      const s = start();
      await s.client.initialize({ capabilities: NEOVIM_CAPS, initializationOptions: { catalog: { offline: true } } });
      await s.client.open(URI, '$title[Hi]');
      await s.client.diagnostics(URI);
      const changes = 1000;
      const url = (i: number) => `http://127.0.0.1:${10_000 + i}`;
      let hover: Promise<Hover | null> | undefined;
      for (let i = 0; i < changes; i++) {
        void s.client.notify('workspace/didChangeConfiguration', {
          settings: { bdscript: { catalog: { offline: true, url: url(i) } } },
        });
        if (i === changes / 2)
          hover = s.client.request<Hover | null>('textDocument/hover', {
            textDocument: { uri: URI },
            position: { line: 0, character: 2 },
          });
      }
      // The request sent in the middle of the storm is answered.
      assert.match(JSON.stringify((await hover!)?.contents), /Title/);
      // The last change wins, and the catalog was rebuilt a bounded number of times (not 1,000).
      await s.client.waitFor<CatalogStatus>('bdscript/catalogStatusChanged', (st) => st.location === url(changes - 1));
      assert.ok(s.providers.length <= 5, `${s.providers.length} providers built for ${changes} changes`);
      assert.equal(s.providers.at(-1)!.options.settings.url, url(changes - 1));
      assert.ok(
        s.providers.slice(0, -1).every((p) => p.disposed),
        'every replaced provider is disposed',
      );
    });

    it('re-reads workspace/configuration on didChangeConfiguration', async () => {
      const s = start({ settings: { catalog: { offline: true } } });
      await s.client.initialize();
      // Let the server apply the settings it reads after `initialized` before the document opens.
      await s.client.waitFor('workspace/configuration');
      await s.client.request('bdscript/catalogStatus');
      await s.client.open(URI, '$awaitReactions[cmd;👍]');
      assert.deepEqual(codes(await s.client.diagnostics(URI)), ['premium']);
      s.client.settings = { catalog: { offline: true }, premium: true };
      const mark = s.client.mark();
      await s.client.notify('workspace/didChangeConfiguration', { settings: null });
      const after = await s.client.diagnostics(URI, { since: mark });
      assert.deepEqual(after.diagnostics, []);
    });
  });

  describe('catalog', () => {
    it('answers requests that arrive before the local catalog has loaded with that catalog', async () => {
      const s = start({ holdLoad: true });
      await s.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      await s.client.open(URI, '$tit');
      // The load finishes only when the server reads the message after the completion request:
      // a handler that did not wait for it would already have answered from an empty catalog.
      s.onServerMessage((method) => {
        if (method === 'test/finishLoad') s.providers[0]!.finishLoad();
      });
      const answer = s.client.request<CompletionList>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 0, character: 4 },
      });
      await s.client.notify('test/finishLoad');
      const list = await answer;
      assert.ok(list.items.some((i) => i.label.startsWith('$title')));
    });

    it('answers with the fallback catalog while the local load hangs, then adopts the loaded one and re-validates', async () => {
      // The fallback lacks `$title`; the provider's own catalog (once loaded) has it.
      const s = start({ holdLoad: true, fallback: catalogWithoutTitle(), localLoadTimeoutMs: 100 });
      await s.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      await s.client.open(URI, '$title[Hi]\n$tit');
      const first = await s.client.diagnostics(URI);
      assert.deepEqual(codes(first), ['unknown-function', 'unknown-function']);
      const waiting = await s.client.request<CatalogStatus>('bdscript/catalogStatus');
      assert.equal(waiting.location, '<test fallback>');
      assert.equal(waiting.counts.functions, testCatalog().data.functions.length - 1);
      assert.match(waiting.problems[0]!, /has not loaded after 0\.1 s/);
      const list = await s.client.request<CompletionList>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 1, character: 4 },
      });
      assert.ok(!list.items.some((i) => i.label.startsWith('$title')), 'answered from the fallback');
      // The load ends: its catalog replaces the fallback, and the document is validated again.
      const mark = s.client.mark();
      s.providers[0]!.finishLoad();
      const after = await s.client.diagnostics(URI, { since: mark });
      assert.deepEqual(
        after.diagnostics.map((d) => [d.code, d.range.start.line]),
        [['unknown-function', 1]],
      );
      const loaded = await s.client.waitFor<CatalogStatus>(
        'bdscript/catalogStatusChanged',
        (st) => st.location !== '<test fallback>',
        { since: mark },
      );
      assert.equal(loaded.counts.functions, testCatalog().data.functions.length);
      assert.deepEqual(loaded.problems, []);
    });

    it('drops a validation whose document changed while the catalog was loading', async () => {
      const s = start({ holdLoad: true });
      await s.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      // The load finishes once the edit has been applied: the validation of version 1 is stale.
      s.onServerMessage((method) => {
        if (method === 'textDocument/didChange') s.providers[0]!.finishLoad();
      });
      await s.client.open(URI, '$addButtn[yes;id;Label;primary]', 1);
      await s.client.change(URI, 2, [
        { range: { start: { line: 0, character: 8 }, end: { line: 0, character: 8 } }, text: 'o' },
      ]);
      const latest = await s.client.diagnostics(URI, { version: 2 });
      assert.deepEqual(latest.diagnostics, []);
      assert.deepEqual(
        s.client.all<PublishDiagnostics>('textDocument/publishDiagnostics').map((p) => p.version),
        [2],
      );
    });

    it('re-validates open documents when a refresh brings a new catalog, and reports status', async () => {
      const s = start({ catalog: testCatalog() });
      await s.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      await s.client.open(URI, '$title[Hello]');
      assert.deepEqual((await s.client.diagnostics(URI)).diagnostics, []);
      s.providers[0]!.next = catalogWithoutTitle();
      const mark = s.client.mark();
      const status = await s.client.request<CatalogStatus>('bdscript/refreshCatalog');
      assert.equal(status.source, 'live');
      assert.equal(status.counts.functions, testCatalog().data.functions.length - 1);
      const after = await s.client.diagnostics(URI, { since: mark });
      assert.deepEqual(codes(after), ['unknown-function']);
      await s.client.waitFor<CatalogStatus>('bdscript/catalogStatusChanged', (st) => st.source === 'live', {
        since: mark,
      });
      // Semantic tokens and inlay hints are asked to refresh too.
      await s.client.waitFor('workspace/semanticTokens/refresh', undefined, { since: mark });
    });

    it('reports a background refresh with work done progress', async () => {
      const s = start();
      await s.client.initialize({ initializationOptions: { catalog: { url: 'http://127.0.0.1:9' } } });
      const create = await s.client.waitFor<{ token: string | number }>('window/workDoneProgress/create');
      const begin = await s.client.waitFor<{ token: unknown; value: { kind: string; title: string } }>(
        '$/progress',
        (p) => p.value.kind === 'begin',
      );
      const end = await s.client.waitFor<{ token: unknown; value: { kind: string } }>(
        '$/progress',
        (p) => p.value.kind === 'end',
      );
      assert.equal(begin.token, create.token);
      assert.equal(end.token, create.token);
      assert.match(begin.value.title, /catalog/i);
      assert.equal(s.providers[0]!.refreshes, 1);
    });

    it('tells the runtime after a preview it answered (its garbage is collected in a pause), not after a refused one', async () => {
      let calls = 0;
      const s = start({ afterPreview: () => void calls++ });
      await s.client.initialize();
      await s.client.open(URI, 'Hi $username\n$title[x]');
      await assert.rejects(
        s.client.requestAndCancel('bdscript/preview', {
          textDocument: { uri: URI },
          nonce: 'abcdefghijklmnopqrstuvwx',
        }),
        (err) => isRpcError(err, REQUEST_CANCELLED),
      );
      assert.equal(calls, 0);
      const page = await s.client.request<{ version: number; html?: string }>('bdscript/preview', {
        textDocument: { uri: URI },
        nonce: 'abcdefghijklmnopqrstuvwx',
        pageOnly: true,
      });
      assert.equal(page.version, 1);
      assert.equal(calls, 1);
    });

    it('keeps answering when the runtime cannot build a catalog provider', async () => {
      const s = start({
        createCatalogProvider: () => {
          throw new Error('disk on fire');
        },
      });
      await s.client.initialize();
      const status = await s.client.request<CatalogStatus>('bdscript/catalogStatus');
      assert.equal(status.source, 'none');
      assert.match(status.problems.join('\n'), /disk on fire/);
      await s.client.open(URI, '$title[x]');
      const list = await s.client.request<CompletionList>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 0, character: 2 },
      });
      assert.ok(Array.isArray(list.items));
    });
  });

  describe('under abuse', () => {
    const POSITION_METHODS = [
      'textDocument/completion',
      'textDocument/hover',
      'textDocument/signatureHelp',
      'textDocument/definition',
      'bdscript/functionAt',
    ];
    const DOCUMENT_METHODS = [
      'textDocument/documentSymbol',
      'textDocument/foldingRange',
      'textDocument/semanticTokens/full',
    ];
    const RANGE_METHODS = ['textDocument/semanticTokens/range', 'textDocument/inlayHint', 'textDocument/codeAction'];
    const ALL = [...POSITION_METHODS, ...DOCUMENT_METHODS, ...RANGE_METHODS];

    function paramsFor(uri: string, position: unknown): Record<string, unknown> {
      const range = { start: position, end: position };
      return { textDocument: { uri }, position, range, context: { diagnostics: [] } };
    }

    it('answers null for documents that are not open', async () => {
      const { client } = start();
      await client.initialize();
      for (const method of ALL) {
        const result = await client.request(method, paramsFor('file:///nowhere.bds', { line: 0, character: 0 }));
        assert.equal(result, null, method);
      }
    });

    it('clamps positions past the end and survives malformed params', async () => {
      const { client } = start();
      await client.initialize();
      await client.open(URI, '$title[Hi]\n$random[1;2]');
      const positions: unknown[] = [
        { line: 99, character: 99 },
        { line: 1, character: 9999 },
        { line: -1, character: -5 },
        { line: 'x' },
        null,
        { line: 0.5, character: 1e308 },
      ];
      for (const method of ALL) {
        for (const position of positions) await client.request(method, paramsFor(URI, position));
        for (const params of [
          {},
          { textDocument: null },
          { textDocument: { uri: 42 } },
          { textDocument: { uri: URI } },
        ])
          await client.request(method, params);
        // Params that are not an object: the protocol layer may refuse them, but it answers.
        await client
          .request(method, null)
          .catch((err: unknown) => assert.equal(typeof (err as { code?: unknown }).code, 'number', String(err)));
      }
      await client.request('completionItem/resolve', { label: 'x', data: { k: 'f', n: 42 } });
      await client.request('completionItem/resolve', {});
      // Bad notifications are reported, not fatal.
      await client.notify('textDocument/didChange', {
        textDocument: { uri: 'file:///nowhere.bds', version: 2 },
        contentChanges: [{ text: 'x' }],
      });
      await client.notify('textDocument/didChange', {
        textDocument: { uri: URI, version: 2 },
        contentChanges: [{ range: { start: { line: 50 }, end: 'x' }, text: 'A' }, 7],
      });
      await client.notify('textDocument/didOpen', { textDocument: { uri: 'file:///b.bds' } });
      await client.notify('textDocument/didClose', null);
      await client.waitFor<{ message: string }>('window/logMessage', (m) => /not open/.test(m.message));
      const hover = await client.request<Hover>('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 0, character: 2 },
      });
      assert.ok(hover, 'the server still answers');
      // Nothing above made a handler fail (the protocol layer may still log params it refused).
      const errors = client
        .all<{ type: number; message: string }>('window/logMessage')
        .filter((m) => m.type === 1 && / failed: /.test(m.message));
      assert.deepEqual(errors, []);
    });

    it('answers every cancelled request, with RequestCancelled or a result, and keeps going', async () => {
      const { client } = start();
      await client.initialize();
      await client.open(URI, '$title[Hi]\n$random[1;2]');
      let cancelled = 0;
      for (const method of [...ALL, 'bdscript/catalogStatus']) {
        try {
          await client.requestAndCancel(method, paramsFor(URI, { line: 0, character: 2 }));
        } catch (err) {
          assert.ok(isRpcError(err, REQUEST_CANCELLED), `${method}: ${String(err)}`);
          cancelled++;
        }
      }
      assert.ok(cancelled > 0, 'no request was cancelled');
      const hover = await client.request<Hover>('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 0, character: 2 },
      });
      assert.ok(hover);
    });

    it('turns a failing handler into an error response and keeps serving', async () => {
      // A catalog whose indexes are broken: every feature that reads them throws.
      const broken = { data: testCatalogData(), functions: null, callbacks: null, emoji: null } as unknown as Catalog;
      const s = start({ catalog: broken });
      await s.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      await s.client.open(URI, '$tit');
      await assert.rejects(
        s.client.request('textDocument/completion', {
          textDocument: { uri: URI },
          position: { line: 0, character: 4 },
        }),
        (err) => isRpcError(err, INTERNAL_ERROR),
      );
      await s.client.waitFor<{ message: string; type: number }>(
        'window/logMessage',
        (m) => m.type === 1 && /textDocument\/completion failed/.test(m.message),
      );
      const status = await s.client.request<CatalogStatus>('bdscript/catalogStatus');
      assert.equal(status.source, 'bundled');
    });

    it('exits cleanly after shutdown', async () => {
      const s = start();
      await s.client.initialize();
      await s.client.shutdown();
      await s.client.request('bdscript/catalogStatus').catch(() => undefined);
      assert.deepEqual(s.exits, [0]);
      assert.equal(s.providers[0]!.disposed, true);
    });
  });

  describe('UTF-8 positions', () => {
    // "😀😀 " is 9 bytes and 5 UTF-16 units.
    const TEXT = '😀😀 $titl[x]\n$title[é]';

    it('negotiates utf-8 and converts diagnostics, hovers, edits and tokens', async () => {
      const { client } = start();
      const init = await client.initialize({
        capabilities: { ...fullClientCapabilities(), general: { positionEncodings: ['utf-8', 'utf-16'] } },
      });
      assert.equal(init.capabilities['positionEncoding'], 'utf-8');
      await client.open(URI, TEXT);
      const diags = await client.diagnostics(URI);
      assert.deepEqual(codes(diags), ['unknown-function']);
      assert.deepEqual(diags.diagnostics[0]!.range, {
        start: { line: 0, character: 9 },
        end: { line: 0, character: 14 },
      });
      const hover = await client.request<Hover>('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 1, character: 2 },
      });
      assert.deepEqual(hover.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 6 } });
      // The quick fix's edit is in bytes too.
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: URI },
        range: diags.diagnostics[0]!.range,
        context: { diagnostics: diags.diagnostics },
      });
      const fix = actions.find((a) => a.isPreferred)!;
      assert.deepEqual(fix.edit!.changes![URI]![0]!.range, {
        start: { line: 0, character: 10 },
        end: { line: 0, character: 14 },
      });
      // The first token (`$titl`) starts at byte 9.
      const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', {
        textDocument: { uri: URI },
      });
      assert.deepEqual(tokens.data.slice(0, 3), [0, 9, 5]);
      // An incremental edit at byte 14 completes the name: the error goes.
      const mark = client.mark();
      await client.change(URI, 2, [
        { range: { start: { line: 0, character: 14 }, end: { line: 0, character: 14 } }, text: 'e' },
      ]);
      assert.deepEqual((await client.diagnostics(URI, { since: mark, version: 2 })).diagnostics, []);
      // Completion at the end of "$title[é" counts the é as 2 bytes.
      const list = await client.request<CompletionList>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 1, character: 3 },
      });
      const edit = list.items.find((i) => i.label.startsWith('$title'))?.textEdit;
      assert.ok(edit && 'insert' in edit, JSON.stringify(edit));
      assert.deepEqual(edit.insert, { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } });
    });
  });
});
