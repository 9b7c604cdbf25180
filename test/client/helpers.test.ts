// Tests of the client's pure helpers: catalog status text, tooltip and picker lines, wiki URL
// checks, server launch options and the initializationOptions built from settings.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildInitializationOptions, buildServerOptions, DEBUG_PORT, readSettings } from '../../client/src/options';
import {
  coerceStatus,
  currentAgeMs,
  formatAge,
  formatRefreshOutcome,
  formatStatusText,
  formatStatusTooltip,
  hasTrouble,
  MAX_TOOLTIP_PROBLEMS,
  statusPickItems,
} from '../../client/src/status';
import { checkWikiUrl } from '../../client/src/wiki';
import type { FunctionRecord } from '../../server/src/core/catalog/model';
import { wikiUrl } from '../../server/src/core/catalog/wiki';
import { normalizeSettings, SETTINGS_SCHEMA } from '../../server/src/core/settings';
import type { CatalogStatus } from '../../server/src/protocol';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function status(over: Partial<CatalogStatus> = {}): CatalogStatus {
  return {
    source: 'live',
    location: 'https://botdesignerdiscord.com/public/api',
    fetchedAt: '2024-05-01T10:00:00.000Z',
    ageMs: 2 * HOUR,
    counts: { functions: 423, callbacks: 13, emoji: 1870 },
    problems: [],
    refreshing: false,
    ...over,
  };
}

describe('client helpers', () => {
  describe('formatAge', () => {
    const cases: Array<[number, string]> = [
      [0, 'just now'],
      [59_999, 'just now'],
      [MIN, '1 min'],
      [59 * MIN + 59_999, '59 min'],
      [HOUR, '1 h'],
      [47 * HOUR, '47 h'],
      [48 * HOUR, '2 d'],
      [400 * DAY, '400 d'],
    ];
    for (const [ms, text] of cases) it(`${ms} ms is ${text}`, () => assert.equal(formatAge(ms), text));
  });

  describe('formatStatusText', () => {
    const cases: Array<[Partial<CatalogStatus>, string]> = [
      [{}, 'BDScript: live · 2 h old'],
      [{ source: 'cache', ageMs: 3 * DAY }, 'BDScript: cached · 3 d old'],
      [{ source: 'snapshot', ageMs: 5 * MIN }, 'BDScript: snapshot file · 5 min old'],
      [{ source: 'bundled', ageMs: 40 * DAY }, 'BDScript: bundled snapshot · 40 d old'],
      [{ source: 'live', ageMs: 10_000 }, 'BDScript: live · fetched just now'],
      [{ source: 'bundled', ageMs: undefined }, 'BDScript: bundled snapshot'],
      [{ source: 'none', ageMs: undefined }, '$(warning) BDScript: no catalog'],
      [{ refreshing: true }, '$(sync~spin) BDScript: live · 2 h old'],
      [{ source: 'cache', lastRefresh: { at: '2024-05-01T12:00:00Z', ok: false, outcome: 'HTTP 503' } }, '$(warning) BDScript: cached · 2 h old'],
      [{ problems: ['#3 dropped'] }, 'BDScript: live · 2 h old'],
    ];
    for (const [over, text] of cases) {
      it(`shows ${JSON.stringify(text)}`, () => assert.equal(formatStatusText(status(over)), text));
    }

    it('uses the age it is given over the age in the status', () => {
      assert.equal(formatStatusText(status({ ageMs: 0 }), 3 * HOUR), 'BDScript: live · 3 h old');
    });
  });

  describe('currentAgeMs', () => {
    it('adds the time since the status arrived', () => {
      assert.equal(currentAgeMs(status({ ageMs: HOUR }), 1_000, 1_000 + 30 * MIN), HOUR + 30 * MIN);
    });
    it('never counts backwards when the clock goes back', () => {
      assert.equal(currentAgeMs(status({ ageMs: HOUR }), 5_000, 1_000), HOUR);
    });
    it('stays unknown when the status has no age', () => {
      assert.equal(currentAgeMs(status({ ageMs: undefined }), 0, 10 * MIN), undefined);
    });
  });

  describe('hasTrouble', () => {
    it('flags a missing catalog and a failed refresh, not a good status with drift problems', () => {
      assert.equal(hasTrouble(status()), false);
      assert.equal(hasTrouble(status({ problems: ['x'] })), false);
      assert.equal(hasTrouble(status({ source: 'none' })), true);
      assert.equal(hasTrouble(status({ lastRefresh: { at: 'now', ok: false, outcome: 'ECONNREFUSED' } })), true);
      assert.equal(hasTrouble(status({ lastRefresh: { at: 'now', ok: true, outcome: 'not-modified' } })), false);
    });
  });

  describe('formatStatusTooltip', () => {
    it('lists source, location, age, counts and the last refresh', () => {
      const tip = formatStatusTooltip(status({ lastRefresh: { at: '2024-05-01T12:00:00Z', ok: true, outcome: 'not-modified' } }));
      const lines = tip.split('\n');
      assert.equal(lines[0], 'BDScript catalog');
      assert.ok(lines.includes('Source: live'), tip);
      assert.ok(lines.includes('Location: https://botdesignerdiscord.com/public/api'), tip);
      assert.ok(lines.includes('Fetched: 2 h ago (2024-05-01T10:00:00.000Z)'), tip);
      assert.ok(lines.includes('Contents: 423 functions, 13 callbacks, 1,870 emoji'), tip);
      assert.ok(lines.includes('Last refresh: ok: not-modified (2024-05-01T12:00:00Z)'), tip);
      assert.ok(!tip.includes('Problems'), tip);
    });

    it('lists the first problems and counts the rest', () => {
      const problems = Array.from({ length: MAX_TOOLTIP_PROBLEMS + 3 }, (_, i) => `problem ${i}`);
      const tip = formatStatusTooltip(status({ problems }));
      assert.ok(tip.includes(`Problems (${problems.length}):`), tip);
      assert.ok(tip.includes(`- problem ${MAX_TOOLTIP_PROBLEMS - 1}`), tip);
      assert.ok(!tip.includes(`- problem ${MAX_TOOLTIP_PROBLEMS}\n`), tip);
      assert.ok(tip.includes('- and 3 more'), tip);
    });

    it('flattens line breaks and cuts very long untrusted texts', () => {
      const tip = formatStatusTooltip(status({ problems: ['first\nsecond', 'x'.repeat(5000)] }));
      assert.ok(tip.includes('- first second'), tip);
      const longest = Math.max(...tip.split('\n').map((l) => l.length));
      assert.ok(longest < 400, `longest line ${longest}`);
    });

    it('says when the count is singular', () => {
      const tip = formatStatusTooltip(status({ counts: { functions: 1, callbacks: 0, emoji: 1 } }));
      assert.ok(tip.includes('Contents: 1 function, 0 callbacks, 1 emoji'), tip);
    });
  });

  describe('statusPickItems', () => {
    it('shows the facts, each problem and a refresh action last', () => {
      const items = statusPickItems(status({ problems: ['a', 'b'], refreshing: true }));
      assert.deepEqual(items.slice(0, 3).map((i) => i.label), ['Source', 'Location', 'Fetched']);
      assert.deepEqual(items.filter((i) => i.detail).map((i) => i.detail), ['a', 'b']);
      assert.ok(items.some((i) => i.label === 'Refreshing'));
      assert.equal(items[items.length - 1]!.action, 'refresh');
      assert.equal(items.filter((i) => i.action).length, 1);
    });

    it('caps the problems it lists and says how many more there are', () => {
      const items = statusPickItems(status({ problems: Array.from({ length: 250 }, (_, i) => `p${i}`) }));
      assert.equal(items.filter((i) => i.detail).length, 100);
      assert.ok(items.some((i) => i.label.includes('150 more problems')));
    });
  });

  describe('formatRefreshOutcome', () => {
    it('says what happened and what is in use now', () => {
      assert.equal(
        formatRefreshOutcome(status({ lastRefresh: { at: 'now', ok: true, outcome: 'updated' } })),
        'BDScript: refresh updated; now using the live catalog (423 functions, 13 callbacks, 1,870 emoji).',
      );
      assert.equal(
        formatRefreshOutcome(status({ source: 'cache', lastRefresh: { at: 'now', ok: false, outcome: 'ETIMEDOUT' } })),
        'BDScript: refresh failed (ETIMEDOUT); now using the cached catalog (423 functions, 13 callbacks, 1,870 emoji).',
      );
    });
  });

  describe('coerceStatus', () => {
    it('keeps a well-formed status as it is', () => {
      const s = status({ lastRefresh: { at: 'now', ok: true, outcome: 'updated' } });
      assert.deepEqual(coerceStatus(JSON.parse(JSON.stringify(s))), s);
    });

    it('rejects what is not a status', () => {
      for (const raw of [undefined, null, 42, 'live', [], {}, { source: 'elsewhere' }, { source: 7 }]) {
        assert.equal(coerceStatus(raw), undefined, JSON.stringify(raw));
      }
    });

    it('repairs odd fields instead of failing', () => {
      const s = coerceStatus({
        source: 'cache',
        location: 5,
        ageMs: -3,
        fetchedAt: {},
        counts: { functions: '10', callbacks: 2.7, emoji: Infinity },
        problems: ['ok', 3, null],
        refreshing: 'yes',
        lastRefresh: { at: 'now', ok: 'true', outcome: 'x' },
      });
      assert.deepEqual(s, {
        source: 'cache',
        location: '',
        counts: { functions: 0, callbacks: 2, emoji: 0 },
        problems: ['ok'],
        refreshing: false,
      });
      assert.equal(formatStatusText(s!), 'BDScript: cached');
    });
  });

  describe('checkWikiUrl', () => {
    const accepted: Array<[string, string]> = [
      ['https://wiki.botdesignerdiscord.com/bdscript/addButton.html', 'https://wiki.botdesignerdiscord.com/bdscript/addButton.html'],
      ['http://wiki.botdesignerdiscord.com/callbacks/onJoined.html', 'http://wiki.botdesignerdiscord.com/callbacks/onJoined.html'],
      ['https://WIKI.BotDesignerDiscord.com/bdscript/x.html#syntax', 'https://wiki.botdesignerdiscord.com/bdscript/x.html#syntax'],
    ];
    for (const [raw, href] of accepted) it(`opens ${raw}`, () => assert.equal(checkWikiUrl(raw), href));

    const rejected: unknown[] = [
      undefined,
      null,
      42,
      '',
      'not a url',
      '/bdscript/addButton.html',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'vscode://settings',
      'ftp://wiki.botdesignerdiscord.com/x',
      'https://evil.example/bdscript/addButton.html',
      'https://wiki.botdesignerdiscord.com.evil.example/x',
      'https://botdesignerdiscord.com/x',
      'https://user:pw@wiki.botdesignerdiscord.com/x',
      'https://wiki.botdesignerdiscord.com@evil.example/x',
      'https://wiki.botdesignerdiscord.com:8443/x',
      'https://wiki.botdesignerdiscord.com/x y',
      'https://wiki.botdesignerdiscord.com/x\n',
      'https://wiki.botdesignerdiscord.com/' + 'a'.repeat(5000),
    ];
    for (const raw of rejected) it(`refuses ${JSON.stringify(raw)?.slice(0, 60)}`, () => assert.equal(checkWikiUrl(raw), undefined));

    it("accepts the links the server's wikiUrl makes", () => {
      const record: FunctionRecord = {
        kind: 'function',
        tag: '$addButton[New row?]',
        name: '$addButton',
        bracketed: true,
        listTag: '$addButton[]',
        arguments: [],
        intents: 0,
        premium: false,
        shortDescription: '',
        longDescription: '',
        deprecated: false,
      };
      for (const r of [record, { ...record, wiki: 'bdscript/addButton.md' }, { ...record, premium: true }]) {
        const url = wikiUrl(r);
        assert.equal(checkWikiUrl(url), url);
      }
    });
  });

  describe('buildServerOptions', () => {
    const ipc = Symbol('ipc');
    const options = buildServerOptions('/ext/dist/server.js', ipc, { PATH: '/bin', MALLOC_ARENA_MAX: '8' });

    it('runs the bundled server module over the given transport, with the server\'s node flags and environment', () => {
      assert.deepEqual(options.run, {
        module: '/ext/dist/server.js',
        transport: ipc,
        options: { execArgv: ['--expose-gc', '--max-semi-space-size=8'], env: { PATH: '/bin', MALLOC_ARENA_MAX: '2' } },
      });
      assert.deepEqual(options.debug.options?.execArgv.slice(0, 2), ['--expose-gc', '--max-semi-space-size=8']);
    });

    it('uses the same node flags and environment as the bdscript-language-server launcher', () => {
      const launcher = readFileSync(join(__dirname, '..', '..', 'server', 'bin', 'bdscript-language-server'), 'utf8');
      assert.equal(launcher.split('\n')[0], `#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node ${options.run.options!.execArgv.join(' ')}`);
    });

    it('adds the inspector only when debugging', () => {
      assert.equal(options.debug.module, '/ext/dist/server.js');
      assert.equal(options.debug.transport, ipc);
      assert.ok(options.debug.options?.execArgv.includes(`--inspect=${DEBUG_PORT}`));
      assert.ok(!JSON.stringify(options.run).includes('--inspect'));
    });
  });

  describe('initializationOptions', () => {
    const values: Record<string, unknown> = {
      'catalog.url': 'http://127.0.0.1:8080/api',
      'catalog.offline': true,
      'catalog.refreshIntervalMinutes': 0,
      premium: true,
      language: 'BDScript',
      'diagnostics.severity': { premium: 'off' },
      'completion.insertStyle': 'fullTag',
    };

    it('nests the settings under their dotted keys and adds globalStoragePath', () => {
      const init = buildInitializationOptions((k) => values[k], '/home/u/.vscode/globalStorage/bdscript');
      assert.deepEqual(init, {
        catalog: { url: 'http://127.0.0.1:8080/api', offline: true, refreshIntervalMinutes: 0 },
        premium: true,
        language: 'BDScript',
        diagnostics: { severity: { premium: 'off' } },
        completion: { insertStyle: 'fullTag' },
        globalStoragePath: '/home/u/.vscode/globalStorage/bdscript',
      });
    });

    it('reads as the same settings on the server, defaults filling the gaps', () => {
      const settings = normalizeSettings(buildInitializationOptions((k) => values[k], '/tmp/storage'));
      assert.equal(settings.catalog.url, 'http://127.0.0.1:8080/api');
      assert.equal(settings.catalog.offline, true);
      assert.equal(settings.catalog.refreshIntervalMinutes, 0);
      assert.equal(settings.catalog.cacheDir, '');
      assert.equal(settings.premium, true);
      assert.equal(settings.language, 'BDScript');
      assert.deepEqual(settings.diagnostics.severity, { premium: 'off' });
      assert.equal(settings.completion.insertStyle, 'fullTag');
      assert.equal(settings.completion.optionalArguments, false);
    });

    it('asks for every schema key and nothing else', () => {
      const asked: string[] = [];
      readSettings((k) => void asked.push(k));
      assert.deepEqual(asked, SETTINGS_SCHEMA.map((s) => s.key));
    });

    it('leaves out keys without a value', () => {
      assert.deepEqual(readSettings(() => undefined), {});
    });
  });
});
