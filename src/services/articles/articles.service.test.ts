import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import type { ReadArticleResult } from "../../extract/article/readArticle.ts";
import type { GatewayResult } from "../../fetcher/gateway.ts";
import { MediaRepo } from "../../storage/media.repo.ts";
import { ArticlesService } from "./articles.service.ts";

let t: TestLadle;
let ann: TestUser;
let readResult: ReadArticleResult;

const page = (url: string): GatewayResult => ({
  ok: true,
  url,
  status: 200,
  headers: {},
  contentType: "text/html",
  body: Buffer.from("<html><body><p>x</p></body></html>"),
  redirects: [],
  elapsedMs: 1,
  kind: "html",
  rendered: false,
  attempts: 1,
});

let svc: ArticlesService;
beforeAll(async () => {
  t = await startTestLadle({ worker: false, queue: false });
  ann = await createTestUser(t, { name: "ann" });
  // The real service over the real database, with the outside world stubbed: no queue (runs inline).
  svc = new ArticlesService({
    config: t.ladle.config,
    repo: new MediaRepo(t.ladle.database.db),
    users: t.ladle.users,
    queue: null,
    now: () => new Date(),
    log: t.ladle.log,
    context: () => ({ fetch: async (url) => page(url), read: async () => readResult, render: "never" }),
  });
});
afterAll(async () => t?.close());

const caller = () => ({ id: ann.id, name: ann.name, role: "user" as const });

describe("bug-level failure codes", () => {
  it("stores E_SANITIZE_FAILED and E_CANONICALIZE_FAILED as failures, with no fragment", async () => {
    for (const code of ["E_SANITIZE_FAILED", "E_CANONICALIZE_FAILED"] as const) {
      readResult = { ok: false, code, message: `${code} happened` };
      const r = await svc.submit(caller(), { url: `https://news.example/${code}` });
      if (!r.ok) throw new Error(r.message);
      const m = await svc.get(caller(), r.value.media.id);
      expect(m.ok && m.value).toMatchObject({ processing_status: "failed", failure_code: code });
    }
  });
});

describe("storage invariants", () => {
  it("refuses illegal transitions and keeps fragments immutable after ready_for_reading", async () => {
    readResult = {
      ok: true,
      article: {
        title: "T",
        byline: null,
        excerpt: null,
        siteName: null,
        lang: null,
        publishedTime: null,
        htmlSanitized: "<p>hello</p>",
        canonicalText: "hello",
        images: [],
      },
    };
    const r = await svc.submit(caller(), { url: "https://news.example/ok" });
    if (!r.ok) throw new Error(r.message);
    const id = r.value.media.id;
    expect((await svc.get(caller(), id)).ok && (await svc.canonicalText(id))).toBe("hello");
    const repo = new MediaRepo(t.ladle.database.db);
    // No transition leaves ready_for_reading; a manual retry of a ready article changes nothing.
    expect(await repo.transition(id, ["pending", "extracting"], "failed", new Date())).toBeUndefined();
    expect(await repo.retry(id, new Date())).toBeUndefined();
    expect((await svc.retry(caller(), id)).ok).toBe(false);
    await expect(
      t.ladle.database.db
        .updateTable("fragments")
        .set({ html_sanitized: "<p>changed</p>" })
        .where("media_id", "=", id)
        .execute(),
    ).rejects.toThrow(/immutable/);
    const frags = await svc.fragments(caller(), id);
    expect(frags.ok && frags.value[0]!.html_sanitized).toBe("<p>hello</p>");
  });
});
