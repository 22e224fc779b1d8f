// `npm run bench -- corpus`: every saved page of the recipe corpus through the whole URL import, as
// a user's import goes (API and worker processes on PostgreSQL, the page served as it was saved by a
// loopback site, fetched through the egress gateway), then what each page gave: how many drafts,
// which failed and why, and whether each draft reads as the extractor reads the page on its own.
// `npm run eval` scores the extractor alone; the fetch's own checks (walls, kinds, charsets, limits)
// are only met here: a comment form's captcha once failed 6 of these pages as "blocked".
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { decodeHtml } from "../src/extract/decodeBody.ts";
import { extractRecipe } from "../src/extract/extractRecipe.ts";
import {
  CORPUS,
  freePort,
  ladleEnv,
  pool,
  startLadle,
  stopLadle,
  submit,
  throwawayDatabase,
  waitAllFinal,
} from "./cluster.ts";

/** What a draft says, in the fields that a fetch could change (text decoded, page read). */
const reading = (r: { name?: string; ingredients?: { text: string }[]; instructions?: { text: string }[] }) =>
  JSON.stringify([
    r.name ?? "",
    (r.ingredients ?? []).map((i) => i.text),
    (r.instructions ?? []).map((s) => s.text),
  ]);

export async function run(): Promise<void> {
  if (!existsSync(CORPUS))
    return console.log("no corpus beside the checkout (../shared/corpus/recipes): skipped");
  const files: string[] = [];
  for (const d of readdirSync(CORPUS, { withFileTypes: true }).filter((e) => e.isDirectory()))
    for (const f of readdirSync(path.join(CORPUS, d.name)).filter((x) => x.endsWith(".html")))
      files.push(path.join(d.name, f));
  files.sort();
  const bodies = files.map((f) => readFileSync(path.join(CORPUS, f)));
  // As saved: the bytes, and no charset in the header (the page's own <meta> or BOM says it).
  const site = http.createServer((req, res) => {
    const m = /^\/p\/(\d+)$/.exec(req.url ?? "");
    if (!m || !bodies[Number(m[1])]) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html" }).end(bodies[Number(m[1])]);
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const db = await throwawayDatabase("ladle_corpus");
  const port = await freePort();
  const env = ladleEnv(db.url, port);
  const api = await startLadle("api", env);
  const worker = await startLadle("worker", env);
  try {
    const t0 = Date.now();
    await pool(
      files.map((_, i) => i),
      16,
      async (i) => void (await submit(`http://127.0.0.1:${port}`, `${origin}/p/${i}`, `corpus-${i}`)),
    );
    await waitAllFinal(db.url, files.length, 600_000);
    const seconds = (Date.now() - t0) / 1000;
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query<{
      url: string;
      status: string;
      error: { code: string; message: string } | null;
      result: { draft?: { recipe?: Parameters<typeof reading>[0] } } | null;
    }>("SELECT payload->>'url' AS url, status, error, result FROM tasks");
    await c.end();
    const statuses = new Map<string, number>();
    const failed: string[] = [];
    const differ: string[] = [];
    for (const r of rows) {
      const i = Number(/\/p\/(\d+)$/.exec(r.url)?.[1]);
      const label = r.error ? `${r.status} ${r.error.code}` : r.status;
      statuses.set(label, (statuses.get(label) ?? 0) + 1);
      if (r.status !== "ReviewReady") {
        failed.push(`${files[i]}: ${label} (${(r.error?.message ?? "").slice(0, 120)})`);
        continue;
      }
      const alone = extractRecipe({ html: decodeHtml(bodies[i]!, "text/html").text, url: r.url });
      if (alone.ok && reading(alone.recipe) !== reading(r.result?.draft?.recipe ?? {}))
        differ.push(files[i]!);
    }
    console.log(
      `${files.length} saved corpus pages imported by URL through API + worker (PostgreSQL at ${new URL(db.url).host}) in ${seconds.toFixed(1)} s: ` +
        [...statuses].map(([s, n]) => `${n} ${s}`).join(", "),
    );
    for (const f of failed) console.log(`  failed: ${f}`);
    console.log(
      `drafts reading as the extractor reads the saved page (name, ingredients, steps): ${rows.length - failed.length - differ.length} of ${rows.length - failed.length}`,
    );
    for (const f of differ.slice(0, 20)) console.log(`  differs: ${f}`);
    if (failed.length || differ.length) process.exitCode = 1;
  } finally {
    await stopLadle(worker);
    await stopLadle(api);
    await db.drop();
    site.close();
  }
}
