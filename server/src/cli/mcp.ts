// `bdscript mcp`: a Model Context Protocol server over stdio, on the official TypeScript SDK, so
// an AI assistant checks the BDScript it writes against the real catalog. Four tools, each a thin
// wrapper of a core function: `check` (findings with places and fixes), `preview` (Discord's
// message JSON and notes), `describe_function` and `search_functions`. The catalog comes from the
// same sources as `bdscript check` (local only unless --catalog URL or --refresh). Tool inputs are
// untrusted: sizes are capped, bad input gets an error that says what to send, and no tool reads
// a file. Every JSON-RPC line leaves through the JSON guard (`jsonSafe`). main.ts loads this
// module, and the SDK with it, only when `mcp` runs.

import { Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { z } from 'zod';
import * as path from 'node:path';
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
const MAX_INPUT_ELEMENTS = 1_000;

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

const codeSchema = z
  .string({ error: 'code must be a string of BDScript code' })
  .max(MAX_CODE_LENGTH, {
    error: `code is longer than the limit of ${MAX_CODE_LENGTH.toLocaleString('en-US')} characters; check one command at a time`,
  })
  .describe('The BDScript code of one command, as written in the BDFD app (the trigger line may come first).');

const place = {
  line: z.number().int().describe('Line, from 1'),
  column: z.number().int().describe('Column, from 1, in UTF-16 code units'),
  endLine: z.number().int(),
  endColumn: z.number().int().describe('Column after the end'),
};

const severity = z.enum(['error', 'warning', 'information', 'hint']);

const checkOutput = {
  findings: z.array(
    z.object({
      ...place,
      severity,
      code: z.string().describe('The rule, a stable code (see the README of BDScript tooling)'),
      message: z.string(),
      fixes: z.array(
        z.object({
          title: z.string(),
          preferred: z.boolean(),
          edits: z.array(z.object({ ...place, newText: z.string() })),
        }),
      ),
    }),
  ),
  counts: z.object({ error: z.number(), warning: z.number(), information: z.number(), hint: z.number() }),
  omitted: z.number().describe(`Findings not listed (at most ${MAX_FINDINGS} are)`),
};

const previewOutput = {
  message: z.record(z.string(), z.unknown()).describe("Discord's message object (content, embeds, components, flags)"),
  branches: z.array(z.object({ line: z.number(), branches: z.array(z.string()), shown: z.number() })),
  notes: z.array(z.object({ line: z.number().nullable(), message: z.string() })),
};

const argumentShape: z.ZodType = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.string(),
    flag: z.enum(['Required', 'Emptiable', 'Optional', 'Vacantable']),
    repeatable: z.boolean(),
    values: z.array(z.string()).optional(),
    members: z.array(argumentShape).optional(),
    description: z.string().optional(),
  }),
);

const describeOutput = {
  name: z.string(),
  kind: z.enum(['function', 'callback']),
  forms: z.array(
    z.object({
      signature: z.string(),
      bracketed: z.boolean(),
      arguments: z.array(argumentShape).nullable(),
      premium: z.boolean(),
      intents: z.array(z.string()),
      deprecated: z.boolean(),
      replacement: z.string().optional(),
      wikiUrl: z.string(),
      description: z.string().optional(),
    }),
  ),
};

const searchOutput = {
  results: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['function', 'callback']),
      signature: z.string(),
      deprecated: z.boolean(),
      premium: z.boolean(),
    }),
  ),
};

/** A tool's answer: the value as structured content and as JSON text (for clients that read only text). */
function answer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A tool's refusal: what was wrong, for the assistant to correct. */
function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

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

/** The MCP server with its four tools over `catalog`; not yet connected. */
export function createMcpServer(catalog: Catalog): McpServer {
  const server = new McpServer(
    { name: 'bdscript', title: 'BDScript tooling', version: TOOL_VERSION },
    {
      instructions:
        'Tools for BDScript, the scripting language of Bot Designer for Discord (BDFD). Use check on every command you write or change and apply its fixes; use describe_function before using a function you are unsure of, and search_functions to find one; use preview to see the message a command sends.',
      maxToolInputElements: MAX_INPUT_ELEMENTS,
    },
  );
  const serviceFor = (language?: (typeof SCRIPT_LANGUAGES)[number], premium?: boolean): LanguageService =>
    new LanguageService({
      catalog,
      settings: normalizeSettings({ ...(language ? { language } : {}), ...(premium ? { premium } : {}) }),
      client: FULL_CLIENT,
    });
  const readOnly = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

  server.registerTool(
    'check',
    {
      title: 'Check BDScript code',
      description:
        "Checks BDScript code with the diagnostics of the BDScript editor tooling, against Bot Designer for Discord's function catalog: unknown or misspelled functions, wrong argument counts and types, unclosed brackets, block structure, deprecated and premium functions, Discord's limits on messages and components, and more. Each finding has its line and columns (from 1, UTF-16 code units), a severity, a stable rule code, a message, and the fixes the editor offers as text edits (apply a preferred one when unsure).",
      inputSchema: {
        code: codeSchema,
        language: z
          .enum(SCRIPT_LANGUAGES)
          .optional()
          .describe(
            'The script language, when the code has no $c[bdscript-language: ...] directive (default BDScript 2)',
          ),
        premium: z.boolean().optional().describe('The bot has premium: premium functions are not reported'),
      },
      outputSchema: checkOutput,
      annotations: readOnly,
    },
    ({ code, language, premium }) => {
      const service = serviceFor(language, premium);
      return answer({ ...withDocument(service, code, (d) => findingsOf(service, d, MAX_FINDINGS)) });
    },
  );

  server.registerTool(
    'preview',
    {
      title: 'Preview the message a BDScript command sends',
      description:
        "Reads the reply a BDScript command sends, without running it, as Discord's own message object (content, embeds, buttons, select menus, Components V2), with the $if blocks (the first branch is shown) and notes on what only the running bot knows: such values are placeholders in braces, e.g. {$username}.",
      inputSchema: { code: codeSchema },
      outputSchema: previewOutput,
      annotations: readOnly,
    },
    ({ code }) => {
      const service = serviceFor();
      return answer({ ...withDocument(service, code, (d) => previewAnswer(d, service.preview(d))) });
    },
  );

  server.registerTool(
    'describe_function',
    {
      title: 'Describe a BDScript function',
      description:
        'The signature of a BDScript function or callback in the catalog, with both of its forms (bare and with brackets) where it has them: each argument with its type, its flag (Required, Emptiable, Optional, Vacantable), whether it repeats and the values an Enum takes; premium, privileged intents, deprecation with the replacement, and the wiki page.',
      inputSchema: {
        name: z
          .string({ error: 'name must be a string such as $addButton' })
          .min(1, { error: 'name is empty; give a function name such as $addButton' })
          .max(MAX_NAME_LENGTH, { error: `name is longer than ${MAX_NAME_LENGTH} characters; give one function name` })
          .describe('The function name, with or without $ and brackets: $addButton, addButton or $addButton[]'),
      },
      outputSchema: describeOutput,
      annotations: readOnly,
    },
    ({ name }) => {
      const info = describeFunction(catalog, name);
      if (info) return answer({ ...info });
      const near = similarNames(catalog, name);
      const shown = visible(name.trim().slice(0, 80));
      return refusal(
        `The catalog has no function or callback named ${shown}.${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ' Use search_functions to find one.'}`,
      );
    },
  );

  server.registerTool(
    'search_functions',
    {
      title: 'Search BDScript functions',
      description:
        'Finds BDScript functions and callbacks whose name, arguments or description hold every given word (case does not matter; "role grant" finds $roleGrant). Names that hold the words come first, common ones first; deprecated functions last.',
      inputSchema: {
        query: z
          .string({ error: 'query must be a string of words' })
          .max(MAX_QUERY_LENGTH, {
            error: `query is longer than ${MAX_QUERY_LENGTH} characters; a few words are enough`,
          })
          .refine((q) => /[\p{L}\p{N}]/u.test(q), { error: 'query has no words; give a few, such as "add button"' })
          .describe('A few words, such as "add button" or "user avatar"'),
        limit: z
          .number({ error: `limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}` })
          .int({ error: `limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}` })
          .min(1, { error: `limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}` })
          .max(MAX_SEARCH_RESULTS, { error: `limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}` })
          .optional()
          .describe(`The most names to return (default 20, at most ${MAX_SEARCH_RESULTS})`),
      },
      outputSchema: searchOutput,
      annotations: readOnly,
    },
    ({ query, limit }) => answer({ results: searchFunctions(catalog, query, limit ?? 20) }),
  );

  return server;
}

/**
 * A writable that passes JSON-RPC lines to `out` through the JSON guard: characters that
 * JSON.stringify leaves raw (zero-width space, U+2028, bidi marks) leave as `\u200b`, so every
 * line is JSON that any reader parses and no terminal acts on. Backpressure and errors of `out`
 * carry through.
 */
export function jsonGuardedStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      out.write(jsonSafe(typeof chunk === 'string' ? chunk : chunk.toString('utf8')), (err) => callback(err ?? null));
    },
  });
}

export interface McpStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

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
  const server = createMcpServer(catalog);
  const output = jsonGuardedStream(streams.output);
  const transport = new StdioServerTransport(
    streams.input as NodeJS.ReadableStream & import('node:stream').Readable,
    output,
    { maxBufferSize: MAX_MESSAGE_BYTES },
  );
  let broken: string | undefined;
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  server.server.onerror = (err) => {
    const message = err instanceof Error ? err.message : String(err);
    if (/ReadBuffer exceeded maximum size/.test(message)) {
      broken = `a message from the client is larger than the limit of ${MAX_MESSAGE_BYTES / (1024 * 1024)} MiB`;
    }
    io.stderr(`bdscript mcp: ${visible(broken ?? message)}\n`);
  };
  const close = (): void => void server.close().catch(() => undefined);
  // The client closing stdin (or going away) ends the server; so does a stdout that cannot be written.
  streams.input.once('end', close);
  streams.input.once('close', close);
  const outputFailed = (err: NodeJS.ErrnoException): void => {
    if (err.code !== 'EPIPE' && !broken) {
      broken = `cannot write to standard output: ${err.message}`;
      io.stderr(`bdscript mcp: ${visible(broken)}\n`);
    }
    close();
  };
  streams.output.on('error', outputFailed);
  output.on('error', outputFailed);
  const onSignal = (): void => close();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  io.signal?.addEventListener('abort', close, { once: true });
  try {
    await server.connect(transport);
    await closed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return broken ? EXIT_FAILURE : EXIT_OK;
}
