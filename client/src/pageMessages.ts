// What the preview page may ask of the extension, read from untrusted webview messages (vscode-free,
// so it is tested with plain mocha): reveal a source range, show another branch of an `$if`, or
// open a link of the message. A link is only ever an absolute http(s) URL: anything else a page
// could send (`javascript:`, `data:`, `file:`, `command:`, a relative path) is refused here, and
// the extension opens what is left through the editor's own link handling.
import { isObject } from '../../server/src/protocol/json';

/** The longest link the page may ask to open (Discord's limit on an embed URL is 2,048). */
const LINK_MAX = 4096;

export type PageMessage =
  { reveal: { start: number; end: number } } | { branch: { block: number; index: number } } | { open: string };

/** An absolute http(s) URL, normalized, or undefined. */
export function linkTarget(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > LINK_MAX || !/^https?:\/\//i.test(raw)) return undefined;
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A reveal, branch or open message from the page, checked: it comes from a webview. */
export function readPageMessage(raw: unknown): PageMessage | undefined {
  if (!isObject(raw)) return undefined;
  const reveal = raw['reveal'];
  if (isObject(reveal) && Number.isSafeInteger(reveal['start']) && Number.isSafeInteger(reveal['end'])) {
    const start = reveal['start'] as number;
    const end = reveal['end'] as number;
    if (start >= 0 && end >= start) return { reveal: { start, end } };
  }
  const branch = raw['branch'];
  if (
    isObject(branch) &&
    Number.isSafeInteger(branch['block']) &&
    Number.isSafeInteger(branch['index']) &&
    (branch['index'] as number) >= 0
  ) {
    return { branch: { block: branch['block'] as number, index: branch['index'] as number } };
  }
  const open = linkTarget(raw['open']);
  if (open) return { open };
  return undefined;
}
