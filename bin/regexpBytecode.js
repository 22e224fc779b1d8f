// How V8 compiles a regular expression's bytecode in a Ladle process (see ladle.js). Plain
// JavaScript beside ladle.js: it runs before any TypeScript can load.
import v8 from "node:v8";

/**
 * Turns off V8's peephole pass over regular-expression bytecode (`--no-regexp-peephole-optimization`),
 * unless the person chose regular-expression engine flags on the command line or in NODE_OPTIONS.
 *
 * Why: V8 runs a pattern's first match in its bytecode interpreter and compiles the pattern to
 * native code at its second (`--regexp-tier-up`, one tick), so each pattern's bytecode serves about
 * one match, once per thread. The peephole pass only makes that interpreter run fewer bytecodes,
 * and on Ladle's ~450 patterns it cost more than the one match it speeds up: compiling every
 * pattern's bytecode took ~2.3× the CPU with it (bench/README.md, "`ladle extract` speed",
 * 2026-12-02 h-extract). Matches are the same either way: the pass only fuses bytecodes.
 * V8 reads the flag at each compile, so setting it once the process runs is enough, and the
 * extraction threads (isolates of the same process) share it. Set before the compile cache is
 * enabled: the cache's folder is named after V8's flags.
 * Returns true when it set the flag.
 */
export function plainRegexpBytecode(
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
) {
  const chosen = /^--(no-)?regexp-(peephole-optimization|tier-up|interpret-all)\b/;
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((a) => chosen.test(a))) return false;
  v8.setFlagsFromString("--no-regexp-peephole-optimization");
  return true;
}
