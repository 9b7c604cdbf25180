// Document link tests: literal URLs in arguments the catalog types as URLs become links to
// themselves (escapes decoded, blanks around them aside); values built at run time, custom IDs,
// text that is not a URL and URLs in other arguments do not.

import * as assert from 'node:assert/strict';
import { isLinkUrl } from '../../server/src/core/features/links';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { snapshotCatalog, testCatalogData } from '../support/testCatalog';

const catalog = snapshotCatalog();

/** The one helper that asks for links: each as its `«»` span in the fixture and its target. */
function links(src: string): Array<{ span: string; target: string }> {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { catalog });
  const found = service.documentLinks(document).map((l) => ({
    start: document.offsetAt(l.range.start),
    end: document.offsetAt(l.range.end),
    target: l.target ?? '',
  }));
  assert.deepEqual(
    found.map((l) => ({ start: l.start, end: l.end })),
    m.ranges,
    'the links are where the fixture marks them',
  );
  return found.map((l) => ({ span: m.text.slice(l.start, l.end), target: l.target }));
}

describe('document links', () => {
  it('links URLs in image, icon, link button, HTTP and webhook arguments, and in the text of $url', () => {
    assert.deepEqual(
      links(
        [
          '$image[ «https://i.example/a.png» ]',
          '$footerIcon[«https://i.example/f.png»;2]',
          '$addButton[no;«https://bdfd.example/docs?a=1#top»;Docs;link]',
          '$httpGet[«http://127.0.0.1:8080/api»]',
          '$url[encode;https://bdfd.example/a b]',
          '$url[decode;«https://bdfd.example/a%20b»]',
          '$title[https://not.a/link]',
        ].join('\n'),
      ).map((l) => l.target),
      [
        'https://i.example/a.png',
        'https://i.example/f.png',
        'https://bdfd.example/docs?a=1#top',
        'http://127.0.0.1:8080/api',
        'https://bdfd.example/a%20b',
      ],
    );
  });

  it('decodes escapes in the target', () => {
    assert.deepEqual(links('$image[«https://i.example/a\\;b.png»]'), [
      { span: 'https://i.example/a\\;b.png', target: 'https://i.example/a;b.png' },
    ]);
  });

  it('makes no link of custom IDs, values built at run time or text that is not a URL', () => {
    for (const src of [
      '$addButton[no;buy;Buy;primary]',
      '$image[$var[url]]',
      '$image[https://i.example/$username.png]',
      '$image[ftp://i.example/a.png]',
      '$image[https://]',
      '$image[https://a b]',
      '$image',
    ])
      assert.deepEqual(links(src), [], src);
  });

  it('reads a URL strictly', () => {
    assert.equal(isLinkUrl('https://example.com'), true);
    assert.equal(isLinkUrl('HTTP://EXAMPLE.COM/A?B#C'), true);
    assert.equal(isLinkUrl('https://exa"mple.com'), false);
    assert.equal(isLinkUrl('javascript:alert(1)'), false);
    assert.equal(isLinkUrl('https://x/' + 'a'.repeat(3000)), false);
  });
});

describe('document links read the record resolveCall names', () => {
  // A name that is a function taking a URL and a callback taking a channel: the trigger's own call
  // means the callback (no URL argument), the same call in code the function.
  const data = testCatalogData();
  const argument = {
    description: '',
    unknownTypes: [],
    required: true,
    empty: false,
    repeatable: false,
  };
  const shared = new Catalog({
    ...data,
    functions: [
      ...data.functions,
      {
        kind: 'function',
        tag: '$shared[URL]',
        name: '$shared',
        bracketed: true,
        listTag: '$shared[]',
        arguments: [{ ...argument, name: 'URL', type: 'URL', types: ['URL'] }],
        intents: 0,
        premium: false,
        shortDescription: '',
        longDescription: '',
        deprecated: false,
      },
    ],
    callbacks: [
      ...data.callbacks,
      {
        kind: 'callback',
        tag: '$shared[Channel ID]',
        name: '$shared',
        bracketed: true,
        listTag: '$shared[]',
        arguments: [{ ...argument, name: 'Channel ID', type: 'String', types: ['String'] }],
        intents: 0,
        premium: false,
        description: '',
      },
    ],
  });
  const targets = (src: string): string[] => {
    const { service, document } = serviceFor(src, { catalog: shared });
    return service.documentLinks(document).map((l) => l.target ?? '');
  };

  it("links a URL in the call in code and none in the trigger's own call", () => {
    assert.deepEqual(targets('$nomention\n$shared[https://a.example/x]'), ['https://a.example/x']);
    assert.deepEqual(targets('$shared[https://a.example/x]\n$nomention'), []);
  });
});
