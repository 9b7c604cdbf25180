// Where the MCP side of `bdscript mcp` (mcpServer.ts: the SDK, zod and what they use, about 1.5 MB
// of code) comes from. In a checkout (tests under tsx) it is ./mcpServer itself. The build
// (build.mjs, `embedMcp`) replaces this module in dist/cli.js by one that carries that code as a
// compressed bundle of its own and compiles it when `mcp` first asks, so the command line's script
// does not hold code that every other command would parse at a cold start.

/** The MCP side's module, loaded on first use. */
export function loadMcpServer(): typeof import('./mcpServer') {
  return require('./mcpServer') as typeof import('./mcpServer');
}
