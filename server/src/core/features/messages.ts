// Message text: the beginner hint `message-too-long`, a literal message longer than Discord's
// 2,000 characters (limits.ts). The response's text is the code's top-level text on one
// execution path (paths.ts), so text in exclusive branches or after `$stop` is never added up;
// `$sendMessage`, `$channelSendMessage` and the other senders send their own argument as a
// message of its own. Only characters that certainly reach Discord count: the letters and
// symbols of literal text and escapes, not blanks (BDFD may trim them) and not what calls
// return (known only at run time), so a finding is always a message that is too long.

import { ChunkFact, moveEach, moveOffsets } from '../parser/facts';
import { DocumentRule } from './carry';
import type { ArgNode, ChunkView, Node, ParsedDocument } from '../parser/tree';
import { isWhitespace } from '../chars';
import { limit } from './limits';
import { inTrigger, pathModel, walkPaths } from './paths';
import { BLOCK_ROLES } from '../parser/blocks';
import { msg, type Msg } from '../l10n';
import { shapesOf } from './shapes';
import type { DocText } from '../parser/text';
import { CallFilter } from '../parser/callsByName';

/** Functions that send their argument as a message of its own, with the index of that argument (shapes.ts). */
export const SENDERS: ReadonlyMap<string, number> = new Map(
  shapesOf('sender').flatMap((shape) => {
    const at = shape.at('text');
    return at === undefined ? [] : [[shape.name, at] as const];
  }),
);

/** A run of top-level text between two calls that can change the path ($stop, block functions). */
export interface TextRun {
  readonly start: number;
  readonly end: number;
  /** Characters in it that certainly reach Discord. */
  readonly count: number;
}

interface MessageFacts {
  readonly runs: readonly TextRun[];
  /**
   * Nothing before the first run in the chunk ends a run (no `$stop` or block function), and
   * nothing after the last one: where the chunk boundary falls, a run of the text goes on in the
   * next chunk. A chunk with no run passes one on when nothing in it ends runs.
   */
  readonly openStart: boolean;
  readonly openEnd: boolean;
  /** Sender arguments with more certain characters than a message may hold. */
  readonly longArguments: ReadonlyArray<{
    readonly start: number;
    readonly end: number;
    readonly count: number;
    readonly name: string;
  }>;
}

/** Characters of a text that are not blanks. */
function visible(text: DocText, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is one character: its second half is not counted again.
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if (!isWhitespace(c)) n++;
  }
  return n;
}

function countOf(text: DocText, node: Node): number {
  if (node.kind === 'text') return visible(text, node.start, node.end);
  if (node.kind === 'escape') return 1;
  return 0;
}

function argumentCount(text: DocText, arg: ArgNode): number {
  let n = 0;
  const children = arg.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child !== undefined) n += countOf(text, child);
  }
  return n;
}

export const MESSAGE_FACT = new ChunkFact<MessageFacts>({
  name: 'messages',
  compute: chunkMessages,
  // Counts are characters, not offsets: they stay.
  move: (fact, shift) => {
    const runs = moveEach(fact.runs, (r) => moveOffsets(r, ['start', 'end'], shift));
    const longArguments = moveEach(fact.longArguments, (a) => moveOffsets(a, ['start', 'end'], shift));
    return runs && longArguments && { runs, longArguments, openStart: fact.openStart, openEnd: fact.openEnd };
  },
});

/** The calls the messages fact reads beside the roots (see CallFilter): the senders. */
const SENDER_CALLS = new CallFilter(SENDERS.keys());

function chunkMessages(text: DocText, view: ChunkView, base: number): MessageFacts {
  const runs: TextRun[] = [];
  // The open run as three numbers, not an object, and closed in the loop, not by a closure: a
  // closure would keep them in a context object read and written for every top-level node.
  let runStart = -1;
  let runEnd = 0;
  let runCount = 0;
  let openStart = true;
  let openEnd = true;
  const roots = view.roots;
  for (let i = 0; i < roots.length; i++) {
    const node = roots[i];
    if (node === undefined) continue;
    if (node.kind === 'call') {
      // Only `$stop` and block functions end a run; any other call adds nothing to it.
      if (node.name !== '$stop' && !BLOCK_ROLES.has(node.name)) continue;
      if (runs.length === 0 && runStart < 0) openStart = false;
      openEnd = false;
      if (runStart >= 0 && runCount > 0) runs.push({ start: runStart - base, end: runEnd - base, count: runCount });
      runStart = -1;
      continue;
    }
    const n = countOf(text, node);
    if (n === 0) continue;
    if (runStart < 0) {
      runStart = node.start;
      runCount = 0;
    }
    runEnd = node.end;
    runCount += n;
    openEnd = true;
  }
  if (runStart >= 0 && runCount > 0) runs.push({ start: runStart - base, end: runEnd - base, count: runCount });
  const max = limit('messageContent');
  const longArguments: Array<{ start: number; end: number; count: number; name: string }> = [];
  const all = SENDER_CALLS.of(view);
  for (let i = 0; i < all.length; i++) {
    const call = all[i];
    if (call === undefined) continue;
    const index = SENDERS.get(call.name);
    const arg = index !== undefined ? call.args[index] : undefined;
    if (!arg) continue;
    const count = argumentCount(text, arg);
    if (count > max) {
      longArguments.push({ start: arg.start - base, end: arg.end - base, count, name: call.name });
    }
  }
  return { runs, longArguments, openStart, openEnd };
}

export interface MessageFinding {
  readonly code: 'message-too-long';
  readonly start: number;
  readonly end: number;
  readonly message: Msg;
}

/** The reply's runs of top-level text with the characters that certainly reach Discord, outside the trigger, placed on the paths. */
export function messageRuns(parsed: ParsedDocument): Array<TextRun & { readonly at: number }> {
  const runs: Array<{ at: number; start: number; end: number; count: number }> = [];
  // Whether the last run goes on into the next chunk (nothing after it ended it).
  let open = false;
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const facts = parsed.fact(MESSAGE_FACT, i);
    for (const [k, r] of facts.runs.entries()) {
      const start = r.start + base;
      if (inTrigger(parsed, start)) {
        open = false;
        continue;
      }
      const last = runs[runs.length - 1];
      // A run the chunk boundary cut in two is one run, wherever the parser put the boundary.
      if (k === 0 && open && facts.openStart && last) {
        last.end = r.end + base;
        last.count += r.count;
      } else runs.push({ at: start, start, end: r.end + base, count: r.count });
      open = true;
    }
    open = facts.runs.length > 0 ? open && facts.openEnd : open && facts.openStart && facts.openEnd;
  }
  return runs;
}

/** The messages rule: its findings, carried over edits that leave what it reads in place (carry.ts). */
export const MESSAGE_RULE = new DocumentRule('messages', messageFindings);

/** The findings of the message rules over the whole document. */
export function messageFindings(parsed: ParsedDocument): MessageFinding[] {
  const max = limit('messageContent');
  const out: MessageFinding[] = [];
  const runs = messageRuns(parsed);
  let total = 0;
  for (const r of runs) total += r.count;
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    const facts = parsed.fact(MESSAGE_FACT, i);
    for (const a of facts.longArguments) {
      out.push({
        code: 'message-too-long',
        start: a.start + base,
        end: a.end + base,
        message: msg('rule.sentMessageTooLong', { name: a.name, count: a.count, max }),
      });
    }
  }
  // Fewer characters than the limit in the whole document, or on any path through its blocks:
  // no path the walk follows can exceed it.
  if (total <= max) return out;
  const model = pathModel(parsed);
  if (model.mostOnOnePath(runs) <= max) return out;
  let reported = -1;
  walkPaths(model, runs, {
    initial: 0,
    key: () => '',
    merge: (a, b) => Math.max(a, b),
    // One finding says it: a reply that is too long on one path is too long.
    finished: () => reported >= 0,
    step: (count, run) => {
      const next = count + run.count;
      if (count <= max && next > max && reported < 0) {
        reported = run.start;
        const at = crossing(parsed, run, max - count);
        out.push({
          code: 'message-too-long',
          start: at.start,
          end: at.end,
          message: msg('rule.replyTooLong', { max, next }),
        });
      }
      return next;
    },
  });
  return out;
}

/** The top-level text node of a run where the count passes `left` more characters. */
function crossing(parsed: ParsedDocument, run: TextRun, left: number): { start: number; end: number } {
  let seen = 0;
  for (const node of parsed.roots(run.start, run.end)) {
    if (node.end <= run.start || node.start >= run.end) continue;
    seen += countOf(parsed.text, node);
    if (seen > left) return { start: node.start, end: node.end };
  }
  return { start: run.start, end: Math.min(run.end, run.start + 1) };
}
