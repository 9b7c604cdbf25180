// Test helpers for the catalog service and client: the service started on an ephemeral loopback
// port, and the test catalog's list bodies for the fault server's good answers.

import { listen, listBodies, type ListenOptions, type RunningService } from '../../server/src/catalog/service';
import type { ListEndpoint } from '../../server/src/catalog/http';
import type { CatalogData } from '../../server/src/core/catalog/model';
import { testCatalogData } from './testCatalog';

/** Starts `bdscript catalog serve`'s service for `data` (the test catalog by default) on 127.0.0.1:0. */
export function startCatalogService(data: CatalogData = testCatalogData(), options: ListenOptions = {}): Promise<RunningService> {
  return listen(data, { host: '127.0.0.1', port: 0, ...options });
}

/** The five list bodies of `data` (the test catalog by default), by endpoint path. */
export function catalogBodies(data: CatalogData = testCatalogData()): Record<ListEndpoint, string> {
  return listBodies(data);
}
