// The catalog's HTTP client (http.ts, and undici with it), loaded when it is first needed: a
// server that works offline or from its cache, and `bdscript check` without `--refresh`, never
// pay for undici's start-up (about 5 MB of heap and tens of milliseconds of a cold start). In
// the bundles this stays one file: esbuild keeps http.ts inside and runs it on the first call.

import type * as Http from './http';

let http: typeof Http | undefined;

/** The module http.ts, evaluated on the first call. */
export function httpModule(): typeof Http {
  // A require, not an import, is what lets the bundle run the module later than at start-up.
  return (http ??= require('./http') as typeof Http);
}
