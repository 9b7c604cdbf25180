// The chunk facts the features read over the whole document, handed to the parser
// (`ParseOptions.facts`) so that it takes them whenever a chunk is made into nodes: a chunk is then
// made into nodes once, whichever feature reads it first, and the rules about the whole command,
// completion of names and folding find their facts ready instead of making every chunk into nodes
// again. A fact left out of this list is still right, only computed when first read.

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

export const CHUNK_FACTS: readonly ChunkFact<unknown>[] = [
  PATH_FACT,
  VARIABLE_FACT,
  COMPONENT_FACT,
  MESSAGE_FACT,
  PARENT_FACT,
  MENU_FACT,
  EMBED_FACT,
  VAR_USE_FACT,
  FOLD_FACT,
  JSON_PARSE_FACT,
  LINE_FACT,
];
