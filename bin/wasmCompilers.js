// Which WebAssembly compilers a Ladle process runs with (see runAgainTuned in ladle.js). Plain
// JavaScript beside ladle.js: it runs before any TypeScript can load.

/**
 * `--liftoff-only` (V8's baseline compiler, no TurboFan tier-up), unless the person chose
 * WebAssembly compiler flags on the command line or in NODE_OPTIONS: theirs are kept.
 */
export function wasmFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  return given.some((a) => /^--(no-)?(liftoff|wasm-)/.test(a)) ? [] : ["--liftoff-only"];
}
