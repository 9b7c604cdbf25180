// The host timers of the server wiring (lsp/runtime.ts timersOf): a zero delay runs on the next
// turn through setImmediate where the host has it, else through a MessageChannel (a web worker,
// whose nested zero `setTimeout` is held back 4 ms); either way callbacks run in order, a cleared
// one never runs, and delays above zero go to the host's setTimeout.

import * as assert from 'node:assert/strict';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { timersOf, type HostGlobals } from '../../server/src/lsp/runtime';

/** A host like a web worker: no setImmediate, a MessageChannel (whose port does not keep the test alive). */
function workerLikeHost(calls: string[]): HostGlobals {
  return {
    setTimeout: (callback, ms) => {
      calls.push(`setTimeout ${ms}`);
      return setTimeout(callback, ms);
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
    MessageChannel: class {
      readonly port1: { onmessage: ((event: { data: unknown }) => void) | null };
      readonly port2: NodeMessageChannel['port2'];
      constructor() {
        const channel = new NodeMessageChannel();
        const port = channel.port1;
        // Node refs a port when it gets a listener: unref it then, so the test can end.
        this.port1 = {
          set onmessage(listener: ((event: { data: unknown }) => void) | null) {
            port.on('message', (data: unknown) => listener?.({ data }));
            port.unref();
          },
          get onmessage() {
            return null;
          },
        };
        this.port2 = channel.port2;
      }
    },
  };
}

describe('host timers', () => {
  it('run zero delays through a MessageChannel where there is no setImmediate, in order, skipping cleared ones', async () => {
    const calls: string[] = [];
    const timers = timersOf(workerLikeHost(calls));
    const ran: number[] = [];
    await new Promise<void>((resolve) => {
      timers.setTimeout(() => ran.push(1), 0);
      const cleared = timers.setTimeout(() => ran.push(2), 0);
      timers.setTimeout(() => ran.push(3), -5);
      timers.clearTimeout(cleared);
      // Nested, as validation pauses between slices: each runs on the next turn.
      let depth = 0;
      const nest = (): void => {
        ran.push(10 + depth);
        if (++depth < 8) timers.setTimeout(nest, 0);
        else resolve();
      };
      timers.setTimeout(nest, 0);
    });
    assert.deepEqual(ran, [1, 3, 10, 11, 12, 13, 14, 15, 16, 17]);
    assert.deepEqual(calls, [], 'no zero delay went to setTimeout');
  });

  it('give positive delays to the host setTimeout, and clear them there', async () => {
    const calls: string[] = [];
    const timers = timersOf(workerLikeHost(calls));
    let ran = false;
    const handle = timers.setTimeout(() => (ran = true), 5);
    timers.clearTimeout(handle);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(ran, false);
    assert.deepEqual(calls, ['setTimeout 5']);
  });

  it('use setImmediate where the host has it', async () => {
    let immediates = 0;
    const host: HostGlobals = {
      ...workerLikeHost([]),
      setImmediate: (callback) => {
        immediates++;
        return setImmediate(callback);
      },
      clearImmediate: (handle) => clearImmediate(handle as NodeJS.Immediate),
    };
    const timers = timersOf(host);
    await new Promise<void>((resolve) => timers.setTimeout(resolve, 0));
    assert.equal(immediates, 1);
  });
});
