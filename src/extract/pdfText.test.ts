import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { joinPdfPages, pdfPageText, readPdfPage, type PdfTextItem } from "./pdfText.ts";
import { textToHtml } from "./textRecipe.ts";

// pdf.js text items for a printed page: one item per printed line, top to bottom, at x with its
// font size; `gap` lines of space before it.
function page(lines: { text: string; x?: number; size?: number; gap?: number }[]): PdfTextItem[] {
  let y = 750;
  return lines.map((l) => {
    y -= 14 * (1 + (l.gap ?? 0));
    const size = l.size ?? 11;
    return { str: l.text, hasEOL: false, transform: [size, 0, 0, size, l.x ?? 72, y], height: size };
  });
}

const steps = (items: PdfTextItem[]) => {
  const r = extractRecipe({ html: textToHtml(pdfPageText(items)), url: "https://import.invalid/pdf/1" });
  if (!r.ok) throw new Error(r.message);
  return r.recipe.instructions.map((s) => s.text);
};

const HEAD = [
  { text: "Lemon Cake", size: 18 },
  { text: "Ingredients", size: 14, gap: 1 },
  { text: "225 g butter" },
  { text: "4 eggs" },
  { text: "275 g flour" },
  { text: "Method", size: 14, gap: 1 },
];

describe("PDF steps as the page prints them", () => {
  it("joins the lines of a numbered step that wraps, even after a sentence's end", () => {
    expect(
      steps(
        page([
          ...HEAD,
          { text: "1. Heat the oven to 180C." },
          { text: "Line a loaf tin with baking paper.", x: 86 },
          { text: "2. Beat the butter until pale. Add the eggs one" },
          { text: "by one, beating well.", x: 86 },
          { text: "3. Fold in the flour and bake for 45 minutes." },
        ]),
      ),
    ).toEqual([
      "Heat the oven to 180C. Line a loaf tin with baking paper.",
      "Beat the butter until pale. Add the eggs one by one, beating well.",
      "Fold in the flour and bake for 45 minutes.",
    ]);
  });

  it("keeps steps apart that the page sets apart as paragraphs, and a heading after them", () => {
    expect(
      steps(
        page([
          ...HEAD,
          { text: "Heat the oven to 180C and line a loaf tin" },
          { text: "with baking paper" },
          { text: "Beat the butter and sugar until pale", gap: 0.8 },
          { text: "Fold in the flour and bake for 45 minutes", gap: 0.8 },
        ]),
      ),
    ).toEqual([
      "Heat the oven to 180C and line a loaf tin with baking paper",
      "Beat the butter and sugar until pale",
      "Fold in the flour and bake for 45 minutes",
    ]);
    const text = pdfPageText(
      page([
        ...HEAD,
        { text: "1. Fold in the flour and bake." },
        { text: "Notes", size: 14 },
        { text: "Keeps a week." },
      ]),
    );
    expect(text.split("\n").slice(-3)).toEqual(["1. Fold in the flour and bake.", "Notes", "Keeps a week."]);
  });
});

// A printed page with widths, as Chromium or a word processor prints it: 6 units a character at
// size 11, the text column from x 72 to 528 on a page 600 wide (76 characters a line).
function printed(lines: { text: string; x?: number; size?: number; gap?: number }[]): PdfTextItem[] {
  let y = 750;
  return lines.map((l) => {
    const size = l.size ?? 11;
    y -= size * 1.35 * (1 + (l.gap ?? 0));
    return {
      str: l.text,
      hasEOL: true,
      transform: [size, 0, 0, size, l.x ?? 72, y],
      height: size,
      width: (l.text.length * 6 * size) / 11,
    };
  });
}

/** The page's items moved down so that its last line's baseline is `y` points over the page's foot. */
function atFoot(items: PdfTextItem[], y: number): PdfTextItem[] {
  const shift = items.at(-1)!.transform![5]! - y;
  return items.map((it) => ({ ...it, transform: it.transform!.map((v, i) => (i === 5 ? v - shift : v)) }));
}

describe("PDF lines the typesetter wrapped", () => {
  it("joins a wrapped title, ingredient and paragraph step, and a line broken after a hyphen", () => {
    const text = pdfPageText(
      printed([
        { text: "SKILLET-ROASTED BRUSSELS SPROUTS WITH", size: 20 },
        { text: "MAPLE SYRUP", size: 20 },
        { text: "Ingredients", gap: 1 },
        { text: "1 pound small brussels sprouts (1 to 1 1/2 inches in diameter), trimmed and" },
        { text: "halved" },
        { text: "5 tablespoons olive oil" },
        { text: "Method", gap: 1 },
        { text: "Arrange the sprouts in a single layer, cut sides down, in a 12-inch nonstick 12-" },
        { text: "inch skillet and cook until bright green." },
        { text: "Season with salt to taste and serve.", gap: 0.8 },
      ]),
      600,
    );
    expect(text.split("\n")).toEqual([
      "SKILLET-ROASTED BRUSSELS SPROUTS WITH MAPLE SYRUP",
      "",
      "Ingredients",
      "1 pound small brussels sprouts (1 to 1 1/2 inches in diameter), trimmed and halved",
      "5 tablespoons olive oil",
      "",
      "Method",
      "Arrange the sprouts in a single layer, cut sides down, in a 12-inch nonstick 12-inch skillet and cook until bright green.",
      "",
      "Season with salt to taste and serve.",
    ]);
  });

  it("reads a two-digit step number printed against its text as a step of its own", () => {
    const text = pdfPageText(
      printed([
        { text: "Method", gap: 1 },
        { text: "9. Cook for 3 hours, until fall apart tender (check the beef after 2 1/2 hours)." },
        { text: "10.Remove the beef to a tray and break into smaller strands using tongs." },
        { text: "Return to the sauce and mix through thoroughly.", x: 90 },
        { text: "11.Stir the olives through with 2.5kg of rice." },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Method",
      "9. Cook for 3 hours, until fall apart tender (check the beef after 2 1/2 hours).",
      "10. Remove the beef to a tray and break into smaller strands using tongs. Return to the sauce and mix through thoroughly.",
      "11. Stir the olives through with 2.5kg of rice.",
    ]);
  });

  it("keeps apart two ingredients, and a heading in capitals, after a line that ran to the edge", () => {
    const text = pdfPageText(
      printed([
        { text: "Ingredients", gap: 1 },
        { text: "1/3 cup shaved parmesan (for vegetarian use cheese with a vegetarian rennet)" },
        { text: "1/4 tsp sea salt, (or more to taste)" },
        { text: "1/2 cup unsalted pistachios, shelled and toasted (or lightly toasted pecans)" },
        { text: "DRESSING INGREDIENTS" },
        { text: "2 tbsp olive oil" },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Ingredients",
      "1/3 cup shaved parmesan (for vegetarian use cheese with a vegetarian rennet)",
      "1/4 tsp sea salt, (or more to taste)",
      "1/2 cup unsalted pistachios, shelled and toasted (or lightly toasted pecans)",
      "DRESSING INGREDIENTS",
      "2 tbsp olive oil",
    ]);
  });

  it("joins an ingredient wrapped after a slash or a comma though its rest opens with a number", () => {
    const first = "1 kg / 2 lb pork shoulder or boneless skinless pork belly, cut into 3 cm /";
    const text = pdfPageText(
      printed([
        { text: "Ingredients", gap: 1 },
        { text: first },
        { text: '1.2" pieces (note 1a)' },
        { text: "1.5 cups / 375 ml coconut water" },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Ingredients",
      `${first} 1.2" pieces (note 1a)`,
      "1.5 cups / 375 ml coconut water",
    ]);
  });

  it("keeps apart lines their writer ended with room left for the next word", () => {
    const text = pdfPageText(
      printed([
        { text: "Lemon Cake", size: 20 },
        { text: "225 g butter, softened, plus a little more for greasing the tin", gap: 1 },
        { text: "4 eggs" },
        { text: "- 275 g self-raising flour, sifted twice with the baking powder and salt" },
        { text: "- 2 lemons" },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Lemon Cake",
      "225 g butter, softened, plus a little more for greasing the tin",
      "4 eggs",
      "- 275 g self-raising flour, sifted twice with the baking powder and salt",
      "- 2 lemons",
    ]);
  });
});

describe("PDF lines that run to the edge and are no wrap", () => {
  it("keeps a group's label ending with its colon apart from the long item before it", () => {
    const text = pdfPageText(
      printed([
        { text: "Ingredients:", gap: 1 },
        { text: "• 2 1/2 cups water (for 2 rice cooker cups, use 1 2/3 cups (400 ml) water)" },
        { text: "For seasoning the rice:" },
        { text: "• 3 Tbsp rice vinegar" },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Ingredients:",
      "• 2 1/2 cups water (for 2 rice cooker cups, use 1 2/3 cups (400 ml) water)",
      "For seasoning the rice:",
      "• 3 Tbsp rice vinegar",
    ]);
  });

  it("keeps a lower-case group label set lower than the line spacing apart from the long item before it", () => {
    const text = pdfPageText(
      printed([
        { text: "Ingredients", gap: 1 },
        { text: "- 4 tablespoons crisp fried buckwheat or roasted nuts or pumpkin seeds, salted" },
        { text: "for the gomasio:", gap: 0.3 },
        { text: "- 1 tablespoon roasted white sesame seeds" },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Ingredients",
      "- 4 tablespoons crisp fried buckwheat or roasted nuts or pumpkin seeds, salted",
      "for the gomasio:",
      "- 1 tablespoon roasted white sesame seeds",
    ]);
  });

  it("measures the column without a browser's head and foot set in the page's margins", () => {
    const body = printed([
      { text: "Method", gap: 1 },
      { text: "Beat the butter and sugar together until pale and fluffy, then add the eggs" },
      { text: "one at a time and fold in the flour." },
    ]);
    const margin = (str: string, y: number): PdfTextItem => ({
      str,
      hasEOL: true,
      transform: [8, 0, 0, 8, 24, y],
      height: 8,
      width: str.length * 4,
    });
    const read = readPdfPage(
      [...body, margin("12/2/26, 4:32 PM Lemon Cake – Good Food", 820), margin("about:blank 1/1", 17)],
      600,
      842,
    );
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "Method",
      "Beat the butter and sugar together until pale and fluffy, then add the eggs one at a time and fold in the flour.",
    ]);
  });

  it("joins a line broken after a range's dash or a slash before a number without a space, a numbered step's rest that opens with a number, and a range's or a sentence's rest after a dash", () => {
    const text = pdfPageText(
      printed([
        { text: "Ingredients:", gap: 1 },
        { text: "• 400 g pork belly rashers, skin cut off, cut into small pieces (about 2 cm/" },
        { text: "3/4 inch)" },
        { text: "• 1 pinch of saffron, or 1/4 tsp sweet paprika with a little turmeric (for colour/" },
        { text: "flavour)" },
        { text: "Method", gap: 1 },
        { text: "1.-Ponga las cabezas y las cáscaras, añada el puerro cortado en 3 trozos de", gap: 1 },
        { text: "3 cm, añada el aceite y programe 3 min/120°/vel. 2" },
        { text: "2.- Añade la cebolla, el pimiento rojo, el pimiento verde y el aceite. Programe", gap: 1 },
        { text: "10 min/120°/vel. 1." },
        { text: "3. Cover and simmer over a low heat until the onions are soft and golden, 20–", gap: 1 },
        { text: "25 minutes." },
        { text: "4. Pour the stock over the meat loaf and bake for another 10", gap: 1 },
        { text: "- 15 minutes." },
        { text: "5. Add the bay leaves and both cans of plum tomatoes, one at a time", gap: 1 },
        { text: "- once in the pan, squash them gently with a potato masher." },
      ]),
      600,
    );
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Ingredients:",
      "• 400 g pork belly rashers, skin cut off, cut into small pieces (about 2 cm/3/4 inch)",
      "• 1 pinch of saffron, or 1/4 tsp sweet paprika with a little turmeric (for colour/ flavour)",
      "Method",
      "1.-Ponga las cabezas y las cáscaras, añada el puerro cortado en 3 trozos de 3 cm, añada el aceite y programe 3 min/120°/vel. 2",
      "2.- Añade la cebolla, el pimiento rojo, el pimiento verde y el aceite. Programe 10 min/120°/vel. 1.",
      "3. Cover and simmer over a low heat until the onions are soft and golden, 20–25 minutes.",
      "4. Pour the stock over the meat loaf and bake for another 10 - 15 minutes.",
      "5. Add the bay leaves and both cans of plum tomatoes, one at a time - once in the pan, squash them gently with a potato masher.",
    ]);
  });
});

describe("PDF pages and paragraphs", () => {
  it("carries a step on across a page break, and keeps pages apart elsewhere", () => {
    expect(
      joinPdfPages([
        "Method\n1. Bake until golden, 45 to 50 minutes. Cool in the pan on a wire rack, lift the cake",
        "out of the pan and cut into squares.\n2. Dust with sugar.",
      ]),
    ).toBe(
      "Method\n1. Bake until golden, 45 to 50 minutes. Cool in the pan on a wire rack, lift the cake out of the pan and cut into squares.\n2. Dust with sugar.",
    );
    expect(joinPdfPages(["Ingredients\n2 cups flour", "salt\n2 eggs"])).toBe(
      "Ingredients\n2 cups flour\n\nsalt\n2 eggs",
    );
    expect(joinPdfPages(["Lemon Cake\nServes 4.", "Method"])).toBe("Lemon Cake\nServes 4.\n\nMethod");
  });

  it("carries on a paragraph whose next page opens with a number, and a step's last sentence alone atop a page", () => {
    // Prose cut inside its sentence: "10 minutes" is its end, not an ingredient.
    expect(
      joinPdfPages([
        "Remove from the oven and let the cookies rest for about 10 minutes. Transfer to a rack to cool completely, or for another",
        "10 minutes to enjoy warm.",
      ]),
    ).toBe(
      "Remove from the oven and let the cookies rest for about 10 minutes. Transfer to a rack to cool completely, or for another 10 minutes to enjoy warm.",
    );
    // A numbered step ending a page on a whole sentence, its last sentence alone over "2.".
    const step1 =
      "1. For the sauce: Process the carrot and onion until finely chopped. Cook until thickened, about 15 minutes. (You should have about 6 cups.)";
    expect(
      joinPdfPages([
        `Method\n${step1}`,
        "Transfer the sauce to a bowl and cool.\n2. For the béchamel: Melt the butter.",
      ]),
    ).toBe(`Method\n${step1} Transfer the sauce to a bowl and cool.\n2. For the béchamel: Melt the butter.`);
    // A list's line starting the next page, or a page after a short line, stays apart.
    expect(
      joinPdfPages([
        "Method\n1. Cook the sauce until thickened, about 15 minutes. Season to taste with salt and pepper.",
        "Serving suggestions\nServe with bread.",
      ]),
    ).toBe(
      "Method\n1. Cook the sauce until thickened, about 15 minutes. Season to taste with salt and pepper.\n\nServing suggestions\nServe with bread.",
    );
    expect(
      joinPdfPages(["Ingredients\n2 cups flour, sifted with the baking powder and salt, or more", "2 eggs"]),
    ).toBe("Ingredients\n2 cups flour, sifted with the baking powder and salt, or more\n\n2 eggs");
  });

  it("keeps paragraphs apart where most of them are one line (the gap is no usual spacing)", () => {
    const text = pdfPageText(
      printed([
        { text: "Ingredients" },
        { text: "225 g butter" },
        { text: "4 eggs" },
        { text: "Method", gap: 0.7 },
        { text: "Cool completely before icing.", gap: 0.7 },
        { text: "Make the icing", gap: 0.7 },
        { text: "Add the butter to a bowl and stir in the cocoa.", gap: 0.7 },
        { text: "Spread the icing over the cookies.", gap: 0.7 },
        { text: "Let it set before storing.", gap: 0.7 },
      ]),
      600,
    );
    expect(text.split("\n")).toEqual([
      "Ingredients",
      "225 g butter",
      "4 eggs",
      "",
      "Method",
      "",
      "Cool completely before icing.",
      "",
      "Make the icing",
      "",
      "Add the butter to a bowl and stir in the cocoa.",
      "",
      "Spread the icing over the cookies.",
      "",
      "Let it set before storing.",
    ]);
  });

  it("carries a sentence on across a page break where the page's last line ran to the edge, whatever the next page opens with", () => {
    const first = "Die Brühe erhitzen und mit der Sahne und dem Paprikapulver verrühren. Wer";
    const last = "viel Soße mag, verdoppelt die Menge, und wer es gern scharf mag, nimmt die";
    const pages = [
      readPdfPage(printed([{ text: "Zubereitung" }, { text: first, gap: 0.7 }, { text: last }]), 600),
      readPdfPage(
        printed([
          { text: "Chiliflocken dazu. Die Soße über den Braten gießen." },
          { text: "Weitere 10 Minuten garen.", gap: 0.7 },
        ]),
        600,
      ),
    ];
    expect(joinPdfPages(pages).split("\n").filter(Boolean)).toEqual([
      "Zubereitung",
      `${first} ${last} Chiliflocken dazu. Die Soße über den Braten gießen.`,
      "Weitere 10 Minuten garen.",
    ]);
    // A page's last line that ended with room for the next page's first word was ended by its
    // writer; so was one that ends a sentence on a page the text did not fill to its foot (the
    // next paragraph would have fitted under it): both stay apart.
    const ended = "Dredge the chicken in the coating mixture until it is covered on all sides.";
    const next = "Place on a tray and repeat until all of the chicken is coated.";
    for (const end of ["Dredge the chicken until fully covered", ended]) {
      const apart = [
        readPdfPage(printed([{ text: "Method" }, { text: end, gap: 0.7 }]), 600, 800),
        readPdfPage(printed([{ text: next }]), 600, 800),
      ];
      expect(joinPdfPages(apart).split("\n").filter(Boolean)).toEqual(["Method", end, next]);
    }
    // Where the text fills the page to its foot (as far down as the next page's text starts from
    // its top), a sentence's end that runs to the edge is a wrap like any other.
    const filled = [
      readPdfPage(atFoot(printed([{ text: "Method" }, { text: ended, gap: 0.7 }]), 56), 600, 800),
      readPdfPage(printed([{ text: next }]), 600, 800),
    ];
    expect(joinPdfPages(filled).split("\n").filter(Boolean)).toEqual(["Method", `${ended} ${next}`]);
    // Half a line higher, the next paragraph's gap and first line would not have fitted under it
    // either: the page ended early.
    const early = [
      readPdfPage(atFoot(printed([{ text: "Method" }, { text: ended, gap: 0.7 }]), 70), 600, 800),
      readPdfPage(printed([{ text: next }]), 600, 800),
    ];
    expect(joinPdfPages(early).split("\n").filter(Boolean)).toEqual(["Method", ended, next]);
    // Nor does a step's label, a heading or an item carry on the line before it.
    for (const next of ["Step 6", "Notes", "2. Fry the chicken.", "- 2 eggs", "TO SERVE"])
      expect(
        joinPdfPages([pages[0]!, readPdfPage(printed([{ text: next }]), 600)])
          .split("\n")
          .filter(Boolean)
          .slice(-2),
      ).toEqual([`${first} ${last}`, next]);
  });
});
