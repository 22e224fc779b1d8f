import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { Caller } from "../domain/user.ts";
import { REQUIRED_VARIABLES } from "../prompts/builtinPrompts.ts";
import type { Ladle } from "../app/ladle.ts";
import { guardedRun, type AnyOperation, type OpContext, type OpResult, type Progress } from "./operation.ts";
import { OPERATIONS } from "./operations.ts";
import { readArticle } from "./tools/articleTools.ts";

/** MCP's "resource not found" (spec: -32002). */
const RESOURCE_NOT_FOUND = -32002;

type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean };

/** An operation's result as a tool answer: JSON text, the failure as `{code, message, details}`. */
export function toToolResult(res: OpResult): ToolResult {
  if (res.ok) return { content: [{ type: "text", text: JSON.stringify(res.value, null, 2) }] };
  const { code, message, details } = res;
  return {
    content: [{ type: "text", text: JSON.stringify({ code, message, ...(details ? { details } : {}) }) }],
    isError: true,
  };
}

interface ToolExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number } | undefined;
  sendNotification: (n: {
    method: "notifications/progress";
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

/**
 * Progress as MCP notifications, when the client asked for them (a progressToken); always
 * increasing. `sent` settles once every notification so far is handed to the transport: the tool
 * answers after it, so a client never gets the answer before the last progress.
 */
function progressOf(extra: ToolExtra): { report: (p: Progress) => void; sent: () => Promise<void> } {
  const token = extra._meta?.progressToken;
  let last = -1;
  let chain = Promise.resolve();
  const report = (p: Progress) => {
    if (token === undefined || p.progress <= last) return;
    last = p.progress;
    const params = {
      progressToken: token,
      progress: p.progress,
      ...(p.total !== undefined ? { total: p.total } : {}),
      ...(p.message ? { message: p.message } : {}),
    };
    chain = chain.then(() =>
      extra.sendNotification({ method: "notifications/progress", params }).catch(() => {}),
    );
  };
  return { report, sent: () => chain };
}

/** The acting user, or how to find it when first needed. */
export type CallerSource = Caller | (() => Promise<Caller>);

function registerTool(
  server: McpServer,
  ladle: Ladle,
  caller: () => Promise<Caller>,
  op: AnyOperation,
): void {
  server.registerTool(
    op.name,
    {
      title: op.title,
      description: op.description,
      inputSchema: op.input,
      annotations: {
        title: op.title,
        readOnlyHint: op.readOnly ?? false,
        destructiveHint: op.destructive ?? false,
      },
    },
    async (args: Record<string, unknown>, extra: unknown) => {
      const x = extra as ToolExtra;
      const progress = progressOf(x);
      const ctx: OpContext = { ladle, caller: await caller(), progress: progress.report, signal: x.signal };
      const result = await guardedRun(op, ctx, args);
      await progress.sent();
      return toToolResult(result);
    },
  );
}

/**
 * Ladle's MCP server acting as one user: every operation of the
 * registry as a tool, recipes and articles as resources (`ladle://recipes/{id}`,
 * `ladle://articles/{id}`), and the prompt registry's templates as prompts. Built per connection
 * (stdio, as the configured user or the local admin) or per request (Streamable HTTP, as the
 * token's user). Without a caller it acts as the local admin (in-process tests).
 */
export function createMcpServer(
  ladle: Ladle,
  callerSource: CallerSource = () => ladle.users.localAdmin(),
): McpServer {
  let resolved: Promise<Caller> | null = null;
  const caller = () =>
    (resolved ??= typeof callerSource === "function" ? callerSource() : Promise.resolve(callerSource));
  const server = new McpServer(
    { name: "ladle", version: "0.1.0" },
    {
      instructions:
        "Ladle keeps the user's recipes, articles and bookmarks. To add a recipe from a page: import_url (or import_query to search), review the draft it returns, then task_commit (with edits) or task_reject. Before importing, recipe_search tells whether the user already has it. Text and files go through import_text and import_file and are saved directly.",
    },
  );
  const ctx = async (): Promise<OpContext> => ({ ladle, caller: await caller(), progress: () => {} });
  for (const op of OPERATIONS) registerTool(server, ladle, caller, op);

  server.registerResource(
    "recipe",
    new ResourceTemplate("ladle://recipes/{id}", {
      list: async () => {
        const page = await ladle.recipes.list(await caller(), { page: 1, pageSize: 100 });
        return {
          resources: page.items.map((r) => ({
            uri: `ladle://recipes/${r.id}`,
            name: r.name,
            mimeType: "application/json",
          })),
        };
      },
    }),
    {
      title: "Recipe",
      description: "A saved recipe as JSON: ingredients, steps, times, servings, source and provenance.",
      mimeType: "application/json",
    },
    async (uri, { id }) => {
      const res = await ladle.recipes.get(String(id), await caller());
      if (!res.ok) throw new McpError(RESOURCE_NOT_FOUND, res.message, { uri: uri.href });
      return {
        contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(res.value, null, 2) }],
      };
    },
  );

  server.registerResource(
    "article",
    new ResourceTemplate("ladle://articles/{id}", {
      list: async () => {
        const res = await ladle.articles.list(await caller(), undefined);
        const ready = res.ok ? res.value.filter((a) => a.processing_status === "ready_for_reading") : [];
        return {
          resources: ready.map((a) => ({
            uri: `ladle://articles/${a.id}`,
            name: a.title ?? a.canonical_url,
            mimeType: "text/plain",
          })),
        };
      },
    }),
    {
      title: "Article",
      description: "A saved web article's readable text, with its title and address on top.",
      mimeType: "text/plain",
    },
    async (uri, { id }) => {
      const res = await readArticle(await ctx(), String(id), "text");
      if (!res.ok) throw new McpError(RESOURCE_NOT_FOUND, res.message, { uri: uri.href });
      const a = res.value;
      const text = `${a.title ?? ""}\n${a.canonical_url}\n\n${a.content}`;
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text }] };
    },
  );

  // The registry's templates as prompts, read at each request (they change through the admin API).
  server.server.registerCapabilities({ prompts: { listChanged: false } });
  server.server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: (await ladle.prompts.list()).map((p) => ({
      name: p.id,
      title: p.name,
      description: `Ladle's ${p.phase} prompt, version ${p.version}${p.isActive ? " (active)" : ""}.`,
      arguments: (REQUIRED_VARIABLES[p.phase] ?? []).map((v) => ({
        name: v,
        description: `The ${v} variable.`,
        required: true,
      })),
    })),
  }));
  server.server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    const r = await ladle.prompts.render(req.params.name, undefined, req.params.arguments ?? {});
    if (!r.ok) throw new McpError(-32602, r.message);
    const p = r.value.prompt;
    return {
      description: `${p.name} (${p.phase} v${p.version})`,
      messages: [
        { role: "user" as const, content: { type: "text" as const, text: r.value.system } },
        { role: "user" as const, content: { type: "text" as const, text: r.value.user } },
      ],
    };
  });
  return server;
}
