// A child process for the cache crash test: rewrites one cache file in a loop with large,
// alternating contents until it is killed. Usage: catalogCacheWriter.ts <cache file> <base URL>.

import { writeCache } from '../../server/src/catalog/cache';
import { bigCatalog } from './catalogBig';

const [file, baseUrl] = process.argv.slice(2) as [string, string];

async function run(): Promise<void> {
  const data = bigCatalog(4000);
  process.stdout.write('ready\n');
  for (let round = 0; ; round++) {
    await writeCache(file, {
      data,
      baseUrl,
      fetchedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, round % 60)).toISOString(),
      validators: {},
    });
  }
}

void run();
