import type { Aisle } from "../aisleNames.ts";

// Spanish aisle words, whole words with their plurals ("cebollas", "limones"); names arrive folded
// ("piñones" → "pinones", "atún" → "atun").
const es = (words: string) => new RegExp(`\\b(?:${words})(?:s|es)?\\b`);

export const SPANISH_AISLES: [Aisle, RegExp][] = [
  ["Frozen", /\bcongelad[oa]s?\b/],
  [
    "Tins & jars",
    es(
      "caldo|fondo|en lata|enlatad[oa]|en conserva|alubia|judias (?:blancas|rojas|pintas)|frijol|garbanzo|lenteja|tomate triturado|tomate frito|concentrado de tomate|pure de tomate|leche de coco|atun|mermelada|confitura|mantequilla de cacahuete|crema de cacahuete|aceituna|alcaparra",
    ),
  ],
  [
    "Spices & seasonings",
    es(
      "sal|sal marina|pimienta|pimienta negra|pimenton|paprika|comino|canela|nuez moscada|curcuma|oregano|curry|clavo|cardamomo|laurel|hojas? de laurel|vainilla|especia|ajo en polvo|cebolla en polvo|azafran|(?:chile|guindilla) en polvo|cayena|anis estrellado|semillas de (?:hinojo|cilantro|mostaza)|hierbas provenzales",
    ),
  ],
  [
    "Baking",
    es(
      "harina|azucar|levadura|bicarbonato|cacao|chocolate|maicena|almidon de maiz|polenta|miel|sirope|jarabe|gelatina|almendra|almendra molida|nuez|nueces|avellana|pistacho|cacahuete|mani|pinon|pasa|copos de avena|avena|semillas de (?:chia|lino|sesamo|girasol|calabaza)|coco rallado",
    ),
  ],
  [
    "Oils, vinegars & sauces",
    es("aceite|vinagre|salsa de soja|salsa|ketchup|mayonesa|mostaza|miso|tahini|alino"),
  ],
  [
    "Pasta, rice & grains",
    es(
      "pasta|espagueti|spaghetti|macarron|fideo|tallarin|lasana|noqui|gnocchi|ravioli|penne|arroz|quinoa|cuscus|bulgur|cebada|mijo|pan rallado|panko",
    ),
  ],
  [
    "Dairy & eggs",
    es(
      "leche|suero de leche|mantequilla|nata|crema|queso|parmesano|mozzarella|feta|ricotta|requeson|yogur|yogurt|huevo|yema|clara|ghee|mascarpone|manchego",
    ),
  ],
  [
    "Meat & fish",
    es(
      "pollo|pechuga|muslo|ternera|vacuno|carne|carne picada|cerdo|cordero|pavo|beicon|bacon|panceta|tocino|salchicha|jamon|chorizo|lomo|solomillo|costilla|albondiga|pato|salmon|bacalao|pescado|gamba|langostino|camaron|mejillon|almeja|vieira|anchoa|boqueron|trucha|caballa|merluza|calamar|pulpo|sepia",
    ),
  ],
  [
    "Bakery",
    es("pan|barra de pan|baguette|panecillo|tortilla de trigo|pan de pita|pita|naan|brioche|croissant"),
  ],
  [
    "Drinks",
    es("vino|vino blanco|vino tinto|cerveza|cafe|te|agua con gas|ron|brandy|conac|vodka|whisky|sidra|jerez"),
  ],
  [
    "Produce",
    es(
      "cebolla|cebolleta|chalota|ajo|dientes? de ajo|jengibre|limon|lima|naranja|manzana|pera|platano|banana|fresa|frambuesa|arandano|tomate|patata|papa|zanahoria|apio|pepino|calabacin|berenjena|pimiento|chile|guindilla|jalapeno|espinaca|col|repollo|coliflor|brocoli|champinon|seta|hierba|perejil|cilantro|albahaca|menta|hierbabuena|eneldo|romero|tomillo|salvia|cebollino|puerro|aguacate|maiz|guisante|judias verdes|calabaza|boniato|batata|remolacha|rabano|hinojo|esparrago|lechuga|rucula|mango|pina|melocoton|ciruela|uva|cereza|melon|sandia|kiwi|higo|albaricoque|granada|fruta|verdura|hortaliza",
    ),
  ],
];
