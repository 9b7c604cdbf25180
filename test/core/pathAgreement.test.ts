// The preview and the rules agree on every path (issue #23): for every fixture (test/fixtures, the
// rule fixtures, the path fixtures below, and the wiki corpus when ../shared is present), each
// execution path the rules walk (features/paths.ts `walkPaths`, with a marker in every branch so a
// path says which branches it took) is drawn by the preview with those branches chosen, and the
// legacy action rows, the fields of each embed, the embeds' text total and the content's
// characters that the rules count on that path (their own walkers and per-chunk events:
// components.ts, embeds.ts, messages.ts) are what the preview draws. Where the rules count a lower
// bound by design, the path is not compared, and the test says which: a `$removeComponent` on the
// path (the rules take it as a reset of every row), and an embed call whose index is not a literal
// from 1 to 10 (the rules leave it out; the preview shows it in embed 1 with a note).

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  legacyRowCounter,
  responseComponentCalls,
  type ComponentEvent,
  type LegacyRowState,
} from '../../server/src/core/features/components';
import {
  embedEvents,
  emptyEmbedTotal,
  stepEmbedTotal,
  type EmbedEvent,
  type EmbedTotal,
} from '../../server/src/core/features/embeds';
import { messageRuns } from '../../server/src/core/features/messages';
import { pathModel, walkPaths, type PathModel } from '../../server/src/core/features/paths';
import { LanguageService } from '../../server/src/core/languageService';
import type { Block } from '../../server/src/core/parser/blocks';
import type { ParsedDocument } from '../../server/src/core/parser/tree';
import { branchCount, hasElse } from '../../server/src/core/preview/branches';
import { buildPreview, type PreviewModel } from '../../server/src/core/preview/model';
import type { RichText } from '../../server/src/protocol/preview';
import { UNLIMITED } from '../fuzz/preview';
import { marked } from '../support/markers';
import { RULE_FIXTURES } from '../support/ruleFixtures';
import { hasCorpus, readCorpus } from '../support/shared';
import { snapshotCatalog } from '../support/testCatalog';

type Marker =
  | { readonly at: number; readonly kind: 'begin' }
  | { readonly at: number; readonly kind: 'branch'; readonly key: string }
  | { readonly at: number; readonly kind: 'stop' };
type Ev =
  | Marker
  | { readonly at: number; readonly kind: 'component'; readonly event: ComponentEvent }
  | { readonly at: number; readonly kind: 'embed'; readonly event: EmbedEvent }
  | { readonly at: number; readonly kind: 'run'; readonly count: number };

/** What one path holds: the rules' own counts, and the markers that name the path's branches. */
interface PathState {
  readonly begun: boolean;
  readonly branches: readonly string[];
  /** Where the path met a `$stop` (it ends there), or -1. */
  readonly stoppedAt: number;
  readonly rows: LegacyRowState;
  /** A `$removeComponent` ran on the path: the rules count rows from zero after it (a lower bound). */
  readonly removed: boolean;
  readonly fields: Readonly<Record<number, number>>;
  readonly total: EmbedTotal;
  readonly content: number;
}

/** The branches of a block a path can take through code: those with a body, each with an offset inside it. */
function branchStarts(block: Block): Array<{ branch: number; at: number }> {
  const out: Array<{ branch: number; at: number }> = [];
  const heads = block.branches;
  for (let k = 0; k <= heads.length; k++) {
    const start = k === 0 ? block.opener.end : (heads[k - 1]?.start ?? -1);
    const end = k < heads.length ? (heads[k]?.start ?? -1) : (block.closer?.start ?? block.end);
    if (start >= 0 && start < end) out.push({ branch: k, at: start });
  }
  return out;
}

function allBlocks(parsed: ParsedDocument): Block[] {
  const out: Block[] = [];
  const stack = [...parsed.blocks];
  while (stack.length > 0) {
    const b = stack.pop();
    if (!b) break;
    out.push(b);
    stack.push(...b.children);
  }
  return out.sort((a, b) => a.start - b.start);
}

function inAsync(block: Block): boolean {
  for (let b: Block | null = block; b; b = b.parent) if (b.kind === 'async') return true;
  return false;
}

/** Code points that are not blanks, in the literal parts of a text: what the rules count of it for sure. */
function visibleChars(t: RichText | undefined): number {
  let n = 0;
  for (const p of t?.parts ?? []) if (p.kind === 'text') for (const ch of p.text) if (!/\s/.test(ch)) n++;
  return n;
}

/** The rules' measure of one embed text (embeds.ts `certain`): a literal counts whole (trimmed), else its visible characters. */
function certainChars(t: RichText | undefined): number {
  if (!t) return 0;
  if (t.parts.every((p) => p.kind === 'text'))
    return [
      ...t.parts
        .map((p) => (p.kind === 'text' ? p.text : ''))
        .join('')
        .trim(),
    ].length;
  return visibleChars(t);
}

/** What the preview draws that the rules count. */
function drawn(p: PreviewModel): {
  rows: number;
  lastRow: number;
  lastIsSelect: boolean;
  fields: Record<number, number>;
  total: number;
  content: number;
} {
  const rows = p.components.filter((c) => c.type === 1);
  const last = rows[rows.length - 1];
  const lastComponents = last && last.type === 1 ? last.components : [];
  const fields: Record<number, number> = {};
  let total = 0;
  for (const e of p.embeds) {
    if (e.index < 1 || e.index > 10) continue;
    if (e.fields.length > 0) fields[e.index] = e.fields.length;
    total +=
      certainChars(e.title) + certainChars(e.description) + certainChars(e.footer?.text) + certainChars(e.author?.name);
    for (const f of e.fields) total += certainChars(f.name) + certainChars(f.value);
  }
  return {
    rows: rows.length,
    lastRow: lastComponents.length,
    lastIsSelect: lastComponents.some((c) => c.type !== 2),
    fields,
    total,
    content: visibleChars(p.content),
  };
}

/** Compares every path of one document; returns what disagrees, one line each. */
function agreement(parsed: ParsedDocument): { paths: number; compared: number; problems: string[] } {
  const model: PathModel = pathModel(parsed);
  const blocks = allBlocks(parsed).filter((b) => b.kind !== 'async' && !inAsync(b));
  const events: Ev[] = [{ at: 0, kind: 'begin' }];
  for (const b of blocks)
    for (const { branch, at } of branchStarts(b)) events.push({ at, kind: 'branch', key: `${b.start}:${branch}` });
  for (const s of model.stops) events.push({ at: s, kind: 'stop' });
  const components = responseComponentCalls(parsed);
  const v2 = components.some((c) => !['button', 'selectMenu', 'selectOption', 'reset'].includes(c.role));
  for (const c of components)
    if (c.role === 'button' || c.role === 'selectMenu' || c.role === 'reset')
      events.push({ at: c.start, kind: 'component', event: { at: c.start, call: c } });
  for (const e of embedEvents(parsed)) events.push({ at: e.at, kind: 'embed', event: e });
  for (const r of messageRuns(parsed)) events.push({ at: r.at, kind: 'run', count: r.count });
  const rowCounter = legacyRowCounter();
  const ends = walkPaths<Ev, PathState>(model, events, {
    initial: {
      begun: false,
      branches: [],
      stoppedAt: -1,
      rows: rowCounter.initial,
      removed: false,
      fields: {},
      total: emptyEmbedTotal(),
      content: 0,
    },
    key: (s) => JSON.stringify([s.begun, s.branches, s.stoppedAt, s.rows, s.removed, s.fields, s.total.key, s.content]),
    step: (s, e) => {
      switch (e.kind) {
        case 'begin':
          return { ...s, begun: true };
        case 'branch':
          return { ...s, branches: [...s.branches, e.key] };
        case 'stop':
          return s.stoppedAt >= 0 ? s : { ...s, stoppedAt: e.at };
        case 'component':
          return {
            ...s,
            rows: rowCounter.step(s.rows, e.event),
            removed: s.removed || e.event.call.name === '$removeComponent',
          };
        case 'embed': {
          const fields =
            e.event.part === 'field' ? { ...s.fields, [e.event.index]: (s.fields[e.event.index] ?? 0) + 1 } : s.fields;
          return { ...s, fields, total: stepEmbedTotal(s.total, e.event) };
        }
        case 'run':
          return { ...s, content: s.content + e.count };
      }
    },
  });
  const problems: string[] = [];
  let compared = 0;
  for (const end of ends) {
    const s = end.state;
    // A path that starts inside (an `$async` body, or a branch the file cannot place) is not a whole reply.
    if (!s.begun) continue;
    const taken = new Map<number, number>();
    for (const key of s.branches) {
      const [start, branch] = key.split(':').map(Number);
      taken.set(start ?? -1, branch ?? 0);
    }
    // Every block the path reaches takes a branch: the one it marked, or the one without a body
    // ("none of them" for an `$if` without `$else`).
    const choices = new Map<number, number>();
    for (const b of blocks) {
      if (s.stoppedAt >= 0 && b.start > s.stoppedAt) continue;
      let reached = true;
      for (let inner: Block = b, outer = b.parent; outer; inner = outer, outer = outer.parent) {
        // The branch of `outer` that holds `inner`: the last that starts at or before it.
        const holder = branchStarts(outer)
          .filter((x) => x.at <= inner.start)
          .pop();
        if (!holder || holder.branch !== taken.get(outer.start)) reached = false;
      }
      if (!reached) continue;
      const mine = taken.get(b.start);
      choices.set(b.start, mine ?? (b.kind === 'if' && !hasElse(b) ? branchCount(b) - 1 : 0));
    }
    const preview = buildPreview(parsed, { branches: choices, budget: UNLIMITED });
    const shown = new Map(preview.branches.map((b) => [b.block.start, b.chosen]));
    const where = `path ${JSON.stringify([...choices])}`;
    for (const [start, branch] of choices) {
      const got = shown.get(start);
      if (got !== undefined && got !== branch)
        problems.push(`${where}: the preview took branch ${got} of the block at ${start}`);
    }
    const keys = (m: PreviewModel) => m.notes.map((n) => (typeof n.message === 'object' ? n.message.key : ''));
    const d = drawn(preview);
    if (!v2 && !s.removed) {
      const rules = {
        rows: s.rows.rows,
        lastRow: s.rows.rows === 0 ? 0 : s.rows.select ? 1 : s.rows.inRow,
        lastIsSelect: s.rows.rows > 0 && s.rows.select,
      };
      const mine = { rows: d.rows, lastRow: d.lastRow, lastIsSelect: d.lastIsSelect };
      if (JSON.stringify(rules) !== JSON.stringify(mine))
        problems.push(`${where}: rows ${JSON.stringify(mine)}, the rules count ${JSON.stringify(rules)}`);
    }
    if (!keys(preview).includes('preview.note.embedIndex')) {
      const rulesFields = Object.fromEntries(
        Object.entries(s.fields).filter(([i]) => Number(i) >= 1 && Number(i) <= 10),
      );
      if (JSON.stringify(rulesFields) !== JSON.stringify(d.fields))
        problems.push(`${where}: fields ${JSON.stringify(d.fields)}, the rules count ${JSON.stringify(rulesFields)}`);
      if (s.total.sum !== d.total)
        problems.push(`${where}: embed text ${d.total} characters, the rules count ${s.total.sum}`);
    }
    if (s.content !== d.content)
      problems.push(`${where}: content ${d.content} characters, the rules count ${s.content}`);
    compared++;
  }
  return { paths: ends.length, compared, problems };
}

/** Paths the other fixtures seldom take: handlers, stops, `$try`, nested and exclusive blocks. */
const PATH_FIXTURES: readonly string[] = [
  '$if[$customID==open]\nOpening $username\n$addButton[no;close;Close;danger]\n$title[Ticket]\n$endif\n$if[$customID==close]\nClosing\n$addButton[yes;reopen;Reopen;primary]\n$addButton[no;delete;Delete;danger]\n$addField[Reason;$var[r]]\n$endif',
  '$if[$message==]\nUsage: !say <text>\n$stop\n$endif\n$description[$message]\n$addField[From;$username;yes]\nSent.',
  '$try\n$addButton[no;a;A;primary]\nTried $var[x]\n$catch\nFailed: $error[message]\n$addField[Error;$error[message]]\n$endtry\nEnd',
  '$if[$var[n]>5]\nBig\n$addButton[no;b1;B;primary]\n$addButton[no;b2;B;primary]\n$elseif[$var[n]<3]\nSmall\n$newSelectMenu[m;1;1;Pick]\n$addSelectMenuOption[m;A;a;First]\n$else\nMiddle\n$endif\n$if[$var[n]==10]\nTen\n$addButton[no;b3;C;success]\n$endif',
  '$title[First title]\n$if[$var[x]==1]\n$title[Second, longer title]\n$addField[a;b]\n$else\n$title[$username]\n$endif\n$addField[c;d]\n$description[  spaced  ]',
  '$addButton[no;a;A;primary]\n$addButton[no;b;B;primary]\n$addButton[no;c;C;primary]\n$addButton[no;d;D;primary]\n$addButton[no;e;E;primary]\n$addButton[no;f;F;primary]\n$addButton[$var[row];g;G;primary]\n$addButton[;h;H;primary]',
  '$newSelectMenu[m;1;1;Pick]\n$addButton[no;a;A;primary]\n$removeButtons\n$addButton[no;b;B;primary]',
  '$if[$var[a]==1]\nA\n$if[$var[b]==1]\nAB\n$addField[x;y;;2]\n$else\nA-not-B\n$stop\n$endif\nafter inner\n$else\nnot A\n$endif\ntail',
  '$async[job]\n$addButton[no;x;X;primary]\nlater\n$endasync\nNow \\; escaped %{DOL}% and 😀 emoji\n$await[job]',
  '$if[$customID==a]\n$if[$customID==b]\nnever\n$endif\nonly a\n$endif',
];

describe('the preview and the rules agree on every path (issue #23)', function () {
  this.timeout(300_000);
  const service = new LanguageService({ catalog: snapshotCatalog() });
  let version = 0;
  const parse = (text: string): ParsedDocument =>
    service.analyze(TextDocument.create(`file:///agree${++version}.bds`, 'bdscript', 1, text)).parsed;

  const check = (name: string, docs: ReadonlyArray<readonly [string, string]>, minCompared: number): void => {
    const problems: string[] = [];
    let compared = 0;
    for (const [label, text] of docs) {
      const result = agreement(parse(text));
      compared += result.compared;
      for (const p of result.problems) problems.push(`${label}: ${p}`);
    }
    assert.deepEqual(problems.slice(0, 20), [], `${name}: ${problems.length} disagreements`);
    assert.ok(compared >= minCompared, `${name}: only ${compared} paths compared`);
  };

  it('on the path fixtures', () => {
    check(
      'path fixtures',
      PATH_FIXTURES.map((t, i) => [`path fixture ${i}`, t] as const),
      20,
    );
  });

  it('on test/fixtures', () => {
    const dir = path.join(__dirname, '..', 'fixtures');
    const files = readdirSync(dir).filter((f) => f.endsWith('.bds'));
    check(
      'test/fixtures',
      files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')] as const),
      files.length,
    );
  });

  it('on the rule fixtures', () => {
    check(
      'rule fixtures',
      Object.entries(RULE_FIXTURES).map(([code, { src }]) => [code, marked(src, { cursor: 'none' }).text] as const),
      Object.keys(RULE_FIXTURES).length,
    );
  });

  it('on the wiki corpus (when ../shared is present)', function () {
    if (!hasCorpus()) return this.skip();
    const blocks = readCorpus().filter((b) => !b.syntax);
    check(
      'corpus',
      blocks.map((b) => [`${b.page}#${b.index}`, b.code] as const),
      blocks.length,
    );
  });
});
