import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { extractFile, type ExtractFileResult } from "./extractFile.ts";
import { ExtractFilePool } from "./extractFilePool.ts";

const config = loadConfig({ env: {}, file: null });
const PAGES = ["jsonld-plus-microdata.html", "microdata-only.html", "no-recipe.html", "two-recipes.html"];
const page = (name: string) => readFileSync(new URL(`../../../test/fixtures/pages/${name}`, import.meta.url));
// The time of reading is the only thing that differs from one run to the next.
const stable = (r: ExtractFileResult) =>
  JSON.parse(JSON.stringify(r).replace(/"retrievedAt":"[^"]*"/g, '"retrievedAt":""')) as unknown;

describe("ExtractFilePool (worker threads)", () => {
  const pool = new ExtractFilePool(config, 2);
  afterAll(() => pool.close());

  it("gives what extractFile gives in this thread, each page to its own request, from bytes or text", async () => {
    const url = "https://pool.test/r";
    const pooled = await Promise.all(PAGES.map((p) => pool.extract({ body: page(p), url })));
    const here = await Promise.all(PAGES.map((p) => extractFile(config, page(p).toString("utf8"), url)));
    expect(pooled.map(stable)).toEqual(here.map(stable));
    expect(pooled.filter((r) => r.ok)).toHaveLength(3);
    const fromText = await pool.extract({ html: page(PAGES[0]!).toString("utf8"), url });
    expect(stable(fromText)).toEqual(stable(here[0]!));
  });

  it("answers a failure, not a rejection, once closed", async () => {
    const closed = new ExtractFilePool(config, 1);
    await closed.close();
    const r = await closed.extract({ html: "<p>x</p>", url: "https://pool.test/" });
    expect(r.ok).toBe(false);
  });
});
