// What the catalog status says about time and place, and how `bdscript catalog status` words it:
// a snapshot dated by day keeps its day (no age in hours counted from its midnight), the bundled
// catalog is never named by its internal location, and every refresh outcome reads as words,
// not as the protocol's codes; the same holds for the sentences the server's commands show.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { stringifySnapshot } from '../../server/src/core/catalog/encode';
import { snapshotOf } from '../../server/src/catalog/cacheFormat';
import { CatalogManager } from '../../server/src/catalog/sources';
import { provenanceDate } from '../../server/src/catalog/snapshotText';
import { type CatalogStatus } from '../../server/src/protocol/messages';
import { formatStatus, refreshSentence, statusSentence } from '../../server/src/core/catalog/statusText';
import { testCatalogData } from '../support/testCatalog';

const BUNDLED_FILE = path.resolve(__dirname, '../../server/snapshot/catalog.json');
const NOW = Date.UTC(2026, 10, 23, 19, 30);

describe('catalog status: dates and words', () => {
  describe('provenanceDate', () => {
    const cases: Array<[string | undefined, ReturnType<typeof provenanceDate>]> = [
      ['2026-11-23', { fetchedAt: '2026-11-23', fetchedAtPrecision: 'date' }],
      ['2024-02-29', { fetchedAt: '2024-02-29', fetchedAtPrecision: 'date' }],
      ['2026-11-23T10:15:00.000Z', { fetchedAt: '2026-11-23T10:15:00.000Z', fetchedAtPrecision: 'time' }],
      ['2026-11-23T10:15:00+02:00', { fetchedAt: '2026-11-23T08:15:00.000Z', fetchedAtPrecision: 'time' }],
      ['2026-02-31', {}],
      ['2025-02-29', {}],
      ['yesterday', {}],
      ['', {}],
      [undefined, {}],
    ];
    for (const [date, expected] of cases) {
      it(`reads ${JSON.stringify(date)} as ${JSON.stringify(expected)}`, () =>
        assert.deepEqual(provenanceDate(date), expected));
    }
  });

  describe('CatalogManager', () => {
    const managers: CatalogManager[] = [];
    afterEach(async () => {
      await Promise.all(managers.splice(0).map((m) => m.dispose()));
    });
    function manager(bundledText?: () => string): CatalogManager {
      const m = new CatalogManager({
        url: 'http://127.0.0.1:9',
        offline: true,
        now: () => NOW,
        ...(bundledText ? { bundledText } : {}),
      });
      managers.push(m);
      return m;
    }

    it('reports the bundled snapshot by its day, without an age', async () => {
      const m = manager();
      await m.loadLocal();
      const s = m.status();
      const day = (JSON.parse(readFileSync(BUNDLED_FILE, 'utf8')) as { provenance: { date: string } }).provenance.date;
      assert.match(day, /^\d{4}-\d\d-\d\d$/, 'the bundled snapshot records a day');
      assert.equal(s.source, 'bundled');
      assert.equal(s.fetchedAt, day);
      assert.equal(s.fetchedAtPrecision, 'date');
      assert.equal(s.ageMs, undefined);
    });

    it('keeps the instant and the age of a snapshot written with a timestamp', async () => {
      const text = stringifySnapshot(snapshotOf(testCatalogData(), 'test', 'hand', '2026-11-23T17:30:00.000Z'));
      const m = manager(() => text);
      await m.loadLocal();
      const s = m.status();
      assert.equal(s.fetchedAt, '2026-11-23T17:30:00.000Z');
      assert.equal(s.fetchedAtPrecision, 'time');
      assert.equal(s.ageMs, 2 * 3600_000);
    });

    it('says the refresh was skipped when offline, in words', async () => {
      const m = manager();
      await m.loadLocal();
      const r = await m.refresh();
      assert.equal(r.outcome, 'offline');
      assert.equal(r.message, 'skipped: the catalog is set to offline, so the network is not used');
      assert.deepEqual(m.status().lastRefresh, { at: new Date(NOW).toISOString(), ok: true, outcome: 'offline' });
    });
  });

  describe('bdscript catalog status text', () => {
    const base: CatalogStatus = {
      source: 'bundled',
      location: '<bundled>',
      fetchedAt: '2026-11-20',
      fetchedAtPrecision: 'date',
      counts: { functions: 494, callbacks: 13, emoji: 3799 },
      problems: [],
      refreshing: false,
    };

    it('names the bundled catalog and its day, with no location and no hours', () => {
      assert.equal(
        formatStatus(base),
        [
          'source:   the catalog bundled with bdscript',
          'date:     2026-11-20 (the catalog records the day it was made, not the time)',
          'counts:   494 functions, 13 callbacks, 3,799 emoji',
          'problems: none',
          '',
        ].join('\n'),
      );
    });

    it('names live, cached and snapshot sources with their place and time', () => {
      const at = { fetchedAt: '2026-11-23T17:30:00.000Z', fetchedAtPrecision: 'time' as const, ageMs: 2 * 3600_000 };
      const cases: Array<[Partial<CatalogStatus>, string]> = [
        [
          { source: 'live', location: 'https://botdesignerdiscord.com/public/api' },
          'source:   the BDFD API (https://botdesignerdiscord.com/public/api)',
        ],
        [{ source: 'live', location: 'http://127.0.0.1:8080' }, 'source:   the catalog API at http://127.0.0.1:8080'],
        [
          { source: 'cache', location: '/home/u/.cache/bdscript/catalog-1.json' },
          'source:   the disk cache (/home/u/.cache/bdscript/catalog-1.json), saved at the last download',
        ],
        [{ source: 'snapshot', location: '/srv/team.json' }, 'source:   a snapshot file (/srv/team.json)'],
        [{ source: 'none', location: '' }, 'source:   none: no catalog could be loaded'],
      ];
      for (const [over, line] of cases) {
        const text = formatStatus({ ...base, ...at, ...over });
        assert.equal(text.split('\n')[0], line);
        if (over.source !== 'none') assert.ok(text.includes('\nfetched:  2026-11-23 17:30:00 UTC (2 h ago)\n'), text);
      }
    });

    it("says what the last refresh did, never in the protocol's codes", () => {
      const at = '2026-11-23T18:00:00.000Z';
      const cases: Array<[CatalogStatus['lastRefresh'], string]> = [
        [{ at, ok: true, outcome: 'updated' }, 'refresh:  2026-11-23 18:00:00 UTC: the catalog was updated'],
        [
          { at, ok: true, outcome: 'not-modified' },
          'refresh:  2026-11-23 18:00:00 UTC: the catalog was already up to date',
        ],
        [
          { at, ok: true, outcome: 'offline' },
          'refresh:  2026-11-23 18:00:00 UTC: skipped, because the catalog is set to offline',
        ],
        [
          { at, ok: false, outcome: 'GET http://127.0.0.1:9/function_list: connection refused' },
          'refresh:  2026-11-23 18:00:00 UTC: failed: GET http://127.0.0.1:9/function_list: connection refused',
        ],
      ];
      for (const [lastRefresh, line] of cases) {
        const text = formatStatus({ ...base, ...(lastRefresh ? { lastRefresh } : {}) });
        assert.ok(text.split('\n').includes(line), text);
        for (const raw of ['not-modified', ' ok:', '<bundled>', 'undefined', 'T18:00'])
          assert.ok(!text.includes(raw), `${raw} in ${text}`);
      }
    });
  });

  describe("sentences of the server's commands", () => {
    const bundled: CatalogStatus = {
      source: 'bundled',
      location: '<bundled>',
      fetchedAt: '2026-11-20',
      fetchedAtPrecision: 'date',
      counts: { functions: 494, callbacks: 13, emoji: 3799 },
      problems: [],
      refreshing: false,
    };
    const at = '2026-11-23T18:00:00.000Z';
    const live: CatalogStatus = {
      ...bundled,
      source: 'live',
      location: 'https://botdesignerdiscord.com/public/api',
      fetchedAt: '2026-11-23T17:30:00.000Z',
      fetchedAtPrecision: 'time',
      ageMs: 2 * 3600_000,
    };

    it('names the catalog in use with its day or its age, its counts and its problems', () => {
      const cases: Array<[CatalogStatus, string]> = [
        [
          bundled,
          'BDScript is using the catalog bundled with bdscript, dated 2026-11-20: 494 functions, 13 callbacks and 3,799 emoji. No problems.',
        ],
        // A day never turns into hours, even next to an age sent by mistake.
        [
          { ...bundled, ageMs: 5 * 3600_000 },
          'BDScript is using the catalog bundled with bdscript, dated 2026-11-20: 494 functions, 13 callbacks and 3,799 emoji. No problems.',
        ],
        [
          live,
          'BDScript is using the catalog downloaded from the BDFD API, fetched 2 h ago: 494 functions, 13 callbacks and 3,799 emoji. No problems.',
        ],
        [
          { ...live, source: 'cache', location: '/home/u/.cache/bdscript/catalog-1.json', problems: ['a', 'b'] },
          'BDScript is using the cached catalog (/home/u/.cache/bdscript/catalog-1.json), fetched 2 h ago: 494 functions, 13 callbacks and 3,799 emoji. 2 problems, the first: a.',
        ],
        [
          {
            ...bundled,
            source: 'snapshot',
            location: '/srv/team.json',
            counts: { functions: 1, callbacks: 1, emoji: 1 },
            problems: ['bad record.'],
          },
          'BDScript is using the catalog of the snapshot file /srv/team.json, dated 2026-11-20: 1 function, 1 callback and 1 emoji. One problem: bad record.',
        ],
        [
          { ...bundled, source: 'none', location: '', problems: ['nothing loaded'] },
          'BDScript has no catalog: none could be loaded. One problem: nothing loaded.',
        ],
      ];
      for (const [status, text] of cases) assert.equal(statusSentence(status), text);
    });

    it('says what the last refresh did and what stays in use', () => {
      const cases: Array<[CatalogStatus, string]> = [
        [
          { ...live, lastRefresh: { at, ok: true, outcome: 'updated' } },
          'The catalog was updated from the BDFD API: 494 functions, 13 callbacks and 3,799 emoji.',
        ],
        [
          { ...live, location: 'http://127.0.0.1:8080', lastRefresh: { at, ok: true, outcome: 'updated' } },
          'The catalog was updated from http://127.0.0.1:8080: 494 functions, 13 callbacks and 3,799 emoji.',
        ],
        [
          { ...live, lastRefresh: { at, ok: true, outcome: 'not-modified' } },
          'The catalog is up to date (494 functions, 13 callbacks and 3,799 emoji).',
        ],
        [
          { ...bundled, lastRefresh: { at, ok: true, outcome: 'offline' } },
          'Offline: the catalog was not refreshed (bdscript.catalog.offline is on). Using the catalog bundled with bdscript, dated 2026-11-20: 494 functions, 13 callbacks and 3,799 emoji.',
        ],
        [
          {
            ...bundled,
            lastRefresh: { at, ok: false, outcome: 'GET http://127.0.0.1:9/function_list: connection refused.' },
          },
          'The catalog could not be refreshed: GET http://127.0.0.1:9/function_list: connection refused. Still using the catalog bundled with bdscript, dated 2026-11-20: 494 functions, 13 callbacks and 3,799 emoji.',
        ],
        [
          { ...bundled, source: 'none', location: '', lastRefresh: { at, ok: false, outcome: '' } },
          'The catalog could not be refreshed: no reason given. Still using no catalog.',
        ],
      ];
      for (const [status, text] of cases) {
        assert.equal(refreshSentence(status), text);
        for (const raw of ['<bundled>', 'not-modified', 'undefined'])
          assert.ok(!text.includes(raw), `${raw} in ${text}`);
        if (status.fetchedAtPrecision === 'date') assert.doesNotMatch(text, /\bago\b/);
      }
    });

    it('keeps untrusted text on one line with its controls escaped, and cut', () => {
      const evil = {
        ...live,
        source: 'snapshot' as const,
        location: '/tmp/\u001b]0;x\u0007\nfile.json',
        problems: ['p'.repeat(1000)],
      };
      const text = statusSentence(evil);
      assert.ok(!/[\u0000-\u001f]/.test(text), text);
      assert.ok(text.includes('\\x1b'), text);
      assert.ok(text.length < 800, `${text.length} characters`);
      const failed = refreshSentence({ ...live, lastRefresh: { at, ok: false, outcome: 'line one\nline two\u202e' } });
      assert.ok(
        failed.startsWith('The catalog could not be refreshed: line one line two\\u{202E}. Still using'),
        failed,
      );
    });
  });
});
