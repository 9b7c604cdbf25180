// The one error-to-text helper (server/src/protocol/errors.ts) says something readable for
// whatever was thrown, and never throws itself: the server's error boundary, the CLI's last
// guard and the client's messages all go through it.

import * as assert from 'node:assert/strict';
import { errorWithStack, messageOf } from '../../server/src/protocol/errors';

describe('protocol/errors', () => {
  it('reads the message of an Error, of an error-like object, and the text of anything else', () => {
    assert.equal(messageOf(new TypeError('bad value')), 'bad value');
    assert.equal(messageOf({ message: 'from a peer', code: 7 }), 'from a peer');
    assert.equal(messageOf('plain text'), 'plain text');
    assert.equal(messageOf(42), '42');
    assert.equal(messageOf(undefined), 'undefined');
    assert.equal(messageOf(null), 'null');
  });

  it('names an Error without a message by its kind', () => {
    assert.equal(messageOf(new RangeError()), 'RangeError');
  });

  it('never throws, whatever was thrown', () => {
    const noText = Object.create(null) as object;
    assert.equal(messageOf(noText), 'an unprintable Object');
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no reading me');
        },
        getPrototypeOf() {
          throw new Error('no reading me');
        },
      },
    );
    assert.equal(typeof messageOf(hostile), 'string');
    const toStringThrows = {
      toString() {
        throw new Error('no');
      },
    };
    assert.equal(messageOf(toStringThrows), 'an unprintable Object');
    assert.equal(typeof errorWithStack(hostile), 'string');
  });

  it('gives the stack for a log, and the message when there is none', () => {
    const err = new Error('with a stack');
    assert.match(errorWithStack(err), /^Error: with a stack\n\s+at /);
    const bare = new Error('no stack');
    bare.stack = undefined;
    assert.equal(errorWithStack(bare), 'no stack');
    assert.equal(errorWithStack('thrown text'), 'thrown text');
  });
});
