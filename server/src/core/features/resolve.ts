// Which catalog record a call means: the one answer that hover, signature help, inlay hints,
// completion of arguments, colours, semantic tokens, "function under the cursor", document links,
// the diagnostics' call check and their wiki links all read. The trigger's own call
// (`isTriggerCall`) looks among callbacks first, every other call among functions first; the first
// of the two that knows the name decides, with the form written or else its other form.

import type { Catalog, Forms } from '../catalog/catalog';
import type { CatalogRecord } from '../catalog/model';
import type { CallNode } from '../parser/tree';

/**
 * Whether a call is the trigger's own call: on the trigger line and not inside the arguments of
 * another call (`$onJoined[...]` itself, not a call written in its brackets).
 */
export function isTriggerCall(call: CallNode): boolean {
  return call.inTrigger && call.parent === null;
}

/** What resolving a call needs: its name, the form written, and whether it is the trigger's own call. */
export interface CallToResolve {
  readonly name: string;
  /** The call has `[` (the bracketed form). */
  readonly bracketed: boolean;
  /** The call is the trigger line's own call (`isTriggerCall`). */
  readonly triggerRoot: boolean;
}

/** A parsed call as `resolveCall` takes it. */
export function callToResolve(call: CallNode): CallToResolve {
  return { name: call.name, bracketed: call.open >= 0, triggerRoot: isTriggerCall(call) };
}

/** The record a call means and where it was found. */
export interface FoundRecord {
  /** A function, or a callback (the trigger's, or one written in code where no function has the name). */
  readonly kind: 'function' | 'callback';
  /** Both forms of the name in the index that decided. */
  readonly forms: Forms<CatalogRecord>;
  /** The form written, else the other one. */
  readonly record: CatalogRecord;
  /** The call used the other form (bare vs bracketed), which the catalog does not have. */
  readonly otherForm: boolean;
}

/** The record a call means (see the module's header); undefined for a name known to neither index. */
export function resolveCall(catalog: Catalog, call: CallToResolve): FoundRecord | undefined {
  const first = call.triggerRoot ? 'callback' : 'function';
  return inIndex(catalog, call, first) ?? inIndex(catalog, call, first === 'callback' ? 'function' : 'callback');
}

function inIndex(catalog: Catalog, call: CallToResolve, kind: 'function' | 'callback'): FoundRecord | undefined {
  const forms: Forms<CatalogRecord> | undefined = (kind === 'function' ? catalog.functions : catalog.callbacks).forms(
    call.name,
  );
  if (!forms) return undefined;
  const same = call.bracketed ? forms.bracketed : forms.bare;
  if (same) return { kind, forms, record: same, otherForm: false };
  const other = call.bracketed ? forms.bare : forms.bracketed;
  return other ? { kind, forms, record: other, otherForm: true } : undefined;
}
