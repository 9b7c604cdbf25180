// Go to definition: from `$await[name]` (the cursor on `$await` or on its name argument) to the
// `$async[name]` block that defines the name, the first one when the name is duplicated; from a
// `$var` read to the sets of that variable that may run before it (variables.ts).

import type { Location, Position } from 'vscode-languageserver-types';
import { callNameAt, enclosingCall, literalText, withoutBlanks } from '../parser/query';
import type { CallNode, ParsedDocument } from '../parser/tree';
import type { Analysis, FeatureContext } from './types';
import { definitionsOf, varUseAt } from './variables';

export function definition(_ctx: FeatureContext, analysis: Analysis, position: Position): Location[] {
  const parsed = analysis.parsed;
  const offset = analysis.document.offsetAt(position);
  const use = varUseAt(parsed, offset);
  if (use) {
    const document = analysis.document;
    return definitionsOf(parsed, use).map((s) => ({
      uri: document.uri,
      range: { start: document.positionAt(s.nameStart), end: document.positionAt(s.nameEnd) },
    }));
  }
  const awaitCall = awaitAt(parsed, offset);
  if (!awaitCall || !awaitCall.args[0]) return [];
  const name = literalText(parsed.text, awaitCall.args[0])?.trim();
  if (!name) return [];
  for (const call of parsed.blockCalls) {
    if (call.name !== '$async' || call.label !== name || !call.firstArg) continue;
    const { start, end } = withoutBlanks(parsed.text, call.firstArg);
    return [
      {
        uri: analysis.document.uri,
        range: { start: analysis.document.positionAt(start), end: analysis.document.positionAt(end) },
      },
    ];
  }
  return [];
}

/** The `$await` call whose name or first argument holds the cursor. */
function awaitAt(parsed: ParsedDocument, offset: number): CallNode | null {
  const named = callNameAt(parsed, offset);
  if (named) return named.name === '$await' && named.open >= 0 ? named : null;
  const inside = enclosingCall(parsed, offset);
  return inside && inside.call.name === '$await' && inside.arg.index === 0 ? inside.call : null;
}
