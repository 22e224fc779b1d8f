import { describe, expect, it } from "vitest";
import { canonicalRecipeUrl, duplicateKey } from "./canonicalUrl.ts";
import { normalizeUrl } from "./normalizeUrl.ts";

describe("canonicalRecipeUrl: the duplicate key's canonical form", () => {
  it("folds www, mobile and AMP hosts, scheme, port, fragment and trailing slash", () => {
    const want = "example.test/recipes/chili";
    for (const u of [
      "https://www.example.test/recipes/chili/",
      "http://m.example.test/recipes/chili",
      "https://mobile.example.test/recipes/chili#comments",
      "https://amp.example.test/recipes/chili",
      "https://EXAMPLE.test:443/recipes/chili",
    ])
      expect(canonicalRecipeUrl(u), u).toBe(want);
  });

  it("folds AMP and print views and the Google AMP cache into the page", () => {
    const want = "example.test/recipes/chili";
    for (const u of [
      "https://example.test/recipes/chili/amp/",
      "https://example.test/amp/recipes/chili",
      "https://example.test/recipes/chili?amp=1",
      "https://example.test/recipes/chili/print/",
      "https://example.test/recipes/chili/print/1234",
      "https://example.test/recipes/chili?print=1&utm_source=x",
      "https://www-example-test.cdn.ampproject.org/c/s/www.example.test/recipes/chili/amp/",
    ])
      expect(canonicalRecipeUrl(u), u).toBe(want);
    expect(canonicalRecipeUrl("https://blog.test/wprm_print/chili")).toBe("blog.test/chili");
    expect(canonicalRecipeUrl("https://news.test/food/soup.amp.html")).toBe("news.test/food/soup.html");
  });

  it("drops tracking and view parameters, sorts the rest and keeps them", () => {
    expect(canonicalRecipeUrl("https://x.test/r.php?lang=en&utm_medium=mail&id=4&fbclid=z&m=1")).toBe(
      "x.test/r.php?id=4&lang=en",
    );
  });

  it("keeps what names another page: other slugs, ids, sub-domains, amp inside a word", () => {
    const a = (u: string) => canonicalRecipeUrl(u);
    expect(a("https://x.test/recipes/chili")).not.toBe(a("https://x.test/recipes/chili-2"));
    expect(a("https://x.test/r.php?id=1")).not.toBe(a("https://x.test/r.php?id=2"));
    expect(a("https://shop.x.test/chili")).not.toBe(a("https://x.test/chili"));
    expect(a("https://x.test/amp-up-chili")).toBe("x.test/amp-up-chili");
    // A two-label host is not stripped to a bare suffix.
    expect(a("https://www.test/chili")).toBe("www.test/chili");
  });

  it("answers null for what is not an http(s) address; the key is a hash of the form", () => {
    expect(canonicalRecipeUrl("file:///tmp/x.html")).toBeNull();
    expect(canonicalRecipeUrl("not a url")).toBeNull();
    expect(duplicateKey(null)).toBeNull();
    expect(duplicateKey("https://www.x.test/a/")).toMatch(/^[0-9a-f]{64}$/);
    expect(duplicateKey("https://www.x.test/a/")).toBe(duplicateKey("http://x.test/a?utm_source=b"));
  });

  it("leaves the spec's normalizeUrl as it was (www and AMP are not its business)", () => {
    expect(normalizeUrl("https://www.example.test/recipes/chili/amp/")).toBe(
      "https://www.example.test/recipes/chili/amp",
    );
  });
});
