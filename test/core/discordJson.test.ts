// Copy as Discord Message JSON gives JSON Discord accepts (issue #23): every reply of every
// fixture (and of each branch its blocks offer), of the wiki corpus, of random and adversarial
// documents passes Discord's field rules (test/support/discordRules.ts, written apart from the
// converter and citing discord-api-docs); `$addTimestamp` is the time of the copy; a URL only the
// running bot knows is left out, and so is each part Discord would refuse, each with a note the
// panel shows.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../../server/src/core/languageService';
import { buildPreview, toDiscordMessage } from '../../server/src/core/preview/model';
import type { PreviewMessage } from '../../server/src/protocol/preview';
import { documentArbitrary } from '../fuzz/arbitraries';
import { budgetArbitrary, previewShapeArbitrary } from '../fuzz/preview';
import { discordProblems } from '../support/discordRules';
import { marked } from '../support/markers';
import { RULE_FIXTURES } from '../support/ruleFixtures';
import { hasCorpus, readCorpus } from '../support/shared';
import { snapshotCatalog } from '../support/testCatalog';

const COPIED = new Date('2026-11-28T12:00:00.000Z');
const SEED = 20261129;

describe('Copy as Discord Message JSON: JSON Discord accepts', function () {
  this.timeout(300_000);
  const catalog = snapshotCatalog();
  const service = new LanguageService({ catalog });
  let version = 0;
  const document = (text: string) => TextDocument.create(`file:///json${++version}.bds`, 'bdscript', 1, text);
  const preview = (text: string, branches?: ReadonlyMap<number, number>): PreviewMessage =>
    service.preview(document(text), branches ? { branches } : undefined);
  const notes = (p: PreviewMessage): string => p.notes.map((n) => n.message).join('\n');

  /** What Discord would refuse of a document's replies: the default one, and one per branch its blocks offer. */
  const refused = (text: string): string[] => {
    const doc = document(text);
    const parsed = service.analyze(doc).parsed;
    const out: string[] = [];
    const check = (p: PreviewMessage<unknown>, what: string): void => {
      const json = toDiscordMessage(p, COPIED);
      // An empty reply sends nothing: there is no message to judge.
      if (Object.keys(json).filter((k) => k !== 'flags').length === 0) return;
      for (const problem of discordProblems(json)) out.push(`${what}: ${problem}`);
    };
    const first = buildPreview(parsed);
    check(first, 'default');
    for (const b of first.branches)
      for (let k = 0; k < b.branches.length; k++)
        if (k !== b.chosen)
          check(buildPreview(parsed, { branches: new Map([[b.block.start, k]]) }), `block ${b.block.start}:${k}`);
    service.forget(doc.uri);
    return out;
  };

  const accepted = (name: string, docs: ReadonlyArray<readonly [string, string]>): void => {
    const problems = docs.flatMap(([label, text]) => refused(text).map((p) => `${label}: ${p}`));
    assert.deepEqual(problems.slice(0, 20), [], `${name}: ${problems.length} refused`);
  };

  it('for test/fixtures and the rule fixtures, in every branch', () => {
    const dir = path.join(__dirname, '..', 'fixtures');
    accepted(
      'test/fixtures',
      readdirSync(dir)
        .filter((f) => f.endsWith('.bds'))
        .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')] as const),
    );
    accepted(
      'rule fixtures',
      Object.entries(RULE_FIXTURES).map(([code, { src }]) => [code, marked(src, { cursor: 'none' }).text] as const),
    );
  });

  it('for the wiki corpus (when ../shared is present)', function () {
    if (!hasCorpus()) return this.skip();
    accepted(
      'corpus',
      readCorpus()
        .filter((b) => !b.syntax)
        .map((b) => [`${b.page}#${b.index}`, b.code] as const),
    );
  });

  it('for random documents, and adversarial shapes at random sizes and budgets (fixed runs)', () => {
    fc.assert(
      fc.property(documentArbitrary(catalog), (text) => assert.deepEqual(refused(text), [])),
      { seed: SEED, numRuns: 80 },
    );
    fc.assert(
      fc.property(previewShapeArbitrary(2000), budgetArbitrary, (text, budget) => {
        const json = toDiscordMessage(buildPreview(service.analyze(document(text)).parsed, { budget }), COPIED);
        if (Object.keys(json).length > 0) assert.deepEqual(discordProblems(json), []);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('the checker refuses what Discord refuses (probes)', () => {
    const probes: Array<[unknown, RegExp]> = [
      [{}, /no content, embeds or components/],
      [{ content: 'x'.repeat(2001) }, /longer than 2000/],
      [{ embeds: [{ thumbnail: { url: '{$authorAvatar}' } }] }, /not an http\(s\) or attachment URL/],
      [{ embeds: [{ author: { name: 'a', url: 'attachment://a.png' } }] }, /author\.url: not an http\(s\) URL/],
      [{ embeds: [{ fields: [{ name: '', value: 'v' }] }] }, /name: 0 characters/],
      [
        { embeds: [{ title: 't'.repeat(256), description: 'd'.repeat(4096) }, { description: 'd'.repeat(2000) }] },
        /over 6000/,
      ],
      [
        {
          components: [
            { type: 1, components: [1, 2, 3, 4, 5, 6].map((k) => ({ type: 2, style: 1, custom_id: `b${k}` })) },
          ],
        },
        /up to 5 buttons/,
      ],
      [
        { components: [{ type: 1, components: [{ type: 2, style: 5, custom_id: 'x', url: 'https://a.example' }] }] },
        /link button with a custom_id/,
      ],
      [
        {
          components: [
            {
              type: 1,
              components: [
                { type: 2, style: 1, custom_id: 'a' },
                { type: 2, style: 1, custom_id: 'a' },
              ],
            },
          ],
        },
        /used twice/,
      ],
      [
        { components: [{ type: 1, components: [{ type: 3, custom_id: 'm', options: [] }] }] },
        /not an array of 1 to 25/,
      ],
      [{ components: [{ type: 1, components: [{ type: 5, custom_id: 'u', options: [] }] }] }, /unknown field options/],
      [
        { flags: 1 << 15, content: 'x', components: [{ type: 10, content: 'y' }] },
        /content or embeds with IS_COMPONENTS_V2/,
      ],
      [{ flags: 1 << 15, components: [{ type: 9, components: [{ type: 10, content: 'y' }] }] }, /accessory: missing/],
      [{ flags: 1 << 1, content: 'x' }, /flags: not allowed/],
    ];
    for (const [json, why] of probes) assert.match(discordProblems(json).join('\n'), why, JSON.stringify(json));
  });

  it('stamps $addTimestamp with the time of the copy', () => {
    const json = toDiscordMessage(preview('$title[Hi]\n$addTimestamp'), COPIED);
    assert.equal(json.embeds?.[0]?.timestamp, '2026-11-28T12:00:00.000Z');
  });

  it('leaves out a URL only the running bot knows, and the notes say which (the panel shows them)', () => {
    const src =
      '$title[Hi]\n$thumbnail[$authorAvatar]\n$image[https://i.example/a.png]\n$footer[F]\n$footerIcon[$serverIcon]\n$author[A]\n$authorURL[$var[site]]\n$authorIcon[not a url]\n$embeddedURL[ftp://x.example]';
    const p = preview(src);
    const json = toDiscordMessage(p, COPIED);
    assert.deepEqual(json.embeds, [
      { title: 'Hi', footer: { text: 'F' }, author: { name: 'A' }, image: { url: 'https://i.example/a.png' } },
    ]);
    const said = notes(p);
    for (const [part, why] of [
      ['embeds[0].thumbnail.url', 'its URL is known only when the command runs'],
      ['embeds[0].footer.icon_url', 'its URL is known only when the command runs'],
      ['embeds[0].author.url', 'its URL is known only when the command runs'],
      ['embeds[0].author.icon_url', 'Discord takes only an http://, https:// or attachment:// URL there'],
      ['embeds[0].url', 'Discord takes only an http:// or https:// URL there'],
    ])
      assert.ok(said.includes(`leaves out \`${part}\`: ${why}`), `${part} in:\n${said}`);
  });

  it('leaves out or cuts each part Discord would refuse, and says so', () => {
    const cases: Array<[string, (json: ReturnType<typeof toDiscordMessage>) => void, RegExp]> = [
      [`${'c'.repeat(2100)}`, (j) => assert.equal(j.content?.length, 2000), /cuts `content` to 2,000 characters/],
      [
        '$addButton[no;$var[url];Site;link]\nHi',
        (j) => assert.equal(j.components, undefined),
        /leaves out `components\[0\]\.components\[0\]\.url`: its URL is known only/,
      ],
      [
        '$addButton[no;a;A;primary]\n$addButton[no;a;B;primary]',
        (j) => assert.equal((j.components?.[0]?.components as unknown[]).length, 1),
        /same custom ID/,
      ],
      [
        '$newSelectMenu[m;1;1;Pick]\nHi',
        (j) => assert.equal(j.components, undefined),
        /a select menu needs at least one option/,
      ],
      [
        '$newSelectMenu[m;1;3;Pick]\n$addSelectMenuOption[m;A;a;x]',
        (j) =>
          assert.equal((j.components?.[0]?.components as Array<{ max_values?: number }>)[0]?.max_values, undefined),
        /leaves out `components\[0\]\.components\[0\]\.max_values`: Discord takes 1 to 1 there/,
      ],
      [
        '$addField[;value]\n$addField[name;value]',
        (j) => assert.equal(j.embeds?.[0]?.fields?.length, 1),
        /leaves out `embeds\[0\]\.fields\[0\]`: Discord needs a text there/,
      ],
      [
        'Hi\n$addContainer[c]\n$addTextDisplay[T;c]',
        (j) => assert.equal(j.content, undefined),
        /leaves out `content`: a message with Components V2 holds only components/,
      ],
      [
        '$addContainer[c]\n$addMediaGallery[g;c]\n$addMediaGalleryItem[$var[u];;no;g]',
        (j) => assert.deepEqual((j.components?.[0] as { components?: unknown[] }).components, []),
        /a media gallery needs at least one item/,
      ],
      [
        Array.from({ length: 7 }, (_, k) => `$addButton[yes;b${k};B;primary]`).join('\n'),
        (j) => assert.equal(j.components?.length, 5),
        /leaves out `components\[5\]`: Discord takes at most 5 there/,
      ],
    ];
    for (const [src, expect, why] of cases) {
      const p = preview(src);
      const json = toDiscordMessage(p, COPIED);
      expect(json);
      assert.match(notes(p), why, src);
      assert.deepEqual(discordProblems(json), [], src);
    }
  });

  it("the user select, role select and the others carry no options (they are Discord's own lists)", () => {
    const json = toDiscordMessage(
      preview('$addContainer[c]\n$addActionRow[r;c]\n$addUserSelect[u;Pick a user;1;1;no;r]'),
      COPIED,
    );
    assert.deepEqual(json.components, [
      {
        type: 17,
        spoiler: false,
        components: [
          {
            type: 1,
            components: [
              { type: 5, custom_id: 'u', placeholder: 'Pick a user', min_values: 1, max_values: 1, disabled: false },
            ],
          },
        ],
      },
    ]);
  });
});
