// Tests of the client's pure helpers: catalog status text, tooltip and picker lines, wiki URL
// checks, server launch options and the initializationOptions built from settings.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildInitializationOptions,
  buildServerOptions,
  DEBUG_PORT,
  readSettings,
  SERVER_ENV,
} from '../../client/src/options';
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
import type { CatalogStatus } from '../../server/src/protocol/messages';

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

/** The bundled catalog as the shipped server reports it: a location for no one to read, dated by day. */
const bundledByDay: Partial<CatalogStatus> = {
  source: 'bundled',
  location: '<bundled>',
  fetchedAt: '2026-11-20',
  fetchedAtPrecision: 'date',
  ageMs: undefined,
};

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
      [{}, 'BDScript: live catalog · fetched 2 h ago'],
      [{ source: 'cache', ageMs: 3 * DAY }, 'BDScript: cached catalog · fetched 3 d ago'],
      [{ source: 'snapshot', ageMs: 5 * MIN }, 'BDScript: snapshot file · fetched 5 min ago'],
      [{ source: 'bundled', ageMs: 40 * DAY }, 'BDScript: bundled catalog · fetched 40 d ago'],
      [{ source: 'live', ageMs: 10_000 }, 'BDScript: live catalog · fetched just now'],
      [{ source: 'bundled', fetchedAt: undefined, ageMs: undefined }, 'BDScript: bundled catalog'],
      [{ source: 'none', ageMs: undefined }, '$(warning) BDScript: no catalog'],
      [{ refreshing: true }, '$(sync~spin) BDScript: live catalog · fetched 2 h ago'],
      [
        { source: 'cache', lastRefresh: { at: '2024-05-01T12:00:00Z', ok: false, outcome: 'HTTP 503' } },
        '$(warning) BDScript: cached catalog · fetched 2 h ago',
      ],
      [{ problems: ['#3 dropped'] }, 'BDScript: live catalog · fetched 2 h ago'],
      [bundledByDay, 'BDScript: bundled catalog of 2026-11-20'],
      [{ ...bundledByDay, source: 'snapshot', location: '/home/u/team.json' }, 'BDScript: snapshot file of 2026-11-20'],
    ];
    for (const [over, text] of cases) {
      it(`shows ${JSON.stringify(text)}`, () => assert.equal(formatStatusText(status(over)), text));
    }

    it('uses the age it is given over the age in the status', () => {
      assert.equal(formatStatusText(status({ ageMs: 0 }), 3 * HOUR), 'BDScript: live catalog · fetched 3 h ago');
    });

    it('shows the date of a catalog dated by day, never an age counted from it', () => {
      // Even an age handed in (the item recounts every minute) does not turn a day into hours.
      assert.equal(formatStatusText(status(bundledByDay), 7 * HOUR), 'BDScript: bundled catalog of 2026-11-20');
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
    it('says in words where the catalog came from, when, what it holds and what the last refresh did', () => {
      const tip = formatStatusTooltip(
        status({ lastRefresh: { at: '2024-05-01T12:00:00Z', ok: true, outcome: 'not-modified' } }),
      );
      const lines = tip.split('\n');
      assert.equal(lines[0], 'BDScript catalog');
      assert.ok(lines.includes('Source: downloaded from the catalog API'), tip);
      assert.ok(lines.includes('Location: https://botdesignerdiscord.com/public/api'), tip);
      assert.ok(lines.includes('Fetched: 2 h ago (2024-05-01 10:00 UTC)'), tip);
      assert.ok(lines.includes('Contents: 423 functions, 13 callbacks and 1,870 emoji'), tip);
      assert.ok(lines.includes('Last refresh: the catalog was already up to date at 2024-05-01 12:00 UTC'), tip);
      assert.ok(!tip.includes('Problems'), tip);
    });

    it('names the bundled catalog by its date and never shows its internal location', () => {
      const tip = formatStatusTooltip(status(bundledByDay));
      const lines = tip.split('\n');
      assert.ok(lines.includes('Source: bundled with the extension'), tip);
      assert.ok(lines.includes('Catalog date: 2026-11-20'), tip);
      assert.ok(!tip.includes('<bundled>'), tip);
      assert.ok(!lines.some((l) => l.startsWith('Location') || l.startsWith('Fetched')), tip);
    });

    it('says what each kind of refresh did', () => {
      const cases: Array<[CatalogStatus['lastRefresh'], string]> = [
        [
          { at: '2024-05-01T12:00:00Z', ok: true, outcome: 'updated' },
          'Last refresh: the catalog was updated at 2024-05-01 12:00 UTC',
        ],
        [
          { at: '2024-05-01T12:00:00Z', ok: true, outcome: 'offline' },
          'Last refresh: skipped at 2024-05-01 12:00 UTC: bdscript.catalog.offline is on',
        ],
        [
          { at: '2024-05-01T12:00:00Z', ok: false, outcome: 'GET https://x/function_list: HTTP 503.' },
          'Last refresh: failed at 2024-05-01 12:00 UTC: GET https://x/function_list: HTTP 503',
        ],
        [{ at: 'not a time', ok: true, outcome: 'updated' }, 'Last refresh: the catalog was updated at not a time'],
      ];
      for (const [lastRefresh, line] of cases) {
        const tip = formatStatusTooltip(status({ lastRefresh }));
        assert.ok(tip.split('\n').includes(line), tip);
      }
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
      assert.ok(tip.includes('Contents: 1 function, 0 callbacks and 1 emoji'), tip);
    });
  });

  describe('statusPickItems', () => {
    it('shows the facts, each problem and a refresh action last', () => {
      const items = statusPickItems(status({ problems: ['a', 'b'], refreshing: true }));
      assert.deepEqual(
        items.slice(0, 3).map((i) => i.label),
        ['Source', 'Location', 'Fetched'],
      );
      assert.deepEqual(
        items.filter((i) => i.detail).map((i) => i.detail),
        ['a', 'b'],
      );
      assert.ok(items.some((i) => i.label === 'Refreshing'));
      assert.equal(items[items.length - 1]!.action, 'refresh');
      assert.equal(items.filter((i) => i.action).length, 1);
    });

    it('gives the bundled catalog its date instead of a location and an age', () => {
      const items = statusPickItems(status(bundledByDay));
      assert.deepEqual(
        items.slice(0, 3).map((i) => [i.label, i.description]),
        [
          ['Source', 'bundled with the extension'],
          ['Catalog date', '2026-11-20'],
          ['Contents', '423 functions, 13 callbacks and 1,870 emoji'],
        ],
      );
    });

    it('caps the problems it lists and says how many more there are', () => {
      const items = statusPickItems(status({ problems: Array.from({ length: 250 }, (_, i) => `p${i}`) }));
      assert.equal(items.filter((i) => i.detail).length, 100);
      assert.ok(items.some((i) => i.label.includes('150 more problems')));
    });
  });

  describe('formatRefreshOutcome', () => {
    const at = '2024-05-01T12:00:00Z';
    const cases: Array<[string, Partial<CatalogStatus>, string]> = [
      [
        'an update from the official API',
        { ageMs: 0, lastRefresh: { at, ok: true, outcome: 'updated' } },
        'The catalog was updated from the BDFD API: 423 functions, 13 callbacks and 1,870 emoji.',
      ],
      [
        'an update from a mirror',
        { location: 'http://127.0.0.1:8080/', ageMs: 0, lastRefresh: { at, ok: true, outcome: 'updated' } },
        'The catalog was updated from http://127.0.0.1:8080: 423 functions, 13 callbacks and 1,870 emoji.',
      ],
      [
        'nothing new',
        { lastRefresh: { at, ok: true, outcome: 'not-modified' } },
        'The catalog is up to date (423 functions, 13 callbacks and 1,870 emoji).',
      ],
      [
        'offline mode',
        { ...bundledByDay, lastRefresh: { at, ok: true, outcome: 'offline' } },
        'Offline: the catalog was not refreshed (bdscript.catalog.offline is on). Using the catalog bundled with the extension (catalog of 2026-11-20): 423 functions, 13 callbacks and 1,870 emoji.',
      ],
      [
        'a failure',
        {
          source: 'cache',
          ageMs: 3 * DAY,
          lastRefresh: { at, ok: false, outcome: 'GET https://x/function_list: connect ETIMEDOUT' },
        },
        'The catalog could not be refreshed: GET https://x/function_list: connect ETIMEDOUT. Still using the cached catalog (fetched 3 d ago): 423 functions, 13 callbacks and 1,870 emoji.',
      ],
      [
        'no refresh yet',
        { source: 'snapshot', ageMs: 5 * MIN },
        'Using the catalog of the snapshot file (fetched 5 min ago): 423 functions, 13 callbacks and 1,870 emoji.',
      ],
      [
        'a failure with no catalog',
        { source: 'none', ageMs: undefined, lastRefresh: { at, ok: false, outcome: '' } },
        'The catalog could not be refreshed: no reason given. Still using no catalog: 423 functions, 13 callbacks and 1,870 emoji.',
      ],
    ];
    for (const [what, over, text] of cases)
      it(`says in a sentence what happened: ${what}`, () => assert.equal(formatRefreshOutcome(status(over)), text));

    it('counts the age it is given', () => {
      const s = status({ source: 'cache', ageMs: 0, lastRefresh: { at, ok: false, outcome: 'HTTP 503' } });
      assert.match(formatRefreshOutcome(s, 2 * DAY), /Still using the cached catalog \(fetched 2 d ago\)/);
    });
  });

  describe('every text the client shows', () => {
    // The words of the server's protocol that a user must never read: outcome codes, the bundled
    // catalog's internal location, the old "ok:" prefix, and what a formatting bug leaves behind.
    const RAW = [
      /not-modified/,
      /\boffline;/,
      /\bok: /,
      /<bundled>/,
      /undefined/,
      /\[object/,
      /NaN/,
      / {2}/,
      /T\d\d:\d\d:\d\d/,
    ];
    const sources: CatalogStatus['source'][] = ['live', 'cache', 'snapshot', 'bundled', 'none'];
    const refreshes: Array<CatalogStatus['lastRefresh']> = [
      undefined,
      { at: '2026-11-23T08:00:00.000Z', ok: true, outcome: 'updated' },
      { at: '2026-11-23T08:00:00.000Z', ok: true, outcome: 'not-modified' },
      { at: '2026-11-23T08:00:00.000Z', ok: true, outcome: 'offline' },
      {
        at: '2026-11-23T08:00:00.000Z',
        ok: false,
        outcome: 'GET https://botdesignerdiscord.com/public/api/function_list: HTTP 503',
      },
    ];
    const dates: Array<Partial<CatalogStatus>> = [
      {},
      { fetchedAt: '2026-11-20', fetchedAtPrecision: 'date', ageMs: undefined },
      { fetchedAt: undefined, ageMs: undefined },
    ];

    it('is made of sentences and labels, never raw codes', () => {
      for (const source of sources) {
        for (const lastRefresh of refreshes) {
          for (const date of dates) {
            const s = status({
              source,
              location: source === 'bundled' ? '<bundled>' : 'https://botdesignerdiscord.com/public/api',
              lastRefresh,
              ...date,
            });
            const texts = [
              formatStatusText(s),
              formatStatusTooltip(s),
              formatRefreshOutcome(s),
              ...statusPickItems(s).map((i) => [i.label, i.description, i.detail].filter(Boolean).join(' ')),
            ];
            for (const text of texts) {
              for (const raw of RAW)
                assert.ok(
                  !raw.test(text),
                  `${raw} in ${JSON.stringify(text)} (${source}, ${JSON.stringify(lastRefresh)}, ${JSON.stringify(date)})`,
                );
            }
            const message = formatRefreshOutcome(s);
            assert.match(message, /^[A-Z].*[.]$/s, message);
          }
        }
      }
    });
  });

  describe('coerceStatus', () => {
    it('keeps a well-formed status as it is', () => {
      const s = status({ fetchedAtPrecision: 'time', lastRefresh: { at: 'now', ok: true, outcome: 'updated' } });
      assert.deepEqual(coerceStatus(JSON.parse(JSON.stringify(s))), s);
      const byDay = JSON.parse(JSON.stringify(status(bundledByDay))) as CatalogStatus;
      assert.deepEqual(coerceStatus(byDay), byDay);
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
      assert.equal(formatStatusText(s!), 'BDScript: cached catalog');
    });

    it('never keeps an age for a catalog dated by day, and drops a "day" that is not one', () => {
      const s = coerceStatus({
        ...status(),
        source: 'bundled',
        fetchedAt: '2026-11-20',
        fetchedAtPrecision: 'date',
        ageMs: 7 * HOUR,
      });
      assert.equal(s?.ageMs, undefined);
      assert.equal(s?.fetchedAt, '2026-11-20');
      const odd = coerceStatus({
        ...status(),
        fetchedAt: '2026-11-20T07:00:00Z',
        fetchedAtPrecision: 'date',
        ageMs: 7 * HOUR,
      });
      assert.equal(odd?.fetchedAt, undefined);
      assert.equal(odd?.fetchedAtPrecision, undefined);
      assert.equal(odd?.ageMs, undefined);
      assert.equal(formatStatusText(odd!), 'BDScript: live catalog');
    });

    it('leaves out a successful refresh whose outcome it does not know, and keeps any failure', () => {
      assert.equal(
        coerceStatus({ ...status(), lastRefresh: { at: 'now', ok: true, outcome: 'teleported' } })?.lastRefresh,
        undefined,
      );
      assert.deepEqual(
        coerceStatus({ ...status(), lastRefresh: { at: 'now', ok: false, outcome: 'teleported' } })?.lastRefresh,
        { at: 'now', ok: false, outcome: 'teleported' },
      );
    });
  });

  describe('checkWikiUrl', () => {
    const accepted: Array<[string, string]> = [
      [
        'https://wiki.botdesignerdiscord.com/bdscript/addButton.html',
        'https://wiki.botdesignerdiscord.com/bdscript/addButton.html',
      ],
      [
        'http://wiki.botdesignerdiscord.com/callbacks/onJoined.html',
        'http://wiki.botdesignerdiscord.com/callbacks/onJoined.html',
      ],
      [
        'https://WIKI.BotDesignerDiscord.com/bdscript/x.html#syntax',
        'https://wiki.botdesignerdiscord.com/bdscript/x.html#syntax',
      ],
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
    for (const raw of rejected)
      it(`refuses ${JSON.stringify(raw)?.slice(0, 60)}`, () => assert.equal(checkWikiUrl(raw), undefined));

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

    it("runs the bundled server module over the given transport, with the server's node flags and environment", () => {
      assert.deepEqual(options.run, {
        module: '/ext/dist/server.js',
        transport: ipc,
        options: {
          execArgv: ['--expose-gc', '--max-semi-space-size=8'],
          env: { PATH: '/bin', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
        },
      });
      assert.deepEqual(options.debug.options?.execArgv.slice(0, 2), ['--expose-gc', '--max-semi-space-size=8']);
    });

    it('uses the same node flags and environment as the bdscript-language-server launcher', () => {
      const launcher = readFileSync(join(__dirname, '..', '..', 'server', 'bin', 'bdscript-language-server'), 'utf8');
      assert.equal(
        launcher.split('\n')[0],
        `#!/usr/bin/env -S ${Object.entries(SERVER_ENV)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')} node ${options.run.options!.execArgv.join(' ')}`,
      );
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
      assert.deepEqual(
        asked,
        SETTINGS_SCHEMA.map((s) => s.key),
      );
    });

    it('leaves out keys without a value', () => {
      assert.deepEqual(
        readSettings(() => undefined),
        {},
      );
    });
  });
});
