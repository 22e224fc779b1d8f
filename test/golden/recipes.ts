// Recipes written for Ladle's golden set (original text, not copied from any site).

export interface GoldenIngredient {
  line: string;
  quantity?: number;
  unit?: string | null;
  name?: string;
  /** What is done to the food ("finely chopped"); null for none. Scored when given. */
  preparation?: string | null;
}

export interface GoldenRecipe {
  slug: string;
  lang: "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "sv";
  name: string;
  description: string;
  author: string;
  image: string;
  prep: number;
  cook: number;
  total: number;
  servings: number;
  yieldText: string;
  ingredients: GoldenIngredient[];
  steps: string[];
}

export const RECIPES: GoldenRecipe[] = [
  {
    slug: "miso-salmon",
    lang: "en",
    name: "Miso-Glazed Salmon",
    description: "Salmon fillets roasted under a sweet and salty miso glaze.",
    author: "Hana Mori",
    image: "https://golden.test/img/miso-salmon.jpg",
    prep: 10,
    cook: 12,
    total: 22,
    servings: 4,
    yieldText: "4 servings",
    ingredients: [
      { line: "4 salmon fillets (about 150 g each)", quantity: 4, unit: null, name: "salmon fillets" },
      { line: "3 tablespoons white miso", quantity: 3, unit: "tbsp", name: "white miso" },
      { line: "1 ½ tablespoons honey", quantity: 1.5, unit: "tbsp", name: "honey" },
      { line: "1 tablespoon rice vinegar", quantity: 1, unit: "tbsp", name: "rice vinegar" },
      { line: "2 teaspoons toasted sesame oil", quantity: 2, unit: "tsp", name: "toasted sesame oil" },
      { line: "2 spring onions, thinly sliced", quantity: 2, unit: null, name: "spring onions" },
    ],
    steps: [
      "Heat the oven to 220°C and line a tray with baking paper.",
      "Stir the miso, honey, vinegar and sesame oil into a smooth paste.",
      "Spread the paste over the salmon and roast for 10 to 12 minutes.",
      "Scatter the spring onions over the fish and serve.",
    ],
  },
  {
    slug: "black-bean-chili",
    lang: "en",
    name: "Smoky Black Bean Chili",
    description: "A weeknight vegetarian chili with chipotle and cocoa.",
    author: "Marcus Webb",
    image: "https://golden.test/img/chili.jpg",
    prep: 15,
    cook: 40,
    total: 55,
    servings: 6,
    yieldText: "6 bowls",
    ingredients: [
      { line: "2 tbsp olive oil", quantity: 2, unit: "tbsp", name: "olive oil" },
      { line: "1 large onion, diced", quantity: 1, unit: null, name: "onion" },
      { line: "3 garlic cloves, minced", quantity: 3, unit: "clove", name: "garlic" },
      { line: "2 (15 oz) cans black beans, drained", quantity: 2, unit: "can" },
      { line: "1 can (28 oz) crushed tomatoes", quantity: 1, unit: "can" },
      { line: "1 chipotle pepper in adobo, chopped", quantity: 1, unit: null },
      { line: "2 tsp ground cumin", quantity: 2, unit: "tsp", name: "ground cumin" },
      { line: "1 tsp cocoa powder", quantity: 1, unit: "tsp", name: "cocoa powder" },
      { line: "Salt to taste", quantity: 0, unit: null },
    ],
    steps: [
      "Warm the oil in a heavy pot and soften the onion for 8 minutes.",
      "Add the garlic, cumin and chipotle and cook for 1 minute.",
      "Tip in the beans, tomatoes and cocoa, then simmer gently for 30 minutes.",
      "Season with salt and serve with rice or warm tortillas.",
    ],
  },
  {
    slug: "oat-cookies",
    lang: "en",
    name: "Chewy Oat and Raisin Cookies",
    description: "Soft-centred cookies with plenty of oats.",
    author: "Priya Nair",
    image: "https://golden.test/img/oat-cookies.jpg",
    prep: 15,
    cook: 12,
    total: 27,
    servings: 24,
    yieldText: "2 dozen cookies",
    ingredients: [
      { line: "1 cup (225 g) butter, softened", quantity: 1, unit: "cup", name: "butter" },
      { line: "¾ cup packed brown sugar", quantity: 0.75, unit: "cup", name: "packed brown sugar" },
      { line: "1 egg", quantity: 1, unit: null, name: "egg" },
      { line: "1 ½ cups all-purpose flour", quantity: 1.5, unit: "cup", name: "all-purpose flour" },
      { line: "½ tsp baking soda", quantity: 0.5, unit: "tsp", name: "baking soda" },
      { line: "2 cups rolled oats", quantity: 2, unit: "cup", name: "rolled oats" },
      { line: "⅔ cup raisins", quantity: 0.667, unit: "cup", name: "raisins" },
    ],
    steps: [
      "Preheat the oven to 350°F.",
      "Cream the butter and sugar, then beat in the egg.",
      "Fold in the flour, baking soda, oats and raisins.",
      "Drop spoonfuls onto lined sheets and bake for 10 to 12 minutes.",
    ],
  },
  {
    slug: "green-curry",
    lang: "en",
    name: "Thai Green Vegetable Curry",
    description: "Coconut curry with green beans, courgette and basil.",
    author: "Anong Sirikul",
    image: "https://golden.test/img/green-curry.jpg",
    prep: 20,
    cook: 20,
    total: 40,
    servings: 4,
    yieldText: "Serves 4",
    ingredients: [
      { line: "2-3 tbsp green curry paste", quantity: 2, unit: "tbsp", name: "green curry paste" },
      { line: "400 ml coconut milk", quantity: 400, unit: "ml", name: "coconut milk" },
      { line: "200 g green beans, trimmed", quantity: 200, unit: "g", name: "green beans" },
      { line: "1 courgette, sliced", quantity: 1, unit: null, name: "courgette" },
      { line: "1 tbsp fish sauce (optional)", quantity: 1, unit: "tbsp", name: "fish sauce" },
      { line: "a handful of Thai basil leaves", quantity: 1, unit: "handful" },
    ],
    steps: [
      "Fry the curry paste in a splash of the coconut milk for 2 minutes.",
      "Pour in the rest of the coconut milk and bring to a simmer.",
      "Add the beans and courgette and cook for 8 minutes.",
      "Season with fish sauce and stir in the basil.",
    ],
  },
  {
    slug: "kartoffelsuppe",
    lang: "de",
    name: "Einfache Kartoffelsuppe",
    description: "Eine sämige Suppe aus Kartoffeln und Lauch.",
    author: "Greta Hoffmann",
    image: "https://golden.test/img/kartoffelsuppe.jpg",
    prep: 15,
    cook: 25,
    total: 40,
    servings: 4,
    yieldText: "4 Portionen",
    ingredients: [
      { line: "800 g mehligkochende Kartoffeln", quantity: 800, unit: "g" },
      { line: "1 Stange Lauch", quantity: 1 },
      { line: "1 l Gemüsebrühe", quantity: 1, unit: "l", name: "Gemüsebrühe" },
      { line: "2 EL Butter", quantity: 2, unit: "EL", name: "Butter" },
      { line: "100 ml Sahne", quantity: 100, unit: "ml", name: "Sahne" },
    ],
    steps: [
      "Kartoffeln schälen und würfeln, Lauch in Ringe schneiden.",
      "Butter erhitzen und den Lauch darin andünsten.",
      "Kartoffeln und Brühe zugeben und 20 Minuten köcheln lassen.",
      "Die Suppe pürieren und mit der Sahne verfeinern.",
    ],
  },
  {
    slug: "clafoutis",
    lang: "fr",
    name: "Clafoutis aux cerises",
    description: "Un dessert simple aux cerises fraîches.",
    author: "Camille Durand",
    image: "https://golden.test/img/clafoutis.jpg",
    prep: 15,
    cook: 35,
    total: 50,
    servings: 6,
    yieldText: "6 personnes",
    ingredients: [
      { line: "500 g de cerises", quantity: 500, unit: "g", name: "cerises" },
      { line: "3 œufs", quantity: 3 },
      { line: "80 g de sucre", quantity: 80, unit: "g", name: "sucre" },
      { line: "60 g de farine", quantity: 60, unit: "g", name: "farine" },
      { line: "25 cl de lait", quantity: 25, unit: "cl", name: "lait" },
    ],
    steps: [
      "Préchauffer le four à 180 °C et beurrer un plat.",
      "Battre les œufs avec le sucre, puis ajouter la farine et le lait.",
      "Disposer les cerises dans le plat et verser la pâte dessus.",
      "Cuire 35 minutes jusqu'à ce que le clafoutis soit doré.",
    ],
  },
  {
    slug: "tortilla",
    lang: "es",
    name: "Tortilla de patatas",
    description: "La clásica tortilla española con cebolla.",
    author: "Lucía Romero",
    image: "https://golden.test/img/tortilla.jpg",
    prep: 10,
    cook: 30,
    total: 40,
    servings: 4,
    yieldText: "4 raciones",
    ingredients: [
      { line: "600 g de patatas", quantity: 600, unit: "g", name: "patatas" },
      { line: "6 huevos", quantity: 6 },
      { line: "1 cebolla", quantity: 1 },
      { line: "150 ml de aceite de oliva", quantity: 150, unit: "ml", name: "aceite de oliva" },
    ],
    steps: [
      "Pelar y cortar las patatas y la cebolla en láminas finas.",
      "Freír a fuego lento en el aceite durante 20 minutos.",
      "Batir los huevos y mezclarlos con las patatas escurridas.",
      "Cuajar la tortilla en la sartén y darle la vuelta con un plato.",
    ],
  },
  {
    slug: "risotto",
    lang: "it",
    name: "Risotto ai funghi",
    description: "Risotto cremoso con funghi misti.",
    author: "Marco Bellini",
    image: "https://golden.test/img/risotto.jpg",
    prep: 10,
    cook: 25,
    total: 35,
    servings: 4,
    yieldText: "4 porzioni",
    ingredients: [
      { line: "320 g di riso Carnaroli", quantity: 320, unit: "g" },
      { line: "300 g di funghi misti", quantity: 300, unit: "g" },
      { line: "1 l di brodo vegetale", quantity: 1, unit: "l" },
      { line: "50 g di burro", quantity: 50, unit: "g" },
      { line: "60 g di parmigiano grattugiato", quantity: 60, unit: "g" },
    ],
    steps: [
      "Rosolare i funghi con metà del burro.",
      "Tostare il riso e aggiungere il brodo un mestolo alla volta.",
      "Cuocere per 18 minuti mescolando spesso.",
      "Mantecare con il burro rimasto e il parmigiano.",
    ],
  },
  {
    slug: "erwtensoep",
    lang: "nl",
    name: "Snelle erwtensoep",
    description: "Stevige soep van spliterwten met rookworst.",
    author: "Daan de Vries",
    image: "https://golden.test/img/erwtensoep.jpg",
    prep: 15,
    cook: 60,
    total: 75,
    servings: 6,
    yieldText: "6 personen",
    ingredients: [
      { line: "500 g spliterwten", quantity: 500, unit: "g" },
      { line: "1,5 l water", quantity: 1.5, unit: "l" },
      { line: "2 wortels", quantity: 2 },
      { line: "1 rookworst", quantity: 1 },
    ],
    steps: [
      "Spoel de erwten en breng ze met het water aan de kook.",
      "Laat 45 minuten zachtjes koken.",
      "Voeg de wortels in blokjes toe en kook nog 15 minuten.",
      "Snijd de rookworst in plakjes en warm mee.",
    ],
  },
  {
    slug: "brigadeiro",
    lang: "pt",
    name: "Brigadeiro de chocolate",
    description: "Docinho brasileiro de chocolate para festas.",
    author: "Ana Souza",
    image: "https://golden.test/img/brigadeiro.jpg",
    prep: 10,
    cook: 15,
    total: 25,
    servings: 20,
    yieldText: "20 unidades",
    ingredients: [
      { line: "1 lata de leite condensado", quantity: 1 },
      { line: "2 colheres de sopa de cacau em pó", quantity: 2 },
      { line: "1 colher de sopa de manteiga", quantity: 1 },
      { line: "chocolate granulado para enrolar" },
    ],
    steps: [
      "Misture o leite condensado, o cacau e a manteiga numa panela.",
      "Cozinhe em fogo baixo mexendo até desgrudar do fundo.",
      "Deixe esfriar e enrole bolinhas com as mãos untadas.",
      "Passe as bolinhas no chocolate granulado.",
    ],
  },
  {
    slug: "kanelbullar",
    lang: "sv",
    name: "Kanelbullar",
    description: "Svenska kanelbullar med kardemumma.",
    author: "Elsa Lindqvist",
    image: "https://golden.test/img/kanelbullar.jpg",
    prep: 90,
    cook: 10,
    total: 100,
    servings: 30,
    yieldText: "30 bullar",
    ingredients: [
      { line: "50 g jäst", quantity: 50, unit: "g" },
      { line: "5 dl mjölk", quantity: 5, unit: "dl" },
      { line: "150 g smör", quantity: 150, unit: "g" },
      { line: "1 dl socker", quantity: 1, unit: "dl" },
      { line: "2 tsk kardemumma", quantity: 2 },
    ],
    steps: [
      "Smält smöret och värm mjölken till fingervarm.",
      "Lös upp jästen i mjölken och arbeta in mjöl och socker.",
      "Låt degen jäsa i 30 minuter och forma bullar.",
      "Grädda i 225 grader i cirka 10 minuter.",
    ],
  },
];

/** Section headings for the generic (no structured data) pages, per language. */
export const HEADINGS: Record<
  GoldenRecipe["lang"],
  { ingredients: string; steps: string; prep: string; cook: string; serves: string }
> = {
  en: {
    ingredients: "Ingredients",
    steps: "Instructions",
    prep: "Prep time",
    cook: "Cook time",
    serves: "Serves",
  },
  de: {
    ingredients: "Zutaten",
    steps: "Zubereitung",
    prep: "Vorbereitungszeit",
    cook: "Kochzeit",
    serves: "Portionen",
  },
  fr: {
    ingredients: "Ingrédients",
    steps: "Préparation",
    prep: "Préparation",
    cook: "Cuisson",
    serves: "Pour",
  },
  es: {
    ingredients: "Ingredientes",
    steps: "Preparación",
    prep: "Preparación",
    cook: "Cocción",
    serves: "Raciones",
  },
  it: {
    ingredients: "Ingredienti",
    steps: "Procedimento",
    prep: "Tempo di preparazione",
    cook: "Cottura",
    serves: "Porzioni",
  },
  nl: {
    ingredients: "Ingrediënten",
    steps: "Bereiding",
    prep: "Voorbereiding",
    cook: "Kooktijd",
    serves: "Personen",
  },
  pt: {
    ingredients: "Ingredientes",
    steps: "Modo de preparo",
    prep: "Preparo",
    cook: "Cozimento",
    serves: "Rende",
  },
  sv: {
    ingredients: "Ingredienser",
    steps: "Gör så här",
    prep: "Förberedelse",
    cook: "Tillagningstid",
    serves: "Portioner",
  },
};
