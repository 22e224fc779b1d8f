import { sql } from "kysely";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { ARTICLES, RECIPES, seedLibrary } from "./seedLibrary.ts";
import { fmt, percentile } from "./stats.ts";

const N_RECIPES = Number(process.env.SEARCH_BENCH_RECIPES ?? 10_000);
const N_ARTICLES = Number(process.env.SEARCH_BENCH_ARTICLES ?? 10_000);
const N_BOOKMARKS = 2_000;

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

    const { tRecipes, tArticles } = await seedLibrary(db, {
      userId,
      library,
      recipes: N_RECIPES,
      articles: N_ARTICLES,
      bookmarks: N_BOOKMARKS,
    });
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
