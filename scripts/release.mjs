#!/usr/bin/env node
// Packages the extension and, on a release, publishes it: the one script the release workflow
// (.github/workflows/release.yml) and CI's dry run (.ci/run) share, so the dry run checks what a
// release would ship.
//
//   node scripts/release.mjs --dry-run [--tag vX.Y.Z]   package and verify; never uploads
//   node scripts/release.mjs --publish [--tag vX.Y.Z]   the same, then publish where a token is set
//
// Both: the tag (when given) must be `v` + package.json's version; `npm run package` writes
// bdscript.vsix; `vsce ls` lists what goes in; the .vsix is read back as Open VSX's client reads
// it (ovsx's own reader and manifest and license checks) and must name the same publisher, name
// and version, and hold the server, the client and the web entry when the manifest has one.
// Publishing: to the VS Code Marketplace when VSCE_PAT is set and to Open VSX when OVSX_PAT is
// set, each skipped with a notice otherwise. The tokens stay in the environment (both tools read
// them from there), never on a command line. BDSCRIPT_REPOSITORY_URL, when set, becomes the
// manifest's `repository` for the packaging only (package.json is restored afterwards); the
// project has no public URL of its own to write there.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VSIX = join(ROOT, 'bdscript.vsix');
const MANIFEST = join(ROOT, 'package.json');
const require = createRequire(import.meta.url);

/** Files the installed extension cannot work without, as `vsce ls` names them. */
const REQUIRED = [
  'package.json',
  'dist/extension.js',
  'dist/server.js',
  'server/snapshot/catalog.json',
  'syntaxes/bdscript.tmLanguage.json',
  'language-configuration.json',
  'README.md',
  'LICENSE',
];

function fail(message) {
  throw new Error(message);
}

function run(command, args, options = {}) {
  console.log(`+ ${command} ${args.join(' ')}`);
  return execFileSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
}

/** A GitHub Actions notice (a plain line elsewhere). */
function notice(message) {
  console.log(process.env.GITHUB_ACTIONS === 'true' ? `::notice title=release::${message}` : `notice: ${message}`);
}

function readArgs(argv) {
  const mode = argv.includes('--publish')
    ? 'publish'
    : argv.includes('--dry-run')
      ? 'dry-run'
      : fail('give --dry-run or --publish');
  const at = argv.indexOf('--tag');
  const tag = at >= 0 ? (argv[at + 1] ?? fail('--tag needs a value')) : undefined;
  return { mode, tag };
}

/** package.json with `repository` from BDSCRIPT_REPOSITORY_URL; returns the text to restore, if changed. */
function applyRepository() {
  const url = process.env.BDSCRIPT_REPOSITORY_URL;
  if (!url) {
    notice('BDSCRIPT_REPOSITORY_URL is not set: the manifest has no repository (links in the listing stay off)');
    return undefined;
  }
  if (!/^https:\/\/[^\s"']+$/.test(url))
    fail(`BDSCRIPT_REPOSITORY_URL must be an https URL, not ${JSON.stringify(url)}`);
  const before = readFileSync(MANIFEST, 'utf8');
  const pkg = JSON.parse(before);
  pkg.repository = { type: 'git', url };
  writeFileSync(MANIFEST, JSON.stringify(pkg, null, 2) + '\n');
  return before;
}

/** What `vsce ls` lists, checked against what the extension needs. */
function listFiles(pkg) {
  const listed = run('npx', ['--no-install', 'vsce', 'ls', '--no-dependencies'])
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  console.log(listed.map((l) => `  ${l}`).join('\n'));
  const needed = [...REQUIRED, ...(typeof pkg.browser === 'string' ? [pkg.browser.replace(/^\.\//, '')] : [])];
  const missing = needed.filter((f) => !listed.includes(f));
  if (missing.length > 0) fail(`the package would lack ${missing.join(', ')}`);
  return listed;
}

/** Reads the .vsix back as Open VSX's client does and compares it with package.json. */
async function verifyVsix(pkg) {
  if (!existsSync(VSIX)) fail(`${VSIX} was not written`);
  const { readVSIXPackage } = require('ovsx/lib/zip');
  const { validateManifest, isLicenseOk } = require('ovsx');
  const packed = await readVSIXPackage(VSIX);
  validateManifest(packed);
  for (const key of ['publisher', 'name', 'version']) {
    if (packed[key] !== pkg[key])
      fail(`the .vsix says ${key} ${JSON.stringify(packed[key])}, package.json ${JSON.stringify(pkg[key])}`);
  }
  if (!packed.engines?.vscode) fail('the .vsix manifest has no engines.vscode');
  if (!(await isLicenseOk(ROOT, packed)))
    fail('Open VSX accepts only licensed extensions: the manifest names no license and there is no LICENSE file');
  if (typeof pkg.browser === 'string' && packed.browser !== pkg.browser) fail('the .vsix lost the web entry (browser)');
  console.log(
    `verified ${packed.publisher}.${packed.name} ${packed.version} as Open VSX reads it${packed.repository ? `, repository ${packed.repository.url ?? packed.repository}` : ''}`,
  );
}

function publish() {
  if (process.env.VSCE_PAT)
    run('npx', ['--no-install', 'vsce', 'publish', '--packagePath', VSIX, '--skip-duplicate'], { stdio: 'inherit' });
  else notice('VSCE_PAT is not set: skipped publishing to the VS Code Marketplace');
  if (process.env.OVSX_PAT)
    run('npx', ['--no-install', 'ovsx', 'publish', VSIX, '--skip-duplicate'], { stdio: 'inherit' });
  else notice('OVSX_PAT is not set: skipped publishing to Open VSX');
}

async function main() {
  const { mode, tag } = readArgs(process.argv.slice(2));
  const pkg = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  if (tag !== undefined && tag !== `v${pkg.version}`)
    fail(`the tag ${tag} does not match package.json's version ${pkg.version} (expected v${pkg.version})`);
  const restore = applyRepository();
  try {
    run('npm', ['run', 'package'], { stdio: 'inherit' });
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    listFiles(manifest);
    await verifyVsix(manifest);
  } finally {
    if (restore !== undefined) writeFileSync(MANIFEST, restore);
  }
  if (mode === 'publish') publish();
  else console.log('dry run: nothing was uploaded');
}

main().catch((err) => {
  console.error(`release: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
