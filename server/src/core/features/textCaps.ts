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
import { capCount, shapesOf, type Slot } from './shapes';
import type { DocText } from '../parser/text';

interface TextCap {
  readonly arg: number;
  readonly limit: DiscordLimit;
  /** What the text is, in a sentence: "an embed title". */
  readonly what: MessageKey;
  readonly code: 'embed-limit' | 'component-text-limit';
  /** The cap and wording when the text is a URL (a button's "ID/URL" argument). */
  readonly url?: { readonly limit: DiscordLimit; readonly what: MessageKey };
}

/** What a capped text is, in a sentence, by the embed part or the button slot that holds it. */
const EMBED_WHAT: Partial<Record<string, MessageKey>> = {
  title: 'what.embedTitle',
  description: 'what.embedDescription',
  footer: 'what.embedFooter',
  author: 'what.embedAuthor',
  'field:name': 'what.embedFieldName',
  'field:value': 'what.embedFieldValue',
};
const BUTTON_WHAT: Partial<Record<Slot, MessageKey>> = {
  idOrUrl: 'what.buttonCustomId',
  label: 'what.buttonLabel',
};

/**
 * The caps these checks judge, from the table of shapes (shapes.ts): the texts of the embed
 * functions, and buttons' labels and ID/URL argument (a custom ID of at most 100 characters, or
 * a URL of at most 512).
 */
const CAPS: ReadonlyMap<string, readonly TextCap[]> = new Map(
  shapesOf('embed', 'button', 'buttonV2', 'editButton').flatMap((shape) => {
    const caps: TextCap[] = [];
    shape.args.forEach((arg, at) => {
      if (!arg.cap) return;
      if (shape.role === 'embed') {
        const what = EMBED_WHAT[shape.embed === 'field' ? `field:${arg.slot}` : (shape.embed ?? '')];
        if (what) caps.push({ arg: at, limit: arg.cap, what, code: 'embed-limit' });
        return;
      }
      const what = BUTTON_WHAT[arg.slot];
      if (!what) return;
      caps.push({
        arg: at,
        limit: arg.cap,
        what,
        code: 'component-text-limit',
        ...(arg.slot === 'idOrUrl' ? { url: { limit: 'buttonUrl', what: 'what.buttonUrl' } } : {}),
      });
    });
    return caps.length > 0 ? [[shape.name, caps] as const] : [];
  }),
);

function checkCaps(caps: readonly TextCap[]): CallCheck {
  return (text: DocText, call: CallNode, report: CallReport): void => {
    for (const cap of caps) {
      const arg = call.args[cap.arg];
      if (!arg) continue;
      const value = literalText(text, arg);
      if (value === undefined) continue;
      const { limit: which, what } = cap.url && isUrlLike(value) ? cap.url : cap;
      const max = limit(which);
      const count = capCount(value);
      if (count <= max) continue;
      report(cap.code, arg.start, arg.end, () =>
        msg('rule.textCap', { what: msg(what), count, max, over: count - max }),
      );
    }
  };
}

/** The embed functions' `(Index)` argument: a message holds at most 10 embeds. */
const EMBED_INDEX: ReadonlyMap<string, number> = new Map(
  shapesOf('embed').flatMap((shape) => {
    const at = shape.at('embedIndex');
    return at === undefined ? [] : [[shape.name, at] as const];
  }),
);

function checkIndex(at: number): CallCheck {
  return (text: DocText, call: CallNode, report: CallReport): void => {
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
