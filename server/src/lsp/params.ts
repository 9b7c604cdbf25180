// Reading request params, in one place. Whatever a client sends is untrusted: this module turns
// it into the typed values the core takes (positions and ranges clamped into the document in
// UTF-16, contexts only when well formed), so no handler checks a field by hand. Absent or
// malformed fields get the answer the protocol gives them (no context, the document start),
// never an exception.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeActionContext,
  Color,
  CompletionItem,
  Diagnostic,
  Position,
  Range,
} from 'vscode-languageserver-types';
import { isObject, type JsonObject } from '../protocol/json';
import type { CompletionContext, SignatureHelpContext } from '../core/features/types';
import type { PositionConverter } from './positions';

/** A field of untrusted params, undefined when the params are not an object. */
function field(raw: unknown, name: string): unknown {
  return isObject(raw) ? raw[name] : undefined;
}

/** The `textDocument.uri` of request or notification params, when it is a string. */
export function documentUri(raw: unknown): string | undefined {
  const uri = field(field(raw, 'textDocument'), 'uri');
  return typeof uri === 'string' ? uri : undefined;
}

/**
 * The options of a preview request, read from untrusted params: branch choices as pairs of
 * whole numbers (at most 1,000), the theme, a nonce of safe characters, the image switch, and
 * whether only the page is wanted.
 */
export function previewOptions(raw: unknown): {
  branches: Map<number, number>;
  theme: 'dark' | 'light';
  nonce: string | undefined;
  allowImages: boolean;
  pageOnly: boolean;
} {
  const branches = new Map<number, number>();
  const list = field(raw, 'branches');
  if (Array.isArray(list)) {
    for (const pair of list.slice(0, 1000)) {
      if (
        Array.isArray(pair) &&
        Number.isSafeInteger(pair[0]) &&
        Number.isSafeInteger(pair[1]) &&
        (pair[1] as number) >= 0
      )
        branches.set(pair[0] as number, pair[1] as number);
    }
  }
  const nonce = field(raw, 'nonce');
  return {
    branches,
    theme: field(raw, 'theme') === 'light' ? 'light' : 'dark',
    nonce: typeof nonce === 'string' && /^[A-Za-z0-9+/=_-]{16,128}$/.test(nonce) ? nonce : undefined,
    allowImages: field(raw, 'allowImages') === true,
    pageOnly: field(raw, 'pageOnly') === true,
  };
}

/** Completion and signature help trigger kinds are 1, 2 or 3. */
function isTriggerKind(v: unknown): v is 1 | 2 | 3 {
  return v === 1 || v === 2 || v === 3;
}

/** The params of a request about one open document, read on demand. */
export class DocumentParams {
  constructor(
    private readonly raw: unknown,
    readonly document: TextDocument,
    private readonly converter: PositionConverter,
  ) {}

  /** `position`, clamped into the document (the start when absent). */
  position(): Position {
    return this.converter.toServer(this.document, field(this.raw, 'position'));
  }

  /** `range`, clamped into the document, start not after end. */
  range(): Range {
    return this.converter.rangeToServer(this.document, field(this.raw, 'range'));
  }

  /** `context.includeDeclaration` of a references request (false unless it is `true`). */
  includeDeclaration(): boolean {
    return field(field(this.raw, 'context'), 'includeDeclaration') === true;
  }

  /** `newName` of a rename request, when it is a string. */
  newName(): string | undefined {
    const name = field(this.raw, 'newName');
    return typeof name === 'string' ? name : undefined;
  }

  /** `color` of a colorPresentation request, when each channel is a number from 0 to 1. */
  color(): Color | undefined {
    const raw = field(this.raw, 'color');
    if (!isObject(raw)) return undefined;
    const channel = (name: string): number | undefined => {
      const v = raw[name];
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1 ? v : undefined;
    };
    const [red, green, blue, alpha] = [channel('red'), channel('green'), channel('blue'), channel('alpha')];
    if (red === undefined || green === undefined || blue === undefined || alpha === undefined) return undefined;
    return { red, green, blue, alpha };
  }

  /** The completion context, when it has a valid trigger kind. */
  completionContext(): CompletionContext | undefined {
    const raw = field(this.raw, 'context');
    if (!isObject(raw) || !isTriggerKind(raw['triggerKind'])) return undefined;
    return { triggerKind: raw['triggerKind'], ...triggerCharacter(raw) };
  }

  /** The signature help context, when it has a valid trigger kind; the previous answer only when it has signatures. */
  signatureHelpContext(): SignatureHelpContext | undefined {
    const raw = field(this.raw, 'context');
    if (!isObject(raw) || !isTriggerKind(raw['triggerKind'])) return undefined;
    const active = raw['activeSignatureHelp'];
    return {
      triggerKind: raw['triggerKind'],
      ...triggerCharacter(raw),
      isRetrigger: raw['isRetrigger'] === true,
      ...(isObject(active) && Array.isArray(active['signatures'])
        ? { activeSignatureHelp: active as unknown as NonNullable<SignatureHelpContext['activeSignatureHelp']> }
        : {}),
    };
  }

  /**
   * The editor's formatting options: `tabSize` as a whole number from 1 to 16 (4 when absent or
   * out of range) and `insertSpaces` (spaces unless it is `false`).
   */
  formattingOptions(): { tabSize: number; insertSpaces: boolean } {
    const raw = field(this.raw, 'options');
    const size = field(raw, 'tabSize');
    return {
      tabSize: Number.isSafeInteger(size) && (size as number) >= 1 && (size as number) <= 16 ? (size as number) : 4,
      insertSpaces: field(raw, 'insertSpaces') !== false,
    };
  }

  /** `positions` of a selection range request, each clamped into the document; at most `max`. */
  positions(max: number): Position[] {
    const list = field(this.raw, 'positions');
    if (!Array.isArray(list)) return [];
    return list.slice(0, max).map((p) => this.converter.toServer(this.document, p));
  }

  /**
   * The code action context: the diagnostics that have a message (their ranges clamped into the
   * document), the kinds asked for and the trigger kind, each only when well formed.
   */
  codeActionContext(): CodeActionContext {
    const raw = field(this.raw, 'context');
    const list = field(raw, 'diagnostics');
    const diagnostics = (Array.isArray(list) ? list : [])
      .filter((d): d is Diagnostic => isObject(d) && typeof d['message'] === 'string')
      .map((d) => ({ ...d, range: this.converter.rangeToServer(this.document, d.range) }));
    const only = field(raw, 'only');
    const triggerKind = field(raw, 'triggerKind');
    return {
      diagnostics,
      ...(Array.isArray(only) ? { only: only.filter((k): k is string => typeof k === 'string') } : {}),
      ...(triggerKind === 1 || triggerKind === 2 ? { triggerKind } : {}),
    };
  }
}

function triggerCharacter(raw: JsonObject): { triggerCharacter?: string } {
  return typeof raw['triggerCharacter'] === 'string' ? { triggerCharacter: raw['triggerCharacter'] } : {};
}

/** A completion item sent back for resolving, when it has a label; anything else is answered as it came. */
export function completionItem(raw: unknown): CompletionItem | undefined {
  return isObject(raw) && typeof raw['label'] === 'string' ? (raw as unknown as CompletionItem) : undefined;
}

/** The `settings` of a `workspace/didChangeConfiguration` notification. */
export function pushedSettings(raw: unknown): unknown {
  return field(raw, 'settings');
}
