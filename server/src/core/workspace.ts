// Which files of a folder tree are BDScript commands, and the bounded walk that finds them: for
// `bdscript check DIR` and for the workspace diagnostics of the language server. The walk reads
// folders only through the lister it is handed (the CLI's and the node entry's read the disk; the
// web worker has none), follows no symbolic link, leaves out hidden folders and `node_modules`,
// stops at a cap on files and on folder entries, and can pause between folders.

/** The file extensions of BDScript commands (as the VS Code manifest associates them). */
export const BDSCRIPT_FILE_EXTENSIONS = ['.bds', '.bdscript'] as const;

/** Whether a file name is a BDScript command's: `ban.bds`, `Help.BDScript`; not `.bds` alone. */
export function isBdscriptFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return BDSCRIPT_FILE_EXTENSIONS.some((ext) => lower.length > ext.length && lower.endsWith(ext));
}

/**
 * Folders the walk leaves out: hidden ones (`.git`, `.vscode`, a cache) and `node_modules`,
 * which hold no commands of the user's and can be large.
 */
export function isSkippedFolderName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** What a folder entry is. A symbolic link, a FIFO, a device or a socket is `other`. */
export type EntryKind = 'file' | 'folder' | 'other';

export interface FolderEntry {
  readonly name: string;
  /** Where it is, in the lister's terms (a path, or a URI). */
  readonly location: string;
  readonly kind: EntryKind;
}

/** Reads folders. `list` rejects with an Error that says why when a folder cannot be read. */
export interface FolderLister {
  list(folder: string): Promise<readonly FolderEntry[]>;
}

export interface WalkLimits {
  /** The most BDScript files found; the walk ends when one more would be. */
  readonly maxFiles: number;
  /** The most folder entries looked at in all, so a folder of a million other files stays cheap. */
  readonly maxEntries: number;
}

export interface WalkResult {
  /** The BDScript files found, each once: a folder's files by name, then its subfolders' by name. */
  readonly files: readonly string[];
  /** Set when the walk ended at a limit rather than at the end of the tree. */
  readonly stoppedAt?: 'files' | 'entries';
  /** Folders that could not be read, and why. */
  readonly unreadable: ReadonlyArray<{ readonly location: string; readonly reason: string }>;
  /** The walk was stopped from outside (`stop` said so). */
  readonly stopped: boolean;
}

export interface WalkOptions {
  /** Called between folders (the server reads its message queue there). */
  readonly pause?: () => Promise<void>;
  /** Asked after each pause: true ends the walk at once. */
  readonly stop?: () => boolean;
}

/**
 * The BDScript files under `roots` (folders), depth first: a folder's files sorted by name, then
 * each of its subfolders in name order (names compared by UTF-16 code units). A root that is itself inside another root is walked once.
 * Never throws for what it finds: an unreadable folder is listed in `unreadable` and the walk
 * goes on.
 */
export async function findBdscriptFiles(
  lister: FolderLister,
  roots: readonly string[],
  limits: WalkLimits,
  options: WalkOptions = {},
): Promise<WalkResult> {
  const files: string[] = [];
  const seen = new Set<string>();
  const unreadable: Array<{ location: string; reason: string }> = [];
  let entries = 0;
  let stoppedAt: WalkResult['stoppedAt'];
  let stopped = false;
  // Folders still to read, the next one last; roots in the order given.
  const pending: string[] = [...roots].reverse();
  const visited = new Set<string>();
  walk: while (pending.length > 0) {
    const folder = pending.pop();
    if (folder === undefined || visited.has(folder)) continue;
    visited.add(folder);
    if (options.pause) {
      await options.pause();
      if (options.stop?.()) {
        stopped = true;
        break;
      }
    }
    let listed: readonly FolderEntry[];
    try {
      listed = await lister.list(folder);
    } catch (err) {
      unreadable.push({ location: folder, reason: err instanceof Error ? err.message : String(err) });
      continue;
    }
    const sorted = [...listed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: string[] = [];
    for (const entry of sorted) {
      if (++entries > limits.maxEntries) {
        stoppedAt = 'entries';
        break walk;
      }
      if (entry.kind === 'folder') {
        if (!isSkippedFolderName(entry.name)) subfolders.push(entry.location);
      } else if (entry.kind === 'file' && isBdscriptFileName(entry.name) && !seen.has(entry.location)) {
        if (files.length >= limits.maxFiles) {
          stoppedAt = 'files';
          break walk;
        }
        seen.add(entry.location);
        files.push(entry.location);
      }
    }
    // Subfolders after the folder's own files, in name order (the next one last on the stack).
    pending.push(...subfolders.reverse());
  }
  return { files, ...(stoppedAt ? { stoppedAt } : {}), unreadable, stopped };
}
