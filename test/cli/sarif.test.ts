// `bdscript check --format sarif` through the bundled CLI (dist/cli.js): the log validates
// against the SARIF 2.1.0 JSON schema (the OASIS schema as the npm package @microsoft/jest-sarif
// ships it, read with Ajv's draft-04 class), holds one result per finding of `--format json` at
// the same places in 1-based lines and UTF-16 columns, lists every rule with its summary and
// default level, names files relative to the working directory, and reports skipped files.

import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, promises as fsp, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import { artifactLocation } from '../../server/src/cli/sarif';
import { RULES } from '../../server/src/core/features/rules';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function check(args: string[], cwd: string, home: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'check', ...args],
      {
        cwd,
        env: { PATH: process.env['PATH'] ?? '', HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** A validator for SARIF 2.1.0 logs, and the errors of the last call. */
function sarifValidator(): (log: unknown) => string[] {
  // The schema's language pattern has a stray `]` that only a non-Unicode RegExp accepts.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')) as object);
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
}

interface SarifLog {
  version: string;
  runs: Array<{
    tool: {
      driver: {
        name: string;
        rules: Array<{ id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }>;
      };
    };
    columnKind: string;
    originalUriBaseIds: Record<string, { uri: string }>;
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId?: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
      }>;
    }>;
    invocations: Array<{
      executionSuccessful: boolean;
      toolExecutionNotifications?: Array<{ message: { text: string } }>;
    }>;
  }>;
}

interface JsonEntry {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: string;
  code: string;
  message: string;
}

describe('bdscript check --format sarif (bundled CLI)', function () {
  this.timeout(30_000);
  let tmp: string;
  let work: string;
  let home: string;
  const validate = sarifValidator();

  before(function () {
    if (!existsSync(CLI)) {
      console.log('      (skipped: dist/cli.js is missing; run npm run build)');
      this.skip();
    }
  });

  beforeEach(async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-sarif-'));
    work = path.join(tmp, 'work');
    home = path.join(tmp, 'home');
    await fsp.mkdir(path.join(work, 'sub dir'), { recursive: true });
    await fsp.copyFile(path.join(ROOT, 'test/fixtures/showcase.bds'), path.join(work, 'showcase.bds'));
    // Two emoji (four UTF-16 code units) and a space before the unknown name: column 6.
    await fsp.writeFile(path.join(work, 'sub dir', 'émoji #1.bds'), '😀😀 $usernam\n$jsonParse[{"a": 1,}]\n');
    await fsp.writeFile(path.join(tmp, 'outside.bds'), '$usernam\n');
    // Inside the working directory, though its name starts with two dots.
    await fsp.writeFile(path.join(work, '..dots.bds'), '$usernam\n');
  });
  afterEach(async () => {
    await fsp.rm(tmp, { recursive: true, force: true });
  });

  const FILES = ['showcase.bds', 'sub dir/émoji #1.bds', '../outside.bds', '..dots.bds'];

  it('writes a log that the SARIF 2.1.0 schema accepts, and the schema check can fail', async () => {
    const run = await check(['--format', 'sarif', ...FILES], work, home);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, '', 'nothing on stderr: no summary line in SARIF mode');
    const log = JSON.parse(run.stdout) as SarifLog;
    assert.deepEqual(validate(log), []);
    assert.equal(log.version, '2.1.0');
    // The same check rejects what SARIF does not allow.
    const broken = structuredClone(log);
    (broken.runs[0]!.results[0] as { level: string }).level = 'hint';
    assert.notDeepEqual(validate(broken), []);
    const noMessage = structuredClone(log) as unknown as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    delete noMessage.runs[0]!.results[0]!['message'];
    assert.notDeepEqual(validate(noMessage), []);
  });

  it('has one result per finding of --format json, at the same place, 1-based in UTF-16 columns', async () => {
    const sarif = JSON.parse((await check(['--format', 'sarif', ...FILES], work, home)).stdout) as SarifLog;
    const json = JSON.parse((await check(['--format', 'json', ...FILES], work, home)).stdout) as JsonEntry[];
    const run = sarif.runs[0]!;
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.ok(json.length >= 5, 'the fixtures have findings');
    assert.equal(run.results.length, json.length);
    const uriOf: Record<string, string> = {
      'showcase.bds': 'showcase.bds',
      'sub dir/émoji #1.bds': 'sub%20dir/%C3%A9moji%20%231.bds',
      '../outside.bds': pathToFileURL(path.join(tmp, 'outside.bds')).href,
      '..dots.bds': '..dots.bds',
    };
    const levels: Record<string, string> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
    json.forEach((entry, i) => {
      const result = run.results[i]!;
      const location = result.locations[0]!.physicalLocation;
      assert.equal(result.ruleId, entry.code);
      assert.equal(result.message.text, entry.message);
      assert.equal(result.level, levels[entry.severity]);
      assert.equal(run.tool.driver.rules[result.ruleIndex]!.id, entry.code);
      assert.equal(location.artifactLocation.uri, uriOf[entry.file]);
      assert.equal(location.artifactLocation.uriBaseId, entry.file.startsWith('../') ? undefined : '%SRCROOT%');
      assert.deepEqual(location.region, {
        startLine: entry.range.start.line + 1,
        startColumn: entry.range.start.character + 1,
        endLine: entry.range.end.line + 1,
        endColumn: entry.range.end.character + 1,
      });
    });
    const emoji = run.results.find(
      (r) => r.ruleId === 'unknown-function' && r.locations[0]!.physicalLocation.artifactLocation.uri.startsWith('sub'),
    )!;
    assert.deepEqual(emoji.locations[0]!.physicalLocation.region, {
      startLine: 1,
      startColumn: 6,
      endLine: 1,
      endColumn: 14,
    });
    const comma = run.results.find((r) => r.ruleId === 'invalid-json')!;
    assert.deepEqual(comma.locations[0]!.physicalLocation.region, {
      startLine: 2,
      startColumn: 19,
      endLine: 2,
      endColumn: 20,
    });
    assert.equal(run.originalUriBaseIds['%SRCROOT%']!.uri, pathToFileURL(work).href + '/');
  });

  it('lists every rule with its summary and default level', async () => {
    const log = JSON.parse((await check(['--format', 'sarif', 'showcase.bds'], work, home)).stdout) as SarifLog;
    const driver = log.runs[0]!.tool.driver;
    assert.equal(driver.name, 'bdscript');
    assert.deepEqual(
      driver.rules.map((r) => [r.id, r.shortDescription.text, r.defaultConfiguration.level]),
      RULES.map((r) => [
        r.code,
        r.summary,
        { error: 'error', warning: 'warning', information: 'note', hint: 'note' }[r.severity],
      ]),
    );
  });

  it('is a valid log with no results for a clean file, and names a file it could not check', async () => {
    await fsp.writeFile(path.join(work, 'clean.bds'), 'Hello $username\n');
    const clean = await check(['--format', 'sarif', 'clean.bds'], work, home);
    assert.equal(clean.code, 0, clean.stderr);
    const log = JSON.parse(clean.stdout) as SarifLog;
    assert.deepEqual(validate(log), []);
    assert.deepEqual(log.runs[0]!.results, []);
    assert.equal(log.runs[0]!.invocations[0]!.executionSuccessful, true);

    const missing = await check(['--format', 'sarif', 'clean.bds', 'missing.bds'], work, home);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read missing\.bds/);
    const withMissing = JSON.parse(missing.stdout) as SarifLog;
    assert.deepEqual(validate(withMissing), []);
    const invocation = withMissing.runs[0]!.invocations[0]!;
    assert.equal(invocation.executionSuccessful, false);
    assert.match(invocation.toolExecutionNotifications![0]!.message.text, /^Not checked: /);
  });

  it('escapes control characters of file names and messages', async () => {
    const name = 'bell\u0007\u202e.bds';
    await fsp.writeFile(path.join(work, name), '$usernam\u0007\n');
    const run = await check(['--format', 'sarif', name], work, home);
    assert.doesNotMatch(run.stdout, /[\u0007\u202e]/);
    const log = JSON.parse(run.stdout) as SarifLog;
    assert.deepEqual(validate(log), []);
    assert.equal(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'bell%07%E2%80%AE.bds');
  });

  it('names sarif among the formats in a usage error', async () => {
    const run = await check(['--format', 'xml', 'showcase.bds'], work, home);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--format takes text, json or sarif, not "xml"/);
  });
});

describe('SARIF artifact locations', () => {
  const cwd = path.resolve('/work/repo');
  /** A file as given, and whether SARIF must name it relative to the working directory. */
  const CASES: ReadonlyArray<readonly [string, string | undefined]> = [
    ['a.bds', 'a.bds'],
    ['..foo.bds', '..foo.bds'],
    ['...bds', '...bds'],
    ['..', undefined],
    ['../a.bds', undefined],
    ['../../a.bds', undefined],
    ['sub/../..x/a.bds', '..x/a.bds'],
    ['./..hidden/a .bds', '..hidden/a%20.bds'],
    ['sub/../../repo/b.bds', 'b.bds'],
    ['/work/repo/c.bds', 'c.bds'],
    ['/work/repo..x/c.bds', undefined],
    ['/elsewhere/d.bds', undefined],
    ['.', undefined],
  ];
  for (const [file, relative] of CASES) {
    it(`${file} is ${relative === undefined ? 'outside' : `inside as ${relative}`}`, () => {
      const location = artifactLocation(file, cwd);
      if (relative === undefined) {
        assert.equal(location.uriBaseId, undefined);
        assert.equal(location.uri, pathToFileURL(path.resolve(cwd, file)).href);
      } else {
        assert.deepEqual(location, { uri: relative, uriBaseId: '%SRCROOT%' });
      }
    });
  }
});
