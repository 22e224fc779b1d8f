import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use, not when the reader's module is: an extraction thread loads
 * only what its pages need (css-select, iconv-lite, jsonrepair were ~56 modules every thread
 * loaded before its first page). `require`, not `import()`: the readers are synchronous, and Node
 * 22.12+ requires ES modules too.
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
