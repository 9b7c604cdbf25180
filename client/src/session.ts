// What the VS Code extension does the same way on the desktop and on the web: it registers the
// BDScript commands (refresh, status, wiki page, copy for the BDFD app), keeps the catalog status item current and starts the language client
// it is handed (over Node IPC from extension.ts, or a web worker from browserExtension.ts). It
// imports only the platform-neutral part of vscode-languageclient, so both bundles share it.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  CatalogStatusNotification,
  CatalogStatusRequest,
  CopyForAppRequest,
  FunctionAtRequest,
  RefreshCatalogRequest,
  type CatalogStatus,
  type FunctionAtParams,
} from '../../server/src/protocol/messages';
import { messageOf } from '../../server/src/protocol/errors';
import { isObject } from '../../server/src/protocol/json';
import { coerceAppCode, copiedMessage, copyTriggerLabel } from './appCode';
import { useTranslator } from './l10n';
import {
  coerceStatus,
  currentAgeMs,
  formatRefreshOutcome,
  formatStatusText,
  formatStatusTooltip,
  hasTrouble,
  statusPickItems,
} from './status';
import { checkWikiUrl } from './wiki';
import type { LensPreview } from './middleware';
import { PreviewPanel } from './preview';

export const LANGUAGE_ID = 'bdscript';
/**
 * The documents the server gets: BDScript in any scheme (files, untitled, and the virtual file
 * systems of github.dev and vscode.dev). The server reads no file itself; documents come over
 * the protocol, so the scheme does not matter to it.
 */
export const DOCUMENT_SELECTOR = [{ language: LANGUAGE_ID }];
/** How often the status item's age is recounted without asking the server. */
const STATUS_TICK_MS = 60_000;

/**
 * Registers the commands and the status item for `lc`, then starts it. A server that does not
 * start leaves the status item saying so and an error message; the extension stays active.
 */
export async function startSession(
  context: vscode.ExtensionContext,
  lc: BaseLanguageClient,
  lens?: LensPreview,
): Promise<void> {
  // The pure modules' texts (status, copy for app) in the editor's language from here on.
  useTranslator((text, ...args) => vscode.l10n.t(text, ...args));
  const status = new StatusItem();
  context.subscriptions.push(status);
  // Typed by the protocol, checked all the same: it comes from another process.
  context.subscriptions.push(
    lc.onNotification(CatalogStatusNotification, (params) => {
      status.update(params);
    }),
  );

  context.subscriptions.push(
    vscode.commands.registerCommand('bdscript.refreshCatalog', () => refreshCatalog(lc, status)),
    vscode.commands.registerCommand('bdscript.showCatalogStatus', () => showCatalogStatus(lc, status)),
    vscode.commands.registerCommand('bdscript.openWikiPage', () => openWikiPage(lc)),
    vscode.commands.registerCommand('bdscript.copyForApp', () => copyForApp(lc)),
  );
  const preview = new PreviewPanel(lc);
  context.subscriptions.push(
    preview,
    vscode.commands.registerCommand('bdscript.openPreviewToSide', () => preview.open()),
    vscode.commands.registerCommand('bdscript.copyDiscordJson', () => preview.copyJson()),
  );
  if (lens) lens.open = (uri, branches) => void preview.openAt(uri, branches);

  try {
    await lc.start();
  } catch (err) {
    status.failed(err);
    void vscode.window.showErrorMessage(
      `BDScript: ${vscode.l10n.t('the language server did not start: {0}', messageOf(err))}`,
    );
    return;
  }
  try {
    status.update(await lc.sendRequest(CatalogStatusRequest));
  } catch {
    // The notification will bring the status once the server has one.
  }
}

async function refreshCatalog(lc: BaseLanguageClient, status: StatusItem): Promise<void> {
  if (!lc.isRunning()) return notRunning();
  try {
    const raw = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `BDScript: ${vscode.l10n.t('refreshing the catalog')}` },
      () => lc.sendRequest(RefreshCatalogRequest),
    );
    const next = status.update(raw);
    if (!next) return;
    const text = formatRefreshOutcome(next, status.ageMs());
    if (next.lastRefresh?.ok === false) void vscode.window.showWarningMessage(text);
    else void vscode.window.showInformationMessage(text);
  } catch (err) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The catalog could not be refreshed: the language server did not answer ({0}).', messageOf(err)),
    );
  }
}

async function showCatalogStatus(lc: BaseLanguageClient, status: StatusItem): Promise<void> {
  if (!lc.isRunning()) return notRunning();
  let current: CatalogStatus | undefined;
  try {
    current = status.update(await lc.sendRequest(CatalogStatusRequest));
  } catch (err) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The catalog status could not be read: the language server did not answer ({0}).', messageOf(err)),
    );
    return;
  }
  if (!current) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('The language server sent a catalog status this extension cannot read.'),
    );
    return;
  }
  const picked = await vscode.window.showQuickPick(statusPickItems(current, status.ageMs()), {
    title: vscode.l10n.t('BDScript catalog'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (picked?.action === 'refresh') await refreshCatalog(lc, status);
}

async function openWikiPage(lc: BaseLanguageClient): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== LANGUAGE_ID) {
    void vscode.window.showInformationMessage(
      `BDScript: ${vscode.l10n.t('open a BDScript file and put the cursor on a function.')}`,
    );
    return;
  }
  if (!lc.isRunning()) return notRunning();
  const params: FunctionAtParams = {
    textDocument: { uri: editor.document.uri.toString() },
    position: { line: editor.selection.active.line, character: editor.selection.active.character },
  };
  let result: unknown;
  try {
    result = await lc.sendRequest(FunctionAtRequest, params);
  } catch (err) {
    void vscode.window.showErrorMessage(
      `BDScript: ${vscode.l10n.t('could not find the function under the cursor: {0}', messageOf(err))}`,
    );
    return;
  }
  const fn = isObject(result) ? result : undefined;
  if (!fn) {
    void vscode.window.showInformationMessage(`BDScript: ${vscode.l10n.t('no known function under the cursor.')}`);
    return;
  }
  const url = checkWikiUrl(fn['wikiUrl']);
  const name = typeof fn['name'] === 'string' ? fn['name'] : vscode.l10n.t('this function');
  if (!url) {
    void vscode.window.showWarningMessage(`BDScript: ${vscode.l10n.t('no wiki page to open for {0}.', name)}`);
    return;
  }
  await vscode.env.openExternal(vscode.Uri.parse(url, true));
}

/** Copies the command's code without its trigger line (the server computes it) and offers the trigger. */
async function copyForApp(lc: BaseLanguageClient): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== LANGUAGE_ID) {
    void vscode.window.showInformationMessage(
      `BDScript: ${vscode.l10n.t('open a BDScript file to copy its code for the BDFD app.')}`,
    );
    return;
  }
  if (!lc.isRunning()) return notRunning();
  let result;
  try {
    result = coerceAppCode(
      await lc.sendRequest(CopyForAppRequest, { textDocument: { uri: editor.document.uri.toString() } }),
    );
  } catch (err) {
    void vscode.window.showErrorMessage(
      `BDScript: ${vscode.l10n.t('could not get the code to copy: {0}', messageOf(err))}`,
    );
    return;
  }
  if (!result) {
    void vscode.window.showWarningMessage(`BDScript: ${vscode.l10n.t('the server sent nothing to copy.')}`);
    return;
  }
  await vscode.env.clipboard.writeText(result.code);
  const said = copiedMessage(result);
  const trigger = result.trigger;
  if (!said.offerTrigger || trigger === null) {
    void vscode.window.showInformationMessage(said.text);
    return;
  }
  const copyTrigger = copyTriggerLabel();
  if ((await vscode.window.showInformationMessage(said.text, copyTrigger)) === copyTrigger) {
    await vscode.env.clipboard.writeText(trigger);
    void vscode.window.setStatusBarMessage(`BDScript: ${vscode.l10n.t('trigger copied')}`, 3000);
  }
}

function notRunning(): void {
  void vscode.window.showWarningMessage(`BDScript: ${vscode.l10n.t('the language server is not running.')}`);
}

/** The status bar item: shown while a BDScript editor is active, text and tooltip from the last status. */
class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'bdscript.catalogStatus',
    vscode.StatusBarAlignment.Right,
    100,
  );
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timer: ReturnType<typeof setInterval>;
  private status: CatalogStatus | undefined;
  private receivedAt = 0;

  constructor() {
    this.item.name = vscode.l10n.t('BDScript catalog');
    this.item.text = `$(sync~spin) BDScript: ${vscode.l10n.t('starting')}`;
    this.item.command = 'bdscript.showCatalogStatus';
    this.disposables.push(vscode.window.onDidChangeActiveTextEditor(() => this.updateVisibility()));
    this.timer = setInterval(() => this.render(), STATUS_TICK_MS);
    this.updateVisibility();
  }

  /** Takes a status from the server (untrusted shape); returns it when usable. */
  update(raw: unknown): CatalogStatus | undefined {
    const next = coerceStatus(raw);
    if (!next) return undefined;
    this.status = next;
    this.receivedAt = Date.now();
    this.render();
    return next;
  }

  ageMs(): number | undefined {
    return this.status ? currentAgeMs(this.status, this.receivedAt, Date.now()) : undefined;
  }

  failed(err: unknown): void {
    this.item.text = `$(error) BDScript: ${vscode.l10n.t('server stopped')}`;
    this.item.tooltip = vscode.l10n.t('The BDScript language server did not start: {0}', messageOf(err));
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
  }

  dispose(): void {
    clearInterval(this.timer);
    for (const d of this.disposables) d.dispose();
    this.item.dispose();
  }

  private render(): void {
    if (!this.status) return;
    const age = this.ageMs();
    this.item.text = formatStatusText(this.status, age);
    this.item.tooltip = formatStatusTooltip(this.status, age);
    this.item.backgroundColor = hasTrouble(this.status)
      ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
  }

  private updateVisibility(): void {
    if (vscode.window.activeTextEditor?.document.languageId === LANGUAGE_ID) this.item.show();
    else this.item.hide();
  }
}
