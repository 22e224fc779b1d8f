import { describe, expect, it } from "vitest";
import { loadConfig, type ConfigInput } from "../config.ts";
import type { GatewayResult } from "../domain/fetched.ts";
import type { PipelineContext } from "./context.ts";
import { WorkerPool } from "../extract/workerPool.ts";
import type { RecipePageInput, RecipePageResult } from "../extract/readRecipePage.ts";
import { fetchPhase, renderModeFor, runUrlImport } from "./urlImport.ts";

const page = (html: string): GatewayResult => ({
  ok: true,
  url: "https://r.test/a",
  status: 200,
  headers: {},
  contentType: "text/html",
  body: Buffer.from(html),
  redirects: [],
  elapsedMs: 1,
  kind: "html",
  rendered: false,
  attempts: 1,
});

const ctx = (over: ConfigInput | undefined, result: GatewayResult): PipelineContext => ({
  config: loadConfig({ env: {}, file: null, overrides: over ?? {} }),
  now: () => new Date(),
  fetch: async () => result,
});

describe("fetchPhase", () => {
  it("refuses a page with more characters than Fetch:MaxDomChars, before parsing", async () => {
    const r = await fetchPhase(
      ctx({ Fetch: { MaxDomChars: 1000 } }, page("<p>" + "x".repeat(5000) + "</p>")),
      "https://r.test/a",
    );
    expect(r).toMatchObject({ ok: false, code: "FETCH_TOO_LARGE" });
  });

  it("passes the gateway's reason and evidence into the failure", async () => {
    const r = await fetchPhase(
      ctx(
        {},
        {
          ok: false,
          code: "BLOCKED",
          reason: "wall",
          url: "https://r.test/a",
          redirects: [],
          attempts: 1,
          status: 403,
          details: { evidence: { kind: "captcha" } },
        },
      ),
      "https://r.test/a",
    );
    expect(r).toMatchObject({
      ok: false,
      code: "FETCH_BLOCKED",
      message: "wall",
      details: { gatewayCode: "BLOCKED", status: 403, evidence: { kind: "captcha" } },
    });
  });
});

describe("runUrlImport", () => {
  it("reads a page in its own charset and checks it for paraphrase in the extraction thread", async () => {
    const recipe = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Crème brûlée",
      recipeIngredient: ["500 ml crème fraîche", "5 jaunes d'œufs"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Fouetter les jaunes avec le sucre." }],
    };
    const html = `<html lang="fr"><head><meta charset="windows-1252"><script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body><p>Fouetter les jaunes avec le sucre.</p></body></html>`;
    const fetched = { ...page(""), body: Buffer.from(html, "latin1") } as GatewayResult;
    const pool = new WorkerPool<RecipePageInput, RecipePageResult>({
      entry: new URL("../extract/extractWorker.ts", import.meta.url),
      workers: 1,
      timeoutMs: 20_000,
      memoryMb: 256,
      failure: (message) => ({
        ok: false,
        code: "NO_RECIPE_FOUND",
        message,
        snapshot: "",
        classification: { kind: "other", confidence: 0 },
      }),
    });
    const asked: RecipePageInput[] = [];
    const answers: RecipePageResult[] = [];
    try {
      const r = await runUrlImport(
        {
          ...ctx({}, fetched),
          extract: async (input) => {
            asked.push(input);
            const answer = await pool.run(input);
            answers.push(answer);
            return answer;
          },
        },
        "https://r.test/a",
      );
      // The thread got the bytes, not a decoded text.
      expect(asked[0]?.body).toBeDefined();
      expect(asked[0]?.html).toBeUndefined();
      if (!r.ok) throw new Error(r.message);
      expect(r.draft.recipe.name).toBe("Crème brûlée");
      expect(r.draft.recipe.ingredients.map((i) => i.text)).toContain("500 ml crème fraîche");
      // The step is copied word for word from the page: the guardrail, run beside extraction, says so.
      expect(r.draft.similarity?.maxContiguousTokenOverlap).toBeGreaterThan(0);
      // The page's language is read in the thread, from the text it decoded, and stored in page.meta.
      expect(asked[0]?.language).toBe(true);
      const meta = r.artifacts.find((a) => a.name === "page.meta.json");
      expect(JSON.parse(meta!.content).lang).toBe("fr");
      // So is its charset, sniffed there to decode the bytes.
      expect(answers[0]?.charset).toBe("windows-1252");
      expect(JSON.parse(meta!.content).charset).toBe("windows-1252");
      // The JSON-LD comes back from the thread as its artifact's text, the same text as in process.
      expect(asked[0]?.jsonldText).toBe(true);
      const inProcess = await runUrlImport(ctx({}, fetched), "https://r.test/a");
      const jsonld = (x: { artifacts: { name: string; content: string }[] }) =>
        x.artifacts.find((a) => a.name === "recipe.jsonld")?.content;
      expect(jsonld(r)).toBeDefined();
      expect(jsonld(r)).toBe(jsonld(inProcess));
      expect(JSON.parse(jsonld(r)!)).toMatchObject({ name: "Crème brûlée" });
    } finally {
      await pool.close();
    }
  });
});

describe("page.meta's charset", () => {
  it("is the one the extraction decoded the page with: the event loop does not sniff it again", async () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Pancakes",
      recipeIngredient: ["1 egg"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Mix." }],
    })}</script></head><body></body></html>`;
    const { readRecipePage } = await import("../extract/readRecipePage.ts");
    // A stand-in thread that says another charset than the page's head would (UTF-8 by default):
    // page.meta shows the thread's word, so nothing read the page's head for it on the event loop.
    const r = await runUrlImport(
      {
        ...ctx({}, page(html)),
        extract: async (input) => ({ ...readRecipePage(input), charset: "iso-8859-2" }),
      },
      "https://r.test/a",
    );
    const meta = r.artifacts.find((a) => a.name === "page.meta.json");
    expect(JSON.parse(meta!.content).charset).toBe("iso-8859-2");
    // In process (no thread), the charset is still read, from the same page.
    const inProcess = await runUrlImport(ctx({}, page(html)), "https://r.test/a");
    expect(JSON.parse(inProcess.artifacts.find((a) => a.name === "page.meta.json")!.content).charset).toBe(
      "utf-8",
    );
  });
});

describe("runUrlImport's CPU slots", () => {
  const html = `<html><head><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Pancakes",
    recipeIngredient: ["200 g flour", "2 eggs", "300 ml milk"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Whisk everything and fry in a hot pan." }],
  })}</script></head><body><p>Whisk everything and fry in a hot pan.</p></body></html>`;

  it("waits for a slot once: validation after an extraction that checked the guardrail does not queue again", async () => {
    const slots: string[] = [];
    let phase = "";
    const r = await runUrlImport(
      {
        ...ctx({}, page(html)),
        onPhase: async (p, state) => {
          if (state === "started") phase = p;
        },
        // A burst's backlog: every slot asked for waits behind the pages queued before it.
        cpu: async (fn) => {
          slots.push(phase);
          return fn();
        },
      },
      "https://r.test/a",
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.draft.similarity).not.toBeNull();
    expect(r.draft.validation.errors).toBeDefined();
    expect(slots).toEqual(["Ingest.Extract"]);
  });
});

describe("renderModeFor", () => {
  it("uses the request's mode, else the domain rule, else the default", () => {
    const c = ctx({ Fetch: { Render: "auto", RenderDomains: { "spa.test": "always" } } }, page(""));
    expect(renderModeFor(c, "https://www.spa.test/r", "never")).toBe("never");
    expect(renderModeFor(c, "https://www.spa.test/r")).toBe("always");
    expect(renderModeFor(c, "https://plain.test/r")).toBe("auto");
  });
});
