// The chunk facts the features read over the whole document, handed to the parser
// (`ParseOptions.facts`) so that it takes them whenever a chunk is made into nodes: a chunk is then
// made into nodes once, whichever feature reads it first, and the rules about the whole command,
// completion of names and folding find their facts ready instead of making every chunk into nodes
// again. The facts of completion and folding are taken only once something has read them
// (`ParseOptions.factsOnceRead`), and so are the formatter's in a service that never formats
// (`bdscript check`). A fact left out of these lists is still right, only computed when first read.

import type { ChunkFact } from '../parser/facts';
import { COMPONENT_FACT } from './components';
import { VAR_USE_FACT } from './documentNames';
import { EMBED_FACT } from './embeds';
import { FOLD_FACT } from './folding';
import { LINE_FACT } from './formatting';
import { JSON_PARSE_FACT } from './json';
import { MENU_FACT } from './menus';
import { MESSAGE_FACT } from './messages';
import { PARENT_FACT } from './parents';
import { PATH_FACT } from './paths';
import { VARIABLE_FACT } from './variables';

/**
 * What validation reads, and the formatter's line facts: taken whenever a chunk is made into
 * nodes. The line facts are made with the others because the first format of a large document
 * would otherwise make every chunk into nodes again for them alone (the first format of 1 MB in a
 * process took two to three times as long without them).
 */
export const CHUNK_FACTS: readonly ChunkFact<unknown>[] = [
  PATH_FACT,
  VARIABLE_FACT,
  COMPONENT_FACT,
  MESSAGE_FACT,
  PARENT_FACT,
  MENU_FACT,
  EMBED_FACT,
  LINE_FACT,
];

/**
 * What other features read (completion of names and JSON keys, folding): taken the same way once
 * a request has read them (`ParseOptions.factsOnceRead`), so a server that folds
 * computes them with the others while `bdscript check`, which never asks, never computes them.
 */
export const CHUNK_FACTS_ONCE_READ: readonly ChunkFact<unknown>[] = [VAR_USE_FACT, FOLD_FACT, JSON_PARSE_FACT];

/** The facts a service takes with the nodes and those it takes once read (`ParseOptions`). */
export interface ChunkFactLists {
  readonly taken: readonly ChunkFact<unknown>[];
  readonly onceRead: readonly ChunkFact<unknown>[];
}

const FORMATS: ChunkFactLists = { taken: CHUNK_FACTS, onceRead: CHUNK_FACTS_ONCE_READ };
const CHECKS_ONLY: ChunkFactLists = {
  taken: CHUNK_FACTS.filter((f) => f !== LINE_FACT),
  onceRead: [...CHUNK_FACTS_ONCE_READ, LINE_FACT],
};

/**
 * The lists for a service that may format, or for one that only checks (`bdscript check`), which
 * never reads the line facts. Should such a service format after all, they are computed when
 * read, then taken with the others.
 */
export function chunkFactLists(checkOnly: boolean): ChunkFactLists {
  return checkOnly ? CHECKS_ONLY : FORMATS;
}
