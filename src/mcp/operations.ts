import type { AnyOperation } from "./operation.ts";
import { archiveTools } from "./tools/archiveTools.ts";
import { articleTools } from "./tools/articleTools.ts";
import { bookmarkTools } from "./tools/bookmarkTools.ts";
import { captureTools } from "./tools/captureTools.ts";
import { feedTools } from "./tools/feedTools.ts";
import { importTools } from "./tools/importTools.ts";
import { libraryTools } from "./tools/libraryTools.ts";
import { collectionTools } from "./tools/collectionTools.ts";
import { pipelineTools } from "./tools/pipelineTools.ts";
import { recipeTools } from "./tools/recipeTools.ts";
import { searchTools } from "./tools/searchTools.ts";
import { taskTools } from "./tools/taskTools.ts";

/**
 * Everything an assistant or a script can do, in one registry: the MCP server registers each as a
 * tool, the CLI maps its commands onto them (src/cli/program.ts), and src/cli/cli.process.test.ts
 * checks docs/cli-and-mcp.md's tables against both.
 */
export const OPERATIONS: readonly AnyOperation[] = [
  ...importTools,
  ...taskTools,
  ...recipeTools,
  ...searchTools,
  ...articleTools,
  ...archiveTools,
  ...bookmarkTools,
  ...captureTools,
  ...feedTools,
  ...libraryTools,
  ...collectionTools,
  ...pipelineTools,
];

const byName = new Map(OPERATIONS.map((op) => [op.name, op]));

/** The operation of this name (a programming error when missing). */
export function operation(name: string): AnyOperation {
  const op = byName.get(name);
  if (!op) throw new Error(`no operation "${name}"`);
  return op;
}
