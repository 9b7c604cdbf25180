// The formatter never changes what a command sends: over random commands (generated and mutated,
// their lines re-indented and given trailing blanks at random), every fixture and the wiki's 990
// code blocks, the message as Discord receives it (with each `$if` block on each of its branches),
// the diagnostics' codes and the parse tree's calls are the same before and after a format, and
// a second format changes nothing.

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../../server/src/core/languageService';
import { toDiscordMessage } from '../../server/src/core/preview/model';
import { documentArbitrary } from '../fuzz/arbitraries';
import { generateDocument, Rng } from '../support/generate';
import { hasCorpus, readCorpus } from '../support/shared';
import { snapshotCatalog } from '../support/testCatalog';

const SEED = 20260125;
const ROOT = path.resolve(__dirname, '../..');

const catalog = snapshotCatalog();
const service = new LanguageService({ catalog });
let version = 0;

function documentOf(text: string): TextDocument {
  return TextDocument.create(`file:///format-property/${++version}.bds`, 'bdscript', 1, text);
}

/** The formatted text of `text`. */
function formatted(text: string, tabSize: number, insertSpaces: boolean): string {
  const document = documentOf(text);
  const edits = service.format(document, { tabSize, insertSpaces });
  service.forget(document.uri);
  return TextDocument.applyEdits(document, edits);
}

/**
 * What must not change: Discord's message for the first branch of every block and for each
 * later branch index (every block on its k-th branch, or its last when it has fewer), the
 * diagnostics' codes in order, and each call as written with its depth.
 */
function meaning(text: string): string {
  const document = documentOf(text);
  const first = service.preview(document);
  const most = Math.max(0, ...first.branches.map((b) => b.branches.length));
  const messages = [JSON.stringify(toDiscordMessage(first))];
  for (let k = 1; k < most; k++) {
    const branches = new Map(first.branches.map((b) => [b.block.start, Math.min(k, b.branches.length - 1)]));
    messages.push(JSON.stringify(toDiscordMessage(service.preview(document, { branches }))));
  }
  const codes = service.validate(document).map((d) => String(d.code));
  const analysis = service.analyze(document);
  const calls: string[] = [];
  for (const call of analysis.parsed.calls()) {
    let depth = 0;
    for (let arg = call.parent; arg; arg = arg.parent.parent) depth++;
    calls.push(`${depth}:${text.slice(call.start, call.end)}`);
  }
  service.forget(document.uri);
  return JSON.stringify({ messages, codes, calls });
}

/** Formats `text` and checks the property; returns whether the format changed anything. */
function check(text: string, tabSize = 2, insertSpaces = true, label = ''): boolean {
  const once = formatted(text, tabSize, insertSpaces);
  assert.equal(meaning(once), meaning(text), `the format changed what the command means${label}:\n${text}`);
  assert.equal(formatted(once, tabSize, insertSpaces), once, `a second format changed the text${label}:\n${once}`);
  return once !== text;
}

/** Re-indents lines and adds trailing blanks at random, so the formatter has work to do. */
function shuffleWhitespace(text: string, rng: Rng): string {
  const blanks = [' ', '  ', '    ', '\t', ' \t ', ''];
  return text
    .split('\n')
    .map((line) => {
      let out = line;
      if (rng.chance(0.4)) out = rng.pick(blanks) + out.replace(/^[ \t]+/, '');
      if (rng.chance(0.3)) out = out.replace(/\r?$/, (eol) => rng.pick(blanks) + eol);
      return out;
    })
    .join('\n');
}

describe('formatting keeps what the command sends (property)', function () {
  this.timeout(300_000);

  it('on generated commands with their whitespace shuffled', () => {
    const rng = new Rng(SEED);
    let changed = 0;
    for (let n = 0; n < 60; n++) {
      const text = shuffleWhitespace(generateDocument(catalog, { lines: 40, seed: SEED + n }), rng);
      if (check(text, rng.pick([2, 4]), rng.chance(0.8))) changed++;
    }
    assert.ok(changed > 30, `the formatter had work to do in most documents (${changed} of 60)`);
  });

  it('gives the same edits after incremental reparses as on a fresh parse (line facts kept with chunks)', () => {
    const rng = new Rng(SEED + 1);
    const pieces = [
      '\n',
      '  ',
      '\t',
      '$if[x]\n',
      '$endif\n',
      '$title[a]',
      'text',
      ']',
      '[',
      '\r\n',
      '$c[',
      ' $nomention ',
    ];
    for (let n = 0; n < 12; n++) {
      const incremental = new LanguageService({ catalog });
      let text = shuffleWhitespace(generateDocument(catalog, { size: 12_000, seed: SEED + 100 + n }), rng);
      const document = TextDocument.create(`file:///incremental/${n}.bds`, 'bdscript', 1, text);
      incremental.format(document, { tabSize: 2, insertSpaces: true });
      for (let k = 0; k < 25; k++) {
        const at = rng.int(0, text.length);
        const end = Math.min(text.length, at + rng.int(0, 6));
        const insert = rng.pick(pieces);
        TextDocument.update(
          document,
          [{ range: { start: document.positionAt(at), end: document.positionAt(end) }, text: insert }],
          document.version + 1,
        );
        text = document.getText();
        const got = incremental.format(document, { tabSize: 2, insertSpaces: true });
        assert.deepEqual(
          got,
          service.format(documentOf(text), { tabSize: 2, insertSpaces: true }),
          `edit ${k} of ${n}`,
        );
      }
    }
  });

  it('on mutated documents (syntax soup, CR and CRLF, broken brackets)', () => {
    fc.assert(
      fc.property(documentArbitrary(catalog), fc.nat(), (text, seed) => {
        check(shuffleWhitespace(text, new Rng(seed)));
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('on every fixture', () => {
    const dirs = ['test/fixtures', 'test/vscode/fixtures/offline', 'test/vscode/fixtures/mirror'];
    let files = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(path.join(ROOT, dir))) {
        if (!name.endsWith('.bds')) continue;
        const text = readFileSync(path.join(ROOT, dir, name), 'utf8');
        check(text, 2, true, ` (${dir}/${name})`);
        check(shuffleWhitespace(text, new Rng(files + 1)), 4, true, ` (${dir}/${name}, shuffled)`);
        files++;
      }
    }
    assert.ok(files >= 4, `fixtures found: ${files}`);
  });

  it('on the wiki corpus (990 code blocks), as written and with their whitespace shuffled', function () {
    if (!hasCorpus()) this.skip();
    const rng = new Rng(SEED);
    let changed = 0;
    for (const [k, block] of readCorpus().entries()) {
      if (check(block.code, 4, true, ` (${block.page} #${block.index})`)) changed++;
      check(shuffleWhitespace(block.code, rng), 2, rng.chance(0.5), ` (${block.page} #${block.index}, shuffled ${k})`);
    }
    assert.ok(changed > 0, 'the wiki has blocks the formatter indents');
  });
});
