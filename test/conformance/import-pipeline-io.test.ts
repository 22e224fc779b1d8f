/**
 * Conformance: import-pipeline-io.md (`../shared/spec/import-pipeline-io.md`), through
 * `POST /v1/import` and `GET /v1/import/{id}`. Each test names the section whose clause it checks.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { CAKE_TEXT } from "../helpers/importFixtures.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;

const sha256 = (b: string | Buffer) => createHash("sha256").update(b).digest("hex");
const post = (body: unknown) => t.json("POST", "/v1/import", body);

async function settle(id: string): Promise<any> {
  const end = Date.now() + 100_000;
  for (;;) {
    const r = await t.json("GET", `/v1/import/${id}`);
    if (r.body.status === "completed" || r.body.status === "failed") return r.body;
    if (Date.now() > end) throw new Error(`job ${id} stuck in ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

const sourceHash = async (id: string) =>
  (
    await t.ladle.database.db
      .selectFrom("import_jobs")
      .select("source_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).source_hash;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/pancakes-copy": { body: PANCAKES_HTML },
    "/changing": { body: PANCAKES_HTML },
    "/gone": { status: 404, body: "not here" },
  });
  t = await startTestLadle();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("§2 API payloads", { timeout: 120_000 }, () => {
  it("§2.1/§2.2: 202 {id, status: queued}; the poll has id, status, progress 0-100, recipe_id, error_code, error_msg, updated_at", async () => {
    const r = await post({ source_type: "text", source_ref: CAKE_TEXT });
    expect(r).toEqual({ status: 202, body: { id: expect.any(String), status: "queued" } });
    const job = await settle(r.body.id);
    expect(Object.keys(job).sort()).toEqual(
      ["error_code", "error_msg", "id", "progress", "recipe_id", "status", "updated_at"].sort(),
    );
    expect(job).toMatchObject({ status: "completed", progress: 100, error_code: null });
    expect(job.recipe_id).toEqual(expect.any(String));
  });
});

describe("§3 import_jobs.source_hash, §7 idempotency workflow", { timeout: 120_000 }, () => {
  it("§3/§7: a URL job's source_hash is the SHA-256 of the URL's content, not of the URL", async () => {
    const r = await post({ source_type: "url", source_ref: `${site.origin}/pancakes` });
    expect(r.status).toBe(202);
    expect(await sourceHash(r.body.id)).toBe(sha256(PANCAKES_HTML));
    expect((await settle(r.body.id)).status).toBe("completed");
    // Text is hashed as given.
    const text = await post({ source_type: "text", source_ref: `${CAKE_TEXT}\nhashed` });
    expect(await sourceHash(text.body.id)).toBe(sha256(`${CAKE_TEXT}\nhashed`));
    await settle(text.body.id);
  });

  it("§7: identical content from another URL → 200 with the existing job", async () => {
    const first = await post({ source_type: "url", source_ref: `${site.origin}/pancakes` });
    const copy = await post({ source_type: "url", source_ref: `${site.origin}/pancakes-copy` });
    expect(copy).toEqual({ status: 200, body: { id: first.body.id, status: expect.any(String) } });
  });

  it("§3 unique constraint: the same URL whose content changed is new content → a new job (202)", async () => {
    const a = await post({ source_type: "url", source_ref: `${site.origin}/changing` });
    expect(a.status).toBe(200); // the same bytes as /pancakes: that job
    site.route("/changing", { body: PANCAKES_HTML.replace("Buttermilk Pancakes", "Sunday Pancakes") });
    const b = await post({ source_type: "url", source_ref: `${site.origin}/changing` });
    expect(b.status).toBe(202);
    expect(b.body.id).not.toBe(a.body.id);
    expect((await settle(b.body.id)).status).toBe("completed");
  });

  it("§4/§7: a URL that cannot be downloaded fails with download_error; a failed job never blocks a resubmission", async () => {
    const f1 = await post({ source_type: "url", source_ref: `${site.origin}/gone` });
    // §2.1: queued like any other; the failure is read by polling (§2.2).
    expect(f1).toEqual({ status: 202, body: { id: expect.any(String), status: "queued" } });
    const failed = await settle(f1.body.id);
    expect(failed).toMatchObject({ status: "failed", error_code: "download_error", progress: 100 });
    expect(failed.error_msg).toMatch(/404/);
    const f2 = await post({ source_type: "url", source_ref: `${site.origin}/gone` });
    expect(f2.status).toBe(202);
    expect(f2.body.id).not.toBe(f1.body.id);
  });
});
