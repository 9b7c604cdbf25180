// One record per call: hover, "function under the cursor", signature help, inlay hints,
// completion of arguments, colours, semantic tokens, the diagnostics' call check and their wiki
// links all resolve a call through resolveCall (resolve.ts), so at one cursor they name the same
// record. The catalog here has a name that is a bare-only function and a bracketed-only callback,
// where hover once showed the callback and "function under the cursor" the function.

import * as assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import type { CallbackRecord, FunctionRecord } from '../../server/src/core/catalog/model';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { testCatalogData } from '../support/testCatalog';
import { decodeSemanticTokens } from '../../server/src/core/features/semanticTokens';

const bareFunction: FunctionRecord = {
  kind: 'function',
  tag: '$shared',
  name: '$shared',
  bracketed: false,
  listTag: '$shared',
  arguments: null,
  intents: 0,
  premium: false,
  shortDescription: 'The bare function.',
  longDescription: '',
  deprecated: false,
};

const bracketedCallback: CallbackRecord = {
  kind: 'callback',
  tag: '$shared[Channel ID]',
  name: '$shared',
  bracketed: true,
  listTag: '$shared[]',
  arguments: [
    {
      name: 'Channel ID',
      description: '',
      type: 'Snowflake',
      types: ['Snowflake'],
      unknownTypes: [],
      required: true,
      empty: false,
      repeatable: false,
    },
  ],
  intents: 0,
  premium: false,
  description: 'The bracketed callback.',
};

function catalog(): Catalog {
  const data = testCatalogData();
  return new Catalog({
    ...data,
    functions: [...data.functions, bareFunction],
    callbacks: [...data.callbacks, bracketedCallback],
  });
}

/** What each feature makes of the call at the cursor. */
function answers(src: string) {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, {
    catalog: catalog(),
    settings: { inlayHints: { argumentNames: true } },
  });
  const position = document.positionAt(m.cursor!);
  const hover = (service.hover(document, position)?.contents as MarkupContent | undefined)?.value ?? '';
  return {
    hover,
    functionAt: service.functionAt(document, position),
    signature: service.signatureHelp(document, position)?.signatures[0]?.label ?? null,
    hints: service
      .inlayHints(document, { start: document.positionAt(0), end: document.positionAt(m.text.length) })
      .map((h) => h.label),
    diagnostics: service.validate(document).map((d) => d.code),
  };
}

describe('resolveCall: one record per call', () => {
  it('in code, names the function (the form written is missing) in every feature', () => {
    const at = answers('$nomention\n$sha|red[123]');
    assert.match(at.hover, /The bare function/);
    assert.match(at.hover, /has no form with arguments/);
    assert.doesNotMatch(at.hover, /callback/i);
    assert.deepEqual(at.functionAt && [at.functionAt.name, at.functionAt.kind], ['$shared', 'function']);
    // Diagnostics judge the same record: brackets on a bare-only function.
    assert.deepEqual(at.diagnostics, ['wrong-form']);
    // Inside the arguments: no signature and no hints from the callback's form.
    const inside = answers('$nomention\n$shared[12|3]');
    assert.equal(inside.signature, null);
    assert.deepEqual(inside.hints, []);
    assert.deepEqual(inside.functionAt && inside.functionAt.kind, 'function');
  });

  it('as the trigger, names the callback in every feature', () => {
    const at = answers('$sha|red[123]\n$nomention');
    assert.match(at.hover, /The bracketed callback/);
    assert.deepEqual(at.functionAt && [at.functionAt.name, at.functionAt.kind], ['$shared', 'callback']);
    const inside = answers('$shared[12|3]\n$nomention');
    assert.equal(inside.signature, '$shared[Channel ID]');
    assert.deepEqual(inside.hints, ['Channel ID:']);
  });
});

describe('resolveCall: completion, colours and semantic tokens read the same record', () => {
  // The bracketed callback here has values to offer and a colour, so every feature shows which
  // record it read: in code the call means the bare-only function (no values, no colour, a
  // function's token), as the trigger's own call the callback.
  const withValues: CallbackRecord = {
    ...bracketedCallback,
    tag: '$shared[Mode;Colour]',
    arguments: [
      {
        ...bracketedCallback.arguments![0]!,
        name: 'Mode',
        type: 'String',
        types: ['String'],
        enumData: ['alpha', 'beta'],
      },
      { ...bracketedCallback.arguments![0]!, name: 'Colour', type: 'Color', types: ['Color'], required: false },
    ],
  };
  const data = testCatalogData();
  const values = new Catalog({
    ...data,
    functions: [...data.functions, bareFunction],
    callbacks: [...data.callbacks, withValues],
  });

  /** Completion labels at the cursor, the colours of the document and the token type of `$shared`. */
  function read(src: string) {
    const m = marked(src, { cursor: 'required' });
    const { service, document } = serviceFor(m.text, { catalog: values });
    const labels = service.complete(document, document.positionAt(m.cursor!)).items.map((i) => i.label);
    const colours = service.documentColors(document).length;
    const at = document.positionAt(m.text.indexOf('$shared'));
    const token = decodeSemanticTokens(service.semanticTokens(document).data).find(
      (t) => t.line === at.line && t.char === at.character,
    );
    return { labels, colours, token: token?.type, hover: service.hover(document, at) };
  }

  it('in code: the function, so no callback values, no colour and a function token', () => {
    const code = read('$nomention\n$shared[|;#ff0000]');
    assert.ok(!code.labels.includes('alpha'), code.labels.join());
    assert.equal(code.colours, 0);
    assert.equal(code.token, 'function');
  });

  it("as the trigger's own call: the callback, with its values, its colour and an event token", () => {
    const trigger = read('$shared[|;#ff0000]\n$nomention');
    assert.ok(trigger.labels.includes('alpha'), trigger.labels.join());
    assert.equal(trigger.colours, 1);
    assert.equal(trigger.token, 'event');
  });

  it("inside the arguments of the trigger's call: the function, as hover and diagnostics read it", () => {
    const nested = read('$onJoined[$shared[|;#ff0000]]\n$nomention');
    assert.ok(!nested.labels.includes('alpha'), nested.labels.join());
    assert.equal(nested.colours, 0);
    assert.equal(nested.token, 'function');
    assert.match(String((nested.hover?.contents as MarkupContent | undefined)?.value), /The bare function/);
  });
});

describe("resolveCall: the diagnostics' wiki links name the same record", () => {
  /** Each finding's code and where it links. */
  function links(src: string): Array<[string, string | undefined]> {
    const { service, document } = serviceFor(src, { catalog: catalog() });
    return service.validate(document).map((d) => [String(d.code), d.codeDescription?.href]);
  }

  it("links a finding about the trigger's own call to the callback's page, one in code to the function's", () => {
    assert.deepEqual(links('$shared[not an id]\n$nomention'), [
      ['invalid-argument', 'https://wiki.botdesignerdiscord.com/callbacks/shared.html'],
    ]);
    assert.deepEqual(links('$nomention\n$shared[123]'), [
      ['wrong-form', 'https://wiki.botdesignerdiscord.com/bdscript/shared.html'],
    ]);
  });
});
