import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadConfig } from "../config.ts";
import { createMcpServer } from "../mcp/mcpServer.ts";
import { Ladle } from "../services/ladle.ts";
import { localCaller } from "./executor.ts";

/**
 * `ladle mcp [--user NAME]`: the MCP server on stdio (logs go to stderr, stdout carries the
 * protocol), acting as the named user or the local admin. It runs jobs too, so an import an
 * assistant starts completes even when no server is running on this database.
 */
export async function mcpCommand(argv: string[] = []): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { user: { type: "string" } } });
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle = await Ladle.start({ config, role: "all" });
  let caller;
  try {
    caller = await localCaller(ladle, values.user ?? process.env.LADLE_USER);
  } catch (err) {
    process.stderr.write(`ladle mcp: ${(err as Error).message}\n`);
    await ladle.stop();
    return 1;
  }
  const server = createMcpServer(ladle, caller);
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    process.stdin.once("close", resolve);
    process.stdin.once("end", resolve);
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.close();
  await ladle.stop({ graceMs: 2000 });
  return 0;
}
