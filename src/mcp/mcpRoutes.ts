import { Hono } from "hono";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { auth, type AuthEnv, type Caller, type Gate } from "../api/auth.ts";
import type { Imports } from "../services/imports/index.ts";

// The MCP SDK loads with the first request to /mcp: most installs never get one, and a process
// carried it (~10 MiB resident) from its start.
const importTransport = () => import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js");
let transportModule: ReturnType<typeof importTransport> | null = null;
function loadTransport() {
  transportModule ??= importTransport();
  transportModule.catch(() => (transportModule = null));
  return transportModule;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
function isLoopbackOrigin(origin: string): boolean {
  return URL.canParse(origin) && LOOPBACK_HOSTS.has(new URL(origin).hostname);
}

/**
 * `/mcp`: the MCP server over Streamable HTTP, authenticated by the user's bearer token (the same
 * tokens as the API; the loopback single-admin mode applies too). Stateless: each POST gets a
 * server for its caller (`serverFor`: every operation, over every family), and a tool's progress
 * notifications stream on that POST's SSE answer.
 */
export function mcpRoutes(
  { config, users }: Gate,
  { uploads }: Pick<Imports, "uploads">,
  serverFor: (caller: Caller) => Promise<McpServer>,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  // The largest upload as base64 (import_file), plus the JSON around it.
  const maxBody = Math.ceil((uploads.maxAny() * 4) / 3) + 256 * 1024;
  // MCP spec (transports, security): validate Origin against DNS rebinding. MCP clients send none;
  // a browser page may only come from this server's own loopback origin.
  r.use("*", async (c, next) => {
    const origin = c.req.header("origin");
    if (origin && !isLoopbackOrigin(origin))
      return c.json(
        { jsonrpc: "2.0", error: { code: -32000, message: `Origin ${origin} may not use /mcp.` }, id: null },
        403,
      );
    return next();
  });
  r.use(
    "*",
    auth(config, users, (c) =>
      c.json(
        {
          jsonrpc: "2.0",
          error: {
            code: -32001,
            message: "A valid bearer token is required: send Authorization: Bearer <token>.",
          },
          id: null,
        },
        401,
        { "www-authenticate": 'Bearer realm="ladle"' },
      ),
    ),
  );
  r.all("/", async (c) => {
    const { WebStandardStreamableHTTPServerTransport } = await loadTransport();
    const server = await serverFor(c.get("caller"));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      maxRequestBodySize: maxBody,
    });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });
  return r;
}
