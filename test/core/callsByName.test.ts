// The calls of a chunk by name (parser/callsByName.ts), which the chunk facts walk instead of all
// of a chunk's calls: each filter must give exactly the calls a walk of all of them would keep.

import * as assert from 'node:assert/strict';
import { CallFilter } from '../../server/src/core/parser/callsByName';
import { parse } from '../../server/src/core/parser/parser';
import type { CallNode, ChunkView } from '../../server/src/core/parser/tree';

/** What a filter of `names` must give: every call of the view with one of the names, in order. */
function slow(view: ChunkView, names: ReadonlySet<string>): CallNode[] {
  return view.calls.filter((call) => names.has(call.name));
}

const TEXT = [
  '!trigger $var[t]',
  '$var[a;$var[b;$getVar[c]]] $title[$var[x]] $stop',
  '$if[$var[a]==1]$title[hi]$elseif[$getVar[c]==2]$description[$eval[$var[d]]]$endif',
  '$c[$var[in a comment]] $var $var[]',
  ...Array.from({ length: 3000 }, (_, i) => `$title[${i}] $var[v${i};$random[1;${i}]] $footer[$var[f${i}]]`),
].join('\n');

describe('calls by name (CallFilter)', () => {
  it('gives each filter the calls with its names, in document order, over many chunks and nested calls', () => {
    const parsed = parse(TEXT);
    assert.ok(parsed.chunkCount > 1, 'the text spans several chunks');
    const names = [new Set(['$var']), new Set(['$title', '$getVar', '$eval']), new Set(['$stop', '$var', '$footer'])];
    const filters = names.map((set) => new CallFilter(set));
    let seen = 0;
    for (let i = 0; i < parsed.chunkCount; i++) {
      const view = parsed.view(i);
      // Asked in turn for one view, and again after another view was sorted.
      names.forEach((set, k) => assert.deepEqual(filters[k]?.of(view), slow(view, set)));
      if (i > 0)
        names.forEach((set, k) => assert.deepEqual(filters[k]?.of(parsed.view(i - 1)), slow(parsed.view(i - 1), set)));
      seen += filters[0]?.of(view).length ?? 0;
    }
    assert.equal(seen, [...parsed.calls()].filter((c) => c.name === '$var').length);
    assert.ok(seen > 400);
  });

  it('a filter made after a view was sorted still finds its calls in that view', () => {
    const view = parse(TEXT).view(0);
    const first = new CallFilter(['$var']);
    assert.deepEqual(first.of(view), slow(view, new Set(['$var'])));
    const later = new CallFilter(['$title', '$var']);
    assert.deepEqual(later.of(view), slow(view, new Set(['$title', '$var'])));
    assert.deepEqual(first.of(view), slow(view, new Set(['$var'])));
    assert.ok(later.of(view).length > first.of(view).length);
  });

  it('a filter with no call in the view gives an empty list', () => {
    const view = parse('$title[a] text').view(0);
    assert.deepEqual(new CallFilter(['$noSuchName']).of(view), []);
  });
});
