// "BDScript: Open Preview to the Side": a webview that shows the reply the active BDScript editor's
// command sends, drawn by the server (the request `bdscript/preview`), and follows that editor as
// the user types: a new page is asked for a moment after the last change (never on the keystroke
// path), and a request still running when the document changes again is cancelled, since the
// server would only throw its work away (it answers ContentModified for a superseded version and
// gives way to keystrokes, completion and diagnostics meanwhile; issue #17). A click on a part of
// the message reveals and selects its call in the editor; a branch chosen for an `$if` block is kept per document; a link of the message
// is opened by the editor (vscode.env.openExternal, with its prompt for untrusted sites), never
// inside the webview. The page runs only its own nonce'd script and style (the server writes the
// Content-Security-Policy); `bdscript.preview.loadImages` lets it load images from https: URLs
// and custom emoji from Discord's CDN. "Copy as Discord Message JSON" copies Discord's message object.
import * as vscode from 'vscode';
import { LSPErrorCodes, ResponseError, type BaseLanguageClient } from 'vscode-languageclient';
import { messageOf } from '../../server/src/protocol/errors';
import { PreviewRequest, type PreviewResult } from '../../server/src/protocol/messages';
import { SETTINGS_SECTION } from '../../server/src/protocol/settings';
import { readPageMessage } from './pageMessages';

const LANGUAGE_ID = 'bdscript';
/** How long after the last change the preview is drawn again. */
const DEBOUNCE_MS = 250;
const VIEW_TYPE = 'bdscript.preview';
/** A request cancelled, or refused by the server for a newer version: not an error to show. */
const SUPERSEDED = Symbol('superseded');

/** A nonce for the page's Content-Security-Policy: 24 random bytes, base64. */
function makeNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export class PreviewPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The page request running now, cancelled when the document changes or another is asked. */
  private running: vscode.CancellationTokenSource | undefined;
  /** Branch choices per document URI: `$if` start offset → branch index. */
  private readonly branches = new Map<string, Map<number, number>>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private last: PreviewResult | undefined;

  constructor(private readonly lc: BaseLanguageClient) {
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (this.panel && editor?.document.languageId === LANGUAGE_ID) {
          this.document = editor.document;
          this.schedule(0);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.panel && event.document === this.document) {
          this.cancelRunning();
          this.schedule(DEBOUNCE_MS);
        }
      }),
      vscode.window.onDidChangeActiveColorTheme(() => this.schedule(0)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.preview.loadImages`)) this.schedule(0);
      }),
    );
  }

  /** Opens the preview beside the active BDScript editor (or shows it again). */
  open(): void {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== LANGUAGE_ID) {
      void vscode.window.showInformationMessage(
        `BDScript: ${vscode.l10n.t('open a BDScript file to preview the message it sends.')}`,
      );
      return;
    }
    this.show(editor.document);
  }

  /**
   * Opens the preview of the open document `uri` with each listed `$if` block on the given branch
   * (the message budget lens's: the branches that show the message it stands over).
   */
  openAt(uri: string, branches: ReadonlyArray<readonly [number, number]>): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!document) return;
    const choices = this.branches.get(uri) ?? new Map<number, number>();
    for (const [block, index] of branches) choices.set(block, index);
    this.branches.set(uri, choices);
    this.show(document);
  }

  private show(document: vscode.TextDocument): void {
    this.document = document;
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      this.panel = vscode.window.createWebviewPanel(
        VIEW_TYPE,
        vscode.l10n.t('Message preview'),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          enableScripts: true,
          localResourceRoots: [],
          enableFindWidget: true,
        },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        if (this.timer) clearTimeout(this.timer);
        this.cancelRunning();
      });
      this.panel.webview.onDidReceiveMessage((raw: unknown) => void this.onPageMessage(raw));
    }
    this.schedule(0);
  }

  /** Copies the active BDScript document's reply as Discord's message JSON. */
  async copyJson(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const document = editor?.document.languageId === LANGUAGE_ID ? editor.document : this.document;
    if (!document) {
      void vscode.window.showInformationMessage(
        `BDScript: ${vscode.l10n.t('open a BDScript file to copy the message it sends.')}`,
      );
      return;
    }
    // The server refuses a version that changes while it works (ContentModified): ask again.
    let result = await this.request(document, false);
    for (let attempt = 1; attempt < 3 && result === SUPERSEDED; attempt++) result = await this.request(document, false);
    if (!result || result === SUPERSEDED || !result.discord) return;
    await vscode.env.clipboard.writeText(JSON.stringify(result.discord, null, 2));
    void vscode.window.showInformationMessage(
      `BDScript: ${vscode.l10n.t('copied the message as Discord JSON (values known only when the command runs are in braces).')}`,
    );
  }

  private cancelRunning(): void {
    this.running?.cancel();
    this.running?.dispose();
    this.running = undefined;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.draw();
    }, ms);
  }

  /** The preview of `document`; SUPERSEDED when cancelled or refused for a newer version, undefined when it failed (and said so). */
  private async request(
    document: vscode.TextDocument,
    withHtml: boolean,
    token?: vscode.CancellationToken,
  ): Promise<PreviewResult | typeof SUPERSEDED | undefined> {
    if (!this.lc.isRunning()) return undefined;
    const theme =
      vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.Light ||
      vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.HighContrastLight
        ? 'light'
        : 'dark';
    const allowImages = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<boolean>('preview.loadImages') === true;
    try {
      const result = await this.lc.sendRequest(
        PreviewRequest,
        {
          textDocument: { uri: document.uri.toString() },
          branches: [...(this.branches.get(document.uri.toString()) ?? new Map<number, number>())],
          theme,
          allowImages,
          // The page is all a draw uses; the model and the JSON would double what both ends encode.
          ...(withHtml ? { nonce: makeNonce(), pageOnly: true } : {}),
        },
        token,
      );
      return result ?? undefined;
    } catch (err) {
      // Superseded by an edit (or a new catalog or settings), or cancelled by us.
      if (
        token?.isCancellationRequested ||
        (err instanceof ResponseError &&
          (err.code === LSPErrorCodes.ContentModified || err.code === LSPErrorCodes.RequestCancelled))
      )
        return SUPERSEDED;
      void vscode.window.showErrorMessage(
        `BDScript: ${vscode.l10n.t('could not make the preview: {0}', messageOf(err))}`,
      );
      return undefined;
    }
  }

  private async draw(): Promise<void> {
    const panel = this.panel;
    const document = this.document;
    if (!panel || !document) return;
    this.cancelRunning();
    const running = (this.running = new vscode.CancellationTokenSource());
    const result = await this.request(document, true, running.token);
    if (this.running === running) {
      running.dispose();
      this.running = undefined;
    }
    if (this.panel !== panel || this.document !== document) return;
    if (result === SUPERSEDED || (result && result.version !== document.version)) {
      // An edit schedules its own draw; a change of catalog or settings alone does not: ask again.
      if (!running.token.isCancellationRequested && this.timer === undefined) this.schedule(DEBOUNCE_MS);
      return;
    }
    if (!result?.html) return;
    this.last = result;
    panel.title = vscode.l10n.t('Preview: {0}', document.uri.path.split('/').pop() ?? vscode.l10n.t('message'));
    panel.webview.html = result.html;
  }

  private async onPageMessage(raw: unknown): Promise<void> {
    const message = readPageMessage(raw);
    const document = this.document;
    if (!message || !document) return;
    if ('open' in message) {
      // Never followed inside the webview: the editor opens it, asking first about a site the
      // user has not trusted (its link protection), as for any link in the editor.
      await vscode.env.openExternal(vscode.Uri.parse(message.open, true));
      return;
    }
    if ('branch' in message) {
      const key = document.uri.toString();
      const choices = this.branches.get(key) ?? new Map<number, number>();
      choices.set(message.branch.block, message.branch.index);
      this.branches.set(key, choices);
      this.schedule(0);
      return;
    }
    // Offsets of the version the page was drawn from; a newer version is drawn within a moment.
    if (this.last && this.last.version !== document.version) return;
    const range = new vscode.Range(document.positionAt(message.reveal.start), document.positionAt(message.reveal.end));
    const column =
      vscode.window.visibleTextEditors.find((e) => e.document === document)?.viewColumn ?? vscode.ViewColumn.One;
    const editor = await vscode.window.showTextDocument(document, { viewColumn: column, preserveFocus: false });
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
