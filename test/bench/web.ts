// The web extension's figures for `npm run bench`: the size of what ships for the web (the worker
// and the web client, built as `npm run package` builds them: minified, no source maps), raw and
// as a browser downloads it (gzip, brotli), with the embedded catalog snapshot's share; and the
// start-up of the worker in headless Chromium, as VS Code on the web starts it: from
// `new Worker(...)` to the initialize answer and to the first diagnostics of an opened command,
// timed inside the page. Skipped, with the reason, without /usr/bin/chromium.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { fullClientCapabilities } from '../support/lspClient';
import { browserMissing, CHROMIUM, ROOT, serveSite, WEB_SERVER, WebClient } from '../web/harness';
import { summarize, type Figure } from './stats';

export interface BundleSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly brotliBytes: number;
}

export interface WebResults {
  readonly bundles: BundleSize[];
  /** The embedded snapshot's text, in bytes (it is part of the worker bundle). */
  readonly snapshotBytes: number;
  readonly startup: { readonly initialize: Figure; readonly firstDiagnostics: Figure } | { readonly skipped: string };
  readonly chromium?: string;
}

export interface WebOptions {
  readonly quick: boolean;
  readonly log: (line: string) => void;
}

interface BuildModule {
  common: esbuild.BuildOptions;
  builds: Array<esbuild.BuildOptions & { outfile: string }>;
}

/** The web bundles built as the .vsix has them (production: minified, no maps), into a temporary folder. */
async function shippedSizes(): Promise<BundleSize[]> {
  const { common, builds } = (await import(pathToFileURL(path.join(ROOT, 'build.mjs')).href)) as BuildModule;
  const out = mkdtempSync(path.join(os.tmpdir(), 'bds-webbench-'));
  try {
    const sizes: BundleSize[] = [];
    for (const b of builds.filter((x) => x.outfile.startsWith('dist/web/'))) {
      const outfile = path.join(out, b.outfile);
      await esbuild.build({
        ...common,
        ...b,
        absWorkingDir: ROOT,
        outfile,
        minify: true,
        sourcemap: false,
        logLevel: 'silent',
      });
      const bytes = readFileSync(outfile);
      sizes.push({
        file: b.outfile,
        bytes: statSync(outfile).size,
        gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
        brotliBytes: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      });
    }
    return sizes;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A typical command (the showcase fixture) to open. */
function command(): { uri: string; languageId: string; version: number; text: string } {
  return {
    uri: 'vscode-vfs://github/bdfd/bot/commands/showcase.bds',
    languageId: 'bdscript',
    version: 1,
    text: readFileSync(path.join(ROOT, 'test/fixtures/showcase.bds'), 'utf8'),
  };
}

export async function benchWeb(options: WebOptions): Promise<WebResults> {
  const { quick, log } = options;
  log('  web bundles (production build) ...');
  const bundles = await shippedSizes();
  const snapshotBytes = statSync(path.join(ROOT, 'server/snapshot/catalog.json')).size;
  const missing =
    browserMissing() ?? (statSafe(WEB_SERVER) ? undefined : `${WEB_SERVER} is missing: run npm run build first`);
  if (missing) return { bundles, snapshotBytes, startup: { skipped: missing } };

  log('  worker start-up in headless Chromium ...');
  const site = await serveSite();
  const web = await WebClient.open(site);
  try {
    // The page's user agent gives only the major version; the binary says it all.
    const chromium = /Chromium [\d.]+/.exec(spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[0];
    const init = {
      processId: null,
      rootUri: null,
      capabilities: fullClientCapabilities(),
      initializationOptions: { catalog: { offline: true } },
    };
    const warmup = quick ? 1 : 3;
    const runs = quick ? 5 : 15;
    const initialize: number[] = [];
    const diagnostics: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const t = await web.page.evaluate(
        ([url, params, doc]) =>
          (
            globalThis as unknown as {
              lsp: {
                bootTimed(u: string, p: unknown, d: unknown): Promise<{ initializeMs: number; diagnosticsMs: number }>;
              };
            }
          ).lsp.bootTimed(url as string, params, doc),
        [site.url + '/server.js', init, command()] as const,
      );
      await web.stopWorker();
      if (i < warmup) continue;
      initialize.push(t.initializeMs);
      diagnostics.push(t.diagnosticsMs);
    }
    const elsewhere = [...web.blocked, ...web.escaped];
    if (elsewhere.length > 0)
      throw new Error(`the worker asked for hosts other than 127.0.0.1: ${elsewhere.join(', ')}`);
    return {
      bundles,
      snapshotBytes,
      startup: { initialize: summarize(initialize, 'ms'), firstDiagnostics: summarize(diagnostics, 'ms') },
      ...(chromium ? { chromium } : {}),
    };
  } finally {
    await web.close();
    await site.close();
  }
}

function statSafe(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
