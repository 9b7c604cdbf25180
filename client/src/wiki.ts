// Which wiki links the client may open in the browser. The link comes from the server, whose
// data comes from the network, so only plain http(s) URLs on the BDFD wiki's host pass.

import { WIKI_BASE } from '../../server/src/protocol/wiki';

/** Hosts of the public BDFD wiki: the host of the links the server makes. */
export const WIKI_HOSTS: readonly string[] = [new URL(WIKI_BASE).hostname];

/** Longest URL accepted; real wiki links are far shorter. */
const MAX_URL_LENGTH = 2048;

/**
 * The URL to open when `raw` is an http(s) URL on a wiki host without credentials or an
 * explicit port, normalised by the URL parser; undefined for anything else.
 */
export function checkWikiUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) return undefined;
  // Control characters and spaces have no place in a link the server built; reject rather than repair.
  if (/[\u0000-\u0020\u007f-\u009f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '' || url.port !== '') return undefined;
  if (!WIKI_HOSTS.includes(url.hostname)) return undefined;
  return url.href;
}
