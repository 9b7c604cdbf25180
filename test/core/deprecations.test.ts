// Deprecated → replacement quick fixes as data: the call after the fix, and whether the fix is
// the preferred one (only where the arguments carry over exactly) or says what to check.

import * as assert from 'node:assert/strict';
import type { DiagnosticData } from '../../server/src/core/features/types';
import { applyOffsetEdits } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

/** The fix of the `deprecated` diagnostic of a one-call document. */
function fixOf(src: string): { text: string; title: string; preferred: boolean } {
  const { service, document } = serviceFor(src, { catalog: snapshotCatalog() });
  const d = service.validate(document).find((x) => x.code === 'deprecated');
  assert.ok(d, `no deprecated diagnostic for ${src}`);
  const fixes = (d.data as DiagnosticData | undefined)?.fixes ?? [];
  assert.equal(fixes.length, 1, JSON.stringify(fixes));
  const fix = fixes[0]!;
  return { text: applyOffsetEdits(src, [...fix.edits]), title: fix.title, preferred: fix.preferred === true };
}

describe('deprecated replacements', () => {
  const cases: Array<[string, string, boolean, RegExp?]> = [
    // Same argument types: only the name changes, preferred.
    ['$channelIDFromName[general]', '$channelID[general]', true],
    ['$userJoinedDiscord[$authorID;%Y]', '$creationDate[$authorID;%Y]', true],
    // The wiki's mapping: user and role, with the sign `$roleGrant` needs.
    ['$giveRole[$mentioned[1];$message[2]]', '$roleGrant[$mentioned[1];+$message[2]]', true],
    ['$takeRole[$message[1];$mentionedRoles[1]]', '$roleGrant[$message[1];-$mentionedRoles[1]]', true],
    ['$giveRole[123;-456]', '$roleGrant[123;-456]', true],
    // One argument acted on every mentioned user: offered, not preferred, and says so.
    ['$giveRole[807004801753284618]', '$roleGrant[$mentioned[1];+807004801753284618]', false, /every mentioned user/],
    // The target moves in front of the permissions.
    [
      '$modifyChannelPerms[$channelID;-sendmessages;$guildID]',
      '$editChannelPerms[$channelID;$guildID;-sendmessages]',
      true,
    ],
    [
      '$modifyChannelPerms[$channelID;+readmessages;-sendmessages;$guildID]',
      '$editChannelPerms[$channelID;$guildID;+readmessages;-sendmessages]',
      true,
    ],
    [
      '$modifyChannelPerms[$channelID;/sendmessages;$guildID]',
      '$editChannelPerms[$channelID;$guildID;/sendmessages]',
      false,
      /no `\/`/,
    ],
    // Nothing maps: offered, not preferred, with what to check.
    ['$mute[Muted]', '$timeout[]', false, /duration/],
    ['$unmute[Muted]', '$untimeout[]', false, /muted role/],
    [
      '$modifyChannelPerms[$channelID;-sendmessages]',
      '$editChannelPerms[$channelID;-sendmessages]',
      false,
      /check the arguments: `\$editChannelPerms\[Channel ID;User ID\/RoleID;Permission;\.\.\.\]`/,
    ],
  ];
  for (const [src, after, preferred, note] of cases) {
    it(`${src} → ${after}${preferred ? ' (preferred)' : ''}`, () => {
      const fix = fixOf(src);
      assert.equal(fix.text, after);
      assert.equal(fix.preferred, preferred, fix.title);
      if (note) assert.match(fix.title, note);
      else assert.doesNotMatch(fix.title, /check/);
    });
  }
});
