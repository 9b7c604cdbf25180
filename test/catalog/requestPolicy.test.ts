// One retry, time-limit and size-cap policy for both catalog HTTP clients (requestPolicy.ts):
// the Node client on undici and the web worker's on fetch, each against the same faults on
// 127.0.0.1, retry alike (how many requests reach the server) and fail alike (what the failure
// says, past the words each transport has for a broken connection).

import * as assert from 'node:assert/strict';
import { FetchCatalogClient } from '../../server/src/browser/fetchClient';
import type { CatalogGetter } from '../../server/src/catalog/endpoints';
import { CatalogClient } from '../../server/src/catalog/http';
import * as F from '../support/faultServer';

const FAST = F.FAST_LIMITS;
const BODY = JSON.stringify([{ tag: '$ping', arguments: null }]);
const ATTEMPTS = 1 + FAST.maxRetries;

const CLIENTS: ReadonlyArray<[string, (url: string) => CatalogGetter]> = [
  ['undici', (url) => new CatalogClient(url, FAST)],
  ['fetch', (url) => new FetchCatalogClient(url, FAST)],
];

/** A fault, what every client's failure says, and how many requests it makes. */
const FAULTS: ReadonlyArray<[string, () => F.FaultHandler, RegExp, number]> = [
  ['a persistent 503', () => F.status(503), new RegExp(`^HTTP 503 \\(after ${ATTEMPTS} attempts\\)$`), ATTEMPTS],
  [
    'a 429 that asks for an hour',
    () => F.status(429, { 'retry-after': '3600' }),
    /^HTTP 429; Retry-After asks for 3600 s, more than the 1\.5 s allowed$/,
    1,
  ],
  ['a 404', () => F.status(404), /^HTTP 404$/, 1],
  ['a server that never answers (a time limit is not retried)', () => F.neverAnswer, /^no response within 0\.4 s$/, 1],
  ['a body that stalls', () => F.stallBody(BODY), /stalled for 0\.4 s$/, 1],
  ['a body over the cap', () => F.oversized(FAST.maxBytes * 50, true), /^response larger than the limit of 64 KiB$/, 1],
  ['an HTML page', () => F.htmlPage, /^expected JSON but got an HTML page \(text\/html\), HTTP 200$/, 1],
  [
    'a connection reset (what failed, in the words of each transport)',
    () => F.reset,
    /^(connection reset by the server|connection closed before the response was complete|no answer \(.+\))$/,
    ATTEMPTS,
  ],
];

describe('one request policy for both catalog clients', function () {
  this.timeout(20_000);
  let server: F.FaultServer;

  beforeEach(async () => {
    server = await F.startFaultServer({ '/function_list': BODY });
  });
  afterEach(async () => {
    await server.close();
  });

  for (const [what, handler, reason, requests] of FAULTS) {
    for (const [name, make] of CLIENTS) {
      it(`${what}: the ${name} client`, async () => {
        server.routes.set('/function_list', handler());
        const client = make(server.url);
        try {
          const err = await F.failure(client, '/function_list');
          assert.match(err.reason, reason);
          assert.equal(server.count('/function_list'), requests);
        } finally {
          await client.destroy();
        }
      });
    }
  }

  it('retries a 503 that passes, in both clients, with the same number of requests', async () => {
    for (const [name, make] of CLIENTS) {
      server.routes.set('/function_list', F.firstN(2, F.status(503), F.json(BODY)));
      const before = server.count('/function_list');
      const client = make(server.url);
      try {
        const r = await client.getJson('/function_list');
        assert.equal(r.kind, 'ok', name);
        assert.equal(server.count('/function_list') - before, 3, name);
      } finally {
        await client.destroy();
      }
    }
  });
});
