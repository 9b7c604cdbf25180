// The bundled catalog snapshot as text. Run from source, it reads server/snapshot/catalog.json;
// in the esbuild bundles build.mjs replaces this module with one that returns the embedded text,
// so the two exports below must keep their names and types.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Where the snapshot is read from (`<bundled>` in a bundle). */
export const bundledSnapshotPath: string = path.resolve(__dirname, '../../snapshot/catalog.json');

/** The snapshot file's text; throws when the file cannot be read. */
export function bundledSnapshotText(): string {
  return readFileSync(bundledSnapshotPath, 'utf8');
}
