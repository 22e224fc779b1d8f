// V8's optimizing compilers in a worker process that has no job yet (issue 51: an API and a
// worker at rest ≤ 200 MiB together). Kept in plain JavaScript beside ladle.js: it must run before
// the compile cache is enabled, when no TypeScript can load without the stripper.
import v8 from "node:v8";

/**
 * Loading ~900 modules makes Node's module resolver hot (path normalisation, URL parsing), so
 * Maglev and TurboFan compile a few dozen functions while a worker starts. Their code (~8 MiB of
 * the `node` binary paged in) and their output then stay resident for good in a process that may
 * wait hours for its first job: a worker at rest 97 → 87 MiB without them (`npm run bench --
 * memory`). Sparkplug, the baseline compiler, stays on. The jobs' own work (the extraction threads
 * and the job's main-thread code) runs with both compilers, which come back with the first job.
 */
const FLAGS = ["maglev", "turbofan"];

let resting = false;

/**
 * Turns Maglev and TurboFan off in this process until `wakeCompilers`. Does nothing when the
 * command line or NODE_OPTIONS chose V8's compilers already (the person's choice is kept).
 * Must run before `module.enableCompileCache()`: the cache's folder is named after V8's flags, so a
 * worker's start-up modules keep their own entries, always compiled with the same flags.
 */
export function restCompilers(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  const chosen = /^--(no-)?(opt|maglev|turbofan|max-opt|jitless|lite-mode)\b/;
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((a) => chosen.test(a))) return false;
  for (const f of FLAGS) v8.setFlagsFromString(`--no-${f}`);
  resting = true;
  return true;
}

/**
 * Gives back what `restCompilers` took (true if it did): before the first job runs, so that its
 * code and the extraction threads it starts (each a new V8 isolate, made with the flags of the
 * moment) compile as in any other process. The flags end as they were, so V8's code cache tag too.
 */
export function wakeCompilers() {
  if (!resting) return false;
  resting = false;
  for (const f of FLAGS) v8.setFlagsFromString(`--${f}`);
  return true;
}
