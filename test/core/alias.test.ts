// Emoji aliases have one definition (core/chars.ts): the characters scanned for in text and the
// pattern the decoder and the argument checks accept are the same class, so an alias the catalog
// keeps is one hover and completion can find. `:piñata:` (in the bundled map) once decoded but
// was invisible to both, which scanned for ASCII only.

import * as assert from 'node:assert/strict';
import type { CompletionList, MarkupContent } from 'vscode-languageserver-types';
import { decodeEmojiAliasMap } from '../../server/src/core/catalog/decode';
import { ALIAS_PATTERN, isAliasChar } from '../../server/src/core/chars';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

function at(src: string) {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, { catalog: snapshotCatalog() });
  return { service, document, position: document.positionAt(m.cursor!) };
}

describe('emoji aliases: one definition', () => {
  it('scans text for exactly the characters the alias pattern accepts', () => {
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      assert.equal(
        isAliasChar(c),
        ALIAS_PATTERN.test(`:${ch}:`),
        `U+${c.toString(16).padStart(4, '0')} ${JSON.stringify(ch)}`,
      );
    }
    for (const alias of [':thumbsup:', ':+1:', ':-1:', ':_1_tone1:', ':8ball:', ':piñata:'])
      assert.ok(ALIAS_PATTERN.test(alias), alias);
    for (const text of [':a b:', '::', ':a:b:', 'thumbsup', ':ok!:', ':a\u202eb:'])
      assert.ok(!ALIAS_PATTERN.test(text), text);
  });

  it('finds an alias with a letter outside ASCII in hover and completion', () => {
    const hover = at('Party :piñ|ata: time');
    const value =
      (hover.service.hover(hover.document, hover.position)?.contents as MarkupContent | undefined)?.value ?? '';
    assert.match(value, /🪅/);
    assert.match(value, /:piñata:/);
    const typing = at('Party :piñ|');
    const list: CompletionList = typing.service.complete(typing.document, typing.position);
    assert.ok(
      list.items.some((i) => i.label === ':piñata: 🪅'),
      list.items.map((i) => i.label).join(', '),
    );
  });

  it('makes the decoder keep what hover can find and drop what it cannot', () => {
    const decoded = decodeEmojiAliasMap({ '🪅': [':piñata:', ':ok!:', ':a b:'] });
    assert.deepEqual(decoded.value, { '🪅': [':piñata:'] });
    assert.deepEqual(
      decoded.problems.map((p) => p.field),
      ['aliases[1]', 'aliases[2]'],
    );
  });
});
