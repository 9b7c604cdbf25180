// Findings of a document-wide rule carried over from the previous version. A rule about the
// whole command (variables, components, message text, parents, menus) is a function of per-chunk
// facts and of the execution paths (themselves per-chunk facts and the blocks). When an edit
// leaves every fact it reads unchanged in the chunks it replaced (typing in text the rule does not
// read, in a chunk without the calls it counts), the previous version's findings are still right,
// moved with the text; only an edit that changes those facts pays for the rule again. The parser
// decides when the facts are equal and how offsets move (`ParsedDocument.recall`).

import type { ParsedDocument } from '../parser/tree';
import type { DiagnosticFix } from './types';

/** The chunk facts the execution-path model reads: stops and conditions, and the blocks. */
export const PATH_FACTS: readonly string[] = ['paths', 'blocks'];

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
 * The findings of the rule `key`, computed by `compute` unless this version has them or the
 * previous version's can be moved here (its replaced chunks hold equal `facts`).
 */
export function carriedFindings<F extends Movable>(
  parsed: ParsedDocument,
  key: string,
  facts: readonly string[],
  compute: () => F[],
): F[] {
  const before = parsed.recall<F[]>(key, facts);
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
      parsed.remember(key, out);
      return out;
    }
  }
  const value = compute();
  parsed.remember(key, value);
  return value;
}
