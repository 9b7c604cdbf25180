// The web worker's catalog client (server/src/browser/fetchClient.ts) over Node's own `fetch`
// against the fault server on 127.0.0.1: the faults the Node client is tested with end the same
// way, in bounded time with a CatalogHttpError naming the URL. The browser's fetch itself, CORS
// included, is exercised in worker.test.ts.

import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { CatalogHttpError } from '../../server/src/catalog/endpoints';
import { FetchCatalogClient, type FetchOptions } from '../../server/src/browser/fetchClient';
import * as F from '../support/faultServer';

const FAST: Partial<FetchOptions> = F.FAST_LIMITS;
const { failure } = F;

const BODY = JSON.stringify([{ tag: '$ping', arguments: null }]);

describe('web catalog client (fetch)', () => {
  let server: F.FaultServer;
  let client: FetchCatalogClient;

  beforeEach(async () => {
    server = await F.startFaultServer({ '/function_list': BODY });
    client = new FetchCatalogClient(server.url, FAST);
  });
  afterEach(async () => {
    await client.destroy();
    await server.close();
  });

  it('parses JSON, returns the validators, sends them back and gets a 304', async () => {
    const first = await client.getJson('/function_list');
    assert.equal(first.kind, 'ok');
    assert.deepEqual(first.kind === 'ok' && first.json, JSON.parse(BODY));
    assert.ok(first.validators.etag);
    const second = await client.getJson('/function_list', { validators: first.validators });
    assert.equal(second.kind, 'not-modified');
    assert.equal(server.requests[1]!.headers['if-none-match'], first.validators.etag);
    assert.equal(server.requests[1]!.headers['cookie'], undefined);
  });

  it('sends If-Modified-Since and reads Last-Modified', async () => {
    const date = 'Wed, 01 Jan 2026 00:00:00 GMT';
    server.routes.set('/function_list', (req, res) => {
      if (req.headers['if-modified-since'] === date) res.writeHead(304).end();
      else res.writeHead(200, { 'content-type': 'application/json', 'last-modified': date }).end(BODY);
    });
    const first = await client.getJson('/function_list');
    assert.deepEqual(first.validators, { lastModified: date });
    assert.equal((await client.getJson('/function_list', { validators: first.validators })).kind, 'not-modified');
  });

  it('retries a conditional request that got no answer without its validators (a refused CORS preflight)', async () => {
    const first = await client.getJson('/function_list');
    // A server (or a static host's preflight) that drops every conditional request on the floor.
    const plain = F.json(BODY);
    server.routes.set('/function_list', (req, res) =>
      req.headers['if-none-match'] ? F.reset(req, res) : plain(req, res),
    );
    const again = await client.getJson('/function_list', { validators: first.validators });
    assert.equal(again.kind, 'ok');
    const asked = server.requests.slice(1).map((r) => r.headers['if-none-match'] ?? null);
    assert.deepEqual(asked, [first.validators.etag, null]);
  });

  it('decompresses a gzip body', async () => {
    server.routes.set('/function_list', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zlib.gzipSync(BODY));
    });
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(BODY));
  });

  it('retries a 503 and then succeeds', async () => {
    server.routes.set('/function_list', F.firstN(2, F.status(503), F.json(BODY)));
    const r = await client.getJson('/function_list');
    assert.equal(r.kind, 'ok');
    assert.equal(server.count('/function_list'), 3);
  });

  it('gives up on a persistent 500 after the retries, counting the attempts', async () => {
    server.routes.set('/function_list', F.status(500));
    const err = await failure(client, '/function_list');
    assert.equal(err.status, 500);
    assert.equal(err.reason, `HTTP 500 (after ${1 + FAST.maxRetries!} attempts)`);
    assert.equal(server.count('/function_list'), 1 + FAST.maxRetries!);
  });

  it('honours Retry-After on a 429, and does not wait for one beyond its limit', async () => {
    const times: number[] = [];
    server.routes.set('/function_list', (req, res) => {
      times.push(Date.now());
      (times.length === 1 ? F.status(429, { 'retry-after': '1' }) : F.json(BODY))(req, res);
    });
    assert.equal((await client.getJson('/function_list')).kind, 'ok');
    assert.ok(times[1]! - times[0]! >= 900, `retried after ${times[1]! - times[0]!} ms`);

    server.routes.set('/function_list', F.status(429, { 'retry-after': '3600' }));
    const before = server.count('/function_list');
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /Retry-After asks for 3600 s/);
    assert.equal(server.count('/function_list') - before, 1);
  });

  it('does not retry a 404', async () => {
    server.routes.set('/function_list', F.status(404));
    const err = await failure(client, '/function_list');
    assert.equal(err.status, 404);
    assert.equal(server.count('/function_list'), 1);
  });

  const faults: Array<[string, () => F.FaultHandler, RegExp]> = [
    ['a server that never answers', () => F.neverAnswer, /no response within 0\.4 s/],
    ['a body that stalls', () => F.stallBody(BODY), /stalled for 0\.4 s/],
    ['truncated JSON', () => F.truncatedJson(BODY), /truncated JSON/],
    [
      'a connection closed in the middle of the body',
      () => F.shortBody(BODY),
      /connection closed before the response was complete|truncated JSON/,
    ],
    ['a 200 HTML page', () => F.htmlPage, /HTML page \(text\/html\)/],
    ['an empty body', () => F.emptyBody, /empty body/],
    ['invalid UTF-8', () => F.invalidUtf8, /not valid UTF-8/],
    [
      'a body 50 times the cap with Content-Length',
      () => F.oversized(FAST.maxBytes! * 50, false),
      /larger than the limit of 64 KiB/,
    ],
    [
      'a chunked body 50 times the cap',
      () => F.oversized(FAST.maxBytes! * 50, true),
      /larger than the limit of 64 KiB/,
    ],
    ['a connection reset', () => F.reset, /no answer/],
    ['a redirect loop', () => F.redirectLoop, /no answer|redirect/],
  ];
  for (const [what, handler, reason] of faults) {
    it(`reports ${what}`, async () => {
      server.routes.set('/function_list', handler());
      const err = await failure(client, '/function_list');
      assert.match(err.reason, reason);
    });
  }

  it('caps the decompressed size of a compression bomb', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(FAST.maxBytes! * 50, 0x20));
    assert.ok(bomb.length < FAST.maxBytes!);
    server.routes.set('/function_list', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
    });
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /larger than the limit/);
  });

  it('bounds the whole request, retries included, and stops when the caller aborts', async () => {
    const c = new FetchCatalogClient(server.url, { ...FAST, totalTimeoutMs: 300, headersTimeoutMs: 5000 });
    server.routes.set('/function_list', F.neverAnswer);
    try {
      const err = await failure(c, '/function_list');
      assert.match(err.reason, /no complete answer within 0\.3 s/);
    } finally {
      await c.destroy();
    }
    const ac = new AbortController();
    const p = client.getJson('/function_list', { signal: ac.signal });
    ac.abort();
    await assert.rejects(p, (e: unknown) => e instanceof CatalogHttpError && /cancelled/.test(e.reason));
  });

  it('ends what is in flight when destroyed', async () => {
    server.routes.set('/function_list', F.neverAnswer);
    const p = client.getJson('/function_list');
    await client.destroy();
    await assert.rejects(p, (e: unknown) => e instanceof CatalogHttpError && /cancelled/.test(e.reason));
  });

  it('keeps the base path of the base URL and refuses URLs that are not http(s)', async () => {
    server.routes.set('/public/api/function_list', F.json(BODY));
    const c = new FetchCatalogClient(server.url + '/public/api/', FAST);
    const r = await c.getJson('/function_list');
    assert.equal(r.url, server.url + '/public/api/function_list');
    for (const bad of ['ftp://example.com/', 'not a url', 'http://user:pw@127.0.0.1/']) {
      assert.throws(() => new FetchCatalogClient(bad), CatalogHttpError, bad);
    }
  });
});
