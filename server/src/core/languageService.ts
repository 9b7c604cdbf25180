// The language service facade: one object that holds the catalog, the settings and what the
// client supports, caches one analysis per document version, and answers every feature as a
// plain function returning LSP-shaped data. The LSP server and the CLI both call only this,
// the preview's page and Discord's message JSON included.

import { previewHtmlSteps, renderPreviewHtml, type HtmlOptions } from './preview/html';
import { buildPreview, localizePreview, previewSteps, toDiscordMessage, type PreviewOptions } from './preview/model';
import type { DiscordMessage, PreviewMessage } from '../protocol/preview';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  Color,
  ColorInformation,
  ColorPresentation,
  CodeActionContext,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  Position,
  Range,
  SelectionRange,
  SemanticTokens,
  TextEdit,
  WorkspaceEdit,
  SignatureHelp,
} from 'vscode-languageserver-types';
import { Catalog } from './catalog/catalog';
import { appCode, type AppCode } from './features/appCode';
import { chunkFactLists, type ChunkFactLists } from './features/chunkFacts';
import { codeActions } from './features/codeActions';
import { budgetLenses, type BudgetLens } from './features/codeLens';
import { colorPresentations, documentColors } from './features/colors';
import { complete, resolveCompletion } from './features/completion';
import { definition } from './features/definition';
import { prepareRename, references, rename } from './features/references';
import { computeDiagnostics, diagnosticSteps } from './features/diagnostics';
import { foldingRanges } from './features/folding';
import { fixAllEdits } from './features/fixAll';
import { formatEdits, type FormatOptions } from './features/formatting';
import { functionAt, type FunctionAt } from './features/functionAt';
import { documentHighlights } from './features/highlights';
import { hover } from './features/hover';
import { inlayHints } from './features/inlayHints';
import { documentLinks } from './features/links';
import { selectionRanges } from './features/selectionRanges';
import { semanticTokens } from './features/semanticTokens';
import { signatureHelp } from './features/signatureHelp';
import { documentSymbols } from './features/symbols';
import {
  FULL_CLIENT,
  l10nOf,
  type Analysis,
  type ClientFeatures,
  type CompletionContext,
  type FeatureContext,
  type SignatureHelpContext,
} from './features/types';
import { localizer, resolveLocale } from './l10n';
import { KnownNames, parse, reparse, reparseChange, type ParseOptions, type TextChange } from './parser/parser';
import type { DocText } from './parser/text';
import type { ParsedDocument } from './parser/tree';
import { DEFAULT_SETTINGS, scriptLanguageFromName, type ScriptLanguage, type Settings } from './settings';

export { scriptLanguageFromName };

/** How the preview's page is drawn; its words are in the service's language. */
export type PreviewPageOptions = Omit<HtmlOptions, 'l10n'>;

export interface LanguageServiceOptions {
  readonly catalog?: Catalog;
  readonly settings?: Settings;
  readonly client?: ClientFeatures;
  /** The client's display language (`initialize.locale`); the `locale` setting overrides it. */
  readonly clientLocale?: string;
  /** Where the rules page (docs/rules.md) is, as a URL: the diagnostics' codes link to its sections. */
  readonly rulesDocUrl?: string;
  /**
   * A service that only checks documents, each once, and then forgets them (`bdscript check`):
   * the formatter's line facts are taken only once read, like folding's, instead of with
   * validation's (chunkFacts.ts), and what is kept with a chunk is not copied off the text
   * (`ParseOptions.detach`), since no later version outlives it. Every answer is the same.
   */
  readonly checkOnly?: boolean;
}

/** The script language in effect: the file's directive when it names a known one, else the setting. */
export function effectiveLanguage(parsed: ParsedDocument, settings: Settings): ScriptLanguage {
  for (const d of parsed.directives) {
    if (d.kind === 'language' && d.value) {
      const lang = scriptLanguageFromName(d.value);
      if (lang) return lang;
    }
  }
  return settings.language;
}

const knownNamesByCatalog = new WeakMap<Catalog, KnownNames | undefined>();

/**
 * A document that can say what changed since an earlier version of itself: the server's open
 * documents keep the region each didChange replaced. With it a new version is reparsed from the
 * region alone; without it (or when the version is no longer known) the old and new texts are
 * compared, which reads the whole common prefix: most of a millisecond on 1 MB edited at its end.
 */
export interface ChangeTracking {
  /** What changed from `version` to the current one, as one region; undefined when unknown. */
  changeSince(version: number): TextChange | undefined;
  /**
   * The current text without joining it into one string (core/parser/text.ts): a keystroke in a
   * large document then costs the pieces it touched, not a copy of the whole text.
   */
  content(): DocText;
}

function changeOf(document: TextDocument, version: number): TextChange | undefined {
  const tracking = document as Partial<ChangeTracking>;
  return typeof tracking.changeSince === 'function' ? tracking.changeSince(version) : undefined;
}

function contentOf(document: TextDocument): DocText {
  const tracking = document as Partial<ChangeTracking>;
  return typeof tracking.content === 'function' ? tracking.content() : document.getText();
}

/**
 * The names a catalog knows (functions and callbacks), for reading names glued to text; none
 * before a catalog has loaded (then every identifier is one name, as nothing is known).
 */
export function knownNamesOf(catalog: Catalog): KnownNames | undefined {
  if (knownNamesByCatalog.has(catalog)) return knownNamesByCatalog.get(catalog);
  const names =
    catalog.functions.size === 0 ? undefined : new KnownNames([...catalog.functions.names, ...catalog.callbacks.names]);
  knownNamesByCatalog.set(catalog, names);
  return names;
}

interface CacheEntry {
  readonly version: number;
  readonly generation: number;
  readonly analysis: Analysis;
}

export class LanguageService {
  private ctx: FeatureContext;
  /** Bumped whenever the catalog or settings change, so cached analyses are rebuilt. */
  private generation = 0;
  private readonly cache = new Map<string, CacheEntry>();
  private clientLocale: string | undefined;
  /** The chunk facts taken with the nodes, and those taken once read (chunkFacts.ts). */
  private readonly facts: ChunkFactLists;
  private readonly checkOnly: boolean;

  constructor(options: LanguageServiceOptions = {}) {
    this.clientLocale = options.clientLocale;
    this.checkOnly = options.checkOnly ?? false;
    this.facts = chunkFactLists(this.checkOnly);
    const settings = options.settings ?? DEFAULT_SETTINGS;
    this.ctx = {
      catalog: options.catalog ?? Catalog.empty(),
      settings,
      client: options.client ?? FULL_CLIENT,
      l10n: localizer(resolveLocale(settings.locale, this.clientLocale)),
      ...(options.rulesDocUrl ? { rulesDocUrl: options.rulesDocUrl } : {}),
    };
  }

  get context(): FeatureContext {
    return this.ctx;
  }

  get catalog(): Catalog {
    return this.ctx.catalog;
  }

  get settings(): Settings {
    return this.ctx.settings;
  }

  /** Replaces the catalog, settings or client features; later answers use them. */
  configure(options: LanguageServiceOptions): void {
    if (options.clientLocale !== undefined) this.clientLocale = options.clientLocale;
    const settings = options.settings ?? this.ctx.settings;
    this.ctx = {
      catalog: options.catalog ?? this.ctx.catalog,
      settings,
      client: options.client ?? this.ctx.client,
      l10n: localizer(resolveLocale(settings.locale, this.clientLocale)),
      ...((options.rulesDocUrl ?? this.ctx.rulesDocUrl)
        ? { rulesDocUrl: options.rulesDocUrl ?? this.ctx.rulesDocUrl }
        : {}),
    };
    this.generation++;
  }

  /**
   * The analysis of a document version, cached until it changes. A new version is parsed
   * incrementally from the previous one (only the chunks around the change are scanned again),
   * and a new catalog or settings keep the tree and only recompute what depends on them.
   */
  analyze(document: TextDocument): Analysis {
    const cached = this.cache.get(document.uri);
    if (
      cached &&
      cached.version === document.version &&
      cached.generation === this.generation &&
      cached.analysis.document === document
    ) {
      return cached.analysis;
    }
    const callbacks = this.ctx.catalog.callbacks;
    const options: ParseOptions = {
      isCallback: (name: string) => callbacks.forms(name) !== undefined,
      knownNames: knownNamesOf(this.ctx.catalog),
      facts: this.facts.taken,
      factsOnceRead: this.facts.onceRead,
      detach: !this.checkOnly,
    };
    const text = contentOf(document);
    // The change the document knows applies only to the text of the version this same document
    // had; reparseChange itself falls back to a full parse when it does not fit that text.
    const change =
      cached && cached.analysis.document === document && cached.version !== document.version
        ? changeOf(document, cached.version)
        : undefined;
    const parsed = !cached
      ? parse(text, options)
      : change
        ? reparseChange(cached.analysis.parsed, text, change, options)
        : reparse(cached.analysis.parsed, text, options);
    const analysis: Analysis = { document, parsed, language: effectiveLanguage(parsed, this.ctx.settings) };
    this.cache.set(document.uri, { version: document.version, generation: this.generation, analysis });
    return analysis;
  }

  /** Drops the cached analysis of a closed document. */
  forget(uri: string): void {
    this.cache.delete(uri);
  }

  /** The reply the command sends, as the message model reads it (preview/model.ts), its notes in the user's language. */
  preview(document: TextDocument, options?: PreviewOptions): PreviewMessage {
    return localizePreview(buildPreview(this.analyze(document).parsed, options), l10nOf(this.ctx));
  }

  /**
   * `preview` in steps (`previewSteps`): the caller drives it and may stop between steps. Valid
   * only while the document's version, the catalog and the settings stay as they were.
   */
  *previewSteps(document: TextDocument, options?: PreviewOptions): Generator<void, PreviewMessage, void> {
    return localizePreview(yield* previewSteps(this.analyze(document).parsed, options), l10nOf(this.ctx));
  }

  /** The page that draws a preview message (preview/html.ts), its own words in the user's language. */
  previewPage(message: PreviewMessage, options: PreviewPageOptions): string {
    return renderPreviewHtml(message, { ...options, l10n: l10nOf(this.ctx) });
  }

  /** `previewPage` in steps (`previewHtmlSteps`), for a caller that lets other work run between them. */
  *previewPageSteps(message: PreviewMessage, options: PreviewPageOptions): Generator<void, string, void> {
    return yield* previewHtmlSteps(message, { ...options, l10n: l10nOf(this.ctx) });
  }

  /**
   * A preview message as Discord's message JSON (what the bot would send), JSON Discord accepts
   * (preview/discord.ts); `now` is the time `$addTimestamp` stands for: the time of the copy.
   */
  discordMessage(message: PreviewMessage, now: Date = new Date()): DiscordMessage {
    return toDiscordMessage(message, now);
  }

  validate(document: TextDocument): Diagnostic[] {
    return computeDiagnostics(this.ctx, this.analyze(document));
  }

  /**
   * `validate` in steps (parse first, then a few chunks or one whole-command rule per step), for a
   * server that answers requests between them. Requests in between may analyse the same version
   * (they share its analysis) but the document must not change until the steps end.
   */
  *validateSteps(document: TextDocument): Generator<void, Diagnostic[]> {
    const analysis = this.analyze(document);
    yield;
    return yield* diagnosticSteps(this.ctx, analysis);
  }

  complete(document: TextDocument, position: Position, context?: CompletionContext): CompletionList {
    return complete(this.ctx, this.analyze(document), position, context);
  }

  resolveCompletion(item: CompletionItem): CompletionItem {
    return resolveCompletion(this.ctx, item);
  }

  hover(document: TextDocument, position: Position): Hover | null {
    return hover(this.ctx, this.analyze(document), position);
  }

  signatureHelp(document: TextDocument, position: Position, context?: SignatureHelpContext): SignatureHelp | null {
    return signatureHelp(this.ctx, this.analyze(document), position, context);
  }

  codeActions(document: TextDocument, range: Range, context: CodeActionContext): CodeAction[] {
    return codeActions(this.ctx, this.analyze(document), range, context);
  }

  documentSymbols(document: TextDocument): DocumentSymbol[] {
    return documentSymbols(this.ctx, this.analyze(document));
  }

  foldingRanges(document: TextDocument): FoldingRange[] {
    return foldingRanges(this.ctx, this.analyze(document));
  }

  semanticTokens(document: TextDocument, range?: Range): SemanticTokens {
    return semanticTokens(this.ctx, this.analyze(document), range);
  }

  inlayHints(document: TextDocument, range: Range): InlayHint[] {
    return inlayHints(this.ctx, this.analyze(document), range);
  }

  definition(document: TextDocument, position: Position): Location[] {
    return definition(this.ctx, this.analyze(document), position);
  }

  references(document: TextDocument, position: Position, includeDeclaration: boolean): Location[] {
    return references(this.ctx, this.analyze(document), position, includeDeclaration);
  }

  prepareRename(
    document: TextDocument,
    position: Position,
  ): { range: Range; placeholder: string } | { error: string } | null {
    return prepareRename(this.ctx, this.analyze(document), position);
  }

  rename(document: TextDocument, position: Position, newName: string): WorkspaceEdit | { error: string } | null {
    return rename(this.ctx, this.analyze(document), position, newName);
  }

  /** The block chain, `$var` sets and reads, or component ID creation and uses at a position. */
  documentHighlights(document: TextDocument, position: Position): DocumentHighlight[] {
    const analysis = this.analyze(document);
    return documentHighlights(this.ctx, analysis, document.offsetAt(position));
  }

  /** The literal URLs in arguments the catalog types as URLs, as links. */
  documentLinks(document: TextDocument): DocumentLink[] {
    return documentLinks(this.ctx, this.analyze(document));
  }

  /** For each position, the spans "expand selection" steps through: argument, call, line, block, command. */
  selectionRanges(document: TextDocument, positions: readonly Position[]): SelectionRange[] {
    return selectionRanges(this.ctx, this.analyze(document), positions);
  }

  documentColors(document: TextDocument): ColorInformation[] {
    return documentColors(this.ctx, this.analyze(document));
  }

  colorPresentations(document: TextDocument, color: Color, range: Range): ColorPresentation[] {
    return colorPresentations(this.ctx, this.analyze(document), color, range);
  }

  functionAt(document: TextDocument, position: Position): FunctionAt | null {
    return functionAt(this.ctx, this.analyze(document), position);
  }

  /**
   * The edits that format the document, or the lines a range touches: block bodies indented and
   * trailing blanks trimmed on lines Discord never receives (formatting.ts).
   */
  format(document: TextDocument, options: FormatOptions, range?: Range): TextEdit[] {
    const from = range ? document.offsetAt(range.start) : undefined;
    const to = range ? Math.max(from ?? 0, document.offsetAt(range.end)) : undefined;
    return formatEdits(this.analyze(document).parsed, options, from, to).map((e) => ({
      range: { start: document.positionAt(e.start), end: document.positionAt(e.end) },
      newText: e.newText,
    }));
  }

  /**
   * The reply's budget above the code that builds it (codeLens.ts), in offsets of the analysed
   * version; read from what validation made, so ask after validating.
   */
  budgetLenses(document: TextDocument): BudgetLens[] {
    return budgetLenses(this.ctx, this.analyze(document));
  }

  /** Every safe fix of the document's diagnostics in one list of edits (fixAll.ts). */
  fixAll(document: TextDocument): TextEdit[] {
    return fixAllEdits(this.ctx, this.analyze(document)).map((e) => ({
      range: { start: document.positionAt(e.start), end: document.positionAt(e.end) },
      newText: e.newText,
    }));
  }

  /** The code without the trigger line, and the trigger, for the BDFD app. */
  appCode(document: TextDocument): AppCode {
    return appCode(this.analyze(document).parsed);
  }
}
