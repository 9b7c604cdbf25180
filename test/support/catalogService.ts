// Test helpers for the catalog service and client: the service started on an ephemeral loopback
// port, and the test catalog's list bodies for the fault server's good answers.

import { snapshotOf } from '../../server/src/catalog/cacheFormat';
import { listen, listBodies, type ListenOptions, type RunningService } from '../../server/src/catalog/service';
import type { ListEndpoint } from '../../server/src/catalog/endpoints';
import { compareListTags } from '../../server/src/core/catalog/decode';
import { stringifySnapshot } from '../../server/src/core/catalog/encode';
import type { CatalogData } from '../../server/src/core/catalog/model';
import { testCatalogData } from './testCatalog';

/** Starts `bdscript catalog serve`'s service for `data` (the test catalog by default) on 127.0.0.1:0. */
export function startCatalogService(
  data: CatalogData = testCatalogData(),
  options: ListenOptions = {},
): Promise<RunningService> {
  return listen(data, { host: '127.0.0.1', port: 0, ...options });
}

/** A snapshot file's text for `data`, dated 2026-01-01. */
export function snapshotText(data: CatalogData, source = 'test'): string {
  return stringifySnapshot(snapshotOf(data, 'test', source, '2026-01-01T00:00:00.000Z'));
}

/** `data` with records in snapshot order (by tag-list spelling), to compare regardless of order. */
export function sortedByTag(data: CatalogData): CatalogData {
  const sort = <R extends { listTag: string }>(rs: readonly R[]): R[] =>
    [...rs].sort((a, b) => compareListTags(a.listTag, b.listTag));
  return { ...data, functions: sort(data.functions), callbacks: sort(data.callbacks) };
}

/** The five list bodies of `data` (the test catalog by default), by endpoint path. */
export function catalogBodies(data: CatalogData = testCatalogData()): Record<ListEndpoint, string> {
  return listBodies(data);
}
