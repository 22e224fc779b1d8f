import { afterEach, describe, expect, it } from "vitest";
import { language, setLanguage, t } from "../../src/web/app/i18n/i18n.ts";

describe("the web app's words", () => {
  afterEach(() => setLanguage("en"));

  it("speaks English by default and the chosen language after a switch, with ICU plurals", () => {
    expect(language()).toBe("en");
    expect(t("common.itemCount", { count: 1 })).toBe("1 item");
    expect(t("common.itemCount", { count: 3 })).toBe("3 items");
    setLanguage("de");
    expect(t("common.language")).toBe("Sprache");
    expect(t("common.itemCount", { count: 3 })).toBe("3 Einträge");
  });
});
