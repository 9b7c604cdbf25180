// Measuring for the benchmarks: warm-up runs, then repeated runs summarised as a median with
// min and max; latency samples as p50/p95/max; ratios taken within one repetition so both
// sides saw the same machine state. Also how figures are written in the table.

export interface Figure {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
  readonly unit: string;
}

export interface Percentiles {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly samples: number;
  readonly unit: string;
}

/** Keeps results alive so the optimiser cannot drop the work that made them. */
export let sink: unknown = 0;
export function keep(value: unknown): void {
  sink = value;
}

export function summarize(samples: readonly number[], unit: string): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? NaN : n % 2 === 1 ? sorted[n >> 1]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted[n - 1] ?? NaN, runs: n, unit };
}

export function percentiles(samples: readonly number[], unit: string): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN, samples: sorted.length, unit };
}

/** Milliseconds of one synchronous call. */
export function timeMs(fn: () => unknown): number {
  const t = performance.now();
  keep(fn());
  return performance.now() - t;
}

/** `warmup` unmeasured runs, then `runs` measured ones, in milliseconds. */
export function sampleSync(fn: () => unknown, warmup: number, runs: number): number[] {
  for (let i = 0; i < warmup; i++) keep(fn());
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(timeMs(fn));
  return out;
}

/**
 * Times several functions in the same repetitions, interleaved, so that a ratio between two of
 * them compares runs made under the same conditions. Returns the samples of each, in ms.
 */
export function sampleInterleaved(
  fns: Record<string, () => unknown>,
  warmup: number,
  runs: number,
): Record<string, number[]> {
  const names = Object.keys(fns);
  for (let i = 0; i < warmup; i++) for (const n of names) keep(fns[n]!());
  const out: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, [] as number[]]));
  for (let i = 0; i < runs; i++) for (const n of names) out[n]!.push(timeMs(fns[n]!));
  return out;
}

/** Per-repetition ratios a[i] / b[i]. */
export function ratios(a: readonly number[], b: readonly number[]): number[] {
  return a.map((x, i) => x / b[i]!);
}

/** A number with sensible precision for a table. */
export function fmt(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

export function fmtFigure(f: Figure): [string, string, string] {
  return [fmt(f.median, f.unit), fmt(f.min, f.unit), fmt(f.max, f.unit)];
}

/** A Markdown table: header row, separator, rows; numbers right-aligned. */
export function table(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  align: readonly ('l' | 'r')[] = [],
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number): string =>
    (align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? text.padEnd(widths[i]!) : text.padStart(widths[i]!);
  const line = (cells: readonly string[]): string => `| ${cells.map((c, i) => cell(c, i)).join(' | ')} |`;
  const sep = `|${widths.map((w, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`;
  return [line(header), sep, ...rows.map(line)].join('\n');
}
