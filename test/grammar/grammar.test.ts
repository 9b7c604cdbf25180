// Tests of the TextMate grammar (syntaxes/bdscript.tmLanguage.json) through vscode-textmate and
// vscode-oniguruma, the engine VS Code itself uses: scopes of names, brackets, separators,
// escapes, comments and literals, and a pass over the wiki corpus when ../shared is present.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';
import { parse } from '../../server/src/core/parser/parser';
import { forEachLeaf } from '../../server/src/core/parser/query';
import type { LeafKind } from '../../server/src/core/parser/tree';
import { hasCorpus, readCorpus } from '../support/shared';

const root = join(__dirname, '..', '..');
const grammarPath = join(root, 'syntaxes', 'bdscript.tmLanguage.json');

interface Token {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly scopes: readonly string[];
}

let grammar: vsctm.IGrammar;

async function loadGrammar(): Promise<vsctm.IGrammar> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === 'source.bdscript' ? vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  const loaded = await registry.loadGrammar('source.bdscript');
  if (!loaded) throw new Error('grammar source.bdscript did not load');
  return loaded;
}

/** Tokenizes a whole document line by line, carrying the rule stack across lines. */
function tokenize(src: string, timeLimitMs = 0): { tokens: Token[]; stoppedEarly: boolean } {
  const tokens: Token[] = [];
  let state = vsctm.INITIAL;
  let stoppedEarly = false;
  src.split('\n').forEach((lineText, line) => {
    const result = grammar.tokenizeLine(lineText, state, timeLimitMs);
    stoppedEarly ||= result.stoppedEarly;
    for (const t of result.tokens) {
      const end = Math.min(t.endIndex, lineText.length);
      tokens.push({ line, start: t.startIndex, end, text: lineText.slice(t.startIndex, end), scopes: t.scopes });
    }
    state = result.ruleStack;
  });
  return { tokens, stoppedEarly };
}

/**
 * The token that starts at the nth occurrence of `needle` in `src`. The grammar must produce
 * exactly `needle` as one token there, so a test also pins where tokens begin and end.
 */
function tokenAt(src: string, needle: string, nth = 0): Token {
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = src.indexOf(needle, offset + 1);
    assert.ok(offset >= 0, `${JSON.stringify(needle)} occurs fewer than ${nth + 1} times in ${JSON.stringify(src)}`);
  }
  const before = src.slice(0, offset);
  const line = before.split('\n').length - 1;
  const column = offset - (before.lastIndexOf('\n') + 1);
  const { tokens } = tokenize(src);
  const token = tokens.find((t) => t.line === line && t.start <= column && column < t.end);
  assert.ok(token, `no token at ${line}:${column}`);
  assert.equal(token.start, column, `a token begins at ${JSON.stringify(needle)}: got ${JSON.stringify(token)}`);
  assert.equal(token.text, needle, `one token for ${JSON.stringify(needle)}: got ${JSON.stringify(token)}`);
  return token;
}

/** Asserts that the nth `needle` in `src` is one token that has `scope`. */
function has(src: string, needle: string, scope: string, nth = 0): void {
  const token = tokenAt(src, needle, nth);
  assert.ok(
    token.scopes.includes(scope),
    `${JSON.stringify(needle)} in ${JSON.stringify(src)} has ${scope}: got ${token.scopes.join(' ')}`,
  );
}

/** Asserts that no scope of the token covering the nth `needle` starts with `scopePrefix`. */
function lacks(src: string, needle: string, scopePrefix: string, nth = 0): void {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = src.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `${JSON.stringify(needle)} occurs in ${JSON.stringify(src)}`);
  const before = src.slice(0, offset);
  const line = before.split('\n').length - 1;
  const column = offset - (before.lastIndexOf('\n') + 1);
  const covering = tokenize(src).tokens.filter(
    (t) => t.line === line && t.end > column && t.start < column + needle.length,
  );
  for (const t of covering) {
    const bad = t.scopes.find((s) => s.startsWith(scopePrefix));
    assert.equal(
      bad,
      undefined,
      `${JSON.stringify(needle)} in ${JSON.stringify(src)} is not ${scopePrefix}: got ${t.scopes.join(' ')}`,
    );
  }
}

/** What a character is, in terms both the grammar's scopes and the parser's leaves can say. */
type CharClass = 'text' | 'name' | 'open' | 'separator' | 'close' | 'escape' | 'comment';

const LEAF_CLASS: Readonly<Record<LeafKind, CharClass>> = {
  text: 'text',
  escape: 'escape',
  name: 'name',
  open: 'open',
  separator: 'separator',
  close: 'close',
  commentName: 'comment',
  commentOpen: 'comment',
  commentText: 'comment',
  commentClose: 'comment',
};

function grammarClass(scopes: readonly string[]): CharClass {
  const has = (prefix: string) => scopes.some((s) => s.startsWith(prefix));
  if (has('comment.block') || has('punctuation.definition.comment')) return 'comment';
  if (has('support.function') || has('keyword.control')) return 'name';
  if (has('punctuation.section.brackets.begin')) return 'open';
  if (has('punctuation.section.brackets.end')) return 'close';
  if (has('punctuation.separator.arguments')) return 'separator';
  if (has('constant.character.escape')) return 'escape';
  return 'text';
}

/**
 * The first character where the grammar and the parser classify `src` differently, or
 * undefined when they agree everywhere (line breaks are not compared: the grammar never sees them).
 */
function disagreement(src: string): string | undefined {
  const byParser: CharClass[] = new Array(src.length).fill('text');
  forEachLeaf(parse(src), (leaf) => {
    for (let i = leaf.start; i < leaf.end; i++) byParser[i] = LEAF_CLASS[leaf.kind];
  });
  const lineStarts = [0];
  for (let i = 0; i < src.length; i++) if (src[i] === '\n') lineStarts.push(i + 1);
  for (const t of tokenize(src).tokens) {
    const cls = grammarClass(t.scopes);
    for (let i = t.start; i < t.end; i++) {
      const at = lineStarts[t.line]! + i;
      if (byParser[at] !== cls) {
        return `at ${at} (${JSON.stringify(src.slice(Math.max(0, at - 15), at))}|${JSON.stringify(src.slice(at, at + 15))}): grammar says ${cls}, parser says ${byParser[at]}`;
      }
    }
  }
  return undefined;
}

/**
 * A per-line limit that only a runaway pattern (catastrophic backtracking) could reach:
 * vscode-textmate stops early and says so. Far above any real line's cost, so it measures no
 * speed; speed belongs in the benchmarks.
 */
const RUNAWAY_LIMIT_MS = 10_000;

const FN = 'support.function.bdscript';
const KW = 'keyword.control.bdscript';
const OPEN = 'punctuation.section.brackets.begin.bdscript';
const CLOSE = 'punctuation.section.brackets.end.bdscript';
const SEP = 'punctuation.separator.arguments.bdscript';
const ESC = 'constant.character.escape.bdscript';
const COMMENT = 'comment.block.bdscript';
const NUM = 'constant.numeric.bdscript';
const BOOL = 'constant.language.boolean.bdscript';
const ARGS = 'meta.function-call.arguments.bdscript';

describe('grammar', () => {
  before(async () => {
    grammar = await loadGrammar();
  });

  it('names the scope source.bdscript', () => {
    const raw = JSON.parse(readFileSync(grammarPath, 'utf8'));
    assert.equal(raw.scopeName, 'source.bdscript');
    const { tokens } = tokenize('hello');
    assert.deepEqual(tokens[0]!.scopes, ['source.bdscript']);
  });

  describe('calls', () => {
    it('scopes a bracketed call: name, brackets, separators', () => {
      const src = '$addField[Name;Value]';
      has(src, '$addField', FN);
      has(src, '[', OPEN);
      has(src, ';', SEP);
      has(src, ']', CLOSE);
      has(src, 'Name', ARGS);
    });

    it('scopes nested calls and closes each at its own bracket', () => {
      const src = '$title[Hello $username[$authorID]] done';
      has(src, '$title', FN);
      has(src, '$username', FN);
      has(src, '$authorID', FN);
      has(src, '[', OPEN, 1);
      has(src, ']', CLOSE, 0);
      has(src, ']', CLOSE, 1);
      lacks(src, ' done', 'meta.function-call');
    });

    it('scopes a separator inside a nested call and after it', () => {
      const src = '$a[$b[x;y];z]';
      has(src, ';', SEP, 0);
      has(src, ';', SEP, 1);
      const inner = tokenAt(src, 'y');
      assert.equal(inner.scopes.filter((s) => s === 'meta.function-call.bdscript').length, 2, 'y sits two calls deep');
      const outer = tokenAt(src, 'z');
      assert.equal(outer.scopes.filter((s) => s === 'meta.function-call.bdscript').length, 1, 'z sits one call deep');
    });

    it('treats a bare function followed by letters as one longer name', () => {
      // The language facts say the whole identifier is the name ($authorIDhello is unknown, not $authorID + text).
      has('$authorIDhello', '$authorIDhello', FN);
    });

    it('takes digits after the first letter as part of the name, as the parser does', () => {
      has('$item2 left', '$item2', FN);
      has('$item2[x]', '$item2', FN);
      has('$try2', '$try2', FN);
    });

    it('ends a bare name at the first character that is neither letter nor digit', () => {
      const src = "$authorID's id";
      has(src, '$authorID', FN);
      lacks(src, "'s id", 'support.function');
    });

    it('leaves a lone dollar sign and digits after it as text', () => {
      lacks('costs $5 now', '$5', 'support.function');
      lacks('just $ here', '$', 'support.function');
    });

    it('spans arguments over several lines', () => {
      const src = '$description[first line\n$username second;\nthird]\nafter';
      has(src, '$username', FN);
      has(src, ';', SEP);
      has(src, 'third', ARGS);
      has(src, ']', CLOSE);
      lacks(src, 'after', 'meta.function-call');
    });
  });

  describe('brackets and separators as text', () => {
    it('treats a [ that does not follow a name as text, at top level and in arguments', () => {
      lacks('see [docs] here', '[', 'punctuation.section');
      lacks('see [docs] here', ']', 'punctuation.section');
      const src = '$description[a [link\\](url) here]';
      lacks(src, '[link', 'punctuation.section');
      has(src, '\\]', ESC);
      has(src, ']', CLOSE, 1);
    });

    it('treats a [ after a space as text, not as arguments of the name before it', () => {
      const src = '$username [x]';
      has(src, '$username', FN);
      lacks(src, '[x]', 'punctuation.section');
      lacks(src, '[x]', 'meta.function-call');
    });

    it('treats ; at top level as text', () => {
      lacks('a;b $authorID;c', ';', 'punctuation.separator');
      lacks('a;b $authorID;c', ';', 'punctuation.separator', 1);
    });
  });

  describe('escapes', () => {
    it('scopes every escape form inside arguments', () => {
      const src = '$title[a\\;b\\]c\\\\d%{-SEMICOL-}%e%ESCAPED%f%{DOL}%g]';
      for (const e of ['\\;', '\\]', '\\\\', '%{-SEMICOL-}%', '%ESCAPED%', '%{DOL}%']) has(src, e, ESC);
      lacks(src, '\\;', 'punctuation.separator');
      has(src, 'g', ARGS);
      has(src, ']', CLOSE, 1);
    });

    it('does not close a call at an escaped ]', () => {
      const src = '$title[x\\] still inside] outside';
      has(src, ' still inside', ARGS);
      lacks(src, ' outside', 'meta.function-call');
    });

    it('reads \\\\ as an escaped backslash, so the ] after it closes the call', () => {
      const src = '$title[x\\\\] outside';
      has(src, '\\\\', ESC);
      has(src, ']', CLOSE);
      lacks(src, ' outside', 'meta.function-call');
    });

    it('scopes escapes in top-level text too', () => {
      has('cost: 5%{DOL}%', '%{DOL}%', ESC);
    });
  });

  describe('comments', () => {
    it('scopes $c[...] as a block comment and code after it as code', () => {
      const src = '$c[a note] $authorID';
      has(src, '$c[', 'punctuation.definition.comment.begin.bdscript');
      has(src, 'a note', COMMENT);
      has(src, ']', 'punctuation.definition.comment.end.bdscript');
      has(src, '$authorID', FN);
      lacks(src, '$authorID', 'comment');
    });

    it('does not end a comment at an escaped ] and keeps calls inside it as comment', () => {
      const src = '$c[see \\] and $username[x\\] too] $ping';
      lacks(src, '$username', 'support.function');
      has(src, ' too', COMMENT);
      has(src, '$ping', FN);
      lacks(src, '$ping', 'comment');
    });

    it('ends a comment at the first unescaped ], even with a [ inside', () => {
      const src = '$c[a [b] c';
      lacks(src, ' c', 'comment');
    });

    it('scopes a trailing comment after code on the same line', () => {
      const src = '$sendMessage[hi] $c[say hi]';
      has(src, '$sendMessage', FN);
      has(src, 'say hi', COMMENT);
    });

    it('scopes a comment inside arguments and resumes the arguments after it', () => {
      const src = '$title[a $c[note; here] b;c]';
      has(src, 'note; here', COMMENT);
      has(src, ';', SEP, 1);
      has(src, ']', CLOSE, 1);
    });

    it('spans a comment over several lines', () => {
      const src = '$c[first\n$authorID second]\n$ping';
      lacks(src, '$authorID', 'support.function');
      has(src, '$ping', FN);
    });

    it('keeps $c without a bracket and longer names starting with c as functions', () => {
      has('$c text', '$c', FN);
      has('$channelID[x]', '$channelID', FN);
      lacks('$channelID[x]', 'x', 'comment');
    });
  });

  describe('block keywords', () => {
    it('scopes bare block keywords as keywords', () => {
      const src = '$try\n$else\n$endif\n$catch\n$endtry\n$endasync\n$stop';
      for (const k of ['$try', '$else', '$endif', '$catch', '$endtry', '$endasync', '$stop']) has(src, k, KW);
    });

    it('scopes bracketed block keywords as keywords with arguments', () => {
      const src = '$if[$authorID==1]\n$elseif[$x==2]\n$async[job]\n$await[job]';
      for (const k of ['$if', '$elseif', '$async', '$await']) has(src, k, KW);
      has(src, '$authorID', FN);
      has(src, '[', OPEN);
      has(src, ']', CLOSE, 3);
    });

    it('does not take a longer name that starts with a keyword for the keyword', () => {
      has('$iffy', '$iffy', FN);
      has('$elsewhere[x]', '$elsewhere', FN);
      has('$stopped', '$stopped', FN);
    });

    it('scopes blocks inside arguments', () => {
      const src = '$title[$if[a==b]yes$else no$endif]';
      has(src, '$if', KW);
      has(src, '$else', KW);
      has(src, '$endif', KW);
      has(src, ']', CLOSE, 1);
    });
  });

  describe('literals', () => {
    it('scopes whole numeric arguments as numbers', () => {
      const src = '$random[1;100]';
      has(src, '1', NUM);
      has(src, '100', NUM);
      has('$x[-2.5]', '-2.5', NUM);
    });

    it('does not scope digits that are part of a longer argument', () => {
      lacks('$title[Top 10 songs]', '10', 'constant.numeric');
      lacks('$title[10x]', '10', 'constant.numeric');
      lacks('$title[10\\]]', '10', 'constant.numeric');
      lacks('$title[a\\;5]', '5', 'constant.numeric');
      lacks('level 5', '5', 'constant.numeric');
    });

    it('scopes whole boolean arguments', () => {
      const src = '$addField[A;B;yes]';
      has(src, 'yes', BOOL);
      has('$x[true;false;no]', 'false', BOOL);
      lacks('$title[yes please]', 'yes', 'constant.language');
      lacks('yes', 'yes', 'constant.language');
    });
  });

  describe('robustness', () => {
    it('keeps going on unclosed arguments to the end of the document', () => {
      const { tokens, stoppedEarly } = tokenize('$title[never closed\n$authorID\nmore');
      assert.equal(stoppedEarly, false);
      const last = tokens[tokens.length - 1]!;
      assert.ok(last.scopes.includes(ARGS), 'text after an unclosed [ stays in the arguments');
    });

    it('tokenizes deeply nested calls', () => {
      const depth = 200;
      const src = '$a['.repeat(depth) + 'x' + ']'.repeat(depth) + ' tail';
      const { stoppedEarly } = tokenize(src, RUNAWAY_LIMIT_MS);
      assert.equal(stoppedEarly, false);
      lacks(src, ' tail', 'meta.function-call');
    });

    it('tokenizes every block of the wiki corpus without stopping early', function () {
      if (!hasCorpus()) this.skip();
      const blocks = readCorpus();
      assert.ok(blocks.length > 900, `corpus has ${blocks.length} blocks`);
      let calls = 0;
      for (const block of blocks) {
        const { tokens, stoppedEarly } = tokenize(block.code, RUNAWAY_LIMIT_MS);
        assert.equal(stoppedEarly, false, `${block.page}#${block.index} stopped early`);
        calls += tokens.filter((t) => t.scopes.includes(FN) || t.scopes.includes(KW)).length;
      }
      assert.ok(calls > 2000, `the corpus yields function names (${calls})`);
    });
  });

  describe('agreement with the parser', () => {
    // The grammar colours what the parser parses: names, brackets, separators, escapes and
    // comments fall on the same characters. Documents with $disableSpecialEscaping are left
    // out: there `%{DOL}%` and `%{-SEMICOL-}%` change meaning, which a grammar cannot know.
    it('classifies every character of the wiki corpus as the parser does', function () {
      if (!hasCorpus()) this.skip();
      const blocks = readCorpus();
      let compared = 0;
      for (const block of blocks) {
        if (parse(block.code).specialEscapingDisabled) continue;
        const d = disagreement(block.code);
        assert.equal(d, undefined, `${block.page}#${block.index}: ${d}`);
        compared++;
      }
      assert.ok(compared > 900, `compared ${compared} blocks`);
    });

    it('classifies generated documents as the parser does', () => {
      const pieces = [
        '$',
        'c',
        '[',
        ']',
        ';',
        '\\',
        '\n',
        ' ',
        'a',
        'Z',
        '7',
        '$c[',
        '$if[',
        '$else',
        '$endif',
        '$try',
        '$authorID',
        '$title[',
        '%{-SEMICOL-}%',
        '%ESCAPED%',
        '%{DOL}%',
        '%',
        '{',
        'yes',
        '12',
        '-',
      ];
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
          const src = parts.join('');
          if (parse(src).specialEscapingDisabled) return;
          const d = disagreement(src);
          assert.equal(d, undefined, `${JSON.stringify(src)}: ${d}`);
        }),
        { numRuns: 2000 },
      );
    });
  });
});
