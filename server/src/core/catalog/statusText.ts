// The catalog status as text for people, in sentences rather than the protocol's codes: the
// several lines `bdscript catalog status` prints (which the server's status command also answers
// with) and the one-sentence summaries the server's commands show. A snapshot dated by day keeps
// its day (never an age in hours counted from its midnight), and the bundled catalog is never
// named by its internal location. Locations, outcomes and problems come from untrusted sources
// (a server, a snapshot, a cache) and are shown through `visible`.

import type { CatalogLastRefresh, CatalogStatus } from '../../protocol/messages';
import { DEFAULT_CATALOG_URL } from '../settings';
import { visible } from './controlChars';
import { ENGLISH, englishInteger, msg, type Localizer, type Msg, type Text } from '../l10n';

/** Longest untrusted text put inside a one-line sentence; longer texts are cut with an ellipsis. */
const MAX_QUOTED = 300;

/** The status as a few human lines; its text fields come from untrusted sources and are shown escaped. */
export function formatStatus(s: CatalogStatus): string {
  const lines = [`source:   ${describeSource(s)}`];
  if (s.fetchedAt && s.fetchedAtPrecision === 'date') {
    lines.push(`date:     ${visible(s.fetchedAt)} (the catalog records the day it was made, not the time)`);
  } else if (s.fetchedAt) {
    lines.push(`fetched:  ${formatInstant(s.fetchedAt)}${s.ageMs !== undefined ? ` (${formatAge(s.ageMs)} ago)` : ''}`);
  }
  const n = (count: number) => englishInteger(count);
  lines.push(
    `counts:   ${n(s.counts.functions)} functions, ${n(s.counts.callbacks)} callbacks, ${n(s.counts.emoji)} emoji`,
  );
  if (s.lastRefresh) lines.push(`refresh:  ${formatInstant(s.lastRefresh.at)}: ${describeRefresh(s.lastRefresh)}`);
  if (s.problems.length > 0) {
    lines.push('problems:');
    for (const p of s.problems) lines.push(`  - ${visible(p)}`);
  } else {
    lines.push('problems: none');
  }
  return lines.join('\n') + '\n';
}

/**
 * The catalog in use in one sentence or two, for a message: which catalog, how old (or its day),
 * what it holds and whether anything went wrong. `BDScript is using the catalog bundled with
 * bdscript, dated 2026-11-20: 494 functions, 13 callbacks and 3,799 emoji. No problems.`
 */
export function statusSentence(s: CatalogStatus, l10n: Localizer = ENGLISH): string {
  if (s.source === 'none') return l10n.t('status.none', { problems: problemsSentence(s.problems) });
  return l10n.t('status.using', {
    catalog: catalogInUse(s),
    counts: countsMsg(s),
    problems: problemsSentence(s.problems),
  });
}

/**
 * What the last refresh did and which catalog is in use after it, for the message after "refresh
 * catalog": `The catalog was updated from the BDFD API: …`, `The catalog could not be refreshed:
 * <reason>. Still using …`.
 */
export function refreshSentence(s: CatalogStatus, l10n: Localizer = ENGLISH): string {
  const last = s.lastRefresh;
  const inUse =
    s.source === 'none'
      ? msg('catalog.none')
      : msg('catalog.withCounts', { catalog: catalogInUse(s), counts: countsMsg(s) });
  if (!last) return l10n.t('refresh.using', { inUse });
  if (!last.ok) return l10n.t('refresh.failed', { reason: sentenceBody(last.outcome), inUse });
  switch (last.outcome) {
    case 'updated':
      return l10n.t('refresh.updated', { api: apiName(s), counts: countsMsg(s) });
    case 'not-modified':
      return l10n.t('refresh.upToDate', { counts: countsMsg(s) });
    case 'offline':
      return l10n.t('refresh.offline', { inUse });
  }
}

/** Where the catalog came from, in words, with the URL or file when it names a place the user knows. */
function describeSource(s: CatalogStatus): string {
  const where = visible(s.location);
  switch (s.source) {
    case 'live':
      return isOfficialApi(s.location) ? `the BDFD API (${where})` : `the catalog API at ${where}`;
    case 'cache':
      return `the disk cache (${where}), saved at the last download`;
    case 'snapshot':
      return `a snapshot file (${where})`;
    case 'bundled':
      // Its location is an internal name (`<bundled>` in the shipped build), not a file to open.
      return 'the catalog bundled with bdscript';
    case 'none':
      return 'none: no catalog could be loaded';
  }
}

/** The catalog in use with its place and its day or age: `the cached catalog (/…/catalog-1.json), fetched 3 h ago`. */
function catalogInUse(s: CatalogStatus): Msg {
  const where = quoted(s.location);
  let phrase: Msg;
  switch (s.source) {
    case 'live':
      phrase = isOfficialApi(s.location) ? msg('catalog.liveOfficial') : msg('catalog.live', { where });
      break;
    case 'cache':
      phrase = msg('catalog.cache', { where });
      break;
    case 'snapshot':
      phrase = msg('catalog.snapshot', { where });
      break;
    case 'bundled':
      phrase = msg('catalog.bundled');
      break;
    case 'none':
      return msg('catalog.none');
  }
  if (s.fetchedAt && s.fetchedAtPrecision === 'date')
    return msg('catalog.dated', { catalog: phrase, date: quoted(s.fetchedAt) });
  if (s.ageMs !== undefined) return msg('catalog.fetchedAgo', { catalog: phrase, age: ageMsg(s.ageMs) });
  if (s.fetchedAt) return msg('catalog.fetchedAt', { catalog: phrase, instant: formatInstant(s.fetchedAt) });
  return phrase;
}

/** `the BDFD API` for the official API, else the URL the catalog came from. */
function apiName(s: CatalogStatus): Text {
  return s.source !== 'live' || s.location === '' || isOfficialApi(s.location)
    ? msg('catalog.bdfdApi')
    : quoted(s.location);
}

/** `494 functions, 13 callbacks and 3,799 emoji`, in the user's language. */
function countsMsg(s: CatalogStatus): Msg {
  const { functions, callbacks, emoji } = s.counts;
  return msg('catalog.counts', { functions, callbacks, emoji });
}

/** A duration as `formatAge` gives it, in the user's language. */
function ageMsg(ms: number): Msg {
  const s = Math.round(ms / 1000);
  if (s < 120) return msg('age.seconds', { n: s });
  const min = Math.round(s / 60);
  if (min < 120) return msg('age.minutes', { n: min });
  const h = Math.round(min / 60);
  if (h < 48) return msg('age.hours', { n: h });
  return msg('age.days', { n: Math.round(h / 24) });
}

function isOfficialApi(location: string): boolean {
  return location.replace(/\/+$/, '') === DEFAULT_CATALOG_URL;
}

/** `No problems.`, or how many there are and the first. */
function problemsSentence(problems: readonly string[]): Msg {
  const [head] = problems;
  if (head === undefined) return msg('problems.none');
  const first = sentenceBody(head);
  return problems.length === 1 ? msg('problems.one', { first }) : msg('problems.many', { n: problems.length, first });
}

/** What the last refresh did, as the end of a sentence. */
function describeRefresh(r: CatalogLastRefresh): string {
  if (!r.ok) return `failed: ${visible(r.outcome)}`;
  switch (r.outcome) {
    case 'updated':
      return 'the catalog was updated';
    case 'not-modified':
      return 'the catalog was already up to date';
    case 'offline':
      return 'skipped, because the catalog is set to offline';
  }
}

/** An instant as `2026-11-23 10:00:05 UTC`; text that is no instant is shown as it is, escaped. */
export function formatInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return visible(iso);
  const d = new Date(ms).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 19)} UTC`;
}

/** A duration in the largest sensible unit: `42 s`, `5 min`, `3 h`, `2 days`. */
export function formatAge(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 120) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.round(h / 24)} days`;
}

/** Untrusted text for one line: escaped, line breaks flattened, cut. */
export function quoted(text: string): string {
  const shown = visible(text.replace(/\s*[\r\n]+\s*/g, ' '));
  return shown.length > MAX_QUOTED ? `${shown.slice(0, MAX_QUOTED - 1)}…` : shown;
}

/** Untrusted text to go inside a sentence: cut, and without the full stop the sentence adds. */
function sentenceBody(text: string): string {
  return quoted(text).replace(/[.\s]+$/, '') || 'no reason given';
}
