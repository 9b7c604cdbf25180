// The client's provider middleware: requests go through until deactivation starts; then they
// answer nothing, and a request that fails because of the stop answers nothing instead of an error.

import * as assert from 'node:assert/strict';
import { unlessStopping } from '../../client/src/middleware';

describe('client/middleware', () => {
  const never = undefined as never;

  it('passes requests and their errors through while the client is not stopping', async () => {
    let stopping = false;
    const mw = unlessStopping(() => stopping);
    const hover = await mw.provideHover!(never, never, never, () => Promise.resolve({ contents: ['ok'] }));
    assert.deepEqual(hover, { contents: ['ok'] });
    await assert.rejects(
      Promise.resolve(mw.provideHover!(never, never, never, () => Promise.reject(new Error('server error')))),
      /server error/,
    );
    stopping = true;
    let called = false;
    const after = mw.provideCompletionItem!(never, never, never, never, () => {
      called = true;
      return [];
    });
    assert.equal(after, undefined);
    assert.equal(called, false, 'no request once stopping');
  });

  it('answers nothing for a request that fails because deactivation started while it ran', async () => {
    let stopping = false;
    const mw = unlessStopping(() => stopping);
    const pending = mw.provideCodeActions!(
      never,
      never,
      never,
      never,
      () =>
        new Promise((_, reject) =>
          setImmediate(() => {
            stopping = true;
            reject(new Error('Starting server failed'));
          }),
        ),
    );
    assert.equal(await pending, undefined);
  });
});
