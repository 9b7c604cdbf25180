// Document highlight tests: the whole block chain from any of its words, `$async`/`$endasync`
// with every `$await` of the name, `$var` sets (write) and reads (read), and a component ID's
// creation (write) and uses (read), including `$customID==` in conditions; nothing elsewhere.

import * as assert from 'node:assert/strict';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const catalog = snapshotCatalog();

/**
 * The one helper that asks for highlights: each one rendered as the fixture's text with `«»`
 * around it and `r`/`w` after it for reads and writes, so a test reads like the document.
 */
function highlight(src: string): string {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, { catalog });
  const found = service.documentHighlights(document, document.positionAt(m.cursor!));
  let out = '';
  let at = 0;
  for (const h of found) {
    const start = document.offsetAt(h.range.start);
    const end = document.offsetAt(h.range.end);
    assert.ok(start >= at, 'highlights are sorted and apart');
    const mark = h.kind === 2 ? 'r' : h.kind === 3 ? 'w' : '';
    out += `${m.text.slice(at, start)}«${m.text.slice(start, end)}»${mark}`;
    at = end;
  }
  return found.length === 0 ? '' : out + m.text.slice(at);
}

/** The fixture without its cursor marker. */
const plain = (s: string): string => s.replace('|', '');

describe('document highlights', () => {
  it('highlights the whole $if chain from any of its words', () => {
    const expected = '«$if»[a]\n x\n«$elseif»[b]\n y\n«$else»\n z\n«$endif»';
    for (const src of [
      '$i|f[a]\n x\n$elseif[b]\n y\n$else\n z\n$endif',
      '$if[a]\n x\n$elseif[b]\n y\n$el|se\n z\n$endif',
      '$if[a]\n x\n$elseif[b]\n y\n$else\n z\n$endif|',
    ])
      assert.equal(highlight(src), expected, src);
  });

  it('highlights the chain of the block the cursor is on, not of blocks around it', () => {
    assert.equal(
      highlight('$if[a]\n$t|ry\nx\n$catch\ny\n$endtry\n$endif'),
      '$if[a]\n«$try»\nx\n«$catch»\ny\n«$endtry»\n$endif',
    );
    assert.equal(highlight('$title[$i|f[a]x$endif] $if[b]$endif'), '$title[«$if»[a]x«$endif»] $if[b]$endif');
  });

  it('highlights $async, $endasync and every $await of the name, from each of them', () => {
    const expected = '«$async»[job]\nx\n«$endasync»\n«$await»[job]\n$async[other]\n$endasync\n«$await»[job]';
    for (const src of [
      '$as|ync[job]\nx\n$endasync\n$await[job]\n$async[other]\n$endasync\n$await[job]',
      '$async[j|ob]\nx\n$endasync\n$await[job]\n$async[other]\n$endasync\n$await[job]',
      '$async[job]\nx\n$endasync\n$await[job]\n$async[other]\n$endasync\n$await[jo|b]',
    ])
      assert.equal(highlight(src), expected, src);
  });

  it('highlights a $var name: sets as writes, reads as reads', () => {
    assert.equal(
      highlight('$var[count;1]\nTotal: $var[co|unt]\n$var[other]\n$var[ count ;$sum[$var[count];1]]'),
      '$var[«count»w;1]\nTotal: $var[«count»r]\n$var[other]\n$var[ «count»w ;$sum[$var[«count»r];1]]',
    );
  });

  it('highlights a component ID: where it is created and where it is named', () => {
    const src =
      '$addButton[no;buy;Buy;primary]\n$newSelectMenu[menu;1;1;Pick]\n$addSelectMenuOption[menu;A;a;;no]\n$if[$customID==buy]\n$editButton[buy;New;danger]\n$endif';
    assert.equal(
      highlight(src.replace('no;buy', 'no;b|uy')),
      plain(src)
        .replace('no;buy', 'no;«buy»w')
        .replace('==buy', '==«buy»r')
        .replace('$editButton[buy', '$editButton[«buy»r'),
    );
    assert.equal(
      highlight(src.replace('Option[menu', 'Option[m|enu')),
      plain(src).replace('Menu[menu', 'Menu[«menu»w').replace('Option[menu', 'Option[«menu»r'),
    );
    assert.equal(
      highlight(src.replace('==buy', '==bu|y')),
      plain(src)
        .replace('no;buy', 'no;«buy»w')
        .replace('==buy', '==«buy»r')
        .replace('$editButton[buy', '$editButton[«buy»r'),
    );
  });

  it('gives nothing on text, other calls, URLs of link buttons or IDs built at run time', () => {
    for (const src of [
      'Hel|lo $if[a]$endif',
      '$user|name',
      '$addButton[no;https://ex|ample.com;Go;link]',
      '$addButton[no;$random[1;|2];Go;primary]',
      '|',
    ])
      assert.equal(highlight(src), '', src);
  });
});
