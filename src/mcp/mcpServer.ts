import { SYSTEM } from "../domain/user.ts";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { zRecipe } from "../domain/recipe.ts";
import type { Failure } from "../errors.ts";
import { scanPage } from "../extract/pageScan.ts";
import { decodeHtml } from "../fetcher/decodeBody.ts";
import { recipeTaskCode } from "../fetcher/outcomes.ts";
import { checkParaphrase } from "../guardrail/paraphraseGuardrail.ts";
import { validateRecipe } from "../pipeline/validateRecipe.ts";
import { budgetContent } from "../prompts/contentBudget.ts";
import { scaleRecipe } from "../kitchen/scaleRecipe.ts";
import { extractFile } from "../services/extractFile.ts";
import type { Ladle } from "../services/ladle.ts";

type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean };

const ok = (value: unknown): ToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
});
const err = (f: Pick<Failure, "code" | "message"> & { details?: unknown }): ToolResult => ({
  content: [
    {
      type: "text",
      text: JSON.stringify({
        code: f.code,
        message: f.message,
        ...(f.details ? { details: f.details } : {}),
      }),
    },
  ],
  isError: true,
});

/**
 * Ladle's MCP server (recipe-ingest-agent.md §9): read-only prompt tools, and ingestion tools that
 * let an agent run the pipeline's steps. Prompt editing stays in the admin API, never here.
 */
export function createMcpServer(ladle: Ladle): McpServer {
  const server = new McpServer({ name: "ladle", version: "0.1.0" });

  server.registerTool(
    "prompt_list",
    {
      description: "List prompt templates, optionally for one phase (e.g. Ingest.Extract).",
      inputSchema: { phase: z.string().optional() },
    },
    async ({ phase }) =>
      ok(
        (await ladle.prompts.list(phase)).map(({ id, name, phase: p, version, isActive }) => ({
          id,
          name,
          phase: p,
          version,
          isActive,
        })),
      ),
  );

  server.registerTool(
    "prompt_get",
    {
      description: "Get a prompt template by id; give its phase for a point read.",
      inputSchema: { id: z.string(), phase: z.string().optional() },
    },
    async ({ id, phase }) => {
      const r = await ladle.prompts.get(id, phase);
      return r.ok ? ok(r.value) : err(r);
    },
  );

  server.registerTool(
    "prompt_get_active",
    { description: "Get the active prompt template of a phase.", inputSchema: { phase: z.string() } },
    async ({ phase }) => {
      const r = await ladle.prompts.getActive(phase);
      return r.ok ? ok(r.value) : err(r);
    },
  );

  server.registerTool(
    "prompt_render",
    {
      description:
        "Render a prompt template (LiquidJS) with variables; required ones (url, content, schema) must be given.",
      inputSchema: {
        id: z.string(),
        phase: z.string().optional(),
        variables: z.record(z.string(), z.unknown()),
      },
    },
    async ({ id, phase, variables }) => {
      const r = await ladle.prompts.render(id, phase, variables);
      return r.ok
        ? ok({
            id: r.value.prompt.id,
            phase: r.value.prompt.phase,
            system: r.value.system,
            user: r.value.user,
          })
        : err(r);
    },
  );

  server.registerTool(
    "web_fetch",
    {
      description:
        "Fetch a page through Ladle's egress gateway (address policy, robots.txt, limits) and return its sanitized text and metadata.",
      inputSchema: { url: z.string() },
    },
    async ({ url }) => {
      const res = await ladle.gateway.fetch(url);
      if (!res.ok)
        return err({
          code: recipeTaskCode(res.code),
          message: res.reason,
          details: { gatewayCode: res.code, ...res.details },
        });
      if (res.kind !== "html")
        return err({ code: "UNSUPPORTED_CONTENT_TYPE", message: `The URL is ${res.kind}, not a web page.` });
      const { text } = decodeHtml(res.body, res.contentType);
      const snapshot = budgetContent(scanPage(text).snapshot, ladle.config.Ingest.ContentCharacterBudget);
      return ok({
        url: res.url,
        status: res.status,
        contentType: res.contentType,
        bytes: res.body.length,
        truncated: snapshot.truncated,
        text: snapshot.text,
      });
    },
  );

  server.registerTool(
    "recipe_extract",
    {
      description:
        "Extract a recipe draft (structured data, then heuristics) from a page's HTML, with validation and the paraphrase check.",
      inputSchema: { content: z.string().max(5 * 1024 * 1024), url: z.string() },
    },
    async ({ content, url }) => {
      const r = await extractFile(ladle.config, content, url);
      return r.ok ? ok(r.draft) : err(r);
    },
  );

  server.registerTool(
    "recipe_validate",
    {
      description:
        "Validate a canonical recipe (spec §12); with the source text, also run the paraphrase guardrail (§11).",
      inputSchema: { draftRecipe: z.unknown(), sourceText: z.string().optional() },
    },
    async ({ draftRecipe, sourceText }) => {
      const parsed = zRecipe.safeParse(draftRecipe);
      if (!parsed.success) {
        return err({
          code: "INVALID_RECIPE",
          message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
        });
      }
      const validation = validateRecipe(parsed.data);
      const similarity = sourceText
        ? checkParaphrase(sourceText, parsed.data, ladle.config.Ingest.Guardrail)
        : null;
      const errors = [...validation.errors, ...(similarity?.errors ?? [])];
      return ok({
        validation: {
          errors,
          warnings: [...validation.warnings, ...(similarity?.warnings ?? [])],
          isValid: errors.length === 0,
        },
        similarity: similarity?.report ?? null,
      });
    },
  );

  server.registerTool(
    "web_search",
    {
      description:
        "Search the web for recipe pages through the operator's search providers; returns ranked candidates (url, title, snippet, siteName, score, alreadyStored). Imports nothing.",
      inputSchema: {
        query: z.string().min(1).max(500),
        constraints: z
          .object({ dietType: z.string().nullish(), cuisine: z.string().nullish() })
          .catchall(z.string().nullish())
          .optional(),
      },
    },
    async ({ query, constraints }) => {
      const c: Record<string, string | null> = {};
      for (const [k, v] of Object.entries(constraints ?? {})) c[k] = v ?? null;
      const r = await ladle.discovery.discover(query, c);
      return r.ok ? ok({ provider: r.provider, candidates: r.candidates, filtered: r.filtered }) : err(r);
    },
  );

  server.registerTool(
    "recipe_normalize",
    {
      description:
        "Propose a normalization of a canonical recipe as a JSON Patch (RFC 6902), each operation with riskCategory Low or High, plus diffSummary and validation. Read-only: it applies nothing.",
      inputSchema: {
        draftRecipe: z.unknown(),
        convertUnits: z.enum(["auto", "metric", "us", "none"]).optional(),
      },
    },
    async ({ draftRecipe, convertUnits }) => {
      const parsed = zRecipe.safeParse(draftRecipe);
      if (!parsed.success) {
        return err({
          code: "INVALID_RECIPE",
          message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
        });
      }
      const { traces: _traces, ...proposal } = await ladle.normalize.propose(
        parsed.data,
        convertUnits ?? null,
        null,
      );
      return ok(proposal);
    },
  );

  server.registerTool(
    "recipe_scale",
    {
      description:
        "Scale a saved recipe (by recipeId) or a given canonical recipe to a number of servings or by a factor, and say it in metric or US units: each ingredient line as a cook reads it (lines Ladle could not read stay as written, status unparsed), steps with temperatures converted, their timers and the ingredients each uses. Read-only.",
      inputSchema: {
        recipeId: z.string().optional(),
        recipe: z.unknown().optional(),
        servings: z.number().positive().optional(),
        factor: z.number().positive().optional(),
        units: z.enum(["original", "metric", "us"]).optional(),
      },
    },
    async ({ recipeId, recipe, servings, factor, units }) => {
      let source;
      if (recipeId) {
        // The stdio server is the operator's, at the machine: it reads every recipe.
        const got = await ladle.recipes.get(recipeId, SYSTEM);
        if (!got.ok) return err(got);
        source = got.value;
      } else {
        const parsed = zRecipe.safeParse(recipe);
        if (!parsed.success)
          return err({ code: "INVALID_RECIPE", message: "Give recipeId or a canonical recipe." });
        source = parsed.data;
      }
      const res = scaleRecipe(source, {
        ...(servings !== undefined ? { servings } : {}),
        ...(factor !== undefined ? { factor } : {}),
        ...(units ? { units } : {}),
      });
      return res.ok ? ok(res.value) : err(res);
    },
  );

  return server;
}
