// `npm run fuzz`: the long fuzz run. The same properties as test/core/fuzz.test.ts and
// test/catalog/fuzz.test.ts with more runs, bigger documents and a fresh seed each time (printed,
// with the path to replay a failure), plus a wall-clock linearity check that npm test must not
// make: time per character on adversarial shapes and generated documents at n and 16·n; and the
// command line's machine formats over random Unicode (test/fuzz/output.ts).
//
//   npm run fuzz -- [--runs N] [--seed S] [--path P] [--only parser|incremental|features|work|clock|catalog|output|frames|settings] [--quick]

import * as assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { LanguageService } from '../../server/src/core/languageService';
import { ADVERSARIAL_SHAPES, generateDocument } from '../support/generate';
import { snapshotCatalog } from '../support/testCatalog';
import { documentArbitrary, FUZZ_LIMITS, offsetsArbitrary } from './arbitraries';
import {
  checkCutDownload,
  checkDecodedNames,
  checkTerminalText,
  cutScenario,
  emojiArbitrary,
  hostileText,
  recordsArbitrary,
} from './catalog';
import { baseArbitrary, checkIncremental, editArbitrary } from './incremental';
import { checkFeatures, checkParse, parseWith, runWholeDocument } from './properties';
import {
  anyFrame,
  checkFrameOverStdio,
  checkGuardPasses,
  checkGuardStops,
  unreadableFrame,
  validFrame,
} from './frames';
import { checkMachineOutput, checkMcpOutput, checkSarifLocation, sarifPath, unicodeFiles } from './output';
import { checkSettingsSources, hostileSettings } from './settings';
import { countWork } from './work';

interface Options {
  runs: number;
  seed: number;
  path?: string;
  only?: string;
  quick: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const quick = argv.includes('--quick');
  const options: Options = { runs: quick ? 100 : 1000, seed: Date.now() % 0x7fffffff, quick };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--runs') options.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (a === '--seed') options.seed = Number.parseInt(value(), 10) || 0;
    else if (a === '--path') options.path = value();
    else if (a === '--only') options.only = value();
    else if (a === '--quick') continue;
    else if (a === '--help' || a === '-h') {
      console.log(
        'npm run fuzz -- [--runs N] [--seed S] [--path P] [--only parser|incremental|features|work|clock|catalog|output|frames|settings] [--quick]',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  return options;
}

/** Work on K copies may cost at most BOUND·K times the work on one. */
const K = 8;
const BOUND = 3;
/** Wall clock: n and CLOCK_K·n, time per character within CLOCK_BOUND. */
const CLOCK_K = 8;
const CLOCK_BOUND = 3;

interface Outcome {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

const catalog = snapshotCatalog();

async function property(
  name: string,
  prop: fc.IProperty<unknown> | fc.IAsyncProperty<unknown>,
  options: Options,
  runs: number,
): Promise<Outcome> {
  const started = performance.now();
  const details = await fc.check(prop, {
    seed: options.seed,
    numRuns: runs,
    ...(options.path ? { path: options.path } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!details.failed) return { name, ok: true, detail: `${details.numRuns} runs in ${seconds} s` };
  const report = fc.defaultReportMessage(details) ?? 'failed';
  return {
    name,
    ok: false,
    detail: `${report}\nreplay: npm run fuzz -- --only ${onlyFor(name)} --seed ${details.seed} --path "${details.counterexamplePath}"`,
  };
}

function onlyFor(name: string): string {
  for (const only of ['parser', 'incremental', 'features', 'catalog', 'output', 'frames', 'settings'])
    if (name.startsWith(only)) return only;
  return 'work';
}

const service = (): LanguageService => new LanguageService({ catalog });

function padded(base: string): string {
  return base.length >= 200 ? base : base + generateDocument(catalog, { seed: base.length + 1, size: 400 });
}

/** The fastest of `runs` runs of `fn` in milliseconds (the least disturbed by GC and other load). */
function minMs(fn: () => void, runs: number): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/**
 * Time per character at CLOCK_K·n over time per character at n, with n grown until one run
 * takes at least 20 ms (below that the clock measures noise). A first large run far over the
 * bound ends the case at once, so a quadratic shape costs one slow run, not several.
 */
function clockRatio(fn: (text: string) => void, make: (n: number) => string): { ratio: number; detail: string } {
  let n = 250;
  let small = make(n);
  fn(small);
  let tSmall = minMs(() => fn(small), 5);
  while (tSmall < 20 && n < 1_000_000) {
    n *= 2;
    small = make(n);
    fn(small);
    tSmall = minMs(() => fn(small), 5);
  }
  const large = make(n * CLOCK_K);
  const perSmall = tSmall / small.length;
  let tLarge = minMs(() => fn(large), 1);
  if (tLarge / large.length < 3 * CLOCK_BOUND * perSmall)
    tLarge = Math.min(
      tLarge,
      minMs(() => fn(large), 3),
    );
  const ratio = tLarge / large.length / perSmall;
  const ns = (ms: number, chars: number): string => ((ms / chars) * 1e6).toFixed(1);
  return {
    ratio,
    detail: `${ns(tLarge, large.length)} ns/char at ${large.length} chars (${tLarge.toFixed(0)} ms) vs ${ns(tSmall, small.length)} at ${small.length}: ×${ratio.toFixed(2)} (bound ${CLOCK_BOUND})`,
  };
}

/** Wall-clock linearity on every adversarial shape and on generated code, for parse and for all features. */
function clockChecks(): Outcome[] {
  const out: Outcome[] = [];
  const ls = service();
  const cases: Array<[string, (m: number) => string]> = [
    ...Object.entries(ADVERSARIAL_SHAPES).map(([name, shape]): [string, (m: number) => string] => [
      name,
      (m) => shape(m, catalog),
    ]),
    ['generated', (m) => generateDocument(catalog, { seed: 9, size: m * 20 })],
  ];
  for (const [name, make] of cases) {
    const runs: Array<[string, (t: string) => void]> = [['parse', (t) => void parseWith(catalog, t)]];
    runs.push(['all features', (t) => runWholeDocument(ls, t)]);
    for (const [what, fn] of runs) {
      const { ratio, detail } = clockRatio(fn, make);
      out.push({ name: `clock: ${what} on ${name}`, ok: ratio < CLOCK_BOUND, detail });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const wants = (what: string): boolean => !options.only || options.only === what;
  console.log(`fuzz: seed ${options.seed}, ${options.runs} runs${options.quick ? ' (quick)' : ''}`);
  const outcomes: Outcome[] = [];
  const report = (o: Outcome): void => {
    outcomes.push(o);
    console.log(`${o.ok ? 'ok  ' : 'FAIL'} ${o.name}: ${o.detail}`);
  };

  const docs = documentArbitrary(catalog, FUZZ_LIMITS);
  if (wants('parser')) {
    report(
      await property(
        'parser: never throws, leaves cover the text',
        fc.property(docs, (text) => checkParse(parseWith(catalog, text))),
        options,
        options.runs,
      ),
    );
  }

  if (wants('incremental')) {
    report(
      await property(
        'incremental: every reparse equals a fresh parse',
        fc.property(
          baseArbitrary(catalog, 60_000),
          fc.array(editArbitrary(), { minLength: 1, maxLength: 30 }),
          (base, edits) => checkIncremental(catalog, base, edits, false),
        ),
        options,
        Math.max(1, Math.floor(options.runs / 4)),
      ),
    );
    report(
      await property(
        'incremental: diagnostics equal a fresh analysis',
        fc.property(
          baseArbitrary(catalog, 20_000),
          fc.array(editArbitrary(), { minLength: 1, maxLength: 10 }),
          (base, edits) => checkIncremental(catalog, base, edits, true),
        ),
        options,
        Math.max(1, Math.floor(options.runs / 10)),
      ),
    );
  }

  const ls = service();
  if (wants('features')) {
    report(
      await property(
        'features: never throw, answer inside the document',
        fc.property(docs, offsetsArbitrary, fc.boolean(), (text, offsets, outOfRange) =>
          checkFeatures(ls, text, offsets, { outOfRange }),
        ),
        options,
        Math.max(1, Math.floor(options.runs / 4)),
      ),
    );
  }
  if (wants('work')) {
    report(
      await property(
        'work: linear in the input (counted)',
        fc.property(documentArbitrary(catalog), (base) => {
          const text = padded(base);
          const once = countWork(() => runWholeDocument(ls, text));
          const many = countWork(() => runWholeDocument(ls, text.repeat(K)));
          assert.ok(many <= BOUND * K * once, `work ${many} on ${K} copies vs ${once} on one (length ${text.length})`);
        }),
        options,
        Math.max(1, Math.floor(options.runs / 10)),
      ),
    );
  }
  if (wants('clock')) for (const o of clockChecks()) report(o);
  if (wants('catalog')) {
    report(
      await property(
        'catalog: terminal text never carries a raw control character',
        fc.property(hostileText, checkTerminalText),
        options,
        options.runs * 10,
      ),
    );
    report(
      await property(
        'catalog: the decoder keeps only safe names and text',
        fc.property(recordsArbitrary, emojiArbitrary, checkDecodedNames),
        options,
        options.runs,
      ),
    );
    report(
      await property(
        'catalog: a cut download is never spliced',
        fc.asyncProperty(cutScenario, checkCutDownload),
        options,
        Math.max(1, Math.floor(options.runs / 4)),
      ),
    );
  }
  if (wants('output')) {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-fuzz-output-'));
    try {
      report(
        await property(
          'output: every format that claims JSON parses, for random Unicode input',
          fc.asyncProperty(unicodeFiles, (files) => checkMachineOutput(dir, files)),
          options,
          Math.max(1, Math.floor(options.runs / 4)),
        ),
      );
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
    report(
      await property(
        'output: SARIF names a file relative exactly when it is inside the working directory',
        fc.property(sarifPath, checkSarifLocation),
        options,
        options.runs * 10,
      ),
    );
    report(
      await property(
        'output: every JSON-RPC line of bdscript mcp parses, for random Unicode input',
        fc.asyncProperty(unicodeFiles, checkMcpOutput),
        options,
        Math.max(1, Math.floor(options.runs / 4)),
      ),
    );
  }

  if (wants('frames')) {
    report(
      await property(
        'frames: well-formed frames pass the guard byte for byte, however cut',
        fc.asyncProperty(fc.array(validFrame, { minLength: 1, maxLength: 16 }), fc.array(fc.nat()), checkGuardPasses),
        options,
        options.runs,
      ),
    );
    report(
      await property(
        'frames: an unreadable frame ends the stream with its reason',
        fc.asyncProperty(fc.array(validFrame, { maxLength: 8 }), unreadableFrame, fc.array(fc.nat()), checkGuardStops),
        options,
        options.runs,
      ),
    );
    const serverJs = path.resolve(__dirname, '../../dist/server.js');
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bdscript-fuzz-frames-'));
    try {
      report(
        await property(
          'frames: the bundled server answers what follows a random frame or ends with its reason',
          fc.asyncProperty(anyFrame, (frame) => checkFrameOverStdio(serverJs, dir, frame)),
          options,
          Math.max(1, Math.floor(options.runs / 20)),
        ),
      );
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }
  if (wants('settings')) {
    report(
      await property(
        'settings: hostile sources never throw and give complete settings',
        fc.property(fc.array(hostileSettings, { maxLength: 3 }), checkSettingsSources),
        options,
        options.runs,
      ),
    );
  }

  const failed = outcomes.filter((o) => !o.ok);
  console.log(`\n${outcomes.length - failed.length} passed, ${failed.length} failed (seed ${options.seed})`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}

void main();
