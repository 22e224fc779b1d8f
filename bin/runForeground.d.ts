import type { ChildProcess } from "node:child_process";
/** Runs `command` as if it were this process: same terminal, signals passed on, its exit made ours. */
export declare function runForeground(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): ChildProcess;
