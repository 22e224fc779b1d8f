import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { articlePage } from "../../../test/helpers/articlePages.ts";
import { MediaRepo } from "../../storage/media.repo.ts";
import { readerText } from "../../services/highlights/highlights.service.ts";
import { anchor, contextOf } from "../../services/highlights/textAnchor.ts";

const QUOTE = "Sourdough asks for patience more than skill.";

async function waitReady(t: TestLadle, u: TestUser, id: string): Promise<void> {
  for (let i = 0; ; i++) {
    const m = await t.json("GET", `/media/${id}`, undefined, u.headers);
    if (m.body.data?.processing_status === "ready_for_reading") return;
    if (m.body.data?.processing_status === "failed" || i > 1200)
      throw new Error("article did not become ready");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("highlights and notes", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let alice: TestUser;
  let bob: TestUser;
  let articleId: string;
  let highlightId: string;

  beforeAll(async () => {
    site = await startFixtureServer({ "/bread": { body: articlePage() } });
    t = await startTestLadle({ config: { Articles: { Render: "never" } } });
    alice = await createTestUser(t, { name: "alice" });
    bob = await createTestUser(t, { name: "bob" });
    const art = await t.json("POST", "/media/web-articles", { url: `${site.origin}/bread` }, alice.headers);
    articleId = art.body.data.id;
    await waitReady(t, alice, articleId);
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const text = async () =>
    readerText(
      (
        await t.json("GET", `/media/${articleId}/fragments`, undefined, alice.headers)
      ).body.data.fragments.map((f: { html_sanitized: string }) => f.html_sanitized),
    );

  it("highlights selected words of the reader's text with a note", async () => {
    const body = await text();
    const start = body.indexOf(QUOTE);
    expect(start).toBeGreaterThan(0);
    const r = await t.json(
      "POST",
      "/api/highlights",
      {
        articleId,
        quote: QUOTE,
        start,
        end: start + QUOTE.length,
        ...contextOf(body, start, start + QUOTE.length),
        note: "Feed the starter twice a day",
      },
      alice.headers,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    highlightId = r.body.id;
    expect(r.body).toMatchObject({
      quote: QUOTE,
      start,
      anchor: "exact",
      note: "Feed the starter twice a day",
    });
    const wrong = await t.json(
      "POST",
      "/api/highlights",
      { articleId, quote: "words that are nowhere", start: 0, end: 5 },
      alice.headers,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/select them again/);
  });

  it("survives a re-read of the article whose text moved", async () => {
    const before = await text();
    // The site adds a paragraph above the highlighted words; the article is read again.
    site.route("/bread", {
      body: articlePage({ title: "The Slow Bread Movement" }).replace(
        "<p>The kitchen was quiet",
        "<p>An update from the editors: this piece was revised in the spring, with new notes on flour.</p><p>The kitchen was quiet",
      ),
    });
    await new MediaRepo(t.ladle.database.db).transition(
      articleId,
      ["ready_for_reading"],
      "failed",
      new Date(),
    );
    expect((await t.json("POST", `/media/${articleId}/retry`, {}, alice.headers)).status).toBe(202);
    await waitReady(t, alice, articleId);
    const after = await text();
    expect(after).not.toBe(before);
    const moved = after.indexOf(QUOTE);
    expect(moved).toBeGreaterThan(before.indexOf(QUOTE));
    const list = await t.json("GET", `/api/highlights?articleId=${articleId}`, undefined, alice.headers);
    expect(list.body.highlights).toHaveLength(1);
    const h = list.body.highlights[0];
    expect(h).toMatchObject({ id: highlightId, anchor: "moved", start: moved, end: moved + QUOTE.length });
    expect(after.slice(h.start, h.end)).toBe(QUOTE);
    // It is stored at its new place: the next read finds it exactly there.
    const again = await t.json("GET", `/api/highlights?articleId=${articleId}`, undefined, alice.headers);
    expect(again.body.highlights[0]).toMatchObject({ anchor: "exact", start: moved });
  });

  it("is found by search, in the list of all highlights and by its words", async () => {
    const all = await t.json("GET", "/api/highlights", undefined, alice.headers);
    expect(all.body.highlights.map((h: { id: string }) => h.id)).toEqual([highlightId]);
    expect(all.body.highlights[0].articleTitle).toBe("The Slow Bread Movement");
    const byNote = await t.json("GET", "/api/highlights?q=twice", undefined, alice.headers);
    expect(byNote.body.highlights).toHaveLength(1);
    expect(
      (await t.json("GET", "/api/highlights?q=croissant", undefined, alice.headers)).body.highlights,
    ).toEqual([]);
    // "twice" is in the note only, not in the article.
    const search = await t.json("GET", "/api/search?q=twice", undefined, alice.headers);
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain(articleId);
    // Bob reads nothing of Alice's notes through search.
    const bobs = await t.json("GET", "/api/search?q=twice", undefined, bob.headers);
    expect(JSON.stringify(bobs.body)).not.toContain(articleId);
  });

  it("exports the article with its highlights and notes as Markdown and JSON", async () => {
    const md = await t.app.request(`/api/highlights/export?articleId=${articleId}&format=markdown`, {
      headers: alice.headers,
    });
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toMatch(/text\/markdown/);
    const text = await md.text();
    expect(text).toContain("# The Slow Bread Movement");
    expect(text).toContain(`> ${QUOTE}`);
    expect(text).toContain("Feed the starter twice a day");
    expect(text).toContain("There is no secret ingredient.");
    const js = await t.app.request(`/api/highlights/export?articleId=${articleId}&format=json`, {
      headers: alice.headers,
    });
    const doc = (await js.json()) as {
      article: { title: string };
      highlights: { quote: string; note: string }[];
    };
    expect(doc.article.title).toBe("The Slow Bread Movement");
    expect(doc.highlights).toEqual([
      expect.objectContaining({ quote: QUOTE, note: "Feed the starter twice a day" }),
    ]);
  });

  it("is nobody else's: 404 on every route", async () => {
    for (const [m, p, b] of [
      ["PATCH", `/api/highlights/${highlightId}`, { note: "mine" }],
      ["DELETE", `/api/highlights/${highlightId}`, undefined],
      ["GET", `/api/highlights?articleId=${articleId}`, undefined],
      ["GET", `/api/highlights/export?articleId=${articleId}`, undefined],
      ["POST", "/api/highlights", { articleId, quote: QUOTE, start: 0, end: 10 }],
    ] as const)
      expect((await t.json(m, p, b, bob.headers)).status, `${m} ${p}`).toBe(404);
    expect((await t.json("GET", "/api/highlights", undefined, bob.headers)).body.highlights).toEqual([]);
  });

  it("changes and clears a note, and deletes", async () => {
    const r = await t.json("PATCH", `/api/highlights/${highlightId}`, { note: "  " }, alice.headers);
    expect(r.body.note).toBeNull();
    expect((await t.json("DELETE", `/api/highlights/${highlightId}`, undefined, alice.headers)).status).toBe(
      204,
    );
    expect((await t.json("DELETE", `/api/highlights/${highlightId}`, undefined, alice.headers)).status).toBe(
      404,
    );
  });
});

describe("anchoring a quote in text that moved", () => {
  const sel = (text: string, quote: string) => {
    const start = text.indexOf(quote);
    return { quote, start, end: start + quote.length, ...contextOf(text, start, start + quote.length) };
  };

  it("stays where it is, moves with the text, picks the occurrence whose context matches, and says when lost", () => {
    const text = "Mix the flour. Rest the dough. Mix the flour again later.";
    const s = sel(text, "Rest the dough.");
    expect(anchor(text, s)).toEqual({ start: s.start, end: s.end, how: "exact" });
    const moved = `A new first line. ${text}`;
    expect(anchor(moved, s)).toEqual({ start: s.start + 18, end: s.end + 18, how: "moved" });
    // "Mix the flour" twice: the second one's context ("again later") decides.
    const second = { ...sel(text, "Mix the flour again"), quote: "Mix the flour" };
    second.end = second.start + second.quote.length;
    Object.assign(second, contextOf(text, second.start, second.end));
    const shifted = `Intro. ${text}`;
    expect(anchor(shifted, second)).toMatchObject({ start: second.start + 7, how: "moved" });
    // White space changed by a re-read.
    expect(anchor("Mix the flour.   Rest  the\ndough. Done.", s)).toMatchObject({ how: "moved", start: 17 });
    expect(anchor("Something else entirely.", s)).toEqual({ how: "lost" });
  });
});
