import { describe, expect, it } from "vitest";
import { unusedKeys } from "./unusedKeys.ts";

describe("unusedKeys", () => {
  it("names the keys no source quotes whole", () => {
    const sources = ['t("feeds.title")', "t('feeds.add')", "const k = `feeds.remove`;", 't("feeds.titles")'];
    expect(
      unusedKeys(["feeds.title", "feeds.add", "feeds.remove", "feeds.gone", "feeds.titl"], sources),
    ).toEqual(["feeds.gone", "feeds.titl"]);
  });
});
