import * as assert from 'node:assert/strict';
import { readPageMessage } from '../../client/src/pageMessages';

describe('preview page messages', () => {
  it('reads a reveal, a branch choice and a link to open', () => {
    assert.deepEqual(readPageMessage({ open: 'https://wiki.example/a?b=1' }), { open: 'https://wiki.example/a?b=1' });
    assert.deepEqual(readPageMessage({ open: 'HTTP://Example.COM' }), { open: 'http://example.com/' });
    assert.deepEqual(readPageMessage({ reveal: { start: 3, end: 9 } }), { reveal: { start: 3, end: 9 } });
    assert.deepEqual(readPageMessage({ branch: { block: 12, index: 2 } }), { branch: { block: 12, index: 2 } });
  });
  it('refuses anything else a page could send', () => {
    for (const bad of [
      null,
      'reveal',
      { reveal: { start: -1, end: 2 } },
      { reveal: { start: 5, end: 2 } },
      { reveal: { start: '1', end: 2 } },
      { reveal: { start: 1.5, end: 2 } },
      { branch: { block: 1, index: -1 } },
      { branch: { block: 'x', index: 0 } },
      { open: 'javascript:alert(1)' },
      { open: 'JavaScript://%0aalert(1)' },
      { open: 'data:text/html,<script>alert(1)</script>' },
      { open: 'file:///etc/passwd' },
      { open: 'command:workbench.action.terminal.new' },
      { open: 'vscode://settings' },
      { open: '/relative' },
      { open: 'https://' },
      { open: `https://x.example/${'a'.repeat(5000)}` },
      { open: 42 },
      {},
    ]) {
      assert.equal(readPageMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});
