// Real data beside the checkout, in ../shared: facts from the public wiki (with its 990 code
// blocks) and a captured `/function_list` response. It is never copied into the repository;
// tests that read it call `hasShared()` / `hasCorpus()` first and skip cleanly without it.

import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';

/** `../shared` beside the checkout, or the folder BDSCRIPT_SHARED_DIR names (a checkout in a git worktree elsewhere). */
export const SHARED_DIR = process.env['BDSCRIPT_SHARED_DIR'] ?? path.resolve(__dirname, '../../../shared');
export const FACTS_DIR = path.join(SHARED_DIR, 'catalog-facts');
export const REAL_SAMPLE = path.join(SHARED_DIR, 'real-api-sample/function_list.json');
export const CORPUS = path.join(FACTS_DIR, 'corpus.jsonl');

/** One code block of the wiki, as corpus.jsonl holds it. */
export interface CorpusBlock {
  readonly page: string;
  readonly index: number;
  readonly code: string;
  readonly line: number;
  readonly lang: string;
  /** A signature template under a "Syntax" heading rather than runnable code. */
  readonly syntax: boolean;
}

export function hasCorpus(): boolean {
  return existsSync(CORPUS);
}

let corpus: CorpusBlock[] | undefined;

/** Every block of the wiki corpus, read once. Call `hasCorpus()` first. */
export function readCorpus(): readonly CorpusBlock[] {
  corpus ??= readFileSync(CORPUS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as CorpusBlock);
  return corpus;
}

/**
 * Visits cursor offsets of every corpus block as a document of its own (every offset, or every
 * `stride(code)`-th), so a feature's corpus test is only its assertions. Returns how many
 * offsets were visited. Call `hasCorpus()` first.
 */
export function forEachCorpusOffset(
  visit: (document: TextDocument, offset: number) => void,
  stride: (code: string) => number = () => 1,
): number {
  let visited = 0;
  readCorpus().forEach((block, b) => {
    const document = TextDocument.create(`file:///corpus/${b}.bds`, 'bdscript', 1, block.code);
    const step = Math.max(1, stride(block.code));
    for (let offset = 0; offset <= block.code.length; offset += step) {
      visit(document, offset);
      visited++;
    }
  });
  return visited;
}
