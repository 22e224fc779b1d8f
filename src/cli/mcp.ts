import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadConfig } from "../config.ts";
import { createMcpServer } from "../mcp/mcpServer.ts";
import { Ladle } from "../services/ladle.ts";

/** `ladle mcp`: the MCP server on stdio (logs go to stderr, stdout carries the protocol). */
export async function mcpCommand(): Promise<number> {
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle = await Ladle.start({ config, queue: false, role: "api" });
  const server = createMcpServer(ladle);
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    process.stdin.once("close", resolve);
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.close();
  await ladle.stop();
  return 0;
}
