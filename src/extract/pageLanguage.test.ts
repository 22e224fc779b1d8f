import { describe, expect, it } from "vitest";
import { pageLanguage } from "./pageLanguage.ts";
import { PageText } from "./pageText.ts";

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

describe("pageLanguage over a long page", () => {
  const filler = `<div>${"x".repeat(100)}</div>`.repeat(400);
  it("finds the tags past the page's start, and inLanguage anywhere in the scan", () => {
    expect(pageLanguage(`<!doctype html>${filler}<html lang="it"><head>`)).toBe("it");
    expect(pageLanguage(`<html>${filler}<meta content="es_ES" property="og:locale">`)).toBe("es");
    expect(pageLanguage(`<html lang="en">${filler}"inLanguage" : "nl"`)).toBe("nl");
  });

  it("takes the first inLanguage with a value, and reads nothing past 512 KB", () => {
    expect(pageLanguage(`<html>"inLanguage": {"x": 1} "inLanguage":"fr"`)).toBe("fr");
    expect(pageLanguage(`<html>${" ".repeat(600 * 1024)}<html lang="fr">"inLanguage":"de"`)).toBeNull();
  });

  it("reads the page text in pieces as it reads a string", () => {
    const page = `<html>${filler}<meta property="og:locale" content="de_DE">${filler}`;
    const pieces = page.match(/[\s\S]{1,1000}/g)!;
    expect(pageLanguage(PageText.of(page))).toBe("de");
    expect(pageLanguage(new PageText(pieces))).toBe("de");
  });
});
