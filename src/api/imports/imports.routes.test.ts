import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { CAKE_TEXT, CAKE_VTT, recipePhoto } from "../../../test/helpers/importFixtures.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser } from "../../../test/helpers/users.ts";

let ALICE: Record<string, string>;
let BOB: Record<string, string>;
let aliceId: string;

let t: TestLadle;
let site: FixtureServer;

async function waitJob(id: string, who = ALICE, timeoutMs = 30_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.json("GET", `/v1/import/${id}`, undefined, who);
    if (r.body.status === "completed" || r.body.status === "failed") return r.body;
    if (Date.now() > end) throw new Error(`job ${id} stuck in ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function upload(bytes: Buffer | string, who = ALICE, contentType = "application/octet-stream") {
  const res = await t.app.request("/v1/uploads", {
    method: "POST",
    headers: { ...who, "content-type": contentType },
    body: typeof bytes === "string" ? bytes : new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/pancakes-mirror": { body: PANCAKES_HTML },
    "/gone": { status: 404, body: "not here" },
    "/archive.zip": {
      headers: { "content-type": "application/zip" },
      body: Buffer.from("PK\u0003\u0004zipzipzip"),
    },
    "/blog": {
      body: "<html><body><h1>My holiday</h1><p>We went to the sea and it rained.</p></body></html>",
    },
  });
  t = await startTestLadle();
  const alice = await createTestUser(t, { name: "alice" });
  const bob = await createTestUser(t, { name: "bob" });
  ALICE = alice.headers;
  BOB = bob.headers;
  aliceId = alice.id;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("POST /v1/import and GET /v1/import/{id}", () => {
  it("a text holding two recipes makes the first one, not a mix of both, and its validation says so", async () => {
    const text = `Pancakes\nServes 4\n\nIngredients\n- 200 g flour\n- 2 eggs\n- 300 ml milk\n\nMethod\n1. Whisk everything into a smooth batter.\n2. Fry thin pancakes in a hot buttered pan.\n\nWaffles\nMakes 6\n\nIngredients\n- 250 g flour\n- 2 eggs\n- 400 ml milk\n\nMethod\n1. Whisk the batter and rest it ten minutes.\n2. Bake in a hot waffle iron until golden.`;
    const r = await t.json("POST", "/v1/import", { source_type: "text", source_ref: text }, ALICE);
    const job = await waitJob(r.body.id);
    expect(job.status).toBe("completed");
    const res = await t.json("GET", `/v1/import/${r.body.id}/result`, undefined, ALICE);
    expect(res.body.recipe.name).toBe("Pancakes");
    expect(res.body.recipe.ingredients.map((i: any) => i.text)).toEqual([
      "200 g flour",
      "2 eggs",
      "300 ml milk",
    ]);
    expect(res.body.version.validation.warnings).toContainEqual(
      expect.stringMatching(/^This text holds 2 recipes: “Pancakes” and “Waffles”/),
    );
  });

  it("imports pasted text into a recipe with version 1, keeping the source text beside it", async () => {
    const r = await t.json("POST", "/v1/import", { source_type: "text", source_ref: CAKE_TEXT }, ALICE);
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ id: expect.any(String), status: "queued" });
    const job = await waitJob(r.body.id);
    expect(job).toMatchObject({
      id: r.body.id,
      status: "completed",
      progress: 100,
      error_code: null,
      error_msg: null,
    });
    expect(job.recipe_id).toEqual(expect.any(String));
    expect(new Date(job.updated_at).toISOString()).toBe(job.updated_at);

    const res = await t.json("GET", `/v1/import/${r.body.id}/result`, undefined, ALICE);
    expect(res.body.recipe.name).toBe("Lemon Drizzle Cake");
    expect(res.body.recipe.ingredients.map((i: any) => i.text)).toContain("225 g caster sugar");
    expect(res.body.recipe.instructions).toHaveLength(3);
    expect(res.body.source_text).toBe(CAKE_TEXT);
    expect(res.body.version.provenance).toMatchObject({
      sourceType: "text",
      reader: "text",
      importJobId: r.body.id,
    });
    expect(res.body.version.validation).toMatchObject({ isValid: expect.any(Boolean) });
    expect(res.body.version.guardrail).toMatchObject({ violatesPolicy: expect.any(Boolean) });

    const row = await t.ladle.database.db
      .selectFrom("recipe_versions")
      .selectAll()
      .where("recipe_id", "=", job.recipe_id)
      .execute();
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ version: 1, kind: "import", created_by: "alice" });
    const recipe = await t.ladle.database.db
      .selectFrom("recipes")
      .selectAll()
      .where("id", "=", job.recipe_id)
      .executeTakeFirst();
    expect(recipe?.owner_id).toBe(aliceId);
  });

  it("runs the copy check on someone else's words only: a cook's own text is 'not checked', a book's is checked", async () => {
    // The cook's own text (the default for text): their steps are word for word their text, and
    // that is no copy. Said as not checked, never as a pass.
    const own = `${CAKE_TEXT}\n(my own notes)`;
    const mine = await t.json("POST", "/v1/import", { source_type: "text", source_ref: own }, ALICE);
    expect((await waitJob(mine.body.id)).status).toBe("completed");
    const mineResult = await t.json("GET", `/v1/import/${mine.body.id}/result`, undefined, ALICE);
    expect(mineResult.body.version.guardrail).toMatchObject({ checked: false, violatesPolicy: false });
    expect(mineResult.body.version.guardrail.details).toMatch(/own words/);

    // The same kind of text marked as someone else's (typed from a book): checked, and copied.
    const book = `${CAKE_TEXT}\n(from a library book)`;
    const theirs = await t.json(
      "POST",
      "/v1/import",
      { source_type: "text", source_ref: book, words: "someone_else" },
      ALICE,
    );
    expect((await waitJob(theirs.body.id)).status).toBe("completed");
    const theirResult = await t.json("GET", `/v1/import/${theirs.body.id}/result`, undefined, ALICE);
    expect(theirResult.body.version.guardrail.checked).not.toBe(false);
    expect(theirResult.body.version.guardrail.violatesPolicy).toBe(true);

    const bad = await t.json(
      "POST",
      "/v1/import",
      { source_type: "text", source_ref: book, words: "theirs" },
      ALICE,
    );
    expect(bad.status).toBe(400);
  });

  it("answers 200 with the same job for a repeat, one job for concurrent repeats, and a new job after a failure", async () => {
    const body = { source_type: "url", source_ref: `${site.origin}/pancakes?utm_source=x` };
    const first = await t.json("POST", "/v1/import", body, ALICE);
    expect(first.status).toBe(202);
    // The same URL, normalized (tracking parameter dropped, host case): the live job, 200.
    const again = await t.json(
      "POST",
      "/v1/import",
      { ...body, source_ref: `${site.origin.replace("http://", "HTTP://")}/pancakes` },
      ALICE,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: first.body.id, status: expect.any(String) });
    // Another user's identical submission is their own job.
    const bob = await t.json("POST", "/v1/import", body, BOB);
    expect(bob.status).toBe(202);
    expect(bob.body.id).not.toBe(first.body.id);

    const text = `${CAKE_TEXT}\nConcurrent copy.`;
    const many = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.json("POST", "/v1/import", { source_type: "text", source_ref: text }, ALICE),
      ),
    );
    const ids = new Set(many.map((m) => m.body.id));
    expect(ids.size).toBe(1);
    expect(many.filter((m) => m.status === 202)).toHaveLength(1);
    expect(many.filter((m) => m.status === 200)).toHaveLength(7);

    const done = await waitJob(first.body.id);
    expect(done.status).toBe("completed");
    const after = await t.json("POST", "/v1/import", body, ALICE);
    expect(after).toEqual({ status: 200, body: { id: first.body.id, status: "completed" } });

    // failed → a resubmission creates a new job
    const bad = { source_type: "url", source_ref: `${site.origin}/gone` };
    const f1 = await t.json("POST", "/v1/import", bad, ALICE);
    const failed = await waitJob(f1.body.id);
    expect(failed).toMatchObject({ status: "failed", error_code: "download_error", progress: 100 });
    const f2 = await t.json("POST", "/v1/import", bad, ALICE);
    expect(f2.status).toBe(202);
    expect(f2.body.id).not.toBe(f1.body.id);
    await waitJob(f2.body.id);
  });

  it("answers a second URL with identical content with the earlier job (the hash is the content's)", async () => {
    const a = await t.json(
      "POST",
      "/v1/import",
      { source_type: "url", source_ref: `${site.origin}/pancakes` },
      ALICE,
    );
    const first = await waitJob(a.body.id);
    expect(first.status).toBe("completed");
    const b = await t.json(
      "POST",
      "/v1/import",
      { source_type: "url", source_ref: `${site.origin}/pancakes-mirror` },
      ALICE,
    );
    expect(b).toEqual({ status: 200, body: { id: a.body.id, status: "completed" } });
  });

  it("fails with an error code and a short message for each bad source", async () => {
    const cases: [object, string, RegExp][] = [
      [{ source_type: "url", source_ref: `${site.origin}/gone` }, "download_error", /404|download/i],
      [
        { source_type: "url", source_ref: `${site.origin}/archive.zip` },
        "unsupported_format",
        /can't be imported/,
      ],
      [{ source_type: "url", source_ref: `${site.origin}/blog` }, "extraction_failed", /No recipe/],
      [
        { source_type: "text", source_ref: "Just a note to self: buy milk." },
        "extraction_failed",
        /No recipe/,
      ],
    ];
    for (const [body, code, msg] of cases) {
      const r = await t.json("POST", "/v1/import", body, BOB);
      const job = await waitJob(r.body.id, BOB);
      expect(job.status).toBe("failed");
      expect(job.error_code).toBe(code);
      expect(job.error_msg).toMatch(msg);
      expect(job.error_msg.length).toBeLessThanOrEqual(256);
    }
  });

  it("rejects malformed requests and hides other users' jobs", async () => {
    expect((await t.json("POST", "/v1/import", "not json", ALICE)).body).toMatchObject({
      error_code: "invalid_request",
    });
    const bad = await t.json("POST", "/v1/import", { source_type: "fax", source_ref: "x" }, ALICE);
    expect(bad.status).toBe(400);
    expect(bad.body.error_msg).toMatch(/source_type/);
    expect(
      (await t.json("POST", "/v1/import", { source_type: "url", source_ref: "ftp://x/y" }, ALICE)).status,
    ).toBe(400);
    expect(
      (await t.json("POST", "/v1/import", { source_type: "pdf", source_ref: "cake.pdf" }, ALICE)).status,
    ).toBe(400);
    const unknown = await t.json(
      "POST",
      "/v1/import",
      { source_type: "pdf", source_ref: "upl_AAAAAAAAAAAAAAAAAAAAAA" },
      ALICE,
    );
    expect(unknown).toMatchObject({ status: 404, body: { error_code: "upload_not_found" } });
    const mine = await t.json(
      "POST",
      "/v1/import",
      { source_type: "text", source_ref: `${CAKE_TEXT} (alice's)` },
      ALICE,
    );
    expect((await t.json("GET", `/v1/import/${mine.body.id}`, undefined, BOB)).status).toBe(404);
    expect((await t.json("GET", "/v1/import/not-a-uuid", undefined, ALICE)).body).toMatchObject({
      error_code: "not_found",
    });
    expect((await t.json("GET", `/v1/import/${mine.body.id}`)).body).toMatchObject({
      error_code: "unauthorized",
    });
    await waitJob(mine.body.id);
  });

  it("streams progress events in order, ending with the final state", async () => {
    const r = await t.json(
      "POST",
      "/v1/import",
      { source_type: "text", source_ref: `${CAKE_TEXT}\n(streamed)` },
      ALICE,
    );
    const res = await t.app.request(`/v1/import/${r.body.id}/events`, { headers: ALICE });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const raw = await res.text();
    const events = raw
      .split("\n\n")
      .filter((b) => b.includes("data:"))
      .map((b) => ({ name: /event: (.*)/.exec(b)?.[1], data: JSON.parse(/data: (.*)/.exec(b)![1]!) }));
    expect(events.every((e) => e.name === "import_progress")).toBe(true);
    for (const e of events)
      expect(Object.keys(e.data).sort()).toEqual(["job_id", "progress", "status", "type"]);
    const progress = events.map((e) => e.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.at(-1)!.data).toEqual({
      type: "import_progress",
      job_id: r.body.id,
      progress: 100,
      status: "completed",
    });
    // A stream opened after the end gives the final state once.
    const late = await (await t.app.request(`/v1/import/${r.body.id}/events`, { headers: ALICE })).text();
    expect(late.match(/data:/g)).toHaveLength(1);
  });
});

describe("jobs whose worker vanished", () => {
  it("are found by the reconciler, re-queued, and failed when their worker died every time", async () => {
    const family = t.ladle.imports.reconcilerFamily();
    const { row } = await t.ladle.imports.repo.createOrGet({
      id: crypto.randomUUID(),
      userId: aliceId,
      sourceType: "text",
      sourceRef: "orphan",
      sourceHash: "f".repeat(64),
    });
    const stale = await family.findStale(new Date(Date.now() + 60_000), 100);
    expect(stale).toContainEqual({ id: row.id, requeues: 0 });
    expect(await family.failDead(row.id, { ok: false, code: "INTERNAL", message: "worker crashed" })).toBe(
      true,
    );
    const job = await t.json("GET", `/v1/import/${row.id}`, undefined, ALICE);
    expect(job.body).toMatchObject({ status: "failed", error_code: "oom", progress: 100 });
    expect(job.body.error_msg).toMatch(/stopped on every attempt/);
    // A final job is never failed again.
    expect(await family.failDead(row.id, { ok: false, code: "INTERNAL", message: "again" })).toBe(false);
  });
});

describe("POST /v1/uploads", () => {
  it("sniffs the type from the bytes, never the name, and hashes the bytes as received", async () => {
    const png = recipePhoto();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "recipe.txt", { type: "text/plain" }));
    const res = await t.app.request("/v1/uploads", { method: "POST", headers: ALICE, body: form });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ kind: "image", content_type: "image/png", size: png.length });
    const { createHash } = await import("node:crypto");
    expect(body.sha256).toBe(createHash("sha256").update(png).digest("hex"));
    expect(body.token).toMatch(/^upl_/);

    const vtt = await upload(CAKE_VTT, ALICE, "image/jpeg");
    expect(vtt.body).toMatchObject({ kind: "captions", content_type: "text/vtt" });
    const txt = await upload(CAKE_TEXT);
    expect(txt.body).toMatchObject({ kind: "text" });
    // The same bytes uploaded twice: same hash, so the second import is the first job.
    const again = await upload(CAKE_TEXT);
    const j1 = await t.json("POST", "/v1/import", { source_type: "text", source_ref: txt.body.token }, ALICE);
    const j2 = await t.json(
      "POST",
      "/v1/import",
      { source_type: "text", source_ref: again.body.token },
      ALICE,
    );
    expect(j2).toEqual({ status: 200, body: { id: j1.body.id, status: expect.any(String) } });
    await waitJob(j1.body.id);
  });

  it("refuses unreadable kinds and sizes over the cap for the sniffed type", async () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from("ftypisom\0\0\u0002\0isomiso2avc1mp41"),
      Buffer.alloc(64),
    ]);
    const video = await upload(mp4);
    expect(video.status).toBe(415);
    expect(video.body.error_code).toBe("unsupported_format");
    expect(video.body.error_msg).toMatch(/captions \(\.vtt or \.srt\)/);
    const zip = await upload(
      Buffer.from("PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000zipzipzipzipzipzipzip"),
    );
    expect(zip.status).toBe(415);
    const binary = await upload(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81, 0x00]));
    expect(binary.body.error_code).toBe("unsupported_format");
    expect((await upload("")).body.error_code).toBe("invalid_request");

    const small = await startTestLadle({ config: { Imports: { MaxTextBytes: 100 } } });
    try {
      const { headers } = await createTestUser(small, { name: "carol" });
      const res = await small.app.request("/v1/uploads", {
        method: "POST",
        headers,
        body: "x".repeat(101),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        error_code: "payload_too_large",
        error_msg: expect.stringMatching(/text uploads may be at most/),
      });
      const ok = await small.app.request("/v1/uploads", {
        method: "POST",
        headers,
        body: "x".repeat(100),
      });
      expect(ok.status).toBe(201);
    } finally {
      await small.close();
    }
  });
});
