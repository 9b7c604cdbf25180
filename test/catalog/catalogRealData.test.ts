// Catalog I/O on real-size data: the committed bundled snapshot through the manager and the
// service, and the captured real `/function_list` response (../shared, when present) through the
// client's acceptance rule, byte for byte as the live API sent it.

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CatalogClient } from '../../server/src/catalog/http';
import { loadSnapshotFile } from '../../server/src/catalog/export';
import { CatalogManager } from '../../server/src/catalog/sources';
import { fetchCatalog } from '../../server/src/catalog/fetchCatalog';
import { floorOf, guardedCounts } from '../../server/src/catalog/judge';
import { catalogBodies, startCatalogService } from '../support/catalogService';
import * as F from '../support/faultServer';
import { testCatalogData } from '../support/testCatalog';
import { FACTS_DIR, REAL_SAMPLE } from '../support/shared';

describe('catalog I/O on real data', function () {
  this.timeout(20_000);

  it('starts from the bundled snapshot and reports its counts', async () => {
    const m = new CatalogManager({ url: 'http://127.0.0.1:9', offline: true });
    try {
      await m.loadLocal();
      const s = m.status();
      assert.equal(s.source, 'bundled');
      const provenance = (
        JSON.parse(readFileSync(path.resolve(__dirname, '../../server/snapshot/catalog.json'), 'utf8')) as {
          provenance: { counts: { functions: number; callbacks: number; emoji: number } };
        }
      ).provenance;
      assert.deepEqual(s.counts, {
        functions: provenance.counts.functions,
        callbacks: provenance.counts.callbacks,
        emoji: provenance.counts.emoji,
      });
      assert.ok(s.counts.functions > 400);
      // The bundled snapshot is ours: it decodes without a single problem.
      assert.deepEqual(s.problems, []);
    } finally {
      await m.dispose();
    }
  });

  it('serves the bundled snapshot and reads it back unchanged', async () => {
    const loaded = await loadSnapshotFile(undefined);
    assert.ok(loaded.ok);
    const svc = await startCatalogService(loaded.data);
    const client = new CatalogClient(svc.url, { maxRetries: 0 });
    try {
      const r = await fetchCatalog(client, { floor: floorOf(guardedCounts(loaded.data), 'the bundled catalog has') });
      assert.ok(r.ok, r.ok ? '' : r.problems.join(' | '));
      assert.deepEqual(r.data, loaded.data);
      assert.deepEqual(r.problems, []);
    } finally {
      await client.destroy();
      await svc.close();
    }
  });

  it('accepts the real /function_list response as the live API sent it', async function () {
    const sample = REAL_SAMPLE;
    if (!existsSync(sample) || !existsSync(path.join(FACTS_DIR, 'callback_list.json'))) this.skip();
    const body = readFileSync(sample, 'utf8');
    // Callbacks from the wiki facts (API shape plus fields the API does not have), emoji from the test catalog.
    const server = await F.startFaultServer({
      ...catalogBodies(testCatalogData()),
      '/function_list': body,
      '/callback_list': readFileSync(path.join(FACTS_DIR, 'callback_list.json'), 'utf8'),
      '/callback_tag_list': readFileSync(path.join(FACTS_DIR, 'callback_tag_list.json'), 'utf8'),
    });
    const m = new CatalogManager({ url: server.url, cacheDir: '' });
    try {
      await m.loadLocal();
      assert.equal(m.status().source, 'bundled');
      const r = await m.refresh();
      assert.equal(r.outcome, 'updated', r.message + ' ' + r.problems.join(' | '));
      assert.equal(m.status().counts.functions, (JSON.parse(body) as unknown[]).length);
      assert.ok(m.catalog.functions.lookup('$random[]'));
      assert.ok(m.catalog.functions.lookup('$random'));
    } finally {
      await m.dispose();
      await server.close();
    }
  });
});
