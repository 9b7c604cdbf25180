// What the preview page may ask of the extension, read from untrusted webview messages (vscode-free,
// so it is tested with plain mocha): reveal a source range, or show another branch of an `$if`.
import { isObject } from '../../server/src/protocol/json';

/** A reveal or branch message from the page, checked: it comes from a webview. */
export function readPageMessage(
  raw: unknown,
): { reveal: { start: number; end: number } } | { branch: { block: number; index: number } } | undefined {
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
  return undefined;
}
