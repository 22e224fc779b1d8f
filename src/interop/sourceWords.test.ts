import { strToU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseIngredientList } from "../extract/ingredients.ts";
import { writeCookbookHtml } from "./cookbookHtml.ts";
import { writeCooklang } from "./cooklangWriter.ts";
import { writeJsonLd } from "./jsonldWriter.ts";
import { writePaprika } from "./paprikaWriter.ts";
import { fileUrl, makeDraft } from "./types.ts";
import { pageUrl, sourceWords } from "./writeShared.ts";

// A recipe typed in, read from a PDF or a photo carries a stand-in address (import.invalid) that the
// API keeps; no export may show it as if it were a page.
const fromFile = (url: string) =>
  makeDraft(
    {
      name: "Lemon Drizzle Cake",
      ingredients: parseIngredientList(["225 g caster sugar", "2 lemons"]),
      instructions: [{ text: "Mix and bake.", section: null }],
    },
    // What extraction sets today: the stand-in's host as the site's name.
    { url, siteName: "import.invalid" },
  ).recipe;

const everyExport = (r: ReturnType<typeof fromFile>): string => {
  const zips = [writeJsonLd([{ recipe: r }]), writeCooklang([{ recipe: r }])];
  const texts = zips.flatMap((z) => Object.values(unzipSync(z)).map((b) => new TextDecoder().decode(b)));
  // Paprika's zip holds gzipped entries; its JSON is checked through the words it carries.
  const paprika = Object.values(unzipSync(writePaprika([{ recipe: r }])));
  return [...texts, writeCookbookHtml([{ recipe: r }]), String(paprika.length)].join("\n");
};

describe("where a recipe came from, when that was no web page", () => {
  it.each([
    ["https://import.invalid/text/0123456789abcdef", "Typed by you"],
    ["https://import.invalid/pdf/0123456789abcdef", "From a PDF"],
    ["https://import.invalid/image/0123456789abcdef", "From a photo"],
    [fileUrl("paprika", "Soups/pea.json"), "From a Paprika export"],
  ])("%s is said as “%s”, and no export names the stand-in address", (url, words) => {
    const r = fromFile(url);
    expect(pageUrl(r)).toBeNull();
    expect(sourceWords(r)).toBe(words);
    const all = everyExport(r);
    expect(all).not.toMatch(/\.invalid|urn:ladle/);
    const ld = JSON.parse(
      new TextDecoder().decode(
        Object.entries(unzipSync(writeJsonLd([{ recipe: r }]))).find(([n]) => n.endsWith(".json"))![1],
      ),
    ) as Record<string, unknown>;
    expect(ld).not.toHaveProperty("url");
    expect(ld).not.toHaveProperty("publisher");
    expect(writeCookbookHtml([{ recipe: r }])).toContain(`<p class="src">${words.replace("'", "&#39;")}</p>`);
  });

  it("a web page keeps its address and site in every export", () => {
    const r = makeDraft(
      { name: "Pancakes", ingredients: parseIngredientList(["1 egg"]), instructions: [] },
      { url: "https://example.test/pancakes", siteName: "Example Kitchen" },
    ).recipe;
    expect(pageUrl(r)).toBe("https://example.test/pancakes");
    expect(sourceWords(r)).toBeNull();
    expect(writeCookbookHtml([{ recipe: r }])).toContain("From https://example.test/pancakes");
    expect(new TextDecoder().decode(strToU8(everyExport(r)))).toContain("https://example.test/pancakes");
  });

  it("says it in the cookbook owner's language, times too", () => {
    const r = { ...fromFile("https://import.invalid/pdf/0123456789abcdef"), prepTimeMinutes: 90 };
    expect(sourceWords(r, "de")).toBe("Aus einem PDF");
    const de = writeCookbookHtml([{ recipe: r }], "Mein Kochbuch", "de");
    expect(de).toContain('<p class="src">Aus einem PDF</p>');
    expect(de).toContain("<span>Vorbereitung 1\u00a0Std., 30\u00a0Min.</span>");
    expect(de).not.toMatch(/From a PDF|\bh \d|\bmin\b/);
    const fr = writeCookbookHtml(
      [{ recipe: fromFile("https://import.invalid/text/0123456789abcdef") }],
      "x",
      "fr",
    );
    expect(fr).toContain('<p class="src">Saisie par vous</p>');
  });
});
