import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { normalizeUrl, urlHash, urlKey } from "./normalizeUrl.ts";

describe("normalizeUrl", () => {
  it.each([
    ["HTTPS://Example.COM/Recipes/Pancakes/", "https://example.com/Recipes/Pancakes"],
    ["https://example.com/r?b=2&a=1", "https://example.com/r?a=1&b=2"],
    ["https://example.com/r?utm_source=x&utm_medium=y&id=3&fbclid=abc&gclid=z", "https://example.com/r?id=3"],
    ["https://example.com:443/r#comments", "https://example.com/r"],
    ["http://example.com:80/", "http://example.com"],
    ["https://example.com/", "https://example.com"],
    ["https://example.com/?q=1", "https://example.com?q=1"],
    ["https://example.com:8443/r//", "https://example.com:8443/r"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it("gives the same key to the same recipe written differently", () => {
    expect(urlKey("https://Example.com/r/?utm_campaign=x")).toBe(urlKey("https://example.com/r"));
    expect(urlKey("https://example.com/r")).not.toBe(urlKey("https://example.com/s"));
  });

  it("derives the 22-character base64url UrlHash from the SHA-256 of the normalized URL", () => {
    const h = urlHash("https://example.com/recipes/tonkotsu-ramen/");
    expect(h).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const digest = createHash("sha256").update("https://example.com/recipes/tonkotsu-ramen").digest();
    expect(h).toBe(digest.toString("base64url").slice(0, 22));
    expect(urlKey("https://example.com/recipes/tonkotsu-ramen")).toBe(digest.toString("hex"));
  });
});
