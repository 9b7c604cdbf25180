// Go-to-definition tests: from `$await[name]` (on the name or on `$await`) to the `$async`
// block of that name; nothing elsewhere or for names no block has.

import * as assert from 'node:assert/strict';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';

/** The one helper that asks for definitions; returns the target spans as offsets. */
function definitionAt(src: string): Array<{ start: number; end: number }> {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text);
  return service.definition(document, document.positionAt(m.cursor!)).map((l) => {
    assert.equal(l.uri, document.uri);
    return { start: document.offsetAt(l.range.start), end: document.offsetAt(l.range.end) };
  });
}

/** The `«...»` span of a fixture (markers removed the same way as the cursor). */
function expected(src: string): Array<{ start: number; end: number }> {
  return marked(src).ranges;
}

describe('definition', () => {
  const program = (awaitPart: string) =>
    `$async[«job»]\n  $httpGet[x]\n$endasync\n$async[other]\n$endasync\n${awaitPart}`;

  for (const at of ['$await[j|ob]', '$await[|job]', '$await[job|]', '$aw|ait[job]', '$await|[job]', '$await[ job |]']) {
    it(`goes from ${at} to the $async name`, () => {
      const src = program(at);
      assert.deepEqual(definitionAt(src), expected(src));
    });
  }

  it('goes to the first block when a name is used twice, and to blocks inside arguments', () => {
    const src = '$async[«a»]\n$endasync\n$async[a]\n$endasync\n$await[|a]';
    assert.deepEqual(definitionAt(src), expected(src));
    const nested = '$title[$async[« b »]x$endasync] $await[|b]';
    assert.deepEqual(definitionAt(nested), [
      { start: expected(nested)[0]!.start + 1, end: expected(nested)[0]!.end - 1 },
    ]);
  });

  it('gives nothing for unknown names, non-literal names or elsewhere', () => {
    for (const src of [
      '$async[a]\n$endasync\n$await[|b]',
      '$async[a]\n$endasync\n$await[$var[|x]]',
      '$as|ync[a]\n$endasync\n$await[a]',
      '$async[a]\n$endasync\n$title[|a]',
      '$async[a]\n$endasync\n$await[a;|a]',
      '|',
    ]) {
      assert.deepEqual(definitionAt(src), [], src);
    }
  });
});
