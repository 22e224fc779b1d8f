/**
 * Conformance: import-pipeline-io.md (`../shared/spec/import-pipeline-io.md`), through
 * `POST /v1/import` and `GET /v1/import/{id}`. Each test names the section whose clause it checks.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { CAKE_TEXT, recipePhoto, textPdf } from "../helpers/importFixtures.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let alice: TestUser;
let bob: TestUser;

const sha256 = (b: string | Buffer) => createHash("sha256").update(b).digest("hex");
const post = (body: unknown, who = alice) => t.json("POST", "/v1/import", body, who.headers);

async function settle(id: string, who = alice): Promise<any> {
  const end = Date.now() + 100_000;
  for (;;) {
    const r = await t.json("GET", `/v1/import/${id}`, undefined, who.headers);
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
    "/archive.zip": { headers: { "content-type": "application/zip" }, body: Buffer.alloc(64, 1) },
    // A content type long enough that the message naming it passes error_msg's 256 characters.
    "/odd": { headers: { "content-type": `application/x-${"very-long-".repeat(30)}type` }, body: "x" },
    "/blog": {
      body: "<html><body><h1>Our trip</h1><p>We walked by the sea and had a nice day.</p></body></html>",
    },
    "/watch/flatbread": {
      body: `<html><head><title>Video</title><script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: "Quick Flatbread",
        description:
          "Quick Flatbread\nIngredients:\n- 250 g flour\n- 150 ml warm water\n- 1 tsp salt\nMethod:\n1. Mix everything into a soft dough.\n2. Roll thin and cook in a dry hot pan.",
      })}</script></head><body><video></video></body></html>`,
    },
    "/slow": (_q, res) => {
      const timer = setTimeout(
        () => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML),
        3000,
      );
      res.on("close", () => clearTimeout(timer));
    },
  });
  t = await startTestLadle();
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("API payloads", () => {
  it("202 {id, status: queued}; the poll has id, status, progress 0-100, recipe_id, error_code, error_msg, updated_at", async () => {
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

describe("import_jobs.source_hash, idempotency workflow", () => {
  it("a URL job's source_hash is the SHA-256 of the URL's content, not of the URL", async () => {
    const r = await post({ source_type: "url", source_ref: `${site.origin}/pancakes` });
    expect(r.status).toBe(202);
    expect(await sourceHash(r.body.id)).toBe(sha256(PANCAKES_HTML));
    expect((await settle(r.body.id)).status).toBe("completed");
    // Text is hashed as given.
    const text = await post({ source_type: "text", source_ref: `${CAKE_TEXT}\nhashed` });
    expect(await sourceHash(text.body.id)).toBe(sha256(`${CAKE_TEXT}\nhashed`));
    await settle(text.body.id);
  });

  it("identical content from another URL → 200 with the existing job", async () => {
    const first = await post({ source_type: "url", source_ref: `${site.origin}/pancakes` });
    const copy = await post({ source_type: "url", source_ref: `${site.origin}/pancakes-copy` });
    expect(copy).toEqual({ status: 200, body: { id: first.body.id, status: expect.any(String) } });
  });

  it("unique constraint: the same URL whose content changed is new content → a new job (202)", async () => {
    const a = await post({ source_type: "url", source_ref: `${site.origin}/changing` });
    expect(a.status).toBe(200); // the same bytes as /pancakes: that job
    site.route("/changing", { body: PANCAKES_HTML.replace("Buttermilk Pancakes", "Sunday Pancakes") });
    const b = await post({ source_type: "url", source_ref: `${site.origin}/changing` });
    expect(b.status).toBe(202);
    expect(b.body.id).not.toBe(a.body.id);
    expect((await settle(b.body.id)).status).toBe("completed");
  });

  it("a URL that cannot be downloaded fails with download_error; a failed job never blocks a resubmission", async () => {
    const f1 = await post({ source_type: "url", source_ref: `${site.origin}/gone` });
    // queued like any other; the failure is read by polling.
    expect(f1).toEqual({ status: 202, body: { id: expect.any(String), status: "queued" } });
    const failed = await settle(f1.body.id);
    expect(failed).toMatchObject({ status: "failed", error_code: "download_error", progress: 100 });
    expect(failed.error_msg).toMatch(/404/);
    const f2 = await post({ source_type: "url", source_ref: `${site.origin}/gone` });
    expect(f2.status).toBe(202);
    expect(f2.body.id).not.toBe(f1.body.id);
  });
});

/** An uploaded file's token (POST /v1/uploads), for pdf and image sources. */
async function upload(bytes: Buffer, who = alice): Promise<string> {
  const r = await t.app.request("/v1/uploads", {
    method: "POST",
    headers: who.headers,
    body: new Uint8Array(bytes),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { token: string }).token;
}

describe("source types", () => {
  it("source_type pdf: an uploaded PDF with a text layer is read into a recipe", async () => {
    const r = await post({ source_type: "pdf", source_ref: await upload(textPdf()) });
    expect(r.status).toBe(202);
    const job = await settle(r.body.id);
    expect(job).toMatchObject({ status: "completed", progress: 100, error_code: null });
    const recipe = await t.json("GET", `/api/recipes/${job.recipe_id}`, undefined, alice.headers);
    expect(recipe.body.name).toMatch(/cake/i);
  });

  it("source_type image: a photo of a printed recipe is read (OCR) into a recipe", async () => {
    const r = await post({ source_type: "image", source_ref: await upload(recipePhoto()) });
    expect(r.status).toBe(202);
    const job = await settle(r.body.id);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
  });

  it("source_type video: a video page's description becomes the recipe", async () => {
    const r = await post({ source_type: "video", source_ref: `${site.origin}/watch/flatbread` });
    expect(r.status).toBe(202);
    const job = await settle(r.body.id);
    expect(job.status).toBe("completed");
    const recipe = await t.json("GET", `/api/recipes/${job.recipe_id}`, undefined, alice.headers);
    expect(recipe.body.name).toBe("Quick Flatbread");
  });
});

describe("error codes, error_msg", () => {
  it("unsupported_format: a file type that is not a recipe source", async () => {
    const job = await settle(
      (await post({ source_type: "url", source_ref: `${site.origin}/archive.zip` })).body.id,
    );
    expect(job).toMatchObject({ status: "failed", error_code: "unsupported_format", progress: 100 });
    expect(job.error_msg).toMatch(/can't be imported/);
  });

  it("extraction_failed: a page or text with no recipe in it", async () => {
    for (const body of [
      { source_type: "url", source_ref: `${site.origin}/blog` },
      { source_type: "text", source_ref: "Just a note to self: buy milk." },
    ]) {
      const job = await settle((await post(body)).body.id);
      expect(job).toMatchObject({ status: "failed", error_code: "extraction_failed" });
      expect(job.error_msg).toMatch(/No recipe/);
    }
  });

  it("timeout: a job past the soft limit fails with timeout and a message saying to try later", async () => {
    const before = t.ladle.config.Imports.SoftTimeoutSeconds;
    t.ladle.config.Imports.SoftTimeoutSeconds = 0.5;
    try {
      const r = await post({ source_type: "url", source_ref: `${site.origin}/slow` });
      expect(r.body.status).toBe("queued");
      const job = await settle(r.body.id);
      expect(job).toMatchObject({ status: "failed", error_code: "timeout", progress: 100 });
      expect(job.error_msg).toMatch(/try again later/i);
    } finally {
      t.ladle.config.Imports.SoftTimeoutSeconds = before;
    }
  });

  it("oom: a file past the memory guard fails with oom", async () => {
    const before = t.ladle.config.Imports.MaxImagePixels;
    t.ladle.config.Imports.MaxImagePixels = 100_000;
    try {
      const r = await post({
        source_type: "image",
        source_ref: await upload(recipePhoto(undefined, "jpeg")),
      });
      const job = await settle(r.body.id);
      expect(job).toMatchObject({ status: "failed", error_code: "oom", progress: 100 });
      expect(job.error_msg).toMatch(/megapixels/);
    } finally {
      t.ladle.config.Imports.MaxImagePixels = before;
    }
  });

  it("error_msg: a human message of at most 256 characters, however long its cause", async () => {
    const job = await settle((await post({ source_type: "url", source_ref: `${site.origin}/odd` })).body.id);
    expect(job).toMatchObject({ status: "failed", error_code: "unsupported_format" });
    expect(job.error_msg.length).toBe(256);
    expect(job.error_msg.endsWith("…")).toBe(true);
  });
});

describe("user_id: every job belongs to its user", () => {
  it("another user's job is not found (404), not listed, and the same content is their own job", async () => {
    const mine = await post({ source_type: "text", source_ref: `${CAKE_TEXT}\nalice's` });
    await settle(mine.body.id);
    const seen = await t.json("GET", `/v1/import/${mine.body.id}`, undefined, bob.headers);
    expect(seen).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    const list = await t.json("GET", "/v1/import", undefined, bob.headers);
    expect(list.body.jobs.map((j: { id: string }) => j.id)).not.toContain(mine.body.id);
    // The idempotency check is per (user_id, source_hash): Bob's identical text is his own new job.
    const his = await post({ source_type: "text", source_ref: `${CAKE_TEXT}\nalice's` }, bob);
    expect(his.status).toBe(202);
    expect(his.body.id).not.toBe(mine.body.id);
    await settle(his.body.id, bob);
    const anonymous = await t.json("GET", `/v1/import/${mine.body.id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe("worker progress, progress update events", () => {
  let api: TestLadle;
  // An API without workers: the test runs the job itself once it listens, so no step goes unseen.
  beforeAll(async () => {
    api = await startTestLadle({ worker: false });
  });
  afterAll(async () => api?.close());

  /** The `import_progress` events of a job's SSE stream, read to its end. */
  async function events(id: string): Promise<{ event: string; data: any }[]> {
    const res = await api.app.request(`/v1/import/${id}/events`);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const text = await res.text();
    return text
      .split("\n\n")
      .filter((block) => block.includes("data:"))
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1] ?? "message",
        data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
      }));
  }

  it("queued, then running 5 → 25 → 50 → 90, then completed at 100; each an import_progress event", async () => {
    const r = await api.json("POST", "/v1/import", {
      source_type: "text",
      source_ref: `${CAKE_TEXT}\nprogress`,
    });
    expect(r.body.status).toBe("queued");
    const seen: { progress: number; status: string }[] = [];
    const off = api.ladle.imports.onProgress(r.body.id, (e) => seen.push(e));
    const stream = events(r.body.id);
    await api.ladle.imports.run(r.body.id);
    off();
    expect(seen.map((e) => `${e.status} ${e.progress}`)).toEqual([
      "running 5",
      "running 25",
      "running 50",
      "running 90",
      "completed 100",
    ]);
    const sse = await stream;
    expect(sse.every((e) => e.event === "import_progress")).toBe(true);
    expect(sse.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { type: "import_progress", job_id: r.body.id, progress: 100, status: "completed" },
      ]),
    );
    // Forward only: progress never drops, and the final state is the last event.
    const progress = sse.map((e) => e.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(sse.at(-1)!.data.status).toBe("completed");
  });

  it("a failing job also ends at progress 100 with its error code", async () => {
    const r = await api.json("POST", "/v1/import", { source_type: "text", source_ref: "Buy milk." });
    await api.ladle.imports.run(r.body.id);
    expect((await api.json("GET", `/v1/import/${r.body.id}`)).body).toMatchObject({
      status: "failed",
      progress: 100,
      error_code: "extraction_failed",
    });
    expect((await events(r.body.id)).at(-1)!.data).toMatchObject({ status: "failed", progress: 100 });
  });
});
