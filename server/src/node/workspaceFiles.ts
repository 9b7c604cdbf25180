// The disk as the folder walk of core/workspace.ts and the language server's workspace
// diagnostics read it: folders listed without following symbolic links (a link is an `other`
// entry, never walked into), by path for the CLI and by `file:` URI for the server, and files
// read bounded, as regular files only, never through a link in their own place.

import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeFileError, readRegularFile } from '../catalog/files';
import type { EntryKind, FolderEntry, FolderLister } from '../core/workspace';
import type { WorkspaceFiles, WorkspaceRead } from '../lsp/runtime';

async function entries(folder: string, locate: (child: string) => string): Promise<FolderEntry[]> {
  let listed: import('node:fs').Dirent[];
  try {
    listed = await fsp.readdir(folder, { withFileTypes: true });
  } catch (err) {
    throw new Error(describeFileError(err));
  }
  return listed.map((d) => {
    const kind: EntryKind = d.isFile() ? 'file' : d.isDirectory() ? 'folder' : 'other';
    return { name: d.name, location: locate(path.join(folder, d.name)), kind };
  });
}

/** Folders by path (the CLI's `check DIR`). */
export const pathLister: FolderLister = {
  list: (folder) => entries(folder, (child) => child),
};

/** The local path of a `file:` URI, or an Error that says why there is none. */
function localPath(uri: string): string {
  if (!/^file:/i.test(uri)) throw new Error('not a local folder (only file: URIs are read)');
  try {
    return fileURLToPath(uri);
  } catch (err) {
    throw new Error(`not a local path (${(err as Error).message})`);
  }
}

/** Folders and files by `file:` URI, for the language server's workspace diagnostics. */
export const uriWorkspaceFiles: WorkspaceFiles = {
  list: (folder) => entries(localPath(folder), (child) => pathToFileURL(child).href),
  read: async (uri, maxBytes): Promise<WorkspaceRead> => {
    let file: string;
    try {
      file = localPath(uri);
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
    const read = await readRegularFile(file, maxBytes, { noFollow: true });
    if (read.ok) return { ok: true, text: read.text };
    return { ok: false, reason: read.reason, ...(read.tooLarge !== undefined ? { tooLarge: read.tooLarge } : {}) };
  },
};
