// Parser tests: the tree shape for calls, escapes, comments and text; exact ranges; recovery;
// leaves covering the text; deep nesting; trigger and directives; properties over random text.

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ChunkFact } from '../../server/src/core/parser/facts';
import { KnownNames, parse } from '../../server/src/core/parser/parser';
import {
  callNameAt,
  enclosingCall,
  forEachLeaf,
  literalText,
  locate,
  separatorSpan,
} from '../../server/src/core/parser/query';
import type { Node, ParsedDocument } from '../../server/src/core/parser/tree';
import { marked } from '../support/markers';

const CALLBACKS = new Set(['$onJoined', '$onInteraction', '$alwaysReply', '$messageContains']);
const isCallback = (name: string): boolean => CALLBACKS.has(name);

/** A compact rendering of the tree, iterative so it also works on deep documents. */
function shape(doc: ParsedDocument): string {
  const render = (nodes: readonly Node[]): string => nodes.map(renderNode).join(' ');
  const renderNode = (node: Node): string => {
    const t = doc.text.slice(node.start, node.end);
    switch (node.kind) {
      case 'text':
        return JSON.stringify(t);
      case 'escape':
        return `esc(${node.value})`;
      case 'comment':
        return `comment${node.close < 0 ? '!' : ''}`;
      case 'call':
        if (node.open < 0) return node.name;
        return `${node.name}[${node.args.map((a) => render(a.children)).join(' ; ')}${node.close < 0 ? ' !' : ']'}`;
    }
  };
  return render([...doc.roots()]);
}

function leafCoverage(doc: ParsedDocument): void {
  let pos = 0;
  forEachLeaf(doc, (leaf) => {
    assert.equal(leaf.start, pos, `leaf ${leaf.kind} starts at ${leaf.start}, expected ${pos}`);
    assert.ok(leaf.end > leaf.start, `empty leaf ${leaf.kind} at ${leaf.start}`);
    pos = leaf.end;
  });
  assert.equal(pos, doc.text.length, 'leaves must end at the end of the text');
}

describe('parser', () => {
  describe('tree shape', () => {
    const cases: Array<[string, string]> = [
      ['Hello world', '"Hello world"'],
      ['$username', '$username'],
      ['Hi $username!', '"Hi " $username "!"'],
      ['$title[Hello $username[$authorID]]', '$title["Hello " $username[$authorID]]'],
      ['$random[1;10]', '$random["1" ; "10"]'],
      ['$f[]', '$f[]'],
      ['$f[;]', '$f[ ; ]'],
      ['[link](url) $f', '"[link](url) " $f'],
      ['$title[[link\\](url)]', '$title["[link" esc(]) "(url)"]'],
      ['$title[a\\;b]', '$title["a" esc(;) "b"]'],
      ['$title[a%{-SEMICOL-}%b]', '$title["a" esc(;) "b"]'],
      ['$title[a%ESCAPED%b]', '$title["a" esc(]) "b"]'],
      ['$title[%{DOL}%username]', '$title[esc($) "username"]'],
      ['$title[a\\\\]', '$title["a" esc(\\)]'],
      ['$title[a\\b]', '$title["a\\\\b"]'],
      ['$ 5 $$ $5', '"$ 5 $$ $5"'],
      ['$c[note; with ] text', 'comment " text"'],
      ['$c[a \\] b] x', 'comment " x"'],
      ['$c[never closed', 'comment!'],
      ['$title[a $c[x;y] b]', '$title["a " comment " b"]'],
      ['$usernamefoo', '$usernamefoo'],
      ['$title[x', '$title["x" !'],
      ['$a[$b[$c2[x', '$a[$b[$c2["x" ! ! !'],
      ['a;b]c', '"a;b]c"'],
      // At top level, text ends at the latest after a line break: lines are units of the tree.
      ['$if[$a==1]\nyes\n$else\nno\n$endif', '$if[$a "==1"] "\\n" "yes\\n" $else "\\n" "no\\n" $endif'],
      ['a\r\nb\rc\n', '"a\\r\\n" "b\\r" "c\\n"'],
      ['$title[a\nb]\nc', '$title["a\\nb"] "\\n" "c"'],
    ];
    for (const [src, expected] of cases) {
      it(JSON.stringify(src), () => {
        const doc = parse(src);
        assert.equal(shape(doc), expected);
        leafCoverage(doc);
      });
    }
  });

  it('gives exact ranges for name, brackets, arguments and separators', () => {
    const { text, ranges } = marked('«$addButton»«[»«no»«;»«id»«;»«»«]»');
    const doc = parse(text);
    const call = [...doc.calls()][0]!;
    const [name, open, a0, s0, a1, s1, a2, close] = ranges;
    assert.deepEqual({ start: call.start, end: call.nameEnd }, name);
    assert.equal(call.open, open!.start);
    assert.deepEqual(
      call.args.map((a) => ({ start: a.start, end: a.end })),
      [a0, a1, a2],
    );
    assert.deepEqual([separatorSpan(call, 0), separatorSpan(call, 1)], [s0, s1]);
    assert.equal(call.close, close!.start);
    assert.equal(call.end, close!.end);
  });

  it('reports an unclosed [ with the call node kept', () => {
    const doc = parse('$title[Hello\n$username');
    assert.deepEqual(
      doc.problems.map((p) => [p.code, p.start]),
      [['unclosed-bracket', 6]],
    );
    assert.equal([...doc.calls()][0]!.close, -1);
    assert.equal([...doc.calls()][0]!.end, doc.text.length);
    assert.equal([...doc.calls()][1]!.parent, [...doc.calls()][0]!.args[0]);
  });

  it('flags a ] that closes a call while a text [ is open, and a stray ] at top level', () => {
    const doc = parse('$description[[link](url)]');
    assert.deepEqual(
      doc.problems.map((p) => p.code),
      ['unescaped-bracket', 'stray-bracket'],
    );
    assert.equal(doc.problems[0]!.related!.start, 13);
    assert.deepEqual(parse('[a] $title[[x\\]] [b]').problems, []);
  });

  it('reads %{DOL}% and %{-SEMICOL-}% as syntax when special escaping is disabled', () => {
    const doc = parse('$disableSpecialEscaping\n%{DOL}%replaceText[Hello%{-SEMICOL-}%World%{-SEMICOL-}%Planet]');
    assert.equal(doc.specialEscapingDisabled, true);
    const call = [...doc.calls()][1]!;
    assert.equal(call.name, '$replaceText');
    assert.equal(call.args.length, 3);
    assert.deepEqual(
      [0, 1].map((k) => separatorSpan(call, k)).map((s) => s.end - s.start),
      [13, 13],
    );
    leafCoverage(doc);
    const inComment = parse('$c[$disableSpecialEscaping] %{DOL}%x');
    assert.equal(inComment.specialEscapingDisabled, false);
    assert.equal([...inComment.calls()].length, 0);
  });

  it('keeps names apart whose hashes share a slot of the intern table', () => {
    // The scanner interns names in an open-addressing table by FNV-1a hash (65,536 slots,
    // chunk.ts): names that land on one slot must still each be read as their own.
    const hashOf = (name: string): number => {
      let hash = 0x811c9dc5;
      for (let k = 0; k < name.length; k++) hash = Math.imul(hash ^ name.charCodeAt(k), 0x01000193);
      return hash;
    };
    const bySlot = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let k = 0; !pair; k++) {
      const name = `$internSlot${k}`;
      const slot = hashOf(name) & 0xffff;
      const other = bySlot.get(slot);
      if (other !== undefined) pair = [other, name];
      else bySlot.set(slot, name);
    }
    const [a, b] = pair;
    const doc = parse(`${b}[${a}] ${a} x\n${b}`);
    assert.deepEqual(
      [...doc.calls()].map((c) => c.name),
      [b, a, a, b],
    );
  });

  it('survives 100,000 levels of nesting without recursion', () => {
    const depth = 100_000;
    const text = '$a['.repeat(depth) + 'x' + ']'.repeat(depth);
    const doc = parse(text);
    assert.equal([...doc.calls()].length, depth);
    assert.equal(doc.problems.length, 0);
    leafCoverage(doc);
    const deepest = [...doc.calls()][depth - 1]!;
    assert.equal(enclosingCall(doc, deepest.open + 1)!.call, deepest);
    const unclosed = parse('$a['.repeat(depth));
    assert.equal(unclosed.problems.length, depth);
  });

  it('reads literal argument values', () => {
    const doc = parse('$f[a\\;b%ESCAPED% $c[x] c;$g]');
    const call = [...doc.calls()][0]!;
    assert.equal(literalText(doc.text, call.args[0]!), 'a;b]  c');
    assert.equal(literalText(doc.text, call.args[1]!), undefined);
  });

  describe('names glued to text', () => {
    const names = new KnownNames([
      '$ping',
      '$else',
      '$endif',
      '$if',
      '$catch',
      '$endtry',
      '$try',
      '$c',
      '$username',
      '$user',
    ]);
    const cases: Array<[string, string]> = [
      ['Pong! `$pingms`', '"Pong! `" $ping "ms`"'],
      ['Yes$elseNo$endif', '"Yes" $else "No" $endif'],
      ['$catchOops$endtry', '$catch "Oops" $endtry'],
      // The longest known name wins; a known whole name is never cut.
      ['$usernamefoo $username $userx', '$username "foo " $username " " $user "x"'],
      // `[` right after the name opens arguments; after glued letters it is text.
      ['$pingms[x] $ping[x]', '$ping "ms[x] " $ping["x"]'],
      // No known start: one unknown name.
      ['$xyz[1]', '$xyz["1"]'],
      ['$cx', '$c "x"'],
      ['$c[note]x', 'comment "x"'],
    ];
    for (const [src, expected] of cases) {
      it(JSON.stringify(src), () => {
        const doc = parse(src, { knownNames: names });
        assert.equal(shape(doc), expected);
        leafCoverage(doc);
      });
    }
    it('reads %{DOL}% names the same way once special escaping is off', () => {
      const doc = parse('$disableSpecialEscaping %{DOL}%pingms', {
        knownNames: new KnownNames(['$ping', '$disableSpecialEscaping']),
      });
      assert.deepEqual(
        [...doc.calls()].map((c) => [c.name, c.nameEnd]),
        [
          ['$disableSpecialEscaping', 23],
          ['$ping', 35],
        ],
      );
    });
    it('searches a known start only as far as the longest known name', () => {
      const long = '$ping' + 'x'.repeat(100_000);
      const doc = parse(long, { knownNames: names });
      assert.deepEqual(
        [...doc.calls()].map((c) => c.name),
        ['$ping'],
      );
    });
  });

  describe('locate', () => {
    const at = (src: string) => {
      const { text, cursor } = marked(src, { cursor: 'required' });
      return { doc: parse(text), cursor: cursor! };
    };
    it('finds the innermost argument, inclusive of both ends', () => {
      for (const [src, name, index] of [
        ['$title[|]', '$title', 0],
        ['$title[ab|c]', '$title', 0],
        ['$random[1|;2]', '$random', 0],
        ['$random[1;|2]', '$random', 1],
        ['$title[x $username[|]]', '$username', 0],
        ['$title[x $username[a]|]', '$title', 0],
        ['$title[x|', '$title', 0],
      ] as const) {
        const { doc, cursor } = at(src);
        const found = enclosingCall(doc, cursor);
        assert.ok(found, src);
        assert.equal(found.call.name, name, src);
        assert.equal(found.arg.index, index, src);
      }
      for (const src of ['|$title[x]', '$title[x]|', 'text|']) {
        const { doc, cursor } = at(src);
        assert.equal(enclosingCall(doc, cursor), null, src);
      }
    });
    it('finds the call whose name is under or right before the cursor', () => {
      for (const [src, name] of [
        ['$add|Button[]', '$addButton'],
        ['$addButton|[]', '$addButton'],
        ['|$addButton', '$addButton'],
        ['x $title[$user|]', '$user'],
      ] as const) {
        const { doc, cursor } = at(src);
        assert.equal(callNameAt(doc, cursor)?.name, name, src);
      }
      const { doc, cursor } = at('$title[a|b]');
      assert.equal(callNameAt(doc, cursor), null);
      assert.equal(locate(doc, cursor).node?.kind, 'text');
    });
  });

  describe('trigger', () => {
    it('is the first line when it holds only a callback call (and comments)', () => {
      const doc = parse('\n  $onJoined[$getServerVar[ch]] $c[trigger]\n$sendMessage[hi]', { isCallback });
      assert.ok(doc.trigger);
      assert.deepEqual(
        [...doc.calls()].map((c) => [c.name, c.inTrigger]),
        [
          ['$onJoined', true],
          ['$getServerVar', true],
          ['$sendMessage', false],
        ],
      );
    });
    it('is absent when the first line has more than the callback, or no callback', () => {
      assert.equal(parse('$onJoined[x] hello\n$a', { isCallback }).trigger, null);
      assert.equal(parse('$nomention\n$onJoined[x]', { isCallback }).trigger, null);
      assert.equal(parse('$onJoined[x]', {}).trigger, null);
    });
  });

  it('collects directives from comments', () => {
    const doc = parse(
      '$c[bdscript-language: BDScript Unstable]\n$a $c[bdscript-disable-line premium, deprecated -- ok]\n$c[bdscript-disable]\n$c[just a note]',
    );
    assert.deepEqual(
      doc.directives.map((d) => [d.kind, d.line, d.value ?? null, d.codes]),
      [
        ['language', 0, 'BDScript Unstable', []],
        ['disable-line', 1, null, ['premium', 'deprecated']],
        ['disable', 2, null, []],
      ],
    );
  });

  describe('what reading costs (issue #24)', () => {
    /** A chunk fact that counts how often it is computed, and so how often a chunk is made into nodes with it. */
    const countingFact = (name: string) => {
      const counted = { n: 0 };
      const fact = new ChunkFact<number>({
        name,
        compute: () => ++counted.n,
        move: (value) => value,
      });
      return { fact, counted };
    };
    /** Comments (one a directive) and calls in every chunk of a document of many chunks. */
    const manyChunks = (): string =>
      Array.from({ length: 400 }, (_, i) => `$c[bdscript-disable-line premium] $a[${i}] $c[note ${i}]\n`).join('');

    it('reads the directives without making any chunk into nodes', () => {
      const { fact, counted } = countingFact('counted');
      const doc = parse(manyChunks(), { facts: [fact] });
      assert.ok(doc.chunkCount > 4);
      assert.equal(doc.directives.length, 400);
      assert.deepEqual([doc.directives[399]!.kind, doc.directives[399]!.line], ['disable-line', 399]);
      assert.equal(counted.n, 0, 'no chunk made into nodes (each would have taken the fact)');
      // The same directives as read from the nodes.
      const fromNodes = [...doc.comments()].filter((c) => doc.text.startsWith('$c[bdscript', c.start));
      assert.deepEqual(
        doc.directives.map((d) => [d.start, d.end]),
        fromNodes.map((c) => [c.start, c.end]),
      );
      assert.equal(counted.n, doc.chunkCount);
    });

    it('takes a fact handed as taken once read only after something read it', () => {
      const { fact, counted } = countingFact('once-read');
      const first = parse(manyChunks(), { factsOnceRead: [fact] });
      for (let i = 0; i < first.chunkCount; i++) first.view(i);
      assert.equal(counted.n, 0, 'never read: never computed');
      assert.equal(first.fact(fact, 1), 1);
      const second = parse(manyChunks(), { factsOnceRead: [fact] });
      for (let i = 0; i < second.chunkCount; i++) second.view(i);
      assert.equal(counted.n, 1 + second.chunkCount, 'read once: taken with every chunk made into nodes');
    });

    it('copies the strings of a fact off the text unless told not to (detach)', () => {
      // A record whose long string is written back when it is detached: the setter counts it.
      const writes = { n: 0 };
      const fact = new ChunkFact<{ name: string }>({
        name: 'named',
        compute: (text, view) => {
          const call = view.calls[0]!;
          const record = Object.create(null) as { name: string };
          let name = text.slice(call.start, call.end);
          Object.defineProperty(record, 'name', {
            enumerable: true,
            get: () => name,
            set: (v: string) => {
              writes.n++;
              name = v;
            },
          });
          return record;
        },
        move: (value) => value,
      });
      const text = '$title[a name long enough to be sliced]\n';
      const kept = parse(text, { facts: [fact] });
      kept.view(0);
      assert.equal(writes.n, 1, 'detached by default');
      assert.equal(kept.fact(fact, 0).name, '$title[a name long enough to be sliced]');
      const notKept = parse(text, { facts: [fact], detach: false });
      notKept.view(0);
      assert.equal(notKept.fact(fact, 0).name, '$title[a name long enough to be sliced]');
      assert.equal(writes.n, 1, 'left as computed');
    });
  });

  describe('blocks', () => {
    const codes = (src: string) => parse(src).blockProblems.map((p) => `${p.code}@${p.call.name}`);
    it('pairs if/elseif/else/endif, try/catch/endtry and async/endasync into a tree', () => {
      const doc = parse('$if[a]\n$try\n$catch\n$endtry\n$elseif[b]\n$else\n$endif\n$async[x]\n$endasync\n$await[x]');
      assert.deepEqual(doc.blockProblems, []);
      assert.deepEqual(
        doc.blocks.map((b) => [b.kind, b.branches.map((c) => c.name), b.children.map((c) => c.kind)]),
        [
          ['if', ['$elseif', '$else'], ['try']],
          ['async', [], []],
        ],
      );
    });
    it('matches blocks inside arguments and several on one line', () => {
      assert.deepEqual(codes('$title[$if[a]x$else y$endif] $if[b]z$endif'), []);
      assert.deepEqual(codes('$title[$if[a]x] $endif'), ['unclosed-block@$if', 'stray-block-end@$endif']);
    });
    it('reports every misuse by name', () => {
      assert.deepEqual(codes('$if[a]'), ['unclosed-block@$if']);
      assert.deepEqual(codes('$endif'), ['stray-block-end@$endif']);
      assert.deepEqual(codes('$if[a]$else$elseif[b]$endif'), ['elseif-after-else@$elseif']);
      assert.deepEqual(codes('$if[a]$else$else$endif'), ['duplicate-else@$else']);
      assert.deepEqual(codes('$else'), ['else-outside-if@$else']);
      assert.deepEqual(codes('$catch'), ['catch-outside-try@$catch']);
      assert.deepEqual(codes('$try$error[message]$catch$error[message]$endtry'), ['error-outside-catch@$error']);
      assert.deepEqual(codes('$try$catch$title[$error[message]]$endtry'), []);
      assert.deepEqual(codes('$async[a]$endasync$async[a]$endasync'), ['duplicate-async@$async']);
      assert.deepEqual(codes('$await[b]$async[a]$endasync'), ['unknown-async@$await']);
      assert.deepEqual(codes('$if[a]$try$endif'), ['unclosed-block@$try']);
    });
    it('counts the arguments of an unclosed call as the enclosing scope', () => {
      assert.deepEqual(codes('$if[a]\n$title[oops\n$endif'), []);
    });
  });

  describe('properties', () => {
    const alphabet = fc.constantFrom(
      '$',
      'a',
      'c',
      'if',
      'endif',
      '[',
      ']',
      ';',
      '\\',
      '%{DOL}%',
      '%{-SEMICOL-}%',
      '%ESCAPED%',
      ' ',
      '\n',
      'x',
      '$c[',
      '$disableSpecialEscaping',
      '😀',
    );
    const texts = fc.oneof(
      fc.string(),
      fc.array(alphabet, { maxLength: 200 }).map((a) => a.join('')),
    );
    it('never throws, leaves cover the text, ranges nest inside the document', () => {
      fc.assert(
        fc.property(texts, (text) => {
          const doc = parse(text, { isCallback });
          leafCoverage(doc);
          for (const call of [...doc.calls()]) {
            assert.ok(
              call.start >= 0 && call.end <= text.length && call.start < call.nameEnd && call.nameEnd <= call.end,
            );
            let prev = call.open;
            for (const arg of call.args) {
              assert.ok(arg.start > prev - 1 && arg.start <= arg.end && arg.end <= call.end);
              prev = arg.end;
              for (const child of arg.children) assert.ok(child.start >= arg.start && child.end <= arg.end);
            }
          }
          for (const p of [...doc.problems, ...doc.blockProblems])
            assert.ok(p.start >= 0 && p.start <= p.end && p.end <= text.length);
        }),
        { numRuns: 500 },
      );
    });
  });
});
