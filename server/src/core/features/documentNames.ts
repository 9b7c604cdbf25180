// Names a document defines, read from per-chunk summaries: every `$var[Name...]` with a literal
// name. A chunk is summarised once and the summary is reused while edits elsewhere keep the
// chunk, so completion and the outline do not walk a large document on every request.

import { ChunkFact, moveEach, moveOffsets } from '../parser/facts';
import { literalText } from '../parser/query';
import type { ChunkView, ParsedDocument } from '../parser/tree';
import type { DocText } from '../parser/text';

/** One `$var[Name]` or `$var[Name;Value]` with a literal, non-blank name. */
export interface VarUse {
  /** The name, trimmed. */
  readonly name: string;
  /** The call's span. */
  readonly start: number;
  readonly end: number;
  /** The first argument's span (the name as written). */
  readonly nameStart: number;
  readonly nameEnd: number;
  /** How many arguments the call has (2 or more sets the variable). */
  readonly argCount: number;
}

/** Every `$var` call with a literal name, in document order. */
export function varUses(parsed: ParsedDocument): VarUse[] {
  const out: VarUse[] = [];
  for (let i = 0; i < parsed.chunkCount; i++) {
    const base = parsed.chunkStart(i);
    for (const use of parsed.fact(VAR_USE_FACT, i)) {
      out.push({
        ...use,
        start: use.start + base,
        end: use.end + base,
        nameStart: use.nameStart + base,
        nameEnd: use.nameEnd + base,
      });
    }
  }
  return out;
}

/** The `$var` calls of a chunk with a literal name (completion of names, the outline, rename). */
export const VAR_USE_FACT = new ChunkFact<readonly VarUse[]>({
  name: 'vars',
  compute: chunkVarUses,
  // `argCount` counts arguments: it stays.
  move: (fact, shift) => moveEach(fact, (u) => moveOffsets(u, ['start', 'end', 'nameStart', 'nameEnd'], shift)),
});

function chunkVarUses(text: DocText, view: ChunkView, base: number): VarUse[] {
  const out: VarUse[] = [];
  for (const call of view.calls) {
    const arg = call.args[0];
    if (call.name !== '$var' || call.open < 0 || arg === undefined) continue;
    const name = literalText(text, arg)?.trim();
    if (!name) continue;
    out.push({
      name,
      start: call.start - base,
      end: call.end - base,
      nameStart: arg.start - base,
      nameEnd: arg.end - base,
      argCount: call.args.length,
    });
  }
  return out;
}
