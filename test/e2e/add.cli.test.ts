import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageKind } from "../../src/cli/add.ts";
import { articlePage } from "../helpers/articlePages.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML } from "../helpers/testLadle.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

// `ladle add URL` (capture from anywhere): the page decides what it becomes.
const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cli-add-"));
let site: FixtureServer;
let serverDb: TestDatabase | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/bread-essay": { body: articlePage({ head: '<meta property="og:type" content="article">' }) },
    "/shop": {
      body: '<!doctype html><html><head><title>Kitchen Shop</title><meta name="description" content="Pans and pots."></head><body><h1>Kitchen Shop</h1><p>Pans.</p></body></html>',
    },
  });
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
});
afterAll(async () => {
  await site?.close();
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ladle(args: string[]) {
  return run(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      LADLE_DATA_DIR: path.join(dir, "data"),
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      Fetch__PerDomainIntervalMs: "0",
      ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
    },
    maxBuffer: 64 * 1024 * 1024,
    // A command that does not end is a failure, not a process left behind.
    timeout: 300_000,
  });
}

describe("pageKind", () => {
  it("a recipe found is a recipe; an article classified so is an article; another readable page a bookmark; an unreadable one nothing", () => {
    expect(pageKind("ReviewReady", null)).toBe("recipe");
    expect(pageKind("Failed", { code: "NOT_A_RECIPE" })).toBe("article");
    expect(
      pageKind("Failed", { code: "NO_RECIPE_FOUND", details: { classification: { kind: "article" } } }),
    ).toBe("article");
    expect(
      pageKind("Failed", { code: "NO_RECIPE_FOUND", details: { classification: { kind: "other" } } }),
    ).toBe("bookmark");
    expect(pageKind("Failed", { code: "FETCH_FAILED" })).toBeNull();
  });
});

describe("ladle add", () => {
  it("saves a recipe page as a draft, an article into the library, anything else as a bookmark; says what it did", async () => {
    const recipe = await ladle(["add", `${site.origin}/pancakes`]);
    expect(recipe.stdout).toMatch(
      /^recipe: "Buttermilk Pancakes" \([0-9a-f-]{36}\)\n {2}a draft waiting for review: ladle tasks commit /,
    );
    expect(recipe.stderr).toMatch(/reading http/);

    const article = JSON.parse(
      (await ladle(["add", `${site.origin}/bread-essay`, "--json", "--quiet"])).stdout,
    );
    expect(article).toMatchObject({
      kind: "article",
      title: "The Slow Bread Movement",
      url: `${site.origin}/bread-essay`,
    });
    expect(article.next).toMatch(/saved to your library/);

    const bookmark = JSON.parse((await ladle(["add", `${site.origin}/shop`, "--json", "--quiet"])).stdout);
    expect(bookmark).toMatchObject({ kind: "bookmark", title: "Kitchen Shop", next: "saved as a bookmark" });

    // The draft is where drafts are.
    expect((await ladle(["tasks", "list", "--status", "ReviewReady"])).stdout).toContain(
      recipe.stdout.match(/\(([0-9a-f-]{36})\)/)![1],
    );
  });

  it("a page it cannot read is an error saying why; a wrong command line is a usage error", async () => {
    const gone = await ladle(["add", `${site.origin}/nothing-here`, "--quiet"]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(gone).toMatchObject({ code: 1 });
    expect((gone as { stderr: string }).stderr).toMatch(/^ladle add: \w+: /);
    const usage = await ladle(["add"]).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: ladle add <url>/) });
    const help = await ladle(["add", "--help"]);
    expect(help.stdout).toMatch(/^ladle add: save a page as what it is/);
  });
});
