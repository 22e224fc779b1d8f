import { describe, expect, it } from "vitest";
import { pageLanguage } from "./pageLanguage.ts";

describe("pageLanguage", () => {
  it("reads the recipe's inLanguage first, then <html lang>, then og:locale", () => {
    expect(
      pageLanguage(
        `<html lang="en"><script type="application/ld+json">{"@type":"Recipe","inLanguage":"de-DE"}</script>`,
      ),
    ).toBe("de");
    expect(pageLanguage(`<!doctype html><html class="x" lang="fr-FR"><head>`)).toBe("fr");
    expect(pageLanguage(`<html><head><meta property="og:locale" content="pt_BR">`)).toBe("pt");
    expect(pageLanguage(`<html><head><meta content="sv_SE" property="og:locale">`)).toBe("sv");
  });

  it("says nothing for a language Ladle does not read, or none", () => {
    expect(pageLanguage(`<html lang="ja"><head>`)).toBeNull();
    expect(pageLanguage(`<html><head><title>x</title>`)).toBeNull();
  });
});
