// Plain JavaScript that runs on Node 18+ (see ownNode.js). Hand-written: foreground-child, the library
// for this, forwards Ctrl-C to a child that already got it from the terminal, and Ladle's server
// reads a second interrupt as "stop now" instead of finishing its running jobs.
import { spawn } from "node:child_process";
import os from "node:os";
import tty from "node:tty";

// A terminal sends these to its whole foreground process group, the child included: forwarding them
// again would deliver them twice. Without a terminal they reach us alone (a script, npm), and are
// forwarded. The child stays in our process group, so stopping the group stops it even with SIGKILL;
// a SIGTERM sent to the whole group may reach it twice (the kernel merges the two when they meet).
const TERMINAL_SIGNALS = ["SIGINT", "SIGQUIT", "SIGHUP"];
// Sent to one process (kill, npm): always forwarded.
const PROCESS_SIGNALS = ["SIGTERM", "SIGUSR2"];

/**
 * Runs `command` as if it were this process: same terminal, the signals it is sent passed on, and
 * its exit code (or the signal that ended it) made this process's own.
 */
export function runForeground(command, args, env) {
  // isatty rather than process.stdin: opening stdin here would compete with the child for it.
  const fromTerminal = tty.isatty(0);
  const child = spawn(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  const listeners = new Map();
  for (const signal of [...TERMINAL_SIGNALS, ...PROCESS_SIGNALS]) {
    const forward = !(fromTerminal && TERMINAL_SIGNALS.includes(signal));
    const listener = () => {
      if (forward && child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    listeners.set(signal, listener);
    process.on(signal, listener);
  }
  child.on("error", (err) => {
    process.stderr.write(`ladle: could not run ${command}: ${err.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    for (const [name, listener] of listeners) process.off(name, listener);
    // Ended by a signal: end the same way, so a shell sees 128+n; the exit code covers a signal
    // whose default action would not end us.
    process.exitCode = 128 + (os.constants.signals[signal] ?? 0);
    process.kill(process.pid, signal);
  });
  return child;
}
