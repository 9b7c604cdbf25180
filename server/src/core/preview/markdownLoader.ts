// Loads the markdown reader (markdown.ts and the parser library under it) when the first page
// with text is drawn, not when the server starts: a session that never opens the preview never
// pays for it. Its code is in the one bundle, but esbuild wraps a module that is only required
// in a function that runs at the first `require`, so its rules and regular expressions are built
// then (see docs/benchmarks.md for what it costs).

import type * as MarkdownModule from './markdown';

/** Reads a text's markdown (markdown.ts). */
export type MarkdownReader = typeof MarkdownModule.parseMarkdown;

// The core has no Node types; this `require` is the bundler's (or tsx's in tests), of this one module.
declare const require: (id: './markdown') => typeof MarkdownModule;

let reader: MarkdownReader | undefined;

/** The markdown reader, loaded at the first call. */
export function markdownReader(): MarkdownReader {
  return (reader ??= require('./markdown').parseMarkdown);
}

/** Whether the reader was loaded (the bench measures the first load). */
export function markdownLoaded(): boolean {
  return reader !== undefined;
}
