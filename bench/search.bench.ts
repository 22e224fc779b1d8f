import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { zRecipe } from "../src/domain/recipe.ts";
import { parseIngredientList } from "../src/extract/ingredients.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { fmt, percentile } from "./stats.ts";

const RECIPES = fileURLToPath(new URL("../../shared/corpus/recipes/", import.meta.url));
const ARTICLES = fileURLToPath(new URL("../../shared/corpus/articles/", import.meta.url));
const N_RECIPES = Number(process.env.SEARCH_BENCH_RECIPES ?? 10_000);
const N_ARTICLES = Number(process.env.SEARCH_BENCH_ARTICLES ?? 10_000);
const N_BOOKMARKS = 2_000;
const VARIANTS = [
  "",
  "Easy ",
  "Weeknight ",
  "Classic ",
  "Smoky ",
  "Grandma's ",
  "Quick ",
  "Vegan ",
  "Spicy ",
  "Best ",
];

/** What people type: words, several words, ingredients with and without, typos, prefixes, filters. */
const QUERIES: Record<string, string>[] = [
  { q: "chicken" },
  { q: "chocolate cake" },
  { q: "garlic butter shrimp" },
  { q: "recipes with chickpeas and no dairy" },
  { q: "soup under 30 minutes" },
  { q: "chiken curyy" },
  { q: "choclate" },
  { q: "choc" },
  { q: '"olive oil" lemon' },
  { q: "pasta -cheese" },
  { q: "facebook privacy" },
  { q: "climate", type: "article" },
  { q: "bread", type: "recipe", limit: "50" },
  { q: "", with: "tomatoes", without: "meat" },
  { q: "salad", tag: "vegan" },
  { q: "cookies" },
  { q: "easy weeknight dinner" },
  { q: "knife" },
];

function corpusRecipes(): {
  title: string;
  ingredients: string[];
  steps: string[];
  description: string | null;
}[] {
  const out = [];
  for (const site of readdirSync(RECIPES)) {
    const dir = path.join(RECIPES, site);
    if (!existsSync(dir) || !dir || site.includes(".md") || site.startsWith("LICENSE")) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
      const d = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>;
      if (typeof d.title !== "string" || !Array.isArray(d.ingredients)) continue;
      out.push({
        title: d.title,
        ingredients: (d.ingredients as unknown[])
          .filter((x): x is string => typeof x === "string")
          .slice(0, 25),
        steps: Array.isArray(d.instructions_list) ? (d.instructions_list as string[]).slice(0, 15) : [],
        description: typeof d.description === "string" ? d.description : null,
      });
    }
  }
  return out;
}

function corpusArticles(): { title: string; text: string; site: string; lang: string | null }[] {
  const out = [];
  for (const d of readdirSync(ARTICLES)) {
    const meta = path.join(ARTICLES, d, "expected-metadata.json");
    const html = path.join(ARTICLES, d, "expected.html");
    if (!existsSync(meta) || !existsSync(html)) continue;
    const m = JSON.parse(readFileSync(meta, "utf8")) as Record<string, string | null>;
    const text = readFileSync(html, "utf8")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    out.push({
      title: m.title ?? d,
      text: text.slice(0, 20_000),
      site: m.siteName ?? d,
      lang: m.lang ?? null,
    });
  }
  return out;
}

/**
 * Search latency (target p95 ≤ 50 ms): 10,000 recipes and 10,000 articles made from the
 * shared corpus (recombined, so the words are real), 2,000 bookmarks, one user; each query of a
 * realistic mix through `GET /api/search` in process, warm. Embedded PGlite by default; the
 * PostgreSQL server when DATABASE_URL names a database the bench may fill.
 */
export async function run(): Promise<void> {
  if (!existsSync(RECIPES) || !existsSync(ARTICLES)) {
    console.log("corpus not found (../shared/corpus); skipped");
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-search-bench-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    overrides: { Server: { LogLevel: "silent", DataDir: dir } },
  });
  const ladle = await Ladle.start({ config, database, role: "api" });
  const app = createApp(ladle);
  try {
    const created = await ladle.users.create({ name: `bench-${Date.now()}`, role: "user" });
    if (!created.ok) throw new Error(created.message);
    const userId = created.value.id;
    const token = await ladle.users.issueToken(userId, "bench");
    if (!token.ok) throw new Error(token.message);
    const headers = { authorization: `Bearer ${token.value.token}` };
    const library = await ladle.users.defaultLibraryId(userId);
    const db = database.db;

    const t0 = performance.now();
    const recipes = corpusRecipes();
    const parsed = recipes.map((r) => parseIngredientList(r.ingredients));
    for (let start = 0; start < N_RECIPES; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(N_RECIPES, start + 500); i++) {
        const base = recipes[i % recipes.length]!;
        const other = recipes[(i * 7 + 3) % recipes.length]!;
        const id = randomUUID();
        const name = `${VARIANTS[Math.floor(i / recipes.length) % VARIANTS.length]}${base.title}`;
        const doc = zRecipe.parse({
          id,
          name,
          description: base.description,
          ingredients: [...parsed[i % recipes.length]!, ...parsed[(i * 7 + 3) % recipes.length]!.slice(0, 2)],
          instructions: base.steps.map((text) => ({ text })),
          tags: other.title.split(/\s+/).slice(0, 2),
          totalTimeMinutes: 10 + (i % 12) * 10,
        });
        const at = new Date(Date.now() - i * 60_000);
        rows.push({
          id,
          name,
          document: JSON.stringify(doc),
          source_url: `https://r${i}.example/`,
          source_url_key: null,
          task_id: null,
          created_at: at,
          updated_at: at,
          owner_id: userId,
          deleted_at: null,
        });
      }
      await db.insertInto("recipes").values(rows).execute();
    }
    const tRecipes = performance.now() - t0;

    const t1 = performance.now();
    const articles = corpusArticles();
    for (let start = 0; start < N_ARTICLES; start += 250) {
      const media = [];
      const frags = [];
      const links = [];
      for (let i = start; i < Math.min(N_ARTICLES, start + 250); i++) {
        const a = articles[i % articles.length]!;
        const id = randomUUID();
        const at = new Date(Date.now() - i * 60_000);
        const title = i < articles.length ? a.title : `${a.title} (${Math.floor(i / articles.length)})`;
        media.push({
          id,
          kind: "web_article",
          source_url: `https://a${i}.example/`,
          canonical_url: `https://a${i}.example/`,
          title,
          byline: null,
          excerpt: a.text.slice(0, 200),
          site_name: a.site,
          lang: a.lang,
          published_time: null,
          processing_status: "ready_for_reading",
          failure_code: null,
          failure_message: null,
          failure_details_json: null,
          created_by: userId,
          created_at: at,
          updated_at: at,
        });
        frags.push({
          id: randomUUID(),
          media_id: id,
          ordinal: 0,
          html_sanitized: "",
          canonical_text: a.text,
          created_at: at,
        });
        links.push({ library_id: library, media_id: id, added_by: userId, created_at: at });
      }
      await db.insertInto("media").values(media).execute();
      await db.insertInto("fragments").values(frags).execute();
      await db.insertInto("library_media").values(links).execute();
    }
    for (let start = 0; start < N_BOOKMARKS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(N_BOOKMARKS, start + 500); i++) {
        const a = articles[(i * 3) % articles.length]!;
        const at = new Date();
        rows.push({
          id: randomUUID(),
          user_id: userId,
          library_id: null,
          url: `https://b${i}.example/${a.site.replace(/\W+/g, "-")}`,
          normalized_url: `https://b${i}.example/`,
          title: a.title,
          excerpt: a.text.slice(0, 200),
          preview_image_url: null,
          thumbnail_key: null,
          page_kind: "article",
          enrichment_status: "succeeded",
          enrichment_error: null,
          enriched_at: at,
          created_at: at,
          updated_at: at,
        });
      }
      await db.insertInto("items").values(rows).execute();
    }
    const tArticles = performance.now() - t1;
    // Planner statistics of the fresh rows, as autovacuum (server) or Ladle's maintenance would take them.
    await sql`ANALYZE`.execute(db);
    console.log(
      `seeded ${N_RECIPES} recipes in ${(tRecipes / 1000).toFixed(1)} s, ${N_ARTICLES} articles + ${N_BOOKMARKS} bookmarks in ${(tArticles / 1000).toFixed(1)} s (${database.kind})`,
    );

    const ask = async (q: Record<string, string>) => {
      const res = await app.request(`/api/search?${new URLSearchParams(q)}`, { headers });
      if (res.status !== 200)
        throw new Error(`search ${JSON.stringify(q)}: ${res.status} ${await res.text()}`);
      return (await res.json()) as {
        items: unknown[];
        nextCursor: string | null;
        fuzzy: boolean;
        facets: { types: Record<string, number> };
      };
    };
    for (const q of QUERIES) await ask(q); // warm: plans, caches, the extension
    const times: number[] = [];
    const perQuery: string[] = [];
    for (const q of QUERIES) {
      const mine: number[] = [];
      let last: Awaited<ReturnType<typeof ask>> | null = null;
      for (let k = 0; k < 7; k++) {
        const s = performance.now();
        last = await ask(q);
        mine.push(performance.now() - s);
      }
      // The second page, as a user scrolling on.
      if (last?.nextCursor) {
        const s = performance.now();
        await ask({ ...q, cursor: last.nextCursor });
        mine.push(performance.now() - s);
      }
      times.push(...mine);
      const t = last!.facets.types;
      perQuery.push(
        `  ${JSON.stringify(q).padEnd(58)} p50 ${fmt(percentile(mine, 50)).padStart(9)}  ${t.recipe}/${t.article}/${t.bookmark} matches${last!.fuzzy ? " (typos forgiven)" : ""}`,
      );
    }
    console.log(perQuery.join("\n"));
    console.log(
      `search over ${N_RECIPES} recipes + ${N_ARTICLES} articles + ${N_BOOKMARKS} bookmarks (${database.kind}): ` +
        `${times.length} requests, p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))} (target p95 ≤ 50 ms)`,
    );
  } finally {
    await ladle.stop({ graceMs: 0 });
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
