#!/usr/bin/env node
// `npm run check`: the type check in one lane, the other checks (generated files up to date, lint,
// format, layer rules) in a second, side by side. Each check is one process on one core, so one
// after the other they left a 2-core machine half idle for the three minutes CI spends here.
// Hand-written (40 lines) rather than a task-runner dependency: two lanes and a summary is all it does.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const LANES = [
  ["typecheck"],
  ["gen:client -- --check", "gen:config-doc -- --check", "gen:i18n -- --check", "lint", "format", "deps"],
];

/** Runs one npm script; its output is kept and printed whole when it ends, so lanes never interleave. */
function runScript(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "-s", ...script.split(" ")], { stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? "ok  " : "FAIL"} npm run ${script} (${secs} s)\n`);
      if (out.length) process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
}

/** A lane runs its scripts in order and goes on past a failure, so one run shows every problem. */
async function runLane(scripts) {
  let ok = true;
  for (const s of scripts) ok = (await runScript(s)) && ok;
  return ok;
}

const lanes = availableParallelism() > 1 ? LANES : [LANES.flat()];
const results = await Promise.all(lanes.map(runLane));
if (results.includes(false)) {
  console.error("npm run check: a check failed (FAIL above, with its output)");
  process.exit(1);
}
