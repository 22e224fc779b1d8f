// A title's site suffix after any dash a page writes (issue 50: "Dish ﹣ Site", U+FE63 small
// hyphen-minus, and the other dashes of Unicode's dash class).
import { describe, expect, it } from "vitest";
import { titledSiteName, withoutSiteName } from "./siteName.ts";

describe("site name after a dash of any kind", () => {
  it("cuts the site's name after a small, full-width or figure dash", () => {
    for (const dash of ["﹣", "－", "‒", "―", "‐", "–"]) {
      expect(withoutSiteName(`Carrot Soup ${dash} Cook Test`, "Cook Test")).toBe("Carrot Soup");
    }
    expect(withoutSiteName("Carrot Soup﹣Cook Test", "Cook Test")).toBe("Carrot Soup");
    expect(titledSiteName("Carrot Soup ﹣ Cook Test", "https://cooktest.com/soup")).toBe("Cook Test");
  });

  it("keeps a hyphen that joins words", () => {
    expect(withoutSiteName("Stir-Fry-Cook Test", "Cook Test")).toBe("Stir-Fry-Cook Test");
  });
});
