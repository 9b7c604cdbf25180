// The pure part of "Copy for BDFD app" in the client: the server's answer is checked before use
// (it crosses a process boundary), and the message names the trigger on one line, cut short,
// with no control or bidi characters.
import { strict as assert } from 'node:assert';
import { coerceAppCode, copiedMessage, MAX_TRIGGER_SHOWN, shownTrigger } from '../../client/src/appCode';

describe('client: copy for BDFD app', () => {
  it('takes only answers of the right shape', () => {
    assert.deepEqual(coerceAppCode({ code: 'Hi', trigger: '$onJoined[1]', triggerLine: 0 }), {
      code: 'Hi',
      trigger: '$onJoined[1]',
      triggerLine: 0,
    });
    assert.deepEqual(coerceAppCode({ code: 'Hi', trigger: null, triggerLine: null }), {
      code: 'Hi',
      trigger: null,
      triggerLine: null,
    });
    assert.deepEqual(coerceAppCode({ code: 'Hi', trigger: null, triggerLine: -1 }), {
      code: 'Hi',
      trigger: null,
      triggerLine: null,
    });
    for (const bad of [
      null,
      undefined,
      'Hi',
      [],
      { trigger: null },
      { code: 1, trigger: null },
      { code: 'Hi', trigger: 5 },
      { code: 'Hi' },
    ]) {
      assert.equal(coerceAppCode(bad), undefined, JSON.stringify(bad));
    }
  });

  it('tells the trigger to paste, or that there is none', () => {
    assert.deepEqual(copiedMessage({ code: '$title[Hi]\r\nBye\n', trigger: '$onJoined[1]', triggerLine: 0 }), {
      text: "BDScript: copied the code (3 lines) without its trigger line. Put this in the app's trigger field: $onJoined[1]",
      offerTrigger: true,
    });
    assert.deepEqual(copiedMessage({ code: 'Pong!', trigger: null, triggerLine: null }), {
      text: 'BDScript: copied the code (1 line). This file has no trigger line, so the trigger stays as it is in the app.',
      offerTrigger: false,
    });
    assert.match(copiedMessage({ code: '', trigger: '$onJoined[1]', triggerLine: 0 }).text, /\(0 lines\)/);
  });

  it('shows a trigger on one line, without control or bidi characters, cut short', () => {
    assert.equal(shownTrigger('$onJoined[\n$getServerVar[a]\u202e\u0007]'), '$onJoined[ $getServerVar[a] ]');
    const long = shownTrigger(`$messageContains[${'word;'.repeat(100)}]`);
    assert.equal(long.length, MAX_TRIGGER_SHOWN);
    assert.ok(long.endsWith('…'));
  });
});
