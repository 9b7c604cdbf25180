// "Copy for BDFD app" without VS Code: checking the server's answer (it crosses a process
// boundary) and the words the command shows. The trigger is the user's own text but is still
// put on one line and cut short before it goes into a message.

import { isObject } from '../../server/src/protocol/json';
import { type CopyForAppResult } from '../../server/src/protocol/messages';
import { tr } from './l10n';

/** The longest trigger quoted whole in a message. */
export const MAX_TRIGGER_SHOWN = 120;

/** The server's answer when it has the shape of a `CopyForAppResult`, else undefined. */
export function coerceAppCode(raw: unknown): CopyForAppResult | undefined {
  if (!isObject(raw) || typeof raw['code'] !== 'string') return undefined;
  const trigger = raw['trigger'];
  const line = raw['triggerLine'];
  if (trigger !== null && typeof trigger !== 'string') return undefined;
  return {
    code: raw['code'],
    trigger,
    triggerLine: typeof line === 'number' && Number.isInteger(line) && line >= 0 ? line : null,
  };
}

/** The trigger for a message: one line, control characters dropped, cut with an ellipsis. */
export function shownTrigger(trigger: string): string {
  const line = trigger
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]+/g, ' ')
    .trim();
  return line.length > MAX_TRIGGER_SHOWN ? `${line.slice(0, MAX_TRIGGER_SHOWN - 1)}…` : line;
}

/** What the command says after copying, and whether it offers to copy the trigger. */
export function copiedMessage(result: CopyForAppResult): { text: string; offerTrigger: boolean } {
  const lines = result.code === '' ? 0 : result.code.split(/\r\n|\r|\n/).length;
  const what = lines === 1 ? tr('1 line') : tr('{0} lines', lines);
  if (result.trigger === null) {
    return {
      text: `BDScript: ${tr('copied the code ({0}). This file has no trigger line, so the trigger stays as it is in the app.', what)}`,
      offerTrigger: false,
    };
  }
  return {
    text: `BDScript: ${tr("copied the code ({0}) without its trigger line. Put this in the app's trigger field: {1}", what, shownTrigger(result.trigger))}`,
    offerTrigger: true,
  };
}

/** The label of the button that copies the trigger. */
export function copyTriggerLabel(): string {
  return tr('Copy trigger');
}
