// The catalog HTTP client on its own, over real sockets on 127.0.0.1 against the fault server,
// plus undici's MockAgent for the request headers: every failure ends in bounded time with a
// CatalogHttpError that names the URL and says what happened, and a body cut short is resumed
// only with If-Range on a strong ETag, never spliced from two versions.

import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { MockAgent } from 'undici';
import { CatalogClient, type HttpOptions } from '../../server/src/catalog/http';
import { CatalogHttpError, parseRetryAfter, tagPath } from '../../server/src/catalog/endpoints';
import * as F from '../support/faultServer';

/** Short limits so that each fault resolves in well under a second. */
const FAST: Partial<HttpOptions> = { ...F.FAST_LIMITS, connectTimeoutMs: 1000 };
const { failure } = F;

const BODY = JSON.stringify([{ tag: '$ping', arguments: null }]);

describe('catalog http client', () => {
  let server: F.FaultServer;
  let client: CatalogClient;

  beforeEach(async () => {
    server = await F.startFaultServer({ '/function_list': BODY });
    client = new CatalogClient(server.url, FAST);
  });
  afterEach(async () => {
    await client.destroy();
    await server.close();
  });

  it('parses JSON and returns the validators', async () => {
    const r = await client.getJson('/function_list');
    assert.equal(r.kind, 'ok');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(BODY));
    assert.ok(r.validators.etag);
  });

  it('sends the validators back and gets a 304', async () => {
    const first = await client.getJson('/function_list');
    const second = await client.getJson('/function_list', { validators: first.validators });
    assert.equal(second.kind, 'not-modified');
    assert.equal(server.requests.at(-1)!.headers['if-none-match'], first.validators.etag);
    assert.deepEqual(second.validators, first.validators);
  });

  it('sends a User-Agent naming the tool and accepts compression', async () => {
    await client.getJson('/function_list');
    const h = server.requests.at(-1)!.headers;
    assert.match(String(h['user-agent']), /^bdscript-tooling\/\d/);
    assert.match(String(h['accept-encoding']), /gzip/);
    assert.match(String(h['accept-encoding']), /br/);
  });

  it('decompresses gzip and brotli bodies', async () => {
    server.routes.set('/gz', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zlib.gzipSync(BODY));
    });
    server.routes.set('/br', (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' })
        .end(zlib.brotliCompressSync(BODY));
    });
    for (const p of ['/gz', '/br']) {
      const r = await client.getJson(p);
      assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(BODY), p);
    }
  });

  it('reports a corrupt gzip body and an unknown encoding', async () => {
    server.routes.set('/bad-gz', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('this is not gzip');
    });
    server.routes.set('/zz', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zz' }).end(BODY);
    });
    assert.match((await failure(client, '/bad-gz')).reason, /corrupt compressed body/);
    assert.match((await failure(client, '/zz')).reason, /unsupported Content-Encoding "zz"/);
  });

  it('retries a 503 and then succeeds', async () => {
    server.routes.set('/function_list', F.firstN(2, F.status(503), F.json(BODY)));
    const r = await client.getJson('/function_list');
    assert.equal(r.kind, 'ok');
    assert.equal(server.count('/function_list'), 3);
  });

  it('gives up on a persistent 500 after the retries', async () => {
    server.routes.set('/function_list', F.status(500));
    const err = await failure(client, '/function_list');
    assert.equal(err.status, 500);
    assert.match(err.reason, /HTTP 500/);
    assert.equal(server.count('/function_list'), 1 + FAST.maxRetries!);
  });

  it('honours Retry-After on a 429', async () => {
    const times: number[] = [];
    server.routes.set('/function_list', (req, res) => {
      times.push(Date.now());
      (times.length === 1 ? F.status(429, { 'retry-after': '1' }) : F.json(BODY))(req, res);
    });
    const r = await client.getJson('/function_list');
    assert.equal(r.kind, 'ok');
    assert.equal(times.length, 2);
    // The second attempt waited for the server's Retry-After, not the 10 ms backoff.
    assert.ok(times[1]! - times[0]! >= 900, `retried after ${times[1]! - times[0]!} ms`);
  });

  it('does not wait for a Retry-After beyond its limit', async () => {
    server.routes.set('/function_list', F.status(429, { 'retry-after': '3600' }));
    const err = await failure(client, '/function_list');
    assert.equal(err.status, 429);
    assert.match(err.reason, /Retry-After/);
    assert.equal(server.count('/function_list'), 1);
  });

  it('does not retry a 404', async () => {
    server.routes.set('/function_list', F.status(404));
    const err = await failure(client, '/function_list');
    assert.equal(err.status, 404);
    assert.equal(server.count('/function_list'), 1);
  });

  it('reports a server that never answers', async () => {
    server.routes.set('/function_list', F.neverAnswer);
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /no response within/);
  });

  it('reports a body that stalls', async () => {
    server.routes.set('/function_list', F.stallBody(BODY));
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /stalled|no complete answer/);
  });

  it('reports truncated JSON', async () => {
    server.routes.set('/function_list', F.truncatedJson(BODY));
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /truncated JSON/);
  });

  it('reports a connection closed in the middle of the body', async () => {
    server.routes.set('/function_list', F.shortBody(BODY));
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /closed|reset|range/i);
  });

  it('reports a 200 HTML page', async () => {
    server.routes.set('/function_list', F.htmlPage);
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /HTML page \(text\/html\)/);
  });

  it('reports an empty body', async () => {
    server.routes.set('/function_list', F.emptyBody);
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /empty body/);
  });

  it('reports invalid UTF-8', async () => {
    server.routes.set('/function_list', F.invalidUtf8);
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /not valid UTF-8/);
  });

  for (const chunked of [false, true]) {
    it(`stops reading a body 50 times the cap (${chunked ? 'chunked' : 'with Content-Length'})`, async () => {
      server.routes.set('/function_list', F.oversized(FAST.maxBytes! * 50, chunked));
      const err = await failure(client, '/function_list');
      assert.match(err.reason, /larger than the limit of 64 KiB/);
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

  it('reports a connection reset', async () => {
    server.routes.set('/function_list', F.reset);
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /reset|closed/);
    assert.equal(server.count('/function_list'), 1 + FAST.maxRetries!);
  });

  it('stops following a redirect loop', async () => {
    server.routes.set('/function_list', F.redirectLoop);
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /redirect/);
    assert.ok(server.count('/function_list') <= 6);
  });

  it('follows a single redirect', async () => {
    server.routes.set('/old', (_req, res) => res.writeHead(301, { location: '/function_list' }).end());
    const r = await client.getJson('/old');
    assert.equal(r.kind, 'ok');
  });

  it('reports a refused connection', async () => {
    const port = Number(new URL(server.url).port);
    await server.close();
    const c = new CatalogClient(`http://127.0.0.1:${port}`, { ...FAST, maxRetries: 0 });
    try {
      const err = await failure(c, '/function_list');
      assert.equal(err.message, `GET http://127.0.0.1:${port}/function_list: connection refused`);
    } finally {
      await c.destroy();
    }
  });

  it('bounds the whole request, retries included', async () => {
    const c = new CatalogClient(server.url, { ...FAST, totalTimeoutMs: 300, headersTimeoutMs: 5000 });
    server.routes.set('/function_list', F.neverAnswer);
    try {
      const err = await failure(c, '/function_list');
      assert.match(err.reason, /no complete answer within 0\.3/);
    } finally {
      await c.destroy();
    }
  });

  it('stops when the caller aborts', async () => {
    server.routes.set('/function_list', F.neverAnswer);
    const ac = new AbortController();
    const p = client.getJson('/function_list', { signal: ac.signal });
    ac.abort();
    await assert.rejects(p, (e: unknown) => e instanceof CatalogHttpError && /cancelled/.test(e.reason));
  });

  it('keeps the base path of the base URL', async () => {
    server.routes.set('/public/api/function_list', F.json(BODY));
    const c = new CatalogClient(server.url + '/public/api/', FAST);
    try {
      const r = await c.getJson('/function_list');
      assert.equal(r.kind, 'ok');
      assert.equal(r.url, server.url + '/public/api/function_list');
    } finally {
      await c.destroy();
    }
  });
});

describe('catalog http client: a body cut short', () => {
  let server: F.FaultServer;
  let client: CatalogClient;

  /**
   * Two versions of one resource, alike in shape and length, so that the first half of one and
   * the second half of the other still parse: a splice would go unnoticed but for the values.
   */
  const V1 = JSON.stringify(Array.from({ length: 40 }, (_, i) => `version-one-${String(i).padStart(3, '0')}`));
  const V2 = JSON.stringify(Array.from({ length: 40 }, (_, i) => `version-two-${String(i).padStart(3, '0')}`));
  assert.equal(V1.length, V2.length);

  beforeEach(async () => {
    server = await F.startFaultServer();
    client = new CatalogClient(server.url, FAST);
  });
  afterEach(async () => {
    await client.destroy();
    await server.close();
  });

  /** The resource as v1 for its first answer, v2 from then on. */
  function changing(etags: [string | undefined, string | undefined], extra: Partial<F.RangeResourceOptions> = {}) {
    let served = 0;
    return F.rangeResource({
      cut: 1,
      current: () =>
        served++ === 0
          ? { body: V1, ...(etags[0] ? { etag: etags[0] } : {}) }
          : { body: V2, ...(etags[1] ? { etag: etags[1] } : {}) },
      ...extra,
    });
  }

  it('resumes an unchanged resource with Range and If-Range on its strong ETag', async () => {
    const resource = F.rangeResource({ cut: 1, current: () => ({ body: V1, etag: '"v1"' }) });
    server.routes.set('/function_list', resource);
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V1));
    assert.deepEqual(r.validators, { etag: '"v1"' });
    assert.deepEqual(resource.statuses, [200, 206]);
    const resumed = server.requests[1]!.headers;
    assert.equal(resumed['range'], `bytes=${Math.floor(V1.length / 2)}-`);
    assert.equal(resumed['if-range'], '"v1"');
    assert.equal(resumed['if-match'], undefined);
  });

  it('reads the new version whole when it changed mid-resume (the server answers If-Range with 200)', async () => {
    const resource = changing(['"v1"', '"v2"']);
    server.routes.set('/function_list', resource);
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V2));
    assert.deepEqual(r.validators, { etag: '"v2"' });
    assert.deepEqual(resource.statuses, [200, 200]);
  });

  it('starts over without a Range request when the response had no ETag, so a changed resource is never spliced', async () => {
    // This server would answer any Range with the new version's bytes.
    const resource = changing([undefined, undefined], { ignoreIfRange: true });
    server.routes.set('/function_list', resource);
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V2));
    assert.ok(
      server.requests.every((q) => q.headers['range'] === undefined),
      'no Range request',
    );
    assert.deepEqual(resource.statuses, [200, 200]);
  });

  it('starts over when the ETag is weak', async () => {
    const resource = changing(['W/"v1"', 'W/"v2"'], { ignoreIfRange: true });
    server.routes.set('/function_list', resource);
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V2));
    assert.ok(server.requests.every((q) => q.headers['range'] === undefined));
  });

  it("starts over when a careless server answers the resumption with another version's part", async () => {
    const resource = changing(['"v1"', '"v2"'], { ignoreIfRange: true });
    server.routes.set('/function_list', resource);
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V2));
    // The 206 of v2 was refused by its ETag; the next request asked for the whole thing.
    assert.deepEqual(resource.statuses, [200, 206, 200]);
    assert.equal(server.requests[2]!.headers['range'], undefined);
  });

  it('starts over when the resumed part does not start where the body stopped', async () => {
    let calls = 0;
    server.routes.set('/function_list', (req, res) => {
      calls++;
      if (calls === 1) return F.rangeResource({ cut: 1, current: () => ({ body: V1, etag: '"v1"' }) })(req, res);
      if (req.headers['range']) {
        res
          .writeHead(206, {
            etag: '"v1"',
            'content-range': `bytes 0-${V1.length - 1}/${V1.length}`,
            'content-length': String(V1.length),
          })
          .end(V1);
        return;
      }
      res.writeHead(200, { etag: '"v1"', 'content-type': 'application/json' }).end(V1);
    });
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V1));
    assert.equal(calls, 3);
  });

  it('resumes a compressed body by its coded bytes', async () => {
    const gz = zlib.gzipSync(V1);
    const resource = F.rangeResource({
      cut: 1,
      current: () => ({ body: gz, etag: '"gz1"' }),
      headers: { 'content-encoding': 'gzip' },
    });
    server.routes.set('/function_list', resource);
    const r = await client.getJson('/function_list');
    assert.deepEqual(r.kind === 'ok' && r.json, JSON.parse(V1));
    assert.deepEqual(resource.statuses, [200, 206]);
  });

  it('gives up after the retries when every answer is cut, naming the failure', async () => {
    server.routes.set('/function_list', F.rangeResource({ cut: 100, current: () => ({ body: V1 }) }));
    const err = await failure(client, '/function_list');
    assert.match(err.reason, /connection closed before the response was complete/);
    assert.equal(server.count('/function_list'), 1 + FAST.maxRetries!);
  });
});

describe('catalog http client pieces', () => {
  it('encodes a tag as one path segment', () => {
    assert.equal(tagPath('function', '$c[]'), '/function/%24c%5B%5D');
    assert.equal(decodeURIComponent(tagPath('function', '$c[]').slice('/function/'.length)), '$c[]');
    assert.equal(tagPath('callback', 'a/b?#%'), '/callback/a%2Fb%3F%23%25');
  });

  it('rejects base URLs that are not http(s)', () => {
    for (const bad of ['', 'not a url', 'file:///etc', 'ftp://x', 'http://x/?q=1']) {
      assert.throws(() => new CatalogClient(bad), CatalogHttpError, bad);
    }
  });

  it('parses Retry-After as seconds or a date', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    assert.equal(parseRetryAfter(undefined), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const ms = parseRetryAfter(inAMinute)!;
    assert.ok(ms > 50_000 && ms <= 60_000, String(ms));
  });

  it('sends If-Modified-Since and reads Last-Modified (MockAgent)', async () => {
    const mock = new MockAgent();
    mock.disableNetConnect();
    const pool = mock.get('http://catalog.invalid');
    pool
      .intercept({
        path: '/function_list',
        method: 'GET',
        headers: { 'if-modified-since': 'Wed, 01 Jan 2025 00:00:00 GMT' },
      })
      .reply(304, '', { headers: { 'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT' } });
    pool.intercept({ path: '/callback_list', method: 'GET' }).reply(200, '[]', {
      headers: { 'content-type': 'application/json', 'last-modified': 'Thu, 02 Jan 2025 00:00:00 GMT' },
    });
    const c = new CatalogClient('http://catalog.invalid', FAST, mock);
    try {
      const a = await c.getJson('/function_list', { validators: { lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT' } });
      assert.equal(a.kind, 'not-modified');
      const b = await c.getJson('/callback_list');
      assert.deepEqual(b.validators, { lastModified: 'Thu, 02 Jan 2025 00:00:00 GMT' });
      mock.assertNoPendingInterceptors();
    } finally {
      await mock.close();
    }
  });
});
