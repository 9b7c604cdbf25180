// Tests of the packaged extension: `npm run package` runs in a temporary copy of the working
// tree (so the repository's own dist/ and bdscript.vsix are left alone), then the .vsix's zip
// directory is read to check it holds what the manifest names and nothing it does not need.
// Building takes a few seconds, so it runs every time rather than behind an opt-in switch.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import Module, { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';

const root = join(__dirname, '..', '..');

/** Entries of a zip file read from its central directory, with a reader for each entry's bytes. */
function readZip(zip: Buffer): Map<string, () => Buffer> {
  const eocdMin = 22;
  let eocd = -1;
  for (let i = zip.length - eocdMin; i >= Math.max(0, zip.length - eocdMin - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  assert.ok(eocd >= 0, 'end of central directory found');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `central directory entry ${n}`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) return data;
      assert.equal(method, 8, `${name} is stored or deflated`);
      return inflateRawSync(data);
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function run(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** Paths inside the package the extension may ship, relative to `extension/`. */
const ALLOWED = [
  /^package\.json$/,
  /^(README|CHANGELOG)\.md$/i, // vsce stores the readme as readme.md
  /^docs\/images\/[a-z-]+\.png$/, // the README's pictures
  /^docs\/rules\.md$/, // the page each diagnostic's code links to
  /^LICENSE(\.md|\.txt)?$/i,
  /^dist\/(web\/)?(extension|server)\.js$/,
  /^dist\/(web\/)?(extension|server)\.js\.LEGAL\.txt$/,
  /^server\/snapshot\/(catalog\.json|README\.md)$/,
  /^syntaxes\/bdscript\.tmLanguage\.json$/,
  /^language-configuration\.json$/,
  /^client\/themes\/bdfd-(dark|light)-color-theme\.json$/,
  /^package\.nls(\.(es|pt-br|ru))?\.json$/,
  /^l10n\/bundle\.l10n\.(es|pt-br|ru)\.json$/,
];

const REQUIRED = [
  'package.json',
  'dist/extension.js',
  'dist/server.js',
  'dist/web/extension.js',
  'dist/web/server.js',
  'server/snapshot/catalog.json',
  'syntaxes/bdscript.tmLanguage.json',
  'language-configuration.json',
  'docs/rules.md',
  'client/themes/bdfd-dark-color-theme.json',
  'client/themes/bdfd-light-color-theme.json',
  // Translations: the manifest's texts (package.nls) and the client's messages (l10n bundles).
  'package.nls.json',
  ...['es', 'pt-br', 'ru'].flatMap((lang) => [`package.nls.${lang}.json`, `l10n/bundle.l10n.${lang}.json`]),
];

describe('packaged extension (.vsix)', function () {
  let work: string | undefined;
  let entries: Map<string, () => Buffer>;
  let files: string[];

  before(async function () {
    for (const entry of ['server/src/node/main.ts', 'server/src/cli/main.ts', 'server/snapshot/catalog.json']) {
      if (!existsSync(join(root, entry))) {
        console.log(`    (skipped: ${entry} is not written yet, so the bundles cannot be built)`);
        this.skip();
      }
    }
    this.timeout(180_000);
    work = mkdtempSync(join(tmpdir(), 'bdscript-vsix-'));
    const skip = new Set(['node_modules', '.git', 'dist', 'out', '.bench', '.vscode-test']);
    cpSync(root, work, {
      recursive: true,
      filter: (src) => {
        const rel = relative(root, src);
        if (rel === '') return true;
        const top = rel.split(sep)[0]!;
        return !skip.has(top) && !rel.endsWith('.vsix');
      },
    });
    // The copy shares the installed packages (a decoy too: they must stay out of the package),
    // and stray files beside the sources and bundles test .vscodeignore further.
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'junction');
    mkdirSync(join(work, 'dist'));
    writeFileSync(join(work, 'dist', 'extension.js.map'), '{}');
    writeFileSync(join(work, 'stray-notes.txt'), 'not for the package');
    await run('npm', ['run', 'package'], work);
    const vsix = join(work, 'bdscript.vsix');
    assert.ok(existsSync(vsix), 'npm run package wrote bdscript.vsix');
    entries = readZip(readFileSync(vsix));
    files = [...entries.keys()].filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the bundles, the snapshot, the grammar and the language configuration', () => {
    for (const f of REQUIRED) assert.ok(files.includes(f), `${f} in ${files.join(', ')}`);
  });

  it('holds nothing the installed extension does not read', () => {
    const extra = files.filter((f) => !ALLOWED.some((re) => re.test(f)));
    assert.deepEqual(extra, []);
    for (const f of files) {
      assert.ok(!f.endsWith('.ts') && !f.endsWith('.map'), f);
      assert.ok(!f.startsWith('test/') && !f.includes('node_modules/'), f);
    }
  });

  it('ships a manifest whose entries, grammar, language configuration and themes are in the package', () => {
    const pkg = JSON.parse(entries.get('extension/package.json')!().toString('utf8'));
    const named = [
      pkg.main,
      pkg.browser,
      ...pkg.contributes.grammars.map((g: any) => g.path),
      ...pkg.contributes.languages.map((l: any) => l.configuration),
      ...pkg.contributes.themes.map((t: any) => t.path),
    ];
    for (const path of named) {
      const file = String(path).replace(/^\.\//, '');
      assert.ok(files.includes(file), `${path} is packaged`);
    }
  });

  it('ships every translation the manifest refers to: each %key% in package.nls.json and its languages, the l10n folder', () => {
    const pkgText = entries.get('extension/package.json')!().toString('utf8');
    const pkg = JSON.parse(pkgText);
    const refs = [...new Set([...pkgText.matchAll(/"%([\w.-]+)%"/g)].map((m) => m[1]!))];
    assert.ok(refs.length > 10, `the manifest uses %key% references (${refs.length})`);
    for (const file of ['package.nls.json', 'package.nls.es.json', 'package.nls.pt-br.json', 'package.nls.ru.json']) {
      const nls = JSON.parse(entries.get(`extension/${file}`)!().toString('utf8')) as Record<string, string>;
      for (const key of refs) assert.ok(typeof nls[key] === 'string' && nls[key] !== '', `${file} has ${key}`);
    }
    assert.equal(pkg.l10n, './l10n');
    for (const lang of ['es', 'pt-br', 'ru']) {
      const bundle = JSON.parse(entries.get(`extension/l10n/bundle.l10n.${lang}.json`)!().toString('utf8')) as Record<
        string,
        string
      >;
      assert.ok(Object.keys(bundle).length > 50, `l10n/bundle.l10n.${lang}.json holds the client's messages`);
    }
  });

  it('ships bundles that need nothing but VS Code and Node built-ins', () => {
    // The package has no node_modules, so every require() left in a bundle must resolve without one.
    // A `node:` specifier never reaches node_modules (undici lazily asks for `node:sqlite`, which
    // newer Node versions have and Node 20's builtinModules does not list).
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    for (const [bundle, allowed] of [
      ['dist/extension.js', ['vscode']],
      ['dist/server.js', []],
      ['dist/web/extension.js', ['vscode']],
    ] as const) {
      const text = entries.get(`extension/${bundle}`)!().toString('utf8');
      const required = [...text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
      const foreign = [...new Set(required)].filter(
        (r) => !builtins.has(r) && !r.startsWith('node:') && !(allowed as readonly string[]).includes(r),
      );
      assert.deepEqual(foreign, [], `${bundle} requires only built-ins`);
      if (bundle === 'dist/extension.js')
        assert.ok(required.includes('vscode'), 'the client bundle keeps vscode external');
    }
  });

  it('ships web bundles that require nothing but vscode and embed the catalog snapshot', () => {
    // The web extension host has no module loader but for `vscode`, and the worker none at all.
    const client = entries.get('extension/dist/web/extension.js')!().toString('utf8');
    assert.deepEqual(
      [...new Set([...client.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]))],
      ['vscode'],
    );
    const worker = entries.get('extension/dist/web/server.js')!().toString('utf8');
    assert.deepEqual(
      [...worker.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
      [],
    );
    // The worker reads no files: the snapshot's own text is inside it.
    const snapshot = JSON.parse(readFileSync(join(root, 'server', 'snapshot', 'catalog.json'), 'utf8')) as {
      provenance: { notes: string[] };
    };
    const digest = snapshot.provenance.notes.map((n) => /sha256 ([0-9a-f]{64})/.exec(n)?.[1]).find(Boolean);
    assert.ok(digest && worker.includes(digest), 'the snapshot (with its provenance) is embedded');
  });

  for (const bundle of ['dist/extension.js', 'dist/web/extension.js']) {
    it(`ships a client bundle (${bundle}) that loads and exports activate and deactivate`, () => {
      // A stand-in for `vscode` whose every member is a class, enough for module-level code
      // (vscode-languageclient subclasses a few vscode classes when it loads).
      const standIn = (): unknown =>
        new Proxy(class {}, { get: (target, key) => (key === 'prototype' ? target.prototype : standIn()) });
      const file = join(work!, `unpacked-${bundle.replace(/\W/g, '-')}`);
      writeFileSync(file, entries.get(`extension/${bundle}`)!());
      const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
      const load = loader._load;
      loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
        return request === 'vscode' ? standIn() : load.call(this, request, ...rest);
      };
      try {
        const ext = require(file) as Record<string, unknown>;
        assert.equal(typeof ext['activate'], 'function');
        assert.equal(typeof ext['deactivate'], 'function');
      } finally {
        loader._load = load;
      }
    });
  }
});
