// Terminal escape injection: a catalog served over 127.0.0.1 whose records, labels and headers
// carry escape sequences (window title, colours, clear screen, hyperlinks, C1 controls, bidi
// overrides), read by `check` (the bundled CLI), `catalog pull`, `catalog status` and `catalog
// serve`. Nothing raw may reach the terminal; each sequence shows up as visible escapes.

import * as assert from 'node:assert/strict';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliIO } from '../../server/src/cli/args';
import { main } from '../../server/src/cli/main';
import { hasUnsafeChars, jsonVisible, visible, visibleLines } from '../../server/src/core/catalog/controlChars';
import { encodeFunctionList } from '../../server/src/core/catalog/encode';
import { catalogBodies } from '../support/catalogService';
import * as F from '../support/faultServer';
import { bigCatalog } from '../support/catalogBig';

import { CLI, runCli } from '../support/cli';
/** Big enough that six dropped records stay under the 10% a list may lose. */
const full = bigCatalog(30);

/** Sequences a hostile catalog might carry, and how each must look once made visible. */
const ATTACKS: ReadonlyArray<readonly [string, string]> = [
  ['\x1b]0;pwned\x07', '\\x1b]0;pwned\\x07'], // window title
  ['\x1b[2J\x1b[H', '\\x1b[2J\\x1b[H'], // clear screen
  ['\x1b]8;;http://evil.invalid\x1b\\link\x1b]8;;\x1b\\', '\\x1b]8;;http://evil.invalid\\x1b\\link'], // hyperlink
  ['\u009b31m', '\\x9b31m'], // C1 CSI: red
  ['\u202egnp.exe', '\\u{202E}gnp.exe'], // right-to-left override
  ['a\u200bb', 'a\\u{200B}b'], // zero-width space
];

/** Records whose tags carry the attacks: each is dropped, and its label names it. */
function hostileRecords(): unknown[] {
  return ATTACKS.map(([seq], i) => ({
    tag: `$bad${i}${seq}[x]`,
    shortDescription: seq,
    arguments: [],
    intents: 0,
    premium: false,
  }));
}

/** Any character a terminal would act on or hide, other than the line breaks the tool writes. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
function assertNoRaw(text: string, what: string): void {
  const at = [...text].findIndex((ch) => ch !== '\n' && RAW.test(ch));
  assert.equal(
    at,
    -1,
    `${what} has a raw control or format character: ${JSON.stringify([...text].slice(Math.max(0, at - 20), at + 20).join(''))}`,
  );
}

async function run(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIO = { stdout: (s) => void (out.stdout += s), stderr: (s) => void (out.stderr += s), cwd, env };
  const code = await main(argv, io);
  return { code, ...out };
}

describe('untrusted text on the terminal', function () {
  this.timeout(30_000);
  let dir: string;
  let server: F.FaultServer;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-escapes-'));
    server = await F.startFaultServer(catalogBodies(full));
    // Few enough bad records (6 of 73) that the list is accepted, and each dropped with a label.
    server.routes.set(
      '/function_list',
      F.json(JSON.stringify([...encodeFunctionList(full.functions), ...hostileRecords()])),
    );
  });
  afterEach(async () => {
    await server.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  describe('the helper', () => {
    it('shows C0, DEL, C1, format characters, separators and lone surrogates as escapes', () => {
      for (const [seq, shown] of ATTACKS)
        assert.ok(visible(seq).startsWith(shown.slice(0, 12)), `${JSON.stringify(seq)} → ${visible(seq)}`);
      assert.equal(visible('a\tb\r\nc\x7f\u0085'), 'a\\tb\\r\\nc\\x7f\\x85');
      assert.equal(
        visible('x\u2028y\u2029z\u2066\u2069\ufeff\u00ad'),
        'x\\u{2028}y\\u{2029}z\\u{2066}\\u{2069}\\u{FEFF}\\xad',
      );
      assert.equal(visible('\ud800!'), '\\u{D800}!');
      assert.equal(visible('\u{E0041}'), '\\u{E0041}');
      assert.equal(visibleLines('one\ntwo\x1b'), 'one\ntwo\\x1b');
      for (const seq of ['plain text', '$addButton[a;b]', 'café ñ 日本 👍🏽']) assert.equal(visible(seq), seq);
    });

    it('keeps a zero-width joiner inside an emoji sequence, and shows it anywhere else', () => {
      for (const emoji of ['👨\u200d👩\u200d👧', '🧑🏽\u200d💻', '🏳️\u200d🌈', '👩\u200d❤️\u200d👨'])
        assert.equal(visible(emoji), emoji);
      assert.equal(visible('ab\u200dcd'), 'ab\\u{200D}cd');
      assert.equal(visible('👍\u200dx'), '👍\\u{200D}x');
      assert.ok(hasUnsafeChars('👨\u200d👩'));
    });

    it('writes JSON that parses to the same value and holds no raw unsafe character', () => {
      const value = { a: ATTACKS.map(([s]) => s), b: 'x\u0085\u2028\u{E0041}y', c: ['\ud800'] };
      const text = jsonVisible(value, 2);
      assertNoRaw(text, 'jsonVisible');
      assert.deepEqual(JSON.parse(text), value);
      assert.equal(jsonVisible(undefined), 'null');
    });
  });

  it('catalog pull shows the labels of dropped records and server text escaped', async () => {
    const r = await run(['catalog', 'pull', '--from', server.url, '--out', 'snap.json'], dir);
    assert.equal(r.code, 0, r.stderr);
    assertNoRaw(r.stdout + r.stderr, 'pull output');
    assert.match(r.stderr, /\$bad0\\x1b\]0;pwned\\x07/);
    // A Content-Encoding header carrying a C1 control, in a failure message.
    server.routes.set('/callback_list', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': '\u009b2J' }).end('[]');
    });
    const failed = await run(['catalog', 'pull', '--from', server.url, '--out', 'again.json', '--timeout', '5'], dir);
    assert.equal(failed.code, 1);
    assertNoRaw(failed.stdout + failed.stderr, 'failed pull output');
    assert.match(failed.stderr, /unsupported Content-Encoding "\\x9b2J"/i);
  });

  it('catalog status shows problems, the source and the refresh outcome escaped, in text and JSON', async () => {
    const env = { XDG_CACHE_HOME: path.join(dir, 'xdg') };
    const text = await run(['catalog', 'status', '--catalog', server.url, '--refresh'], dir, env);
    assert.equal(text.code, 0, text.stderr);
    assertNoRaw(text.stdout + text.stderr, 'status output');
    for (const [, shown] of ATTACKS.slice(0, 2)) assert.ok(text.stdout.includes(shown), `${shown} in ${text.stdout}`);
    const json = await run(
      ['catalog', 'status', '--catalog', server.url, '--cache-dir', 'other', '--refresh', '--json'],
      dir,
      env,
    );
    assertNoRaw(json.stdout + json.stderr, 'status --json output');
    const problems = (JSON.parse(json.stdout) as { problems: string[] }).problems;
    // The decoder already labels a dropped record with its escaped tag.
    assert.ok(
      problems.some((p) => p.includes('$bad0\\x1b]0;pwned\\x07')),
      problems.join(' | '),
    );
  });

  it('catalog serve shows the problems of its snapshot escaped', async () => {
    await fsp.writeFile(
      path.join(dir, 'snap.json'),
      JSON.stringify({ schema: 1, function_list: [...encodeFunctionList(full.functions), ...hostileRecords()] }),
    );
    const stop = new AbortController();
    const out = { stdout: '', stderr: '' };
    let listening!: () => void;
    const started = new Promise<void>((resolve) => (listening = resolve));
    const io: CliIO = {
      stdout: (s) => void ((out.stdout += s), listening()),
      stderr: (s) => void (out.stderr += s),
      cwd: dir,
      env: {},
      signal: stop.signal,
    };
    const done = main(['catalog', 'serve', '--snapshot', 'snap.json'], io);
    await started;
    stop.abort();
    assert.equal(await done, 0);
    assertNoRaw(out.stdout + out.stderr, 'serve output');
    assert.match(out.stderr, /serve: .*\$bad1\\x1b\[2J/);
  });

  it('check shows a refused catalog and diagnostics of a hostile file escaped (bundled CLI)', async function () {
    if (!existsSync(CLI)) this.skip();
    // So many bad records that the list is refused: check warns with the first problem.
    const records = [...encodeFunctionList(full.functions.slice(0, 10)), ...hostileRecords()];
    server.routes.set('/function_list', F.json(JSON.stringify(records)));
    const file = path.join(dir, `name\x1b[31m.bds`);
    await fsp.writeFile(file, '$title[\x1b]0;pwned\x07]\n$random[1;\u202e2]\n$usernam\u0085\n');
    for (const format of ['text', 'json']) {
      const r = await runCli(['check', '--format', format, '--catalog', server.url, path.basename(file)], { cwd: dir });
      assertNoRaw(r.stdout + r.stderr, `check --format ${format}`);
      assert.match(r.stderr, /refused: decoding dropped 6 of 16 entries .*\$bad0\\x1b\]0;pwned\\x07/, r.stderr);
      if (format === 'text') {
        assert.ok(
          r.stdout
            .split('\n')
            .filter(Boolean)
            .every((l) => l.startsWith('name\\x1b[31m.bds:')),
          r.stdout,
        );
      } else {
        const entries = JSON.parse(r.stdout) as Array<{ file: string }>;
        assert.ok(entries.length > 0 && entries.every((e) => e.file === path.basename(file)), r.stdout);
      }
    }
  });
});
