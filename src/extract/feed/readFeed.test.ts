import { describe, expect, it } from "vitest";
import { discoverFeeds, readFeed } from "./readFeed.ts";

describe("readFeed", () => {
  it("reads RSS items with guid, link, title and date, keeping a broken entry with its problem", async () => {
    const r = await readFeed(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Soup blog</title><link>https://soup.example/</link>
      <item><title>Leek soup</title><link>/leek</link><guid>leek-1</guid><pubDate>Mon, 02 Feb 2026 10:00:00 GMT</pubDate></item>
      <item><title>No link</title><description>Oops</description></item>
      <item><title>Mail</title><link>mailto:a@b.c</link></item></channel></rss>`,
      "https://soup.example/feed.xml",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.title).toBe("Soup blog");
    expect(r.entries[0]).toMatchObject({
      key: "leek-1",
      link: "https://soup.example/leek",
      title: "Leek soup",
      problem: null,
    });
    expect(r.entries[0]!.publishedAt?.toISOString()).toBe("2026-02-02T10:00:00.000Z");
    expect(r.entries[1]!.problem?.message).toMatch(/no link/);
    expect(r.entries[1]!.problem?.code).toBe("noLink");
    expect(r.entries[1]!.key).toMatch(/^sha1:/);
    expect(r.entries[2]!.problem?.message).toMatch(/not a web address/);
    expect(r.entries[2]!.problem?.code).toBe("badLink");
  });

  it("reads Atom entries by their alternate link", async () => {
    const r = await readFeed(
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Bread</title>
      <entry><id>urn:1</id><title>Rye</title><link rel="alternate" href="https://b.example/rye"/><updated>2026-01-02T10:00:00Z</updated></entry></feed>`,
      "https://b.example/atom",
    );
    expect(r.ok && r.entries[0]).toMatchObject({ key: "urn:1", link: "https://b.example/rye", title: "Rye" });
  });

  it("says why an answer is not a feed", async () => {
    const r = await readFeed("<html><body>hello</body></html>", "https://x.example/");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/not an RSS or Atom feed/);
  });

  it("finds the feeds a page names in its head", () => {
    expect(
      discoverFeeds(
        `<html><head><link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
        <link rel="alternate" type="text/html" href="/other"><link rel="stylesheet" href="/a.css"></head></html>`,
        "https://s.example/blog/",
      ),
    ).toEqual([{ url: "https://s.example/feed.xml", title: "Posts", type: "application/rss+xml" }]);
  });
});
