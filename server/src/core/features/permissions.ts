// Permission names as `Permission` arguments accept them: the names the BDFD wiki lists (lower
// case, no separators), plus Discord's own permission flag names written the same way, which
// are accepted without comment because the wiki's list is older than some of them. Comparison
// ignores case, and a leading `+` or `-` (grant or deny, as `$modifyChannelPerms` takes it).

import { editDistance } from '../catalog/catalog';

/** The names on the BDFD wiki's permissions page; suggestions come from these. */
export const BDFD_PERMISSIONS: readonly string[] = [
  'addreactions',
  'admin',
  'attachfiles',
  'ban',
  'changenicknames',
  'createinstantinvite',
  'embedlinks',
  'externalemojis',
  'kick',
  'managechannels',
  'manageemojis',
  'managemessages',
  'managenicknames',
  'manageroles',
  'manageserver',
  'managewebhooks',
  'mentioneveryone',
  'readmessagehistory',
  'readmessages',
  'sendmessages',
  'tts',
];

/**
 * Discord's permission flags, lower-cased without separators. BDFD may accept some of these
 * (the wiki's list predates threads and timeouts); since that is unknown, they pass silently.
 */
const DISCORD_PERMISSION_FLAGS: readonly string[] = [
  'administrator',
  'kickmembers',
  'banmembers',
  'manageguild',
  'viewauditlog',
  'priorityspeaker',
  'stream',
  'viewchannel',
  'sendttsmessages',
  'useexternalemojis',
  'viewguildinsights',
  'connect',
  'speak',
  'mutemembers',
  'deafenmembers',
  'movemembers',
  'usevad',
  'changenickname',
  'manageemojisandstickers',
  'manageguildexpressions',
  'useapplicationcommands',
  'requesttospeak',
  'manageevents',
  'managethreads',
  'createpublicthreads',
  'createprivatethreads',
  'useexternalstickers',
  'sendmessagesinthreads',
  'useembeddedactivities',
  'moderatemembers',
  'usesoundboard',
  'useexternalsounds',
  'sendvoicemessages',
  'sendpolls',
  'createguildexpressions',
  'createevents',
  'useexternalapps',
];

const KNOWN = new Set<string>([...BDFD_PERMISSIONS, ...DISCORD_PERMISSION_FLAGS]);

/** The name without its grant/deny sign, lower-cased. */
function bareName(value: string): string {
  const c = value.charCodeAt(0);
  return (c === 43 /* + */ || c === 45 /* - */ ? value.slice(1) : value).toLowerCase();
}

/** Whether a literal names a permission (`managemessages`, `ADMIN`, `-sendmessages`). */
export function isPermission(value: string): boolean {
  return KNOWN.has(bareName(value));
}

/**
 * Wiki permission names close to an unknown one, nearest first, keeping the value's sign:
 * `manage_roles` → `manageroles`, `-sendmesages` → `-sendmessages`.
 */
export function similarPermissions(value: string, max = 3): string[] {
  const sign = value.startsWith('+') || value.startsWith('-') ? value.charAt(0) : '';
  const name = bareName(value).replace(/[\s_-]+/g, '');
  if (name === '') return [];
  const budget = Math.max(1, Math.min(3, Math.floor(name.length / 4)));
  const scored: Array<[number, string]> = [];
  for (const candidate of BDFD_PERMISSIONS) {
    const d = candidate === name ? 0 : editDistance(name, candidate, budget);
    if (d <= budget) scored.push([d, candidate]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  return scored.slice(0, max).map(([, n]) => sign + n);
}
