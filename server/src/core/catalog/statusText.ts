// The catalog status as text for people: where the catalog came from, its age, counts, the last
// refresh and the problems, one per line. The CLI's `catalog status` prints it and the server's
// status command answers with it. Locations, outcomes and problems come from untrusted sources
// (a server, a snapshot, a cache) and are shown through `visible`.

import type { CatalogStatus } from '../../protocol/messages';
import { visible } from './controlChars';

const SOURCE_NAMES: Readonly<Record<CatalogStatus['source'], string>> = {
  live: 'live API',
  cache: 'disk cache',
  snapshot: 'snapshot file',
  bundled: 'bundled snapshot',
  none: 'none (no catalog could be loaded)',
};

/** The status as a few human lines; its text fields come from untrusted sources and are shown escaped. */
export function formatStatus(s: CatalogStatus): string {
  const lines = [`source:   ${SOURCE_NAMES[s.source]}${s.location ? ` (${visible(s.location)})` : ''}`];
  if (s.fetchedAt) lines.push(`fetched:  ${visible(s.fetchedAt)}${s.ageMs !== undefined ? ` (${formatAge(s.ageMs)} ago)` : ''}`);
  lines.push(`counts:   ${s.counts.functions} functions, ${s.counts.callbacks} callbacks, ${s.counts.emoji} emoji`);
  if (s.lastRefresh) lines.push(`refresh:  ${s.lastRefresh.at} ${s.lastRefresh.ok ? 'ok' : 'failed'}: ${visible(s.lastRefresh.outcome)}`);
  if (s.problems.length > 0) {
    lines.push('problems:');
    for (const p of s.problems) lines.push(`  - ${visible(p)}`);
  } else {
    lines.push('problems: none');
  }
  return lines.join('\n') + '\n';
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
