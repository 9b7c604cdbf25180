// The Model Context Protocol side of `bdscript mcp`, on the official TypeScript SDK: the four
// tools with their schemas (sizes capped, errors that say what to send), the stdio transport, and
// a stdout that passes every JSON-RPC line through the JSON guard. It imports nothing of the
// language service: mcp.ts hands it the tools' work and the limits. The build embeds this module,
// with the SDK and zod, in dist/cli.js as a compressed bundle of its own (mcpBundle.ts), compiled
// only when `mcp` runs.

import { Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** What the tools do, done by the language service (mcp.ts); each answer is plain JSON data. */
export interface McpTools {
  check(code: string, options: { readonly language?: string; readonly premium?: boolean }): Record<string, unknown>;
  preview(code: string): Record<string, unknown>;
  /** A function's description, or the sentence that refuses the name (with "did you mean"). */
  describe(name: string): { readonly info: Record<string, unknown> } | { readonly refusal: string };
  search(query: string, limit: number): readonly unknown[];
}

/** The sizes the tools accept and the values they name, from the modules that own them. */
export interface McpLimits {
  /** The longest code, in UTF-16 code units. */
  readonly code: number;
  /** The most findings `check` lists. */
  readonly findings: number;
  /** The longest function name. */
  readonly name: number;
  /** The longest search query. */
  readonly query: number;
  /** The most search results. */
  readonly results: number;
  /** The script languages `check` takes. */
  readonly languages: readonly [string, ...string[]];
  /** The most values (array items and object keys) in the arguments of one call. */
  readonly inputElements: number;
  /** The largest JSON-RPC message read, in bytes. */
  readonly messageBytes: number;
}

/** The server's name and version, as `initialize` gives them. */
export interface McpInfo {
  readonly version: string;
  readonly limits: McpLimits;
}

function schemasFor(limits: McpLimits) {
  const codeSchema = z
    .string({ error: 'code must be a string of BDScript code' })
    .max(limits.code, {
      error: `code is longer than the limit of ${limits.code.toLocaleString('en-US')} characters; check one command at a time`,
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
    omitted: z.number().describe(`Findings not listed (at most ${limits.findings} are)`),
  };

  const previewOutput = {
    message: z
      .record(z.string(), z.unknown())
      .describe("Discord's message object (content, embeds, components, flags)"),
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
  return { codeSchema, checkOutput, previewOutput, describeOutput, searchOutput };
}

/** A tool's answer: the value as structured content and as JSON text (for clients that read only text). */
function answer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A tool's refusal: what was wrong, for the assistant to correct. */
function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The MCP server with its four tools; not yet connected. */
export function createServer(tools: McpTools, info: McpInfo): McpServer {
  const { limits } = info;
  const server = new McpServer(
    { name: 'bdscript', title: 'BDScript tooling', version: info.version },
    {
      instructions:
        'Tools for BDScript, the scripting language of Bot Designer for Discord (BDFD). Use check on every command you write or change and apply its fixes; use describe_function before using a function you are unsure of, and search_functions to find one; use preview to see the message a command sends.',
      maxToolInputElements: limits.inputElements,
    },
  );
  const { codeSchema, checkOutput, previewOutput, describeOutput, searchOutput } = schemasFor(limits);
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
          .enum(limits.languages)
          .optional()
          .describe(
            'The script language, when the code has no $c[bdscript-language: ...] directive (default BDScript 2)',
          ),
        premium: z.boolean().optional().describe('The bot has premium: premium functions are not reported'),
      },
      outputSchema: checkOutput,
      annotations: readOnly,
    },
    ({ code, language, premium }) =>
      answer(tools.check(code, { ...(language ? { language } : {}), ...(premium ? { premium } : {}) })),
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
    ({ code }) => answer(tools.preview(code)),
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
          .max(limits.name, { error: `name is longer than ${limits.name} characters; give one function name` })
          .describe('The function name, with or without $ and brackets: $addButton, addButton or $addButton[]'),
      },
      outputSchema: describeOutput,
      annotations: readOnly,
    },
    ({ name }) => {
      const found = tools.describe(name);
      return 'info' in found ? answer(found.info) : refusal(found.refusal);
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
          .max(limits.query, {
            error: `query is longer than ${limits.query} characters; a few words are enough`,
          })
          .refine((q) => /[\p{L}\p{N}]/u.test(q), { error: 'query has no words; give a few, such as "add button"' })
          .describe('A few words, such as "add button" or "user avatar"'),
        limit: z
          .number({ error: `limit must be a whole number from 1 to ${limits.results}` })
          .int({ error: `limit must be a whole number from 1 to ${limits.results}` })
          .min(1, { error: `limit must be a whole number from 1 to ${limits.results}` })
          .max(limits.results, { error: `limit must be a whole number from 1 to ${limits.results}` })
          .optional()
          .describe(`The most names to return (default 20, at most ${limits.results})`),
      },
      outputSchema: searchOutput,
      annotations: readOnly,
    },
    ({ query, limit }) => answer({ results: tools.search(query, limit ?? 20) }),
  );

  return server;
}

/**
 * A writable that passes JSON-RPC lines to `out` through `guard` (the CLI's JSON guard: what
 * JSON.stringify leaves raw, a zero-width space or U+2028, leaves as `\\u200b`), so every line is
 * JSON that any reader parses and no terminal acts on. Backpressure and errors of `out` carry through.
 */
export function guardedStream(out: NodeJS.WritableStream, guard: (text: string) => string): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      out.write(guard(typeof chunk === 'string' ? chunk : chunk.toString('utf8')), (err) => callback(err ?? null));
    },
  });
}

export interface McpStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/**
 * Serves `server` over the streams until the client closes its input, the output fails, a signal
 * or `signal` ends it. Resolves with why the connection broke, or undefined for a clean end.
 * `report` gets each error to tell the user about.
 */
export async function serve(
  server: McpServer,
  streams: McpStreams,
  info: McpInfo,
  guard: (text: string) => string,
  report: (message: string) => void,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const output = guardedStream(streams.output, guard);
  const transport = new StdioServerTransport(
    streams.input as NodeJS.ReadableStream & import('node:stream').Readable,
    output,
    { maxBufferSize: info.limits.messageBytes },
  );
  let broken: string | undefined;
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  server.server.onerror = (err) => {
    const message = err instanceof Error ? err.message : String(err);
    if (/ReadBuffer exceeded maximum size/.test(message)) {
      broken = `a message from the client is larger than the limit of ${info.limits.messageBytes / (1024 * 1024)} MiB`;
    }
    report(broken ?? message);
  };
  const close = (): void => void server.close().catch(() => undefined);
  // The client closing stdin (or going away) ends the server; so does a stdout that cannot be written.
  streams.input.once('end', close);
  streams.input.once('close', close);
  const outputFailed = (err: NodeJS.ErrnoException): void => {
    if (err.code !== 'EPIPE' && !broken) {
      broken = `cannot write to standard output: ${err.message}`;
      report(broken);
    }
    close();
  };
  streams.output.on('error', outputFailed);
  output.on('error', outputFailed);
  const onSignal = (): void => close();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  signal?.addEventListener('abort', close, { once: true });
  try {
    await server.connect(transport);
    await closed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return broken;
}
