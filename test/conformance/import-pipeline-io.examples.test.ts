/**
 * A client written against import-pipeline-io.md (`../shared/spec/import-pipeline-io.md`): the
 * document's own JSON examples, read from it at test time; the request sent verbatim, each answer
 * with the documented status and shape. foo.bar resolves, through a stub, to a loopback port
 * nothing listens on: nothing leaves the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAKE_TEXT } from "../helpers/importFixtures.ts";
import { specExample, specExamples, type SpecExample } from "../helpers/specExamples.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const examples: SpecExample[] = specExamples("import-pipeline-io.md");
const example = (heading: string, label?: string) => specExample(examples, heading, label).value as any;
const keys = (o: object) => Object.keys(o).sort();

let t: TestLadle;

beforeAll(async () => {
  t = await startTestLadle({
    // The API alone: the test runs each job itself, so every answer is read in a known state.
    worker: false,
    resolver: async () => ["127.0.0.1"],
    config: { Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 } },
  });
});
afterAll(async () => t?.close());

describe("API payloads, verbatim", () => {
  it("Start Import: the documented request → 202 with exactly {id, status: queued}", async () => {
    const sent = example("2.1", "Request");
    expect(sent).toEqual({ source_type: "url", source_ref: "https://foo.bar/recipe.html" });
    const r = await t.json("POST", "/v1/import", sent);
    const doc = example("2.1", "Response");
    expect(r.status).toBe(202);
    expect(keys(r.body)).toEqual(keys(doc));
    expect(r.body.status).toBe(doc.status);

    // the poll before the worker ran, and after: the URL could not be downloaded here.
    const queued = await t.json("GET", `/v1/import/${r.body.id}`);
    const poll = example("2.2");
    expect(queued.status).toBe(200);
    expect(keys(queued.body)).toEqual(keys(poll));
    expect(queued.body).toMatchObject({ id: r.body.id, status: "queued", error_code: null });
    await t.ladle.imports.run(r.body.id);
    const failed = await t.json("GET", `/v1/import/${r.body.id}`);
    expect(keys(failed.body)).toEqual(keys(poll));
    // "For failed, error_code MUST be non-null."
    expect(failed.body).toMatchObject({ status: "failed", progress: 100, error_code: "download_error" });
    expect(failed.body.error_msg).toEqual(expect.any(String));
    expect(failed.body.recipe_id).toBeNull();
  });

  it("Poll Status: a completed job has the documented fields and types", async () => {
    const r = await t.json("POST", "/v1/import", { source_type: "text", source_ref: CAKE_TEXT });
    await t.ladle.imports.run(r.body.id);
    const doc = example("2.2");
    const job = (await t.json("GET", `/v1/import/${r.body.id}`)).body;
    expect(keys(job)).toEqual(keys(doc));
    expect(job).toMatchObject({
      status: doc.status,
      progress: doc.progress,
      error_code: null,
      error_msg: null,
    });
    for (const k of keys(doc)) if (doc[k] !== null) expect(typeof job[k], k).toBe(typeof doc[k]);
    // An ISO-8601 UTC time, as "2025-06-23T18:44:00Z".
    expect(job.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });
});

describe("Progress Update Events", () => {
  it("the event stream's events have the documented shape", async () => {
    const r = await t.json("POST", "/v1/import", { source_type: "text", source_ref: `${CAKE_TEXT}\nsix` });
    const stream = Promise.resolve(t.app.request(`/v1/import/${r.body.id}/events`)).then((res) => res.text());
    await t.ladle.imports.run(r.body.id);
    const data = (await stream)
      .split("\n\n")
      .filter((b) => b.includes("data:"))
      .map((b) => JSON.parse(/^data: (.*)$/m.exec(b)![1]!));
    const doc = example("6.");
    expect(data.length).toBeGreaterThan(0);
    for (const e of data) {
      expect(keys(e)).toEqual(keys(doc));
      expect(e).toMatchObject({ type: doc.type, job_id: r.body.id });
      expect(Number.isInteger(e.progress)).toBe(true);
    }
    expect(data.at(-1)).toEqual({
      type: "import_progress",
      job_id: r.body.id,
      progress: 100,
      status: "completed",
    });
  });
});
