// A card's author is searched for only inside a card the page bears (issue 51: the readers back
// under their cost; the person-over-brand rule walked the tree once per card on every branded page).
import { describe, expect, it, vi } from "vitest";
import type * as CardRootNames from "./cardRootNames.ts";
import { cardAuthor } from "./cardAuthor.ts";
import { rootNamesInTree } from "./cardRootNames.ts";
import { parseHtml } from "./dom.ts";

// The cards' names the tree bears, as found, or as a test says.
vi.mock("./cardRootNames.ts", async (original) => {
  const real = await original<typeof CardRootNames>();
  return { rootNamesInTree: vi.fn(real.rootNamesInTree) };
});

const page = (body: string) => parseHtml(`<html><body><h1>Lemon bars</h1>${body}</body></html>`);
const CARD = `<div class="wprm-recipe-container"><span class="wprm-recipe-author">Ann Lee</span></div>`;

describe("cardAuthor", () => {
  it("reads the author of the card the page bears", () => {
    expect(cardAuthor(page(CARD))).toBe("Ann Lee");
    expect(
      cardAuthor(
        page(`<div class="tasty-recipes"><span class="tasty-recipes-author-name">Bo Chen</span></div>`),
      ),
    ).toBe("Bo Chen");
  });

  it("searches no card whose names the tree does not bear", () => {
    vi.mocked(rootNamesInTree).mockReturnValueOnce(new Set());
    expect(cardAuthor(page(CARD))).toBeNull();
  });

  it("reads no author outside a card", () => {
    expect(
      cardAuthor(page(`<p class="entry-author">Ann Lee</p><span class="wprm-recipe-author">Ann Lee</span>`)),
    ).toBeNull();
  });
});
