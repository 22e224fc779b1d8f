import { createHash } from "node:crypto";
import { z } from "zod";
import type { Constraints } from "../../domain/discovery.ts";
import { zRecipe } from "../../domain/recipe.ts";
import { scanPage } from "../../extract/pageScan.ts";
import { decodeHtml } from "../../extract/decodeBody.ts";
import { recipeTaskCode } from "../../domain/outcomes.ts";
import { checkParaphrase } from "../../guardrail/paraphraseGuardrail.ts";
import { validateRecipe } from "../../pipeline/validateRecipe.ts";
import { budgetContent } from "../../prompts/contentBudget.ts";
import { extractFile } from "../../services/imports/extractFile.ts";
import { defineOp, failed, ok, type OpResult } from "../operation.ts";

/** Where web_fetch keeps a page's text for one caller's recipe_validate. */
const snapshotKey = (callerId: string, hash: string) => `mcp-snapshot/${callerId}/${hash}`;

/** zRecipe's parse of a model's recipe, or INVALID_RECIPE naming each wrong field. */
function parseRecipe(value: unknown): { ok: true; value: z.infer<typeof zRecipe> } | OpResult {
  const parsed = zRecipe.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return failed({
    code: "INVALID_RECIPE",
    message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
  });
}

/**
 * The pipeline's steps one by one, for an agent that runs its own flow (recipe-ingest-agent.md
 *), and the prompt registry read-only. Prompt editing stays in the admin API, never here.
 */
export const pipelineTools = [
  defineOp({
    name: "prompt_list",
    title: "List prompt templates",
    description:
      "List Ladle's prompt templates (id, name, phase, version, isActive), optionally of one phase such as Ingest.Extract. Read-only; each active template is also offered as an MCP prompt.",
    readOnly: true,
    input: { phase: z.string().optional().describe("Only this phase's templates, e.g. Ingest.Extract.") },
    async run(ctx, { phase }) {
      return ok(
        (await ctx.ladle.prompts.list(phase)).map(({ id, name, phase: p, version, isActive }) => ({
          id,
          name,
          phase: p,
          version,
          isActive,
        })),
      );
    },
  }),

  defineOp({
    name: "prompt_get",
    title: "Read a prompt template",
    description:
      "Read one prompt template by id (system prompt, user template, constraints); give its phase for a point read.",
    readOnly: true,
    input: {
      id: z.string().describe("The template's id, e.g. ingest.extract.v1."),
      phase: z.string().optional().describe("Its phase, if known."),
    },
    async run(ctx, { id, phase }) {
      const r = await ctx.ladle.prompts.get(id, phase);
      return r.ok ? ok(r.value) : failed(r);
    },
  }),

  defineOp({
    name: "prompt_get_active",
    title: "The active prompt of a phase",
    description: "Read the prompt template a phase uses now (e.g. Ingest.Extract).",
    readOnly: true,
    input: { phase: z.string().describe("The phase, e.g. Ingest.Extract.") },
    async run(ctx, { phase }) {
      const r = await ctx.ladle.prompts.getActive(phase);
      return r.ok ? ok(r.value) : failed(r);
    },
  }),

  defineOp({
    name: "prompt_render",
    title: "Render a prompt template",
    description:
      "Render a prompt template (LiquidJS) with variables; the phase's required ones (url, content, schema for extraction) must be given. Returns {id, phase, system, user}.",
    readOnly: true,
    input: {
      id: z.string().describe("The template's id."),
      phase: z.string().optional().describe("Its phase, if known."),
      variables: z
        .record(z.string(), z.unknown())
        .describe("Template variables, e.g. {url, content, schema}."),
    },
    async run(ctx, { id, phase, variables }) {
      const r = await ctx.ladle.prompts.render(id, phase, variables);
      return r.ok
        ? ok({
            id: r.value.prompt.id,
            phase: r.value.prompt.phase,
            system: r.value.system,
            user: r.value.user,
          })
        : failed(r);
    },
  }),

  defineOp({
    name: "web_fetch",
    title: "Fetch a page",
    description:
      "Fetch a web page through Ladle's egress gateway (address policy, robots.txt, size and time limits) and return its sanitized text as Markdown-like lines with url, status and content type. Use it to look at a page; to save a recipe from it use import_url instead.",
    readOnly: true,
    input: { url: z.string().describe("The page's address (http or https).") },
    async run(ctx, { url }) {
      const res = await ctx.ladle.gateway.fetch(url);
      if (!res.ok)
        return failed({
          code: recipeTaskCode(res.code),
          message: res.reason,
          details: { gatewayCode: res.code, ...res.details },
        });
      if (res.kind !== "html")
        return failed({
          code: "UNSUPPORTED_CONTENT_TYPE",
          message: `The URL is ${res.kind}, not a web page.`,
        });
      const { text } = decodeHtml(res.body, res.contentType);
      const snapshot = budgetContent(scanPage(text).snapshot, ctx.ladle.config.Ingest.ContentCharacterBudget);
      // Kept for recipe_validate, which names the text by its hash (`sourceContentHash`).
      const sourceContentHash = createHash("sha256").update(snapshot.text).digest("hex");
      const days = ctx.ladle.config.Ingest.DraftExpirationDays;
      await ctx.ladle.blobs.put(
        snapshotKey(ctx.caller.id, sourceContentHash),
        Buffer.from(snapshot.text),
        "text/plain; charset=utf-8",
        new Date(Date.now() + days * 86_400_000),
      );
      return ok({
        url: res.url,
        status: res.status,
        contentType: res.contentType,
        bytes: res.body.length,
        truncated: snapshot.truncated,
        text: snapshot.text,
        sourceContentHash,
      });
    },
  }),

  defineOp({
    name: "recipe_extract",
    title: "Extract a recipe from HTML",
    description:
      "Extract a recipe draft from a page's HTML you already have (structured data, then heuristics), with validation and the paraphrase check. Saves nothing; to import and save a page, use import_url.",
    readOnly: true,
    input: {
      content: z
        .string()
        .max(5 * 1024 * 1024)
        .describe("The page's HTML."),
      url: z.string().describe("The page's address, to resolve links and images."),
    },
    async run(ctx, { content, url }) {
      const r = await extractFile(ctx.ladle.config, content, url);
      return r.ok ? ok(r.draft) : failed(r);
    },
  }),

  defineOp({
    name: "recipe_validate",
    title: "Validate a recipe",
    description:
      "Check a recipe object: field errors and warnings; with the page's text, named by the sourceContentHash web_fetch returned (or given as sourceText), also whether its steps copy the site's words (paraphrase guardrail). Returns {validation:{errors,warnings,isValid}, similarity, paraphraseCheck: checked | not checked}.",
    readOnly: true,
    input: {
      draftRecipe: z.unknown().describe("The recipe object to check."),
      sourceContentHash: z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, "sourceContentHash is the 64-character SHA-256 hex web_fetch returned")
        .optional()
        .describe("The sourceContentHash web_fetch returned for the page, for the paraphrase check."),
      sourceText: z
        .string()
        .optional()
        .describe("The page's text itself, instead of sourceContentHash, for the paraphrase check."),
    },
    async run(ctx, { draftRecipe, sourceContentHash, sourceText }) {
      const parsed = parseRecipe(draftRecipe);
      if (!parsed.ok) return parsed;
      const recipe = (parsed as { value: z.infer<typeof zRecipe> }).value;
      const validation = validateRecipe(recipe);
      let text = sourceText ?? null;
      let why: string | null = null;
      if (text === null && sourceContentHash) {
        const blob = await ctx.ladle.blobs.get(snapshotKey(ctx.caller.id, sourceContentHash.toLowerCase()));
        text = blob ? blob.data.toString("utf8") : null;
        if (!blob)
          why = `No page text with this sourceContentHash is kept here (web_fetch keeps it ${ctx.ladle.config.Ingest.DraftExpirationDays} days); fetch the page again with web_fetch, or pass sourceText.`;
      } else if (text === null)
        why = "No page text was given: pass the sourceContentHash web_fetch returned.";
      const similarity =
        text !== null ? checkParaphrase(text, recipe, ctx.ladle.config.Ingest.Guardrail) : null;
      const errors = [...validation.errors, ...(similarity?.errors ?? [])];
      return ok({
        validation: {
          errors,
          warnings: [...validation.warnings, ...(similarity?.warnings ?? [])],
          isValid: errors.length === 0,
        },
        similarity: similarity?.report ?? null,
        // With nothing to compare, the copy check is not done, never passed.
        paraphraseCheck: similarity ? "checked" : "not checked",
        ...(why ? { paraphraseCheckReason: why } : {}),
      });
    },
  }),

  defineOp({
    name: "web_search",
    title: "Search the web for recipes",
    description:
      "Search the web for recipe pages through the operator's search providers; returns ranked candidates (url, title, snippet, siteName, score, alreadyStored). Imports nothing: pass a chosen url to import_url. DISCOVERY_NOT_CONFIGURED when no provider is set up.",
    readOnly: true,
    input: {
      query: z.string().min(1).max(500).describe("What to look for."),
      constraints: z
        .object({ dietType: z.string().nullish(), cuisine: z.string().nullish() })
        .catchall(z.union([z.string(), z.number(), z.boolean()]).nullish())
        .optional()
        .describe('What the results should match, e.g. {cuisine: "Japanese", maxPrepMinutes: 60}.'),
    },
    async run(ctx, { query, constraints }) {
      const c: Constraints = {};
      for (const [k, v] of Object.entries(constraints ?? {})) c[k] = v ?? null;
      const r = await ctx.ladle.discovery.discover(query, c);
      return r.ok ? ok({ provider: r.provider, candidates: r.candidates, filtered: r.filtered }) : failed(r);
    },
  }),

  defineOp({
    name: "recipe_normalize",
    title: "Propose a normalization (dry run)",
    description:
      "Propose a normalization of a recipe object you pass as a JSON Patch (RFC 6902), each operation with riskCategory Low or High, plus diffSummary and validation. Read-only: it applies nothing. For a saved recipe or a draft use normalize_start and normalize_apply.",
    readOnly: true,
    input: {
      draftRecipe: z.unknown().describe("The recipe object to normalize."),
      convertUnits: z
        .enum(["auto", "metric", "us", "none"])
        .optional()
        .describe("Unit conversion to offer: auto, metric, us or none."),
    },
    async run(ctx, { draftRecipe, convertUnits }) {
      const parsed = parseRecipe(draftRecipe);
      if (!parsed.ok) return parsed;
      const recipe = (parsed as { value: z.infer<typeof zRecipe> }).value;
      const { traces: _traces, ...proposal } = await ctx.ladle.normalize.propose(
        recipe,
        convertUnits ?? null,
        null,
      );
      return ok(proposal);
    },
  }),
];
