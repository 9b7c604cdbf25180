// `bdscript mcp` driven by the MCP SDK's own client over stdio, with the bundled CLI started as the
// set-ups of docs/mcp.md and the README say: the four tools and their schemas, findings with fixes
// that apply, Discord's JSON, function descriptions and search; untrusted input (too long, wrong
// types, no words) answered with errors that say what to send; no network and no file opened by a
// tool (both watched by a preloaded guard); every JSON-RPC line on the wire parses with invisible
// characters escaped; a message over the size cap ends the server with a message; closing stdin
// ends it with 0.

import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, promises as fsp, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts } from '../../server/src/core/catalog/decode';
import { startCatalogService } from '../support/catalogService';
import { testCatalogParts } from '../support/testCatalog';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');

/**
 * Records every connection, DNS lookup and file opened by the process once `mcp` has started
 * serving (the catalog is loaded by then), and refuses every host but the loopback.
 */
const GUARD = `
const fs = require('node:fs');
const net = require('node:net');
const dns = require('node:dns');
const log = process.env.BDSCRIPT_TEST_GUARD_LOG;
const note = (line) => fs.appendFileSync(log, line + '\\n');
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  let o = args[0];
  if (Array.isArray(o)) o = o[0];
  const host = o && typeof o === 'object' ? (o.path ? 'pipe:' + o.path : String(o.host ?? 'localhost')) : String(args[1] ?? 'localhost');
  note('connect ' + host);
  if (host !== '127.0.0.1' && !host.startsWith('pipe:')) {
    process.nextTick(() => this.destroy(new Error('refused by the test guard: ' + host)));
    return this;
  }
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) { note('lookup ' + host); return lookup.call(this, host, ...rest); };
// Serving starts when the transport listens to stdin (the catalog is loaded by then); reading
// stdin here would take the first message from it.
let serving = false;
const on = process.stdin.on;
process.stdin.on = function (event, ...rest) { if (event === 'data') serving = true; return on.call(this, event, ...rest); };
const watch = (object, name) => {
  const original = object[name];
  object[name] = function (file, ...rest) {
    if (serving && typeof file !== 'number') note('file ' + name + ' ' + String(file));
    return original.call(this, file, ...rest);
  };
};
for (const name of ['open', 'openSync', 'readFile', 'readFileSync', 'readdir', 'readdirSync', 'stat', 'statSync', 'lstat', 'writeFile', 'writeFileSync']) watch(fs, name);
for (const name of ['open', 'readFile', 'readdir', 'stat', 'lstat', 'writeFile']) watch(fs.promises, name);
`;

/**
 * The `command` and `args` of the configuration blocks that name `bdscript.js`: docs/mcp.md's
 * set-ups, then the one in the README's section.
 */
function setupConfigs(): Array<{ command: string; args: string[] }> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## AI assistants (MCP)');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const docs = readFileSync(path.join(ROOT, 'docs', 'mcp.md'), 'utf8');
  const out: Array<{ command: string; args: string[] }> = [];
  for (const m of `${docs}\n${section}`.matchAll(/```json\n([\s\S]*?)```/g)) {
    const config = JSON.parse(m[1] ?? '') as {
      mcpServers?: Record<string, { command: string; args: string[] }>;
      servers?: Record<string, { type: string; command: string; args: string[] }>;
    };
    const server = config.mcpServers?.['bdscript'] ?? config.servers?.['bdscript'];
    assert.ok(server, `a set-up block names the bdscript server: ${m[1]}`);
    if (config.servers) assert.equal(config.servers['bdscript']?.type, 'stdio');
    out.push({ command: server.command, args: server.args });
  }
  return out;
}

function text(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  assert.equal(content?.type, 'text');
  return (content as { text: string }).text;
}

describe('bdscript mcp (bundled CLI, the SDK client over stdio)', function () {
  this.timeout(60_000);
  let tmp: string;
  let guardLog: string;
  let client: Client;
  let stderr: string;

  before(function () {
    if (!existsSync(CLI)) this.skip();
  });

  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-mcp-'));
    guardLog = path.join(tmp, 'guard.log');
    await fsp.writeFile(path.join(tmp, 'guard.cjs'), GUARD);
    await fsp.writeFile(guardLog, '');
    // Started as the Claude Desktop block says, with the bundled CLI for bdscript.js; the set-ups
    // of docs/mcp.md (Claude Desktop, VS Code) and the README's block run the same command.
    const configs = setupConfigs();
    const [config] = configs;
    assert.ok(config);
    assert.equal(configs.length, 3, 'two set-ups in docs/mcp.md, one in the README');
    for (const other of configs) assert.deepEqual(other, config);
    assert.deepEqual(config.args.slice(1), ['mcp']);
    const transport = new StdioClientTransport({
      command: config.command === 'node' ? process.execPath : config.command,
      args: ['--require', path.join(tmp, 'guard.cjs'), CLI, ...config.args.slice(1)],
      cwd: tmp,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: tmp,
        XDG_CACHE_HOME: path.join(tmp, 'cache'),
        BDSCRIPT_TEST_GUARD_LOG: guardLog,
      },
      stderr: 'pipe',
    });
    stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'bdscript-test', version: '1.0.0' });
    await client.connect(transport);
  });

  afterEach(async () => {
    await client.close();
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  it('lists the four tools, read-only, with their input limits in the schema', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check', 'describe_function', 'preview', 'search_functions']);
    for (const t of tools) {
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.ok(t.description && t.description.length > 40, t.name);
      assert.ok(t.outputSchema, t.name);
    }
    const check = tools.find((t) => t.name === 'check');
    const code = (check?.inputSchema.properties as Record<string, { maxLength?: number }>)['code'];
    assert.equal(code?.maxLength, 1_048_576);
    assert.deepEqual(check?.inputSchema.required, ['code']);
    const info = client.getServerVersion();
    assert.equal(info?.name, 'bdscript');
    assert.match(client.getInstructions() ?? '', /check/);
  });

  it('check: findings placed from 1 with fixes that apply, as structured content and as JSON text', async () => {
    const code = 'Hi 😀 $usernam\n$title[Hello';
    const result = await client.callTool({ name: 'check', arguments: { code } });
    assert.equal(result.isError, undefined);
    const answer = result.structuredContent as {
      findings: Array<{
        line: number;
        column: number;
        code: string;
        severity: string;
        fixes: Array<{
          preferred: boolean;
          edits: Array<{ line: number; column: number; endLine: number; endColumn: number; newText: string }>;
        }>;
      }>;
      counts: Record<string, number>;
      omitted: number;
    };
    assert.deepEqual(JSON.parse(text(result)), answer);
    const unknown = answer.findings.find((f) => f.code === 'unknown-function');
    assert.deepEqual([unknown?.line, unknown?.column, unknown?.severity], [1, 7, 'warning']);
    const fix = unknown?.fixes.find((f) => f.preferred);
    assert.ok(fix);
    const doc = TextDocument.create('file:///x.bds', 'bdscript', 1, code);
    const fixed = TextDocument.applyEdits(
      doc,
      fix.edits.map((e) => ({
        range: {
          start: { line: e.line - 1, character: e.column - 1 },
          end: { line: e.endLine - 1, character: e.endColumn - 1 },
        },
        newText: e.newText,
      })),
    );
    assert.equal(fixed, 'Hi 😀 $username\n$title[Hello');
    assert.ok(answer.findings.some((f) => f.code === 'unclosed-bracket' && f.severity === 'error'));
    assert.equal(answer.counts['error'], 1);
    assert.equal(answer.omitted, 0);

    // The options change the findings as --premium and --language do.
    const premium = '$awaitReactions[cmd;👍]';
    const without = await client.callTool({ name: 'check', arguments: { code: premium } });
    const withPremium = await client.callTool({ name: 'check', arguments: { code: premium, premium: true } });
    const codes = (r: unknown) =>
      (r as { structuredContent: { findings: Array<{ code: string }> } }).structuredContent.findings.map((f) => f.code);
    assert.ok(codes(without).includes('premium'));
    assert.ok(!codes(withPremium).includes('premium'));
  });

  it("preview: Discord's message JSON with invisible characters kept, and notes by line", async () => {
    const result = await client.callTool({
      name: 'preview',
      arguments: { code: 'Hello $username\n$title[\u200b]\n$addField[\u200b;soft\u00adhyphen]' },
    });
    const answer = result.structuredContent as {
      message: { content: string; embeds: Array<{ title: string; fields: Array<{ name: string; value: string }> }> };
      notes: Array<{ line: number | null; message: string }>;
    };
    assert.equal(answer.message.content, 'Hello {$username}');
    assert.equal(answer.message.embeds[0]?.title, '\u200b');
    assert.deepEqual(answer.message.embeds[0]?.fields, [{ name: '\u200b', value: 'soft\u00adhyphen' }]);
    assert.deepEqual(JSON.parse(text(result)), answer);
  });

  it('describe_function: forms, arguments and the wiki link; an unknown name gets "did you mean"', async () => {
    const result = await client.callTool({ name: 'describe_function', arguments: { name: 'addButton' } });
    const info = result.structuredContent as {
      name: string;
      forms: Array<{ signature: string; wikiUrl: string; arguments: Array<{ name: string; flag: string }> | null }>;
    };
    assert.equal(info.name, '$addButton');
    assert.match(info.forms[0]?.signature ?? '', /^\$addButton\[New row;Button ID\/URL;Label;Style;\(/);
    assert.equal(info.forms[0]?.wikiUrl, 'https://wiki.botdesignerdiscord.com/bdscript/addButton.html');
    const args = info.forms[0]?.arguments ?? [];
    assert.deepEqual(
      args.slice(0, 4).map((a) => a.name),
      ['New row', 'Button ID/URL', 'Label', 'Style'],
    );
    assert.ok(
      args.some((a) => a.name === 'Disabled' && a.flag !== 'Required'),
      JSON.stringify(args),
    );

    const unknown = await client.callTool({ name: 'describe_function', arguments: { name: '$usernme' } });
    assert.equal(unknown.isError, true);
    assert.match(text(unknown), /^The catalog has no function or callback named \$usernme\. Did you mean \$username/);
  });

  it('search_functions: names by words, common ones first, within the limit', async () => {
    const result = await client.callTool({ name: 'search_functions', arguments: { query: 'add button' } });
    const { results } = result.structuredContent as { results: Array<{ name: string; signature: string }> };
    assert.equal(results[0]?.name, '$addButton');
    assert.ok(results.every((r) => /add/i.test(r.name + r.signature)));
    const capped = await client.callTool({ name: 'search_functions', arguments: { query: 'user', limit: 3 } });
    assert.equal((capped.structuredContent as { results: unknown[] }).results.length, 3);
  });

  it('answers bad input with errors that say what to send, and keeps serving', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['check', { code: 'x'.repeat(1_048_577) }, /code is longer than the limit of 1,048,576 characters/],
      ['check', { code: 42 }, /code must be a string of BDScript code/],
      ['check', {}, /code must be a string/],
      ['check', { code: '$x', language: 'Python' }, /language/],
      ['describe_function', { name: '' }, /name is empty/],
      ['describe_function', { name: 'a'.repeat(201) }, /name is longer than 200 characters/],
      ['search_functions', { query: ' ;; ' }, /query has no words/],
      ['search_functions', { query: 'x'.repeat(501) }, /query is longer than 500 characters/],
      ['search_functions', { query: 'role', limit: 0 }, /limit must be a whole number from 1 to 100/],
      ['search_functions', { query: 'role', limit: 2.5 }, /limit must be a whole number from 1 to 100/],
      ['check', { code: 'x', extra: Array.from({ length: 2_000 }, () => 1) }, /more than the maximum of 1000 elements/],
    ];
    for (const [name, args, expected] of cases) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args).slice(0, 80)}`);
      assert.match(text(result), expected);
    }
    const unknown = await client.callTool({ name: 'run_code', arguments: {} });
    assert.equal(unknown.isError, true);
    assert.match(text(unknown), /run_code not found/);
    const ok = await client.callTool({ name: 'check', arguments: { code: '$username' } });
    assert.equal(ok.isError, undefined);
  });

  it('opens no file and contacts no host while serving', async () => {
    for (const [name, args] of [
      ['check', { code: '$image[file:///etc/passwd]\n$getVar[../../etc/shadow]' }],
      ['preview', { code: '$image[/etc/passwd]' }],
      ['describe_function', { name: '$addButton' }],
      ['search_functions', { query: 'file' }],
    ] as const)
      await client.callTool({ name, arguments: args });
    assert.equal(readFileSync(guardLog, 'utf8'), '');
    assert.equal(stderr, '');
  });
});

describe('bdscript mcp on the wire (bundled CLI, raw JSON-RPC lines)', function () {
  this.timeout(60_000);
  let tmp: string;

  before(function () {
    if (!existsSync(CLI)) this.skip();
  });
  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-mcp-wire-'));
  });
  afterEach(async () => {
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  /** Starts `mcp`, writes `lines`, closes stdin after `closeAfter` answers, and collects what came back. */
  function session(
    lines: string[],
    answers: number,
    args: string[] = [],
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'mcp', ...args], {
        cwd: tmp,
        env: { PATH: process.env['PATH'] ?? '', HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'cache') },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => {
        stdout += s;
        if (stdout.split('\n').length - 1 >= answers) child.stdin.end();
      });
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.on('error', () => undefined);
      for (const line of lines) child.stdin.write(line + '\n');
      if (answers === 0) child.stdin.end();
    });
  }

  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });

  it('writes every line as JSON with invisible characters escaped, and ends with 0 when stdin closes', async () => {
    const code = 'Hello\u2028world \u200f$title[\u200b]\n$addField[\u200b;\u00ad\u007f]\n$nope\u200b';
    const r = await session(
      [
        initialize,
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'preview', arguments: { code } },
        }),
        JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'check', arguments: { code } } }),
      ],
      3,
    );
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    assert.equal(lines.length, 3);
    for (const line of lines) {
      assert.doesNotMatch(
        line,
        /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029]/,
        'no raw invisible character',
      );
      JSON.parse(line);
    }
    assert.match(r.stdout, /\\u200b/);
    const preview = JSON.parse(lines[1] ?? '') as { result: { structuredContent: { message: { content: string } } } };
    assert.equal(preview.result.structuredContent.message.content, 'Hello\u2028world \u200f\n{$nope}\u200b');
  });

  it('takes its catalog where check does: --catalog URL fetches it, without it the local sources answer', async () => {
    const parts = testCatalogParts();
    (parts.function_list as unknown[]).push({
      tag: '$greetNewcomer[Name]',
      shortDescription: 'A function only the served catalog has.',
      longDescription: '',
      arguments: [{ name: 'Name', type: 'String', required: true }],
      intents: 0,
      premium: false,
    });
    const service = await startCatalogService(new Catalog(decodeCatalogParts(parts, 'served').value).data);
    try {
      const ask = JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'describe_function', arguments: { name: '$greetNewcomer' } },
      });
      const served = await session([initialize, ask], 2, ['--catalog', service.url]);
      assert.equal(served.code, 0, served.stderr);
      assert.match(served.stdout, /"signature":"\$greetNewcomer\[Name\]"/);
      const local = await session([initialize, ask], 2);
      assert.match(local.stdout, /no function or callback named \$greetNewcomer/);
    } finally {
      await service.close();
    }
  });

  it('ends with a message (exit 1) when a message is over the size cap', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'check', arguments: { code: 'x'.repeat(9 * 1024 * 1024) } },
    });
    const r = await session([initialize, huge], 0);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /bdscript mcp: a message from the client is larger than the limit of 8 MiB/);
  });

  /** Runs `bdscript mcp ARGS` with nothing on stdin. */
  function runOnce(args: string[]): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'mcp', ...args], { cwd: tmp, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  it('loads the SDK only when mcp runs, not for check', async () => {
    // zod, which the SDK's module loads, marks the global object when its module runs.
    const hook = path.join(tmp, 'hook.cjs');
    await fsp.writeFile(
      hook,
      "process.on('exit', () => require('node:fs').writeSync(2, 'zod loaded: ' + (globalThis.__zod_globalRegistry !== undefined) + '\\n'));",
    );
    await fsp.writeFile(path.join(tmp, 'a.bds'), '$username\n');
    const run = (args: string[]): Promise<string> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--require', hook, CLI, ...args], {
          cwd: tmp,
          env: { PATH: process.env['PATH'] ?? '', HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'cache') },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
        child.on('error', reject);
        child.on('close', () => resolve(stderr));
      });
    assert.match(await run(['check', 'a.bds']), /zod loaded: false/);
    assert.match(await run(['preview', 'a.bds']), /zod loaded: false/);
    assert.match(await run(['mcp']), /zod loaded: true/);
  });

  it('refuses unknown options and a missing snapshot before serving (exit 2)', async () => {
    const unknown = await runOnce(['--port', '1']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /bdscript mcp: unknown option --port/);
    const missing = await runOnce(['--catalog', 'missing.json']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /bdscript mcp: catalog .*missing\.json/);
  });
});
