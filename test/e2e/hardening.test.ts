// The bundled server (dist/server.js) over real stdio against what broke it in an adversarial
// review: a catalog snapshot that is a FIFO nobody writes (requests must not wait for it), a
// malformed frame (or one beyond the frame cap) and an uncaught exception (the server must not stay up deaf or in an unknown
// state), and 5,000 / 20,000 nested blocks (symbols and folding must answer). HOME and
// XDG_CACHE_HOME point at a temporary folder.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompletionList, DocumentSymbol, FoldingRange } from 'vscode-languageserver-types';
import { MAX_FRAME_BYTES, MAX_HEADER_BYTES } from '../../server/src/node/frames';
import type { CatalogStatus } from '../../server/src/protocol/messages';
import { fullClientCapabilities, spawnServer, type SpawnedServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/attack.bds';

/** `depth` nested `$if` blocks (every other one a `$try`), one call per line. */
function nestedBlocks(depth: number): string {
  const lines: string[] = [];
  for (let i = 0; i < depth; i++) lines.push(i % 2 === 0 ? `$if[$random[1;2]==${i}]` : '$try');
  lines.push('$title[deep]');
  for (let i = depth - 1; i >= 0; i--) lines.push(i % 2 === 0 ? '$endif' : '$endtry');
  return lines.join('\n');
}

/** Every symbol of a tree with its depth, in document order, walked without recursion. */
function flatten(
  symbols: readonly DocumentSymbol[],
): Array<{ symbol: DocumentSymbol; depth: number; parent?: DocumentSymbol }> {
  const out: Array<{ symbol: DocumentSymbol; depth: number; parent?: DocumentSymbol }> = [];
  const work = symbols
    .map((symbol) => ({ symbol, depth: 0, parent: undefined as DocumentSymbol | undefined }))
    .reverse();
  while (work.length > 0) {
    const item = work.pop()!;
    out.push(item);
    const children = item.symbol.children ?? [];
    for (let i = children.length - 1; i >= 0; i--)
      work.push({ symbol: children[i]!, depth: item.depth + 1, parent: item.symbol });
  }
  return out;
}

function notAfter(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

describe('e2e: the bundled server over stdio under attack', function () {
  this.timeout(60_000);
  let tmp: string;
  let running: SpawnedServer | undefined;

  before(() => {
    assert.ok(existsSync(SERVER), `${SERVER} is missing: run \`npm run build\` first (npm test does)`);
  });

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bds-hard-'));
  });

  afterEach(() => {
    running?.kill();
    running = undefined;
    rmSync(tmp, { recursive: true, force: true });
  });

  function startServer(): SpawnedServer {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      timeoutMs: 20_000,
    });
    return running;
  }

  describe('a FIFO as bdscript.catalog.snapshot', () => {
    /** Lets a reader blocked on the FIFO go (it reads end of file); nothing happens when none waits. */
    function releaseFifo(fifo: string): void {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // ENXIO: nobody has the FIFO open for reading.
      }
    }

    it('answers every request with the bundled catalog while the FIFO never delivers', async function () {
      if (process.platform === 'win32') this.skip();
      const fifo = path.join(tmp, 'snapshot.json');
      execFileSync('mkfifo', [fifo]);
      const server = startServer();
      try {
        await server.client.initialize({
          capabilities: fullClientCapabilities(),
          initializationOptions: { catalog: { offline: true, snapshot: fifo, cacheDir: path.join(tmp, 'cache') } },
        });
        const started = Date.now();
        await server.client.open(URI, '$title[Hi]\n$addButtn[yes;id;Label;primary]\n$tit');
        // Diagnostics come from a real catalog: `$title` is known, the typo and the half-typed name are not.
        const diags = await server.client.diagnostics(URI, { timeoutMs: 10_000 });
        assert.deepEqual(
          diags.diagnostics.map((d) => [d.code, d.range.start.line]),
          [
            ['unknown-function', 1],
            ['unknown-function', 2],
          ],
        );
        const list = await server.client.request<CompletionList>('textDocument/completion', {
          textDocument: { uri: URI },
          position: { line: 2, character: 4 },
        });
        assert.ok(
          list.items.some((i) => i.label.startsWith('$title')),
          'completion offers $title',
        );
        const status = await server.client.request<CatalogStatus>('bdscript/catalogStatus');
        assert.equal(status.source, 'bundled');
        assert.ok(status.counts.functions > 100, JSON.stringify(status.counts));
        // Bounded by the server's wait for local sources, not by the FIFO.
        assert.ok(Date.now() - started < 8_000, `answers took ${Date.now() - started} ms`);
      } finally {
        releaseFifo(fifo);
      }
      await server.client.shutdown();
      assert.deepEqual(await server.exited(), { code: 0, signal: null });
    });
  });

  describe('a malformed frame', () => {
    const BODY = JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'bdscript/catalogStatus' });
    const FRAMES: Record<string, string> = {
      'a Content-Length shorter than the body': `Content-Length: 10\r\n\r\n${BODY}`,
      'a negative Content-Length': `Content-Length: -5\r\n\r\n${BODY}`,
      'a Content-Length that is not a number': `Content-Length: many\r\n\r\n${BODY}`,
      'no Content-Length at all': `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${BODY}`,
      // Issue #26: the reader waited for that many bytes and never answered or exited again.
      'a Content-Length of 20 digits': `Content-Length: 99999999999999999999\r\n\r\n${BODY}`,
      'a Content-Length beyond the frame cap': `Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n${BODY}`,
      'a header longer than its cap': `X-Pad: ${'x'.repeat(MAX_HEADER_BYTES)}\r\n\r\n${BODY}`,
    };

    for (const [shape, frame] of Object.entries(FRAMES)) {
      it(`with ${shape} makes the server say so and exit non-zero (the client restarts it)`, async () => {
        const server = startServer();
        await server.client.initialize({
          capabilities: fullClientCapabilities(),
          initializationOptions: { catalog: { offline: true } },
        });
        // A working server first: it answers.
        const status = await server.client.request<CatalogStatus>('bdscript/catalogStatus');
        assert.equal(status.source, 'bundled');
        server.child.stdin!.write(frame);
        const exit = await server.exited(10_000);
        assert.notEqual(exit.code, 0, `exit ${JSON.stringify(exit)}`);
        assert.equal(exit.signal, null);
        assert.match(
          server.stderr(),
          /^bdscript-language-server: the messages from the client cannot be read any more \(.+\); exiting so that the client starts a new server\n$/,
        );
      });
    }
  });

  describe('the end of the process', () => {
    it('exits when the client closes the stream: 0 after shutdown, 1 without it', async () => {
      const first = startServer();
      await first.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      await first.client.request('shutdown');
      first.child.stdin!.end();
      assert.deepEqual(await first.exited(), { code: 0, signal: null });
      const second = startServer();
      await second.client.initialize({ initializationOptions: { catalog: { offline: true } } });
      second.child.stdin!.end();
      assert.deepEqual(await second.exited(), { code: 1, signal: null });
    });

    it('crashes loudly on an exception nothing caught, so the client starts a new server', async () => {
      // Loaded before the server: an exception thrown from a timer once the server is serving.
      const plant = path.join(tmp, 'plant.cjs');
      writeFileSync(plant, "setTimeout(() => { throw new Error('planted failure'); }, 300);\n");
      running = spawnServer(process.execPath, ['--require', plant, SERVER, '--stdio'], {
        env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
        cwd: tmp,
      });
      // On a loaded machine the timer may fire before the answer: the crash is what is tested,
      // so the answer is not waited for once the process has ended.
      const exited = running.exited(10_000);
      await Promise.race([
        running.client.initialize({ initializationOptions: { catalog: { offline: true } } }),
        exited,
      ]);
      const exit = await exited;
      assert.deepEqual(exit, { code: 1, signal: null });
      assert.match(running.stderr(), /Error: planted failure/);
    });
  });

  describe('deeply nested blocks', () => {
    for (const depth of [5_000, 20_000]) {
      it(`answers document symbols and folding ranges for ${depth.toLocaleString('en-US')} nested $if/$try`, async () => {
        const server = startServer();
        await server.client.initialize({
          capabilities: fullClientCapabilities(),
          initializationOptions: { catalog: { offline: true } },
        });
        const text = nestedBlocks(depth);
        await server.client.open(URI, text);
        const symbols = await server.client.request<DocumentSymbol[]>('textDocument/documentSymbol', {
          textDocument: { uri: URI },
        });
        const all = flatten(symbols);
        // Every block is there once, in document order, each inside its parent.
        assert.equal(all.length, depth);
        all.forEach(({ symbol, parent }, i) => {
          assert.equal(symbol.name, i % 2 === 0 ? `$if[$random[1;2]==${i}]` : '$try', `symbol ${i}`);
          assert.equal(symbol.range.start.line, i);
          assert.equal(symbol.range.end.line, 2 * depth - i);
          if (parent)
            assert.ok(
              notAfter(parent.range.start, symbol.range.start) && notAfter(symbol.range.end, parent.range.end),
              `symbol ${i} lies inside its parent`,
            );
        });
        const deepest = Math.max(...all.map((s) => s.depth));
        assert.ok(deepest < 200, `nesting depth ${deepest} sent to the client`);
        const ranges = await server.client.request<FoldingRange[]>('textDocument/foldingRange', {
          textDocument: { uri: URI },
        });
        assert.equal(ranges.length, depth);
        ranges.forEach((r, i) =>
          assert.deepEqual([r.startLine, r.endLine], [i, 2 * depth - i - 1], `folding range ${i}`),
        );
        await server.client.shutdown();
        assert.deepEqual(await server.exited(), { code: 0, signal: null });
      });
    }
  });
});
