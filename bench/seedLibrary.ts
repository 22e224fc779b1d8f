import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zRecipe } from "../src/domain/recipe.ts";
import { parseIngredientList } from "../src/extract/ingredients.ts";
import type { Database } from "../src/storage/db.ts";

// A big library for the benches (search, ui): recipes and articles recombined from the shared
// corpus, so the words are real, written straight into the tables.

export const RECIPES = fileURLToPath(new URL("../../shared/corpus/recipes/", import.meta.url));
export const ARTICLES = fileURLToPath(new URL("../../shared/corpus/articles/", import.meta.url));
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

export function corpusRecipes(): {
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

export function corpusArticles(): { title: string; text: string; site: string; lang: string | null }[] {
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

/** Writes `n` recipes, articles and bookmarks for one user; the seconds each part took. */
export async function seedLibrary(
  db: Database["db"],
  o: { userId: string; library: string; recipes: number; articles: number; bookmarks: number },
): Promise<{ tRecipes: number; tArticles: number }> {
  const { userId, library } = o;
  const N_RECIPES = o.recipes;
  const N_ARTICLES = o.articles;
  const N_BOOKMARKS = o.bookmarks;
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
  return { tRecipes, tArticles };
}
