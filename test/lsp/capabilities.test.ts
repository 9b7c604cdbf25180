// Client capabilities → what the core may send, and the position encoding negotiation: the
// Neovim 0.7.2 shape (no snippets), a client that declares nothing, VS Code, and garbage.

import * as assert from 'node:assert/strict';
import { FULL_CLIENT, MINIMAL_CLIENT } from '../../server/src/core/features/types';
import {
  clientAbilitiesFrom,
  clientFeaturesFrom,
  negotiatePositionEncoding,
  serverCapabilities,
} from '../../server/src/lsp/capabilities';
import { fullClientCapabilities } from '../support/lspClient';

/** What Neovim 0.7.2's `vim.lsp.protocol.make_client_capabilities()` declares for these fields. */
const NEOVIM_072 = {
  textDocument: {
    completion: {
      completionItem: {
        snippetSupport: false,
        commitCharactersSupport: false,
        preselectSupport: false,
        deprecatedSupport: false,
        documentationFormat: ['markdown', 'plaintext'],
      },
      contextSupport: false,
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      signatureInformation: { documentationFormat: ['markdown', 'plaintext'], activeParameterSupport: true },
    },
  },
  window: { workDoneProgress: true, showMessage: {}, showDocument: { support: false } },
  workspace: { applyEdit: true, workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'] } },
};

describe('lsp/capabilities', () => {
  it('gives Neovim 0.7.2 plain-text completions and Markdown hovers', () => {
    const f = clientFeaturesFrom(NEOVIM_072);
    assert.equal(f.snippets, false);
    assert.equal(f.markdown, true);
    assert.equal(f.insertReplace, false);
    assert.equal(f.completionDeprecatedTag, false);
    assert.equal(f.signatureActiveParameter, true);
    const a = clientAbilitiesFrom(NEOVIM_072);
    assert.equal(a.workDoneProgress, true);
    assert.equal(a.configuration, false);
  });

  it('treats a client that declares nothing, or garbage, as minimal', () => {
    for (const caps of [
      undefined,
      null,
      {},
      'x',
      42,
      [],
      { textDocument: 'no' },
      { textDocument: { completion: { completionItem: { snippetSupport: 'yes' } } } },
    ]) {
      assert.deepEqual(clientFeaturesFrom(caps), MINIMAL_CLIENT, JSON.stringify(caps));
    }
  });

  it('gives a full client everything', () => {
    assert.deepEqual(clientFeaturesFrom(fullClientCapabilities()), FULL_CLIENT);
  });

  it('plain text hovers for a client without Markdown', () => {
    assert.equal(clientFeaturesFrom({ textDocument: { hover: { contentFormat: ['plaintext'] } } }).markdown, false);
  });

  it('negotiates the first supported encoding in the client order, else UTF-16', () => {
    assert.equal(negotiatePositionEncoding({ general: { positionEncodings: ['utf-8', 'utf-16'] } }), 'utf-8');
    assert.equal(negotiatePositionEncoding({ general: { positionEncodings: ['utf-16', 'utf-8'] } }), 'utf-16');
    assert.equal(negotiatePositionEncoding({ general: { positionEncodings: ['utf-32'] } }), 'utf-32');
    assert.equal(negotiatePositionEncoding({ general: { positionEncodings: ['ebcdic', 7] } }), 'utf-16');
    assert.equal(negotiatePositionEncoding({ general: { positionEncodings: 'utf-8' } }), 'utf-16');
    assert.equal(negotiatePositionEncoding(NEOVIM_072), 'utf-16');
  });

  it('announces the encoding only to clients that offered some', () => {
    const legend = { tokenTypes: ['function'], tokenModifiers: [] };
    assert.equal(serverCapabilities('utf-8', legend, true).positionEncoding, 'utf-8');
    assert.equal('positionEncoding' in serverCapabilities('utf-16', legend, false), false);
  });
});
