// The bundled catalog snapshot as text and in its compact form. Run from source, it reads
// server/snapshot/catalog.json and makes the compact form from it; in the esbuild bundles
// build.mjs replaces this module with one that returns both embedded, made the same way at build
// time, so the three exports below must keep their names and types.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { compactSnapshot } from './snapshotText';

/** Where the snapshot is read from (`<bundled>` in a bundle). */
export const bundledSnapshotPath: string = path.resolve(__dirname, '../../snapshot/catalog.json');

/** The snapshot file's text; throws when the file cannot be read. */
export function bundledSnapshotText(): string {
  return readFileSync(bundledSnapshotPath, 'utf8');
}

/** The snapshot in the compact form (core/catalog/compact.ts); throws when the file cannot be read or used. */
export function bundledCompact(): Uint8Array {
  return compactSnapshot(bundledSnapshotText(), bundledSnapshotPath);
}
