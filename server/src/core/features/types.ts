// What every feature receives: the catalog, the settings, what the client can display, and
// one analysed document (text document + parse tree + effective script language). Also the
// shape of the data diagnostics attach for quick fixes, so code actions never re-derive it.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SignatureHelp } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog/catalog';
import type { ParsedDocument } from '../parser/tree';
import { ENGLISH, type Localizer, type Text } from '../l10n';
import type { ScriptLanguage, Settings } from '../settings';

/** What the client says it can show; the LSP layer fills it from the client capabilities. */
export interface ClientFeatures {
  /** Completion items may be snippets (`completionItem.snippetSupport`). */
  readonly snippets: boolean;
  /** Hover and documentation may be Markdown (`contentFormat` includes markdown). */
  readonly markdown: boolean;
  /** Completion items may carry the Deprecated tag. */
  readonly completionDeprecatedTag: boolean;
  /** Completion items may carry `labelDetails`. */
  readonly completionLabelDetails: boolean;
  /** Completion items may use `InsertReplaceEdit`. */
  readonly insertReplace: boolean;
  /** Signature help may give a per-signature active parameter. */
  readonly signatureActiveParameter: boolean;
}

/** Defaults for a client that declares nothing: plain text, no snippets, no tags. */
export const MINIMAL_CLIENT: ClientFeatures = {
  snippets: false,
  markdown: false,
  completionDeprecatedTag: false,
  completionLabelDetails: false,
  insertReplace: false,
  signatureActiveParameter: false,
};

/** What a full-featured client (VS Code) supports; used by tests and the CLI. */
export const FULL_CLIENT: ClientFeatures = {
  snippets: true,
  markdown: true,
  completionDeprecatedTag: true,
  completionLabelDetails: true,
  insertReplace: true,
  signatureActiveParameter: true,
};

export interface FeatureContext {
  readonly catalog: Catalog;
  readonly settings: Settings;
  readonly client: ClientFeatures;
  /**
   * The rules page (docs/rules.md, a section per code) as a URL, where the diagnostics' codes
   * link; the editor has no such link without it.
   */
  readonly rulesDocUrl?: string;
  /** The language of user-facing texts; English when absent. */
  readonly l10n?: Localizer;
}

/** The context's localizer, English when it has none. */
export function l10nOf(ctx: { readonly l10n?: Localizer }): Localizer {
  return ctx.l10n ?? ENGLISH;
}

/** One document, parsed, with the script language in effect for it. */
export interface Analysis {
  readonly document: TextDocument;
  readonly parsed: ParsedDocument;
  /** The file's `bdscript-language` directive when valid, else the setting. */
  readonly language: ScriptLanguage;
}

/** An edit in document offsets (UTF-16), converted to LSP ranges where it leaves core. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** A fix a diagnostic offers; code actions turn it into a quick fix (the title localized when shown). */
export interface DiagnosticFix {
  readonly title: Text;
  readonly edits: readonly OffsetEdit[];
  /** The fix is the obvious one (a single "did you mean", a deprecated replacement). */
  readonly preferred?: boolean;
  /**
   * The fix keeps what the code means and is applied by "fix all" (`source.fixAll.bdscript`,
   * `bdscript check --fix`) without asking: an escape of text the parser reads as syntax, a
   * deprecated function replaced by one that does the same with the same arguments.
   */
  readonly safe?: boolean;
}

/** Findings per severity, by the names the settings use. */
export interface SeverityCounts {
  readonly error: number;
  readonly warning: number;
  readonly information: number;
  readonly hint: number;
}

/** What the `too-many-findings` note knows: how many findings were shown, and how many there are in all. */
export interface CappedFindings {
  /** The diagnostics shown before the note (at most the cap). */
  readonly shown: number;
  /** Every finding, shown or not, per severity (after settings and directives; the note not counted). */
  readonly total: SeverityCounts;
}

/** A fix as a diagnostic carries it to the client: its title in the user's language. */
export interface ShownFix extends Omit<DiagnosticFix, 'title'> {
  readonly title: string;
}

/** `Diagnostic.data` for diagnostics made by core. */
export interface DiagnosticData {
  readonly fixes?: readonly ShownFix[];
  /** Only on the `too-many-findings` note. */
  readonly capped?: CappedFindings;
}

/** LSP `CompletionTriggerKind`: 1 invoked, 2 trigger character, 3 re-trigger for incomplete results. */
export type CompletionTriggerKind = 1 | 2 | 3;

/** LSP `SignatureHelpTriggerKind`: 1 invoked, 2 trigger character, 3 content change. */
export type SignatureHelpTriggerKind = 1 | 2 | 3;

/** How completion was triggered (LSP `CompletionContext`, which lives in the protocol package). */
export interface CompletionContext {
  readonly triggerKind: CompletionTriggerKind;
  readonly triggerCharacter?: string;
}

/** How signature help was triggered (LSP `SignatureHelpContext`). */
export interface SignatureHelpContext {
  readonly triggerKind: SignatureHelpTriggerKind;
  readonly triggerCharacter?: string;
  readonly isRetrigger: boolean;
  readonly activeSignatureHelp?: SignatureHelp;
}
