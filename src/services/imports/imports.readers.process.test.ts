import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import {
  CAKE_LINES,
  CAKE_VTT,
  noisePhoto,
  recipePhoto,
  scannedPdf,
  textPdf,
} from "../../../test/helpers/importFixtures.ts";
import { startLlmStub } from "../../../test/helpers/llmStub.ts";
import { makePdf } from "../../../test/helpers/makePdf.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;

// Waits as long as the tests' own 180 s allow: an OCR job on a busy CI machine (load 30) outran a
// 60 s wait of its own while the job was still running well.
async function waitJob(l: TestLadle, id: string, timeoutMs = 170_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await l.json("GET", `/v1/import/${id}`);
    if (r.body.status === "completed" || r.body.status === "failed") return r.body;
    if (Date.now() > end) throw new Error(`job ${id} stuck in ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function importBytes(l: TestLadle, sourceType: string, bytes: Buffer | string) {
  const up = await l.app.request("/v1/uploads", {
    method: "POST",
    body: typeof bytes === "string" ? bytes : new Uint8Array(bytes),
  });
  const { token } = (await up.json()) as { token: string };
  const r = await l.json("POST", "/v1/import", { source_type: sourceType, source_ref: token });
  expect(r.status).toBe(202);
  const job = await waitJob(l, r.body.id);
  const res = await l.json("GET", `/v1/import/${r.body.id}/result`);
  return { job, result: res.body };
}

const videoPage = (ld: object) =>
  `<html><head><title>Video</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><video></video></body></html>`;

beforeAll(async () => {
  site = await startFixtureServer({
    "/watch/flatbread": {
      body: videoPage({
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: "Quick Flatbread",
        description:
          "Quick Flatbread\nIngredients:\n- 250 g flour\n- 150 ml warm water\n- 1 tsp salt\nMethod:\n1. Mix everything into a soft dough.\n2. Roll thin and cook in a dry hot pan.",
      }),
    },
    "/watch/pancakes": { body: PANCAKES_HTML },
    "/watch/empty": { body: "<html><head><title>Clip</title></head><body><video></video></body></html>" },
    "/watch/file.bin": { headers: { "content-type": "application/octet-stream" }, body: Buffer.alloc(64, 1) },
  });
  t = await startTestLadle();
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("pdf reader", () => {
  it("reads the text layer page by page and finds a recipe that starts on page 2", async () => {
    const { job, result } = await importBytes(t, "pdf", textPdf());
    expect(job).toMatchObject({ status: "completed", error_code: null });
    expect(result.recipe.name).toBe("Lemon Drizzle Cake");
    expect(result.recipe.ingredients).toHaveLength(4);
    expect(result.reader).toBe("pdf-text");
    expect(result.details.pages).toEqual([
      { page: 1, method: "text", confidence: null },
      { page: 2, method: "text", confidence: null },
    ]);
    expect(result.details.recipeStartsOnPage).toBe(2);
    // The whole original text is kept, cover page included.
    expect(result.source_text).toContain("My Family Cookbook");
    expect(result.version.provenance).toMatchObject({
      sourceType: "pdf",
      reader: "pdf-text",
      ocrConfidence: null,
    });
  });

  it("renders and OCRs a scanned page without a text layer", async () => {
    const { job, result } = await importBytes(t, "pdf", scannedPdf());
    expect(job.status).toBe("completed");
    expect(result.reader).toBe("pdf-ocr");
    expect(result.recipe.name).toMatch(/Lemon Drizzle Cake/);
    expect(result.recipe.ingredients.length).toBeGreaterThanOrEqual(3);
    expect(result.details.pages[0]).toMatchObject({ page: 1, method: "ocr" });
    expect(result.version.provenance.ocrConfidence).toBeGreaterThanOrEqual(60);
  });

  it("refuses bytes that claim to be a PDF but are not one", async () => {
    const broken = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200, 0x41)]);
    const { job } = await importBytes(t, "pdf", broken);
    expect(job.status).toBe("failed");
    expect(["unsupported_format", "extraction_failed"]).toContain(job.error_code);
  });
});

describe("image reader", () => {
  it("OCRs a photo of a printed recipe and records the confidence", async () => {
    const { job, result } = await importBytes(t, "image", recipePhoto());
    expect(job.status).toBe("completed");
    expect(result.reader).toBe("image-ocr");
    expect(result.recipe.name).toBe(CAKE_LINES[0]);
    expect(result.recipe.ingredients.map((i: any) => i.text)).toContain("4 eggs");
    expect(result.version.provenance.ocrConfidence).toBeGreaterThanOrEqual(60);
    expect(result.source_text).toContain("caster sugar");
  });

  it("fails a photo it cannot read with extraction_failed saying why", async () => {
    const { job } = await importBytes(t, "image", noisePhoto());
    expect(job).toMatchObject({ status: "failed", error_code: "extraction_failed" });
    expect(job.error_msg).toMatch(/confidence|No text was found|No recipe/);
  });
});

describe("image reader with a vision model", () => {
  it("reads the photo with the configured vision provider, once per photo", async () => {
    const answer = JSON.stringify({
      isRecipe: true,
      name: "Nana's Scones",
      description: null,
      ingredients: [
        {
          text: "350 g self-raising flour",
          quantity: 350,
          unit: "g",
          name: "self-raising flour",
          notes: null,
        },
        { text: "85 g butter", quantity: 85, unit: "g", name: "butter", notes: null },
        { text: "175 ml milk", quantity: 175, unit: "ml", name: "milk", notes: null },
      ],
      instructions: ["Rub the butter into the flour.", "Add the milk, cut rounds and bake for 10 minutes."],
      prepTimeMinutes: null,
      cookTimeMinutes: null,
      totalTimeMinutes: null,
      servings: null,
      yield: null,
      cuisine: null,
      dietType: null,
      tags: [],
    });
    const stub = await startLlmStub(() => ({ content: answer }));
    const l = await startTestLadle({
      config: {
        Imports: { VisionProvider: "Vision" },
        Llm: { Providers: { Vision: { BaseUrl: stub.url, Model: "vision-1", TimeoutMs: 5000 } } },
      },
    });
    try {
      const photo = recipePhoto(["Nana's Scones (handwritten)", "350g SR flour", "85g butter"]);
      const run = async (headers: Record<string, string>) => {
        const up = await l.app.request("/v1/uploads", {
          method: "POST",
          headers,
          body: new Uint8Array(photo),
        });
        const { token } = (await up.json()) as { token: string };
        const r = await l.json("POST", "/v1/import", { source_type: "image", source_ref: token }, headers);
        const end = Date.now() + 60_000;
        for (;;) {
          const j = await l.json("GET", `/v1/import/${r.body.id}`, undefined, headers);
          if (j.body.status === "completed" || j.body.status === "failed") break;
          if (Date.now() > end) throw new Error("stuck");
          await new Promise((res) => setTimeout(res, 50));
        }
        return (await l.json("GET", `/v1/import/${r.body.id}/result`, undefined, headers)).body;
      };
      const ann = await createTestUser(l, { name: "ann" });
      const ben = await createTestUser(l, { name: "ben" });
      const first = await run(ann.headers);
      expect(first.job.status).toBe("completed");
      expect(first.reader).toBe("image-vision");
      expect(first.recipe.name).toBe("Nana's Scones");
      expect(first.recipe.ingredients).toHaveLength(3);
      expect(first.source_text).toContain("175 ml milk");
      expect(stub.requests).toHaveLength(1);
      const content = stub.requests[0]!.body.messages[1].content;
      expect(content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,/);
      // The same photo again (another job): the cached answer, no second paid call.
      const second = await run(ben.headers);
      expect(second.job.status).toBe("completed");
      expect(second.details.visionCached).toBe(true);
      expect(stub.requests).toHaveLength(1);
    } finally {
      await l.close();
      await stub.close();
    }
  });
});

describe("video reader", () => {
  it("reads a video page's VideoObject description", async () => {
    const r = await t.json("POST", "/v1/import", {
      source_type: "video",
      source_ref: `${site.origin}/watch/flatbread`,
    });
    const job = await waitJob(t, r.body.id);
    expect(job.status).toBe("completed");
    const res = (await t.json("GET", `/v1/import/${r.body.id}/result`)).body;
    expect(res.recipe.name).toBe("Quick Flatbread");
    expect(res.recipe.ingredients).toHaveLength(3);
    expect(res.details.videoText).toBe("VideoObject.description");
    expect(res.recipe.source.url).toBe(`${site.origin}/watch/flatbread`);
  });

  it("prefers a Recipe in the video page's structured data", async () => {
    const r = await t.json("POST", "/v1/import", {
      source_type: "video",
      source_ref: `${site.origin}/watch/pancakes`,
    });
    const job = await waitJob(t, r.body.id);
    expect(job.status).toBe("completed");
    const res = (await t.json("GET", `/v1/import/${r.body.id}/result`)).body;
    expect(res.version.provenance.extractionMethod).toBe("JsonLd");
  });

  it("reads an uploaded captions file as text", async () => {
    const { job, result } = await importBytes(t, "video", CAKE_VTT);
    expect(job.status).toBe("completed");
    expect(result.reader).toBe("captions");
    expect(result.recipe.name).toBe("Quick Flatbread");
    expect(result.recipe.instructions).toHaveLength(2);
    const srt = CAKE_VTT.replace("WEBVTT\n\n", "")
      .split("\n\n")
      .map((b, i) => `${i + 1}\n${b.replace(/\./g, ",")}`)
      .join("\n\n");
    const second = await importBytes(t, "video", srt);
    expect(second.result.reader).toBe("captions");
  });

  it("fails pages and files it cannot read with a message naming what is accepted", async () => {
    const empty = await t.json("POST", "/v1/import", {
      source_type: "video",
      source_ref: `${site.origin}/watch/empty`,
    });
    const e = await waitJob(t, empty.body.id);
    expect(e).toMatchObject({ status: "failed", error_code: "extraction_failed" });
    expect(e.error_msg).toMatch(/captions \(\.vtt or \.srt\)/);
    const bin = await t.json("POST", "/v1/import", {
      source_type: "video",
      source_ref: `${site.origin}/watch/file.bin`,
    });
    const b = await waitJob(t, bin.body.id);
    expect(b).toMatchObject({ status: "failed", error_code: "unsupported_format" });
    expect(b.error_msg).toMatch(/captions/);
  });
});

describe("limits", () => {
  it("fails a file past the memory guard with oom and keeps serving other jobs", async () => {
    // The file's own Ladle with small limits for this test: each read takes them from the config
    // when it starts (a reader process per file), so no second Ladle has to start for them. The
    // photo and the PDF are others than the ones read above (the same bytes again answer the
    // earlier import).
    const small = t;
    const limits = { ...t.ladle.config.Imports };
    Object.assign(t.ladle.config.Imports, { WorkerHeapMb: 32, MaxImagePixels: 100_000 });
    try {
      const huge = makePdf([
        { lines: Array.from({ length: 60_000 }, (_, i) => `line ${i} of a very long page of text`) },
      ]);
      const a = await importBytes(small, "pdf", huge);
      expect(a.job).toMatchObject({ status: "failed", error_code: "oom" });
      expect(a.job.error_msg).toMatch(/memory/);
      const b = await importBytes(small, "image", recipePhoto([...CAKE_LINES, "Serves 8"]));
      expect(b.job).toMatchObject({ status: "failed", error_code: "oom" });
      expect(b.job.error_msg).toMatch(/megapixels/);
      const c = await importBytes(small, "pdf", makePdf([{ lines: CAKE_LINES }]));
      expect(c.job.status).toBe("completed");
    } finally {
      Object.assign(t.ladle.config.Imports, limits);
    }
  });

  it("stops a job at the soft time limit with timeout, and a retry does not pay the LLM twice", async () => {
    const slow = http.createServer((_req, res) => {
      const timer = setTimeout(
        () => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML),
        4000,
      );
      res.on("close", () => clearTimeout(timer));
    });
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
    const answer = JSON.stringify({
      isRecipe: true,
      name: "Grandma's Flatbread",
      description: null,
      ingredients: [
        { text: "250 g flour", quantity: 250, unit: "g", name: "flour", notes: null },
        { text: "150 ml water", quantity: 150, unit: "ml", name: "water", notes: null },
      ],
      instructions: ["Mix the flour and water.", "Cook in a hot pan."],
      prepTimeMinutes: null,
      cookTimeMinutes: null,
      totalTimeMinutes: null,
      servings: null,
      yield: null,
      cuisine: null,
      dietType: null,
      tags: [],
    });
    // Answers 2 s after the soft limit in force when it is asked (the job's clock started before
    // the call), so the limit always stops the job first; 10 s at most (the longest limit tried
    // below is 8 s). A fixed 10 s made every run wait for the abandoned call's answer that long.
    const stub = await startLlmStub(() => ({
      delayMs: Math.min(10_000, l.ladle.config.Imports.SoftTimeoutSeconds * 1000 + 2000),
      content: answer,
    }));
    const l = await startTestLadle({
      config: {
        Imports: { SoftTimeoutSeconds: 0.5 },
        Llm: {
          Providers: { Stub: { BaseUrl: stub.url, Model: "stub-1", TimeoutMs: 60_000 } },
          PhaseProviders: { "Ingest.Extract": "Stub" },
        },
      },
    });
    try {
      const port = (slow.address() as { port: number }).port;
      const r = await l.json("POST", "/v1/import", {
        source_type: "url",
        source_ref: `http://127.0.0.1:${port}/slow`,
      });
      const job = await waitJob(l, r.body.id);
      expect(job).toMatchObject({ status: "failed", error_code: "timeout", progress: 100 });
      expect(job.error_msg).toMatch(/longer than 0.5 s/);

      // The soft limit must stop the job while its LLM call is out. On a busy machine the limit
      // can speak before the call is even made (the job checks it at each progress step): then
      // the same is tried again with a longer limit and other words, until the stub was asked.
      const asked = (text: string) =>
        stub.requests.filter((q) => q.phase === "extract" && q.user.includes(text));
      let prose = "";
      let firstId = "";
      for (let attempt = 0; ; attempt++) {
        expect(attempt, "the LLM call was never made before the soft limit").toBeLessThan(5);
        l.ladle.config.Imports.SoftTimeoutSeconds = 0.5 * 2 ** attempt;
        prose = `Grandma's flatbread, take ${attempt + 1}. Mix 250 g flour with 150 ml water, then cook it in a hot pan.`;
        const first = await l.json("POST", "/v1/import", { source_type: "text", source_ref: prose });
        firstId = first.body.id;
        expect((await waitJob(l, firstId)).error_code).toBe("timeout");
        const wasAsked = await expect
          .poll(() => asked(prose).length)
          .toBe(1)
          .then(
            () => true,
            () => false,
          );
        if (wasAsked) break;
      }
      // The abandoned LLM call still finishes and its answer is kept (however slow the machine).
      await expect
        .poll(
          async () => (await l.ladle.database.db.selectFrom("llm_cache").select("key").execute()).length,
          {
            timeout: 90_000,
          },
        )
        .toBeGreaterThan(0);
      const calls = stub.requests.filter((q) => q.phase === "extract").length;
      l.ladle.config.Imports.SoftTimeoutSeconds = 600;
      const retry = await l.json("POST", "/v1/import", { source_type: "text", source_ref: prose });
      expect(retry.status).toBe(202);
      expect(retry.body.id).not.toBe(firstId);
      const done = await waitJob(l, retry.body.id);
      expect(done.status).toBe("completed");
      expect(stub.requests.filter((q) => q.phase === "extract")).toHaveLength(calls);
      expect(asked(prose)).toHaveLength(1);
      const res = (await l.json("GET", `/v1/import/${retry.body.id}/result`)).body;
      expect(res.recipe.name).toBe("Grandma's Flatbread");
      expect(res.version.provenance.fieldMethods.ingredients).toBe("Llm");
    } finally {
      await l.close();
      await stub.close();
      slow.closeAllConnections();
      slow.close();
    }
  });
});
