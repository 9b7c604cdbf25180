// The protocol shared by the language server and its clients: custom requests and notifications,
// the settings schema, the wiki base and the JSON guard both ends read untrusted data with. It
// imports nothing from the server (no Node, no core, no LSP wiring), so the VS Code client and a
// browser build can bundle it; `client/` imports from the server only through this module.

export * from './commands';
export * from './json';
export * from './messages';
export * from './settings';
export * from './wiki';
export * from './preview';
