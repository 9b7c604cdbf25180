// The catalog service over real sockets on 127.0.0.1: the seven endpoints in the spec's shapes,
// read through our own client and through plain node:http; conditional requests, compression,
// CORS, JSON errors; and abuse (malformed, overlong and traversing URLs, slow clients, many
// connections) that must never stop it from answering others.

import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import * as zlib from 'node:zlib';
import { CatalogClient } from '../../server/src/catalog/http';
import { tagPath } from '../../server/src/catalog/endpoints';
import { addressKey, negotiate, type RunningService } from '../../server/src/catalog/service';
import { decodeCallback, decodeFunction } from '../../server/src/core/catalog/decode';
import { startCatalogService } from '../support/catalogService';
import { testCatalogData } from '../support/testCatalog';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request through node:http with a fresh connection; the path is sent as given. */
function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Sends raw bytes on a socket and resolves with everything the server sent back before closing. */
function rawSocket(base: string, bytes: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

function jsonOf(r: RawResponse): unknown {
  return JSON.parse(r.body.toString('utf8'));
}

describe('catalog service', () => {
  let svc: RunningService;
  let client: CatalogClient;
  const data = testCatalogData();

  before(async () => {
    svc = await startCatalogService(data);
    client = new CatalogClient(svc.url, { maxRetries: 0, totalTimeoutMs: 5000 });
  });
  after(async () => {
    await client.destroy();
    await svc.close();
  });

  it('listens on 127.0.0.1 and says so in its URL', () => {
    assert.match(svc.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the list endpoints in the spec shapes', async () => {
    const fl = await client.getJson('/function_list');
    assert.equal(fl.kind, 'ok');
    const functions = (fl as { json: Array<Record<string, unknown>> }).json;
    assert.equal(functions.length, data.functions.length);
    const addButton = functions.find((f) => String(f['tag']).startsWith('$addButton['))!;
    // Full tags with argument names in records; `premium` on functions.
    assert.equal(addButton['tag'], data.functions.find((f) => f.name === '$addButton')!.tag);
    assert.equal(typeof addButton['premium'], 'boolean');
    assert.ok(!('is_premium' in addButton));

    const cl = (await client.getJson('/callback_list')) as { json: Array<Record<string, unknown>> };
    assert.equal(cl.json.length, data.callbacks.length);
    const always = cl.json.find((c) => c['name'] === '$alwaysReply')!;
    assert.equal(always['is_premium'], true);
    assert.ok(!('premium' in always));

    const ft = (await client.getJson('/function_tag_list')) as { json: string[] };
    assert.deepEqual(ft.json, data.functionTags);
    assert.ok(ft.json.includes('$addButton[]'));
    assert.ok(ft.json.includes('$random') && ft.json.includes('$random[]'));
    const ct = (await client.getJson('/callback_tag_list')) as { json: string[] };
    assert.deepEqual(ct.json, data.callbackTags);
    const em = (await client.getJson('/emoji_alias_list')) as { json: Record<string, string[]> };
    assert.deepEqual(em.json['👍'], [':thumbsup:', ':+1:']);
  });

  it('serves one function or callback by any tag spelling, encoded or raw', async () => {
    const encoded = (await client.getJson(tagPath('function', '$addButton[]'))) as { json: unknown };
    const rec = decodeFunction(encoded.json).value!;
    assert.equal(rec.name, '$addButton');
    assert.equal(rec.tag, data.functions.find((f) => f.name === '$addButton')!.tag);

    // `$c[]` percent-encoded by our client, and sent raw by a plain client.
    const c1 = (await client.getJson(tagPath('function', '$c[]'))) as { json: unknown };
    const c2 = await raw(svc.url, '/function/$c[]');
    assert.equal(c2.status, 200);
    assert.deepEqual(jsonOf(c2), c1.json);
    assert.equal(decodeFunction(c1.json).value!.tag, '$c[Comment]');

    // Bare and bracketed forms are different records; a bare spelling of a bracketed-only name finds it.
    const bare = decodeFunction(
      ((await client.getJson(tagPath('function', '$random'))) as { json: unknown }).json,
    ).value!;
    const bracketed = decodeFunction(
      ((await client.getJson(tagPath('function', '$random[]'))) as { json: unknown }).json,
    ).value!;
    assert.equal(bare.bracketed, false);
    assert.equal(bracketed.bracketed, true);
    const byBare = decodeFunction(
      ((await client.getJson(tagPath('function', '$addButton'))) as { json: unknown }).json,
    ).value!;
    assert.equal(byBare.name, '$addButton');

    const cb = (await client.getJson(tagPath('callback', '$onJoined[]'))) as { json: Record<string, unknown> };
    assert.equal(cb.json['name'], '$onJoined[Channel ID]');
    assert.equal(cb.json['is_premium'], false);
    assert.equal(decodeCallback(cb.json).value!.name, '$onJoined');
  });

  it('answers an unknown tag with 404 and a JSON error', async () => {
    const r = await raw(svc.url, tagPath('function', '$noSuchThing[]'));
    assert.equal(r.status, 404);
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
    const body = jsonOf(r) as { error: string; message: string };
    assert.equal(body.error, 'not_found');
    assert.match(body.message, /\$noSuchThing\[\]/);
    // A function tag is not a callback.
    assert.equal((await raw(svc.url, tagPath('callback', '$addButton[]'))).status, 404);
  });

  it('answers malformed percent-encoding with 400', async () => {
    const r = await raw(svc.url, '/function/%E0%A4%A');
    assert.equal(r.status, 400);
    assert.equal((jsonOf(r) as { error: string }).error, 'bad_request');
  });

  it('allows GET and HEAD; OPTIONS for CORS; other methods get 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await raw(svc.url, '/function_list', { method });
      assert.equal(r.status, 405, method);
      assert.equal(r.headers['allow'], 'GET, HEAD, OPTIONS');
      assert.equal((jsonOf(r) as { error: string }).error, 'method_not_allowed');
    }
    const head = await raw(svc.url, '/function_list', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    const get = await raw(svc.url, '/function_list');
    assert.equal(head.headers['content-length'], String(get.body.length));
    assert.equal(head.headers['etag'], get.headers['etag']);
    const options = await raw(svc.url, '/function_list', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
    });
    assert.equal(options.status, 204);
    assert.equal(options.headers['access-control-allow-origin'], '*');
    assert.match(String(options.headers['access-control-allow-headers']), /If-None-Match/);
  });

  it('sends JSON content type, a strong ETag, Cache-Control and CORS headers', async () => {
    const r = await raw(svc.url, '/callback_list');
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
    assert.match(String(r.headers['etag']), /^"[A-Za-z0-9_-]+"$/);
    assert.match(String(r.headers['cache-control']), /max-age=\d+/);
    assert.equal(r.headers['access-control-allow-origin'], '*');
    assert.match(String(r.headers['access-control-expose-headers']), /ETag/);
    assert.ok(r.headers['last-modified']);
  });

  it('answers 304 to If-None-Match and If-Modified-Since', async () => {
    const first = await raw(svc.url, '/function_list');
    const etag = String(first.headers['etag']);
    const again = await raw(svc.url, '/function_list', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers['etag'], etag);
    assert.equal(
      (await raw(svc.url, '/function_list', { headers: { 'if-none-match': `"other", W/${etag}` } })).status,
      304,
    );
    assert.equal((await raw(svc.url, '/function_list', { headers: { 'if-none-match': '"other"' } })).status, 200);
    const lm = String(first.headers['last-modified']);
    assert.equal((await raw(svc.url, '/function_list', { headers: { 'if-modified-since': lm } })).status, 304);
    assert.equal(
      (await raw(svc.url, '/function_list', { headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } }))
        .status,
      200,
    );
    // Per-tag resources have their own ETag.
    const rec = await raw(svc.url, tagPath('function', '$c[]'));
    assert.notEqual(rec.headers['etag'], etag);
    assert.equal(
      (await raw(svc.url, tagPath('function', '$c[]'), { headers: { 'if-none-match': String(rec.headers['etag']) } }))
        .status,
      304,
    );
  });

  it('compresses with br or gzip when asked, and not when refused', async () => {
    const plain = await raw(svc.url, '/function_list');
    const br = await raw(svc.url, '/function_list', { headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(zlib.brotliDecompressSync(br.body), plain.body);
    assert.ok(br.body.length < plain.body.length);
    const gz = await raw(svc.url, '/function_list', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gz.body), plain.body);
    assert.equal(gz.headers['vary'], 'Accept-Encoding');
    const none = await raw(svc.url, '/function_list', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    assert.equal(none.headers['content-encoding'], undefined);
    assert.equal(negotiate('*'), 'br');
    assert.equal(negotiate('identity'), 'identity');
    assert.equal(negotiate('br;q=0, *;q=0.5'), 'gzip');
  });

  it('never reaches the file system: traversal attempts are plain 404s', async () => {
    for (const path of [
      '/../function_list',
      '/function/../../etc/passwd',
      '/function/..%2F..%2Fetc%2Fpasswd',
      '/function/%2e%2e',
      '/./function_list',
      '/function_list/',
      '//function_list',
      '/',
      '/etc/passwd',
      '/function/',
    ]) {
      const r = await raw(svc.url, path);
      assert.equal(r.status, 404, path);
      assert.equal((jsonOf(r) as { error: string }).error, 'not_found', path);
    }
  });

  it('refuses overlong URLs and headers, and malformed requests', async () => {
    const long = await raw(svc.url, '/function/' + 'a'.repeat(5000));
    assert.equal(long.status, 414);
    const header = await rawSocket(
      svc.url,
      `GET /function_list HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`,
    );
    assert.match(header, /^HTTP\/1\.1 431 /);
    const garbage = await rawSocket(svc.url, 'THIS IS NOT HTTP\r\n\r\n');
    assert.match(garbage, /^HTTP\/1\.1 400 /);
    const badTarget = await rawSocket(svc.url, 'GET fun\x01ction HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match(badTarget, /^HTTP\/1\.1 400 /);
    // Still answering.
    assert.equal((await raw(svc.url, '/function_tag_list')).status, 200);
  });

  it('keeps answering others while slow clients dawdle', async () => {
    const url = new URL(svc.url);
    const slow: net.Socket[] = [];
    for (let i = 0; i < 20; i++) {
      const s = net.connect(Number(url.port), url.hostname);
      s.on('error', () => undefined);
      // Half a request line, then nothing.
      s.write('GET /function_li');
      slow.push(s);
    }
    // A client that asks and never reads the body.
    const lazy = net.connect(Number(url.port), url.hostname);
    lazy.on('error', () => undefined);
    lazy.write('GET /function_list HTTP/1.1\r\nHost: x\r\n\r\n');
    lazy.pause();
    try {
      const r = await raw(svc.url, '/function_list');
      assert.equal(r.status, 200);
    } finally {
      for (const s of slow) s.destroy();
      lazy.destroy();
    }
  });

  it('answers many concurrent connections', async () => {
    const paths = [
      '/function_list',
      '/callback_list',
      '/function_tag_list',
      tagPath('function', '$addButton[]'),
      '/nope',
    ];
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => raw(svc.url, paths[i % paths.length]!)));
    results.forEach((r, i) => assert.equal(r.status, i % paths.length === 4 ? 404 : 200));
  });

  it('survives clients that vanish mid-response', async () => {
    const url = new URL(svc.url);
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<void>((resolve) => {
            const s = net.connect(Number(url.port), url.hostname, () => {
              s.write('GET /function_list HTTP/1.1\r\nHost: x\r\n\r\n');
              s.once('data', () => {
                s.resetAndDestroy();
                resolve();
              });
            });
            s.on('error', () => resolve());
          }),
      ),
    );
    assert.equal((await raw(svc.url, '/callback_tag_list')).status, 200);
  });
});

describe('catalog service under connection abuse', function () {
  this.timeout(20_000);
  const data = testCatalogData();
  let svc: RunningService;
  const sockets: net.Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  afterEach(async () => {
    for (const t of timers.splice(0)) clearInterval(t);
    for (const s of sockets.splice(0)) s.destroy();
    await svc?.close();
  });

  /** A client socket that keeps its side open (as an attacker's does) and ignores errors. */
  function connect(port: number, options: { halfOpen?: boolean } = {}): Promise<net.Socket> {
    return new Promise((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1', allowHalfOpen: options.halfOpen ?? false }, () => resolve(s));
      s.on('error', () => undefined);
      sockets.push(s);
    });
  }

  /** Polls `ok` every 50 ms until it holds, failing after `ms`. */
  async function eventually(ok: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
    const until = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > until) assert.fail(`${what} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const openConnections = (): Promise<number> =>
    new Promise((resolve, reject) => svc.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

  it('destroys the connection of a malformed request even when the client never closes its side', async () => {
    svc = await startCatalogService(data);
    const port = Number(new URL(svc.url).port);
    const answers: Array<Promise<string>> = [];
    for (let i = 0; i < 50; i++) {
      const s = await connect(port, { halfOpen: true });
      answers.push(
        new Promise((resolve) => {
          let got = '';
          s.on('data', (c: Buffer) => (got += c.toString('latin1')));
          s.on('end', () => resolve(got));
        }),
      );
      s.write(
        i % 2
          ? 'THIS IS NOT HTTP\r\n\r\n'
          : `GET /function_list HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      );
    }
    for (const [i, got] of (await Promise.all(answers)).entries())
      assert.match(got, i % 2 ? /^HTTP\/1\.1 400 / : /^HTTP\/1\.1 431 /);
    // The clients still hold their side; the service must not.
    await eventually(async () => (await openConnections()) === 0, 3000, 'every connection closed by the service');
    assert.equal((await raw(svc.url, '/function_tag_list')).status, 200);
  });

  it('cuts clients that send their headers too slowly, on the headers time limit', async () => {
    svc = await startCatalogService(data, { headersTimeoutMs: 500, requestTimeoutMs: 500, idleTimeoutMs: 10_000 });
    const port = Number(new URL(svc.url).port);
    const closed: Array<Promise<number>> = [];
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      const s = await connect(port);
      s.write('GET /function_list HTTP/1.1\r\nHost: x\r\n');
      // One header line every 100 ms: never idle, never done.
      timers.push(setInterval(() => s.writable && s.write(`X-Slow-${i}: 1\r\n`), 100));
      closed.push(new Promise((resolve) => s.once('close', () => resolve(Date.now() - started))));
    }
    const after = await Promise.all(closed);
    assert.ok(Math.max(...after) < 5000, `closed after ${Math.max(...after)} ms`);
    await eventually(async () => (await openConnections()) === 0, 2000, 'no connection left');
  });

  it('keeps serving a prompt client while hundreds of slow ones hold connections', async () => {
    // Long limits, so the attack lasts the whole test; the caps and eviction must do the work.
    svc = await startCatalogService(data);
    // Node's own connection cap, lowered as an operator would, so that the attack can fill it.
    svc.server.maxConnections = 200;
    const port = Number(new URL(svc.url).port);
    for (let i = 0; i < 400; i++) {
      const s = await connect(port);
      s.pause();
      if (i % 20 === 0) {
        // A client that asks and never reads.
        s.write('GET /function_list HTTP/1.1\r\nHost: x\r\n\r\n');
      } else {
        s.write('GET /function_list HTTP/1.1\r\nHost: x\r\n');
        timers.push(setInterval(() => s.writable && s.write(`X-Slow-${i}: 1\r\n`), 500));
      }
    }
    for (let probe = 0; probe < 20; probe++) {
      const started = Date.now();
      const r = await raw(svc.url, probe % 2 ? '/function_list' : tagPath('function', '$addButton[]'));
      assert.equal(r.status, 200);
      assert.ok(Date.now() - started < 5000, `probe ${probe} took ${Date.now() - started} ms`);
    }
    const stats = svc.connections();
    assert.ok(stats.evicted >= 20, JSON.stringify(stats));
    assert.ok(stats.open <= 128 + 1, JSON.stringify(stats));
  });

  it('counts IPv4, mapped IPv4 and IPv6 /64 prefixes as one address each', () => {
    assert.equal(addressKey('127.0.0.1'), '127.0.0.1');
    assert.equal(addressKey('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(addressKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:0db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
    assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(addressKey(undefined), undefined);
  });
});
