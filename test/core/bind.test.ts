// Argument binding: in-order binding, optional tails, repeatable parameters at the end and in
// the middle, and tuples that repeat as a group.

import * as assert from 'node:assert/strict';
import { bindArguments, slotLabel } from '../../server/src/core/catalog/bind';
import type { Argument } from '../../server/src/core/catalog/model';

function arg(name: string, opts: Partial<Argument> = {}): Argument {
  return {
    name,
    description: '',
    type: 'String',
    types: ['String'],
    unknownTypes: [],
    required: true,
    empty: false,
    repeatable: false,
    ...opts,
  };
}

/** Renders a binding as the names each argument binds to, with `!` for too many, and the missing names. */
function bound(params: Argument[], count: number): { args: string[]; missing: string[] } {
  const b = bindArguments(params, count);
  return {
    args: b.slots.map((s) => (s ? `${slotLabel(s, params)}${s.repetition ? `#${s.repetition}` : ''}` : '!')),
    missing: b.missing.map((s) => slotLabel(s, params)),
  };
}

describe('bindArguments', () => {
  const random = [arg('Min'), arg('Max')];
  const optionalTail = [arg('Text'), arg('Channel ID', { required: false })];
  const jsonSet = [arg('Key', { repeatable: true }), arg('Value')];
  const blackList = [arg('User ID', { repeatable: true }), arg('Error message', { required: false })];
  const awaitReactions = [
    arg('', { type: 'Tuple', types: ['Tuple'], repeatable: true, tupleTypes: [arg('Command name'), arg('Reaction')] }),
  ];
  const tail = [arg('Channel ID'), arg('Emoji', { repeatable: true })];

  it('binds in order and reports missing required and too many', () => {
    assert.deepEqual(bound(random, 2), { args: ['Min', 'Max'], missing: [] });
    assert.deepEqual(bound(random, 1), { args: ['Min'], missing: ['Max'] });
    assert.deepEqual(bound(random, 3), { args: ['Min', 'Max', '!'], missing: [] });
    assert.deepEqual(bound(optionalTail, 1), { args: ['Text'], missing: [] });
    assert.deepEqual(bound([], 1), { args: ['!'], missing: [] });
  });

  it('lets a repeatable parameter in the middle absorb arguments but leave the last', () => {
    assert.deepEqual(bound(jsonSet, 2), { args: ['Key', 'Value'], missing: [] });
    assert.deepEqual(bound(jsonSet, 4), { args: ['Key', 'Key#1', 'Key#2', 'Value'], missing: [] });
    assert.deepEqual(bound(jsonSet, 1), { args: ['Key'], missing: ['Value'] });
    assert.deepEqual(bound(jsonSet, 0), { args: [], missing: ['Key', 'Value'] });
    assert.deepEqual(bound(blackList, 3), { args: ['User ID', 'User ID#1', 'Error message'], missing: [] });
  });

  it('repeats a tail repeatable without limit', () => {
    assert.deepEqual(bound(tail, 4), { args: ['Channel ID', 'Emoji', 'Emoji#1', 'Emoji#2'], missing: [] });
    assert.deepEqual(bound(tail, 1), { args: ['Channel ID'], missing: ['Emoji'] });
  });

  it('repeats tuples as groups and reports an incomplete group', () => {
    assert.deepEqual(bound(awaitReactions, 4), {
      args: ['Command name', 'Reaction', 'Command name#1', 'Reaction#1'],
      missing: [],
    });
    assert.deepEqual(bound(awaitReactions, 3), {
      args: ['Command name', 'Reaction', 'Command name#1'],
      missing: ['Reaction'],
    });
    assert.deepEqual(bound(awaitReactions, 0), { args: [], missing: ['Command name', 'Reaction'] });
  });
});
