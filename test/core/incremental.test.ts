// Incremental parsing: a reparse from the previous version equals a fresh parse (tree, problems,
// blocks, facts, diagnostics) over random documents and edit sequences; an edit rescans only the
// chunks around it and reuses the rest, with their cached facts; and cases found by the property.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { knownNamesOf, LanguageService } from '../../server/src/core/languageService';
import { CHUNK_TARGET } from '../../server/src/core/parser/chunk';
import { changedRegion, parse, reparse, reparseChange } from '../../server/src/core/parser/parser';
import { ChunkCache } from '../../server/src/core/parser/facts';
import type { Block } from '../../server/src/core/parser/blocks';
import type { ParsedDocument } from '../../server/src/core/parser/tree';
import { VARIABLE_RULE } from '../../server/src/core/features/variables';
import { DocumentRule } from '../../server/src/core/features/carry';
import { componentCalls } from '../../server/src/core/features/components';
import { messageRuns } from '../../server/src/core/features/messages';
import { pathModel } from '../../server/src/core/features/paths';
import { generateDocument } from '../support/generate';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { detachAll, detached } from '../../server/src/core/detach';
import { snapshotCatalog } from '../support/testCatalog';
import { assertSameParse, baseArbitrary, checkIncremental, editArbitrary } from '../fuzz/incremental';
import { wholeText } from '../../server/src/core/parser/text';

const SEED = 20261124;

describe('incremental parsing', function () {
  this.timeout(120_000);
  const catalog = snapshotCatalog();
  const options = {
    isCallback: (name: string) => catalog.callbacks.forms(name) !== undefined,
    knownNames: knownNamesOf(catalog),
  };

  it('equals a fresh parse after every edit of random edit sequences (property)', () => {
    fc.assert(
      fc.property(
        baseArbitrary(catalog, 12_000),
        fc.array(editArbitrary(), { minLength: 1, maxLength: 12 }),
        (base, edits) => checkIncremental(catalog, base, edits, false),
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('gives the diagnostics of a fresh analysis after every edit through the language service (property)', () => {
    fc.assert(
      fc.property(
        baseArbitrary(catalog, 8_000),
        fc.array(editArbitrary(), { minLength: 1, maxLength: 6 }),
        (base, edits) => checkIncremental(catalog, base, edits, true),
      ),
      { seed: SEED + 1, numRuns: 40 },
    );
  });

  it('gives the diagnostics of a fresh analysis when only every third version is validated (property)', () => {
    fc.assert(
      fc.property(
        baseArbitrary(catalog, 8_000),
        fc.array(editArbitrary(), { minLength: 3, maxLength: 9 }),
        (base, edits) => checkIncremental(catalog, base, edits, true, 3),
      ),
      { seed: SEED + 2, numRuns: 40 },
    );
  });

  it('rescans only the chunks around an edit and keeps the facts of the others', () => {
    const text = generateDocument(catalog, { seed: 5, size: 200_000 });
    const before = parse(text, options);
    assert.ok(before.chunkCount > 50, `${before.chunkCount} chunks`);
    let computed = 0;
    const PROBE = new ChunkCache<number>('probe');
    const probe = (doc: typeof before): void => {
      for (let i = 0; i < doc.chunkCount; i++) doc.cached(PROBE, i, '', () => ++computed);
    };
    probe(before);
    assert.equal(computed, before.chunkCount);
    computed = 0;
    const at = text.indexOf('\n', text.length >> 1) + 1;
    const edited = text.slice(0, at) + '$addBu' + text.slice(at);
    const after = reparse(before, edited, options);
    assertSameParse(after, parse(edited, options), 'one edit');
    probe(after);
    assert.ok(computed >= 1 && computed <= 3, `an edit in one line made ${computed} new chunks of ${after.chunkCount}`);
  });

  it('keeps the block tree (and what the path model makes of it) for an edit after every block, and makes a new one otherwise', () => {
    const handler = (k: number) => `$if[$customID==b${k % 7}]\nHandler ${k} $title[t]\n$else\nother\n$endif\n`;
    const text = Array.from({ length: 400 }, (_, k) => handler(k)).join('') + 'after the blocks\n';
    const before = parse(text, options);
    assert.ok(before.chunkCount > 3, `${before.chunkCount} chunks`);
    const blocks = before.blocks;
    const tracked = pathModel(before).tracked;
    assert.equal(tracked.size, 1);
    // Typing at the end, after the last block: the same tree and the same tracked values.
    let typed = text + 'x';
    let after = reparse(before, typed, options);
    assert.equal(after.blocks, blocks, 'typing after the last block keeps the block tree');
    assertSameParse(after, parse(typed, options), 'typed at the end');
    assert.equal(pathModel(after).tracked, tracked, 'and the values the path model tracks');
    // Deleting there too.
    typed = text;
    after = reparse(after, typed, options);
    assert.equal(after.blocks, blocks, 'a deletion after the last block keeps it as well');
    // An edit before a block's end (its blocks moved to their new offsets), a block call or an
    // `$else` typed after the last block (matched again): a new tree, the same as a fresh parse's.
    const edits: Array<[string, string]> = [
      ['an edit inside a block', typed.replace('Handler 399', 'Handler 3999')],
      ['a block call after the last block', `${typed}$if[$customID==z]`],
      ['an $else typed after the last block', `${typed}$else`],
    ];
    for (const [what, edited] of edits) {
      const again = reparse(after, edited, options);
      assert.notEqual(again.blocks, blocks, what);
      assertSameParse(again, parse(edited, options), what);
    }
    // A condition changed in place keeps the blocks but not what the model made of the conditions.
    const renamed = typed.replace('$customID==b6\nHandler 398', '$customID==c6\nHandler 398');
    const changed = reparse(after, renamed, options);
    assertSameParse(changed, parse(renamed, options), 'a condition changed');
    assert.deepEqual([...pathModel(changed).tracked], [...pathModel(parse(renamed, options)).tracked]);
    // An unclosed block ends at the end of the text: typing there matches again.
    const open = `${typed}$if[$customID==q]\nopen `;
    const opened = reparse(after, open, options);
    const openAfter = reparse(opened, `${open}x`, options);
    assert.notEqual(openAfter.blocks, opened.blocks);
    assertSameParse(openAfter, parse(`${open}x`, options), 'typed inside an unclosed block');
  });

  it('moves the block tree for an edit before or inside blocks instead of matching them again', () => {
    // A generated command (nested blocks of every kind, some unpaired), and an `$async` left open.
    const text = `${generateDocument(catalog, { seed: 3, size: 60_000 })}\n$async[j]\n`;
    const before = parse(text, options);
    // Matched, as validating the version matches them.
    const callsBefore = before.blockCalls;
    const parents = (doc: ParsedDocument): void => {
      const work = doc.blocks.map((b) => [b, null] as [Block, Block | null]);
      for (let item = work.pop(); item; item = work.pop()) {
        assert.equal(item[0].parent, item[1], "each block is its parent's child");
        for (const child of item[0].children) work.push([child, item[0]]);
      }
    };
    // Text typed at the start of the middle line: the tree moved.
    const at = text.indexOf('\n', text.length >> 1) + 1;
    const typed = `${text.slice(0, at)}x${text.slice(at)}`;
    const after = reparse(before, typed, options);
    assertSameParse(after, parse(typed, options), 'typed in the middle');
    parents(after);
    assert.notEqual(after.blocks, before.blocks);
    // The calls before the edit are the same objects, not matched again; those after moved.
    const kept = callsBefore.filter((c) => c.end < at);
    assert.ok(kept.length > 100, `${kept.length} block calls before the edit`);
    for (const call of kept) assert.equal(after.blockCalls[callsBefore.indexOf(call)], call);
    // The unclosed `$async` moved with the end of the text.
    assert.equal(after.blocks.at(-1)!.end, typed.length);
    // A deletion there moves it back; a block call typed there matches again, as a fresh parse does.
    const back = reparse(after, text, options);
    assertSameParse(back, parse(text, options), 'deleted again');
    parents(back);
    const call = `${text.slice(0, at)}$endif${text.slice(at)}`;
    assertSameParse(reparse(back, call, options), parse(call, options), 'a block call typed in the middle');
  });

  it('keeps chunks near their target size under many edits in one place', () => {
    let text = generateDocument(catalog, { seed: 6, size: 60_000 });
    let doc = parse(text, options);
    const at = text.indexOf('\n', 30_000) + 1;
    for (let k = 0; k < 300; k++) {
      text = text.slice(0, at + k) + 'x' + text.slice(at + k);
      doc = reparse(doc, text, options);
    }
    assertSameParse(doc, parse(text, options), '300 edits');
    const sizes = Array.from({ length: doc.chunkCount }, (_, i) => doc.chunkEnd(i) - doc.chunkStart(i));
    const small = sizes.filter((s) => s < CHUNK_TARGET / 8).length;
    assert.ok(small <= 2, `${small} chunks under ${CHUNK_TARGET / 8} characters: ${sizes.join(',')}`);
  });

  it('joins a lone \\r before a chunk boundary with a \\n inserted after it', () => {
    // Lines without closed top-level calls, so chunks end at line starts.
    const text = Array.from({ length: 1500 }, (_, k) => `Hello $username, you have ${k} points\r`).join('');
    const before = parse(text, options);
    assert.ok(before.chunkCount > 3);
    let lineBoundaries = 0;
    for (let i = 1; i < before.chunkCount; i++) {
      const at = before.chunkStart(i);
      if (text[at - 1] !== '\r') continue;
      lineBoundaries++;
      for (const insert of ['\n', '\nx', '$c[', ']']) {
        const edited = text.slice(0, at) + insert + text.slice(at);
        assertSameParse(
          reparse(before, edited, options),
          parse(edited, options),
          `${JSON.stringify(insert)} at chunk ${i}`,
        );
      }
    }
    assert.ok(lineBoundaries > 3, `${lineBoundaries} chunks start a line`);
  });

  it('ends chunks after closed top-level calls, so one long line is reparsed in pieces', () => {
    const text = generateDocument(catalog, { seed: 12, size: 60_000 }).replace(/[\r\n]/g, ' ');
    const before = parse(text, options);
    assert.ok(before.chunkCount > 10, `${before.chunkCount} chunks on one line`);
    for (let i = 1; i < before.chunkCount; i++) {
      const at = before.chunkStart(i);
      assert.equal(text[at - 1], ']', `chunk ${i} starts after ${JSON.stringify(text[at - 1])}`);
      for (const insert of ['[', 'x', '$title', ']', ';', '\\']) {
        const edited = text.slice(0, at) + insert + text.slice(at);
        assertSameParse(
          reparse(before, edited, options),
          parse(edited, options),
          `${JSON.stringify(insert)} at chunk ${i}`,
        );
      }
    }
  });

  it('reads a bare call at the end of a chunk again when a `[` or letters are typed after its line break is removed', () => {
    const text = generateDocument(catalog, { seed: 9, size: 20_000 }).replace(/\n/g, ' $username\n');
    const before = parse(text, options);
    for (let i = 1; i < before.chunkCount; i++) {
      const at = before.chunkStart(i);
      for (const [remove, insert] of [
        [1, '[x]'],
        [1, 'foo'],
        [1, ''],
        [0, ''],
      ] as const) {
        const edited = text.slice(0, at - remove) + insert + text.slice(at);
        assertSameParse(
          reparse(before, edited, options),
          parse(edited, options),
          `${JSON.stringify(insert)} replacing ${remove} before chunk ${i}`,
        );
      }
    }
  });

  it('never resyncs inside replaced text, even where a new line starts at an old chunk start shifted by the change', () => {
    const text = generateDocument(catalog, { seed: 10, size: 20_000 });
    const before = parse(text, options);
    // Replace [b - 10, b + 20) around each old chunk start b with 26 characters whose second line
    // starts exactly where that chunk start lands after the change (b - 4).
    const insert = 'x'.repeat(5) + '\n' + 'y'.repeat(20);
    for (let i = 1; i < before.chunkCount; i++) {
      const b = before.chunkStart(i);
      const edited = text.slice(0, b - 10) + insert + text.slice(b + 20);
      assertSameParse(reparse(before, edited, options), parse(edited, options), `around chunk ${i}`);
    }
  });

  it('parses everything again with another catalog, whose names may glue differently', () => {
    const text = 'Pong! `$pingms`\n'.repeat(300);
    const withNames = parse(text, options);
    assert.equal([...withNames.calls()][0]!.name, '$ping');
    const without = reparse(withNames, text, {});
    assert.equal([...without.calls()][0]!.name, '$pingms');
    assertSameParse(without, parse(text, {}), 'no names');
  });

  it('switches the whole document when $disableSpecialEscaping comes or goes', () => {
    const text = '$title[a%{-SEMICOL-}%b]\n'.repeat(400) + 'end\n';
    const on = reparse(parse(text, options), text + '$disableSpecialEscaping\n', options);
    assert.equal(on.specialEscapingDisabled, true);
    assert.equal([...on.calls()][0]!.args.length, 2);
    const off = reparse(on, text, options);
    assert.equal(off.specialEscapingDisabled, false);
    assert.equal([...off.calls()][0]!.args.length, 1);
    assertSameParse(off, parse(text, options), 'off again');
  });

  it('finds the smallest changed region, also for repeated characters and surrogate pairs', () => {
    assert.equal(changedRegion('abc', 'abc'), null);
    assert.deepEqual(changedRegion('aaaa', 'aaaaa'), { start: 4, oldEnd: 4, newEnd: 5 });
    assert.deepEqual(changedRegion('x😀y', 'x😁y'), { start: 2, oldEnd: 3, newEnd: 3 });
    const long = 'a'.repeat(100_000);
    assert.deepEqual(changedRegion(long + 'b' + long, long + 'cc' + long), {
      start: 100_000,
      oldEnd: 100_001,
      newEnd: 100_002,
    });
    assert.deepEqual(changedRegion('', 'new'), { start: 0, oldEnd: 0, newEnd: 3 });
  });

  it('falls back to a full parse for a change that does not fit the previous text', () => {
    const before = parse('$title[a]\n$username\n', options);
    const after = reparseChange(before, '$c[x]\n', { start: 50, oldEnd: 60, newEnd: 55 }, options);
    assertSameParse(after, parse('$c[x]\n', options), 'bad change');
  });

  it('answers completion on the version just edited from the incremental tree', () => {
    const service = new LanguageService({ catalog });
    const text = generateDocument(catalog, { seed: 7, size: 100_000 });
    const doc = TextDocument.create('file:///c.bds', 'bdscript', 1, text);
    service.validate(doc);
    const line = doc.positionAt(text.indexOf('\n', 50_000) + 1).line;
    TextDocument.update(
      doc,
      [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '$addBu' }],
      2,
    );
    const list = service.complete(doc, { line, character: 6 });
    const first = [...list.items].sort((a, b) =>
      a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0,
    )[0];
    assert.ok(first?.label.startsWith('$addButton'), `first item ${first?.label}`);
  });

  describe('findings of the document-wide rules carried over an edit', () => {
    // Variables (an unset read, a read before its set), components (duplicate IDs), a long-enough
    // reply is not needed: the rules must give a fresh analysis' findings whether they were
    // carried over or computed again, at every position of the command.
    const command = [
      '$nomention',
      '$var[count;1]',
      'Hello $var[cuont] and $var[count] \\; done',
      '$addButton[yes;same;Go;primary]',
      '$addButton[no;same;Again;secondary]',
      '$title[Hi]',
      'Some text here.',
      '$if[$var[count]==1]',
      '$var[later]',
      '$endif',
      '$var[later;2]',
      '',
    ].join('\n');

    const diagnose = (text: string): unknown[] =>
      new LanguageService({ catalog }).validate(TextDocument.create('file:///inc.bds', 'bdscript', 1, text));

    it('equal a fresh analysis after an insertion or a deletion at every position', () => {
      const before = diagnose(command);
      assert.ok(before.length >= 3, `the command has findings to carry: ${JSON.stringify(before)}`);
      for (let at = 0; at <= command.length; at++) {
        for (const [insert, remove] of [
          ['x', 0],
          [' ', 0],
          ['', 1],
        ] as const) {
          if (remove > 0 && at === command.length) continue;
          const service = new LanguageService({ catalog });
          const doc = TextDocument.create('file:///inc.bds', 'bdscript', 1, command);
          service.validate(doc);
          const from = doc.positionAt(at);
          const to = doc.positionAt(at + remove);
          TextDocument.update(doc, [{ range: { start: from, end: to }, text: insert }], 2);
          assert.deepEqual(
            service.validate(doc),
            diagnose(doc.getText()),
            `${remove ? 'deleting' : `inserting ${JSON.stringify(insert)}`} at ${at}`,
          );
        }
      }
    });

    it('count characters as counts, not offsets: a reply that reaches 2,001 characters is reported', () => {
      const text = `Hi\n${'a'.repeat(1998)}\n`;
      const service = new LanguageService({ catalog });
      const doc = TextDocument.create('file:///inc.bds', 'bdscript', 1, text);
      assert.deepEqual(
        service.validate(doc).map((d) => d.code),
        [],
      );
      TextDocument.update(doc, [{ range: { start: doc.positionAt(10), end: doc.positionAt(10) }, text: 'b' }], 2);
      const codes = service.validate(doc).map((d) => d.code);
      assert.deepEqual(codes, ['message-too-long']);
      assert.deepEqual(
        codes,
        diagnose(doc.getText()).map((d) => (d as { code: string }).code),
      );
    });

    /** `text` validated, then `typed` typed at `at` one character per version, each parsed (as completion does) but not validated. */
    const typedAfterValidation = (
      text: string,
      at: number,
      typed: string,
    ): { service: LanguageService; doc: TextDocument } => {
      const service = new LanguageService({ catalog });
      const doc = TextDocument.create('file:///inc.bds', 'bdscript', 1, text);
      service.validate(doc);
      for (const [k, ch] of [...typed].entries()) {
        const p = doc.positionAt(at + k);
        TextDocument.update(doc, [{ range: { start: p, end: p }, text: ch }], doc.version + 1);
        service.analyze(doc);
      }
      return { service, doc };
    };

    it('are carried across versions that were only parsed (a completion per keystroke), and still equal a fresh analysis', () => {
      // As an editor types: every keystroke is a version that completion parses, and only the
      // last is validated. Characters typed one by one (a word, or lines with a set and a button
      // that split the chunk and change facts on the way), then one deleted, at every position.
      for (const typed of ['ab ', '\n$var[count;2]\n$addButton[no;same;X;primary]\n']) {
        for (let at = 0; at <= command.length; at++) {
          const { service, doc } = typedAfterValidation(command, at, typed);
          const p = doc.positionAt(at + 1);
          TextDocument.update(doc, [{ range: { start: p, end: doc.positionAt(at + 2) }, text: '' }], doc.version + 1);
          assert.deepEqual(
            service.validate(doc),
            diagnose(doc.getText()),
            `typing ${JSON.stringify(typed)} then deleting its second character at ${at}`,
          );
        }
      }
    });

    it('are judged again when a keystroke that was only parsed changed a fact in another chunk', () => {
      // Plain lines after the command, so that it spans several chunks.
      const filler = Array.from({ length: 400 }, (_, k) => `Line ${k} of plain text here.`).join('\n');
      const text = `${command}${filler}\n$var[count]\n`;
      const service = new LanguageService({ catalog });
      const doc = TextDocument.create('file:///inc.bds', 'bdscript', 1, text);
      assert.ok(service.analyze(doc).parsed.chunkCount > 3, 'the text spans several chunks');
      service.validate(doc);
      const insert = (offset: number, ch: string): void => {
        const p = doc.positionAt(offset);
        TextDocument.update(doc, [{ range: { start: p, end: p }, text: ch }], doc.version + 1);
      };
      // The set of `count` becomes `coxunt` (parsed only), then plain text far below is typed in.
      insert(text.indexOf('$var[count;1]') + 7, 'x');
      service.analyze(doc);
      insert(doc.getText().indexOf('Line 390'), 'y');
      assert.deepEqual(service.validate(doc), diagnose(doc.getText()));
      assert.ok(
        service
          .validate(doc)
          .some(
            (d) =>
              d.code === 'unset-variable' &&
              doc.getText().slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end)) === 'count',
          ),
        'the reads of count are now unset',
      );
    });

    it('are carried across keystrokes at chunk boundaries that were only parsed, and equal a fresh analysis', () => {
      // Several chunks, with variables read and buttons on both sides of each boundary.
      const lines = Array.from({ length: 240 }, (_, k) =>
        k % 40 === 7
          ? `$addButton[no;same;B${k};primary]`
          : k % 25 === 3
            ? `Read $var[count] and $var[v${k % 3}]`
            : `Line ${k} of plain text here.`,
      );
      const text = `${command}${lines.join('\n')}\n`;
      const parsed = new LanguageService({ catalog }).analyze(
        TextDocument.create('file:///inc.bds', 'bdscript', 1, text),
      ).parsed;
      assert.ok(parsed.chunkCount >= 3, `${parsed.chunkCount} chunks`);
      const positions = new Set<number>();
      for (let i = 1; i < parsed.chunkCount; i++) for (let d = -3; d <= 2; d++) positions.add(parsed.chunkStart(i) + d);
      for (const typed of ['ab', '\n$var[v1;2]\n$addButton[no;same;X;primary]\n']) {
        for (const at of positions) {
          const { service, doc } = typedAfterValidation(text, at, typed);
          assert.deepEqual(service.validate(doc), diagnose(doc.getText()), `typing ${JSON.stringify(typed)} at ${at}`);
        }
      }
    });

    it('are recalled from the last validated version across keystrokes that were only parsed', () => {
      const service = new LanguageService({ catalog });
      const doc = TextDocument.create('file:///inc.bds', 'bdscript', 1, command);
      service.validate(doc);
      const at = doc.getText().indexOf('Some text');
      for (const [k, ch] of [...'More '].entries()) {
        const p = doc.positionAt(at + k);
        TextDocument.update(doc, [{ range: { start: p, end: p }, text: ch }], doc.version + 1);
        service.analyze(doc);
      }
      const carried = service.analyze(doc).parsed.recall(VARIABLE_RULE.findings);
      assert.ok(
        carried?.map,
        'five keystrokes in plain text, each parsed, carry the variable findings of the version validated before them',
      );
      const unset = doc.getText().indexOf('cuont');
      assert.ok(
        carried.value.some((f) => carried.map!(f.start) === unset),
        'the unset read is placed where it is now',
      );
      // A keystroke among them that changes what the rule reads stops the carry.
      service.validate(doc);
      const name = doc.getText().indexOf('cuont');
      for (const [k, ch] of [
        ['x', at],
        ['y', name + 1],
        ['z', at],
      ] as const) {
        void k;
        const p = doc.positionAt(ch);
        TextDocument.update(doc, [{ range: { start: p, end: p }, text: k }], doc.version + 1);
        service.analyze(doc);
      }
      assert.equal(
        service.analyze(doc).parsed.recall(VARIABLE_RULE.findings),
        undefined,
        'a $var name typed in among the keystrokes is judged again',
      );
      assert.deepEqual(service.validate(doc), diagnose(doc.getText()));
    });

    it('are carried only when the chunks the edit replaced hold the same facts, moved', () => {
      const service = new LanguageService({ catalog });
      const doc = TextDocument.create('file:///carry.bds', 'bdscript', 1, command);
      service.validate(doc);
      const edit = (needle: string, insert: string): ReturnType<typeof service.analyze>['parsed'] => {
        const at = doc.getText().indexOf(needle);
        assert.ok(at >= 0, needle);
        TextDocument.update(
          doc,
          [{ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: insert }],
          doc.version + 1,
        );
        return service.analyze(doc).parsed;
      };
      // Text no rule reads about variables: the previous findings move with the text.
      let parsed = edit('Hello', 'Well, ');
      let carried = parsed.recall(VARIABLE_RULE.findings);
      assert.ok(carried?.map, 'an edit in plain text carries the variable findings over');
      const unset = doc.getText().indexOf('cuont');
      assert.ok(
        carried.value.some((f) => carried!.map!(f.start) === unset),
        'the unset read moved with the text',
      );
      service.validate(doc);
      // Typing in a variable's name changes what the variable rules read.
      parsed = edit('cuont', 'a');
      assert.equal(parsed.recall(VARIABLE_RULE.findings), undefined, 'an edit in a $var name is judged again');
      service.validate(doc);
      // A replacement (not a pure insertion or deletion) is never carried over.
      const at = doc.getText().indexOf('Some');
      TextDocument.update(
        doc,
        [{ range: { start: doc.positionAt(at), end: doc.positionAt(at + 4) }, text: 'Same' }],
        doc.version + 1,
      );
      assert.equal(
        service.analyze(doc).parsed.recall(VARIABLE_RULE.findings),
        undefined,
        'a replacement is judged again',
      );
    });

    it('count a run of text that chunk boundaries cut as one run, so a long reply reads the same however the text was chunked', () => {
      // One run of 400 lines of text: the parser ends chunks between lines, and where it ends
      // them differs between a fresh parse and a reparse; the run (and the count the finding
      // names) must not.
      const line = 'word '.repeat(16).trim();
      const text = `${Array.from({ length: 400 }, () => line).join('\n')}\n$stop\nafter\n`;
      const parsed = parse(text, options);
      assert.ok(parsed.chunkCount > 2, `${parsed.chunkCount} chunks`);
      const runs = messageRuns(parsed);
      assert.deepEqual(
        runs.map((r) => [r.start, r.count]),
        [
          [0, 400 * 64],
          [text.indexOf('after'), 5],
        ],
      );
      // Found by comparing fresh and incremental analyses of generated commands: an edit that
      // moved a chunk boundary inside the run that passes 2,000 characters changed the count.
      const generated = generateDocument(catalog, { seed: 132, size: 20_000 });
      const service = new LanguageService({ catalog });
      const doc = TextDocument.create('file:///inc.bds', 'bdscript', 1, generated);
      service.validate(doc);
      TextDocument.update(
        doc,
        [{ range: { start: doc.positionAt(13353), end: doc.positionAt(13365) }, text: '$endif' }],
        2,
      );
      const incremental = service.validate(doc);
      assert.ok(
        incremental.some((d) => d.code === 'message-too-long'),
        'the edited command still has a long reply',
      );
      assert.deepEqual(incremental, diagnose(doc.getText()));
    });

    it('place a message that is too long where a fresh analysis does after a line break typed in it', () => {
      // The rule reads the top-level nodes of the run where the count passes the limit, which no
      // chunk fact holds: a line break typed before that point leaves the facts as they were
      // (blanks are not counted) but splits the node the finding covers.
      const text = `Hello ${'abc '.repeat(700)}end\n`;
      for (const at of [100, 1000, 2000]) {
        const service = new LanguageService({ catalog });
        const doc = TextDocument.create('file:///long.bds', 'bdscript', 1, text);
        assert.deepEqual(
          service.validate(doc).map((d) => d.code),
          ['message-too-long'],
        );
        TextDocument.update(doc, [{ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: '\n' }], 2);
        assert.deepEqual(service.validate(doc), diagnose(doc.getText()), `a line break at ${at}`);
      }
    });

    describe('what a rule reads is recorded while it runs', () => {
      // A rule that names no facts: one finding per component call, its code the call's ID, read
      // through the document's component calls (made once per version, chunk facts inside).
      const idRule = (): DocumentRule<{ code: string; start: number; end: number }> =>
        new DocumentRule('ids', (parsed) =>
          componentCalls(parsed).map((c) => ({ code: String(c.id), start: c.start, end: c.end })),
        );
      const ids = [
        '$nomention',
        'Some text here.',
        '$addButton[yes;first;Go;primary]',
        '$addButton[no;second;Again;secondary]',
        '',
      ].join('\n');
      /** The parse of `doc` after inserting `insert` before `needle`. */
      const edited = (
        service: LanguageService,
        doc: TextDocument,
        needle: string,
        insert: string,
      ): ReturnType<typeof service.analyze>['parsed'] => {
        const at = doc.getText().indexOf(needle);
        assert.ok(at >= 0, needle);
        TextDocument.update(
          doc,
          [{ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: insert }],
          doc.version + 1,
        );
        return service.analyze(doc).parsed;
      };

      it('so a rule that reads a fact it never named is judged again when that fact changes', () => {
        const rule = idRule();
        const service = new LanguageService({ catalog });
        const doc = TextDocument.create('file:///ids.bds', 'bdscript', 1, ids);
        assert.deepEqual(
          rule.run(service.analyze(doc).parsed).map((f) => f.code),
          ['first', 'second'],
        );
        // Plain text: the component facts move with it and the findings are carried.
        let parsed = edited(service, doc, 'Some', 'More. ');
        assert.ok(parsed.recall(rule.findings)?.map, 'an edit in plain text carries the findings');
        assert.deepEqual(
          rule.run(parsed).map((f) => [f.code, f.start]),
          [
            ['first', doc.getText().indexOf('$addButton[yes')],
            ['second', doc.getText().indexOf('$addButton[no')],
          ],
        );
        // Typing in an ID changes the component facts, which the rule read but never named.
        parsed = edited(service, doc, 'first', 'the');
        assert.equal(parsed.recall(rule.findings), undefined, 'an edit in an ID is judged again');
        assert.deepEqual(
          rule.run(parsed).map((f) => f.code),
          ['thefirst', 'second'],
        );
      });

      it('also through a value made once per version before the rule ran', () => {
        // The path model is made by whoever asks first; a rule that finds it made still reads the
        // stops it was made from.
        const stopRule = new DocumentRule('stops', (parsed) =>
          pathModel(parsed).stops.map((at) => ({ start: at, end: at + 5 })),
        );
        const service = new LanguageService({ catalog });
        const doc = TextDocument.create('file:///stops.bds', 'bdscript', 1, ids);
        let parsed = service.analyze(doc).parsed;
        pathModel(parsed);
        assert.deepEqual(stopRule.run(parsed), []);
        parsed = edited(service, doc, 'Some', '$stop ');
        pathModel(parsed);
        assert.deepEqual(stopRule.run(parsed), [
          { start: doc.getText().indexOf('$stop'), end: doc.getText().indexOf('$stop') + 5 },
        ]);
      });

      it('and a rule that reads nodes directly is judged again when an edit replaces their chunk', () => {
        // It reads no fact at all: only the calls of the chunk that holds the text.
        const callRule = new DocumentRule('calls', (parsed) => {
          const at = wholeText(parsed.text).indexOf('Some');
          return [...parsed.calls(at, at + 1)].map((c) => ({ code: c.name, start: c.start, end: c.nameEnd }));
        });
        const service = new LanguageService({ catalog });
        const doc = TextDocument.create('file:///calls.bds', 'bdscript', 1, ids);
        const before = callRule.run(service.analyze(doc).parsed).map((f) => f.code);
        assert.ok(!before.includes('$ping'), before.join());
        const parsed = edited(service, doc, 'Some', '$ping ');
        assert.equal(parsed.recall(callRule.findings), undefined, 'an edit in a chunk it read is judged again');
        assert.ok(
          callRule
            .run(parsed)
            .map((f) => f.code)
            .includes('$ping'),
        );
      });
    });
  });
});

describe('strings kept past their version', () => {
  it('detachAll copies every string of a value, in objects, arrays and Maps, and keeps its shape', () => {
    const text = 'x'.repeat(50) + 'a long name that is sliced' + 'y'.repeat(50);
    const name = text.slice(50, 76);
    const value = {
      name,
      list: [name, 3, { deep: name }],
      map: new Map([[name, { name }]]),
      frozen: Object.freeze({ name }),
    };
    const out = detachAll(value);
    assert.equal(out, value, 'in place');
    assert.equal(out.name, 'a long name that is sliced');
    assert.deepEqual(out.list, ['a long name that is sliced', 3, { deep: 'a long name that is sliced' }]);
    assert.deepEqual([...out.map.keys()], ['a long name that is sliced']);
    assert.equal(out.frozen.name, name);
    assert.equal(detached('short'), 'short');
  });

  it('detachAll ends on shared objects and cycles, and copies the strings under them', () => {
    const text = 'x'.repeat(50) + 'a long name that is sliced' + 'y'.repeat(50);
    const name = text.slice(50, 76);
    const leaf = { name, at: 1 };
    type Cyclic = { name: string; leaf: typeof leaf; again: (typeof leaf)[]; self?: Cyclic; list: unknown[] };
    const cyclic: Cyclic = { name, leaf, again: [leaf, leaf], list: [] };
    cyclic.self = cyclic;
    cyclic.list.push(cyclic, [cyclic, new Map([[1, cyclic]])]);
    assert.equal(detachAll(cyclic), cyclic);
    assert.equal(cyclic.self, cyclic);
    assert.equal(cyclic.name, 'a long name that is sliced');
    assert.deepEqual(cyclic.again, [
      { name: 'a long name that is sliced', at: 1 },
      { name: 'a long name that is sliced', at: 1 },
    ]);
  });

  it('an edited document keeps no earlier version of its text alive (names, facts, findings)', function () {
    this.timeout(120_000);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const catalog = snapshotCatalog();
    const service = new LanguageService({ catalog });
    const text = generateDocument(catalog, { seed: 3, size: 400_000 });
    let doc = TextDocument.create('file:///keep.bds', 'bdscript', 1, text);
    service.validate(doc);
    gc();
    const before = process.memoryUsage().heapUsed;
    // Typing names and variables in several places: each edit makes new chunks, names and facts.
    for (let i = 0; i < 80; i++) {
      const at = doc.positionAt(Math.floor((text.length * ((i * 0.29) % 1)) / 1) + (i % 7));
      const insert = ['$var[a_rather_long_variable_name_' + i + ']', ' $addButtonAndSomeLetters', 'x'][i % 3]!;
      doc = TextDocument.update(doc, [{ range: { start: at, end: at }, text: insert }], doc.version + 1);
      service.validate(doc);
    }
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    // Each version's text is 0.4 MB: keeping one in ten of them would already be 3 MB more.
    assert.ok(grown < 3, `the heap grew by ${grown.toFixed(1)} MB over 80 edits`);
  });
});
