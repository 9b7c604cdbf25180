// The execution-path model as tables: which two parts of a command run together (exclusive
// `$if` branches, handlers on `$customID`, `$stop`, `$try`/`$catch`, `$async`, conditions the
// file cannot decide), which parts no run reaches, what may run before what, and the paths a
// walker follows (each case lists the events every path sees, in order).

import * as assert from 'node:assert/strict';
import { parse } from '../../server/src/core/parser/parser';
import {
  MAX_PATH_DEPTH,
  PATH_FACT,
  pathModel,
  readCondition,
  walkPaths,
  type Relation,
} from '../../server/src/core/features/paths';
import { messageRuns } from '../../server/src/core/features/messages';
import { generateCommand } from '../support/generate';
import { marked } from '../support/markers';
import { snapshotCatalog } from '../support/testCatalog';

/** The relation between the parts at the fixture's first and second `«»` range. */
function relationOf(src: string): Relation {
  const m = marked(src, { cursor: 'none' });
  assert.equal(m.ranges.length, 2, src);
  const model = pathModel(parse(m.text));
  const forward = model.relation(m.ranges[0]!.start, m.ranges[1]!.start);
  assert.equal(model.relation(m.ranges[1]!.start, m.ranges[0]!.start), forward, 'the relation is symmetric');
  assert.equal(model.relationsTo(m.ranges[1]!.start)(m.ranges[0]!.start), forward, 'relationsTo agrees');
  const contexts = model.contextMemo();
  assert.equal(model.relationsTo(m.ranges[0]!.start, contexts)(m.ranges[1]!.start), forward, 'backwards too');
  assert.equal(contexts(m.ranges[1]!.start), contexts(m.ranges[1]!.start), 'a context is found once');
  assert.deepEqual(contexts(m.ranges[1]!.start), model.contextOf(m.ranges[1]!.start));
  return forward;
}

const RELATIONS: Array<[string, Relation]> = [
  // Sequential code.
  ['«A»\n«B»', 'sequence'],
  ['«A»\n$if[$message==x]\n«B»\n$endif', 'sequence'],
  ['$if[$message==x]\n«A»\n«B»\n$endif', 'sequence'],
  // Exclusive branches of one block, also nested and in arguments.
  ['$if[$message==x]\n«A»\n$else\n«B»\n$endif', 'exclusive'],
  ['$if[a==b]\n«A»\n$elseif[c==d]\n«B»\n$endif', 'exclusive'],
  ['$if[a==b]\n$if[c==d]\n«A»\n$endif\n$else\n«B»\n$endif', 'exclusive'],
  ['$title[$if[a==b]«A» $else «B»$endif]', 'exclusive'],
  // Two blocks with unrelated conditions can both be taken.
  ['$if[$message==a]\n«A»\n$endif\n$if[$authorID==1]\n«B»\n$endif', 'sequence'],
  // Handlers: the same value compared with different literals.
  ['$if[$customID==button1]\n«A»\n$endif\n$if[$customID==button2]\n«B»\n$endif', 'exclusive'],
  ['$if[$customID==button1]\n«A»\n$endif\n$if[button2==$customID]\n«B»\n$endif', 'exclusive'],
  ['$if[$customID==b1]\n«A»\n$endif\n$if[$customID==b1]\n«B»\n$endif', 'sequence'],
  ['$if[$customID==b1]\n«A»\n$endif\n$if[$customID!=b1]\n«B»\n$endif', 'exclusive'],
  ['$if[$customID==b1]\n«A»\n$else\n$endif\n$if[$customID==b2]\n«B»\n$endif', 'exclusive'],
  ['$if[$customID==b1]\n$else\n«A»\n$endif\n$if[$customID==b1]\n«B»\n$endif', 'exclusive'],
  ['$if[$customID==b1]\n$else\n«A»\n$endif\n$if[$customID==b2]\n«B»\n$endif', 'sequence'],
  // The wiki's handlers with `-$authorID`: the call makes the values unknown, not different.
  ['$if[$customID==button1-$authorID]\n«A»\n$endif\n$if[$customID==button2-$authorID]\n«B»\n$endif', 'unknown'],
  // Conditions on one number: decided where a whole number settles it, unknown otherwise.
  ['$if[$var[n]>5]\n«A»\n$endif\n$if[$var[n]<3]\n«B»\n$endif', 'exclusive'],
  ['$if[$var[n]>=10]\n«A»\n$endif\n$if[$var[n]<10]\n«B»\n$endif', 'exclusive'],
  ['$if[$var[n]>5]\n«A»\n$endif\n$if[$var[n]<10]\n«B»\n$endif', 'sequence'],
  ['$if[$var[n]==7]\n«A»\n$endif\n$if[$var[n]>5]\n«B»\n$endif', 'sequence'],
  ['$if[$var[n]>5]\n«A»\n$endif\n$if[$var[n]<6]\n«B»\n$endif', 'unknown'],
  ['$if[$var[n]>$var[m]]\n«A»\n$endif\n$if[$var[n]<3]\n«B»\n$endif', 'unknown'],
  ['$if[$var[s]>abc]\n«A»\n$endif\n$if[$var[s]<abd]\n«B»\n$endif', 'unknown'],
  // `$stop` ends the paths through the parts before it.
  ['«A»\n$stop\n«B»', 'exclusive'],
  ['$if[a==b]\n«A»\n$stop\n$endif\n«B»', 'exclusive'],
  ['$if[a==b]\n$stop\n$endif\n«A»\n«B»', 'sequence'],
  ['«A»\n$if[a==b]\n$stop\n$endif\n«B»', 'sequence'],
  ['$if[a==b]\n«A»\n$if[c==d]\n$stop\n$endif\n$endif\n«B»', 'sequence'],
  // `$try` and `$catch`, `$async`.
  ['$try\n«A»\n$catch\n«B»\n$endtry', 'unknown'],
  ['$try\n«A»\n$endtry\n«B»', 'sequence'],
  ['$async[job]\n«A»\n$endasync\n«B»', 'unknown'],
  ['$async[job]\n«A»\n«B»\n$endasync', 'sequence'],
  // The opener's condition is evaluated whenever the block is reached.
  ['$if[«A»==b]\n$else\n«B»\n$endif', 'sequence'],
];

describe('execution paths', () => {
  describe('relation', () => {
    for (const [src, want] of RELATIONS) {
      it(`${want}: ${JSON.stringify(src)}`, () => assert.equal(relationOf(src), want));
    }
  });

  describe('dead code', () => {
    const cases: Array<[string, boolean]> = [
      ['$stop\n«A»', true],
      ['«A»\n$stop', false],
      ['$if[a==b]\n$stop\n«A»\n$endif', true],
      ['$if[a==b]\n$stop\n$endif\n«A»', false],
      ['$if[a==b]\n$stop\n$else\n«A»\n$endif', false],
      ['$async[x]\n$stop\n$endasync\n«A»', false],
    ];
    for (const [src, dead] of cases) {
      it(`${dead ? 'dead' : 'reached'}: ${JSON.stringify(src)}`, () => {
        const m = marked(src, { cursor: 'none' });
        assert.equal(pathModel(parse(m.text)).dead(m.ranges[0]!.start), dead);
      });
    }
  });

  describe('may run before', () => {
    const cases: Array<[string, boolean]> = [
      // «X» may run before «Y».
      ['«X»\n«Y»', true],
      ['«Y»\n«X»', false],
      ['$if[a==b]\n«X»\n$else\n«Y»\n$endif', false],
      ['$try\n«X»\n$catch\n«Y»\n$endtry', true],
      // The main path goes on while a background body runs.
      ['$async[j]\n«Y»\n$endasync\n«X»', true],
      ['$async[j]\n«X»\n«Y»\n$endasync', true],
      ['$async[j]\n«Y»\n«X»\n$endasync', false],
    ];
    for (const [src, may] of cases) {
      it(`${may}: ${JSON.stringify(src)}`, () => {
        const m = marked(src, { cursor: 'none' });
        const text = m.text;
        const x = m.ranges[text.indexOf('X') === m.ranges[0]!.start ? 0 : 1]!.start;
        const y = m.ranges[text.indexOf('Y') === m.ranges[0]!.start ? 0 : 1]!.start;
        assert.equal(pathModel(parse(text)).mayRunBefore(x, y), may);
      });
    }
  });

  describe('walking paths', () => {
    /** The sequences of letters (A-Z written as `«A»`) every path sees. */
    function paths(src: string): string[] {
      const m = marked(src, { cursor: 'none' });
      const events = m.ranges.map((r) => ({ at: r.start, name: m.text.slice(r.start, r.end) }));
      const ends = walkPaths(pathModel(parse(m.text)), events, {
        initial: '',
        key: (s) => s,
        step: (s, e) => s + e.name,
      });
      return ends.map((e) => e.state + (e.stopped ? '.' : '')).sort();
    }
    const cases: Array<[string, string[]]> = [
      ['«A»\n«B»', ['AB']],
      ['«A»\n$if[x==1]\n«B»\n$else\n«C»\n$endif\n«D»', ['ABD', 'ACD']],
      ['«A»\n$if[x==1]\n«B»\n$endif\n«D»', ['AB D'.replace(' ', ''), 'AD']],
      ['$if[x==1]\n«A»\n$elseif[x==2]\n«B»\n$else\n$endif', ['', 'A', 'B']],
      // Handlers never meet; the same handler twice does.
      [
        '$if[$customID==a]\n«A»\n$endif\n$if[$customID==b]\n«B»\n$endif\n$if[$customID==a]\n«C»\n$endif',
        ['', 'AC', 'B'],
      ],
      // Conditions that exclude each other, or cannot be decided, are not followed together.
      ['$if[$var[n]>5]\n«A»\n$endif\n$if[$var[n]<3]\n«B»\n$endif', ['', 'A', 'B']],
      // Undecidable: the later block starts paths of its own, so A is never counted with B.
      ['$if[$var[n]>$var[m]]\n«A»\n$endif\n$if[$var[n]<3]\n«B»\n$endif', ['', 'B']],
      // `$stop` ends a path; the rest is not seen on it.
      ['«A»\n$if[x==1]\n«B»\n$stop\n$endif\n«C»', ['AB.', 'AC']],
      ['«A»\n$stop\n«B»', ['A.']],
      // The catch path counts only the catch body.
      ['«A»\n$try\n«B»\n$catch\n«C»\n$endtry', ['AB', 'AC']],
      ['$try\n«B»\n$endtry\n«C»', ['BC', 'C']],
      // A background body is a path of its own, not part of the main one.
      ['«A»\n$async[j]\n«B»\n$endasync\n«C»', ['AC']],
    ];
    for (const [src, want] of cases) {
      it(`${JSON.stringify(src)} → ${JSON.stringify(want)}`, () => assert.deepEqual(paths(src), [...want].sort()));
    }

    it('never follows more than the state cap, and stays linear in sequential blocks', () => {
      const blocks = Array.from({ length: 40 }, (_, k) => `$if[x${k}==1]\n«A»\n$endif`).join('\n');
      const m = marked(blocks, { cursor: 'none' });
      const events = m.ranges.map((r) => ({ at: r.start }));
      // Counting states: 0..40 events seen, 41 distinct states at most.
      const ends = walkPaths(pathModel(parse(m.text)), events, {
        initial: 0,
        key: (n) => String(n),
        step: (n) => n + 1,
      });
      assert.equal(ends.length, 41);
    });

    it('forgets a condition no later block tests, so paths that differ only by it merge', () => {
      // Ten values, each tested by two blocks in a row: 2^10 combinations of conditions, but
      // after its second block a value is settled and its condition is dropped.
      const pairs = Array.from(
        { length: 10 },
        (_, k) => `$if[$var[x${k}]==1]\n«A»\n$else\n«A»\n$endif\n$if[$var[x${k}]==1]\n«A»\n$else\n«A»\n$endif`,
      );
      const m = marked(pairs.join('\n'), { cursor: 'none' });
      const events = m.ranges.map((r) => ({ at: r.start }));
      const ends = walkPaths(pathModel(parse(m.text)), events, {
        initial: 0,
        key: () => '',
        merge: (a, b) => Math.max(a, b),
        step: (n) => n + 1,
      });
      assert.deepEqual(
        ends.map((e) => e.state),
        [20],
      );
    });

    it('does no work per block once every path has ended, and ends with the states a block-by-block walk gives', () => {
      // Paths that differ by a handler's condition all end at a `$stop`; `n` blocks with events
      // follow (and one `$async` body, which is still walked). The keys asked for must not grow
      // with `n`: the ended states are settled once, not at every block.
      const walk = (n: number) => {
        const head =
          '$if[$customID==a]\n«A»\n$elseif[$customID==b]\n«A»«A»\n$endif\n$if[$customID==c]\n«A»\n$endif\n$stop\n';
        const tail = Array.from({ length: n }, (_, k) => `$if[$customID==x${k}]\n«A»\n$else\n«A»\n$endif`).join('\n');
        const m = marked(`${head}${tail}\n$async[j]\n«A»«A»«A»\n$endasync`, { cursor: 'none' });
        const events = m.ranges.map((r) => ({ at: r.start }));
        let keys = 0;
        let steps = 0;
        const ends = walkPaths(pathModel(parse(m.text)), events, {
          initial: 0,
          key: () => {
            keys++;
            return '';
          },
          merge: (a, b) => Math.max(a, b),
          step: (count) => {
            steps++;
            return count + 1;
          },
        });
        return { keys, steps, ends: ends.map((e) => [e.state, e.stopped, e.assumptions.map((a) => a.rhs)]) };
      };
      const few = walk(5);
      const many = walk(200);
      // Ended paths: the three handlers' and the one that took none, their conditions forgotten
      // after the last block that tests `$customID`, so they merge into one (the highest count).
      assert.deepEqual(many.ends, [[2, true, []]]);
      assert.deepEqual(few.ends, many.ends);
      // The events before the `$stop` and the background body's are stepped; none after the stop.
      assert.equal(many.steps, few.steps);
      assert.equal(many.keys, few.keys, `${few.keys} keys for 5 blocks after the stop, ${many.keys} for 200`);
    });

    it('keeps a condition while a later block still tests it', () => {
      // x is settled after the second block, y is not yet: A and C (x==1, x==2) never meet.
      const src = '$if[x==1]\n«A»\n$endif\n$if[y==1]\n«B»\n$endif\n$if[x==2]\n«C»\n$endif\n$if[y==2]\n«D»\n$endif';
      assert.deepEqual(paths(src), ['', 'A', 'AB', 'AD', 'B', 'BC', 'C', 'CD', 'D'].sort());
    });
  });

  it('tracks the left sides that the conditions of two or more blocks test', () => {
    const tracked = (src: string) => [...pathModel(parse(src)).tracked].sort();
    // One block testing a side in each of its heads counts once.
    assert.deepEqual(tracked('$if[y==1]\nA\n$elseif[y==2]\nB\n$endif'), []);
    assert.deepEqual(tracked('$if[y==1]\nA\n$endif\n$if[y==2]\nB\n$endif'), ['y']);
    // Nested blocks and blocks in arguments count; `$try` and `$async` test nothing.
    assert.deepEqual(tracked('$if[$customID==a]\n$if[$customID==b]\nA\n$endif\n$endif\n$title[$if[z==1]A$endif]'), [
      '$customID',
    ]);
    // An `$elseif` outside any `$if` is a block of its own.
    assert.deepEqual(tracked('$elseif[x==1]\nA\n$if[x==2]\nB\n$endif'), ['x']);
    assert.deepEqual(tracked('$elseif[x==1]\n$elseif[x==2]'), ['x']);
  });

  describe('the most on one path', () => {
    /** The bound over the fixture's ranges, each adding its length. */
    function most(src: string): number {
      const m = marked(src, { cursor: 'none' });
      const events = m.ranges.map((r) => ({ at: r.start, count: r.end - r.start }));
      return pathModel(parse(m.text)).mostOnOnePath(events);
    }
    const cases: Array<[string, number]> = [
      ['«aaa»\n«bb»', 5],
      // Any branch after any other, whatever the conditions say.
      ['«aaa»\n$if[x==1]\n«bbbb»\n$else\n«cc»\n$endif\n«d»', 8],
      ['$if[$customID==a]\n«aaa»\n$endif\n$if[$customID==b]\n«bb»\n$endif', 5],
      // `$stop` ends the paths through it, here or in a branch, also in a condition.
      ['«aaa»\n$stop\n«bbbb»', 3],
      ['«aaa»\n$if[x==1]\n«bbbb»\n$stop\n$endif\n«dd»', 7],
      ['«aa»\n$if[$stop==1]\n«bbbbbb»\n$endif', 2],
      // `$try` body or `$catch`; an `$async` body is a path of its own.
      ['$try\n«aaa»\n$catch\n«bb»\n$endtry\n«c»', 4],
      ['«aa»\n$async[t]\n«bbbbb»\n$endasync\n«c»', 5],
      ['«a»\n$stop\n$async[t]\n«bbb»\n$endasync', 3],
      // A `$try` left open across the `$if`'s `$elseif`: no bound.
      ['$if[a==1]\n$try\n«aa»\n$elseif[b==2]\n«bbb»', Infinity],
    ];
    for (const [src, want] of cases) {
      it(`${JSON.stringify(src)} → ${want}`, () => assert.equal(most(src), want));
    }

    it('reads no condition for the bound: the conditions are gathered on first use', () => {
      const parsed = parse(`${'$if[$customID==a]\nHello\n$stop\n$endif\n'.repeat(400)}tail text`);
      let reads = 0;
      const fact = parsed.fact.bind(parsed);
      parsed.fact = (f, i) => {
        if (f === PATH_FACT) reads++;
        return fact(f, i);
      };
      const model = pathModel(parsed);
      assert.ok(parsed.chunkCount > 3);
      assert.equal(model.mostOnOnePath([{ at: parsed.text.length - 4, count: 4 }]), 4);
      assert.equal(reads, parsed.chunkCount, 'the stops, once per chunk');
      assert.deepEqual([...model.tracked], ['$customID']);
      assert.equal(reads, 2 * parsed.chunkCount, 'the conditions when asked for');
    });

    it('gives no bound past the depth the walk follows', () => {
      const deep = (n: number) => most(`${'$if[a==1]\n'.repeat(n)}«aaa»\n${'$endif\n'.repeat(n)}`);
      assert.equal(deep(MAX_PATH_DEPTH - 1), 3);
      assert.equal(deep(MAX_PATH_DEPTH + 50), Infinity);
    });

    it('is never below what a walk adds up on one path', () => {
      // Generated commands with blocks, stops and text put in anywhere, also where they unpair.
      const catalog = snapshotCatalog();
      const pieces = ['$stop\n', '$if[$customID==a]\n', '$if[$stop==1]', '$endif\n', '$else\n', '$elseif[x>3]\n'];
      pieces.push('$try\n', '$catch\n', '$endtry\n', '$async[t]\n', '$endasync\n', 'some words '.repeat(20));
      pieces.push('$title[$if[a==b]x$stop$endif]\n', '$description[$async[q]x$endasync y]\n');
      let seed = 7;
      const next = (n: number): number => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed % n;
      };
      for (let s = 1; s <= 150; s++) {
        let text = generateCommand(catalog, s, 60);
        for (let k = 0; k < 5 + (s % 5) * 6; k++) {
          const at = next(text.length + 1);
          text = text.slice(0, at) + pieces[next(pieces.length)]! + text.slice(at);
        }
        const parsed = parse(text);
        const runs = messageRuns(parsed);
        let walked = 0;
        walkPaths(pathModel(parsed), runs, {
          initial: 0,
          key: () => '',
          merge: (a, b) => Math.max(a, b),
          step: (count, run) => {
            walked = Math.max(walked, count + run.count);
            return count + run.count;
          },
        });
        assert.ok(pathModel(parsed).mostOnOnePath(runs) >= walked, JSON.stringify(text));
      }
    });
  });

  describe('conditions', () => {
    const cases: Array<[string, { lhs: string; op: string; rhs: string; rhsLiteral: boolean } | undefined]> = [
      ['$if[$customID==button1]', { lhs: '$customID', op: '==', rhs: 'button1', rhsLiteral: true }],
      ['$if[ b1 == $customID ]', { lhs: '$customID', op: '==', rhs: 'b1', rhsLiteral: true }],
      ['$if[$var[x]!=]', { lhs: '$var[x]', op: '!=', rhs: '', rhsLiteral: true }],
      ['$if[<@$authorID>==<@1>]', { lhs: '<@$authorID>', op: '==', rhs: '<@1>', rhsLiteral: true }],
      ['$if[$var[n]>=$var[m]]', { lhs: '$var[n]', op: '>=', rhs: '$var[m]', rhsLiteral: false }],
      ['$if[$customID==b-$authorID]', { lhs: '$customID', op: '==', rhs: 'b-$authorID', rhsLiteral: false }],
      ['$if[$message]', undefined],
    ];
    for (const [src, want] of cases) {
      it(`${src}`, () => {
        const parsed = parse(src);
        const call = [...parsed.calls()].find((c) => c.name === '$if')!;
        assert.deepEqual(readCondition(parsed.text, call.args[0]!), want);
      });
    }
  });
});
