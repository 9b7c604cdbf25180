// The server's texts in the user's language, end to end over stdio against the bundled server
// (dist/server.js, as shipped): the client's `initialize.locale` picks Spanish, Brazilian
// Portuguese or Russian for diagnostics, quick fixes and hovers; the `bdscript.locale` setting
// overrides it, also when it changes while the server runs; no locale is English. The catalog
// is the embedded snapshot (offline), HOME points at a temporary folder.

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CodeAction, Diagnostic, Hover } from 'vscode-languageserver-types';
import { fullClientCapabilities, spawnServer, type SpawnedServer } from '../support/lspClient';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const URI = 'file:///project/commands/hello.bds';
/** An unknown function with one near name, and a known one to hover. */
const TEXT = '$usernam\n$title[Hi]';

interface Expected {
  /** The `unknown-function` message, exactly. */
  readonly unknown: string;
  /** The quick fix's title. */
  readonly fix: string;
  /** A heading of the `$title` hover. */
  readonly hover: RegExp;
}

const EXPECTED: Readonly<Record<string, Expected>> = {
  en: {
    unknown: 'Unknown function `$usernam`. Did you mean `$username`?',
    fix: 'Change to `$username`',
    hover: /Function, with arguments/,
  },
  es: {
    unknown: 'Función desconocida `$usernam`. ¿Quisiste decir `$username`?',
    fix: 'Cambiar a `$username`',
    hover: /Función, con argumentos/,
  },
  'pt-br': {
    unknown: 'Função desconhecida `$usernam`. Você quis dizer `$username`?',
    fix: 'Mudar para `$username`',
    hover: /Função, com argumentos/,
  },
  ru: {
    unknown: 'Неизвестная функция `$usernam`. Возможно, вы имели в виду `$username`?',
    fix: 'Заменить на `$username`',
    hover: /Функция с аргументами/,
  },
};

describe('server texts in the client language over stdio (bundled server)', function () {
  this.timeout(60_000);
  let tmp: string;
  let running: SpawnedServer | undefined;

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'bdscript-l10n-'));
  });

  afterEach(async () => {
    if (running) {
      await running.client.shutdown().catch(() => undefined);
      running.kill();
      running = undefined;
    }
    rmSync(tmp, { recursive: true, force: true });
  });

  function start(settings: unknown): SpawnedServer {
    running = spawnServer(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      cwd: tmp,
      timeoutMs: 30_000,
      settings,
    });
    return running;
  }

  async function unknownFunction(server: SpawnedServer, since?: number): Promise<Diagnostic> {
    const published = await server.client.diagnostics(URI, {
      ...(since !== undefined ? { since } : {}),
      where: (p) => p.diagnostics.some((d) => d.code === 'unknown-function'),
    });
    return published.diagnostics.find((d) => d.code === 'unknown-function')!;
  }

  async function check(server: SpawnedServer, want: Expected): Promise<void> {
    await server.client.open(URI, TEXT, 1);
    const d = await unknownFunction(server);
    assert.equal(d.message, want.unknown);
    const actions = await server.client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: d.range,
      context: { diagnostics: [d], only: ['quickfix'] },
    });
    assert.ok(
      actions.some((a) => a.title === want.fix),
      actions.map((a) => a.title).join(' | '),
    );
    const hover = await server.client.request<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 1, character: 2 },
    });
    const value =
      typeof hover.contents === 'object' && 'value' in hover.contents
        ? hover.contents.value
        : JSON.stringify(hover.contents);
    assert.match(value, want.hover);
  }

  for (const locale of ['es', 'pt-br', 'ru'] as const) {
    it(`initialize.locale ${locale}: diagnostics, quick fixes and hovers in that language`, async () => {
      const server = start({ catalog: { offline: true } });
      await server.client.initialize({
        capabilities: fullClientCapabilities(),
        initializationOptions: { catalog: { offline: true } },
        locale,
      });
      await check(server, EXPECTED[locale]!);
    });
  }

  it('a locale the server has no translation for, or none, is English; pt falls back to pt-br', async () => {
    const server = start({ catalog: { offline: true } });
    await server.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true } },
      locale: 'de',
    });
    await check(server, EXPECTED['en']!);
    await server.client.shutdown();
    server.kill();
    const pt = start({ catalog: { offline: true } });
    await pt.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true } },
      locale: 'pt',
    });
    await check(pt, EXPECTED['pt-br']!);
  });

  it('the bdscript.locale setting beats initialize.locale, and a change applies at once', async () => {
    // As the VS Code client sends it: the settings in initializationOptions and in answers to workspace/configuration.
    const server = start({ catalog: { offline: true }, locale: 'ru' });
    await server.client.initialize({
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true }, locale: 'ru' },
      locale: 'es',
    });
    await check(server, EXPECTED['ru']!);
    // The user switches the setting back to `auto`: the client's locale (Spanish) applies.
    const mark = server.client.mark();
    server.client.settings = { catalog: { offline: true }, locale: 'auto' };
    await server.client.notify('workspace/didChangeConfiguration', {
      settings: { bdscript: { catalog: { offline: true }, locale: 'auto' } },
    });
    const d = await unknownFunction(server, mark);
    assert.equal(d.message, EXPECTED['es']!.unknown);
  });
});
