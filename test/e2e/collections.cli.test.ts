import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCollection } from "../../src/interop/readCollection.ts";
import { JPEG, nextcloudRecipe, paprikaExport } from "../helpers/interopFixtures.ts";
import { startMealieStub } from "../helpers/mealieStub.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-coll-cli-"));
let serverDb: TestDatabase | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
});
afterAll(async () => {
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ladle(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      LADLE_DATA_DIR: path.join(dir, "data"),
      LADLE_CLI_CONFIG: path.join(dir, "no-cli.json"),
      ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
      ...env,
    },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { code: number; stdout: string; stderr: string }) => err);
}

describe("ladle import-file and ladle export", () => {
  it("imports a Paprika file and a Nextcloud folder with --commit-clean --json, then exports them", async () => {
    const file = path.join(dir, "my.paprikarecipes");
    writeFileSync(file, paprikaExport());
    const folder = path.join(dir, "Recipes");
    mkdirSync(path.join(folder, "Lemon Bars"), { recursive: true });
    writeFileSync(path.join(folder, "Lemon Bars", "recipe.json"), JSON.stringify(nextcloudRecipe()));
    writeFileSync(path.join(folder, "Lemon Bars", "full.jpg"), JPEG);
    const out = (await ladle(["import-file", file, folder, "--commit-clean", "--json"])) as {
      stdout: string;
      stderr: string;
    };
    const report = JSON.parse(out.stdout) as { files: { path: string; job: any; entries: any[] }[] };
    expect(report.files.map((f) => f.job.format)).toEqual(["paprika", "nextcloud"]);
    expect(report.files[0]!.job.counts).toMatchObject({ imported: 2, failed: 2 });
    expect(report.files[0]!.entries.find((e) => e.label === "Broken").reason).toMatch(/damaged/);
    expect(report.files[1]!.job.counts).toMatchObject({ imported: 1 });

    // Human output; the same file again is all duplicates.
    const again = (await ladle(["import-file", file])) as { stdout: string };
    expect(again.stdout).toMatch(/0 imported, 2 duplicate, 0 need review, 2 failed/);
    expect(again.stdout).toMatch(/failed: Broken — .*damaged/);
    // The summary in the person's language (LANG), the server's reason as it is.
    const german = (await ladle(["import-file", file], { LANG: "de_DE.UTF-8" })) as { stdout: string };
    expect(german.stdout).toMatch(/0 importiert, 2 doppelt, 0 zur Durchsicht, 2 fehlgeschlagen/);
    expect(german.stdout).toMatch(/fehlgeschlagen: Broken — .*damaged/);

    const exported = path.join(dir, "out.paprikarecipes");
    const ex = (await ladle(["export", "--format", "paprika", "-o", exported])) as { stderr: string };
    expect(ex.stderr).toMatch(/wrote/);
    const deExport = (await ladle(["export", "--format", "paprika", "-o", `${exported}.de`], {
      LC_ALL: "de_DE.UTF-8",
    })) as { stderr: string };
    expect(deExport.stderr).toMatch(/\.de geschrieben \(\d+ Bytes\)/);
    const back = readCollection(readFileSync(exported));
    expect(back.format).toBe("paprika");
    expect(back.entries.map((e) => (e.ok && e.kind === "recipe" ? e.draft.recipe.name : "")).sort()).toEqual([
      "Buttermilk Pancakes",
      "Lemon Bars",
      "Tomato Soup",
    ]);
    const usage = (await ladle(["export", "--format", "pdf", "-o", exported])) as { code: number };
    expect(usage.code).toBe(2);
    // Five processes, each opening the embedded database: 121 s at load 13-16 on two cores.
  });

  it("imports every recipe of a live Mealie server with --mealie and the token from MEALIE_TOKEN", async () => {
    const mealie = await startMealieStub("cli-token", 3, 2);
    try {
      const noToken = (await ladle(["import-file", "--mealie", mealie.origin])) as { code: number };
      expect(noToken.code).toBe(2);
      const out = (await ladle(["import-file", "--mealie", mealie.origin, "--commit-clean", "--json"], {
        MEALIE_TOKEN: "cli-token",
        LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
        Fetch__MaxRetries: "0",
      })) as { stdout: string; stderr: string };
      const report = JSON.parse(out.stdout) as { files: { path: string; job: any; entries: any[] }[] };
      expect(report.files[0]!.job).toMatchObject({ format: "mealie", total: 3 });
      expect(report.files[0]!.job.counts).toMatchObject({ imported: 2, failed: 1 });
      expect(report.files[0]!.entries.map((e) => e.label)).toEqual(["Dish 0", "Broken Dish", "Dish 2"]);
      expect(mealie.auth.get("/api/recipes")).toBe("Bearer cli-token");
    } finally {
      await mealie.close();
    }
  });
});

describe("ladle import-file and ladle export against a running Ladle (--server, --token)", () => {
  let t: TestLadle;
  let http: ServerType;
  let origin = "";
  let ann: TestUser;

  beforeAll(async () => {
    t = await startTestLadle();
    ann = await createTestUser(t, { name: "ann" });
    await new Promise<void>((resolve) => {
      http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
        origin = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise((r) => http?.close(r));
    await t?.close();
  });

  it("imports a file over HTTP with the user's token and exports it back; a wrong token exits 4", async () => {
    const file = path.join(dir, "remote.paprikarecipes");
    writeFileSync(file, paprikaExport());
    const out = (await ladle(["import-file", file, "--server", origin, "--token", ann.token, "--json"])) as {
      stdout: string;
    };
    const report = JSON.parse(out.stdout) as { files: { job: any; entries: any[] }[] };
    expect(report.files[0]!.job).toMatchObject({ format: "paprika", counts: { needsReview: 2, failed: 2 } });
    // The job is the user's own on that server (nothing was written to a local database).
    const jobs = await t.json("GET", "/api/collections", undefined, ann.headers);
    expect(jobs.body.items.map((j: any) => j.id)).toContain(report.files[0]!.job.id);

    await t.json("POST", `/api/collections/${report.files[0]!.job.id}/commit-clean`, {}, ann.headers);
    const exported = path.join(dir, "remote-out.json.zip");
    // Global options before the command name reach it too; the token may come from LADLE_TOKEN.
    const ex = (await ladle(["--server", origin, "export", "--format", "jsonld", "-o", exported], {
      LADLE_TOKEN: ann.token,
    })) as { stderr: string };
    expect(ex.stderr).toMatch(/wrote/);
    const back = readCollection(readFileSync(exported));
    expect(back.entries.map((e) => (e.ok && e.kind === "recipe" ? e.draft.recipe.name : "")).sort()).toEqual([
      "Buttermilk Pancakes",
      "Tomato Soup",
    ]);

    const refused = (await ladle(["import-file", file, "--server", origin, "--token", "wrong"])) as {
      code: number;
      stderr: string;
    };
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/refused the token/);
  });
});
