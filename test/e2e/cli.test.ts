import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML } from "../helpers/testLadle.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cli-"));
let site: FixtureServer;
let serverDb: TestDatabase | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  // On a server run the CLI uses a fresh database there; otherwise its own embedded one.
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
});
afterAll(async () => {
  await site?.close();
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ladle(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      LADLE_DATA_DIR: path.join(dir, "data"),
      ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
      ...env,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe("ladle extract", () => {
  it("writes one NDJSON line per file, good and broken alike, without stopping", async () => {
    const good = path.join(dir, "pancakes.html");
    const empty = path.join(dir, "empty.html");
    const binary = path.join(dir, "binary.html");
    writeFileSync(good, PANCAKES_HTML);
    writeFileSync(empty, "<html><body><p>Nothing to see.</p></body></html>");
    writeFileSync(binary, Buffer.from([0, 255, 1, 2, 3, 0, 0, 159]));
    const missing = path.join(dir, "missing.html");
    const { stdout } = await ladle([
      "extract",
      "--base-url",
      "https://kitchen.test/pancakes",
      good,
      empty,
      missing,
      binary,
      good,
    ]);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.file, l.ok])).toEqual([
      [good, true],
      [empty, false],
      [missing, false],
      [binary, false],
      [good, true],
    ]);
    expect(lines[0].draft.recipe.name).toBe("Buttermilk Pancakes");
    expect(lines[0].draft.source.url).toBe("https://kitchen.test/pancakes");
    expect(lines[0].draft.source.extractionMethod).toBe("JsonLd");
    expect(lines[1]).toMatchObject({ code: "NO_RECIPE_FOUND" });
    expect(lines[2]).toMatchObject({ code: "FILE_UNREADABLE" });
    expect(typeof lines[3].code).toBe("string");
    for (const l of lines.filter((x) => !x.ok)) expect(l.message).toBeTruthy();
  });

  it("keeps the order given when a pool thread joins this thread on a long list", async () => {
    const good = path.join(dir, "pancakes.html");
    const empty = path.join(dir, "empty.html");
    writeFileSync(good, PANCAKES_HTML);
    writeFileSync(empty, "<html><body><p>Nothing to see.</p></body></html>");
    const missing = path.join(dir, "missing.html");
    // Enough files that the second thread, once loaded, finds some left to take.
    const files = Array.from({ length: 600 }, (_, i) => [good, empty, missing][i % 3]!);
    const { stdout } = await ladle(["extract", ...files], { LADLE_CPU_CONCURRENCY: "2" });
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.file, l.ok, l.code])).toEqual(
      files.map((f) => [
        f,
        f === good,
        f === good ? undefined : f === empty ? "NO_RECIPE_FOUND" : "FILE_UNREADABLE",
      ]),
    );
  });

  it("decodes saved pages by their BOM or <meta charset>", async () => {
    const ld = (name: string) =>
      `<script type="application/ld+json">{"@type":"Recipe","name":"${name}","recipeIngredient":["1 cup flour"],"recipeInstructions":["Mix."]}</script>`;
    const latin = path.join(dir, "latin1.html");
    const utf16 = path.join(dir, "utf16.html");
    writeFileSync(
      latin,
      Buffer.from(`<html><head><meta charset="windows-1252">${ld("Crème brûlée")}</head></html>`, "latin1"),
    );
    writeFileSync(
      utf16,
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`<html><head>${ld("Smörgåstårta")}</head></html>`, "utf16le"),
      ]),
    );
    const { stdout } = await ladle(["extract", latin, utf16]);
    const names = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).draft.recipe.name);
    expect(names).toEqual(["Crème brûlée", "Smörgåstårta"]);
  });

  it("stops on a bad configuration value, naming it", async () => {
    const good = path.join(dir, "pancakes.html");
    writeFileSync(good, PANCAKES_HTML);
    await expect(ladle(["extract", good], { Ingest__Guardrail__NgramSize: "zero" })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/NgramSize/),
    });
  });

  it("needs at least one file", async () => {
    await expect(ladle(["extract"])).rejects.toMatchObject({ code: 2 });
  });
});

describe("ladle import", () => {
  it("imports a loopback page to a draft and commits it with --commit", async () => {
    const url = `${site.origin}/pancakes`;
    const { stdout, stderr } = await ladle(["import", url, "--commit"], {
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    });
    const out = JSON.parse(stdout);
    expect(out.draft.recipe.name).toBe("Buttermilk Pancakes");
    expect(out.draft.source.url).toBe(url);
    expect(stderr).toMatch(/fetching the page/);
    expect(stderr).toMatch(/ready for review/);
    expect(stderr).toMatch(/committed recipe/);
  });

  it("refuses a loopback page when private hosts are not allowed, without connecting", async () => {
    const before = site.connections;
    await expect(ladle(["import", `${site.origin}/pancakes`])).rejects.toMatchObject({
      code: 1,
      // Refused when the task is created, before anything is stored or fetched.
      stderr: expect.stringMatching(/private network/),
    });
    expect(site.connections).toBe(before);
  });
});

describe("ladle mcp", () => {
  it("serves the MCP tools on stdio", async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const client = new Client({ name: "cli-test", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp"],
        env: {
          PATH: process.env.PATH ?? "",
          LADLE_CONFIG: "",
          LADLE_DATA_DIR: path.join(dir, "mcp-data"),
          ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
        },
        stderr: "ignore",
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name)).toContain("prompt_get_active");
      const r = (await client.callTool({
        name: "prompt_get_active",
        arguments: { phase: "Ingest.Extract" },
      })) as { content: { text: string }[] };
      expect(JSON.parse(r.content[0]!.text).id).toBe("ingest.extract.v1");
    } finally {
      await client.close();
    }
    // A new embedded database is created and migrated first: 32 s alone on a machine where fresh
    // memory is slow, 60 s with a full suite beside it.
  });
});

describe("ladle check-url", () => {
  it("decides without connecting, one JSON line per URL, and exits 1 when one is refused", async () => {
    const refused = await ladle([
      "check-url",
      "--resolve",
      "recipes.test=93.184.215.14",
      "--resolve",
      "evil.test=169.254.169.254",
      "http://recipes.test/a",
      "http://evil.test/",
      "http://127.0.0.1/",
      "ftp://recipes.test/",
    ]).catch((e: { code: number; stdout: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    const { stdout } = refused as { stdout: string };
    const ok = await ladle(["check-url", "--resolve", "recipes.test=93.184.215.14", "http://recipes.test/a"]);
    expect(JSON.parse(ok.stdout)).toMatchObject({ allowed: true });
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.url, l.allowed])).toEqual([
      ["http://recipes.test/a", true],
      ["http://evil.test/", false],
      ["http://127.0.0.1/", false],
      ["ftp://recipes.test/", false],
    ]);
    expect(lines[1].code).toBe("ADDRESS_NOT_ALLOWED");
    expect(lines[2].reason).toMatch(/LADLE_ALLOW_PRIVATE_HOSTS=127\.0\.0\.1/);
    expect(lines[3].code).toBe("SCHEME_NOT_ALLOWED");
  });
});
