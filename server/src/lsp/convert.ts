// Converts the core's answers (UTF-16 positions) into the client's position encoding: every
// range, position, edit, label offset and semantic token column that leaves the server. With
// UTF-16 (the usual case) every function returns its input untouched, except that document
// symbols are always sent at most MAX_SYMBOL_DEPTH levels deep.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  CodeLens,
  ColorInformation,
  ColorPresentation,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  InsertReplaceEdit,
  Location,
  Range,
  SelectionRange,
  SemanticTokens,
  SignatureHelp,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import type { PositionConverter } from './positions';

/**
 * The deepest level of document symbols sent. Deeper symbols hang flat, in document order, under
 * their ancestor at this level: an outline of thousands of levels helps nobody, and serialising
 * one (here and in the client) would exhaust the stack.
 */
export const MAX_SYMBOL_DEPTH = 100;

/** Converts outgoing data for one document; other documents are looked up by uri. */
export class OutgoingConverter {
  constructor(
    private readonly conv: PositionConverter,
    private readonly doc: TextDocument,
    private readonly lookup: (uri: string) => TextDocument | undefined,
  ) {}

  private get identity(): boolean {
    return this.conv.encoding === 'utf-16';
  }

  range(range: Range, doc: TextDocument = this.doc): Range {
    return this.identity ? range : this.conv.rangeToClient(doc, range);
  }

  private edit<T extends TextEdit>(edit: T, doc: TextDocument = this.doc): T {
    return this.identity ? edit : { ...edit, range: this.range(edit.range, doc) };
  }

  private editOrInsertReplace(edit: TextEdit | InsertReplaceEdit): TextEdit | InsertReplaceEdit {
    if (this.identity) return edit;
    if ('range' in edit) return this.edit(edit);
    return { ...edit, insert: this.range(edit.insert), replace: this.range(edit.replace) };
  }

  diagnostics(list: Diagnostic[]): Diagnostic[] {
    if (this.identity) return list;
    return list.map((d) => ({
      ...d,
      range: this.range(d.range),
      ...(d.relatedInformation
        ? { relatedInformation: d.relatedInformation.map((r) => ({ ...r, location: this.location(r.location) })) }
        : {}),
    }));
  }

  location(loc: Location): Location {
    if (this.identity) return loc;
    const doc = loc.uri === this.doc.uri ? this.doc : this.lookup(loc.uri);
    return doc ? { ...loc, range: this.range(loc.range, doc) } : loc;
  }

  locations(list: Location[]): Location[] {
    return this.identity ? list : list.map((l) => this.location(l));
  }

  completionItem(item: CompletionItem): CompletionItem {
    if (this.identity) return item;
    return {
      ...item,
      ...(item.textEdit ? { textEdit: this.editOrInsertReplace(item.textEdit) } : {}),
      ...(item.additionalTextEdits ? { additionalTextEdits: item.additionalTextEdits.map((e) => this.edit(e)) } : {}),
    };
  }

  completionList(list: CompletionList): CompletionList {
    if (this.identity) return list;
    const editRange = list.itemDefaults?.editRange;
    return {
      ...list,
      ...(editRange
        ? {
            itemDefaults: {
              ...list.itemDefaults,
              editRange:
                'start' in editRange
                  ? this.range(editRange)
                  : { insert: this.range(editRange.insert), replace: this.range(editRange.replace) },
            },
          }
        : {}),
      items: list.items.map((i) => this.completionItem(i)),
    };
  }

  hover(hover: Hover | null): Hover | null {
    if (this.identity || !hover || !hover.range) return hover;
    return { ...hover, range: this.range(hover.range) };
  }

  /** Parameter labels given as [start, end] offsets count in the client's encoding too. */
  signatureHelp(help: SignatureHelp | null): SignatureHelp | null {
    if (this.identity || !help) return help;
    return {
      ...help,
      signatures: help.signatures.map((s) => ({
        ...s,
        ...(s.parameters
          ? {
              parameters: s.parameters.map((p) =>
                Array.isArray(p.label)
                  ? {
                      ...p,
                      label: [
                        this.conv.columnInText(s.label, p.label[0]),
                        this.conv.columnInText(s.label, p.label[1]),
                      ] as [number, number],
                    }
                  : p,
              ),
            }
          : {}),
      })),
    };
  }

  workspaceEdit(edit: WorkspaceEdit): WorkspaceEdit {
    if (this.identity) return edit;
    const out: WorkspaceEdit = { ...edit };
    if (edit.changes) {
      const changes: Record<string, TextEdit[]> = {};
      for (const [uri, edits] of Object.entries(edit.changes)) {
        const doc = uri === this.doc.uri ? this.doc : this.lookup(uri);
        changes[uri] = doc ? edits.map((e) => this.edit(e, doc)) : edits;
      }
      out.changes = changes;
    }
    if (edit.documentChanges) {
      out.documentChanges = edit.documentChanges.map((c) => {
        if (!('textDocument' in c) || !('edits' in c)) return c;
        const doc = c.textDocument.uri === this.doc.uri ? this.doc : this.lookup(c.textDocument.uri);
        return doc ? { ...c, edits: c.edits.map((e) => this.edit(e as TextEdit, doc)) } : c;
      });
    }
    return out;
  }

  colors(list: ColorInformation[]): ColorInformation[] {
    return this.identity ? list : list.map((c) => ({ ...c, range: this.range(c.range) }));
  }

  colorPresentations(list: ColorPresentation[]): ColorPresentation[] {
    if (this.identity) return list;
    return list.map((p) => ({
      ...p,
      ...(p.textEdit ? { textEdit: this.edit(p.textEdit) } : {}),
      ...(p.additionalTextEdits ? { additionalTextEdits: p.additionalTextEdits.map((e) => this.edit(e)) } : {}),
    }));
  }

  codeActions(actions: CodeAction[]): CodeAction[] {
    if (this.identity) return actions;
    return actions.map((a) => ({
      ...a,
      ...(a.edit ? { edit: this.workspaceEdit(a.edit) } : {}),
      ...(a.diagnostics ? { diagnostics: this.diagnostics(a.diagnostics) } : {}),
    }));
  }

  textEdits(list: TextEdit[]): TextEdit[] {
    return this.identity ? list : list.map((e) => this.edit(e));
  }

  highlights(list: DocumentHighlight[]): DocumentHighlight[] {
    return this.identity ? list : list.map((h) => ({ ...h, range: this.range(h.range) }));
  }

  links(list: DocumentLink[]): DocumentLink[] {
    return this.identity ? list : list.map((l) => ({ ...l, range: this.range(l.range) }));
  }

  codeLenses(list: CodeLens[]): CodeLens[] {
    return this.identity ? list : list.map((l) => ({ ...l, range: this.range(l.range) }));
  }

  /** Selection ranges with every level converted, copied without recursion. */
  selectionRanges(list: SelectionRange[]): SelectionRange[] {
    if (this.identity) return list;
    return list.map((top) => {
      const levels: Range[] = [];
      for (let r: SelectionRange | undefined = top; r; r = r.parent) levels.push(this.range(r.range));
      let out: SelectionRange | undefined;
      for (let k = levels.length - 1; k >= 0; k--) {
        const range = levels[k];
        if (range) out = { range, ...(out ? { parent: out } : {}) };
      }
      return out ?? top;
    });
  }

  /** Symbols with their ranges converted and their depth bounded (MAX_SYMBOL_DEPTH), copied without recursion. */
  symbols(list: DocumentSymbol[]): DocumentSymbol[] {
    const out: DocumentSymbol[] = [];
    // A symbol to copy, its level (1 for the top) and the list its copy joins; popped in document order.
    const work: Array<{ symbol: DocumentSymbol; level: number; into: DocumentSymbol[] }> = [];
    for (const symbol of [...list].reverse()) work.push({ symbol, level: 1, into: out });
    for (let item = work.pop(); item; item = work.pop()) {
      const { symbol, level, into } = item;
      const children: DocumentSymbol[] = [];
      into.push({
        ...symbol,
        range: this.range(symbol.range),
        selectionRange: this.range(symbol.selectionRange),
        ...(symbol.children ? { children } : {}),
      });
      const nested = symbol.children ?? [];
      // Below the deepest level, descendants join the deepest level, after their ancestor.
      const next = level < MAX_SYMBOL_DEPTH ? { level: level + 1, into: children } : { level, into };
      for (const child of [...nested].reverse()) work.push({ symbol: child, ...next });
    }
    return out;
  }

  foldingRanges(list: FoldingRange[]): FoldingRange[] {
    if (this.identity) return list;
    return list.map((f) => ({
      ...f,
      ...(f.startCharacter !== undefined
        ? { startCharacter: this.conv.toClient(this.doc, { line: f.startLine, character: f.startCharacter }).character }
        : {}),
      ...(f.endCharacter !== undefined
        ? { endCharacter: this.conv.toClient(this.doc, { line: f.endLine, character: f.endCharacter }).character }
        : {}),
    }));
  }

  inlayHints(list: InlayHint[]): InlayHint[] {
    if (this.identity) return list;
    return list.map((h) => ({
      ...h,
      position: this.conv.toClient(this.doc, h.position),
      ...(h.textEdits ? { textEdits: h.textEdits.map((e) => this.edit(e)) } : {}),
      ...(Array.isArray(h.label)
        ? { label: h.label.map((part) => (part.location ? { ...part, location: this.location(part.location) } : part)) }
        : {}),
    }));
  }

  /** Semantic tokens are relative (line delta, start delta, length); decode, convert, encode. */
  semanticTokens(tokens: SemanticTokens): SemanticTokens {
    if (this.identity) return tokens;
    const data = tokens.data;
    const count = data.length - (data.length % 5);
    const out: number[] = new Array<number>(count);
    const cursor = new LineCursor(this.doc, this.conv);
    let line = 0;
    let start = 0;
    let prevLine = 0;
    let prevStart = 0;
    for (let i = 0; i < count; i += 5) {
      // Five numbers a token; `count` is a multiple of five, so every read is in range.
      const dl = data[i] ?? 0;
      const ds = data[i + 1] ?? 0;
      const length = data[i + 2] ?? 0;
      const type = data[i + 3] ?? 0;
      const modifiers = data[i + 4] ?? 0;
      line += dl;
      start = dl === 0 ? start + ds : ds;
      // Tokens come in document order, so one cursor walks each line once.
      const s = cursor.column(line, start);
      const e = cursor.peek(line, start + length);
      out[i] = line - prevLine;
      out[i + 1] = line === prevLine ? s - prevStart : s;
      out[i + 2] = Math.max(0, e - s);
      out[i + 3] = type;
      out[i + 4] = modifiers;
      prevLine = line;
      prevStart = s;
    }
    return { ...tokens, data: out };
  }
}

/** Walks a document's lines left to right, turning UTF-16 columns into the client's encoding. */
class LineCursor {
  private line = -1;
  private text = '';
  private at16 = 0;
  private atEnc = 0;

  constructor(
    private readonly doc: TextDocument,
    private readonly conv: PositionConverter,
  ) {}

  /** The encoded column of a UTF-16 column; moves the cursor there when it is ahead. */
  column(line: number, column16: number): number {
    this.seekLine(line);
    const target = Math.min(Math.max(column16, 0), this.text.length);
    if (target < this.at16) return this.conv.columnInText(this.text, target);
    this.atEnc += this.conv.columnInText(this.text.slice(this.at16, target), target - this.at16);
    this.at16 = target;
    return this.atEnc;
  }

  /** The encoded column of a UTF-16 column without moving the cursor. */
  peek(line: number, column16: number): number {
    this.seekLine(line);
    const target = Math.min(Math.max(column16, 0), this.text.length);
    if (target < this.at16) return this.conv.columnInText(this.text, target);
    return this.atEnc + this.conv.columnInText(this.text.slice(this.at16, target), target - this.at16);
  }

  private seekLine(line: number): void {
    if (line === this.line) return;
    this.line = line;
    // The line alone: an open document's whole text is not one string (core/parser/text.ts).
    this.text = this.doc
      .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
      .replace(/(\r\n|\r|\n)$/, '');
    this.at16 = 0;
    this.atEnc = 0;
  }
}
