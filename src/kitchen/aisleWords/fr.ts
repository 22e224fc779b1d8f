import type { Aisle } from "../aisleNames.ts";

// French aisle words, whole words with their plurals ("oignons", "œufs" folded to "oeufs").

export const FRENCH_AISLES: [Aisle, RegExp][] = [
  ["Frozen", /\bsurgele(?:e|s|es)?\b/],
  [
    "Tins & jars",
    /\b(?:bouillon|fond de (?:volaille|veau|legumes)|en conserve|haricots (?:blancs|rouges|secs)|pois chiches|lentilles|concentre de tomates?|puree de tomates?|coulis de tomates?|passata|lait de coco|thon|confiture|beurre de cacahuetes?|(?<!huile d')olives?|capres)\b/,
  ],
  [
    "Spices & seasonings",
    /\b(?:sel|fleur de sel|poivre|piment d'espelette|paprika|cumin|cannelle|muscade|noix de muscade|curcuma|origan|herbes de provence|piment en poudre|cayenne|curry|garam masala|clous? de girofle|quatre-epices|cardamome|laurier|vanille|epices?|ail en poudre|safran|graines de (?:fenouil|coriandre|moutarde)|anis etoile|badiane)\b/,
  ],
  [
    "Baking",
    /\b(?:farine|sucre|levure|bicarbonate|cacao|chocolat|fecule|maizena|polenta|miel|sirop d'erable|sirop|gelatine|poudre d'amandes?|amandes?|noix|noisettes?|pistaches?|cacahuetes?|pignons?|raisins secs|flocons d'avoine|graines de (?:chia|lin|sesame|tournesol|courge)|noix de coco rapee)\b/,
  ],
  [
    "Oils, vinegars & sauces",
    /\b(?:huile|vinaigre|sauce soja|sauce|ketchup|mayonnaise|moutarde|miso|tahini|vinaigrette|nuoc-mam)\b/,
  ],
  [
    "Pasta, rice & grains",
    /\b(?:pates|spaghettis?|penne|macaronis?|nouilles|lasagnes?|tagliatelles?|coquillettes|vermicelles|gnocchis?|raviolis?|riz|quinoa|semoule|couscous|boulgour|orge|epeautre|millet|chapelure|panko)\b/,
  ],
  [
    "Dairy & eggs",
    /\b(?:lait|babeurre|beurre|creme|fromage|parmesan|mozzarella|comte|gruyere|emmental|feta|ricotta|yaourts?|oeufs?|jaunes? d'oeufs?|blancs? d'oeufs?|ghee|mascarpone|brie|camembert|roquefort|chevre|reblochon)\b/,
  ],
  [
    "Meat & fish",
    /\b(?:poulet|volaille|boeuf|porc|agneau|dinde|lardons?|bacon|saucisses?|jambon|viande|hache|steaks?|veau|canard|magret|chorizo|saumon|cabillaud|poissons?|crevettes?|moules|palourdes|saint-jacques|anchois|truites?|maquereaux?|dorade|crabe|homard|calamars?|poulpe|boulettes|escalopes?)\b/,
  ],
  ["Bakery", /\b(?:pain|pains|baguettes?|brioches?|tortillas?|pitas?|naans?|croissants?)\b/],
  ["Drinks", /\b(?:vin|biere|cafe|eau gazeuse|rhum|cognac|calvados|vodka|whisky|cidre)\b/],
  [
    "Produce",
    /\b(?:oignons?|echalotes?|ail|gousses? d'ail|gingembre|citrons?|oranges?|pommes?|poires?|bananes?|fraises?|framboises?|myrtilles?|tomates?|pommes de terre|carottes?|celeri|concombres?|courgettes?|aubergines?|poivrons?|piments?|epinards|choux?|chou-fleur|brocolis?|champignons?|persil|coriandre|basilic|menthe|aneth|romarin|thym|sauge|ciboulette|herbes|poireaux?|avocats?|mais|petits pois|haricots verts|courges?|potiron|patates? douces?|betteraves?|radis|fenouil|asperges?|salade|laitue|roquette|mangues?|ananas|peches?|prunes?|raisins?|cerises?|melons?|pasteque|kiwis?|figues?|abricots?|fruits?|legumes?)\b/,
  ],
];
