import { describe, expect, it } from "vitest";
import { articleCode, importCode, recipeTaskCode } from "./outcomes.ts";

describe("gateway outcomes per API family", () => {
  it.each([
    ["ADDRESS_NOT_ALLOWED", "URL_NOT_ALLOWED", "download_error", "E_FETCH_FORBIDDEN"],
    ["SCHEME_NOT_ALLOWED", "URL_NOT_ALLOWED", "download_error", "E_URL_INVALID"],
    ["TIMEOUT", "FETCH_TIMEOUT", "download_error", "E_FETCH_FAILED"],
    ["CONNECTION_FAILED", "FETCH_FAILED", "download_error", "E_FETCH_FAILED"],
    ["BLOCKED", "FETCH_BLOCKED", "download_error", "E_FETCH_FORBIDDEN"],
    ["ROBOTS_DISALLOWED", "ROBOTS_DISALLOWED", "download_error", "E_FETCH_FORBIDDEN"],
    ["CIRCUIT_OPEN", "DOMAIN_CIRCUIT_OPEN", "download_error", "E_FETCH_FAILED"],
    ["TOO_LARGE", "FETCH_TOO_LARGE", "download_error", "E_FETCH_FAILED"],
  ] as const)("%s → %s / %s / %s", (gateway, task, imp, article) => {
    expect(recipeTaskCode(gateway)).toBe(task);
    expect(importCode(gateway)).toBe(imp);
    expect(articleCode(gateway)).toBe(article);
  });

  it("maps content kinds", () => {
    expect(articleCode("pdf")).toBe("E_FETCH_KIND_MISMATCH_PDF");
    expect(articleCode("epub")).toBe("E_FETCH_KIND_MISMATCH_EPUB");
    expect(articleCode("other")).toBe("E_FETCH_UNSUPPORTED_CONTENT_TYPE");
    expect(importCode("other")).toBe("unsupported_format");
  });
});
