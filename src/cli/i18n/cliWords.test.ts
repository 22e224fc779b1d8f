import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { CLI_CATALOGUES, type CliKey } from "./cliCatalogues.ts";
import { CLI_LANGUAGES, cliLanguage, say } from "./cliWords.ts";

describe("the CLI's words", () => {
  it("speaks the language of LC_ALL, LC_MESSAGES or LANG, English otherwise", () => {
    expect(cliLanguage({ LANG: "de_DE.UTF-8" })).toBe("de");
    expect(cliLanguage({ LC_ALL: "fr_FR.UTF-8", LANG: "de_DE.UTF-8" })).toBe("fr");
    expect(cliLanguage({ LC_MESSAGES: "sv_SE", LANG: "de_DE.UTF-8" })).toBe("sv");
    expect(cliLanguage({ LANG: "pt_BR.UTF-8" })).toBe("pt");
    expect(cliLanguage({ LANG: "C.UTF-8" })).toBe("en");
    expect(cliLanguage({ LANG: "ja_JP.UTF-8" })).toBe("en");
    expect(cliLanguage({})).toBe("en");
  });

  it("takes LADLE_LANG before the locale (a container's locale is often C)", () => {
    expect(cliLanguage({ LADLE_LANG: "it", LANG: "C.UTF-8" })).toBe("it");
    expect(cliLanguage({ LADLE_LANG: "nl-BE", LC_ALL: "de_DE.UTF-8" })).toBe("nl");
    expect(cliLanguage({ LADLE_LANG: "", LANG: "fr_FR.UTF-8" })).toBe("fr");
  });

  it("says the English words as the CLI always did", () => {
    expect(say("wroteFile", { file: "out.json", bytes: "12345" }, "en")).toBe("wrote out.json (12345 bytes)");
    expect(say("reviewThenSave", { taskId: "t1", body: '{"taskId":"t1"}' }, "en")).toBe(
      'review it, then save it: ladle tasks commit t1 (or POST /api/recipes/import {"taskId":"t1"})',
    );
    expect(say("phaseRepairJson", {}, "en")).toBe("fixing the language model's answer");
  });

  it("says them in German with LANG=de_DE.UTF-8", () => {
    const before = process.env.LANG;
    const all = process.env.LC_ALL;
    const messages = process.env.LC_MESSAGES;
    delete process.env.LC_ALL;
    delete process.env.LC_MESSAGES;
    process.env.LANG = "de_DE.UTF-8";
    try {
      expect(say("committedRecipe", { id: "r1" })).toBe("Rezept r1 gespeichert");
      expect(say("phaseExtract")).toBe("Rezept wird gelesen");
    } finally {
      process.env.LANG = before;
      if (all !== undefined) process.env.LC_ALL = all;
      if (messages !== undefined) process.env.LC_MESSAGES = messages;
      if (before === undefined) delete process.env.LANG;
    }
  });

  it("has every message in every language, with the English placeholders", () => {
    const names = (src: string) => [...src.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const lang of CLI_LANGUAGES)
      for (const key of Object.keys(CLI_CATALOGUES.en) as CliKey[]) {
        const src = CLI_CATALOGUES[lang][key];
        expect(src, `${lang}.${key}`).toBeTruthy();
        expect(() => new IntlMessageFormat(src, lang)).not.toThrow();
        expect(names(src), `${lang}.${key}`).toEqual(names(CLI_CATALOGUES.en[key]));
      }
  });
});
