// `bdscript mcp`: a Model Context Protocol server over stdio for AI assistants, so an assistant
// checks the BDScript it writes against the real catalog. This module is the command: its options,
// the catalog (from the same sources as `bdscript check`: local only unless --catalog URL or
// --refresh) and the tools' work, each a core function (answers.ts, functionInfo.ts). The SDK side
// (schemas, transport, the JSON guard on stdout) is mcpServer.ts, which main.ts's lazy load and
// mcpBundle.ts keep out of the start-up of every other command.

import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultCacheDir } from '../catalog/cache';
import { TOOL_VERSION } from '../catalog/endpoints';
import type { Catalog } from '../core/catalog/catalog';
import { jsonSafe, visible } from '../core/catalog/controlChars';
import { findingsOf, previewAnswer } from '../core/features/answers';
import {
  describeFunction,
  MAX_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  searchFunctions,
  similarNames,
} from '../core/features/functionInfo';
import { FULL_CLIENT } from '../core/features/types';
import { LanguageService } from '../core/languageService';
import { DEFAULT_CATALOG_URL, normalizeSettings, SCRIPT_LANGUAGES } from '../core/settings';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  flag,
  parseArgs,
  stringOpt,
  type ArgSpec,
  type CliIO,
} from './args';
import { loadCatalog } from './check';
import { loadMcpServer } from './mcpBundle';
import type { McpInfo, McpStreams, McpTools } from './mcpServer';

/**
 * The longest code a tool takes, in UTF-16 code units: 1 Mi characters, far above any command
 * (BDFD's own editor holds much less) and small enough that an answer stays quick.
 */
export const MAX_CODE_LENGTH = 1_048_576;
/** The most findings `check` lists; it counts them all and says how many it left out. */
export const MAX_FINDINGS = 500;
/**
 * The largest JSON-RPC message read (one line): room for MAX_CODE_LENGTH characters written as
 * six-byte escapes and the JSON around them. A longer line ends the server with a message.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** The most values (array items and object keys) the arguments of one tool call may hold. */
export const MAX_INPUT_ELEMENTS = 1_000;

const USAGE = [
  'Usage: bdscript mcp [options]',
  '',
  'Runs a Model Context Protocol server over stdin and stdout for AI assistants (Claude Desktop,',
  'VS Code, any MCP client). Its tools check BDScript code against the function catalog:',
  '  check              code -> findings with lines, columns and fixes',
  "  preview            code -> Discord's message JSON and notes",
  '  describe_function  name -> signature, arguments, flags, wiki link',
  '  search_functions   words -> names',
  'No tool reads or writes a file; stdout carries only the protocol, messages go to stderr.',
  '',
  'Options:',
  '  --catalog URL|FILE   Fetch the catalog from this API base URL (falling back to local sources',
  '                       with a warning), or read it from a snapshot file',
  '  --cache-dir DIR      Catalog cache folder (default $XDG_CACHE_HOME/bdscript or ~/.cache/bdscript)',
  `  --refresh            Fetch the catalog from ${DEFAULT_CATALOG_URL} (or --catalog URL) first`,
  '',
  'Without --catalog or --refresh only local sources are used (the cache, then the bundled',
  'snapshot) and the network is never touched.',
  '',
  'Exit codes: 0 the client closed the connection, 1 the connection broke, 2 usage or I/O error.',
].join('\n');

const SPEC: ArgSpec = {
  options: { catalog: { type: 'string' }, 'cache-dir': { type: 'string' }, refresh: { type: 'boolean' } },
};

/** The limits and version the MCP side is given. */
export const MCP_INFO: McpInfo = {
  version: TOOL_VERSION,
  limits: {
    code: MAX_CODE_LENGTH,
    findings: MAX_FINDINGS,
    name: MAX_NAME_LENGTH,
    query: MAX_QUERY_LENGTH,
    results: MAX_SEARCH_RESULTS,
    languages: SCRIPT_LANGUAGES,
    inputElements: MAX_INPUT_ELEMENTS,
    messageBytes: MAX_MESSAGE_BYTES,
  },
};

let documentCount = 0;

/** Runs `work` on the code as an untitled document of its own, then forgets its analysis. */
function withDocument<T>(service: LanguageService, code: string, work: (document: TextDocument) => T): T {
  const document = TextDocument.create(`untitled:bdscript-mcp-${++documentCount}.bds`, 'bdscript', 1, code);
  try {
    return work(document);
  } finally {
    service.forget(document.uri);
  }
}

/** The tools' work over `catalog`: the language service's findings, preview and catalog answers. */
export function mcpTools(catalog: Catalog): McpTools {
  const serviceFor = (language?: string, premium?: boolean): LanguageService =>
    new LanguageService({
      catalog,
      settings: normalizeSettings({ ...(language ? { language } : {}), ...(premium ? { premium } : {}) }),
      client: FULL_CLIENT,
    });
  return {
    check: (code, { language, premium }) => {
      const service = serviceFor(language, premium);
      return { ...withDocument(service, code, (d) => findingsOf(service, d, MAX_FINDINGS)) };
    },
    preview: (code) => {
      const service = serviceFor();
      return { ...withDocument(service, code, (d) => previewAnswer(d, service.preview(d))) };
    },
    describe: (name) => {
      const info = describeFunction(catalog, name);
      if (info) return { info: { ...info } };
      const near = similarNames(catalog, name);
      const shown = visible(name.trim().slice(0, 80));
      return {
        refusal: `The catalog has no function or callback named ${shown}.${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ' Use search_functions to find one.'}`,
      };
    },
    search: (query, limit) => searchFunctions(catalog, query, limit),
  };
}

/** The MCP server with its four tools over `catalog`; not yet connected (the fuzz suite drives it). */
export function createMcpServer(catalog: Catalog): ReturnType<ReturnType<typeof loadMcpServer>['createServer']> {
  return loadMcpServer().createServer(mcpTools(catalog), MCP_INFO);
}

/** A stdout for JSON-RPC lines through the JSON guard (`jsonSafe`). */
export function jsonGuardedStream(out: NodeJS.WritableStream): import('node:stream').Writable {
  return loadMcpServer().guardedStream(out, jsonSafe);
}

export type { McpStreams };

/** `bdscript mcp`: loads the catalog, then serves until the client closes stdin (exit 0) or the connection breaks (1). */
export async function runMcp(
  argv: string[],
  io: CliIO,
  streams: McpStreams = { input: process.stdin, output: process.stdout },
): Promise<number> {
  let options: {
    catalog?: { kind: 'url'; url: string } | { kind: 'file'; file: string };
    cacheDir: string;
    refresh: boolean;
  };
  try {
    const args = parseArgs(argv, SPEC);
    if (args.help) {
      io.stdout(USAGE + '\n');
      return EXIT_OK;
    }
    const source = stringOpt(args, 'catalog');
    if (source !== undefined && source.trim() === '') throw new UsageError('option --catalog needs a URL or a file');
    const catalog =
      source === undefined
        ? undefined
        : /^https?:\/\//i.test(source)
          ? ({ kind: 'url', url: source } as const)
          : ({ kind: 'file', file: path.resolve(io.cwd, source) } as const);
    const refresh = flag(args, 'refresh');
    if (refresh && catalog?.kind === 'file')
      throw new UsageError('--refresh fetches from a URL; it cannot be used with --catalog FILE');
    const dir = stringOpt(args, 'cache-dir');
    options = {
      ...(catalog ? { catalog } : {}),
      cacheDir: dir ? path.resolve(io.cwd, dir) : defaultCacheDir(io.env),
      refresh,
    };
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`bdscript mcp: ${err.message}\nRun bdscript mcp --help for usage.\n`);
      return EXIT_USAGE;
    }
    throw err;
  }

  const catalog = await loadCatalog(options, io, 'mcp');
  if (!catalog) return EXIT_USAGE;
  const sdk = loadMcpServer();
  const broken = await sdk.serve(
    sdk.createServer(mcpTools(catalog), MCP_INFO),
    streams,
    MCP_INFO,
    jsonSafe,
    (message) => io.stderr(`bdscript mcp: ${visible(message)}\n`),
    io.signal,
  );
  return broken ? EXIT_FAILURE : EXIT_OK;
}
