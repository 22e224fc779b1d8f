import type { Bindings, Logger } from "pino";

/** The logger of one task run, made from the worker's logger on its first line logged. */
export type TaskLogger = (level: "debug" | "info" | "warn" | "error") => Logger | undefined;

/**
 * A task's logger with its bindings (task, thread, source), made only when a line is logged at an
 * enabled level: pino's `child` serialises and redacts its bindings as it is made (its redaction
 * parses every path again on each call), about 15 KB of garbage per import, 3% of what a worker's
 * event loop allocated, for a logger that a task which succeeds at level info never writes to.
 * Returns undefined when the level is off (or there is no logger).
 */
export function taskLogger(logger: Logger | undefined, bindings: () => Bindings): TaskLogger {
  let child: Logger | undefined;
  return (level) => (logger?.isLevelEnabled(level) ? (child ??= logger.child(bindings())) : undefined);
}
