// "Copy for BDFD app": what to paste into the app. The app keeps a command's trigger in a field
// of its own and its code in another; a file holds both, the trigger on its first line (the
// convention in docs/language.md). This gives the code without that file-only line, and the trigger's call
// to type into the trigger field. Nothing else is touched: the code is the file's text after
// the trigger line, byte for byte.

import { lineOf } from '../parser/parser';
import type { ParsedDocument } from '../parser/tree';
import { wholeText } from '../parser/text';

export interface AppCode {
  /** The command's code: the document without its trigger line (the whole document when it has none). */
  readonly code: string;
  /** The trigger's call as written (`$onJoined[$getServerVar[welcomeChannel]]`), or null without a trigger line. */
  readonly trigger: string | null;
  /** The 0-based line of the trigger, when there is one. */
  readonly triggerLine: number | null;
}

/** The code and trigger of a parsed document for the BDFD app. */
export function appCode(parsed: ParsedDocument): AppCode {
  const text = parsed.text;
  const span = parsed.trigger;
  const call = span ? parsed.callAt(span.start) : null;
  if (!span || !call) return { code: wholeText(text), trigger: null, triggerLine: null };
  // The trigger line ends at `span.end` (before its line break); blank lines before it go too.
  let codeStart = span.end;
  if (text.charCodeAt(codeStart) === 13 /* \r */) codeStart++;
  if (text.charCodeAt(codeStart) === 10 /* \n */) codeStart++;
  return {
    code: text.slice(codeStart),
    trigger: text.slice(call.start, call.end),
    triggerLine: lineOf(parsed.lineStarts, span.start),
  };
}
