// `npm run bench`: the benchmarks (never part of `npm test`; speed belongs here, not in timed
// tests). Prints the machine, a Markdown table of every figure (median, min, max over repeated
// runs after warm-ups), the ratios measured within the same runs, and each target as met or
// missed; `--json` prints the figures object instead, `--quick` makes a shorter run. The latest
// table and figures are also written to .bench/latest.md and .bench/latest.json.
//
//   npm run bench -- [--quick] [--json] [--only ls|wire|preview|memory|cli|typing|catalog|web]
//                    [--base DIR] [--node-defaults]
//
// `--only preview` runs only the wire benchmark's typing with the message preview open.
// `memory` is the memory table (ours at rest beside VS Code's JSON language server, the 1 MB
// document open and after 1,000 edits, bytes per MB of text), `cli` the command line as a
// process (start-up, 1 MB beyond it, 256 commands in one process), `typing` the first request
// after a keystroke at the end of 1 MB over stdio. `--base DIR` also measures another checkout's
// build (DIR/dist, DIR/server/bin) in those three, interleaved in the same run, for before/after.
//
// The benchmarks run under the server's own Node flags (SERVER_NODE_FLAGS, which both launchers
// pass), so in-process figures match the server; `--node-defaults` runs without them. The wire
// and web benchmarks need the bundles: run `npm run build` first.

import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../client/src/options';
import { snapshotCatalog } from '../support/testCatalog';
import { benchCatalog, type CatalogResults } from './catalog';
import { benchLanguageService, type LanguageServiceResults } from './languageService';
import { fmt, fmtFigure, table, type Figure, type Percentiles } from './stats';
import { benchCli, type CliResults } from './cli';
import { benchMemory, type Build, type BuildMemory, type MemoryResults } from './memory';
import { benchWeb, type WebResults } from './web';
import {
  benchAtEnd,
  benchPreviewTyping,
  benchWire,
  type AtEndResults,
  type PreviewTypingResults,
  type WireResults,
} from './wire';

interface Target {
  readonly name: string;
  /** What the target says, in words (`< 50 ms`). */
  readonly target: string;
  readonly value: number;
  readonly unit: string;
  readonly met: boolean;
  /** Value over the target's bound: below 1 is within it (for "at least" targets, bound over value). */
  readonly ratio: number;
}

interface Figures {
  readonly command: string;
  readonly machine: {
    cpu: string;
    cores: number;
    memoryGB: number;
    node: string;
    nodeFlags: string[];
    platform: string;
    date: string;
  };
  readonly quick: boolean;
  languageService?: LanguageServiceResults;
  wire?: WireResults | { skipped: string };
  previewTyping?: PreviewTypingResults | { skipped: string };
  memory?: MemoryResults | { skipped: string };
  cli?: CliResults | { skipped: string };
  atEnd?: AtEndResults | { skipped: string };
  catalog?: CatalogResults;
  web?: WebResults;
  targets: Target[];
}

function atMost(name: string, target: string, value: number, bound: number, unit: string): Target {
  return { name, target, value, unit, met: value < bound, ratio: value / bound };
}

function atLeast(name: string, target: string, value: number, bound: number, unit: string): Target {
  return { name, target, value, unit, met: value >= bound, ratio: bound / value };
}

function targets(f: Figures): Target[] {
  const out: Target[] = [];
  const ls = f.languageService;
  if (ls) {
    const mb = ls.sizes.find((s) => s.label === '1 MB')!;
    out.push(atMost('1 MB diagnosed (parse + full diagnostics)', '< 50 ms', mb.diagnose.median, 50, 'ms'));
    out.push(atMost('1 MB diagnosed vs a bare charCodeAt pass', '≤ 25×', mb.ratioToBare.median, 25, '×'));
    const longLine = ls.adversarial.find((s) => s.label === 'one long line');
    if (longLine)
      out.push(
        atMost('One 1 MB line diagnosed vs a bare charCodeAt pass', '≤ 25×', longLine.ratioToBare.median, 25, '×'),
      );
    out.push(atMost('Linear to 8 MB: per-MB cost 8 MB / 1 MB', '≤ 1.25', ls.linearity8to1, 1.25, '×'));
    for (const s of ls.adversarial) {
      out.push(
        atMost(`Linear on ${s.label}: per-char cost at n=${s.growthTo / 1000}k / n=100k`, '≤ 1.5', s.growth, 1.5, '×'),
      );
    }
    out.push(atMost('Completion p95 on 1 MB', '< 5 ms', ls.positions.completion.p95, 5, 'ms'));
    out.push(atMost('Hover p95 on 1 MB', '< 5 ms', ls.positions.hover.p95, 5, 'ms'));
    out.push(atMost('Signature help p95 on 1 MB', '< 5 ms', ls.positions.signatureHelp.p95, 5, 'ms'));
    out.push(atMost('Document highlight p95 on 1 MB', '≤ 5 ms', ls.positions.documentHighlight.p95, 5, 'ms'));
    out.push(atMost('Selection range p95 on 1 MB', '≤ 5 ms', ls.positions.selectionRange.p95, 5, 'ms'));
    out.push(atMost('Formatting 1 MB (the slowest run)', '≤ 100 ms', ls.format.max, 100, 'ms'));
    out.push(atMost('Typical 200-line command diagnosed', '< 2 ms', ls.command200.median, 2, 'ms'));
  }
  const wire = f.wire;
  if (wire && !('skipped' in wire)) {
    out.push(
      atMost('Spawn to first completion (bundled snapshot)', '< 300 ms', wire.spawnToCompletion.median, 300, 'ms'),
    );
    out.push(
      atMost('Completion, first request after an edit of 1 MB (p95)', '≤ 5 ms', wire.afterEdit.completion.p95, 5, 'ms'),
    );
    out.push(atMost('Hover, first request after an edit of 1 MB (p95)', '≤ 5 ms', wire.afterEdit.hover.p95, 5, 'ms'));
    out.push(
      atMost(
        'Signature help, first request after an edit of 1 MB (p95)',
        '≤ 5 ms',
        wire.afterEdit.signatureHelp.p95,
        5,
        'ms',
      ),
    );
    out.push(
      atMost(
        'Keystroke → diagnostics published, 1 MB (p95, with debounce)',
        '≤ 90 ms',
        wire.keystrokeToDiagnosticsP.p95,
        90,
        'ms',
      ),
    );
    if (Number.isFinite(wire.check.inProcessMs)) {
      const bound = 2 * (wire.check.inProcessMs + wire.check.startup.median);
      out.push(
        atMost(
          'bdscript check on 1 MB as a process vs 2 × (in process + start-up)',
          `≤ ${fmt(bound, 'ms')}`,
          wire.check.process.median,
          bound,
          'ms',
        ),
      );
    }
    out.push(atMost('Server RSS, full catalog and emoji map loaded', '< 100 MB', wire.rssLoadedMB, 100, 'MB'));
    out.push(
      atMost(
        `Server RSS after ${wire.edits} edits of a 200-line command`,
        '< 100 MB',
        wire.rssCommandEditsMB,
        100,
        'MB',
      ),
    );
    out.push(atMost('Server RSS, 1 MB document open', '< 100 MB', wire.rssOpenMB, 100, 'MB'));
    out.push(
      atMost(`Server RSS after ${wire.edits} edits of the 1 MB document`, '≤ 100 MB', wire.rssAfterEditsMB, 100, 'MB'),
    );
    out.push(
      atMost(
        `Server RSS after ${wire.edits} edits of the 1 MB document, 1 s later`,
        '≤ 100 MB',
        wire.rssAfterEditsIdleMB,
        100,
        'MB',
      ),
    );
  }
  const pt = f.previewTyping;
  if (pt && !('skipped' in pt)) {
    out.push(
      atMost(
        'Typing in 1 MB with the preview open: completion p95 added',
        '≤ 10 ms',
        pt.with.completion.p95 - pt.without.completion.p95,
        10,
        'ms',
      ),
    );
    out.push(
      atMost(
        'Typing in 1 MB with the preview open: diagnostics p95 added',
        '≤ 10 ms',
        pt.with.diagnostics.p95 - pt.without.diagnostics.p95,
        10,
        'ms',
      ),
    );
  }
  const mem = f.memory;
  if (mem && !('skipped' in mem)) {
    const ours = mem.builds[0]!;
    if (!('skipped' in mem.json)) {
      const bound = mem.json.rest.median + 3;
      out.push(
        atMost(
          `Server RSS at rest vs VS Code's JSON server ${mem.json.version} (${fmt(mem.json.rest.median, 'MB')})`,
          `≤ ${fmt(bound, 'MB')}`,
          ours.rest.median,
          bound,
          'MB',
        ),
      );
      if (ours.rested && mem.json.rested && mem.restedPauseMs) {
        const rested = mem.json.rested.median + 3;
        out.push(
          atMost(
            `Server RSS at rest, ${mem.restedPauseMs / 1000} s, vs VS Code's JSON server (${fmt(mem.json.rested.median, 'MB')})`,
            `≤ ${fmt(rested, 'MB')}`,
            ours.rested.median,
            rested,
            'MB',
          ),
        );
      }
    }
    out.push(atMost('Server RSS, 1 MB document open (fresh server)', '≤ 100 MB', ours.open1MB.median, 100, 'MB'));
    out.push(
      atMost(
        `Server RSS after ${mem.edits} edits of the 1 MB document (fresh server)`,
        '≤ 100 MB',
        ours.afterEdits.median,
        100,
        'MB',
      ),
    );
    out.push(
      atMost(
        `Server RSS after ${mem.edits} edits of the 1 MB document, 1 s later`,
        '≤ 100 MB',
        ours.afterEditsIdle.median,
        100,
        'MB',
      ),
    );
    if (ours.afterEditsRested && mem.restedPauseMs)
      out.push(
        atMost(
          `Server RSS after ${mem.edits} edits of the 1 MB document, ${mem.restedPauseMs / 1000} s later`,
          '≤ 100 MB',
          ours.afterEditsRested.median,
          100,
          'MB',
        ),
      );
  }
  const end = f.atEnd;
  if (end && !('skipped' in end)) {
    const ours = end.builds[0]!;
    out.push(
      atMost('Completion right after `$addBu` at the end of 1 MB (p95, stdio)', '≤ 5 ms', ours.completion.p95, 5, 'ms'),
    );
    out.push(atMost('Hover right after typing at the end of 1 MB (p95, stdio)', '≤ 5 ms', ours.hover.p95, 5, 'ms'));
    out.push(
      atMost(
        'Signature help right after typing at the end of 1 MB (p95, stdio)',
        '≤ 5 ms',
        ours.signatureHelp.p95,
        5,
        'ms',
      ),
    );
    out.push(
      atMost('Keystroke at the end of 1 MB → diagnostics (p95, stdio)', '≤ 90 ms', ours.diagnostics.p95, 90, 'ms'),
    );
  }
  const cli = f.cli;
  if (cli && !('skipped' in cli)) {
    const ours = cli.builds[0]!;
    out.push(atMost('bdscript check start-up (an empty file, a process)', '≤ 120 ms', ours.startup.median, 120, 'ms'));
    out.push(atMost('bdscript check, 1 MB beyond start-up (a process)', '≤ 150 ms', ours.beyondStartupMs, 150, 'ms'));
  }
  const cat = f.catalog;
  if (cat) {
    const list = cat.load.find((l) => l.label.startsWith('/function_list, identity'));
    const listBr = cat.load.find((l) => l.label.startsWith('/function_list, br'));
    if (list)
      out.push(atLeast('Service /function_list (identity)', '≥ 10,000 req/s', list.requestsPerSecond, 10_000, 'req/s'));
    if (listBr)
      out.push(
        atLeast(
          'Service /function_list (br, as the client asks)',
          '≥ 10,000 req/s',
          listBr.requestsPerSecond,
          10_000,
          'req/s',
        ),
      );
    const a = cat.attack;
    out.push(
      atMost(
        `Well-behaved client p99 while ${a.slowClients.toLocaleString('en-US')} slow clients attack`,
        '< 100 ms',
        a.attacked.p99Ms,
        100,
        'ms',
      ),
    );
  }
  const web = f.web;
  if (web) {
    const worker = web.bundles.find((b) => b.file === 'dist/web/server.js');
    if (worker)
      out.push(
        atMost(
          'Web worker bundle as downloaded (gzip), snapshot included',
          '< 256 KB',
          worker.gzipBytes / 1024,
          256,
          'KB',
        ),
      );
    if (!('skipped' in web.startup))
      out.push(
        atMost(
          'Web worker start → first diagnostics (Chromium)',
          '< 500 ms',
          web.startup.firstDiagnostics.median,
          500,
          'ms',
        ),
      );
  }
  return out;
}

function render(f: Figures): string {
  const parts: string[] = [];
  const m = f.machine;
  parts.push(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB.toFixed(0)} GB, Node ${m.node} ${m.nodeFlags.length > 0 ? `(${m.nodeFlags.join(' ')}) ` : '(default flags) '}` +
      `on ${m.platform}; ${m.date}${f.quick ? ' (quick run)' : ''}`,
  );
  parts.push(`Command: ${f.command}`);

  const ls = f.languageService;
  if (ls) {
    const rows: string[][] = [];
    for (const s of ls.sizes) {
      rows.push([`Parse, ${s.label} (${s.lines.toLocaleString('en-US')} lines)`, ...fmtFigure(s.parse), '']);
      rows.push([
        `Parse + diagnostics, ${s.label}`,
        ...fmtFigure(s.diagnose),
        `${fmt(s.msPerMB)} ms/MB, ${s.diagnostics} diagnostics`,
      ]);
      rows.push([
        `  ratio to bare pass, ${s.label}`,
        ...fmtFigure(s.ratioToBare),
        `bare pass ${fmt(s.bare.median, 'ms')}`,
      ]);
    }
    rows.push(['Per-MB cost, 8 MB / 1 MB', fmt(ls.linearity8to1, '×'), '', '', '1 = linear']);
    rows.push([`Typical 200-line command (${ls.command200.chars} chars)`, ...fmtFigure(ls.command200), '']);
    for (const s of ls.adversarial) {
      rows.push([
        `Adversarial: ${s.label}, n = 100k (${(s.chars / 1024 / 1024).toFixed(2)} MB)`,
        ...fmtFigure(s.diagnose),
        `${fmt(s.msPerMB)} ms/MB, ${fmt(s.ratioToBare.median)}× bare; per char at n = ${s.growthTo / 1000}k ×${fmt(s.growth)}`,
      ]);
    }
    for (const [name, p] of Object.entries(ls.positions)) {
      rows.push([
        `${name} on 1 MB, ${p.samples} positions`,
        `p50 ${fmt(p.p50, 'ms')}`,
        `p95 ${fmt(p.p95, 'ms')}`,
        `max ${fmt(p.max, 'ms')}`,
        '',
      ]);
    }
    rows.push([
      'Formatting 1 MB (a new version each run; the first makes every line fact)',
      ...fmtFigure(ls.format),
      `${ls.format.edits} edits`,
    ]);
    rows.push(['Keystroke at the end of 1 MB (edit + re-analysis + diagnostics)', ...fmtFigure(ls.keystroke.end), '']);
    rows.push(['Keystroke in the middle of 1 MB', ...fmtFigure(ls.keystroke.middle), '']);
    rows.push([
      'Message preview model of 1 MB (pulled by the preview only)',
      ...fmtFigure(ls.preview),
      `${ls.preview.diagnoseRatio.toFixed(2)}× a full diagnosis`,
    ]);
    rows.push([
      'Message preview page of that model (markdown to the page budget)',
      ...fmtFigure(ls.page),
      `${fmt(ls.page.chars / 1024, 'KB')} of HTML`,
    ]);
    rows.push([
      "Discord's markdown, every text of that model",
      ...fmtFigure(ls.markdown),
      `${fmt(ls.markdown.msPerMb, 'ms')}/MB; ${ls.markdown.texts} texts, ${fmt(ls.markdown.chars / 1024, 'KB')}`,
    ]);
    rows.push([
      'Markdown reader loaded at the first page',
      'skipped' in ls.markdownLoad ? '' : fmt(ls.markdownLoad.ms, 'ms'),
      '',
      '',
      'skipped' in ls.markdownLoad
        ? ls.markdownLoad.skipped
        : `heap +${fmt(ls.markdownLoad.heapKb, 'KB')} after a collection`,
    ]);
    for (const s of ls.previewShapes) {
      rows.push([
        `Preview (model + JSON) on ${s.label}, ${(s.chars / 1024 / 1024).toFixed(2)} MB`,
        ...fmtFigure(s.preview),
        `${fmt(s.previewMsPerMB)} ms/MB, ${fmt(s.ratioToCheck)}× check (${fmt(s.check.median, 'ms')})${s.truncated ? ', stopped at its budget' : ''}; without a budget ${fmt(s.unboundedMsPerMB)} ms/MB`,
      ]);
    }
    parts.push(
      '### Language service (in process)\n\n' +
        table(['Benchmark', 'median', 'min', 'max', 'notes'], rows, ['l', 'r', 'r', 'r', 'l']),
    );
  }

  const wire = f.wire;
  if (wire) {
    if ('skipped' in wire) parts.push(`### Over the wire\n\nSkipped: ${wire.skipped}`);
    else {
      const rows: string[][] = [
        [
          'Spawn → initialize → didOpen → first completion',
          ...fmtFigure(wire.spawnToCompletion),
          'bundled snapshot, offline',
        ],
        ...(['completion', 'hover', 'signatureHelp'] as const).map((name) => {
          const p = wire.afterEdit[name];
          return [
            `${name}, first request after an edit of 1 MB (${p.samples} samples)`,
            `p50 ${fmt(p.p50, 'ms')}`,
            `p95 ${fmt(p.p95, 'ms')}`,
            `max ${fmt(p.max, 'ms')}`,
            'from the last didChange to the answer',
          ];
        }),
        [
          'Keystroke → publishDiagnostics, 1 MB document',
          ...fmtFigure(wire.keystrokeToDiagnostics),
          `p95 ${fmt(wire.keystrokeToDiagnosticsP.p95, 'ms')}; ${wire.debounceMs !== undefined ? `includes the server's ${wire.debounceMs} ms debounce` : ''}`,
        ],
        [
          'bdscript check, 1 MB file, whole process',
          ...fmtFigure(wire.check.process),
          `start-up (one-line file) ${fmt(wire.check.startup.median, 'ms')}; in process ${fmt(wire.check.inProcessMs, 'ms')}`,
        ],
        ['Server RSS, catalog and emoji map loaded', fmt(wire.rssLoadedMB, 'MB'), '', '', 'after the first completion'],
        [
          `Server RSS after ${wire.edits} edits of a 200-line command`,
          fmt(wire.rssCommandEditsMB, 'MB'),
          '',
          '',
          'diagnostics awaited every 10th edit',
        ],
        ['Server RSS, 1 MB document open and diagnosed', fmt(wire.rssOpenMB, 'MB'), '', '', ''],
        [
          `Server RSS after ${wire.edits} edits of the 1 MB document`,
          fmt(wire.rssAfterEditsMB, 'MB'),
          '',
          '',
          'diagnostics awaited every 10th edit',
        ],
        [`  the same, 1 s later (the user stopped typing)`, fmt(wire.rssAfterEditsIdleMB, 'MB'), '', '', ''],
      ];
      parts.push(
        `### Over the wire (node ${wire.nodeFlags.join(' ')} dist/server.js --stdio)\n\n` +
          table(['Benchmark', 'median', 'min', 'max', 'notes'], rows, ['l', 'r', 'r', 'r', 'l']),
      );
    }
  }

  const pt = f.previewTyping;
  if (pt) {
    if ('skipped' in pt) parts.push(`### Typing with the message preview open\n\nSkipped: ${pt.skipped}`);
    else {
      const row = (label: string, a: Percentiles, b: Percentiles): string[] => [
        label,
        `${fmt(a.p50, 'ms')} / ${fmt(a.p95, 'ms')}`,
        `${fmt(b.p50, 'ms')} / ${fmt(b.p95, 'ms')}`,
        `${fmt(b.p50 / a.p50, '×')} / ${fmt(b.p95 / a.p95, '×')}`,
        `${fmt(a.max, 'ms')} / ${fmt(b.max, 'ms')}`,
      ];
      const spread = (pick: (r: PreviewTypingResults['perRound'][number]) => readonly [number, number]): string =>
        pt.perRound.map((r) => `${fmt(pick(r)[0], 'ms')} → ${fmt(pick(r)[1], 'ms')}`).join('; ');
      parts.push(
        `### Typing with the message preview open (1 MB, \`$stop\` taken out)\n\n` +
          `${pt.rounds} round(s) of ${pt.keysPerRound} keystrokes each way, on fresh servers, alternating; pauses of ${pt.gapMs[0]}–${pt.gapMs[1]} ms; ` +
          `a completion request right after each keystroke; with the preview, \`bdscript/preview\` (with the page) ${pt.clientDebounceMs} ms after the last change` +
          `${pt.clientCancels ? ', the running one cancelled by the next change' : ', never cancelled'}` +
          `${pt.clientPageOnly ? ', the page alone (pageOnly)' : ', with the model and the JSON'}, as client/src/preview.ts does. ` +
          `Previews: ${pt.with.requested} asked, ${pt.with.answered} answered (p50 ${fmt(pt.with.previewAnswer.p50, 'ms')}, page ${fmt(pt.with.previewBytes / 1024, 'KB')}), ` +
          `${pt.with.refused} refused; ${pt.with.keysDuringPreview} keystrokes came while one was running. ` +
          `Diagnostics skipped by the debounce: ${pt.without.superseded} without, ${pt.with.superseded} with.\n\n` +
          table(
            [
              'Keystroke →',
              'without preview p50 / p95',
              'with preview p50 / p95',
              'ratio p50 / p95',
              'max without / with',
            ],
            [
              row('completion answered', pt.without.completion, pt.with.completion),
              row('publishDiagnostics', pt.without.diagnostics, pt.with.diagnostics),
            ],
            ['l', 'r', 'r', 'r', 'r'],
          ) +
          `\n\np95 per round, without → with: completion ${spread((r) => r.completionP95)}; diagnostics ${spread((r) => r.diagnosticsP95)}`,
      );
    }
  }

  const mem = f.memory;
  if (mem) {
    if ('skipped' in mem) parts.push(`### Memory\n\nSkipped: ${mem.skipped}`);
    else {
      const json = 'skipped' in mem.json ? undefined : mem.json;
      const rows: string[][] = [];
      const mbRow = (label: string, pick: (b: BuildMemory) => Figure | undefined, note: string, vsJson?: Figure) => {
        // A figure the other build's bench did not take (an older checkout) reads n/a.
        const median = (b: BuildMemory | undefined) => (b && pick(b)?.median) ?? NaN;
        const cell = (b: BuildMemory) => (Number.isNaN(median(b)) ? 'n/a' : fmt(median(b), 'MB'));
        const row = [label, ...mem.builds.map(cell)];
        const ours = median(mem.builds[0]);
        if (mem.builds.length > 1) {
          const change = ours - median(mem.builds[1]);
          row.push(Number.isNaN(change) ? 'n/a' : fmt(change, 'MB'));
        }
        row.push(
          vsJson
            ? `${fmt(ours / vsJson.median, '×')} the JSON server's (${fmt(ours - vsJson.median, 'MB')}); ${note}`
            : note,
        );
        rows.push(row);
      };
      const rested = mem.restedPauseMs ? `${mem.restedPauseMs / 1000} s` : '';
      mbRow(
        'RSS at rest (a 2-line command, one hover)',
        (b) => b.rest,
        `median of ${mem.builds[0]!.rest.runs}, ${mem.restPauseMs / 1000} s after the hover`,
        json?.rest,
      );
      mbRow("  of it anonymous (the process's own, not the Node binary)", (b) => b.restAnon, '');
      if (rested) {
        mbRow(
          `  the same, ${rested} after the hover`,
          (b) => b.rested,
          'past the rest collection (node/memory.ts)',
          json?.rested,
        );
        mbRow('  of it anonymous', (b) => b.restedAnon, '');
      }
      mbRow('RSS, 1 MB document open and diagnosed', (b) => b.open1MB, 'fresh server, 1 s after the diagnostics');
      if (rested) mbRow(`  the same, ${rested} after the diagnostics`, (b) => b.open1MBRested, '');
      mbRow(
        `RSS after ${mem.edits} edits of the 1 MB document`,
        (b) => b.afterEdits,
        'fresh server, diagnostics awaited every 10th edit',
      );
      mbRow('  the same, 1 s later', (b) => b.afterEditsIdle, '');
      if (rested) mbRow(`  the same, ${rested} later`, (b) => b.afterEditsRested, '');
      mbRow(
        '  during the edits (median)',
        (b) => b.duringEdits,
        'right after each awaited diagnostics from the first tenth of the edits on; the figure at once is the last of them',
      );
      const head = ['Memory', ...mem.builds.map((b) => b.label)];
      if (mem.builds.length > 1) head.push('change');
      head.push('notes');
      const align = head.map((_, i) => (i === 0 || i === head.length - 1 ? 'l' : 'r')) as Array<'l' | 'r'>;
      const refs =
        (json
          ? `VS Code's JSON language server (vscode-langservers-extracted ${json.version}) at rest, the same steps: ${fmt(json.rest.median, 'MB')} ` +
            `(anonymous ${fmt(json.restAnon.median, 'MB')})` +
            (json.rested && rested
              ? `, ${rested} after the hover ${fmt(json.rested.median, 'MB')} (anonymous ${fmt(json.restedAnon?.median ?? NaN, 'MB')}); `
              : '; ')
          : `VS Code's JSON language server: ${'skipped' in mem.json ? mem.json.skipped : ''}; `) +
        `a bare Node waiting: ${fmt(mem.bare.median, 'MB')}.`;
      const per = mem.perMB
        ? `\n\nIn process, per MB of text (the 1 MB document, ${fmt(mem.perMB.textMB)} MiB): the tree ${fmt(mem.perMB.treeMB, 'MB')}, ` +
          `the whole analysis (tree, per-chunk facts, path model, findings) ${fmt(mem.perMB.analysisMB, 'MB')}; Lezer's tree holds 3.9 MB per MB of JavaScript.`
        : '';
      parts.push(`### Memory\n\n${refs}\n\n` + table(head, rows, align) + per);
    }
  }

  const end = f.atEnd;
  if (end) {
    if ('skipped' in end)
      parts.push(`### The first request after a keystroke at the end of 1 MB\n\nSkipped: ${end.skipped}`);
    else {
      const rows: string[][] = [];
      const pRow = (label: string, pick: (b: AtEndResults['builds'][number]) => Percentiles) =>
        rows.push([
          label,
          ...end.builds.map((b) => `${fmt(pick(b).p50, 'ms')} / ${fmt(pick(b).p95, 'ms')} / ${fmt(pick(b).max, 'ms')}`),
        ]);
      pRow('completion right after `$addBu`', (b) => b.completion);
      pRow('hover right after `$title[x]`', (b) => b.hover);
      pRow('signature help right after `$random[1;]`', (b) => b.signatureHelp);
      pRow('keystroke → publishDiagnostics', (b) => b.diagnostics);
      parts.push(
        `### The first request after a keystroke at the end of 1 MB (stdio)\n\n` +
          `${end.samples} samples each: a new last line and a word typed one didChange per character, the request at once, ` +
          `timed from the last didChange to the answer; every 4th round one character typed and timed to its diagnostics ` +
          `(the server's debounce included).${end.builds.length > 1 ? ' The builds ran side by side, samples alternating.' : ''}\n\n` +
          table(['p50 / p95 / max', ...end.builds.map((b) => b.label)], rows, [
            'l',
            ...end.builds.map(() => 'r' as const),
          ]),
      );
    }
  }

  const cli = f.cli;
  if (cli) {
    if ('skipped' in cli) parts.push(`### Command line\n\nSkipped: ${cli.skipped}`);
    else {
      const rows: string[][] = [
        ['start-up: an empty file, first run (empty cache folder)', ...cli.builds.map((b) => fmt(b.firstRunMs, 'ms'))],
        ['start-up: an empty file (median)', ...cli.builds.map((b) => fmt(b.startup.median, 'ms'))],
        ['the 1 MB document (median)', ...cli.builds.map((b) => fmt(b.oneMB.median, 'ms'))],
        ['  1 MB beyond start-up', ...cli.builds.map((b) => fmt(b.beyondStartupMs, 'ms'))],
        [`${cli.commands} commands in one process (median)`, ...cli.builds.map((b) => fmt(b.folder.median, 'ms'))],
        ['  per command beyond start-up', ...cli.builds.map((b) => fmt(b.perCommandMs, 'ms'))],
      ];
      parts.push(
        `### Command line (\`node server/bin/bdscript check --format json\`, a process per run)\n\n` +
          `${cli.runs} runs each after a first one with an empty cache folder; the ${cli.commands} commands are ${cli.commandsFrom} ` +
          `(${fmt(cli.commandBytes / 1024, 'KB')}).${cli.builds.length > 1 ? ' The builds ran interleaved.' : ''} ` +
          `Node alone (\`node -e 0\`, in the same rounds) took ${fmt(cli.bareNode.median, 'ms')} (median): every ` +
          `start-up below includes it.\n\n` +
          table(['Command line', ...cli.builds.map((b) => b.label)], rows, [
            'l',
            ...cli.builds.map(() => 'r' as const),
          ]),
      );
    }
  }

  const cat = f.catalog;
  if (cat) {
    const rows: string[][] = [
      [
        `Decode the full catalog (${cat.decode.functions} functions, ${cat.decode.emoji} emoji, ${(cat.decode.bytes / 1024).toFixed(0)} KB)`,
        ...fmtFigure(cat.decode),
        'JSON.parse + decode + index',
      ],
      ['Refresh answered with 304s (five conditional GETs)', ...fmtFigure(cat.refresh304), '127.0.0.1'],
    ];
    parts.push(
      '### Catalog\n\n' + table(['Benchmark', 'median', 'min', 'max', 'notes'], rows, ['l', 'r', 'r', 'r', 'l']),
    );
    const ms = (v: number): string => (v < 1 ? '< 1 ms' : fmt(v, 'ms'));
    const loadRows = cat.load.map((l) => [
      l.label,
      fmt(l.requestsPerSecond),
      ms(l.latencyP50Ms),
      ms(l.latencyP99Ms),
      ms(l.latencyMaxMs),
      `${fmt(l.bytesPerSecond / 1024 / 1024)} MB/s`,
      `${(l.serviceCpu * 100).toFixed(0)}%`,
      `${(l.clientCpu * 100).toFixed(0)}%`,
      String(l.failures),
    ]);
    parts.push(
      `Service load (autocannon in ${cat.workers} worker threads, ${cat.connections} keep-alive connections, ${cat.durationSeconds} s each; ` +
        `the service in its own process on 127.0.0.1; CPU in shares of one core; latency has autocannon's 1 ms resolution):\n\n` +
        table(
          ['Endpoint', 'req/s', 'p50', 'p99', 'max', 'throughput', 'service CPU', 'load tool CPU', 'failures'],
          loadRows,
        ),
    );
    const a = cat.attack;
    const attackRows = [
      ['alone', a.calm],
      [`while ${a.slowClients.toLocaleString('en-US')} slow clients attack`, a.attacked],
    ].map(([phase, p]) => {
      const f = p as typeof a.calm;
      return [
        phase as string,
        f.requests.toLocaleString('en-US'),
        fmt(f.p50Ms, 'ms'),
        fmt(f.p99Ms, 'ms'),
        fmt(f.maxMs, 'ms'),
        String(f.failures),
      ];
    });
    parts.push(
      `A well-behaved client during a slow-client attack (${a.durationSeconds} s each: sequential GETs of /function_list as the catalog client asks, ` +
        `each on a new connection; each slow client sends a request line, then one header line every 5 s, never finishing, and reconnects ` +
        `1-2 s after losing its connection; the service with its default limits; at the end it held ${a.service.open} connections and had ` +
        `evicted ${a.service.evicted.toLocaleString('en-US')} and refused ${a.service.refused.toLocaleString('en-US')}):\n\n` +
        table(['Phase', 'requests', 'p50', 'p99', 'max', 'failures'], attackRows),
    );
  }

  const web = f.web;
  if (web) {
    const kb = (n: number): string => `${fmt(n / 1024)} KB`;
    const rows: string[][] = web.bundles.map((b) => [
      b.file + (b.file === 'dist/web/server.js' ? ` (snapshot ${kb(web.snapshotBytes)} of it)` : ''),
      kb(b.bytes),
      kb(b.gzipBytes),
      kb(b.brotliBytes),
    ]);
    parts.push(
      '### Web extension\n\nWhat ships for the web, built as `npm run package` builds it (minified, no source maps):\n\n' +
        table(['Bundle', 'raw', 'gzip -9', 'brotli -11'], rows, ['l', 'r', 'r', 'r']),
    );
    if ('skipped' in web.startup) parts.push(`Worker start-up skipped: ${web.startup.skipped}`);
    else {
      const s = web.startup;
      parts.push(
        `Start-up in a dedicated web worker of headless ${web.chromium ?? 'Chromium'}, timed in the page, bundled snapshot, offline, the showcase command opened right after \`initialized\`:\n\n` +
          table(
            ['Benchmark', 'median', 'min', 'max', 'notes'],
            [
              ['new Worker → initialize answered', ...fmtFigure(s.initialize), 'fetches, compiles and runs the bundle'],
              [
                'new Worker → first publishDiagnostics',
                ...fmtFigure(s.firstDiagnostics),
                `snapshot decoded, command diagnosed; ${s.firstDiagnostics.runs} runs after warm-up`,
              ],
            ],
            ['l', 'r', 'r', 'r', 'l'],
          ),
      );
    }
  }

  if (f.targets.length > 0) {
    const rows = f.targets.map((t) => [
      t.name,
      t.target,
      fmt(t.value, t.unit),
      t.met ? 'met' : '**missed**',
      fmt(t.ratio, '×'),
    ]);
    parts.push(
      '### Targets\n\n' +
        table(['Target', 'bound', 'measured', 'result', 'measured / bound'], rows, ['l', 'l', 'r', 'l', 'r']),
    );
  }
  return parts.join('\n\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const json = argv.includes('--json');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined;
  const baseIndex = argv.indexOf('--base');
  const base = baseIndex >= 0 ? argv[baseIndex + 1] : undefined;
  const parts = ['ls', 'wire', 'preview', 'memory', 'cli', 'typing', 'catalog', 'web'];
  for (const [i, a] of argv.entries()) {
    if (i === baseIndex + 1 && baseIndex >= 0) continue;
    if (!['--quick', '--json', '--only', '--base', '--node-defaults', ...parts].includes(a)) {
      throw new Error(
        `unknown option ${a}; use --quick, --json, --only ${parts.join('|')}, --base DIR, --node-defaults`,
      );
    }
  }
  if (baseIndex >= 0 && !base) throw new Error('--base needs the folder of another checkout');
  const builds: Build[] = [{ label: 'this build', root: path.resolve(__dirname, '../..') }];
  if (base) builds.push({ label: `base (${path.basename(path.resolve(base))})`, root: path.resolve(base) });
  const hasServerFlags = SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag));
  if (!hasServerFlags && !argv.includes('--node-defaults')) {
    // Run again under the server's Node flags (tsx's own loader flags are in execArgv already),
    // with gc exposed so that measurement groups start from a collected heap.
    const child = spawn(
      process.execPath,
      [...process.execArgv, ...SERVER_NODE_FLAGS, '--expose-gc', __filename, ...argv],
      { stdio: 'inherit' },
    );
    await new Promise<void>((resolve) => {
      child.on('exit', (code, signal) => {
        process.exitCode = code ?? (signal ? 1 : 0);
        resolve();
      });
    });
    return;
  }
  const wants = (what: string): boolean => !only || only === what;
  // Progress goes to stderr so that `--json` output stays machine-readable.
  const log = (line: string): void => void process.stderr.write(line + '\n');

  const cpus = os.cpus();
  const figures: Figures = {
    command: `npm run bench${argv.length > 0 ? ' -- ' + argv.join(' ') : ''}`,
    machine: {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      memoryGB: os.totalmem() / 2 ** 30,
      node: process.version,
      nodeFlags: process.execArgv.filter(
        (a) => !a.includes('tsx') && !a.startsWith('--require') && !a.startsWith('--import') && a !== '--expose-gc',
      ),
      platform: `${os.platform()} ${os.release()}`,
      date: new Date().toISOString(),
    },
    quick,
    targets: [],
  };
  const catalog = snapshotCatalog();
  if (wants('ls')) {
    log('language service ...');
    figures.languageService = benchLanguageService(catalog, { quick, log });
  }
  if (wants('wire')) {
    log('over the wire ...');
    const mb = figures.languageService?.sizes.find((s) => s.label === '1 MB');
    figures.wire = await benchWire(catalog, { quick, log, ...(mb ? { inProcessDiagnoseMs: mb.diagnose.median } : {}) });
    if ('skipped' in figures.wire) log(`  skipped: ${figures.wire.skipped}`);
  }
  if (wants('wire') || only === 'preview') {
    log('typing with the message preview open ...');
    figures.previewTyping = await benchPreviewTyping(catalog, { quick, log });
    if ('skipped' in figures.previewTyping) log(`  skipped: ${figures.previewTyping.skipped}`);
  }
  if (wants('memory')) {
    log('memory ...');
    figures.memory = await benchMemory(catalog, builds, { quick, log });
    if ('skipped' in figures.memory) log(`  skipped: ${figures.memory.skipped}`);
  }
  if (wants('typing')) {
    log('the first request after a keystroke at the end of 1 MB ...');
    figures.atEnd = await benchAtEnd(catalog, builds, { quick, log });
    if ('skipped' in figures.atEnd) log(`  skipped: ${figures.atEnd.skipped}`);
  }
  if (wants('cli')) {
    log('command line ...');
    figures.cli = benchCli(catalog, builds, { quick, log });
    if ('skipped' in figures.cli) log(`  skipped: ${figures.cli.skipped}`);
  }
  if (wants('catalog')) {
    log('catalog ...');
    figures.catalog = await benchCatalog({ quick, log });
  }
  if (wants('web')) {
    log('web extension ...');
    figures.web = await benchWeb({ quick, log });
    if ('skipped' in figures.web.startup) log(`  start-up skipped: ${figures.web.startup.skipped}`);
  }
  figures.targets = targets(figures);
  const rendered = render(figures);
  // The latest run is also kept in .bench/ (ignored by git) for the README's Benchmarks section.
  const dir = path.resolve(__dirname, '../../.bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(figures, null, 2) + '\n');
  writeFileSync(path.join(dir, 'latest.md'), rendered + '\n');
  if (json) process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
  else process.stdout.write('\n' + rendered + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exitCode = 1;
});

export type { Figure };
