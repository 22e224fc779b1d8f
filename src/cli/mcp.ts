import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import pino from "pino";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { createMcpServer } from "../mcp/mcpServer.ts";
import { Ladle } from "../app/ladle.ts";
import { localCaller } from "./executor.ts";

/**
 * `ladle mcp [--user NAME]`: the MCP server on stdio (logs go to stderr, stdout carries the
 * protocol), acting as the named user or the local admin. It runs jobs too, so an import an
 * assistant starts completes even when no server is running on this database.
 */
export async function mcpCommand(argv: string[] = []): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { user: { type: "string" } } });
  // Quieter than a server by default (an assistant shows stderr to its user), LOG_LEVEL still rules.
  const config = loadConfig(process.env.LOG_LEVEL ? {} : { overrides: { Server: { LogLevel: "warn" } } });
  // stdout is the protocol: a log line there (an outage's error, say) would reach the client as a
  // broken message, and a long one written beside a notification could cut it in two.
  const logger = createLogger(config.Server.LogLevel, {
    destination: pino.destination({ dest: 2, sync: true }),
  });
  const ladle = await Ladle.start({ config, role: "all", logger });
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
