// SARIF 2.1.0 for `bdscript check --format sarif`, so code scanning (GitHub's among others) shows
// BDScript findings on pull requests: one run whose driver lists every rule with its summary and
// default level, one result per finding with 1-based lines and UTF-16 columns (the run says so
// in `columnKind`), and files as URIs relative to the working directory (`%SRCROOT%`). The log is
// written in pieces (head, results, tail) so results stream out file by file.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonVisible } from '../core/catalog/controlChars';
import { RULES, type Rule } from '../core/features/rules';

export const SARIF_VERSION = '2.1.0';
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The base every relative artifact URI is resolved against: the working directory of the run. */
export const SRCROOT = '%SRCROOT%';

export type SarifLevel = 'error' | 'warning' | 'note';

/** Diagnostic severities as SARIF levels (SARIF has no "hint": it and "information" are notes). */
export const SARIF_LEVELS: Readonly<Record<Rule['severity'], SarifLevel>> = {
  error: 'error',
  warning: 'warning',
  information: 'note',
  hint: 'note',
};

/** A finding as `check` has it: 0-based LSP positions in UTF-16 code units. */
export interface SarifFinding {
  readonly file: string;
  readonly range: {
    readonly start: { line: number; character: number };
    readonly end: { line: number; character: number };
  };
  readonly severity: Rule['severity'];
  readonly code: string;
  readonly message: string;
}

const RULE_INDEX: ReadonlyMap<string, number> = new Map(RULES.map((r, i) => [r.code, i]));

/**
 * Where a file is, as SARIF wants it: relative to the working directory with `%SRCROOT%` when it
 * lies inside it (each segment percent-encoded, `/` between), else an absolute `file:` URI.
 * Inside is decided by path segments: a first segment of `..` leaves the folder, a file named
 * `..foo.bds` does not.
 */
export function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  const full = path.resolve(cwd, file);
  const relative = path.relative(cwd, full);
  const segments = relative.split(path.sep);
  if (relative !== '' && segments[0] !== '..' && !path.isAbsolute(relative)) {
    return { uri: segments.map(encodeSegment).join('/'), uriBaseId: SRCROOT };
  }
  return { uri: fileUri(full) };
}

/** A path segment in a URI: percent-encoded, a lone surrogate as U+FFFD (as the file system names it). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(LONE_SURROGATE, '\ufffd'));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The absolute `file:` URI of a path. On POSIX each segment is encoded here: Node's
 * pathToFileURL drops trailing control characters, so a file named `a` + U+000E got the URI of `a`.
 */
function fileUri(full: string): string {
  if (path.sep !== '/') return pathToFileURL(full).href;
  return `file://${full.split('/').map(encodeSegment).join('/')}`;
}

/** The directory as a `file:` URI ending in `/`, as `originalUriBaseIds` requires. */
function directoryUri(dir: string): string {
  const href = fileUri(dir);
  return href.endsWith('/') ? href : `${href}/`;
}

/** The log with a placeholder for its results (the head and tail are cut around it). */
function logWithout(results: string, cwd: string, version: string, invocation: object): object {
  return {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: {
          driver: {
            name: 'bdscript',
            version,
            semanticVersion: version,
            rules: RULES.map((r) => ({
              id: r.code,
              name: ruleName(r.code),
              shortDescription: { text: r.summary },
              defaultConfiguration: { level: SARIF_LEVELS[r.severity] },
            })),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(cwd) } },
        columnKind: 'utf16CodeUnits',
        // Results come before the invocation, so the head can be written before any file is
        // checked and the invocation (which files were skipped) after the last.
        results,
        invocations: [invocation],
      },
    ],
  };
}

/** `unclosed-bracket` → `UnclosedBracket`: SARIF's rule names are identifiers. */
function ruleName(code: string): string {
  return code.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase());
}

/** One result: the rule, its level, the message and where, 1-based with an exclusive end column. */
export function sarifResult(f: SarifFinding, cwd: string): object {
  const index = RULE_INDEX.get(f.code);
  return {
    ruleId: f.code,
    ...(index !== undefined ? { ruleIndex: index } : {}),
    level: SARIF_LEVELS[f.severity],
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(f.file, cwd),
          region: {
            startLine: f.range.start.line + 1,
            startColumn: f.range.start.character + 1,
            endLine: f.range.end.line + 1,
            endColumn: f.range.end.character + 1,
          },
        },
      },
    ],
  };
}

/** Files that could not be checked, as the invocation's notifications. */
export interface SarifSkipped {
  readonly file: string;
  readonly reason: string;
}

/**
 * The parts of the log around its results: `head` ends with the results' `[`, `tail` starts with
 * their `]`. The head does not depend on `skipped`. Text from outside (file names, reasons) is
 * escaped as `jsonVisible` does, so no control character reaches the output raw.
 */
export function sarifFrame(
  cwd: string,
  version: string,
  skipped: readonly SarifSkipped[],
  space: number,
): { head: string; tail: string } {
  const marker = '\u0000results\u0000';
  const invocation = {
    executionSuccessful: skipped.length === 0,
    ...(skipped.length > 0
      ? {
          toolExecutionNotifications: skipped.map((s) => ({
            level: 'error',
            message: { text: `Not checked: ${s.reason}` },
            locations: [{ physicalLocation: { artifactLocation: artifactLocation(s.file, cwd) } }],
          })),
        }
      : {}),
  };
  const text = jsonVisible(logWithout(marker, cwd, version, invocation), space);
  const placeholder = jsonVisible(marker);
  const at = text.indexOf(placeholder);
  return { head: `${text.slice(0, at)}[`, tail: `]${text.slice(at + placeholder.length)}` };
}
