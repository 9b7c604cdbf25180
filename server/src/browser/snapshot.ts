// The bundled catalog snapshot of the web worker build. The worker reads no files: build.mjs
// replaces this module by one that returns the snapshot's text embedded in dist/web/server.js,
// as it does for the Node bundles, so the two exports keep their names and types.

/** Where the snapshot came from, for the status. */
export const bundledSnapshotPath = '<bundled>';

/** The snapshot's text; only the bundle has it. */
export function bundledSnapshotText(): string {
  throw new Error('the bundled snapshot is embedded by build.mjs; run the bundle (dist/web/server.js), not the source');
}
