import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML } from "../helpers/testLadle.ts";

// `ladle capture FILE --url URL`: a page saved from the browser, read without visiting the site.
const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cli-capture-"));
let site: FixtureServer;

beforeAll(async () => {
  // A site that refuses servers: the command must never ask it.
  site = await startFixtureServer({ "/pancakes": { status: 403, body: "Forbidden" } });
  writeFileSync(path.join(dir, "pancakes.html"), PANCAKES_HTML);
  writeFileSync(path.join(dir, "big.html"), `<html><body>${"x".repeat(80 * 1024)}</body></html>`);
  writeFileSync(path.join(dir, "nul.html"), "<html><body>bad\u0000text</body></html>");
});
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ladle(args: string[]) {
  return run(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      LADLE_DATA_DIR: path.join(dir, "data"),
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      Imports__MaxCaptureKb: "64",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 300_000,
  });
}

describe("ladle capture", () => {
  it("reads a saved page into a draft for review, marked as sent from the browser, and never visits the site", async () => {
    const out = await ladle([
      "capture",
      path.join(dir, "pancakes.html"),
      "--url",
      `${site.origin}/pancakes`,
      "--json",
      "--quiet",
    ]);
    const task = JSON.parse(out.stdout);
    expect(task).toMatchObject({ status: "ReviewReady", sentFrom: "browser" });
    expect(task.draft.recipe.name).toBe("Buttermilk Pancakes");
    const bookmark = await ladle([
      "capture",
      path.join(dir, "pancakes.html"),
      "--url",
      `${site.origin}/pancakes`,
      "--as",
      "bookmark",
    ]);
    expect(bookmark.stdout).toMatch(/^sent from your browser: bookmark [0-9a-f-]{36}/);
    expect(site.hits.get("/pancakes") ?? 0).toBe(0);
  });

  it("refuses a page over the size limit and text the database cannot hold, saying why", async () => {
    const big = await ladle([
      "capture",
      path.join(dir, "big.html"),
      "--url",
      `${site.origin}/pancakes`,
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(big).toMatchObject({ code: 1, stderr: expect.stringMatching(/CAPTURE_TOO_LARGE.*64 KB/) });
    const nul = await ladle([
      "capture",
      path.join(dir, "nul.html"),
      "--url",
      `${site.origin}/pancakes`,
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(nul).toMatchObject({ code: 1, stderr: expect.stringMatching(/INVALID_TEXT/) });
    const usage = await ladle(["capture", path.join(dir, "pancakes.html")]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    // Without its address a page cannot be read: the command says which field is missing.
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringMatching(/url/) });
  });
});
