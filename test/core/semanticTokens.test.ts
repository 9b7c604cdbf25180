// Semantic token tests: the legend, the type and modifiers of each leaf kind, tokens split at
// line ends (LF and CRLF), UTF-16 columns, the range form, and a large document.

import * as assert from 'node:assert/strict';
import type { Range } from 'vscode-languageserver-types';
import { decodeSemanticTokens, SEMANTIC_TOKENS_LEGEND } from '../../server/src/core/features/semanticTokens';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';

/** The one helper that asks for tokens; renders each as `text type.modifier...`. */
function tokens(src: string, range?: 'marked'): string[] {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text);
  let r: Range | undefined;
  if (range) r = { start: document.positionAt(m.ranges[0]!.start), end: document.positionAt(m.ranges[0]!.end) };
  const lines = m.text.split(/\r\n|\r|\n/);
  return decodeSemanticTokens(service.semanticTokens(document, r).data).map((t) => {
    const text = lines[t.line]!.slice(t.char, t.char + t.length);
    assert.equal(text.length, t.length, `token past the end of line ${t.line}`);
    return [text, [t.type, ...t.modifiers].join('.')].join(' ');
  });
}

describe('semantic tokens', () => {
  it('has a legend of standard types plus `escape`, and standard modifiers plus `unknown`', () => {
    assert.deepEqual(SEMANTIC_TOKENS_LEGEND.tokenTypes, [
      'function',
      'keyword',
      'event',
      'comment',
      'operator',
      'escape',
    ]);
    assert.deepEqual(SEMANTIC_TOKENS_LEGEND.tokenModifiers, ['defaultLibrary', 'deprecated', 'unknown']);
  });

  it('classifies functions, unknown and deprecated names, brackets, separators, escapes and comments', () => {
    assert.deepEqual(tokens('Hi $title[a $username;x\\;y] $c[note; here]'), [
      '$title function.defaultLibrary',
      '[ operator',
      '$username function.defaultLibrary',
      '; operator',
      '\\; escape',
      '] operator',
      '$c comment',
      '[ comment',
      'note; here comment',
      '] comment',
    ]);
    assert.deepEqual(tokens('$channelIDFromName[a] $nosuchThing %{DOL}% $5'), [
      '$channelIDFromName function.defaultLibrary.deprecated',
      '[ operator',
      '] operator',
      '$nosuchThing function.unknown',
      '%{DOL}% escape',
    ]);
  });

  it('makes block functions keywords and callbacks events', () => {
    assert.deepEqual(tokens('$onJoined[1]\n$if[a]$else$endif $alwaysReply'), [
      '$onJoined event.defaultLibrary',
      '[ operator',
      '] operator',
      '$if keyword.defaultLibrary',
      '[ operator',
      '] operator',
      '$else keyword.defaultLibrary',
      '$endif keyword.defaultLibrary',
      '$alwaysReply event.defaultLibrary',
    ]);
  });

  it('splits tokens at line ends and never includes the line break', () => {
    assert.deepEqual(tokens('$c[one\ntwo\r\n\r\nthree]'), [
      '$c comment',
      '[ comment',
      'one comment',
      'two comment',
      'three comment',
      '] comment',
    ]);
  });

  it('counts columns in UTF-16 code units', () => {
    const { service, document } = serviceFor('😀 $title[x]');
    const [first] = decodeSemanticTokens(service.semanticTokens(document).data);
    assert.deepEqual(first, { line: 0, char: 3, length: 6, type: 'function', modifiers: ['defaultLibrary'] });
  });

  it('encodes positions relative to the previous token', () => {
    const { service, document } = serviceFor('$title[a]\n  $title[b]');
    assert.deepEqual(
      service.semanticTokens(document).data.slice(0, 20),
      [0, 0, 6, 0, 1, 0, 6, 1, 4, 0, 0, 2, 1, 4, 0, 1, 2, 6, 0, 1],
    );
  });

  it('gives only the tokens that intersect a range', () => {
    assert.deepEqual(tokens('$title[a]\n«$username;»\n$title[b]', 'marked'), ['$username function.defaultLibrary']);
    // A multi-line comment gives the pieces on the lines in range.
    assert.deepEqual(tokens('$c[one\n«two»\nthree]', 'marked'), ['two comment']);
  });

  it('covers every non-text character of a large document exactly once', () => {
    const unit = '$title[Hello $username;x\\;y] $c[a\nb] $if[$message==1]\n text $endif\n';
    const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const { service, document } = serviceFor(text);
    const decoded = decodeSemanticTokens(service.semanticTokens(document).data);
    let covered = 0;
    let prev = { line: -1, end: 0 };
    for (const t of decoded) {
      assert.ok(t.line > prev.line || t.char >= prev.end, 'tokens overlap or go backwards');
      prev = { line: t.line, end: t.char + t.length };
      covered += t.length;
    }
    // A range request gives exactly the full answer's tokens on the lines it covers.
    const ranged = decodeSemanticTokens(
      service.semanticTokens(document, { start: { line: 1001, character: 0 }, end: { line: 1011, character: 0 } }).data,
    );
    assert.deepEqual(
      ranged,
      decoded.filter((t) => t.line >= 1001 && t.line < 1011),
    );
    assert.ok(ranged.length > 20);
    // Per unit: `$title[` 7, `$username` 9, `;` 1, `\;` 2, `]` 1, `$c[a` 4, `b]` 2, `$if[` 4, `$message` 8, `]` 1, `$endif` 6: 45.
    assert.equal(covered, 45 * Math.ceil(1_000_000 / unit.length));
  });
});
