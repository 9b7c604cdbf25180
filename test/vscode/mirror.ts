// The catalog mirror of the VS Code test: `bdscript catalog serve` on 127.0.0.1, first with the
// bundled catalog, then (same port) with a second catalog that has one more function, then gone.
// The second catalog is the bundled snapshot with a copy of one function under a new name.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type Service } from './processes';

export interface MirrorPaths {
  readonly root: string;
  readonly logFile: string;
}

/** Starts the mirror; with `port` 0 it takes any free port. Resolves once it prints its URL. */
export async function startMirror(
  paths: MirrorPaths,
  port: number,
  snapshot?: string,
): Promise<{ service: Service; url: string }> {
  const cli = join(paths.root, 'server', 'bin', 'bdscript');
  const args = [
    cli,
    'catalog',
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    ...(snapshot ? ['--snapshot', snapshot] : []),
  ];
  const service = startService(
    'the catalog mirror',
    process.execPath,
    args,
    { PATH: process.env['PATH'] ?? '' },
    paths.logFile,
  );
  try {
    const match = await service.waitForLog(/^(http:\/\/127\.0\.0\.1:\d+)\/?$/m, 15_000);
    return { service, url: match[1]! };
  } catch (err) {
    await service.stop();
    throw err;
  }
}

/**
 * Writes the second catalog: the bundled snapshot plus a function `added` that copies the
 * arguments of `copiedFrom` (a bracket function), without its wiki page.
 */
export function writeSecondCatalog(root: string, file: string, added: string, copiedFrom: string): void {
  const snapshot = JSON.parse(readFileSync(join(root, 'server', 'snapshot', 'catalog.json'), 'utf8')) as {
    function_list: { tag: string; wiki?: string }[];
    function_tag_list: string[];
  };
  const original = snapshot.function_list.find((f) => f.tag.startsWith(`${copiedFrom}[`));
  if (!original) throw new Error(`the bundled snapshot has no ${copiedFrom}[...] to copy`);
  if (snapshot.function_list.some((f) => f.tag === added || f.tag.startsWith(`${added}[`))) {
    throw new Error(`the bundled snapshot already has ${added}: pick another name for the mirror's new function`);
  }
  const copy: { tag: string; wiki?: string } = { ...original, tag: added + original.tag.slice(copiedFrom.length) };
  delete copy.wiki;
  snapshot.function_list.push(copy);
  snapshot.function_tag_list.push(`${added}[]`);
  writeFileSync(file, JSON.stringify(snapshot));
}
