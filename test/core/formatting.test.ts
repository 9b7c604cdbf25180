// Formatting tests: block bodies indented by the editor's options, trailing blanks trimmed, and
// every line Discord receives (text, values, blank lines, the trigger) left to the character;
// ranges format only the lines they touch, and a second format changes nothing.

import * as assert from 'node:assert/strict';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';

interface Options {
  tabSize?: number;
  insertSpaces?: boolean;
}

/**
 * The one helper that formats: the text after the edits, the document given as lines (a `«...»`
 * range formats only the lines it touches).
 */
function format(lines: string[], options: Options = {}, eol = '\n'): string {
  const m = marked(lines.join(eol), { cursor: 'none' });
  const { service, document } = serviceFor(m.text);
  const range = m.ranges[0]
    ? { start: document.positionAt(m.ranges[0].start), end: document.positionAt(m.ranges[0].end) }
    : undefined;
  const edits = service.format(
    document,
    { tabSize: options.tabSize ?? 2, insertSpaces: options.insertSpaces ?? true },
    range,
  );
  let text = m.text;
  const offsets = edits.map((e) => ({
    start: document.offsetAt(e.range.start),
    end: document.offsetAt(e.range.end),
    newText: e.newText,
  }));
  for (let k = 1; k < offsets.length; k++)
    assert.ok(offsets[k - 1]!.end <= offsets[k]!.start, 'edits are sorted and apart');
  for (const e of [...offsets].reverse()) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
  return text;
}

const lines = (s: string): string[] => s.split('\n');

describe('formatting', () => {
  it('indents $if, $elseif, $else bodies by depth, branches level with their $if', () => {
    assert.equal(
      format([
        '$if[$a==1]',
        '$title[One]',
        '$if[$b==2]',
        '$nomention',
        '$endif',
        '$elseif[$a==2]',
        '$title[Two]',
        '$else',
        '$title[Other]',
        '$endif',
      ]),
      [
        '$if[$a==1]',
        '  $title[One]',
        '  $if[$b==2]',
        '    $nomention',
        '  $endif',
        '$elseif[$a==2]',
        '  $title[Two]',
        '$else',
        '  $title[Other]',
        '$endif',
      ].join('\n'),
    );
  });

  it('indents $try/$catch and $async bodies, and follows the tab options', () => {
    const src = [
      '$try',
      '$addButton[no;id;Hi;primary]',
      '$catch',
      '$c[why]',
      '$endtry',
      '$async[job]',
      '$wait[1s]',
      '$endasync',
      '$await[job]',
    ];
    assert.equal(
      format(src, { tabSize: 4 }),
      [
        '$try',
        '    $addButton[no;id;Hi;primary]',
        '$catch',
        '    $c[why]',
        '$endtry',
        '$async[job]',
        '    $wait[1s]',
        '$endasync',
        '$await[job]',
      ].join('\n'),
    );
    assert.equal(
      format(src, { insertSpaces: false }),
      [
        '$try',
        '\t$addButton[no;id;Hi;primary]',
        '$catch',
        '\t$c[why]',
        '$endtry',
        '$async[job]',
        '\t$wait[1s]',
        '$endasync',
        '$await[job]',
      ].join('\n'),
    );
  });

  it('re-indents and trims lines the model drops, written any way', () => {
    assert.equal(
      format(['$if[x]   ', '\t\t$title[a]  $footer[b] \t', '      $endif']),
      ['$if[x]', '  $title[a]  $footer[b]', '$endif'].join('\n'),
    );
  });

  it('leaves every line Discord receives as written: text, values, blank lines, mixed lines', () => {
    const src = [
      '$if[x]',
      'Hello   ',
      '   indented text',
      '$username',
      '  $title[a] and text  ',
      '   ',
      '',
      '\\; escaped',
      '$endif',
    ];
    const out = lines(format(src));
    assert.deepEqual(out, [
      '$if[x]',
      'Hello   ',
      '   indented text',
      '$username',
      '  $title[a] and text  ',
      '   ',
      '',
      '\\; escaped',
      '$endif',
    ]);
  });

  it('a $var read is a value and a $var set is not', () => {
    assert.deepEqual(lines(format(['$if[x]', '$var[a;1]', '$var[a]', '$endif'])), [
      '$if[x]',
      '  $var[a;1]',
      '$var[a]',
      '$endif',
    ]);
  });

  it('leaves the trigger line, arguments and comments alone', () => {
    assert.deepEqual(
      lines(format(['  $onJoined[123]  ', '$if[x]', '$description[One', '    two  ', '   three]', '$endif'])),
      ['  $onJoined[123]  ', '$if[x]', '  $description[One', '    two  ', '   three]', '$endif'],
    );
    assert.deepEqual(lines(format(['$if[x]', '$c[note   ', '   more  ]  ', '$endif'])), [
      '$if[x]',
      '  $c[note   ',
      '   more  ]',
      '$endif',
    ]);
  });

  it('does not indent for blocks inside arguments, nor for a block without its end', () => {
    assert.deepEqual(lines(format(['$title[$if[x]', '$nomention', '$endif]', '$footer[a]'])), [
      '$title[$if[x]',
      '$nomention',
      '$endif]',
      '$footer[a]',
    ]);
    assert.deepEqual(lines(format(['$if[x]', '  $title[a]', '$footer[b]'])), ['$if[x]', '$title[a]', '$footer[b]']);
  });

  it('keeps CRLF line ends', () => {
    assert.equal(format(['$if[x]', '$title[a]   ', '$endif'], {}, '\r\n'), '$if[x]\r\n  $title[a]\r\n$endif');
  });

  it('formats only the lines a range touches', () => {
    assert.deepEqual(
      lines(format(['$if[x]', '$title[a]', '$if[y]', '$f«ooter[b]', '$endif»', '$color[red]', '$endif'])),
      ['$if[x]', '$title[a]', '$if[y]', '    $footer[b]', '  $endif', '$color[red]', '$endif'],
    );
    // A range that ends at a line's first column does not take that line.
    assert.deepEqual(lines(format(['$if[x]', '«$title[a]', '»$footer[b]', '$endif'])), [
      '$if[x]',
      '  $title[a]',
      '$footer[b]',
      '$endif',
    ]);
  });

  it('changes nothing on a second format', () => {
    const once = format(['$if[x]', '     $title[a]', '$try', '$footer[b]   ', '$catch', '$endtry', 'text', '$endif']);
    assert.equal(format(lines(once)), once);
  });

  it('gives no edits for an empty document or a line of text', () => {
    assert.equal(format(['']), '');
    assert.equal(format(['  Hello  ']), '  Hello  ');
  });
});
