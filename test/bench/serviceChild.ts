// The catalog service for the load benchmark, in its own process so that the load tool and the
// service do not share one event loop: serves the bundled snapshot on 127.0.0.1, port 0, prints
// `{"url": ...}` on one line when listening, answers each `stats` line on stdin with its
// connection counts as one JSON line, and stops when its stdin closes.

import { readFileSync } from 'node:fs';
import { listen } from '../../server/src/catalog/service';
import { decodeSnapshot } from '../../server/src/core/catalog/decode';
import { SNAPSHOT_PATH } from '../support/testCatalog';

async function main(): Promise<void> {
  const decoded = decodeSnapshot(JSON.parse(readFileSync(SNAPSHOT_PATH, 'utf8')), SNAPSHOT_PATH);
  const running = await listen(decoded.value.data, { host: '127.0.0.1', port: 0 });
  process.stdout.write(JSON.stringify({ url: running.url }) + '\n');
  let pending = '';
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      if (pending.slice(0, nl).trim() === 'stats') process.stdout.write(JSON.stringify(running.connections()) + '\n');
      pending = pending.slice(nl + 1);
    }
  });
  process.stdin.on('end', () => {
    void running.close().then(() => process.exit(0));
  });
}

void main();
