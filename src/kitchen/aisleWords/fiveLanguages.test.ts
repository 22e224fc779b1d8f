import { describe, expect, it } from "vitest";
import { parseIngredientLine } from "../../extract/ingredients.ts";
import { AISLES, aisleOf } from "../aisles.ts";
import { buildShoppingList, shoppingListText } from "../shoppingList.ts";

// Spanish, Italian, Dutch, Portuguese and Swedish lists sort into aisles by their own words, as a
// cook writes them (Dutch and Swedish compounds by their last part: "rundergehakt", "nötfärs").
type Case = [name: string, aisle: string];

const NAMES: Record<"es" | "it" | "nl" | "pt" | "sv", Case[]> = {
  es: [
    ["caldo de pollo", "Tins & jars"],
    ["garbanzos cocidos", "Tins & jars"],
    ["tomate triturado", "Tins & jars"],
    ["sal", "Spices & seasonings"],
    ["pimentón dulce", "Spices & seasonings"],
    ["nuez moscada", "Spices & seasonings"],
    ["harina de trigo", "Baking"],
    ["azúcar glas", "Baking"],
    ["almendras molidas", "Baking"],
    ["aceite de oliva virgen extra", "Oils, vinegars & sauces"],
    ["vinagre de Jerez", "Oils, vinegars & sauces"],
    ["arroz bomba", "Pasta, rice & grains"],
    ["espaguetis", "Pasta, rice & grains"],
    ["pan rallado", "Pasta, rice & grains"],
    ["leche entera", "Dairy & eggs"],
    ["huevos", "Dairy & eggs"],
    ["queso manchego", "Dairy & eggs"],
    ["pechugas de pollo", "Meat & fish"],
    ["carne picada de ternera", "Meat & fish"],
    ["gambas", "Meat & fish"],
    ["pan de hogaza", "Bakery"],
    ["vino blanco", "Drinks"],
    ["cebollas", "Produce"],
    ["dientes de ajo", "Produce"],
    ["pimientos rojos", "Produce"],
    ["patatas", "Produce"],
    ["judías verdes", "Produce"],
    ["guisantes congelados", "Frozen"],
  ],
  it: [
    ["brodo vegetale", "Tins & jars"],
    ["ceci", "Tins & jars"],
    ["passata di pomodoro", "Tins & jars"],
    ["sale fino", "Spices & seasonings"],
    ["pepe nero", "Spices & seasonings"],
    ["noce moscata", "Spices & seasonings"],
    ["farina 00", "Baking"],
    ["zucchero", "Baking"],
    ["lievito di birra", "Baking"],
    ["olio extravergine di oliva", "Oils, vinegars & sauces"],
    ["aceto balsamico", "Oils, vinegars & sauces"],
    ["spaghetti", "Pasta, rice & grains"],
    ["riso carnaroli", "Pasta, rice & grains"],
    ["pangrattato", "Pasta, rice & grains"],
    ["latte intero", "Dairy & eggs"],
    ["uova", "Dairy & eggs"],
    ["parmigiano grattugiato", "Dairy & eggs"],
    ["guanciale", "Meat & fish"],
    ["petto di pollo", "Meat & fish"],
    ["gamberetti", "Meat & fish"],
    ["pane raffermo", "Bakery"],
    ["vino bianco", "Drinks"],
    ["cipolle", "Produce"],
    ["spicchi d'aglio", "Produce"],
    ["pomodori", "Produce"],
    ["patate", "Produce"],
    ["fagiolini", "Produce"],
    ["piselli surgelati", "Frozen"],
  ],
  nl: [
    ["kippenbouillon", "Tins & jars"],
    ["kikkererwten", "Tins & jars"],
    ["tomatenpuree", "Tins & jars"],
    ["zeezout", "Spices & seasonings"],
    ["zwarte peper", "Spices & seasonings"],
    ["kaneel", "Spices & seasonings"],
    ["tarwebloem", "Baking"],
    ["basterdsuiker", "Baking"],
    ["hazelnoten", "Baking"],
    ["olijfolie", "Oils, vinegars & sauces"],
    ["appelazijn", "Oils, vinegars & sauces"],
    ["basmatirijst", "Pasta, rice & grains"],
    ["spaghetti", "Pasta, rice & grains"],
    ["paneermeel", "Pasta, rice & grains"],
    ["volle melk", "Dairy & eggs"],
    ["slagroom", "Dairy & eggs"],
    ["eieren", "Dairy & eggs"],
    ["geraspte kaas", "Dairy & eggs"],
    ["rundergehakt", "Meat & fish"],
    ["kipfilet", "Meat & fish"],
    ["zalmfilet", "Meat & fish"],
    ["volkorenbrood", "Bakery"],
    ["witte wijn", "Drinks"],
    ["uien", "Produce"],
    ["knoflook", "Produce"],
    ["rode paprika", "Produce"],
    ["aardappelen", "Produce"],
    ["sperziebonen", "Produce"],
    ["diepvriesspinazie", "Frozen"],
  ],
  pt: [
    ["caldo de galinha", "Tins & jars"],
    ["grão-de-bico", "Tins & jars"],
    ["polpa de tomate", "Tins & jars"],
    ["sal", "Spices & seasonings"],
    ["pimenta preta", "Spices & seasonings"],
    ["canela", "Spices & seasonings"],
    ["farinha de trigo", "Baking"],
    ["açúcar", "Baking"],
    ["fermento em pó", "Baking"],
    ["azeite", "Oils, vinegars & sauces"],
    ["vinagre de vinho", "Oils, vinegars & sauces"],
    ["arroz carolino", "Pasta, rice & grains"],
    ["esparguete", "Pasta, rice & grains"],
    ["pão ralado", "Pasta, rice & grains"],
    ["leite meio-gordo", "Dairy & eggs"],
    ["ovos", "Dairy & eggs"],
    ["queijo ralado", "Dairy & eggs"],
    ["peito de frango", "Meat & fish"],
    ["bacalhau demolhado", "Meat & fish"],
    ["chouriço", "Meat & fish"],
    ["pão", "Bakery"],
    ["vinho branco", "Drinks"],
    ["cebolas", "Produce"],
    ["dentes de alho", "Produce"],
    ["pimentos vermelhos", "Produce"],
    ["batatas", "Produce"],
    ["feijão verde", "Produce"],
    ["ervilhas congeladas", "Frozen"],
  ],
  sv: [
    ["kycklingbuljong", "Tins & jars"],
    ["kikärtor", "Tins & jars"],
    ["krossade tomater", "Tins & jars"],
    ["flingsalt", "Spices & seasonings"],
    ["svartpeppar", "Spices & seasonings"],
    ["kanel", "Spices & seasonings"],
    ["vetemjöl", "Baking"],
    ["strösocker", "Baking"],
    ["hasselnötter", "Baking"],
    ["olivolja", "Oils, vinegars & sauces"],
    ["äppelcidervinäger", "Oils, vinegars & sauces"],
    ["jasminris", "Pasta, rice & grains"],
    ["spagetti", "Pasta, rice & grains"],
    ["ströbröd", "Pasta, rice & grains"],
    ["mellanmjölk", "Dairy & eggs"],
    ["vispgrädde", "Dairy & eggs"],
    ["ägg", "Dairy & eggs"],
    ["riven ost", "Dairy & eggs"],
    ["nötfärs", "Meat & fish"],
    ["kycklingfilé", "Meat & fish"],
    ["laxfilé", "Meat & fish"],
    ["rågbröd", "Bakery"],
    ["vitt vin", "Drinks"],
    ["gul lök", "Produce"],
    ["vitlöksklyftor", "Produce"],
    ["röd paprika", "Produce"],
    ["potatis", "Produce"],
    ["gröna bönor", "Produce"],
    ["frysta ärtor", "Frozen"],
  ],
};

// A week's list as a cook types it; each language's own words, no English.
const LISTS: Record<keyof typeof NAMES, string[]> = {
  es: [
    "500 g harina",
    "6 huevos",
    "1 l leche",
    "2 cebollas",
    "400 g carne picada",
    "200 g arroz",
    "1 bote de garbanzos",
  ],
  it: [
    "500 g farina",
    "6 uova",
    "1 l latte",
    "2 cipolle",
    "400 g macinato",
    "320 g spaghetti",
    "1 barattolo di ceci",
  ],
  nl: [
    "500 g bloem",
    "6 eieren",
    "1 l melk",
    "2 uien",
    "400 g rundergehakt",
    "200 g rijst",
    "1 blik kikkererwten",
  ],
  pt: [
    "500 g farinha",
    "6 ovos",
    "1 l leite",
    "2 cebolas",
    "400 g carne picada",
    "200 g arroz",
    "1 lata de grão-de-bico",
  ],
  sv: ["5 dl vetemjöl", "6 ägg", "1 l mjölk", "2 gula lökar", "400 g nötfärs", "2 dl ris", "1 burk kikärtor"],
};

describe("aisles in Spanish, Italian, Dutch, Portuguese and Swedish", () => {
  for (const [lang, cases] of Object.entries(NAMES))
    it.each(cases)(`${lang}: %s is in %s`, (name, aisle) => expect(aisleOf(name, null, lang)).toBe(aisle));

  for (const [lang, lines] of Object.entries(LISTS))
    it(`a ${lang} list is sorted by aisle in the shop's order, nothing under Other`, () => {
      const list = buildShoppingList(
        [
          {
            recipeId: "r",
            recipeName: "r",
            factor: 1,
            ingredients: lines.map((l) => parseIngredientLine(l)),
          },
        ],
        { lang: lang as keyof typeof LISTS },
      );
      expect(list.map((l) => l.aisle)).not.toContain("Other");
      const order = list.map((l) => AISLES.indexOf(l.aisle));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(new Set(list.map((l) => l.aisle))).toEqual(
        new Set(["Produce", "Meat & fish", "Dairy & eggs", "Baking", "Pasta, rice & grains", "Tins & jars"]),
      );
      // The printed list heads each aisle in the list's language, never in English.
      const text = shoppingListText(
        "",
        list.map((l) => ({ aisle: l.aisle, text: l.text })),
        lang as keyof typeof LISTS,
      );
      expect(text).not.toMatch(/Produce|Dairy|Tins/);
    });

  it("English names still sort as before on an English list", () => {
    expect(aisleOf("ice cubes", null, "en")).toBe("Other");
    expect(aisleOf("crackers", null, "en")).toBe("Other");
    expect(aisleOf("mushrooms", null, "en")).toBe("Produce");
    expect(aisleOf("salsa", null, "en")).toBe("Oils, vinegars & sauces");
  });
});
