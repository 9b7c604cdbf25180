// Links to the public BDFD wiki for a function or callback form. The record's own page path
// is used when the catalog knows it; otherwise the page is guessed from the name, which is
// where the wiki keeps most functions.

import { WIKI_BASE } from '../../protocol/wiki';
import type { CatalogRecord } from './model';

export { WIKI_BASE };

/** The wiki page URL of a record's form. */
export function wikiUrl(record: CatalogRecord): string {
  if (record.wiki && /^[A-Za-z0-9_/.-]+\.md$/.test(record.wiki) && !record.wiki.includes('..')) {
    return WIKI_BASE + record.wiki.replace(/\.md$/, '.html');
  }
  const folder = record.kind === 'callback' ? 'callbacks' : record.premium ? 'premium' : 'bdscript';
  return `${WIKI_BASE}${folder}/${encodeURIComponent(record.name.slice(1))}.html`;
}
