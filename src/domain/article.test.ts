import { describe, expect, it } from "vitest";
import { canonicalArticleUrl, canTransition, PROCESSING_STATUSES, statesBefore } from "./article.ts";

describe("processing_status state machine", () => {
  it("allows exactly the spec's transitions", () => {
    const legal = PROCESSING_STATUSES.flatMap((from) =>
      PROCESSING_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(legal.sort()).toEqual(
      [
        "pending→extracting",
        "extracting→ready_for_reading",
        "pending→failed",
        "extracting→failed",
        "failed→extracting",
      ].sort(),
    );
  });

  it("has no way out of ready_for_reading and no skipping extraction", () => {
    for (const to of PROCESSING_STATUSES) expect(canTransition("ready_for_reading", to)).toBe(false);
    expect(canTransition("pending", "ready_for_reading")).toBe(false);
    expect(canTransition("failed", "ready_for_reading")).toBe(false);
    expect(canTransition("failed", "pending")).toBe(false);
    expect(statesBefore("failed")).toEqual(["pending", "extracting"]);
  });
});

describe("canonical_url", () => {
  it("strips the fragment, lowercases scheme and host, drops default ports, keeps the query", () => {
    expect(canonicalArticleUrl("HTTPS://Example.COM:443/A/b?z=1&a=2#top")).toBe(
      "https://example.com/A/b?z=1&a=2",
    );
    expect(canonicalArticleUrl("http://example.com:80/x?utm_source=y")).toBe(
      "http://example.com/x?utm_source=y",
    );
    expect(canonicalArticleUrl("http://example.com:8080/")).toBe("http://example.com:8080/");
  });

  it("refuses anything but absolute http(s) URLs", () => {
    for (const u of [
      "ftp://x.com/",
      "javascript:alert(1)",
      "/relative",
      "",
      "mailto:a@b.c",
      "data:text/html,x",
    ])
      expect(canonicalArticleUrl(u), u).toBeNull();
  });
});
