// Findings of a document-wide rule carried over from the previous version. A rule about the
// whole command (variables, components, message text, parents, menus, embeds) is a function of
// per-chunk facts and of the execution paths (themselves per-chunk facts and the blocks). What a
// rule reads is recorded while it runs (facts.ts, `recordReads`): when an edit leaves every fact
// it read unchanged in the chunks it replaced, and it read none of their nodes directly (typing in
// text the rule does not read, in a chunk without the calls it counts), the previous version's
// findings are still right, moved with the text; only an edit that changes what it read pays for
// the rule again. The parser decides when the facts are equal and how offsets move
// (`ParsedDocument.recall`).

import { CarriedValue, recordReads } from '../parser/facts';
import type { ParsedDocument } from '../parser/tree';
import type { DiagnosticFix } from './types';

interface Movable {
  readonly start: number;
  readonly end: number;
  readonly related?: ReadonlyArray<{ readonly start: number; readonly end: number }>;
  readonly fixes?: readonly DiagnosticFix[];
}

/** A finding moved by `map`, or undefined when one of its offsets cannot be placed. */
function moved<F extends Movable>(f: F, map: (offset: number) => number | undefined): F | undefined {
  const start = map(f.start);
  const end = map(f.end);
  if (start === undefined || end === undefined) return undefined;
  let related = f.related;
  if (related && related.length > 0) {
    const out: Array<{ start: number; end: number }> = [];
    for (const r of related) {
      const s = map(r.start);
      const e = map(r.end);
      if (s === undefined || e === undefined) return undefined;
      out.push({ ...r, start: s, end: e });
    }
    related = out;
  }
  let fixes = f.fixes;
  if (fixes && fixes.length > 0) {
    const out: DiagnosticFix[] = [];
    for (const fix of fixes) {
      const edits = [];
      for (const e of fix.edits) {
        const s = map(e.start);
        const en = map(e.end);
        if (s === undefined || en === undefined) return undefined;
        edits.push({ ...e, start: s, end: en });
      }
      out.push({ ...fix, edits });
    }
    fixes = out;
  }
  return { ...f, start, end, ...(related ? { related } : {}), ...(fixes ? { fixes } : {}) };
}

/**
 * A rule about the whole command: its findings are computed by `compute`, unless this version
 * has them or the previous version's can be carried here (see the module's header).
 */
export class DocumentRule<F extends Movable> {
  /** Where the findings are kept with each version (read by tests through `ParsedDocument.recall`). */
  readonly findings: CarriedValue<readonly F[]>;

  constructor(
    readonly name: string,
    private readonly compute: (parsed: ParsedDocument) => readonly F[],
  ) {
    this.findings = new CarriedValue(`rule:${name}`);
  }

  /** The rule's findings in `parsed`, carried over from the previous version when they can be. */
  run(parsed: ParsedDocument): readonly F[] {
    const before = parsed.recall(this.findings);
    if (before) {
      if (!before.map) return before.value;
      const out: F[] = [];
      let ok = true;
      for (const f of before.value) {
        const m = moved(f, before.map);
        if (!m) {
          ok = false;
          break;
        }
        out.push(m);
      }
      if (ok) {
        parsed.remember(this.findings, out, before.reads);
        return out;
      }
    }
    const { value, reads } = recordReads(() => this.compute(parsed));
    parsed.remember(this.findings, value, reads);
    return value;
  }
}
