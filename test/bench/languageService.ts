// In-process benchmarks of the language service: parse alone and parse + full diagnostics on
// generated documents from 10 KB to 8 MB and on adversarial shapes, compared with a bare
// `charCodeAt` pass over the same text in the same repetitions; completion, hover and signature
// help latency at many positions of the 1 MB document; and the cost of one keystroke.

import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from 'vscode-languageserver-types';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { LanguageService } from '../../server/src/core/languageService';
import { parse } from '../../server/src/core/parser/parser';
import type { MarkdownScope } from '../../server/src/core/preview/markdown';
import { markdownLoaded, markdownReader } from '../../server/src/core/preview/markdownLoader';
import { ComponentType, type PreviewMessage, type RichText } from '../../server/src/protocol/preview';
import { ADVERSARIAL_SHAPES, generateCommand, generateDocument, KB, MB, Rng } from '../support/generate';
import {
  keep,
  percentiles,
  ratios,
  sampleInterleaved,
  sampleSync,
  summarize,
  timeMs,
  type Figure,
  type Percentiles,
} from './stats';

export interface SizeResult {
  readonly label: string;
  readonly chars: number;
  readonly lines: number;
  readonly diagnostics: number;
  readonly bare: Figure;
  readonly parse: Figure;
  readonly diagnose: Figure;
  /** Parse + diagnostics over the bare pass, per repetition. */
  readonly ratioToBare: Figure;
  /** Median parse + diagnostics time per MiB of text. */
  readonly msPerMB: number;
}

export interface ShapeResult {
  readonly label: string;
  readonly n: number;
  readonly chars: number;
  readonly diagnose: Figure;
  readonly ratioToBare: Figure;
  readonly msPerMB: number;
  /** The larger n the growth was measured at. */
  readonly growthTo: number;
  /** Time per character at `growthTo` over time per character at n (1 is linear). */
  readonly growth: number;
}

export interface LanguageServiceResults {
  readonly sizes: SizeResult[];
  /** 8 MB per-MB cost over 1 MB per-MB cost (1 is linear). */
  readonly linearity8to1: number;
  readonly command200: Figure & { readonly chars: number };
  readonly adversarial: ShapeResult[];
  readonly positions: {
    readonly completion: Percentiles;
    readonly hover: Percentiles;
    readonly signatureHelp: Percentiles;
    readonly documentHighlight: Percentiles;
    readonly selectionRange: Percentiles;
  };
  /** Formatting the whole 1 MB document (its analysis cached, the chunks' line facts not yet made). */
  readonly format: Figure & { readonly edits: number };
  readonly keystroke: { readonly end: Figure; readonly middle: Figure };
  /** The message model of the 1 MB document (the preview's own work, asked for only by a pull request). */
  readonly preview: Figure & { readonly diagnoseRatio: number };
  /** The page of that model (markdown read up to its page budget), and its size. */
  readonly page: Figure & { readonly chars: number };
  /** Discord's markdown read from every text of that model that gets it, all of it (no page budget). */
  readonly markdown: Figure & { readonly chars: number; readonly texts: number; readonly msPerMb: number };
  /** Loading the markdown reader (markdownLoader.ts) at the first page: time and heap after a collection. */
  readonly markdownLoad: { readonly ms: number; readonly heapKb: number } | { readonly skipped: string };
}

export interface LanguageServiceOptions {
  readonly quick: boolean;
  readonly log: (line: string) => void;
}

/** The floor no parser can beat: one pass reading every code unit. */
export function barePass(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h + text.charCodeAt(i)) | 0;
  return h;
}

let version = 0;

/** Every text of a message that Discord renders markdown in, with its scope (as html.ts reads them). */
function markdownTexts(p: PreviewMessage): Array<[RichText, MarkdownScope]> {
  const out: Array<[RichText, MarkdownScope]> = [];
  const add = (t: RichText | undefined, scope: MarkdownScope): void => {
    if (t && t.parts.length > 0) out.push([t, scope]);
  };
  const component = (c: unknown): void => {
    const node = c as { type?: number; content?: RichText; components?: unknown };
    if (node.type === ComponentType.TextDisplay) add(node.content, 'full');
    else if (Array.isArray(node.components)) for (const child of node.components as unknown[]) component(child);
  };
  add(p.content, 'full');
  for (const e of p.embeds) {
    add(e.title, 'title');
    add(e.description, 'full');
    for (const f of e.fields) {
      add(f.name, 'title');
      add(f.value, 'fieldValue');
    }
  }
  for (const c of p.components) component(c);
  return out;
}

/** A full collection between measurement groups when the runner exposes gc (it does). */
function settle(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Parse + full diagnostics from scratch: the document is forgotten first, so nothing is reused. */
function diagnose(service: LanguageService, uri: string, text: string): number {
  service.forget(uri);
  const document = TextDocument.create(uri, 'bdscript', ++version, text);
  return service.validate(document).length;
}

export function benchLanguageService(catalog: Catalog, options: LanguageServiceOptions): LanguageServiceResults {
  const { quick, log } = options;
  const service = new LanguageService({ catalog });
  const isCallback = (name: string): boolean => catalog.callbacks.forms(name) !== undefined;

  // ---- sizes -------------------------------------------------------------------------------
  const plan: Array<[string, number, number]> = quick
    ? [
        ['10 KB', 10 * KB, 30],
        ['100 KB', 100 * KB, 15],
        ['1 MB', MB, 7],
        ['8 MB', 8 * MB, 3],
      ]
    : [
        ['10 KB', 10 * KB, 200],
        ['100 KB', 100 * KB, 50],
        ['1 MB', MB, 21],
        ['8 MB', 8 * MB, 7],
      ];
  const sizes: SizeResult[] = [];
  const texts = new Map<string, string>();
  for (const [label, size, runs] of plan) {
    const text = generateDocument(catalog, { seed: 1, size });
    if (label === '1 MB') texts.set(label, text);
    const uri = `file:///bench-${label.replace(' ', '')}.bds`;
    const diagnostics = diagnose(service, uri, text);
    // Parse alone in its own loop: interleaved with diagnose it would double the garbage each
    // repetition leaves for the next. The bare pass allocates nothing, so it interleaves.
    settle();
    const parseSamples = sampleSync(() => parse(text, { isCallback }), Math.min(3, runs), runs);
    settle();
    const s = sampleInterleaved(
      { bare: () => barePass(text), diagnose: () => diagnose(service, uri, text) },
      Math.min(3, runs),
      runs,
    );
    service.forget(uri);
    const d = summarize(s.diagnose!, 'ms');
    const result: SizeResult = {
      label,
      chars: text.length,
      lines: text.split('\n').length,
      diagnostics,
      bare: summarize(s.bare!, 'ms'),
      parse: summarize(parseSamples, 'ms'),
      diagnose: d,
      ratioToBare: summarize(ratios(s.diagnose!, s.bare!), '×'),
      msPerMB: d.median / (text.length / MB),
    };
    sizes.push(result);
    log(
      `  ${label}: diagnose ${d.median.toFixed(2)} ms (${result.ratioToBare.median.toFixed(1)}× bare), ${diagnostics} diagnostics`,
    );
  }
  const perMB = (label: string): number => sizes.find((r) => r.label === label)!.msPerMB;
  const linearity8to1 = perMB('8 MB') / perMB('1 MB');

  // ---- a typical 200-line command ----------------------------------------------------------
  const command = generateCommand(catalog, 1, 200);
  const commandSamples = sampleSync(() => diagnose(service, 'file:///command.bds', command), 20, quick ? 100 : 500);
  const command200 = { ...summarize(commandSamples, 'ms'), chars: command.length };
  log(`  200-line command (${command.length} chars): ${command200.median.toFixed(3)} ms`);

  // ---- adversarial shapes at n = 100k, and growth to k·n ------------------------------------
  // Growth compares n = 100k with k·n, k = 8 unless that would pass 8 MB of text (then less, at
  // least 2). Both sizes outgrow the young generation, so the ratio shows how the cost grows
  // and not the one-time step from a tree that dies young to one that is promoted.
  const adversarial: ShapeResult[] = [];
  const n = 100_000;
  for (const [label, shape] of Object.entries(ADVERSARIAL_SHAPES)) {
    const text = shape(n, catalog);
    const k = Math.max(2, Math.min(8, Math.floor((8 * MB) / text.length)));
    const uri = 'file:///adversarial.bds';
    const runs = quick ? 3 : 7;
    settle();
    const s = sampleInterleaved({ bare: () => barePass(text), diagnose: () => diagnose(service, uri, text) }, 1, runs);
    service.forget(uri);
    let large: string | undefined = shape(n * k, catalog);
    const largeLength = large.length;
    settle();
    const largeRuns = sampleSync(() => diagnose(service, uri, large!), 1, quick ? 2 : 3);
    service.forget(uri);
    large = undefined;
    const d = summarize(s.diagnose!, 'ms');
    const perCharLarge = summarize(largeRuns, 'ms').median / largeLength;
    const result: ShapeResult = {
      label,
      n,
      chars: text.length,
      diagnose: d,
      ratioToBare: summarize(ratios(s.diagnose!, s.bare!), '×'),
      msPerMB: d.median / (text.length / MB),
      growthTo: n * k,
      growth: perCharLarge / (d.median / text.length),
    };
    adversarial.push(result);
    log(
      `  ${label} (${text.length} chars): ${d.median.toFixed(1)} ms, growth to n = ${n * k} ×${result.growth.toFixed(2)}`,
    );
  }
  settle();

  // ---- completion, hover and signature help at many positions of the 1 MB document ---------
  const big = texts.get('1 MB')!;
  const document = TextDocument.create('file:///positions.bds', 'bdscript', ++version, big);
  service.validate(document);
  const parsed = service.analyze(document).parsed;
  const rng = new Rng(77);
  const count = quick ? 200 : 1000;
  const positions: Position[] = [];
  for (let k = 0; k < count; k++) {
    // Half anywhere, half where editors ask: after a name, inside arguments.
    let offset: number;
    if (k % 2 === 0) offset = rng.int(0, big.length);
    else {
      const call = rng.pick([...parsed.calls()]);
      const arg = call.args.length > 0 && rng.chance(0.6) ? rng.pick(call.args) : undefined;
      offset = arg ? rng.int(arg.start, arg.end) : rng.int(call.start + 1, call.nameEnd);
    }
    positions.push(document.positionAt(offset));
  }
  const latency = (fn: (p: Position) => unknown): Percentiles => {
    for (const p of positions.slice(0, 50)) keep(fn(p));
    return percentiles(
      positions.map((p) => timeMs(() => fn(p))),
      'ms',
    );
  };
  const completion = latency((p) => service.complete(document, p));
  const hover = latency((p) => service.hover(document, p));
  const signatureHelp = latency((p) => service.signatureHelp(document, p));
  const documentHighlight = latency((p) => service.documentHighlights(document, p));
  const selectionRange = latency((p) => service.selectionRanges(document, [p]));
  log(
    `  positions: completion p95 ${completion.p95.toFixed(3)} ms, hover p95 ${hover.p95.toFixed(3)} ms, signature p95 ${signatureHelp.p95.toFixed(3)} ms, highlight p95 ${documentHighlight.p95.toFixed(3)} ms, selection range p95 ${selectionRange.p95.toFixed(3)} ms`,
  );

  // ---- formatting 1 MB: every line classified (once per chunk) and the edits made -------------
  // Each run formats a new version (one character added at the end), so the chunks' line facts
  // are made again for the chunk the edit replaced, as after a real edit; the first run makes them
  // for every chunk, as the first format of a document does.
  const formatDoc = TextDocument.create('file:///format-1mb.bds', 'bdscript', ++version, big);
  service.validate(formatDoc);
  let formatEdits = 0;
  const formatFirst = timeMs(
    () => (formatEdits = service.format(formatDoc, { tabSize: 4, insertSpaces: true }).length),
  );
  const formatSamples = [formatFirst];
  for (let k = 0; k < (quick ? 6 : 20); k++) {
    const at = formatDoc.positionAt(formatDoc.getText().length);
    TextDocument.update(
      formatDoc,
      [{ range: { start: at, end: at }, text: k % 2 === 0 ? 'x' : ' ' }],
      formatDoc.version + 1,
    );
    service.analyze(formatDoc);
    formatSamples.push(timeMs(() => service.format(formatDoc, { tabSize: 4, insertSpaces: true }).length));
  }
  service.forget(formatDoc.uri);
  const format = { ...summarize(formatSamples, 'ms'), edits: formatEdits };
  log(`  format 1 MB: first ${formatFirst.toFixed(2)} ms, median ${format.median.toFixed(2)} ms, ${formatEdits} edits`);

  // ---- one keystroke: edit + re-analysis and diagnostics -----------------------------------
  const keystroke = (where: 'end' | 'middle'): Figure => {
    const doc = TextDocument.create(`file:///keystroke-${where}.bds`, 'bdscript', ++version, big);
    service.validate(doc);
    const runs = quick ? 10 : 40;
    const samples: number[] = [];
    for (let k = 0; k < runs + 3; k++) {
      const offset = where === 'end' ? doc.getText().length : doc.getText().length >> 1;
      const at = doc.positionAt(offset);
      const ms = timeMs(() => {
        TextDocument.update(doc, [{ range: { start: at, end: at }, text: k % 2 === 0 ? 'x' : ' ' }], doc.version + 1);
        return service.validate(doc).length;
      });
      if (k >= 3) samples.push(ms);
    }
    service.forget(doc.uri);
    return summarize(samples, 'ms');
  };
  const end = keystroke('end');
  const middle = keystroke('middle');
  log(`  keystroke: end ${end.median.toFixed(2)} ms, middle ${middle.median.toFixed(2)} ms`);

  // ---- the message model of 1 MB (the preview pulls it; nothing computes it on a keystroke) ----
  // Without `$stop`, which would end the reply (and the model's walk) early in the generated text.
  const previewDoc = TextDocument.create(
    'file:///preview-1mb.bds',
    'bdscript',
    ++version,
    big.replaceAll('$stop', '$stup'),
  );
  service.validate(previewDoc);
  const previewSamples = sampleSync(() => service.preview(previewDoc).embeds.length, 3, quick ? 7 : 21);
  service.forget(previewDoc.uri);
  const previewFigure = summarize(previewSamples, 'ms');
  const oneMb = sizes.find((s) => s.label === '1 MB');
  const preview = { ...previewFigure, diagnoseRatio: oneMb ? previewFigure.median / oneMb.diagnose.median : NaN };
  log(
    `  preview model, 1 MB: ${previewFigure.median.toFixed(2)} ms (${preview.diagnoseRatio.toFixed(2)}× a full diagnosis)`,
  );

  // ---- the page of that model, and Discord's markdown in it ----
  // Loading the reader first: a process that drew no page yet has not loaded it (markdownLoader.ts).
  let markdownLoad: LanguageServiceResults['markdownLoad'];
  if (markdownLoaded()) markdownLoad = { skipped: 'the reader was loaded before this point' };
  else {
    settle();
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    markdownReader();
    const ms = performance.now() - t0;
    settle();
    markdownLoad = { ms, heapKb: (process.memoryUsage().heapUsed - heap0) / 1024 };
  }
  const model = service.preview(previewDoc);
  const pageOptions = { theme: 'dark', nonce: 'bench', allowImages: false, interactive: true } as const;
  let pageChars = 0;
  const pageFigure = summarize(
    sampleSync(() => (pageChars = service.previewPage(model, pageOptions).length), 3, quick ? 7 : 21),
    'ms',
  );
  const mdTexts = markdownTexts(model);
  const chars = mdTexts.reduce(
    (n, [t]) => n + t.parts.reduce((m, p) => m + (p.kind === 'text' ? p.text.length : 1), 0),
    0,
  );
  const read = markdownReader();
  const markdownFigure = summarize(
    sampleSync(() => mdTexts.map(([t, scope]) => read(t, scope)), 2, quick ? 5 : 11),
    'ms',
  );
  const markdown = {
    ...markdownFigure,
    chars,
    texts: mdTexts.length,
    msPerMb: markdownFigure.median / (chars / 1_000_000),
  };
  log(
    `  preview page, 1 MB: ${pageFigure.median.toFixed(2)} ms, ${(pageChars / 1024).toFixed(0)} KB; markdown of ${mdTexts.length} texts (${chars} chars): ${markdownFigure.median.toFixed(2)} ms (${markdown.msPerMb.toFixed(0)} ms/MB)`,
  );

  return {
    sizes,
    linearity8to1,
    command200,
    adversarial,
    positions: { completion, hover, signatureHelp, documentHighlight, selectionRange },
    format,
    keystroke: { end, middle },
    preview,
    page: { ...pageFigure, chars: pageChars },
    markdown,
    markdownLoad,
  };
}
