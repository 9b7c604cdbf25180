// Guards for untrusted JSON values (catalog responses, settings, LSP params, data a client
// echoes back). Every layer that reads such values narrows them with these, so "a JSON object"
// means the same thing everywhere: not null, not an array.

export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (a plain record), not null and not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
