// The bundled server (dist/server.js) over real stdio stays responsive while it validates a large
// document: validation runs in slices with the message queue read between them, so a completion
// asked while a 1 MB command is being diagnosed from scratch is answered before those diagnostics
// are published, and the diagnostics still come, for the right version. HOME and XDG_CACHE_HOME
// point at a temporary folder; the catalog is the bundled snapshot, offline.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { generateDocument, MB } from '../support/generate';
import { offlineServerPerTest } from '../support/lspClient';
import { snapshotCatalog } from '../support/testCatalog';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');

describe('e2e: the server answers requests while it validates a large document', function () {
  this.timeout(60_000);
  const servers = offlineServerPerTest(SERVER, 'bdscript-responsive-');

  it('answers a completion asked during a 1 MB validation before that validation publishes', async () => {
    const server = servers.start();
    const client = server.client;
    await client.initialize({ initializationOptions: { bdscript: { catalog: { offline: true } } } });
    const small = 'file:///project/small.bds';
    let since = client.mark();
    await client.open(small, '$title[Hi]\n$addBu', 1);
    await client.diagnostics(small, { since, version: 1 });
    // A warm-up round, so that the server's code is compiled as in a session that has run a while.
    const warm = 'file:///project/warm.bds';
    since = client.mark();
    await client.open(warm, generateDocument(snapshotCatalog(), { seed: 4, size: MB / 4 }), 1);
    await client.diagnostics(warm, { since, version: 1, timeoutMs: 30_000 });

    // A 1 MB command without `$stop`, opened: its validation from scratch takes a good while.
    const big = 'file:///project/big.bds';
    const text = generateDocument(snapshotCatalog(), { seed: 9, size: MB }).replace(/\$stop\b/g, '$ping');
    since = client.mark();
    const order: string[] = [];
    const diagnostics = client.diagnostics(big, { since, version: 1, timeoutMs: 30_000 }).then((p) => {
      order.push('diagnostics');
      return p;
    });
    await client.open(big, text, 1);
    // Asked once the validation has started: it starts on the turn after didOpen, before a request
    // sent after didOpen is answered.
    await client.roundTrip();
    const completion = client
      .request<{ items: Array<{ label: string }> }>('textDocument/completion', {
        textDocument: { uri: small },
        position: { line: 1, character: 6 },
      })
      .then((list) => {
        order.push('completion');
        return list;
      });
    const [list, published] = await Promise.all([completion, diagnostics]);
    assert.ok(
      list.items.some((i) => i.label.startsWith('$addButton')),
      'the completion is a real answer',
    );
    assert.ok(published.diagnostics.length > 0, 'the large document gets its diagnostics');
    assert.deepEqual(order, ['completion', 'diagnostics'], 'the completion did not wait for the validation');
  });
});
