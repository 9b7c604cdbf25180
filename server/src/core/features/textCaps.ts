// Discord's caps on the texts of one call, where the text is literal (an argument that holds a
// call has its length only at run time): embed titles, descriptions, field names and values,
// footers and authors (`embed-limit`), and buttons' labels, custom IDs and URLs
// (`component-text-limit`; the ID/URL argument is a URL when it starts with http(s)://, as the
// component rules read it). The numbers
// come from the one table of limits (limits.ts), where each cites Discord's documentation.
// Discord trims the blanks around these texts before it counts ("Leading and trailing whitespace
// characters are not included"), and counts characters: a character outside the Basic
// Multilingual Plane (most emoji) is one, not two UTF-16 code units.

import { literalText } from '../parser/query';
import type { CallNode } from '../parser/tree';
import type { CallCheck, CallReport } from './callRules';
import { isUrlLike } from './components';
import { limit, type DiscordLimit } from './limits';
import { msg, type MessageKey } from '../l10n';

interface TextCap {
  readonly arg: number;
  readonly limit: DiscordLimit;
  /** What the text is, in a sentence: "an embed title". */
  readonly what: MessageKey;
  readonly code: 'embed-limit' | 'component-text-limit';
  /** The cap and wording when the text is a URL (a button's "ID/URL" argument). */
  readonly url?: { readonly limit: DiscordLimit; readonly what: MessageKey };
}

/** A button's "Button ID/URL" argument: a custom ID of at most 100 characters, or a URL of at most 512. */
const buttonIdOrUrl = (arg: number): TextCap => ({
  arg,
  limit: 'customId',
  what: 'what.buttonCustomId',
  code: 'component-text-limit',
  url: { limit: 'buttonUrl', what: 'what.buttonUrl' },
});
const buttonLabel = (arg: number): TextCap => ({
  arg,
  limit: 'buttonLabel',
  what: 'what.buttonLabel',
  code: 'component-text-limit',
});

const CAPS: ReadonlyMap<string, readonly TextCap[]> = new Map([
  ['$title', [{ arg: 0, limit: 'embedTitle', what: 'what.embedTitle', code: 'embed-limit' }]],
  ['$description', [{ arg: 0, limit: 'embedDescription', what: 'what.embedDescription', code: 'embed-limit' }]],
  ['$footer', [{ arg: 0, limit: 'embedFooter', what: 'what.embedFooter', code: 'embed-limit' }]],
  ['$author', [{ arg: 0, limit: 'embedAuthor', what: 'what.embedAuthor', code: 'embed-limit' }]],
  [
    '$addField',
    [
      { arg: 0, limit: 'embedFieldName', what: 'what.embedFieldName', code: 'embed-limit' },
      { arg: 1, limit: 'embedFieldValue', what: 'what.embedFieldValue', code: 'embed-limit' },
    ],
  ],
  ['$addButton', [buttonIdOrUrl(1), buttonLabel(2)]],
  ['$addButtonCV2', [buttonIdOrUrl(0), buttonLabel(1)]],
  ['$editButton', [buttonIdOrUrl(0), buttonLabel(1)]],
] as const);

/** Characters as Discord counts them: code points. */
function characters(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const before = s.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) continue;
    }
    n++;
  }
  return n;
}

function checkCaps(caps: readonly TextCap[]): CallCheck {
  return (text: string, call: CallNode, report: CallReport): void => {
    for (const cap of caps) {
      const arg = call.args[cap.arg];
      if (!arg) continue;
      const value = literalText(text, arg)?.trim();
      if (value === undefined) continue;
      const { limit: which, what } = cap.url && isUrlLike(value) ? cap.url : cap;
      const max = limit(which);
      const count = characters(value);
      if (count <= max) continue;
      report(cap.code, arg.start, arg.end, () =>
        msg('rule.textCap', { what: msg(what), count, max, over: count - max }),
      );
    }
  };
}

/** The embed functions' `(Index)` argument: a message holds at most 10 embeds. */
const EMBED_INDEX: ReadonlyMap<string, number> = new Map([
  ...[
    '$title',
    '$description',
    '$color',
    '$footer',
    '$footerIcon',
    '$author',
    '$authorIcon',
    '$authorURL',
    '$image',
    '$thumbnail',
    '$embeddedURL',
  ].map((n): [string, number] => [n, 1]),
  ['$addField', 3],
  ['$addTimestamp', 0],
]);

function checkIndex(at: number): CallCheck {
  return (text: string, call: CallNode, report: CallReport): void => {
    const arg = call.args[at];
    const value = arg ? literalText(text, arg)?.trim() : undefined;
    if (!arg || value === undefined || !/^\d+$/.test(value)) return;
    const max = limit('embedsPerMessage');
    const index = Number(value);
    if (index <= max) return;
    report('embed-limit', arg.start, arg.end, () => msg('rule.embedIndex', { name: call.name, index, max }));
  };
}

/** The checks, by function name. */
export const TEXT_CAP_CHECKS: ReadonlyArray<readonly [string, CallCheck]> = [
  ...[...CAPS].map(([name, caps]) => [name, checkCaps(caps)] as const),
  ...[...EMBED_INDEX].map(([name, at]) => [name, checkIndex(at)] as const),
];
