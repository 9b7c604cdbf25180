// Folding range tests: blocks and their branches, calls and comments whose brackets sit on
// different lines, and nothing for single lines or unclosed constructs.

import * as assert from 'node:assert/strict';
import { serviceFor } from '../support/service';

/** The one helper that asks for folding ranges, rendered as `start-end` or `start-end comment`. */
function folds(lines: string[]): string[] {
  const { service, document } = serviceFor(lines.join('\n'));
  return service.foldingRanges(document).map((r) => `${r.startLine}-${r.endLine}${r.kind ? ` ${r.kind}` : ''}`);
}

describe('folding ranges', () => {
  it('folds a block to the line before its end, and each branch to the line before the next', () => {
    assert.deepEqual(folds(['$if[a]', '  x', '  y', '$elseif[b]', '  z', '$else', '  w', '$endif']), [
      '0-6',
      '3-4',
      '5-6',
    ]);
    assert.deepEqual(folds(['$try', '  x', '$catch', '  $error[message]', '$endtry']), ['0-3', '2-3']);
    assert.deepEqual(folds(['$async[job]', '  $if[a]', '    x', '  $endif', '$endasync']), ['0-3', '1-2']);
  });

  it('folds a multi-line call like a brace block: `]` alone stays visible, a trailing `]` folds with it', () => {
    assert.deepEqual(folds(['$title[', '  Hello', ']']), ['0-1']);
    assert.deepEqual(folds(['$description[Line one', 'Line two', 'Line three]']), ['0-2']);
    assert.deepEqual(folds(['$description[Line one', 'Line two] and more text']), []);
    assert.deepEqual(folds(['$description[Line one', 'Line two', 'Line three] $footer[x]']), ['0-1']);
  });

  it('keeps one range per start line, the longest', () => {
    assert.deepEqual(folds(['$if[$checkContains[', '  $message;hi]]', 'yes', '$endif']), ['0-2']);
  });

  it('folds multi-line comments as comments', () => {
    assert.deepEqual(folds(['$c[note', 'more', 'end]', '$title[x]']), ['0-2 comment']);
    assert.deepEqual(folds(['$c[note', ']']), []);
  });

  it('gives nothing for single lines and unclosed calls, comments or blocks', () => {
    assert.deepEqual(folds(['$if[a] x $endif', '$title[x] $c[y]']), []);
    assert.deepEqual(folds(['$title[x', 'y', 'z']), []);
    assert.deepEqual(folds(['$c[x', 'y', 'z']), []);
    assert.deepEqual(folds(['$if[a]', 'x', 'y']), []);
  });

  it('handles CRLF line ends', () => {
    const { service, document } = serviceFor('$if[a]\r\n  x\r\n$endif');
    assert.deepEqual(service.foldingRanges(document), [{ startLine: 0, endLine: 1 }]);
  });

  it('folds every level of nested calls that all close on one line', () => {
    const n = 2000;
    const text = '$a[\n'.repeat(n) + ']'.repeat(n);
    const { service, document } = serviceFor(text);
    const ranges = service.foldingRanges(document);
    // The innermost `[` sits on the line before the `]` line, which starts with `]`: nothing to fold.
    assert.equal(ranges.length, n - 1);
    assert.deepEqual(ranges[0], { startLine: 0, endLine: n });
  });
});
