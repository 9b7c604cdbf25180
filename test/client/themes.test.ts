// Tests of the BDFD colour themes (client/themes/): each contributed theme is a valid theme file;
// it styles every scope the grammar emits and every semantic token type and modifier of the
// server's legend; and what a user sees holds up: BDScript text tokenized by vscode-textmate
// (VS Code's own engine) under the theme, and the server's semantic tokens resolved against
// its semanticTokenColors, give each role (functions, block functions, callbacks, unknown
// functions, brackets and separators, escapes, comments, numbers) its own readable colour.

import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';
import { THEMES } from '../../client/src/manifest';
import { decodeSemanticTokens, SEMANTIC_TOKENS_LEGEND } from '../../server/src/core/features/semanticTokens';
import { serviceFor } from '../support/service';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const grammarPath = join(root, 'syntaxes', 'bdscript.tmLanguage.json');
const grammarJson = JSON.parse(readFileSync(grammarPath, 'utf8'));

const STANDARD_TYPES = new Set(
  'namespace type class enum interface struct typeParameter parameter variable property enumMember event function method macro keyword modifier comment string number regexp operator decorator'.split(
    ' ',
  ),
);
const STANDARD_MODIFIERS = new Set(
  'declaration definition readonly static deprecated abstract async modification documentation defaultLibrary'.split(
    ' ',
  ),
);
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FONT_STYLE_WORDS = new Set(['italic', 'bold', 'underline', 'strikethrough']);

interface TokenColor {
  name?: string;
  scope: string | string[];
  settings: { foreground?: string; fontStyle?: string };
}
type SemanticValue =
  string | { foreground?: string; bold?: boolean; italic?: boolean; underline?: boolean; strikethrough?: boolean };
interface Theme {
  name: string;
  type: 'dark' | 'light';
  semanticHighlighting?: boolean;
  colors: Record<string, string>;
  tokenColors: TokenColor[];
  semanticTokenColors: Record<string, SemanticValue>;
}

const loadTheme = (path: string): Theme => JSON.parse(readFileSync(join(root, path), 'utf8')) as Theme;

/** Every scope name the grammar can give a token (`name` and `contentName` anywhere in it). */
function grammarScopes(): string[] {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'name' || k === 'contentName') && typeof v === 'string' && v.includes('.')) out.add(v);
        else walk(v);
      }
    }
  };
  walk(grammarJson.repository);
  walk(grammarJson.patterns);
  return [...out].sort();
}

/** Whether a TextMate theme selector (`support.function`) selects a scope (`support.function.bdscript`). */
const selects = (selector: string, scope: string): boolean => scope === selector || scope.startsWith(`${selector}.`);
const scopesOf = (t: TokenColor): string[] =>
  Array.isArray(t.scope) ? t.scope : t.scope.split(',').map((s) => s.trim());

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string): number => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** A semantic token selector `type.mod1.mod2:language`, parsed. */
function parseSelector(selector: string): { type: string; modifiers: string[]; language?: string } {
  const [head, language] = selector.split(':');
  const [type, ...modifiers] = head!.split('.');
  return { type: type!, modifiers, ...(language !== undefined ? { language } : {}) };
}

/**
 * The style VS Code gives a BDScript semantic token under a theme: for each property, the
 * matching selector that is most specific (type, then each modifier, then the language) wins.
 */
function semanticStyle(
  theme: Theme,
  type: string,
  modifiers: readonly string[],
): { foreground?: string; bold?: boolean; italic?: boolean; underline?: boolean; strikethrough?: boolean } {
  const best: Record<string, { score: number; value: unknown }> = {};
  for (const [selector, raw] of Object.entries(theme.semanticTokenColors)) {
    const s = parseSelector(selector);
    if (
      (s.type !== '*' && s.type !== type) ||
      !s.modifiers.every((m) => modifiers.includes(m)) ||
      (s.language && s.language !== 'bdscript')
    )
      continue;
    const score = (s.type === '*' ? 0 : 100) + s.modifiers.length * 100 + (s.language ? 10 : 0);
    const value = typeof raw === 'string' ? { foreground: raw } : raw;
    for (const [prop, v] of Object.entries(value))
      if (!best[prop] || best[prop].score < score) best[prop] = { score, value: v };
  }
  return Object.fromEntries(Object.entries(best).map(([k, v]) => [k, v.value]));
}

let onigReady: Promise<void> | undefined;
async function grammarWithTheme(theme: Theme): Promise<{ grammar: vsctm.IGrammar; colors: string[] }> {
  onigReady ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  })();
  await onigReady;
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === 'source.bdscript' ? vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  registry.setTheme({
    name: theme.name,
    settings: [
      { settings: { foreground: theme.colors['editor.foreground']!, background: theme.colors['editor.background']! } },
      ...theme.tokenColors.map((t) => ({ scope: t.scope, settings: t.settings })),
    ],
  });
  const grammar = await registry.loadGrammar('source.bdscript');
  assert.ok(grammar, 'the grammar loads');
  return { grammar, colors: registry.getColorMap() };
}

/** The foreground and font style of the token at the first occurrence of `needle` in `line`. */
function textmateStyle(
  grammar: vsctm.IGrammar,
  colors: string[],
  line: string,
  needle: string,
): { foreground: string; fontStyle: number } {
  const at = line.indexOf(needle);
  assert.ok(at >= 0, needle);
  const tokens = grammar.tokenizeLine2(line, vsctm.INITIAL).tokens;
  let metadata = 0;
  for (let i = 0; i < tokens.length; i += 2) if (tokens[i]! <= at) metadata = tokens[i + 1]!;
  const foreground = colors[(metadata & 0x00ff8000) >>> 15]!;
  return { foreground: foreground.toLowerCase(), fontStyle: (metadata & 0x00007800) >>> 11 };
}

describe('colour themes (BDFD Dark and Light)', () => {
  it('are contributed, off unless picked, with a label and a file per theme', () => {
    assert.deepEqual(
      pkg.contributes.themes,
      THEMES.map((t) => ({ ...t })),
    );
    assert.deepEqual(pkg.contributes.themes.map((t: { uiTheme: string }) => t.uiTheme).sort(), ['vs', 'vs-dark']);
    for (const t of pkg.contributes.themes) {
      assert.ok(t.path.startsWith('./client/themes/'), t.path);
      assert.ok(existsSync(join(root, t.path)), t.path);
    }
    // A theme only applies when chosen: the extension sets no default theme.
    assert.equal(pkg.contributes.configurationDefaults?.['workbench.colorTheme'], undefined);
  });

  for (const entry of THEMES) {
    describe(entry.label, () => {
      const theme = loadTheme(entry.path);
      const bg = theme.colors['editor.background']!;
      const fg = theme.colors['editor.foreground']!;

      it('is a valid theme file of its kind', () => {
        assert.equal(theme.name, entry.label);
        assert.equal(theme.type, entry.uiTheme === 'vs' ? 'light' : 'dark');
        assert.equal(theme.semanticHighlighting, true);
        assert.match(bg, /^#[0-9a-f]{6}$/i);
        assert.match(fg, /^#[0-9a-f]{6}$/i);
        for (const [key, value] of Object.entries(theme.colors)) {
          assert.match(key, /^[a-zA-Z]+(\.[a-zA-Z0-9]+)*$/, key);
          assert.match(value, HEX, `${key}: ${value}`);
        }
        assert.ok(theme.tokenColors.length > 0);
        for (const t of theme.tokenColors) {
          const scopes = scopesOf(t);
          assert.ok(scopes.length > 0 && scopes.every((s) => /^[a-z][\w.-]*$/.test(s)), JSON.stringify(t));
          assert.deepEqual(
            Object.keys(t.settings).filter((k) => k !== 'foreground' && k !== 'fontStyle'),
            [],
            JSON.stringify(t),
          );
          if (t.settings.foreground !== undefined) assert.match(t.settings.foreground, HEX, JSON.stringify(t));
          if (t.settings.fontStyle !== undefined) {
            for (const w of t.settings.fontStyle.split(' ').filter(Boolean))
              assert.ok(FONT_STYLE_WORDS.has(w), `${w} in ${JSON.stringify(t)}`);
          }
        }
        for (const [selector, value] of Object.entries(theme.semanticTokenColors)) {
          const s = parseSelector(selector);
          assert.ok(
            STANDARD_TYPES.has(s.type) || SEMANTIC_TOKENS_LEGEND.tokenTypes.includes(s.type),
            `type of ${selector}`,
          );
          for (const m of s.modifiers)
            assert.ok(
              STANDARD_MODIFIERS.has(m) || SEMANTIC_TOKENS_LEGEND.tokenModifiers.includes(m),
              `modifier ${m} of ${selector}`,
            );
          assert.ok(s.language === undefined || s.language === 'bdscript', selector);
          if (typeof value === 'string') assert.match(value, HEX, selector);
          else {
            assert.deepEqual(
              Object.keys(value).filter(
                (k) => !['foreground', 'bold', 'italic', 'underline', 'strikethrough'].includes(k),
              ),
              [],
              selector,
            );
            if (value.foreground !== undefined) assert.match(value.foreground, HEX, selector);
          }
        }
      });

      it('styles every scope the grammar emits, with a BDScript rule', () => {
        const scopes = grammarScopes();
        assert.ok(scopes.includes('support.function.bdscript') && scopes.length >= 10, scopes.join(' '));
        for (const scope of scopes) {
          const rule = theme.tokenColors.find((t) =>
            scopesOf(t).some((sel) => sel.endsWith('.bdscript') && selects(sel, scope)),
          );
          assert.ok(rule, `no BDScript rule styles ${scope}`);
          assert.ok(rule.settings.foreground || rule.settings.fontStyle, `the rule for ${scope} sets a style`);
        }
      });

      it('styles every semantic token type and modifier of the server legend for BDScript', () => {
        const selectors = Object.keys(theme.semanticTokenColors)
          .map(parseSelector)
          .filter((s) => s.language === 'bdscript');
        for (const type of SEMANTIC_TOKENS_LEGEND.tokenTypes)
          assert.ok(
            selectors.some((s) => s.type === type),
            `no rule for ${type}`,
          );
        for (const modifier of SEMANTIC_TOKENS_LEGEND.tokenModifiers)
          assert.ok(
            selectors.some((s) => s.modifiers.includes(modifier)),
            `no rule for .${modifier}`,
          );
      });

      it('paints each role of BDScript text in its own readable colour (TextMate, as VS Code does)', async () => {
        const { grammar, colors } = await grammarWithTheme(theme);
        const line = '$if[$getVar[x]==1]Hi $title[a\\;b;42;yes] $c[note]$endif';
        const role = (needle: string) => textmateStyle(grammar, colors, line, needle);
        const text = role('Hi ');
        const fn = role('$title');
        const keyword = role('$if');
        const bracket = role('[a');
        const separator = role(';42');
        const escape = role('\\;');
        const comment = role('note');
        const number = role('42');
        assert.equal(text.foreground, fg.toLowerCase(), 'plain text keeps the editor foreground');
        const distinct = [fn, keyword, bracket, escape, comment, number].map((r) => r.foreground);
        assert.equal(
          new Set([...distinct, text.foreground]).size,
          distinct.length + 1,
          `roles share a colour: ${distinct.join(' ')}`,
        );
        assert.equal(
          separator.foreground,
          bracket.foreground,
          'separators are syntax like brackets (the server types both as operators)',
        );
        assert.ok(keyword.fontStyle & 2, 'block functions are bold');
        assert.ok(comment.fontStyle & 1, 'comments are italic');
        for (const [name, r] of Object.entries({ text, fn, keyword, bracket, escape, comment, number })) {
          assert.ok(
            contrast(r.foreground, bg) >= 4.5,
            `${name} ${r.foreground} on ${bg}: ${contrast(r.foreground, bg).toFixed(2)} < 4.5`,
          );
        }
      });

      it("gives the server's semantic tokens their roles: known, unknown and deprecated functions, callbacks, blocks", () => {
        const src = '$onJoined[$channelID]\n$if[$nosuchThing==1]$title[a\\;b] $c[x]$channelIDFromName[general]$endif';
        const { service, document } = serviceFor(src);
        const lines = src.split('\n');
        const seen = new Map<string, ReturnType<typeof semanticStyle>>();
        for (const t of decodeSemanticTokens(service.semanticTokens(document).data)) {
          const text = lines[t.line]!.slice(t.char, t.char + t.length);
          const style = semanticStyle(theme, t.type, t.modifiers);
          assert.ok(style.foreground, `${text} (${[t.type, ...t.modifiers].join('.')}) has a colour`);
          assert.ok(contrast(style.foreground, bg) >= 4.5, `${text} ${style.foreground} on ${bg}`);
          seen.set(text, style);
        }
        const get = (text: string) => {
          const s = seen.get(text);
          assert.ok(s, `a token for ${text}; got ${[...seen.keys()].join(' ')}`);
          return s;
        };
        assert.notEqual(get('$onJoined').foreground, get('$title').foreground, 'callbacks differ from functions');
        assert.notEqual(
          get('$nosuchThing').foreground,
          get('$title').foreground,
          'unknown functions differ from known ones',
        );
        assert.equal(get('$nosuchThing').underline, true);
        assert.equal(get('$channelIDFromName').strikethrough, true, 'deprecated functions are struck through');
        assert.equal(get('$channelIDFromName').foreground, get('$title').foreground, 'and keep the function colour');
        assert.equal(get('$if').bold, true);
        assert.notEqual(get('$if').foreground, get('$title').foreground);
        assert.equal(get('$c').italic, true);
        assert.notEqual(get('\\;').foreground, get('[').foreground, 'escapes differ from syntax');
      });
    });
  }
});
