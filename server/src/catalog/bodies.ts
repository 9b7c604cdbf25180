// The JSON texts the catalog API serves, rendered from decoded data: what the service sends and
// what `bdscript catalog export` writes. Apart from the service so that the commands that only
// export or read a snapshot (and `check`, which reads one) do not load Node's HTTP server.

import {
  encodeCallback,
  encodeCallbackList,
  encodeEmojiAliasMap,
  encodeFunction,
  encodeFunctionList,
} from '../core/catalog/encode';
import type { CatalogData, CatalogRecord } from '../core/catalog/model';
import type { ListEndpoint } from './endpoints';

/** The JSON text of each list endpoint, as the service serves it and `export` writes it. */
export function listBodies(data: CatalogData): Record<ListEndpoint, string> {
  return {
    '/function_list': JSON.stringify(encodeFunctionList(data.functions)),
    '/callback_list': JSON.stringify(encodeCallbackList(data.callbacks)),
    '/function_tag_list': JSON.stringify(data.functionTags),
    '/callback_tag_list': JSON.stringify(data.callbackTags),
    '/emoji_alias_list': JSON.stringify(encodeEmojiAliasMap(data.emoji)),
  };
}

/** The JSON text of one record, as `/function/:tag` or `/callback/:tag` serves it. */
export function recordBody(record: CatalogRecord): string {
  return JSON.stringify(record.kind === 'function' ? encodeFunction(record) : encodeCallback(record));
}
