// What the client shows about the catalog: the status item's text and tooltip, the lines of the
// "Show catalog status" picker and the message after a refresh, all made from the server's
// CatalogStatus as sentences a BDFD user reads without knowing the server's codes. Pure: no
// `vscode` import, so plain mocha tests it. Status objects arrive over the wire and are checked first.
import { DEFAULT_CATALOG_URL } from '../../server/src/protocol/settings';
import { isObject } from '../../server/src/protocol/json';
import {
  type CatalogLastRefresh,
  type CatalogRefreshOutcome,
  type CatalogSourceKind,
  type CatalogStatus,
} from '../../server/src/protocol/messages';
import { tr } from './l10n';

const SOURCE_KINDS: readonly CatalogSourceKind[] = ['live', 'cache', 'snapshot', 'bundled', 'none'];
const REFRESH_OUTCOMES: readonly CatalogRefreshOutcome[] = ['updated', 'not-modified', 'offline'];

/** How each source is named in the status item, where room is short (in the user's language when asked). */
const SOURCE_LABELS: Readonly<Record<CatalogSourceKind, () => string>> = {
  live: () => tr('live catalog'),
  cache: () => tr('cached catalog'),
  snapshot: () => tr('snapshot file'),
  bundled: () => tr('bundled catalog'),
  none: () => tr('no catalog'),
};

/** Where each source's catalog came from, for the tooltip and the picker. */
const SOURCE_SENTENCES: Readonly<Record<CatalogSourceKind, () => string>> = {
  live: () => tr('downloaded from the catalog API'),
  cache: () => tr('the copy saved on this computer at the last download'),
  snapshot: () => tr('the snapshot file named in bdscript.catalog.snapshot'),
  bundled: () => tr('bundled with the extension'),
  none: () => tr('none: no catalog could be loaded'),
};

/** The catalog in use, in a sentence that continues "Using …" or "Still using …". */
const SOURCE_PHRASES: Readonly<Record<CatalogSourceKind, () => string>> = {
  live: () => tr('the downloaded catalog'),
  cache: () => tr('the cached catalog'),
  snapshot: () => tr('the catalog of the snapshot file'),
  bundled: () => tr('the catalog bundled with the extension'),
  none: () => tr('no catalog'),
};

/** What the status tooltip and picker list of problems at most, so a flood stays readable. */
export const MAX_TOOLTIP_PROBLEMS = 5;
export const MAX_PICKER_PROBLEMS = 100;
/** Longest problem or location text shown; longer texts are cut with an ellipsis. */
const MAX_TEXT = 300;

/** A calendar day, as a snapshot whose provenance records only the day gives it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A CatalogStatus from untrusted JSON, or undefined when it is not one. Optional fields of the
 * wrong type are dropped and counts default to 0, so a slightly odd status still shows. A status
 * dated by day only never keeps an age: hours counted from a bare date would be made up.
 */
export function coerceStatus(raw: unknown): CatalogStatus | undefined {
  if (!isObject(raw)) return undefined;
  const source = raw['source'];
  if (typeof source !== 'string' || !(SOURCE_KINDS as readonly string[]).includes(source)) return undefined;
  const counts = isObject(raw['counts']) ? raw['counts'] : {};
  const count = (key: string): number => {
    const v = counts[key];
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
  };
  const problems = Array.isArray(raw['problems'])
    ? raw['problems'].filter((p): p is string => typeof p === 'string')
    : [];
  const status: {
    -readonly [K in keyof CatalogStatus]: CatalogStatus[K];
  } = {
    source: source as CatalogSourceKind,
    location: typeof raw['location'] === 'string' ? raw['location'] : '',
    counts: { functions: count('functions'), callbacks: count('callbacks'), emoji: count('emoji') },
    problems,
    refreshing: raw['refreshing'] === true,
  };
  const fetchedAt = raw['fetchedAt'];
  const byDay = raw['fetchedAtPrecision'] === 'date';
  if (typeof fetchedAt === 'string' && (!byDay || DAY.test(fetchedAt))) {
    status.fetchedAt = fetchedAt;
    if (byDay || raw['fetchedAtPrecision'] === 'time') status.fetchedAtPrecision = byDay ? 'date' : 'time';
  }
  const age = raw['ageMs'];
  if (!byDay && typeof age === 'number' && Number.isFinite(age) && age >= 0) status.ageMs = age;
  const last = coerceLastRefresh(raw['lastRefresh']);
  if (last) status.lastRefresh = last;
  return status;
}

/** A last refresh that says what it did; a success with an outcome this client does not know is left out. */
function coerceLastRefresh(raw: unknown): CatalogLastRefresh | undefined {
  if (!isObject(raw) || typeof raw['at'] !== 'string' || typeof raw['outcome'] !== 'string') return undefined;
  const at = raw['at'];
  const outcome = raw['outcome'];
  if (raw['ok'] === false) return { at, ok: false, outcome };
  if (raw['ok'] === true && (REFRESH_OUTCOMES as readonly string[]).includes(outcome)) {
    return { at, ok: true, outcome: outcome as CatalogRefreshOutcome };
  }
  return undefined;
}

/**
 * The age of the catalog now: the status's `ageMs` plus the time since the status arrived, so a
 * status item updated every minute keeps counting without asking the server again.
 */
export function currentAgeMs(status: CatalogStatus, receivedAtMs: number, nowMs: number): number | undefined {
  if (status.ageMs === undefined) return undefined;
  return status.ageMs + Math.max(0, nowMs - receivedAtMs);
}

/** A short human age: `just now`, `5 min`, `2 h`, `3 d`. */
export function formatAge(ageMs: number): string {
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return tr('just now');
  if (minutes < 60) return tr('{0} min', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return tr('{0} h', hours);
  return tr('{0} d', Math.floor(hours / 24));
}

/** `fetched 2 h ago`, `fetched just now`. */
function fetchedAgo(ageMs: number): string {
  return ageMs < 60_000 ? tr('fetched just now') : tr('fetched {0} ago', formatAge(ageMs));
}

/** `2 h ago`, `just now`. */
function ago(ageMs: number): string {
  return ageMs < 60_000 ? tr('just now') : tr('{0} ago', formatAge(ageMs));
}

/** The day a catalog dated by day only was made, or undefined when it is dated to the moment (or not at all). */
function catalogDay(status: CatalogStatus): string | undefined {
  return status.fetchedAtPrecision === 'date' && status.fetchedAt !== undefined ? clip(status.fetchedAt) : undefined;
}

/**
 * An instant for people: `2024-05-01 10:00 UTC` (UTC, since server and client clocks may sit in
 * different zones); text that is no instant is shown as it is, cut.
 */
export function formatInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return clip(iso);
  const d = new Date(ms).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)} UTC`;
}

/**
 * The status item's text: where the catalog came from and how old it is, or for a catalog dated
 * by day only its date (`BDScript: bundled catalog of 2026-11-20`), with a spinner while refreshing.
 */
export function formatStatusText(status: CatalogStatus, ageMs: number | undefined = status.ageMs): string {
  let text = `BDScript: ${SOURCE_LABELS[status.source]()}`;
  if (status.source !== 'none') {
    const day = catalogDay(status);
    if (day) text = `BDScript: ${tr('{0} of {1}', SOURCE_LABELS[status.source](), day)}`;
    else if (ageMs !== undefined) text += ` · ${fetchedAgo(ageMs)}`;
  }
  const icon = status.refreshing ? '$(sync~spin) ' : hasTrouble(status) ? '$(warning) ' : '';
  return icon + text;
}

/**
 * The status needs attention: no catalog, or the last refresh failed. Decoding problems alone
 * do not count: real data drifts a little all the time, and the tooltip lists them anyway.
 */
export function hasTrouble(status: CatalogStatus): boolean {
  return status.source === 'none' || status.lastRefresh?.ok === false;
}

/**
 * The status item's tooltip: plain text (not Markdown, since problems and locations come from
 * untrusted data) with source, location, date or age, counts, last refresh and the first problems.
 */
export function formatStatusTooltip(status: CatalogStatus, ageMs: number | undefined = status.ageMs): string {
  const lines = detailLines(status, ageMs).map((l) => `${l.label}: ${l.value}`);
  if (status.problems.length > 0) {
    lines.push(tr('Problems ({0}):', status.problems.length));
    for (const p of status.problems.slice(0, MAX_TOOLTIP_PROBLEMS)) lines.push(`- ${clip(p)}`);
    const more = status.problems.length - MAX_TOOLTIP_PROBLEMS;
    if (more > 0) lines.push(`- ${tr('and {0} more', more)}`);
  }
  lines.push(tr('Click for details.'));
  return [tr('BDScript catalog'), ...lines].join('\n');
}

/** One line of the status picker; `action` marks the lines that do something when chosen. */
export interface StatusPickItem {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly action?: 'refresh';
}

/** The lines of the "Show catalog status" picker: the facts, every problem (up to a limit), then the actions. */
export function statusPickItems(status: CatalogStatus, ageMs: number | undefined = status.ageMs): StatusPickItem[] {
  const items: StatusPickItem[] = detailLines(status, ageMs).map((l) => ({ label: l.label, description: l.value }));
  const shown = status.problems.slice(0, MAX_PICKER_PROBLEMS);
  shown.forEach((p, i) =>
    items.push({ label: `$(warning) ${tr('Problem {0} of {1}', i + 1, status.problems.length)}`, detail: clip(p) }),
  );
  if (status.problems.length > shown.length) {
    items.push({ label: `$(warning) ${tr('{0} more problems not shown', status.problems.length - shown.length)}` });
  }
  items.push({ label: `$(refresh) ${tr('Refresh catalog now')}`, action: 'refresh' });
  return items;
}

/**
 * The message after "Refresh catalog": what the refresh did, in a sentence, and which catalog is
 * in use now. `ageMs` is the catalog's age now (defaults to the status's).
 */
export function formatRefreshOutcome(status: CatalogStatus, ageMs: number | undefined = status.ageMs): string {
  const inUse = `${catalogInUse(status, ageMs)}: ${formatCounts(status)}`;
  const last = status.lastRefresh;
  if (!last) return tr('Using {0}.', inUse);
  if (!last.ok)
    return tr('The catalog could not be refreshed: {0}. Still using {1}.', sentenceBody(last.outcome), inUse);
  switch (last.outcome) {
    case 'updated':
      return tr('The catalog was updated from {0}: {1}.', apiName(status), formatCounts(status));
    case 'not-modified':
      return tr('The catalog is up to date ({0}).', formatCounts(status));
    case 'offline':
      return tr('Offline: the catalog was not refreshed (bdscript.catalog.offline is on). Using {0}.', inUse);
  }
}

/** `the BDFD API` for the official API, else the URL the catalog came from. */
function apiName(status: CatalogStatus): string {
  const url = status.location.replace(/\/+$/, '');
  if (status.source !== 'live' || url === '' || url === DEFAULT_CATALOG_URL) return tr('the BDFD API');
  return clip(url);
}

/** `the cached catalog (fetched 3 d ago)`, `the catalog bundled with the extension (catalog of 2026-11-20)`. */
function catalogInUse(status: CatalogStatus, ageMs: number | undefined): string {
  const phrase = SOURCE_PHRASES[status.source]();
  if (status.source === 'none') return phrase;
  const day = catalogDay(status);
  if (day) return tr('{0} (catalog of {1})', phrase, day);
  return ageMs !== undefined ? `${phrase} (${fetchedAgo(ageMs)})` : phrase;
}

/** What the last refresh did, for the tooltip and the picker. */
function describeRefresh(last: CatalogLastRefresh): string {
  const when = formatInstant(last.at);
  if (!last.ok) return tr('failed at {0}: {1}', when, sentenceBody(last.outcome));
  switch (last.outcome) {
    case 'updated':
      return tr('the catalog was updated at {0}', when);
    case 'not-modified':
      return tr('the catalog was already up to date at {0}', when);
    case 'offline':
      return tr('skipped at {0}: bdscript.catalog.offline is on', when);
  }
}

function detailLines(status: CatalogStatus, ageMs: number | undefined): { label: string; value: string }[] {
  const lines = [{ label: tr('Source'), value: SOURCE_SENTENCES[status.source]() }];
  // The bundled catalog's location is an internal name (`<bundled>`), not a place a user can open.
  if (status.location && status.source !== 'bundled' && status.source !== 'none') {
    lines.push({ label: tr('Location'), value: clip(status.location) });
  }
  const day = catalogDay(status);
  if (day) {
    lines.push({ label: tr('Catalog date'), value: day });
  } else if (ageMs !== undefined || status.fetchedAt) {
    const when = ageMs === undefined ? undefined : ago(ageMs);
    const at = status.fetchedAt ? formatInstant(status.fetchedAt) : undefined;
    lines.push({ label: tr('Fetched'), value: when && at ? `${when} (${at})` : (when ?? at ?? '') });
  }
  lines.push({ label: tr('Contents'), value: formatCounts(status) });
  if (status.lastRefresh) lines.push({ label: tr('Last refresh'), value: describeRefresh(status.lastRefresh) });
  if (status.refreshing) lines.push({ label: tr('Refreshing'), value: tr('a refresh is running now') });
  return lines;
}

/** `494 functions, 13 callbacks and 3,799 emoji`. */
function formatCounts(status: CatalogStatus): string {
  const { functions, callbacks, emoji } = status.counts;
  const n = (count: number) => count.toLocaleString('en-US');
  return tr(
    '{0}, {1} and {2}',
    functions === 1 ? tr('1 function') : tr('{0} functions', n(functions)),
    callbacks === 1 ? tr('1 callback') : tr('{0} callbacks', n(callbacks)),
    tr('{0} emoji', n(emoji)),
  );
}

/** Untrusted text to go inside a sentence: cut, and without the full stop the sentence adds. */
function sentenceBody(text: string): string {
  return clip(text).replace(/[.\s]+$/, '') || tr('no reason given');
}

/** Cuts a long text and flattens line breaks, so one untrusted string cannot take over the display. */
function clip(text: string): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return flat.length > MAX_TEXT ? flat.slice(0, MAX_TEXT - 1) + '…' : flat;
}
