// Literal value checks per argument type: what passes and what fails for every known type,
// compound and unknown types, `!unchanged`, suggestions for enums, permissions and emoji aliases.

import * as assert from 'node:assert/strict';
import { EmojiIndex } from '../../server/src/core/catalog/catalog';
import type { Argument, KnownArgType } from '../../server/src/core/catalog/model';
import { isPermission, similarPermissions } from '../../server/src/core/features/permissions';
import { checkValue, fitsType } from '../../server/src/core/features/values';
import { ENGLISH } from '../../server/src/core/l10n';

const EMOJI = new EmojiIndex({ '👍': [':thumbsup:', ':+1:'], '✅': [':white_check_mark:'], '#️⃣': [':hash:'] });
const NO_EMOJI = new EmojiIndex({});

function argOf(type: string, extra: Partial<Argument> = {}): Argument {
  const parts = type.split('|');
  const known = new Set<string>([
    'String',
    'Integer',
    'Float',
    'Snowflake',
    'Bool',
    'Color',
    'Permission',
    'Duration',
    'HowMany',
    'URL',
    'Enum',
    'Tuple',
    'Emoji',
  ]);
  return {
    name: 'Value',
    description: '',
    type,
    types: parts.filter((p) => known.has(p)) as KnownArgType[],
    unknownTypes: parts.filter((p) => !known.has(p)),
    required: true,
    empty: false,
    repeatable: false,
    ...extra,
  };
}

describe('values', () => {
  const table: Array<[KnownArgType, string[], string[]]> = [
    ['Integer', ['0', '42', '-1', '+7', '007'], ['', '1.5', '1e3', ' 1', '1 ', 'ten', '--1']],
    ['Float', ['1', '1.5', '-0.25', '.5', '3.'], ['1,5', 'one', '1.2.3', '']],
    ['Bool', ['yes', 'no', 'true', 'false', 'YES', 'False'], ['y', '1', 'on', 'maybe']],
    ['Snowflake', ['566613317972394004', '123', '-9368562753613496'], ['abc', '12 34', '<@123>']],
    ['Color', ['#FF0000', 'ff544c', '#abc', 'FFF', '16711680'], ['red', '#GG0000', '#FF00', '#FF00000']],
    [
      'URL',
      ['https://example.com', 'http://x.y/z?a=b', 'HTTPS://EXAMPLE.COM'],
      ['example.com', 'ftp://x', 'https://', 'url'],
    ],
    ['Duration', ['30s', '10m', '2h', '1d', '1w', '45', '1h30m', '10M'], ['10 m', '1.5h', 'h', '10y', '']],
    ['HowMany', ['2', '>2', '2>', '<10', '10<', '>', '<'], ['>=2', '2-3', 'two', '>>']],
    [
      'Permission',
      ['managemessages', 'ADMIN', '-sendmessages', '+embedlinks', 'moderatemembers'],
      ['manage_messages', 'bann', ''],
    ],
    [
      'Emoji',
      [
        '👍',
        '✅',
        '#️⃣',
        '👍🏽',
        '🇵🇱',
        '👨‍👩‍👧',
        ':thumbsup:',
        '<:cool:991742553340792882>',
        '<a:dance:123>',
        '991742553340792882',
      ],
      ['yes', 'Emoji', ':nope:', '<:x:>'],
    ],
  ];
  for (const [type, good, bad] of table) {
    it(`${type}: accepts ${good.join(' ')}; rejects ${bad.map((b) => JSON.stringify(b)).join(' ')}`, () => {
      for (const v of good)
        assert.equal(fitsType(type, v, {}, EMOJI), true, `${type} should accept ${JSON.stringify(v)}`);
      for (const v of bad)
        assert.equal(fitsType(type, v, {}, EMOJI), false, `${type} should reject ${JSON.stringify(v)}`);
    });
  }

  it('compares enums case-insensitively and suggests near values', () => {
    const style = argOf('Enum', { enumData: ['primary', 'secondary', 'success', 'danger', 'link'] });
    assert.equal(checkValue('Primary', style, EMOJI), undefined);
    assert.equal(checkValue('DANGER', style, EMOJI), undefined);
    const v = checkValue('primay', style, EMOJI)!;
    assert.equal(v.code, 'invalid-argument');
    assert.equal(ENGLISH.text(v.detail), 'must be one of primary, secondary, success, danger, link; got "primay"');
    assert.deepEqual(v.suggestions, ['primary']);
    assert.deepEqual(checkValue('blue', style, EMOJI)!.suggestions, []);
    // An enum without values cannot be judged.
    assert.equal(checkValue('anything', argOf('Enum'), EMOJI), undefined);
  });

  it('passes compound types when any alternative passes, and names every alternative when none does', () => {
    const num = argOf('Integer|Float');
    assert.equal(checkValue('1.5', num, EMOJI), undefined);
    assert.equal(checkValue('3', num, EMOJI), undefined);
    assert.equal(ENGLISH.text(checkValue('x', num, EMOJI)!.detail), 'must be a whole number or a number; got "x"');
    assert.equal(checkValue('anything', argOf('HowMany|String'), EMOJI), undefined);
    assert.equal(checkValue('anything', argOf('URL|String'), EMOJI), undefined);
  });

  it('passes String, Tuple, unknown types and !unchanged', () => {
    assert.equal(checkValue('x', argOf('String'), EMOJI), undefined);
    assert.equal(checkValue('x', argOf('Tuple'), EMOJI), undefined);
    assert.equal(checkValue('x', argOf('Integer|Mystery'), EMOJI), undefined);
    assert.equal(checkValue('x', argOf('Mystery'), EMOJI), undefined);
    assert.equal(checkValue('!unchanged', argOf('Color'), EMOJI), undefined);
    assert.equal(checkValue('!UNCHANGED', argOf('Bool'), EMOJI), undefined);
  });

  it('reports an unknown emoji alias as unknown-emoji with near aliases, and judges no alias without a map', () => {
    const emoji = argOf('Emoji');
    const v = checkValue(':thumbup:', emoji, EMOJI)!;
    assert.equal(v.code, 'unknown-emoji');
    assert.deepEqual(v.suggestions, [':thumbsup:']);
    assert.match(ENGLISH.text(v.detail), /":thumbup:"/);
    assert.equal(checkValue(':thumbup:', emoji, NO_EMOJI), undefined);
    assert.equal(checkValue('thumbsup', emoji, EMOJI)!.code, 'invalid-argument');
  });

  it('builds the emoji index only for an alias or a value that is no emoji sequence (issue #24)', () => {
    const emoji = argOf('Emoji');
    let built = 0;
    const lazy = () => {
      built++;
      return EMOJI;
    };
    assert.equal(checkValue('👍', emoji, lazy), undefined);
    assert.equal(checkValue('#️⃣', emoji, lazy), undefined);
    assert.equal(checkValue('<:party:123456789012345678>', emoji, lazy), undefined);
    assert.equal(built, 0);
    assert.equal(checkValue(':thumbsup:', emoji, lazy), undefined);
    assert.equal(checkValue(':thumbup:', emoji, lazy)!.code, 'unknown-emoji');
    assert.equal(checkValue('thumbsup', emoji, lazy)!.code, 'invalid-argument');
    assert.ok(built > 0);
  });

  it('shortens long values in messages', () => {
    const v = checkValue('x'.repeat(500), argOf('Integer'), EMOJI)!;
    const detail = ENGLISH.text(v.detail);
    assert.ok(detail.length < 120, detail);
    assert.match(detail, /…"$/);
  });

  it('knows permission names with signs and suggests wiki spellings', () => {
    assert.equal(isPermission('ManageRoles'), true);
    assert.equal(isPermission('-kick'), true);
    assert.equal(isPermission('kickk'), false);
    assert.deepEqual(similarPermissions('manage_roles'), ['manageroles']);
    assert.deepEqual(similarPermissions('-sendmesages').slice(0, 1), ['-sendmessages']);
    assert.deepEqual(similarPermissions(''), []);
    assert.deepEqual(checkValue('bann', argOf('Permission'), EMOJI)!.suggestions, ['ban']);
  });
});
