// "Function under the cursor" tests: the name under or right before the cursor, else the call
// whose argument holds it; the form written there decides the record and its wiki page.

import * as assert from 'node:assert/strict';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import type { FunctionAt } from '../../server/src/core/features/functionAt';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const WIKI = 'https://wiki.botdesignerdiscord.com/';

/** The one helper that asks for the function at the cursor. */
function at(src: string, catalog?: Catalog): FunctionAt | null {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, catalog ? { catalog } : {});
  return service.functionAt(document, document.positionAt(m.cursor!));
}

describe('function at cursor', () => {
  it('finds the function whose name the cursor is on or right after', () => {
    const expected = { name: '$addButton', kind: 'function', wikiUrl: `${WIKI}bdscript/addButton.html` };
    assert.deepEqual(at('$add|Button[no;id;;primary]'), expected);
    assert.deepEqual(at('|$addButton[no;id;;primary]'), expected);
    assert.deepEqual(at('$addButton|[no;id;;primary]'), expected);
  });

  it('falls back to the innermost call around the cursor', () => {
    assert.equal(at('$title[He|llo $username]')?.name, '$title');
    assert.equal(at('$title[Hello $username[12|3]]')?.name, '$username');
  });

  it('uses the form written at the cursor', () => {
    const catalog = snapshotCatalog();
    const bare = catalog.functions.get('$random', false)!;
    const bracketed = catalog.functions.get('$random', true)!;
    assert.notEqual(bare.wiki, bracketed.wiki, 'the snapshot gives the two forms different pages');
    assert.equal(at('$rand|om', catalog)?.wikiUrl, WIKI + bare.wiki!.replace(/\.md$/, '.html'));
    assert.equal(at('$rand|om[1;5]', catalog)?.wikiUrl, WIKI + bracketed.wiki!.replace(/\.md$/, '.html'));
  });

  it('knows callbacks in the trigger, premium pages and the comment function', () => {
    assert.deepEqual(at('$onJoi|ned[123]\n$title[x]'), {
      name: '$onJoined',
      kind: 'callback',
      wikiUrl: `${WIKI}callbacks/onJoined.html`,
    });
    assert.equal(at('$awaitReac|tions[a;👍]')?.wikiUrl, `${WIKI}premium/awaitReactions.html`);
    assert.equal(at('$|c[note]')?.name, '$c');
  });

  it('answers null for unknown names and plain text', () => {
    assert.equal(at('$title[$nosuch|thing]'), null);
    assert.equal(at('plain |text'), null);
    assert.equal(at('|'), null);
  });
});
