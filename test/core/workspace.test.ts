// The folder walk of core/workspace.ts over an in-memory tree: which names are BDScript files,
// the order files come in, what is left out (hidden folders, node_modules, links and other
// entries), each cap (files, entries) at its edge, unreadable folders, nested roots walked once,
// and a pause between folders that can stop the walk.

import * as assert from 'node:assert/strict';
import {
  findBdscriptFiles,
  isBdscriptFileName,
  type EntryKind,
  type FolderLister,
} from '../../server/src/core/workspace';
import { normalizeSettings } from '../../server/src/core/settings';

/** A tree written as `{name: subtree | 'file' | 'link' | 'fifo' | Error}`. */
type Tree = { readonly [name: string]: Tree | 'file' | 'link' | 'fifo' | Error };

/** A lister over `tree`, counting the folders it lists. */
function lister(tree: Tree): FolderLister & { listed: string[] } {
  const listed: string[] = [];
  const at = (folder: string): Tree | Error | undefined => {
    let cur: Tree | Error = tree;
    for (const part of folder.split('/').filter((p) => p !== '')) {
      if (cur instanceof Error) return cur;
      const next: Tree[string] | undefined = cur[part];
      if (next === undefined || typeof next === 'string') return undefined;
      cur = next;
    }
    return cur;
  };
  return {
    listed,
    list: async (folder) => {
      listed.push(folder);
      const node = at(folder);
      if (node === undefined) throw new Error('no such folder');
      if (node instanceof Error) throw node;
      return Object.entries(node).map(([name, v]) => {
        const kind: EntryKind = typeof v === 'string' ? (v === 'file' ? 'file' : 'other') : 'folder';
        return { name, location: `${folder === '/' ? '' : folder}/${name}`, kind };
      });
    },
  };
}

const NO_LIMITS = { maxFiles: Infinity, maxEntries: Infinity };

describe('workspace walk', () => {
  describe('BDScript file names', () => {
    const CASES: ReadonlyArray<readonly [string, boolean]> = [
      ['ban.bds', true],
      ['help.bdscript', true],
      ['Help.BDS', true],
      ['x.BdScript', true],
      ['.bds', false],
      ['.bdscript', false],
      ['a.bds.txt', false],
      ['a.bd', false],
      ['bds', false],
      ['a.bdsx', false],
      ['..bds', true],
    ];
    for (const [name, expected] of CASES)
      it(`${name} is ${expected ? '' : 'not '}one`, () => assert.equal(isBdscriptFileName(name), expected));
  });

  it("lists a folder's files by name, then each subfolder in name order", async () => {
    const tree: Tree = {
      w: {
        'b.bds': 'file',
        'a.bdscript': 'file',
        z: { 'y.bds': 'file', deeper: { 'x.bds': 'file' } },
        c: { 'q.bds': 'file' },
        'notes.txt': 'file',
        'B.bds': 'file',
      },
    };
    const walk = await findBdscriptFiles(lister(tree), ['/w'], NO_LIMITS);
    assert.deepEqual(walk.files, [
      '/w/B.bds',
      '/w/a.bdscript',
      '/w/b.bds',
      '/w/c/q.bds',
      '/w/z/y.bds',
      '/w/z/deeper/x.bds',
    ]);
    assert.equal(walk.stoppedAt, undefined);
    assert.deepEqual(walk.unreadable, []);
    assert.equal(walk.stopped, false);
  });

  it('leaves out hidden folders, node_modules, links, FIFOs and folders named like commands', async () => {
    const tree: Tree = {
      w: {
        '.git': { 'a.bds': 'file' },
        '.vscode': { 'b.bds': 'file' },
        node_modules: { pkg: { 'c.bds': 'file' } },
        'linked.bds': 'link',
        linkedFolder: 'link',
        'pipe.bds': 'fifo',
        'folder.bds': { 'inside.bds': 'file' },
        '.hidden.bds': 'file',
        'kept.bds': 'file',
      },
    };
    const l = lister(tree);
    const walk = await findBdscriptFiles(l, ['/w'], NO_LIMITS);
    assert.deepEqual(walk.files, ['/w/.hidden.bds', '/w/kept.bds', '/w/folder.bds/inside.bds']);
    assert.deepEqual(l.listed, ['/w', '/w/folder.bds'], 'skipped folders are never listed');
  });

  it('stops at the file cap: exactly the cap, and stoppedAt says so', async () => {
    const files: Record<string, 'file'> = {};
    for (let i = 0; i < 10; i++) files[`c${i}.bds`] = 'file';
    const tree: Tree = { w: files };
    const atCap = await findBdscriptFiles(lister(tree), ['/w'], { maxFiles: 10, maxEntries: Infinity });
    assert.equal(atCap.files.length, 10);
    assert.equal(atCap.stoppedAt, undefined, 'ten files under a cap of ten: the walk ends at the end');
    const under = await findBdscriptFiles(lister(tree), ['/w'], { maxFiles: 9, maxEntries: Infinity });
    assert.deepEqual(
      under.files,
      Array.from({ length: 9 }, (_, i) => `/w/c${i}.bds`),
    );
    assert.equal(under.stoppedAt, 'files');
    const none = await findBdscriptFiles(lister(tree), ['/w'], { maxFiles: 0, maxEntries: Infinity });
    assert.deepEqual(none.files, []);
    assert.equal(none.stoppedAt, 'files');
  });

  it('stops at the entry cap, counting entries that are not commands too', async () => {
    const entries: Record<string, 'file'> = {};
    for (let i = 0; i < 100; i++) entries[`n${String(i).padStart(3, '0')}.txt`] = 'file';
    entries['zz.bds'] = 'file';
    const tree: Tree = { w: entries };
    const cut = await findBdscriptFiles(lister(tree), ['/w'], { maxFiles: Infinity, maxEntries: 100 });
    assert.deepEqual(cut.files, []);
    assert.equal(cut.stoppedAt, 'entries');
    const whole = await findBdscriptFiles(lister(tree), ['/w'], { maxFiles: Infinity, maxEntries: 101 });
    assert.deepEqual(whole.files, ['/w/zz.bds']);
    assert.equal(whole.stoppedAt, undefined);
  });

  it('names unreadable folders and goes on', async () => {
    const tree: Tree = { w: { a: new Error('permission denied'), b: { 'x.bds': 'file' } } };
    const walk = await findBdscriptFiles(lister(tree), ['/w', '/missing'], NO_LIMITS);
    assert.deepEqual(walk.files, ['/w/b/x.bds']);
    assert.deepEqual(walk.unreadable, [
      { location: '/w/a', reason: 'permission denied' },
      { location: '/missing', reason: 'no such folder' },
    ]);
  });

  it('walks a root inside another root once', async () => {
    const tree: Tree = { w: { 'a.bds': 'file', sub: { 'b.bds': 'file' } } };
    const l = lister(tree);
    const walk = await findBdscriptFiles(l, ['/w', '/w/sub', '/w'], NO_LIMITS);
    assert.deepEqual(walk.files, ['/w/a.bds', '/w/sub/b.bds']);
    assert.deepEqual(l.listed, ['/w', '/w/sub']);
  });

  it('pauses before each folder, and a stop ends the walk at the next pause', async () => {
    const tree: Tree = { w: { a: { 'a.bds': 'file' }, b: { 'b.bds': 'file' }, c: { 'c.bds': 'file' } } };
    let pauses = 0;
    const all = await findBdscriptFiles(lister(tree), ['/w'], NO_LIMITS, { pause: async () => void pauses++ });
    assert.equal(pauses, 4);
    assert.equal(all.files.length, 3);
    pauses = 0;
    const stopped = await findBdscriptFiles(lister(tree), ['/w'], NO_LIMITS, {
      pause: async () => void pauses++,
      stop: () => pauses > 2,
    });
    assert.deepEqual(stopped.files, ['/w/a/a.bds']);
    assert.equal(stopped.stopped, true);
  });

  describe('the caps from the settings', () => {
    const CASES: ReadonlyArray<readonly [string, unknown, { maxFiles: number; maxFileSizeKB: number }]> = [
      ['nothing', undefined, { maxFiles: 1000, maxFileSizeKB: 1024 }],
      [
        '0 files: open files only',
        { diagnostics: { workspace: { maxFiles: 0 } } },
        { maxFiles: 0, maxFileSizeKB: 1024 },
      ],
      [
        'a fraction, rounded down',
        { diagnostics: { workspace: { maxFiles: 2.7, maxFileSizeKB: 1.5 } } },
        { maxFiles: 2, maxFileSizeKB: 1 },
      ],
      [
        'below the minimum',
        { diagnostics: { workspace: { maxFiles: -1, maxFileSizeKB: 0 } } },
        { maxFiles: 1000, maxFileSizeKB: 1024 },
      ],
      [
        'not numbers',
        { diagnostics: { workspace: { maxFiles: '5', maxFileSizeKB: null } } },
        { maxFiles: 1000, maxFileSizeKB: 1024 },
      ],
      ['infinite', { diagnostics: { workspace: { maxFiles: Infinity } } }, { maxFiles: 1000, maxFileSizeKB: 1024 }],
      [
        'dotted keys',
        { 'diagnostics.workspace.maxFiles': 5, 'diagnostics.workspace.maxFileSizeKB': 64 },
        { maxFiles: 5, maxFileSizeKB: 64 },
      ],
    ];
    for (const [what, raw, expected] of CASES)
      it(what, () => assert.deepEqual(normalizeSettings(raw).diagnostics.workspace, expected));
  });
});
