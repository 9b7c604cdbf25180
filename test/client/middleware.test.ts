// The client's provider middleware: requests go through until deactivation starts; then they
// answer nothing, and a request that fails because of the stop answers nothing instead of an error.

import * as assert from 'node:assert/strict';
import { LensPreview, lensPreviewArgs, unlessStopping } from '../../client/src/middleware';

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

  it('guards the providers the editor features added (formatting, highlights, selection, links, lenses)', () => {
    const mw = unlessStopping(() => true);
    const fail = (): never => assert.fail('no request once stopping');
    assert.equal(mw.provideDocumentFormattingEdits!(never, never, never, fail), undefined);
    assert.equal(mw.provideDocumentRangeFormattingEdits!(never, never, never, never, fail), undefined);
    assert.equal(mw.provideDocumentHighlights!(never, never, never, fail), undefined);
    assert.equal(mw.provideSelectionRanges!(never, never, never, fail), undefined);
    assert.equal(mw.provideDocumentLinks!(never, never, fail), undefined);
    assert.equal(mw.provideCodeLenses!(never, never, fail), undefined);
  });

  it("opens the preview for the budget lens's command, and passes every other command to the server", async () => {
    const lens = new LensPreview();
    const mw = unlessStopping(() => false, lens);
    const sent: unknown[][] = [];
    const next = (command: string, args: unknown[]): Promise<string> => {
      sent.push([command, ...args]);
      return Promise.resolve('server');
    };
    const lensArgs = [
      'file:///a.bds',
      42,
      [
        [0, 1],
        ['x', 2],
        [5, -1],
      ],
    ];
    // Before the panel exists the lens runs the server's command, as in any editor.
    assert.equal(await mw.executeCommand!('bdscript.server.previewJson', lensArgs, next), 'server');
    const opened: unknown[] = [];
    lens.open = (uri, branches) => opened.push([uri, branches]);
    assert.equal(await mw.executeCommand!('bdscript.server.previewJson', lensArgs, next), undefined);
    assert.deepEqual(opened, [['file:///a.bds', [[0, 1]]]]);
    assert.equal(await mw.executeCommand!('bdscript.server.previewJson', ['file:///a.bds'], next), 'server');
    assert.equal(await mw.executeCommand!('bdscript.server.catalogStatus', [], next), 'server');
    assert.equal(sent.length, 3);
    assert.equal(lensPreviewArgs('bdscript.server.previewJson', ['file:///a.bds', 'x']), undefined);
  });
});
