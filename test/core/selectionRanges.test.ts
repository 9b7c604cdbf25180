// Selection range tests: from the cursor outwards through a call's name, arguments and calls,
// the lines of the top-level statement, the blocks around it and the whole command; each step
// holds the one before it.

import * as assert from 'node:assert/strict';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';

/** The one helper that asks for selection ranges: the text of each step, innermost first. */
function steps(src: string): string[] {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text);
  const [range] = service.selectionRanges(document, [document.positionAt(m.cursor!)]);
  const out: string[] = [];
  let previous: { start: number; end: number } | undefined;
  for (let r = range; r; r = r.parent) {
    const start = document.offsetAt(r.range.start);
    const end = document.offsetAt(r.range.end);
    if (previous) assert.ok(start <= previous.start && end >= previous.end, 'each step holds the one before');
    previous = { start, end };
    out.push(m.text.slice(start, end));
  }
  return out;
}

describe('selection ranges', () => {
  it('expands from an argument to its call, the calls around it, the line, the block and the command', () => {
    const doc = '$if[a]\n$title[Hi $username[$authorID] and $userTag[12|3]]\n$endif';
    assert.deepEqual(steps(doc), [
      '123',
      '$userTag[123]',
      'Hi $username[$authorID] and $userTag[123]',
      '$title[Hi $username[$authorID] and $userTag[123]]',
      '$if[a]\n$title[Hi $username[$authorID] and $userTag[123]]\n$endif',
    ]);
  });

  it('starts at a call name, and takes every line of a statement that spans lines', () => {
    assert.deepEqual(steps('Hello\n$desc|ription[one\ntwo] tail\nbye'), [
      '$description',
      '$description[one\ntwo]',
      '$description[one\ntwo] tail',
      'Hello\n$description[one\ntwo] tail\nbye',
    ]);
  });

  it('takes nested blocks one by one, also blocks inside arguments', () => {
    assert.deepEqual(steps('$try\n$if[x]\n$footer[$if[y]a|b$endif]\n$endif\n$catch\n$endtry'), [
      'ab',
      '$if[y]ab$endif',
      '$footer[$if[y]ab$endif]',
      '$if[x]\n$footer[$if[y]ab$endif]\n$endif',
      '$try\n$if[x]\n$footer[$if[y]ab$endif]\n$endif\n$catch\n$endtry',
    ]);
    assert.deepEqual(steps('$if[x]\n  $title[a]\n  $foo|ter[b]\n$else\n  $color[red]\n$endif'), [
      '$footer',
      '$footer[b]',
      '  $footer[b]',
      '$title[a]\n  $footer[b]',
      '$if[x]\n  $title[a]\n  $footer[b]\n$else\n  $color[red]\n$endif',
    ]);
  });

  it('answers in text, at the end and in an empty document', () => {
    assert.deepEqual(steps('one\ntw|o\nthree'), ['two', 'one\ntwo\nthree']);
    assert.deepEqual(steps('$ping|'), ['$ping']);
    assert.deepEqual(steps('|'), ['']);
  });
});
