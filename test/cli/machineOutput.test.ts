// Machine formats stay valid for any input (issue #26): the characters Discord users paste on
// purpose (a zero-width space for a blank field name, a soft hyphen, RLM, U+2028, DEL) come out
// of `check --format json|sarif`, `preview --format json` and `catalog status --json` as JSON's
// own escapes (`\u200b`), of `preview --format html` as character references, and only the text
// formats show them as `\u{200B}`; `bdscript mcp` writes its JSON-RPC lines the same way. Through
// the bundled CLI for the named characters, and in process as a seeded property over random
// Unicode (longer runs: `npm run fuzz -- --only output`).

import * as assert from 'node:assert/strict';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { htmlSafe, jsonSafe } from '../../server/src/core/catalog/controlChars';
import {
  checkMachineOutput,
  checkMcpOutput,
  checkSarifLocation,
  INVISIBLE_CHARACTERS,
  sarifPath,
  unicodeFiles,
} from '../fuzz/output';

import { CLI, runCli, type CliRun } from '../support/cli';
const SEED = 20260126;

const run = (args: string[], cwd: string): Promise<CliRun> => runCli(args, { cwd });

describe('machine output for any input', function () {
  this.timeout(120_000);
  let dir: string;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-machine-'));
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  describe('the guards', () => {
    it('escape what JSON.stringify leaves raw as JSON does, keeping the value', () => {
      const value = { s: `a${INVISIBLE_CHARACTERS.join('')}b\u202e\u{E0041}`, t: ['\u2066x\u2069'] };
      const text = jsonSafe(JSON.stringify(value, null, 2));
      assert.match(text, /a\\u200b\\u00ad\\u200f\\u2028\\u2029\\u007f\\u0085\\ufeffb\\u202e\\udb40\\udc41/);
      assert.deepEqual(JSON.parse(text), value);
      // Lines between values stay lines (JSON lines), and a raw C0 character becomes valid JSON.
      assert.equal(jsonSafe('{"a":"\u200b"}\n{"b":"\x1b"}\n'), '{"a":"\\u200b"}\n{"b":"\\u001b"}\n');
    });

    it('write character references in HTML, by code point', () => {
      assert.equal(htmlSafe('<b>a\u200bb\u{E0041}\x1b</b>\n'), '<b>a&#x200B;b&#xE0041;&#x1B;</b>\n');
    });
  });

  describe('the bundled CLI', () => {
    before(function () {
      if (!existsSync(CLI)) this.skip();
    });

    const TEXT = [
      '$title[\u200b]',
      '$addField[\u200b;soft\u00adhyphen]',
      '$description[right\u200fleft line\u2028sep]',
      'del\u007f here',
    ].join('\n');

    it('preview --format json prints JSON that parses to the characters written', async () => {
      await fsp.writeFile(path.join(dir, 'blank.bds'), TEXT);
      const r = await run(['preview', '--format', 'json', 'blank.bds'], dir);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /\\u\{|\\x[0-9a-f]{2}/i, 'no escape that JSON does not have');
      assert.match(r.stdout, /\\u200b/);
      const value = JSON.parse(r.stdout) as {
        message: { content: string; embeds: Array<{ title: string; description: string; fields: unknown[] }> };
      };
      const embed = value.message.embeds[0];
      assert.equal(embed?.title, '\u200b');
      assert.equal(embed?.description, 'right\u200fleft line\u2028sep');
      assert.deepEqual(embed?.fields, [{ name: '\u200b', value: 'soft\u00adhyphen' }]);
      assert.equal(value.message.content, 'del\u007f here');
    });

    it('check --format json and sarif, and catalog status --json, parse; text shows the characters', async () => {
      await fsp.writeFile(path.join(dir, 'x\u200b\u2028.bds'), '$unknown\u200bname[a]\n$nope\u00ad\u007f');
      for (const format of ['json', 'sarif']) {
        const r = await run(['check', '--format', format, 'x\u200b\u2028.bds'], dir);
        assert.equal(r.code, 0, r.stderr);
        assert.doesNotMatch(r.stdout, /\\u\{|\\x[0-9a-f]{2}/i);
        assert.match(r.stdout, format === 'json' ? /x\\u200b\\u2028\.bds/ : /x%E2%80%8B%E2%80%A8\.bds/);
        JSON.parse(r.stdout);
      }
      const status = await run(['catalog', 'status', '--offline', '--json', '--snapshot', 'x\u200b\u2028.bds'], dir);
      JSON.parse(status.stdout);
      const text = await run(['check', 'x\u200b\u2028.bds'], dir);
      assert.match(text.stdout, /^x\\u\{200B\}\\u\{2028\}\.bds:1:1: /m);
    });

    it('preview --format html writes the characters as references', async () => {
      await fsp.writeFile(path.join(dir, 'blank.bds'), TEXT);
      const r = await run(['preview', '--format', 'html', 'blank.bds'], dir);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /soft&#xAD;hyphen/);
      assert.match(r.stdout, /right&#x200F;left line&#x2028;sep/);
      assert.doesNotMatch(r.stdout, /\\u\{/);
    });
  });

  it('every format that claims JSON parses, for random Unicode input (in process)', async () => {
    await fc.assert(
      fc.asyncProperty(unicodeFiles, (files) => checkMachineOutput(dir, files)),
      { seed: SEED, numRuns: 25 },
    );
  });

  it('every JSON-RPC line of bdscript mcp parses, for random Unicode input (in process)', async () => {
    await fc.assert(fc.asyncProperty(unicodeFiles, checkMcpOutput), { seed: SEED, numRuns: 25 });
  });

  it('SARIF names a file relative to the working directory exactly when it is inside, by path segments', () => {
    fc.assert(fc.property(sarifPath, checkSarifLocation), { seed: SEED, numRuns: 2_000 });
  });
});
