// What "a JSON object" means for untrusted values (LSP params, settings, catalog responses, data
// a peer echoes back): not null and not an array. Client and server both narrow with this one
// guard, so the question has one answer everywhere.

export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (a plain record), not null and not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
