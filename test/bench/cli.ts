// The command line as a CI job runs it (issue #24): `bdscript check` through its launcher
// (server/bin/bdscript, as npm links it) in a fresh process each time: on an empty file (the
// start-up), on the 1 MB document (and so what 1 MB costs beyond start-up), and on a folder of
// 256 commands in one process (the wiki's code blocks when ../shared is beside the checkout,
// else generated commands). The first run of each build has an empty cache folder (what a CI job
// without a kept cache pays), the others a warm one. With `--base DIR` another checkout's
// launcher is measured in the same runs, interleaved.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { generateCommand, generateDocument, MB } from '../support/generate';
import { CORPUS } from '../support/shared';
import { summarize, type Figure } from './stats';
import type { Build } from './memory';

export interface BuildCli {
  readonly label: string;
  /** An empty file, the first run with an empty cache folder. */
  readonly firstRunMs: number;
  /** An empty file, cache warm: the start-up. */
  readonly startup: Figure;
  /** The 1 MB document, whole process. */
  readonly oneMB: Figure;
  /** `oneMB` minus `startup` (medians). */
  readonly beyondStartupMs: number;
  /** The 256 commands in one process. */
  readonly folder: Figure;
  /** `folder` minus `startup`, per command. */
  readonly perCommandMs: number;
}

export interface CliResults {
  readonly runs: number;
  /**
   * Node alone starting and ending (`node -e 0`, the same environment, in the same rounds): what
   * this machine charges every process before any of ours runs, to read the start-up figures by.
   */
  readonly bareNode: Figure;
  readonly commands: number;
  readonly commandsFrom: string;
  readonly commandBytes: number;
  readonly builds: BuildCli[];
}

/**
 * 256 commands: runnable code blocks of the wiki corpus when it is beside the checkout (or named by
 * BDSCRIPT_CORPUS, for a worktree elsewhere), else generated ones.
 */
function commands(catalog: Catalog): { texts: string[]; from: string } {
  const corpus = [CORPUS, process.env.BDSCRIPT_CORPUS].find((p): p is string => !!p && existsSync(p));
  if (corpus) {
    const blocks = readFileSync(corpus, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { code: string; syntax: boolean })
      .filter((b) => !b.syntax && b.code.trim());
    if (blocks.length >= 256) return { texts: blocks.slice(0, 256).map((b) => b.code), from: 'the wiki corpus' };
  }
  return {
    texts: Array.from({ length: 256 }, (_, i) => generateCommand(catalog, 1000 + i, 10 + (i % 40))),
    from: 'generated commands (the wiki corpus is not beside the checkout)',
  };
}

export function benchCli(
  catalog: Catalog,
  builds: readonly Build[],
  options: { quick: boolean; log: (line: string) => void },
): CliResults | { skipped: string } {
  const launcher = (b: Build) => path.join(b.root, 'server/bin/bdscript');
  const missing = builds.find((b) => !existsSync(launcher(b)) || !existsSync(path.join(b.root, 'dist/cli.js')));
  if (missing) return { skipped: `${missing.root} has no built command line: run \`npm run build\` there` };
  const { quick, log } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'bdscript-bench-cli-'));
  try {
    const empty = path.join(dir, 'empty.bds');
    const big = path.join(dir, 'big.bds');
    writeFileSync(empty, '');
    writeFileSync(big, generateDocument(catalog, { seed: 1, size: MB }));
    const folder = path.join(dir, 'commands');
    mkdirSync(folder);
    const { texts, from } = commands(catalog);
    const files = texts.map((t, i) => {
      const file = path.join(folder, `${String(i).padStart(3, '0')}.bds`);
      writeFileSync(file, t);
      return file;
    });
    const homes = builds.map((_, i) => path.join(dir, `home-${i}`));
    const run = (i: number, args: string[]): number => {
      const home = homes[i]!;
      const t = performance.now();
      const r = spawnSync(process.execPath, [launcher(builds[i]!), 'check', '--format', 'json', ...args], {
        env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), NO_PROXY: '*' },
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 256 * MB,
      });
      const ms = performance.now() - t;
      if (r.status !== 0 && r.status !== 1) throw new Error(`bdscript check exited ${r.status}: ${r.stderr}`);
      return ms;
    };
    for (const home of homes) mkdirSync(home);
    const bareNode = (): number => {
      const t = performance.now();
      const r = spawnSync(process.execPath, ['-e', '0'], { env: { PATH: process.env.PATH ?? '', HOME: homes[0]! } });
      if (r.status !== 0) throw new Error(`node -e 0 exited ${r.status}`);
      return performance.now() - t;
    };
    const first = builds.map((_, i) => run(i, [empty]));
    const runs = quick ? 3 : 10;
    const startup = builds.map(() => [] as number[]);
    const oneMB = builds.map(() => [] as number[]);
    const many = builds.map(() => [] as number[]);
    const bare: number[] = [];
    for (let k = 0; k < runs; k++) {
      bare.push(bareNode());
      for (let i = 0; i < builds.length; i++) {
        startup[i]!.push(run(i, [empty]));
        oneMB[i]!.push(run(i, [big]));
        many[i]!.push(run(i, files));
      }
    }
    const results = builds.map((b, i): BuildCli => {
      const s = summarize(startup[i]!, 'ms');
      const one = summarize(oneMB[i]!, 'ms');
      const f = summarize(many[i]!, 'ms');
      return {
        label: b.label,
        firstRunMs: first[i]!,
        startup: s,
        oneMB: one,
        beyondStartupMs: one.median - s.median,
        folder: f,
        perCommandMs: (f.median - s.median) / files.length,
      };
    });
    log(`  Node alone (node -e 0): ${summarize(bare, 'ms').median.toFixed(0)} ms`);
    for (const r of results)
      log(
        `  ${r.label}: start-up ${r.startup.median.toFixed(0)} ms (first run ${r.firstRunMs.toFixed(0)} ms), 1 MB ${r.oneMB.median.toFixed(0)} ms ` +
          `(beyond start-up ${r.beyondStartupMs.toFixed(0)} ms), ${files.length} commands ${r.folder.median.toFixed(0)} ms`,
      );
    return {
      runs,
      bareNode: summarize(bare, 'ms'),
      commands: files.length,
      commandsFrom: from,
      commandBytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0),
      builds: results,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
