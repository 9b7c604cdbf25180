// The wiki corpus through the diagnostics: every code block of ../shared/catalog-facts/corpus.jsonl
// against a catalog built from the wiki facts and the real /function_list sample (real records win).
// No block may crash the service, no catalog name may be called unknown, and no bracket problem
// may come from an escape, and every literal `$jsonParse` argument must read as JSON. What remains
// on runnable blocks was read by hand and is pinned below, so a new finding (or a lost one) must
// be looked at. Skips when ../shared is absent.

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts } from '../../server/src/core/catalog/decode';
import { LanguageService } from '../../server/src/core/languageService';
import { parse } from '../../server/src/core/parser/parser';
import { literalText } from '../../server/src/core/parser/query';
import { JSON_PARSE } from '../../server/src/core/features/json';
import { checkJson } from '../../server/src/core/features/jsonCheck';
import { ENGLISH } from '../../server/src/core/l10n';
import { DEFAULT_SETTINGS } from '../../server/src/core/settings';
import { FACTS_DIR, hasCorpus, readCorpus, REAL_SAMPLE, type CorpusBlock } from '../support/shared';
import { snapshotCatalog } from '../support/testCatalog';

type Block = CorpusBlock;

/**
 * Findings on runnable blocks, read one by one: each is a true positive. The wiki's examples
 * hold a typo (`$mesaage`), a name glued to text (`$pingms`: only a hint that BDFD reads `$ping`
 * and the text "ms", as the page means), a deliberately broken line in the error-handling guide,
 * an emoji-first `$awaitReactions` example that contradicts its own syntax line, and guide blocks
 * that write argument names where values go (`$httpGet[url]`).
 */
const REVIEWED: readonly string[] = [
  'bdscript/channelIDFromName.md#1 unknown-function $mesaage',
  'bdscript/ping.md#1 glued-name $pingms',
  'guides/general/bds2/errorHandling.md#0 empty-argument ',
  'guides/general/httpRequests.md#0 invalid-argument url',
  'guides/general/httpRequests.md#1 invalid-argument url',
  'guides/general/httpRequests.md#2 invalid-argument url',
  'guides/general/httpRequests.md#3 invalid-argument url',
  'guides/general/httpRequests.md#4 invalid-argument url',
  // The modal guide's two syntax lines, each a block of its own that the extraction keeps as
  // code: alone, `$newModal[...]` makes a modal without text inputs (Discord needs 1 to 5) and
  // `$addTextInput[...]` adds to a modal the block never creates. The guide's full example is clean.
  'guides/general/interactions/modals/aboutModals.md#0 modal-limit $newModal',
  'guides/general/interactions/modals/aboutModals.md#1 missing-parent $addTextInput',
  'guides/general/interactions/modals/aboutModals.md#1 invalid-argument (Minimum length',
  'guides/general/interactions/modals/aboutModals.md#1 invalid-argument Maximum length',
  'guides/general/interactions/modals/aboutModals.md#1 invalid-argument Required',
  'guides/general/interactions/modals/aboutModals.md#1 invalid-argument Style',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#0 invalid-argument Max',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#0 invalid-argument Message ID)',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#0 invalid-argument Min',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#1 invalid-argument (Default',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#1 invalid-argument Emoji',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#6 invalid-argument Max',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#6 invalid-argument Message ID)',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#6 invalid-argument Min',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#7 invalid-argument (Default',
  'guides/general/interactions/selectMenus/aboutSelectMenu.md#7 invalid-argument Emoji',
  'guides/general/webhooks.md#1 invalid-argument avatarURL',
  'guides/general/webhooks.md#1 invalid-argument webhookURL',
  'guides/general/webhooks.md#2 invalid-argument webhookURL',
  'guides/general/webhooks.md#3 invalid-argument addTimestamp (yes/no)',
  'guides/general/webhooks.md#3 invalid-argument authorIcon',
  'guides/general/webhooks.md#3 invalid-argument color',
  'guides/general/webhooks.md#3 invalid-argument footerIcon',
  'guides/general/webhooks.md#3 invalid-argument image',
  'guides/general/webhooks.md#3 invalid-argument thumbnail',
  'guides/general/webhooks.md#3 invalid-argument titleURL',
  'guides/general/webhooks.md#3 invalid-argument webhookURL',
  'guides/general/webhooks.md#4 invalid-argument webhookURL',
  'guides/introduction/variables.md#11 invalid-argument Amount',
  'guides/introduction/variables.md#12 invalid-argument Amount',
  'guides/introduction/variables.md#13 invalid-argument Amount',
  'guides/introduction/variables.md#14 invalid-argument Amount',
  'guides/introduction/variables.md#17 invalid-argument Amount',
  'guides/introduction/variables.md#18 invalid-argument Amount',
  'guides/introduction/variables.md#19 invalid-argument Amount',
  'guides/introduction/variables.md#20 invalid-argument Amount',
  'premium/awaitReactions.md#1 invalid-argument no',
  'premium/awaitReactions.md#1 invalid-argument yes',
  // The troubleshooting page shows its payment and roulette commands (#5, #15) whole, then
  // repeats their lines one excerpt per block. As commands of their own the excerpts read `$var`s
  // that only the whole command sets; the whole commands themselves have no variable finding.
  ...times(3, 'resources/troubleshooting.md#10 unset-variable amount'),
  ...times(2, 'resources/troubleshooting.md#10 unset-variable comment'),
  ...times(2, 'resources/troubleshooting.md#10 unset-variable ourNewBalance'),
  ...times(5, 'resources/troubleshooting.md#10 unset-variable target'),
  'resources/troubleshooting.md#11 unset-variable amount',
  'resources/troubleshooting.md#11 unset-variable ourNewBalance',
  ...times(2, 'resources/troubleshooting.md#11 unset-variable target'),
  'resources/troubleshooting.md#12 unset-variable amount',
  'resources/troubleshooting.md#12 unset-variable comment',
  ...times(2, 'resources/troubleshooting.md#12 unset-variable target'),
  'resources/troubleshooting.md#14 unset-variable bet',
  'resources/troubleshooting.md#16 unset-variable bet',
  'resources/troubleshooting.md#17 unset-variable bet',
  ...times(2, 'resources/troubleshooting.md#18 unset-variable bet'),
  'resources/troubleshooting.md#3 unset-variable amount',
  'resources/troubleshooting.md#4 unset-variable amount',
  'resources/troubleshooting.md#8 unset-variable amount',
  'resources/troubleshooting.md#9 unset-variable amount',
];

function times(n: number, entry: string): string[] {
  return Array.from({ length: n }, () => entry);
}

/** Facts about the catalog itself (deprecated, premium, intents): counted, not pinned. */
const CATALOG_FLAG_CODES = new Set(['deprecated', 'premium', 'intents']);
const BRACKET_CODES = new Set(['unclosed-bracket', 'unescaped-bracket', 'stray-bracket', 'unclosed-comment']);

/** The wiki facts write the Emoji type as String with `wikiType: "Emoji"`; restore it. */
function restoreEmojiTypes(records: unknown[]): unknown[] {
  return records.map((r) => {
    const rec = r as { arguments?: Array<Record<string, unknown>> | null };
    if (!Array.isArray(rec.arguments)) return r;
    return {
      ...rec,
      arguments: rec.arguments.map((a) =>
        a['wikiType'] === 'Emoji' && a['type'] === 'String' ? { ...a, type: 'Emoji' } : a,
      ),
    };
  });
}

function formKey(tag: string): string {
  const open = tag.indexOf('[');
  return open < 0 ? tag : tag.slice(0, open) + '[]';
}

/** Real records, then wiki-only forms; wiki callbacks; emoji aliases from the bundled snapshot's facts. */
function corpusCatalog(): Catalog {
  const real = JSON.parse(readFileSync(REAL_SAMPLE, 'utf8')) as Array<{ tag: string }>;
  const wiki = restoreEmojiTypes(
    JSON.parse(readFileSync(path.join(FACTS_DIR, 'function_list.json'), 'utf8')) as unknown[],
  ) as Array<{ tag: string }>;
  const have = new Set(real.map((r) => formKey(r.tag)));
  const decoded = decodeCatalogParts({
    function_list: [...real, ...wiki.filter((w) => !have.has(formKey(w.tag)))],
    callback_list: JSON.parse(readFileSync(path.join(FACTS_DIR, 'callback_list.json'), 'utf8')),
    emoji_alias_list: snapshotCatalog().data.emoji,
  });
  assert.deepEqual(
    decoded.problems.filter((p) => p.severity === 'error'),
    [],
  );
  return new Catalog(decoded.value);
}

/** The text with every escape sequence replaced by neutral letters of the same length. */
function neutralizeEscapes(text: string): string {
  return text.replace(/\\[;\]\\]|%\{-SEMICOL-\}%|%ESCAPED%|%\{DOL\}%/g, (m) => 'x'.repeat(m.length));
}

describe('wiki corpus diagnostics', function () {
  let catalog: Catalog;
  let blocks: Block[];
  const results: Array<{ block: Block; diagnostics: Diagnostic[]; document: TextDocument }> = [];
  const crashes: string[] = [];

  before(function () {
    if (!hasCorpus() || !existsSync(REAL_SAMPLE)) this.skip();
    catalog = corpusCatalog();
    blocks = [...readCorpus()];
    const service = new LanguageService({ catalog, settings: DEFAULT_SETTINGS });
    blocks.forEach((block, i) => {
      const document = TextDocument.create(`file:///corpus/${i}.bds`, 'bdscript', 1, block.code);
      try {
        results.push({ block, document, diagnostics: service.validate(document) });
      } catch (err) {
        crashes.push(`${block.page}#${block.index}: ${(err as Error)?.stack ?? String(err)}`);
      }
    });
  });

  const textOf = (r: (typeof results)[number], d: Diagnostic): string =>
    r.block.code.slice(r.document.offsetAt(d.range.start), r.document.offsetAt(d.range.end));

  it('diagnoses all 990 blocks without a crash, and prints the count of every code', () => {
    assert.equal(blocks.length, 990);
    assert.deepEqual(crashes, []);
    for (const syntax of [false, true]) {
      const counts = new Map<string, number>();
      let n = 0;
      for (const r of results) {
        if (r.block.syntax !== syntax) continue;
        n++;
        for (const d of r.diagnostics) counts.set(String(d.code), (counts.get(String(d.code)) ?? 0) + 1);
      }
      const list = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c, k]) => `${c} ${k}`);
      console.log(
        `      ${syntax ? 'signature templates (syntax: true)' : 'runnable blocks'}: ${n} blocks; ${list.join(', ') || 'no diagnostics'}`,
      );
    }
  });

  it('calls no function or callback of the catalog unknown', () => {
    const wrong: string[] = [];
    for (const r of results) {
      for (const d of r.diagnostics) {
        if (d.code !== 'unknown-function' && d.code !== 'not-a-callback') continue;
        const name = textOf(r, d);
        if (catalog.functions.forms(name) || catalog.callbacks.forms(name))
          wrong.push(`${r.block.page}#${r.block.index} ${name}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('raises no bracket problem that an escape causes', () => {
    const wrong: string[] = [];
    for (const r of results) {
      const bracket = r.diagnostics.filter((d) => BRACKET_CODES.has(String(d.code)));
      if (bracket.length === 0) continue;
      const without = parse(neutralizeEscapes(r.block.code)).problems.length;
      if (bracket.length > without)
        wrong.push(`${r.block.page}#${r.block.index}: ${bracket.map((d) => d.message).join(' | ')}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('finds on runnable blocks exactly the reviewed true positives', () => {
    const found: string[] = [];
    for (const r of results) {
      if (r.block.syntax) continue;
      for (const d of r.diagnostics) {
        if (CATALOG_FLAG_CODES.has(String(d.code))) continue;
        found.push(`${r.block.page}#${r.block.index} ${String(d.code)} ${textOf(r, d)}`);
      }
    }
    assert.deepEqual(found.sort(), [...REVIEWED].sort());
  });

  it('reads every literal `$jsonParse` argument of a runnable block as valid JSON', () => {
    let literals = 0;
    const wrong: string[] = [];
    for (const r of results) {
      if (r.block.syntax) continue;
      const parsed = parse(r.block.code);
      for (const call of parsed.calls()) {
        if (call.name !== JSON_PARSE || call.close < 0 || call.args.length !== 1) continue;
        const literal = literalText(r.block.code, call.args[0]!);
        if (literal === undefined) continue;
        literals++;
        const error = checkJson(literal).error;
        if (error) wrong.push(`${r.block.page}#${r.block.index}: ${ENGLISH.text(error.message)}`);
      }
    }
    console.log(`      literal $jsonParse arguments read as JSON: ${literals}`);
    assert.deepEqual(wrong, []);
    assert.ok(literals >= 20, `the corpus has literal $jsonParse arguments (${literals})`);
  });

  it('reports catalog flags only on calls whose record has them', () => {
    for (const r of results) {
      for (const d of r.diagnostics) {
        if (!CATALOG_FLAG_CODES.has(String(d.code))) continue;
        const name = textOf(r, d);
        const records = [catalog.functions.forms(name), catalog.callbacks.forms(name)].flatMap((f) =>
          f ? [f.bare, f.bracketed] : [],
        );
        const has = records.some((rec) =>
          rec === undefined
            ? false
            : d.code === 'deprecated'
              ? rec.kind === 'function' && rec.deprecated
              : d.code === 'premium'
                ? rec.premium
                : rec.intents !== 0,
        );
        assert.ok(has, `${r.block.page}#${r.block.index}: ${d.message}`);
      }
    }
  });
});
