// A large catalog made from the test catalog by renaming copies of its records, for tests that
// need big bodies or slow writes.

import type { CatalogData, FunctionRecord } from '../../server/src/core/catalog/model';
import { testCatalogData } from './testCatalog';

/** The test catalog plus `copies` renamed copies of its functions (`$addButton7[...]`). */
export function bigCatalog(copies: number): CatalogData {
  const base = testCatalogData();
  const functions: FunctionRecord[] = [...base.functions];
  for (let i = 0; functions.length < base.functions.length + copies; i++) {
    const f = base.functions[i % base.functions.length]!;
    const name = `${f.name}${Math.floor(i / base.functions.length)}x`;
    functions.push({
      ...f,
      name,
      tag: name + f.tag.slice(f.name.length),
      listTag: name + f.listTag.slice(f.name.length),
    });
  }
  return { ...base, functions, functionTags: functions.map((f) => f.listTag) };
}
