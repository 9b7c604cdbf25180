// Variables as data: `unset-variable` and `variable-before-set` reported and not reported
// (exclusive branches, handlers, `$stop`, `$try`, `$async`, `$eval`, names built at run time,
// empty tests, reads in their own set, names with any characters, multi-line values), their
// "did you mean" fixes, and completion, definition, references and rename of `$var` names.

import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { countingContextQuestions } from '../support/pathQuestions';
import type { DiagnosticData } from '../../server/src/core/features/types';
import { applyOffsetEdits, marked } from '../support/markers';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const CODES = new Set(['unset-variable', 'variable-before-set']);

/** The variable findings of a fixture, as `code@start-end`, and the diagnostics themselves. */
function check(src: string, want: readonly string[]): Diagnostic[] {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { catalog: snapshotCatalog() });
  const found = service.validate(document).filter((d) => CODES.has(String(d.code)));
  const got = found.map(
    (d) => `${String(d.code)}@${document.offsetAt(d.range.start)}-${document.offsetAt(d.range.end)}`,
  );
  assert.equal(m.ranges.length, want.length, `fixture has ${m.ranges.length} ranges for ${want.length} codes`);
  const expected = want.map((c, i) => `${c}@${m.ranges[i]!.start}-${m.ranges[i]!.end}`);
  assert.deepEqual(
    got.sort(),
    expected.sort(),
    `${JSON.stringify(m.text)}: ${found.map((d) => d.message).join(' | ')}`,
  );
  return found;
}

const UNSET = 'unset-variable';
const BEFORE = 'variable-before-set';

/** Reported: each range is a finding with the code given. */
const REPORTED: Array<[string, string[]]> = [
  ['$var[«x»]', [UNSET]],
  ['$var[cum;1]\n$var[«cu»]', [UNSET]],
  ['Hello $var[«name»]!\n$var[name;Ann]', [BEFORE]],
  // A set in the other branch of the same block does not reach the read.
  ['$if[$message==a]\n$var[x;1]\n$else\nValue: $var[«x»]\n$endif', [BEFORE]],
  // A set in another handler does not reach the read.
  ['$if[$customID==save]\n$var[x;1]\n$endif\n$if[$customID==show]\n$var[«x»]\n$endif', [BEFORE]],
  // A set on a path that ends with `$stop` does not reach code after the block.
  ['$if[$message==a]\n$var[x;1]\n$stop\n$endif\n$var[«x»]', [BEFORE]],
  // `$var[x,value]`: a comma instead of `;` reads a variable named "x,value".
  ['$var[«x,1»]\n$var[«x»]', [UNSET, UNSET]],
  // Nested: the read in an argument, the set later.
  ['$title[$var[«t»]]\n$var[t;Hi]', [BEFORE]],
  // Names with any characters are names; an unknown one is still unset.
  ['$var[café-au-lait;1]\n$var[«café_au_lait»]', [UNSET]],
];

/** Not reported: nothing. */
const QUIET: string[] = [
  '$var[x;1]\n$var[x]',
  '$var[ x ;1]\n$var[x]',
  // Names with `-`, accents, spaces and escapes are valid names.
  '$var[my-var;1]\n$var[my-var]',
  '$var[café;1]\n$var[café]',
  '$var[two words;1]\n$var[two words]',
  '$var[a\\;b;1]\n$var[a\\;b]',
  // A multi-line value is one set.
  '$var[text;line one\nline two\nline three]\n$var[text]',
  // A read inside the value of its own set.
  '$var[n;$sum[$var[n];1]]',
  // Reads that only test for empty.
  '$if[$var[x]==]\nempty\n$endif\n$var[x;1]',
  '$onlyIf[$var[x]!=;No value]\n$var[x;1]',
  // A set in a branch before the read on the same path.
  '$if[$message==a]\n$var[x;1]\n$endif\n$var[x]',
  '$if[$message==a]\n$var[x;1]\n$var[x]\n$else\n$var[x;2]\n$var[x]\n$endif',
  // The same handler twice.
  '$if[$customID==a]\n$var[x;1]\n$endif\n$if[$customID==a]\n$var[x]\n$endif',
  // `$try`: the set in the body may have run before the catch.
  '$try\n$var[x;1]\n$catch\n$var[x]\n$endtry',
  // A background body: the main path may run first.
  '$async[job]\n$var[x]\n$endasync\n$var[x;1]\n$await[job]',
  // What the file cannot know: `$eval`, names built at run time.
  '$eval[$httpResult]\n$var[x]',
  '$eval[$message]\n$var[anything]',
  '$var[$message;1]\n$var[x]',
  '$var[name;x]\n$var[$var[name]]',
  // Code no run reaches.
  '$stop\n$var[x]',
  // `$var` in the trigger line is judged with the trigger, not here.
  '$onInteraction[$var[x]]\n$var[y;1]',
  // Escaped text is not a call.
  'Write %{DOL}%var[x] to read x.',
];

describe('variables', () => {
  describe('reported', () => {
    for (const [src, codes] of REPORTED)
      it(`${codes.join(', ')}: ${JSON.stringify(src)}`, () => void check(src, codes));
  });
  describe('not reported', () => {
    for (const src of QUIET) it(JSON.stringify(src), () => void check(src, []));
  });

  it('suggests the nearest set name and fixes it', () => {
    const [d] = check('$var[cum;1]\n$var[«cu»]', [UNSET]);
    assert.match(d!.message as string, /"cu" is read here but never set/);
    assert.match(d!.message as string, /Did you mean "cum"\?/);
    const fix = (d!.data as DiagnosticData).fixes![0]!;
    assert.equal(fix.preferred, true);
    assert.equal(applyOffsetEdits('$var[cum;1]\n$var[cu]', [...fix.edits]), '$var[cum;1]\n$var[cum]');
  });

  it('explains a comma written for `;`, and fixes it', () => {
    const found = check('$var[«x,1»]\nTotal: $var[«x»]', [UNSET, UNSET]);
    const comma = found.find((d) => d.range.start.line === 0)!;
    assert.match(comma.message as string, /separate the name and the value with `;`: `\$var\[x;1\]`/);
    const fix = (comma.data as DiagnosticData).fixes![0]!;
    assert.equal(applyOffsetEdits('$var[x,1]\nTotal: $var[x]', [...fix.edits]), '$var[x;1]\nTotal: $var[x]');
    const read = found.find((d) => d.range.start.line === 1)!;
    assert.match(read.message as string, /`\$var\[x,1\]` reads a variable named "x,1"/);
    assert.equal(read.relatedInformation?.[0]?.location.range.start.line, 0);
  });

  it('points a read before its set at the first set', () => {
    const [d] = check('Hi $var[«n»]\n$var[n;1]\n$var[n;2]', [BEFORE]);
    assert.equal(d!.relatedInformation?.[0]?.location.range.start.line, 1);
  });

  it('asks nothing about what runs before a read no run reaches', () => {
    // Reads after a top-level `$stop`, with `$eval`s (which set names the file cannot know) and a
    // set before it: the reads are quiet, and judging them must not ask the path model about
    // each earlier `$eval` or set (64 questions a read before), so the questions do not grow with them.
    const questions = (n: number): number => {
      const text = `${'$eval[x]\n$var[y;1]\n'.repeat(n)}$stop\n${'$var[y] $var[z]\n'.repeat(20)}`;
      const { asked } = countingContextQuestions(() => {
        const { service, document } = serviceFor(text, { catalog: snapshotCatalog() });
        assert.equal(service.validate(document).filter((d) => CODES.has(String(d.code))).length, 0);
      });
      return asked;
    };
    assert.equal(questions(60), questions(2));
  });

  it('is silenced by a directive and off by setting, and quiet in BDScript (no `$var` there)', () => {
    check('$c[bdscript-disable unset-variable]\n$var[x]', []);
    const { service, document } = serviceFor('$var[x]', {
      catalog: snapshotCatalog(),
      settings: { diagnostics: { severity: { 'unset-variable': 'off' } } },
    });
    assert.equal(service.validate(document).filter((d) => d.code === UNSET).length, 0);
    const legacy = serviceFor('$c[bdscript-language: BDScript]\n$var[x]', { catalog: snapshotCatalog() });
    assert.equal(legacy.service.validate(legacy.document).filter((d) => CODES.has(String(d.code))).length, 0);
  });
});

describe('variable names in the editor', () => {
  const catalog = snapshotCatalog();

  function labelsAt(src: string): string[] {
    const m = marked(src, { cursor: 'required' });
    const { service, document } = serviceFor(m.text, { catalog });
    return service.complete(document, document.positionAt(m.cursor!)).items.map((i) => i.label);
  }

  it('completes `$var` names from the document, app variable names in app variable functions', () => {
    const src = '$var[coins;1]\n$var[café-bar;2]\n$setUserVar[money;1]\n$getServerVar[prefix]\n';
    const inVar = labelsAt(src + '$var[|]');
    assert.ok(inVar.includes('coins') && inVar.includes('café-bar'), JSON.stringify(inVar));
    assert.ok(!inVar.includes('money'));
    const inApp = labelsAt(src + '$getUserVar[|]');
    assert.ok(inApp.includes('money') && inApp.includes('prefix'), JSON.stringify(inApp));
    assert.ok(!inApp.includes('coins'));
    // Only the first argument names a variable.
    assert.ok(!labelsAt(src + '$setUserVar[money;|]').includes('money'));
  });

  function spans(
    src: string,
    run: (
      service: ReturnType<typeof serviceFor>['service'],
      document: ReturnType<typeof serviceFor>['document'],
      offset: number,
    ) => Array<{ range: { start: { line: number; character: number }; end: { line: number; character: number } } }>,
  ): Array<{ start: number; end: number }> {
    const m = marked(src, { cursor: 'required' });
    const { service, document } = serviceFor(m.text, { catalog });
    return run(service, document, m.cursor!).map((l) => ({
      start: document.offsetAt(l.range.start),
      end: document.offsetAt(l.range.end),
    }));
  }

  it('goes from a read to the sets that may run before it', () => {
    const src = '$var[«x»;1]\n$if[$message==a]\n$var[«x»;2]\n$endif\n$var[|x]';
    assert.deepEqual(
      spans(src, (s, d, o) => s.definition(d, d.positionAt(o))),
      marked(src, { cursor: 'optional' }).ranges,
    );
    const exclusive = '$if[$message==a]\n$var[x;1]\n$else\n$var[«x»;2]\n$var[|x]\n$endif';
    assert.deepEqual(
      spans(exclusive, (s, d, o) => s.definition(d, d.positionAt(o))),
      marked(exclusive, { cursor: 'optional' }).ranges,
    );
  });

  it('finds every use of a name, with or without the sets', () => {
    const src = '$var[«x»;1]\n$var[y;«x»]\nHi $var[ «x» ] and $va|r[«x»]';
    const all = spans(src, (s, d, o) => s.references(d, d.positionAt(o), true));
    const ranges = marked(src, { cursor: 'optional' }).ranges;
    assert.deepEqual(all, [ranges[0]!, ranges[2]!, ranges[3]!]);
    const reads = spans(src, (s, d, o) => s.references(d, d.positionAt(o), false));
    assert.deepEqual(reads, [ranges[2]!, ranges[3]!]);
  });

  it('renames a variable across the command, escaping the new name', () => {
    const src = '$var[count;1]\n$var[count;$sum[$var[count];1]]\nTotal: $var[cou|nt] $var[other]';
    const m = marked(src, { cursor: 'required' });
    const { service, document } = serviceFor(m.text, { catalog });
    const position = document.positionAt(m.cursor!);
    const prepared = service.prepareRename(document, position);
    assert.ok(prepared && 'range' in prepared, JSON.stringify(prepared));
    assert.equal(document.getText(prepared.range), 'count');
    const result = service.rename(document, position, 'total;sum');
    assert.ok(result && 'changes' in result, JSON.stringify(result));
    const edits = result.changes![document.uri]!.map((e) => ({
      start: document.offsetAt(e.range.start),
      end: document.offsetAt(e.range.end),
      newText: e.newText,
    }));
    assert.equal(
      applyOffsetEdits(m.text, edits),
      '$var[total\\;sum;1]\n$var[total\\;sum;$sum[$var[total\\;sum];1]]\nTotal: $var[total\\;sum] $var[other]',
    );
  });

  it('refuses a rename that would lose text or give an empty name, and offers none off a variable', () => {
    const comment = marked('$var[x$c[note];1]\n$var[|x]', { cursor: 'required' });
    const a = serviceFor(comment.text, { catalog });
    const refused = a.service.prepareRename(a.document, a.document.positionAt(comment.cursor!));
    assert.ok(refused && 'error' in refused);
    const plain = marked('$var[x;1]\n$var[|x]', { cursor: 'required' });
    const b = serviceFor(plain.text, { catalog });
    const empty = b.service.rename(b.document, b.document.positionAt(plain.cursor!), '  ');
    assert.ok(empty && 'error' in empty);
    const off = marked('$title[|x]', { cursor: 'required' });
    const c = serviceFor(off.text, { catalog });
    assert.equal(c.service.prepareRename(c.document, c.document.positionAt(off.cursor!)), null);
  });
});
