// Properties of the command line's output for random Unicode input, shared by the fixed-run test
// (test/cli/machineOutput.test.ts) and `npm run fuzz -- --only output`: every format that claims
// JSON (`check --format json`, `--format sarif`, `preview --format json`, one value per line,
// `catalog status --json`, and the JSON-RPC lines `bdscript mcp` writes) parses and holds no raw
// control or format character, with each file name and text kept as the same JSON value; HTML
// carries such characters as character references; the text formats show them visibly. Files and
// their names mix arbitrary code points with the characters Discord users paste on purpose
// (zero-width space, soft hyphen, RLM, U+2028, DEL).

import * as assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliIO } from '../../server/src/cli/args';
import { main } from '../../server/src/cli/main';
import { createMcpServer, jsonGuardedStream } from '../../server/src/cli/mcp';
import { artifactLocation } from '../../server/src/cli/sarif';
import { snapshotCatalog } from '../support/testCatalog';
import { hostileText } from './catalog';

/** Every character a terminal would act on or hide; only `\n` may stay raw in composed output. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/** The characters of issue #26 and their company: each breaks a guard that escapes the wrong way. */
export const INVISIBLE_CHARACTERS = ['\u200b', '\u00ad', '\u200f', '\u2028', '\u2029', '\u007f', '\u0085', '\ufeff'];

const invisible = fc.constantFrom(...INVISIBLE_CHARACTERS);

/** Text with random code points (lone surrogates too), hostile tokens and the invisible characters. */
const unicodeText: fc.Arbitrary<string> = fc
  .array(fc.oneof(hostileText, invisible, fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 6 })
  .map((parts) => parts.join(''));

/** Where the text lands in a command: content, the parts of an embed, components, unknown names. */
const line: fc.Arbitrary<string> = fc.oneof(
  unicodeText,
  unicodeText.map((t) => `$title[${t}]`),
  unicodeText.map((t) => `$description[${t}]`),
  fc.tuple(unicodeText, unicodeText).map(([a, b]) => `$addField[${a};${b}]`),
  unicodeText.map((t) => `$footer[${t}]`),
  unicodeText.map((t) => `$addButton[no;id;${t};primary]`),
  unicodeText.map((t) => `$unknown${t}[x]`),
  unicodeText.map((t) => `$var[${t};1]`),
);

/** One command file: its name (without `/` or NUL, kept short for the file system) and its text. */
export interface UnicodeFile {
  readonly name: string;
  readonly text: string;
}

const fileName: fc.Arbitrary<string> = fc
  .array(fc.oneof(invisible, fc.constantFrom('\u202e', '\x1b[2J', 'é', '日', '👍', ' '), fc.string({ maxLength: 4 })), {
    maxLength: 4,
  })
  .map((parts) => parts.join('').replace(/[/\\\0]/g, '_'));

export const unicodeFiles: fc.Arbitrary<UnicodeFile[]> = fc.array(
  fc.record({ name: fileName, text: fc.array(line, { maxLength: 8 }).map((lines) => lines.join('\n')) }),
  { minLength: 1, maxLength: 3 },
);

/** Runs the CLI in process as the bundled one runs, with its last guard; stdout and stderr as text. */
async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIO = {
    stdout: (s) => void (out.stdout += s),
    stderr: (s) => void (out.stderr += s),
    cwd,
    env: { HOME: cwd, XDG_CACHE_HOME: path.join(cwd, 'cache') },
  };
  const code = await main(argv, io);
  return { code, ...out };
}

/**
 * Fails when `text` holds an unsafe character other than `\n`; in text for a person (`emoji`) a
 * zero-width joiner between two pictographs stays too, as `visible` keeps it inside an emoji.
 */
function assertNoRaw(text: string, what: string, emoji = false): void {
  const chars = [...text];
  const at = chars.findIndex(
    (ch, i) =>
      ch !== '\n' &&
      UNSAFE.test(ch) &&
      !(emoji && ch === '\u200d' && PICTOGRAPH.test(chars[i - 1] ?? '') && PICTOGRAPH.test(chars[i + 1] ?? '')),
  );
  if (at >= 0)
    assert.fail(
      `${what} has a raw ${JSON.stringify([...text][at])}: …${JSON.stringify([...text].slice(Math.max(0, at - 30), at + 30).join(''))}…`,
    );
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    assert.fail(`${what} is not JSON (${(err as Error).message}): ${JSON.stringify(text.slice(0, 300))}`);
  }
}

/**
 * Writes the files into `dir` (each name after an index, so names are unique and never `.` or
 * `..`), runs every format over them and checks what each promises. The file names are written
 * as the file system keeps them (a lone surrogate becomes U+FFFD), and the outputs must name them so.
 */
export async function checkMachineOutput(dir: string, files: readonly UnicodeFile[]): Promise<void> {
  const names: string[] = [];
  for (const [i, f] of files.entries()) {
    const name = Buffer.from(`${i}-${f.name}.bds`, 'utf8').toString('utf8');
    names.push(name);
    await fsp.writeFile(path.join(dir, name), f.text);
  }
  const common = ['--cache-dir', path.join(dir, 'cache')];

  const json = await cli(['check', '--format', 'json', ...common, '--', ...names], dir);
  assert.ok(json.code === 0 || json.code === 1, `check --format json exited ${json.code}: ${json.stderr}`);
  assertNoRaw(json.stdout, 'check --format json');
  const entries = parse(json.stdout, 'check --format json') as Array<{ file: string; message: string }>;
  assert.ok(Array.isArray(entries));
  for (const e of entries) assert.ok(names.includes(e.file), `an entry names ${JSON.stringify(e.file)}`);

  const sarif = await cli(['check', '--format', 'sarif', ...common, '--', ...names], dir);
  assertNoRaw(sarif.stdout, 'check --format sarif');
  const log = parse(sarif.stdout, 'check --format sarif') as { runs: Array<{ results: unknown[] }> };
  assert.equal(log.runs[0]?.results.length, entries.length, 'SARIF has a result per JSON entry');

  const preview = await cli(['preview', '--format', 'json', ...common, '--', ...names], dir);
  assert.equal(preview.code, 0, preview.stderr);
  assertNoRaw(preview.stdout, 'preview --format json');
  const lines = preview.stdout.split('\n');
  assert.equal(lines.pop(), '', 'preview --format json ends with a line break');
  assert.equal(lines.length, names.length, 'one line per file');
  lines.forEach((l, i) => {
    const value = parse(l, `preview --format json line ${i + 1}`) as { file: string; message: unknown };
    assert.equal(value.file, names[i]);
    assert.equal(typeof value.message, 'object');
  });

  const html = await cli(['preview', '--format', 'html', ...common, '--', ...names], dir);
  assert.equal(html.code, 0, html.stderr);
  assertNoRaw(html.stdout, 'preview --format html');

  for (const argv of [
    ['check', ...common, '--', ...names],
    ['preview', ...common, '--', ...names],
  ]) {
    const text = await cli(argv, dir);
    assertNoRaw(text.stdout, `${argv[0]} (text)`, true);
    assertNoRaw(text.stderr, `${argv[0]} (text) on stderr`, true);
  }

  // `catalog status --json` with each file as the snapshot: the file is no snapshot, so the
  // status names it among its problems, with the catalog it falls back to.
  for (const name of names) {
    const cacheDir = ['--cache-dir', path.join(dir, `cache-${name}`)];
    const status = await cli(['catalog', 'status', '--offline', '--json', ...cacheDir, '--snapshot', name], dir);
    assert.equal(status.code, 0, status.stderr);
    assertNoRaw(status.stdout, 'catalog status --json');
    const value = parse(status.stdout, 'catalog status --json') as { problems: string[]; cacheFile: string };
    const file = path.join(dir, name);
    assert.ok(
      value.problems.some((p) => p.startsWith(`snapshot ${file}: `)),
      `a problem names the snapshot ${JSON.stringify(file)}: ${JSON.stringify(value.problems)}`,
    );
    assert.ok(value.cacheFile.startsWith(path.join(dir, `cache-${name}`)), 'the cache file is named as given');
    const text = await cli(['catalog', 'status', '--offline', ...cacheDir, '--snapshot', name], dir);
    assertNoRaw(text.stdout, 'catalog status (text)', true);
    assertNoRaw(text.stderr, 'catalog status (text) on stderr', true);
  }
  for (const name of names) await fsp.rm(path.join(dir, name));
}

const mcpCatalog = snapshotCatalog();

/**
 * Serves `bdscript mcp`'s server (its tools and its JSON guard on the output) over in-memory
 * streams, calls `check` and `preview` on each file's text and `describe_function` and
 * `search_functions` on its name, and checks that every request gets one answer, each on a line
 * of JSON without a raw control or format character.
 */
export async function checkMcpOutput(files: readonly UnicodeFile[]): Promise<void> {
  const input = new PassThrough();
  const wire = new PassThrough();
  let written = '';
  wire.setEncoding('utf8').on('data', (s: string) => (written += s));
  const server = createMcpServer(mcpCatalog);
  await server.connect(new StdioServerTransport(input, jsonGuardedStream(wire)));
  const calls: unknown[] = [
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
  ];
  let id = 0;
  for (const f of files) {
    calls.push({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: { name: 'check', arguments: { code: f.text } },
    });
    calls.push({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: { name: 'preview', arguments: { code: f.text } },
    });
    calls.push({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: { name: 'describe_function', arguments: { name: f.name || '$' } },
    });
    calls.push({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: { name: 'search_functions', arguments: { query: `${f.name} a` } },
    });
  }
  for (const c of calls) input.write(JSON.stringify(c) + '\n');
  // Every request is answered (the initialize and each call), in order.
  const expected = id + 1;
  for (let waited = 0; written.split('\n').length - 1 < expected; waited++) {
    if (waited > 2_000) assert.fail(`mcp answered ${written.split('\n').length - 1} of ${expected} requests`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await server.close();
  const lines = written.split('\n');
  assert.equal(lines.pop(), '');
  const ids: number[] = [];
  for (const [i, line] of lines.entries()) {
    assertNoRaw(line, `mcp line ${i + 1}`);
    const message = parse(line, `mcp line ${i + 1}`) as { id: number };
    ids.push(message.id);
  }
  // Each request answered once (tools answer as they finish, not in order).
  assert.deepEqual(
    ids.sort((a, b) => a - b),
    Array.from({ length: expected }, (_, i) => i),
  );
}

/** A file name segment: any characters but `/` and NUL, often with leading dots, never `.` or `..`. */
const segment: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('', '.', '..', '...'), fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }))
  .map(([dots, name]) => (dots + name).replace(/[/\\\0]/g, '_'))
  .filter((s) => s !== '.' && s !== '..');

/** A path relative to the working directory: segments, some `..` and `.` steps, maybe leaving it. */
export const sarifPath: fc.Arbitrary<{ readonly parts: readonly string[]; readonly escapes: number }> = fc.record({
  parts: fc.array(fc.oneof({ weight: 5, arbitrary: segment }, fc.constant('.')), { minLength: 1, maxLength: 5 }),
  escapes: fc.nat({ max: 2 }),
});

/**
 * What SARIF's artifact location promises for a file at `../` × escapes + parts from `cwd`: a file
 * inside the working directory (by path segments, so `..notes.bds` is inside) gets a URI relative
 * to `%SRCROOT%` that resolves against the working directory's URI to the file itself; a file
 * outside gets an absolute `file:` URI that names the file itself.
 */
/** `text` with each lone surrogate as U+FFFD, as a file system names it. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

export function checkSarifLocation(input: { readonly parts: readonly string[]; readonly escapes: number }): void {
  const cwd = path.resolve('/work/repo/sub');
  const file = [...Array.from({ length: input.escapes }, () => '..'), ...input.parts].join('/');
  const full = path.resolve(cwd, file);
  const inside = full.startsWith(cwd + path.sep);
  const location = artifactLocation(file, cwd);
  // The path a URI names, as the file system spells names (a lone surrogate reads as U+FFFD).
  const named = (uri: string): string => decodeURIComponent(new URL(uri).pathname);
  if (!inside) {
    assert.equal(location.uriBaseId, undefined, `${file} is outside`);
    assert.equal(named(location.uri), wellFormed(full), `${file}: ${location.uri}`);
    return;
  }
  assert.equal(location.uriBaseId, '%SRCROOT%', `${file} is inside`);
  assert.ok(!location.uri.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(location.uri), location.uri);
  const base = `${pathToFileURL(cwd).href}/`;
  assert.equal(named(new URL(location.uri, base).href), wellFormed(full), `${file} resolves back`);
}
