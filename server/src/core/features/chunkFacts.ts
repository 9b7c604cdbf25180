// The chunk facts the features read over the whole document, handed to the parser
// (`ParseOptions.facts`) so that it takes them whenever a chunk is made into nodes: a chunk is then
// made into nodes once, whichever feature reads it first, and the rules about the whole command,
// completion of names and folding find their facts ready instead of making every chunk into nodes
// again. The facts of completion and folding are taken only once something has read them
// (`ParseOptions.factsOnceRead`). A fact left out of these lists is still right, only computed
// when first read.

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
