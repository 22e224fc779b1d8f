import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { startFixtureServer } from "../test/helpers/fixtureServer.ts";
import { CAKE_LINES, recipePhoto } from "../test/helpers/importFixtures.ts";
import { makePdf } from "../test/helpers/makePdf.ts";
import { fmt, percentile } from "./stats.ts";

const PANCAKES = readFileSync(new URL("../test/fixtures/site/pancakes.html", import.meta.url), "utf8");

/** The pancakes page grown to about `bytes` with article text before the recipe (as blogs do). */
function pageOf(bytes: number, n: number): string {
  const para = `<p>Story paragraph ${n}: a long walk through the market, the smell of butter, and why this batch matters to us. </p>\n`;
  const filler = para.repeat(Math.max(0, Math.floor((bytes - PANCAKES.length) / para.length)));
  return PANCAKES.replace("<body>", `<body>\n<article>${filler}</article>`);
}

/**
 * Import jobs, over real HTTP on loopback with API and worker in one
 * process on the embedded database: p90 submit→completed latency (the final SSE event) of URL jobs (HTML 50 KB–1.9 MB),
 * of 5 MB PDFs, of photo OCR, and the duplicate-prevention hit rate on identical URL re-submits.
 */
export async function run(): Promise<void> {
  const sizes = [50e3, 200e3, 500e3, 1e6, 1.9e6];
  const routes: Record<string, { body: string }> = {};
  const URL_JOBS = 20;
  for (let i = 0; i < URL_JOBS; i++) routes[`/r/${i}`] = { body: pageOf(sizes[i % sizes.length]!, i) };
  routes["/dup"] = { body: PANCAKES };
  const site = await startFixtureServer(routes);
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-bench-imports-"));
  const database = await openDatabase({ dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent", DataDir: dir },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxDomChars: 4_000_000 },
    },
  });
  const ladle = await Ladle.start({ config, database, role: "all" });
  const app = createApp(ladle);
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const post = async (p: string, body: unknown) => {
    const res = await fetch(base + p, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { id: string; status: string } };
  };
  const upload = async (bytes: Buffer) => {
    const res = await fetch(`${base}/v1/uploads`, { method: "POST", body: new Uint8Array(bytes) });
    return ((await res.json()) as { token: string }).token;
  };
  // Waits on the job's SSE stream (no client polling competing with the worker for the database).
  const wait = async (id: string) => {
    const res = await fetch(`${base}/v1/import/${id}/events`);
    const text = await res.text();
    const last =
      text
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .at(-1) ?? "";
    const e = JSON.parse(last.slice(5)) as { status: string };
    if (e.status !== "completed") {
      const j = (await (await fetch(`${base}/v1/import/${id}`)).json()) as Record<string, unknown>;
      throw new Error(`job failed: ${String(j.error_code)} ${String(j.error_msg)}`);
    }
  };
  /** Submit → completed; an upload happens before the clock starts (it is not part of the job). */
  const timed = async (prepare: () => Promise<string>, sourceType: string) => {
    const ref = await prepare();
    const t0 = performance.now();
    const r = await post("/v1/import", { source_type: sourceType, source_ref: ref });
    await wait(r.body.id);
    return performance.now() - t0;
  };

  try {
    // URL jobs, 4 at a time (the worker's concurrency).
    const urlTimes: number[] = [];
    for (let i = 0; i < URL_JOBS; i += 4) {
      const batch = Array.from({ length: Math.min(4, URL_JOBS - i) }, (_, k) =>
        timed(async () => `${site.origin}/r/${i + k}`, "url"),
      );
      urlTimes.push(...(await Promise.all(batch)));
    }
    console.log(
      `URL jobs (HTML 50 KB–1.9 MB), n=${URL_JOBS}: p50 ${fmt(percentile(urlTimes, 50))}, p90 ${fmt(percentile(urlTimes, 90))} (target < 20 s)`,
    );

    // 5 MB PDFs: a cover page, the recipe on page 2, and 5 MB of embedded data, each run unique.
    const pdfTimes: number[] = [];
    let pdfSize = 0;
    for (let i = 0; i < 5; i++) {
      const pdf = makePdf([
        { lines: ["Family Cookbook", `Edition ${i}`] },
        { lines: CAKE_LINES, padding: randomBytes(5 * 1024 * 1024) },
      ]);
      pdfSize = pdf.length;
      pdfTimes.push(await timed(() => upload(pdf), "pdf"));
    }
    console.log(
      `PDF jobs (${(pdfSize / 1024 / 1024).toFixed(1)} MB, text layer), n=5: p50 ${fmt(percentile(pdfTimes, 50))}, p90 ${fmt(percentile(pdfTimes, 90))} (target < 60 s)`,
    );

    // Photo OCR: a 720 px photo-like picture of a printed recipe, each run a different dish name.
    const ocrTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const photo = recipePhoto([`Lemon Drizzle Cake ${i + 1}`, ...CAKE_LINES.slice(1)]);
      ocrTimes.push(await timed(() => upload(photo), "image"));
    }
    console.log(
      `Image OCR jobs (720x460 PNG), n=3: p50 ${fmt(percentile(ocrTimes, 50))}, p90 ${fmt(percentile(ocrTimes, 90))}`,
    );

    // Duplicate prevention: one URL, then 100 identical re-submits (50 concurrent while it runs,
    // 50 after it completed, some with tracking parameters or another host case).
    const first = await post("/v1/import", { source_type: "url", source_ref: `${site.origin}/dup` });
    const variants = [
      `${site.origin}/dup`,
      `${site.origin}/dup?utm_source=news`,
      `${site.origin.replace("http://", "HTTP://")}/dup/`,
    ];
    const during = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post("/v1/import", { source_type: "url", source_ref: variants[i % 3] }),
      ),
    );
    await wait(first.body.id);
    const after: { status: number; body: { id: string } }[] = [];
    for (let i = 0; i < 50; i++)
      after.push(await post("/v1/import", { source_type: "url", source_ref: variants[i % 3] }));
    const all = [...during, ...after];
    const hits = all.filter((r) => r.status === 200 && r.body.id === first.body.id).length;
    const jobs = await ladle.database.db
      .selectFrom("import_jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("source_ref", "like", "%/dup%")
      .executeTakeFirstOrThrow();
    const recipes = await ladle.database.db
      .selectFrom("recipes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("source_url", "like", "%/dup%")
      .executeTakeFirstOrThrow();
    console.log(
      `Duplicate prevention, identical URL re-submits: ${hits}/${all.length} answered with the first job (${((100 * hits) / all.length).toFixed(1)}%); jobs created ${Number(jobs.n)}, recipes ${Number(recipes.n)} (target > 95%)`,
    );
  } finally {
    server.close();
    await ladle.stop();
    await database.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
