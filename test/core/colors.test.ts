// The colour picker as data: which literals of Color arguments are colours (hex with and without
// `#`, three or six digits, integers) and which are not (calls, other arguments, out of range),
// and how a picked colour is written back in the form the user wrote.

import * as assert from 'node:assert/strict';
import type { Color } from 'vscode-languageserver-types';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

function colorsOf(src: string): Array<{ text: string; hex: string }> {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { catalog: snapshotCatalog() });
  const found = service.documentColors(document);
  const ranges = found.map((c) => ({ start: document.offsetAt(c.range.start), end: document.offsetAt(c.range.end) }));
  assert.deepEqual(ranges, m.ranges, `colour ranges of ${JSON.stringify(m.text)}`);
  return found.map((c) => ({
    text: document.getText(c.range),
    hex: [c.color.red, c.color.green, c.color.blue]
      .map((v) =>
        Math.round(v * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join(''),
  }));
}

describe('colours', () => {
  it('finds hex with and without #, three digits and integers in Color arguments', () => {
    assert.deepEqual(
      colorsOf('$color[«#FF544C»]\n$color[«7eff88»;2]\n$color[«#abc»]\n$color[«16711680»]\n$createRole[Mods;«00FF00»]'),
      [
        { text: '#FF544C', hex: 'ff544c' },
        { text: '7eff88', hex: '7eff88' },
        { text: '#abc', hex: 'aabbcc' },
        { text: '16711680', hex: 'ff0000' },
        { text: '00FF00', hex: '00ff00' },
      ],
    );
  });

  it('finds colours in later arguments by the catalog, and blanks around the value stay outside', () => {
    colorsOf('$embedSuppressErrors[Oops;Try again; «#E74C3C» ]');
    colorsOf('$sendEmbedMessage[123;;Title;;Text;«FF0000»]');
    colorsOf('$addContainer[box;«#5865F2»]');
  });

  it('leaves alone what is not a literal colour of a Color argument', () => {
    for (const src of [
      '$color[$getUserVar[colour]]',
      '$color[red]',
      '$color[#12345]',
      '$color[99999999]',
      '$title[#FF0000]',
      '$color[#FF\\]00]',
      '$c[$color[#FF0000]]',
      'Text #FF0000',
    ]) {
      colorsOf(src);
    }
  });

  describe('presentations', () => {
    const red: Color = { red: 1, green: 0, blue: 0, alpha: 1 };
    const teal: Color = { red: 0x1a / 255, green: 0xbc / 255, blue: 0x9c / 255, alpha: 0.5 };
    const cases: Array<[string, Color, string[]]> = [
      ['$color[«#00ff00»]', teal, ['#1abc9c', '1abc9c', '1752220']],
      ['$color[«00FF00»]', teal, ['1ABC9C', '#1ABC9C', '1752220']],
      ['$color[«#ABC»]', red, ['#FF0000', 'FF0000', '16711680']],
      ['$color[«65280»]', red, ['16711680', '#FF0000', 'FF0000']],
    ];
    for (const [src, color, labels] of cases) {
      it(`${src} → ${labels[0]}`, () => {
        const m = marked(src, { cursor: 'none' });
        const { service, document } = serviceFor(m.text, { catalog: snapshotCatalog() });
        const range = { start: document.positionAt(m.ranges[0]!.start), end: document.positionAt(m.ranges[0]!.end) };
        const got = service.colorPresentations(document, color, range);
        assert.deepEqual(
          got.map((p) => p.label),
          labels,
        );
        assert.deepEqual(got[0]!.textEdit, { range, newText: labels[0] });
      });
    }
  });
});
