// What the client shows about the catalog: the status item's text and tooltip and the lines of
// the "Show catalog status" picker, all made from the server's CatalogStatus. Pure: no `vscode`
// import, so plain mocha tests it. Status objects arrive over the wire and are checked first.
import { isObject, type CatalogSourceKind, type CatalogStatus } from '../../server/src/protocol';

const SOURCE_KINDS: readonly CatalogSourceKind[] = ['live', 'cache', 'snapshot', 'bundled', 'none'];

/** How each source is named in the status item. */
const SOURCE_LABELS: Readonly<Record<CatalogSourceKind, string>> = {
  live: 'live',
  cache: 'cached',
  snapshot: 'snapshot file',
  bundled: 'bundled snapshot',
  none: 'no catalog',
};

/** What the status tooltip and picker list of problems at most, so a flood stays readable. */
export const MAX_TOOLTIP_PROBLEMS = 5;
export const MAX_PICKER_PROBLEMS = 100;
/** Longest problem or location text shown; longer texts are cut with an ellipsis. */
const MAX_TEXT = 300;

/**
 * A CatalogStatus from untrusted JSON, or undefined when it is not one. Optional fields of the
 * wrong type are dropped and counts default to 0, so a slightly odd status still shows.
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
  const problems = Array.isArray(raw['problems']) ? raw['problems'].filter((p): p is string => typeof p === 'string') : [];
  const status: {
    -readonly [K in keyof CatalogStatus]: CatalogStatus[K];
  } = {
    source: source as CatalogSourceKind,
    location: typeof raw['location'] === 'string' ? raw['location'] : '',
    counts: { functions: count('functions'), callbacks: count('callbacks'), emoji: count('emoji') },
    problems,
    refreshing: raw['refreshing'] === true,
  };
  if (typeof raw['fetchedAt'] === 'string') status.fetchedAt = raw['fetchedAt'];
  const age = raw['ageMs'];
  if (typeof age === 'number' && Number.isFinite(age) && age >= 0) status.ageMs = age;
  const last = raw['lastRefresh'];
  if (isObject(last) && typeof last['at'] === 'string' && typeof last['ok'] === 'boolean' && typeof last['outcome'] === 'string') {
    status.lastRefresh = { at: last['at'], ok: last['ok'], outcome: last['outcome'] };
  }
  return status;
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
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

function ageText(ageMs: number | undefined): string | undefined {
  if (ageMs === undefined) return undefined;
  const age = formatAge(ageMs);
  return age === 'just now' ? 'fetched just now' : `${age} old`;
}

/** The status item's text, e.g. `BDScript: live · 2 h old`, with a spinner while refreshing. */
export function formatStatusText(status: CatalogStatus, ageMs: number | undefined = status.ageMs): string {
  const parts = [`BDScript: ${SOURCE_LABELS[status.source]}`];
  const age = status.source === 'none' ? undefined : ageText(ageMs);
  if (age) parts.push(age);
  const icon = status.refreshing ? '$(sync~spin) ' : hasTrouble(status) ? '$(warning) ' : '';
  return icon + parts.join(' · ');
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
 * untrusted data) with source, location, age, counts, last refresh and the first problems.
 */
export function formatStatusTooltip(status: CatalogStatus, ageMs: number | undefined = status.ageMs): string {
  const lines = detailLines(status, ageMs).map((l) => `${l.label}: ${l.value}`);
  if (status.problems.length > 0) {
    lines.push(`Problems (${status.problems.length}):`);
    for (const p of status.problems.slice(0, MAX_TOOLTIP_PROBLEMS)) lines.push(`- ${clip(p)}`);
    const more = status.problems.length - MAX_TOOLTIP_PROBLEMS;
    if (more > 0) lines.push(`- and ${more} more`);
  }
  lines.push('Click for details.');
  return ['BDScript catalog', ...lines].join('\n');
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
  shown.forEach((p, i) => items.push({ label: `$(warning) Problem ${i + 1} of ${status.problems.length}`, detail: clip(p) }));
  if (status.problems.length > shown.length) {
    items.push({ label: `$(warning) ${status.problems.length - shown.length} more problems not shown` });
  }
  items.push({ label: '$(refresh) Refresh catalog now', action: 'refresh' });
  return items;
}

/** A one-line summary after a refresh, for an information message. */
export function formatRefreshOutcome(status: CatalogStatus): string {
  const last = status.lastRefresh;
  const now = `now using the ${SOURCE_LABELS[status.source]} catalog (${formatCounts(status)})`;
  if (!last) return `BDScript: ${now}.`;
  if (last.ok) return `BDScript: refresh ${clip(last.outcome)}; ${now}.`;
  return `BDScript: refresh failed (${clip(last.outcome)}); ${now}.`;
}

function detailLines(status: CatalogStatus, ageMs: number | undefined): { label: string; value: string }[] {
  const lines = [{ label: 'Source', value: SOURCE_LABELS[status.source] }];
  if (status.location) lines.push({ label: 'Location', value: clip(status.location) });
  if (ageMs !== undefined || status.fetchedAt) {
    const when = [ageMs !== undefined ? (formatAge(ageMs) === 'just now' ? 'just now' : `${formatAge(ageMs)} ago`) : undefined, status.fetchedAt ? `(${clip(status.fetchedAt)})` : undefined];
    lines.push({ label: 'Fetched', value: when.filter(Boolean).join(' ') });
  }
  lines.push({ label: 'Contents', value: formatCounts(status) });
  if (status.lastRefresh) {
    const r = status.lastRefresh;
    lines.push({ label: 'Last refresh', value: `${r.ok ? 'ok' : 'failed'}: ${clip(r.outcome)} (${clip(r.at)})` });
  }
  if (status.refreshing) lines.push({ label: 'Refreshing', value: 'a refresh is running now' });
  return lines;
}

function formatCounts(status: CatalogStatus): string {
  const { functions, callbacks, emoji } = status.counts;
  return `${plural(functions, 'function')}, ${plural(callbacks, 'callback')}, ${plural(emoji, 'emoji', 'emoji')}`;
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Cuts a long text and flattens line breaks, so one untrusted string cannot take over the display. */
function clip(text: string): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return flat.length > MAX_TEXT ? flat.slice(0, MAX_TEXT - 1) + '…' : flat;
}

