import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { normalizeUrl, urlHash, urlKey } from "./normalizeUrl.ts";

describe("normalizeUrl", () => {
  it.each([
    // lowercase scheme and host (the path keeps its case)
    ["HTTPS://Example.COM/Recipes/Pancakes", "https://example.com/Recipes/Pancakes"],
    // default port dropped, other ports kept
    ["https://example.com:443/r", "https://example.com/r"],
    ["http://example.com:80/r", "http://example.com/r"],
    ["https://example.com:8443/r", "https://example.com:8443/r"],
    // fragment dropped
    ["https://example.com/r#comments", "https://example.com/r"],
    ["https://example.com/r?a=1#x", "https://example.com/r?a=1"],
    // trailing slashes removed, also for the root
    ["https://example.com/r/", "https://example.com/r"],
    ["https://example.com/r//", "https://example.com/r"],
    ["https://example.com/", "https://example.com"],
    ["https://example.com", "https://example.com"],
    ["https://example.com/?q=1", "https://example.com?q=1"],
    ["https://example.com/r/?q=1", "https://example.com/r?q=1"],
    // query sorted by key, then value
    ["https://example.com/r?b=2&a=1", "https://example.com/r?a=1&b=2"],
    ["https://example.com/r?tag=b&id=7&tag=a", "https://example.com/r?id=7&tag=a&tag=b"],
    ["https://example.com/r?print&a=1", "https://example.com/r?a=1&print"],
    ["https://example.com/r?", "https://example.com/r"],
    ["https://example.com/r?&&a=1&", "https://example.com/r?a=1"],
    // trailing dot of the host
    ["https://example.com./r", "https://example.com/r"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it.each([
    "utm_source=x",
    "utm_medium=y",
    "UTM_Campaign=z",
    "utm_content=c",
    "utm_term=t",
    "fbclid=abc",
    "gclid=z",
    "dclid=d",
    "msclkid=m",
    "mc_cid=1",
    "mc_eid=2",
    "igshid=i",
    "yclid=y",
    "_hsenc=h",
    "_hsmi=h",
    "ref_src=twsrc",
    "srsltid=AfmBOo",
    "_gl=1*abc",
    "pk_campaign=x",
    "mtm_source=x",
  ])("removes the tracking parameter %s", (param) => {
    expect(normalizeUrl(`https://example.com/r?id=3&${param}`)).toBe("https://example.com/r?id=3");
    expect(normalizeUrl(`https://example.com/r?${param}`)).toBe("https://example.com/r");
  });

  it("keeps parameters that only look similar", () => {
    expect(normalizeUrl("https://example.com/r?ref=home&source=x&utm=1")).toBe(
      "https://example.com/r?ref=home&source=x&utm=1",
    );
  });

  it("is idempotent and canonicalizes percent-encoding of the query", () => {
    const urls = [
      "https://example.com/r?q=a%20b&x=%7E",
      "https://Example.com/Crème-brûlée/?z=1&a=ä",
      "https://example.com/r?q=a+b",
    ];
    for (const u of urls) expect(normalizeUrl(normalizeUrl(u))).toBe(normalizeUrl(u));
    expect(normalizeUrl("https://example.com/r?q=a%20b")).toBe(normalizeUrl("https://example.com/r?q=a+b"));
  });

  it("returns input that is not an absolute URL trimmed", () => {
    expect(normalizeUrl("  not a url ")).toBe("not a url");
  });
});

describe("urlKey and urlHash", () => {
  it("give the same key to the same recipe written differently", () => {
    const same = [
      "https://Example.com/r/?utm_campaign=x",
      "https://example.com:443/r#top",
      "HTTPS://EXAMPLE.COM/r?fbclid=1",
    ];
    for (const u of same) {
      expect(urlKey(u)).toBe(urlKey("https://example.com/r"));
      expect(urlHash(u)).toBe(urlHash("https://example.com/r"));
    }
    expect(urlKey("https://example.com/r")).not.toBe(urlKey("https://example.com/s"));
    expect(urlKey("https://example.com/r")).not.toBe(urlKey("http://example.com/r"));
  });

  it("urlKey is the SHA-256 hex of the normalized URL", () => {
    const digest = createHash("sha256").update("https://example.com/recipes/tonkotsu-ramen").digest();
    expect(urlKey("https://example.com/recipes/tonkotsu-ramen/")).toBe(digest.toString("hex"));
    expect(urlKey("https://example.com/x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a URL's forms kept for later calls stay its own, past the kept count and interleaved", () => {
    const sha = (s: string) => createHash("sha256").update(s).digest();
    const url = (i: number) => `https://Example.com/r/${i}/?utm_source=x`;
    const norm = (i: number) => `https://example.com/r/${i}`;
    // More URLs than are kept, each asked for in every form, another URL's between two asks.
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 300; i++) {
        expect(urlKey(url(i))).toBe(sha(norm(i)).toString("hex"));
        expect(normalizeUrl(url((i + 7) % 300))).toBe(norm((i + 7) % 300));
        expect(urlHash(url(i))).toBe(sha(norm(i)).toString("base64url").slice(0, 22));
        expect(normalizeUrl(url(i))).toBe(norm(i));
      }
  });

  it("sets a URL's parts only where they change (each setter parses the whole URL again)", () => {
    const parts = ["hash", "hostname", "pathname", "search"] as const;
    const spies = parts.map((p) => vi.spyOn(URL.prototype, p, "set"));
    try {
      const sets = () => Object.fromEntries(parts.map((p, i) => [p, spies[i]!.mock.calls.length]));
      // A plain page URL sets none (each was set once before).
      expect(normalizeUrl("https://example.com/setters/plain.html")).toBe(
        "https://example.com/setters/plain.html",
      );
      expect(sets()).toEqual({ hash: 0, hostname: 0, pathname: 0, search: 0 });
      // Each part that changes is still set: an empty fragment and query, a trailing dot and slash.
      expect(normalizeUrl("https://example.com./setters/r/?#")).toBe("https://example.com/setters/r");
      expect(sets()).toEqual({ hash: 1, hostname: 1, pathname: 1, search: 1 });
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });

  it("urlHash is base64url(SHA-256) cut to 22 characters, no padding", () => {
    const h = urlHash("https://example.com/recipes/tonkotsu-ramen/");
    const digest = createHash("sha256").update("https://example.com/recipes/tonkotsu-ramen").digest();
    expect(h).toBe(digest.toString("base64url").slice(0, 22));
    // RFC 4648 alphabet: "-" and "_" in place of "+" and "/", never "=".
    for (let i = 0; i < 200; i++)
      expect(urlHash(`https://example.com/r/${i}`)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(h).toBe(
      digest.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "").slice(0, 22),
    );
  });
});
