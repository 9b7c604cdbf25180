// Tests of the extension manifest against what it names: the language and its grammar and
// configuration files, the settings schema the server reads, the commands session.ts
// registers, the desktop and web entries, the activation events and the VS Code engine
// vscode-languageclient needs.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { manifestFields, RESTRICTED_SETTINGS, rewriteManifest } from '../../client/src/manifest';
import { SEMANTIC_TOKENS_LEGEND } from '../../server/src/core/features/semanticTokens';
import { SETTINGS_SCHEMA } from '../../server/src/core/settings';

const root = join(__dirname, '..', '..');
/** One esbuild build of build.mjs, as far as these tests read it. */
interface BuildOptions {
  entryPoints: string[];
  outfile: string;
  external?: string[];
  platform?: string;
  plugins?: unknown[];
}
/** The builds build.mjs runs, read as data (imported, it only hands out its options). */
async function buildOptions(): Promise<BuildOptions[]> {
  return (await import(pathToFileURL(join(root, 'build.mjs')).href)).builds as BuildOptions[];
}
const readJson = (path: string): any => JSON.parse(readFileSync(join(root, path), 'utf8'));
const pkg = readJson('package.json');
const nls = readJson('package.nls.json') as Record<string, string>;
/** Both entries (extension.ts, browserExtension.ts) register their commands through session.ts. */
const sessionSource = readFileSync(join(root, 'client', 'src', 'session.ts'), 'utf8');

/** The lowest version a range like `^1.91.0`, `~1.91.0`, `>=1.91.0` or `1.91.0` allows. */
function minimumVersion(range: string): [number, number, number] {
  const m = /^\s*(?:\^|~|>=)?\s*(\d+)\.(\d+)\.(\d+)\s*$/.exec(range);
  assert.ok(m, `a simple version range: ${range}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

describe('extension manifest', () => {
  it('agrees with the manifest generator (run `npx tsx client/src/manifest.ts --write` after changing it)', () => {
    const fields = manifestFields();
    for (const key of Object.keys(fields)) assert.deepEqual(pkg[key], fields[key], `package.json ${key}`);
  });

  it('declares every semantic token type and modifier of the server legend that LSP does not predefine', () => {
    const standardTypes = new Set(
      'namespace type class enum interface struct typeParameter parameter variable property enumMember event function method macro keyword modifier comment string number regexp operator decorator'.split(
        ' ',
      ),
    );
    const standardModifiers = new Set(
      'declaration definition readonly static deprecated abstract async modification documentation defaultLibrary'.split(
        ' ',
      ),
    );
    const declaredTypes = new Set((pkg.contributes.semanticTokenTypes ?? []).map((t: { id: string }) => t.id));
    const declaredModifiers = new Set((pkg.contributes.semanticTokenModifiers ?? []).map((t: { id: string }) => t.id));
    const customTypes = SEMANTIC_TOKENS_LEGEND.tokenTypes.filter((t) => !standardTypes.has(t));
    const customModifiers = SEMANTIC_TOKENS_LEGEND.tokenModifiers.filter((m) => !standardModifiers.has(m));
    assert.ok(customTypes.length > 0, 'the legend has a custom type (escape)');
    for (const t of customTypes) assert.ok(declaredTypes.has(t), `semanticTokenTypes declares ${t}`);
    for (const m of customModifiers) assert.ok(declaredModifiers.has(m), `semanticTokenModifiers declares ${m}`);
  });

  describe('language', () => {
    const languages = pkg.contributes.languages as any[];
    const language = languages.find((l) => l.id === 'bdscript');

    it('contributes bdscript for .bds and .bdscript, named BDScript', () => {
      assert.ok(language, 'language bdscript');
      assert.deepEqual([...language.extensions].sort(), ['.bds', '.bdscript']);
      assert.equal(language.aliases[0], 'BDScript');
    });

    it('maps the language to a grammar file with scope source.bdscript', () => {
      const grammars = (pkg.contributes.grammars as any[]).filter((g) => g.language === 'bdscript');
      assert.equal(grammars.length, 1);
      assert.equal(grammars[0].scopeName, 'source.bdscript');
      const grammar = readJson(grammars[0].path);
      assert.equal(grammar.scopeName, grammars[0].scopeName);
    });

    it('names a language configuration file that parses and declares $c[ ] comments and [ ] brackets', () => {
      assert.ok(existsSync(join(root, language.configuration)), language.configuration);
      const conf = readJson(language.configuration);
      assert.deepEqual(conf.comments, { blockComment: ['$c[', ']'] });
      assert.deepEqual(conf.brackets, [['[', ']']]);
      assert.deepEqual(conf.surroundingPairs, [['[', ']']]);
      assert.ok(conf.autoClosingPairs.some((p: any) => p.open === '[' && p.close === ']'));
    });
  });

  describe('language configuration', () => {
    const conf = readJson('language-configuration.json');
    const increase = new RegExp(conf.indentationRules.increaseIndentPattern);
    const decrease = new RegExp(conf.indentationRules.decreaseIndentPattern);

    it('indents after lines that open a block', () => {
      for (const line of [
        '$if[$authorID==1]',
        '  $elseif[a==b]',
        '$else',
        '$try',
        '$catch',
        '$async[job]',
        '$if[$checkContains[a;b]==true] $c[check]',
      ]) {
        assert.ok(increase.test(line), `indent after ${JSON.stringify(line)}`);
      }
    });

    it('does not indent after lines that close their block or only look like block keywords', () => {
      for (const line of [
        '$if[a==b]yes$endif',
        '$try $ping $endtry',
        '$iffy[x]',
        '$elsewhere',
        '$endif',
        'say $if',
        '$await[job]',
        '$asyncx[a]',
      ]) {
        assert.ok(!increase.test(line), `no indent after ${JSON.stringify(line)}`);
      }
    });

    it('outdents lines that continue or close a block', () => {
      for (const line of ['$elseif[a==b]', '  $else', '$endif', '$catch', '$endtry', '$endasync']) {
        assert.ok(decrease.test(line), `outdent ${JSON.stringify(line)}`);
      }
      for (const line of ['$elsewhere', '$if[a]', '$try', 'text $endif', '$endiffy', '$else2']) {
        assert.ok(!decrease.test(line), `no outdent for ${JSON.stringify(line)}`);
      }
    });

    it('keeps $name together as one word', () => {
      const words = (text: string) => text.match(new RegExp(conf.wordPattern, 'g'));
      assert.deepEqual(words('$addField[Name;$authorID]'), ['$addField', 'Name', '$authorID']);
      assert.deepEqual(words('hi $username!'), ['hi', '$username']);
      assert.deepEqual(words('$var2 costs $5'), ['$var2', 'costs', '$', '5']);
    });
  });

  describe('settings', () => {
    const properties = pkg.contributes.configuration.properties as Record<string, any>;

    it('contributes exactly the keys of SETTINGS_SCHEMA', () => {
      assert.deepEqual(Object.keys(properties).sort(), SETTINGS_SCHEMA.map((s) => `bdscript.${s.key}`).sort());
    });

    for (const schema of SETTINGS_SCHEMA) {
      it(`bdscript.${schema.key} has the schema's type, default, enum, minimum and description`, () => {
        const p = properties[`bdscript.${schema.key}`];
        assert.ok(p, `bdscript.${schema.key} is contributed`);
        assert.equal(p.type, schema.type);
        assert.deepEqual(p.default, schema.default);
        assert.deepEqual(p.enum, schema.enum ? [...schema.enum] : undefined);
        assert.equal(p.minimum, schema.minimum);
        // A `%key%` reference; package.nls.json holds the English text (translations: package.nls.<language>.json).
        assert.match(p.description, /^%[\w.]+%$/);
        assert.equal(p.markdownDescription, p.description);
        assert.equal(nls[p.description.slice(1, -1)], schema.description);
        assert.ok(
          ['machine-overridable', 'window', 'resource', 'application', 'machine'].includes(p.scope),
          `scope ${p.scope}`,
        );
        if (schema.key.startsWith('catalog.')) assert.ok(['machine-overridable', 'window'].includes(p.scope));
      });
    }
  });

  describe('commands', () => {
    const commands = pkg.contributes.commands as any[];

    it('contributes the six BDScript commands', () => {
      assert.deepEqual(commands.map((c) => c.command).sort(), [
        'bdscript.copyDiscordJson',
        'bdscript.copyForApp',
        'bdscript.openPreviewToSide',
        'bdscript.openWikiPage',
        'bdscript.refreshCatalog',
        'bdscript.showCatalogStatus',
      ]);
    });

    it('puts "Open Preview to the Side" in the title bar of BDScript editors, with an icon', () => {
      const title =
        (pkg.contributes.menus as Record<string, Array<{ command: string; when: string }>>)['editor/title'] ?? [];
      assert.deepEqual(
        title.map((e) => [e.command, e.when]),
        [['bdscript.openPreviewToSide', 'editorLangId == bdscript']],
      );
      assert.equal(commands.find((c) => c.command === 'bdscript.openPreviewToSide')?.icon, '$(open-preview)');
    });

    it('gives every command a title and the BDScript category', () => {
      for (const c of commands) {
        assert.ok(typeof c.title === 'string' && c.title.length > 0, `${c.command} has a title`);
        assert.equal(c.category, 'BDScript');
      }
    });

    it('registers every contributed command in session.ts and contributes every registered one', () => {
      const registered = [...sessionSource.matchAll(/registerCommand\(\s*'([^']+)'/g)].map((m) => m[1]).sort();
      assert.deepEqual(registered, commands.map((c) => c.command).sort());
    });

    it('refers only to contributed commands in menus', () => {
      const ids = new Set(commands.map((c) => c.command));
      for (const [menu, entries] of Object.entries(pkg.contributes.menus as Record<string, any[]>)) {
        for (const e of entries) assert.ok(ids.has(e.command), `${menu}: ${e.command}`);
      }
    });
  });

  describe('activation and engines', () => {
    it('activates on the bdscript language and never on startup', () => {
      assert.ok(pkg.activationEvents.includes('onLanguage:bdscript'));
      assert.ok(!pkg.activationEvents.includes('*'));
    });

    it('starts from the bundled client at ./dist/extension.js', async () => {
      assert.equal(pkg.main, './dist/extension.js');
      const client = (await buildOptions()).find((b) => b.entryPoints.includes('client/src/extension.ts'));
      assert.ok(client, 'build.mjs bundles client/src/extension.ts');
      assert.equal(client.outfile, 'dist/extension.js');
      assert.deepEqual(client.external, ['vscode']);
    });

    it('runs on the web from the bundled web client at ./dist/web/extension.js, beside its worker', async () => {
      assert.equal(pkg.browser, './dist/web/extension.js');
      const { builds, web } = await import(pathToFileURL(join(root, 'build.mjs')).href);
      const find = (entry: string): BuildOptions | undefined =>
        (builds as BuildOptions[]).find((b) => b.entryPoints.includes(entry));
      const client = find('client/src/browserExtension.ts');
      assert.ok(client, 'build.mjs bundles client/src/browserExtension.ts');
      assert.equal(client.outfile, 'dist/web/extension.js');
      assert.deepEqual(client.external, ['vscode']);
      // The web options (browser platform, the no-Node plugin) are spread into both web builds.
      assert.equal(client.platform, web.platform);
      assert.deepEqual(client.plugins, web.plugins);
      const worker = find('server/src/browser/main.ts');
      assert.ok(worker, 'build.mjs bundles the worker');
      assert.equal(worker.outfile, 'dist/web/server.js');
      assert.equal(worker.platform, web.platform);
      assert.deepEqual(worker.plugins, web.plugins);
      const entry = readFileSync(join(root, 'client', 'src', 'browserExtension.ts'), 'utf8');
      assert.match(entry, /WEB_SERVER_MODULE = 'dist\/web\/server\.js'/);
    });

    it('works in virtual workspaces and keeps the catalog location settings from untrusted workspaces', () => {
      assert.equal(pkg.capabilities.virtualWorkspaces, true);
      const untrusted = pkg.capabilities.untrustedWorkspaces;
      assert.equal(untrusted.supported, 'limited');
      assert.ok(untrusted.description.length > 0);
      const contributed = Object.keys(pkg.contributes.configuration.properties);
      assert.deepEqual(
        untrusted.restrictedConfigurations,
        RESTRICTED_SETTINGS.map((k) => `bdscript.${k}`),
      );
      for (const key of ['bdscript.catalog.url', 'bdscript.catalog.snapshot', 'bdscript.catalog.cacheDir']) {
        assert.ok(contributed.includes(key) && untrusted.restrictedConfigurations.includes(key), key);
      }
    });

    it("requires a VS Code at least as new as vscode-languageclient's engine", () => {
      // The package's `exports` hide its package.json from require(), so read the file.
      const lc = JSON.parse(readFileSync(join(root, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8'));
      const ours = minimumVersion(pkg.engines.vscode);
      const theirs = minimumVersion(lc.engines.vscode);
      assert.ok(compareVersions(ours, theirs) >= 0, `engines.vscode ${pkg.engines.vscode} covers ${lc.engines.vscode}`);
    });

    it('uses no VS Code API newer than its engine (@types/vscode is not ahead of engines.vscode)', () => {
      const types = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'vscode', 'package.json'), 'utf8'));
      assert.ok(
        compareVersions(minimumVersion(types.version), minimumVersion(pkg.engines.vscode)) <= 0,
        `@types/vscode ${types.version}`,
      );
    });
  });

  describe('rewriteManifest', () => {
    it('replaces only the owned keys and keeps every other key and its place', () => {
      const before = JSON.stringify(
        { name: 'x', main: './m.js', scripts: { a: 'b' }, contributes: { old: true }, zeta: 1 },
        null,
        2,
      );
      const after = JSON.parse(rewriteManifest(before));
      assert.deepEqual(Object.keys(after), [
        'name',
        'main',
        'browser',
        'l10n',
        'extensionKind',
        'capabilities',
        'categories',
        'keywords',
        'activationEvents',
        'scripts',
        'contributes',
        'zeta',
      ]);
      assert.deepEqual(after.scripts, { a: 'b' });
      assert.equal(after.zeta, 1);
      assert.deepEqual(after.contributes, manifestFields()['contributes']);
    });
  });
});
