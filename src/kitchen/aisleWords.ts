import type { Aisle } from "./aisleNames.ts";

// The aisles' words in the other languages Ladle speaks, for names written in them ("Hühnerbrühe",
// "crème fraîche"): the same rows in the same order as the English table (earlier rows win, so
// stock is a tin before it is meat). Names arrive folded: lower case, accents off, "ß" as "ss",
// "œ" as "oe". German joins words into one ("Rinderhackfleisch", "Olivenöl"): its rows match a
// name's last part (the thing bought) and say it with its endings, not a whole word.

/** A German word's endings: Zwiebel, Zwiebeln; Ei, Eier; Mandel, Mandeln. */
const DE = "(?:e|n|en|s|es|er|ern)?\\b";
const de = (words: string) => new RegExp(`(?:${words})${DE}`);

export const AISLE_WORDS: Record<"de" | "fr", [Aisle, RegExp][]> = {
  de: [
    ["Frozen", /tiefkuhl|tiefgekuhlt|\btk-|\bgefroren/],
    [
      "Tins & jars",
      de(
        "bruhe|fond|(?<!grune )(?<!gruene )bohne|kichererbse|linse|tomatenmark|passierte tomate|dosentomate|gehackte tomate|kokosmilch|thunfisch|marmelade|konfiture|erdnussbutter|olive|kaper",
      ),
    ],
    [
      "Spices & seasonings",
      de(
        "salz|pfeffer|pfefferkorn|pfefferkorner|paprikapulver|paprika edelsuss|paprika rosenscharf|kreuzkummel|kummel|zimt|muskat|muskatnuss|kurkuma|oregano|getrocknete \\w+|chiliflocke|chilipulver|cayennepfeffer|curry|currypulver|garam masala|nelke|piment|kardamom|lorbeer|lorbeerblatt|lorbeerblatter|vanille|vanilleschote|vanillezucker|gewurz|knoblauchpulver|zwiebelpulver|safran|fenchelsamen|koriandersamen|senfkorn|senfkorner|sternanis",
      ),
    ],
    [
      "Baking",
      de(
        "(?<!panier)mehl|zucker|backpulver|natron|hefe|trockenhefe|kakao|kakaopulver|schokolade|kuverture|speisestarke|starke|polenta|honig|ahornsirup|sirup|gelatine|mandel|haferflocke|walnuss|walnusse|walnusskern|haselnuss|haselnusse|pekannuss|pekannusse|cashew|cashewkern|pistazie|erdnuss|erdnusse|pinienkern|nuss|nusse|rosine|sultanine|korinthe|chiasamen|leinsamen|sesam|sonnenblumenkern|kurbiskern|kokosraspel",
      ),
    ],
    [
      "Oils, vinegars & sauces",
      de(
        "\\bol|olivenol|rapsol|sonnenblumenol|sesamol|pflanzenol|speiseol|erdnussol|kokosol|essig|balsamico|sojasauce|sojasosse|fischsauce|worcestershiresauce|sriracha|ketchup|mayonnaise|senf|sosse|sauce|miso|tahin|tahini|dressing",
      ),
    ],
    [
      "Pasta, rice & grains",
      de(
        "nudel|spaghetti|penne|makkaroni|lasagneplatte|lasagne|tagliatelle|spatzle|gnocchi|tortellini|ravioli|reis|quinoa|couscous|bulgur|graupe|gerste|dinkel|hirse|semmelbrosel|paniermehl|panko",
      ),
    ],
    [
      "Dairy & eggs",
      de(
        "milch|butter|butterschmalz|sahne|schmand|creme fraiche|kase|parmesan|mozzarella|feta|ricotta|joghurt|jogurt|\\bei|eigelb|eiweiss|ghee|mascarpone|quark|gouda|emmentaler|kefir",
      ),
    ],
    [
      "Meat & fish",
      de(
        "\\bhahnchen\\w*|\\bhuhn|\\bhuhner\\w*|\\brind\\w*|\\bschwein\\w*|\\blamm\\w*|\\bpute\\w*|truthahn|speck|schinken|wurst|wurstchen|hackfleisch|hack|gehacktes|steak|\\bkalb\\w*|\\bente|entenbrust|prosciutto|pancetta|chorizo|lachs|kabeljau|fisch|garnele|krabbe|muschel|sardelle|forelle|makrele|dorade|zander|tintenfisch|calamari|oktopus|fleisch|filet|brust|keule|hackballchen",
      ),
    ],
    [
      "Bakery",
      de(
        "brot|brotchen|baguette|toast|toastbrot|brezel|tortilla|wrap|fladenbrot|pita|naan|brioche|croissant",
      ),
    ],
    [
      "Drinks",
      de("wein|weisswein|rotwein|bier|kaffee|\\btee|mineralwasser|\\brum|weinbrand|wodka|whisky|sekt"),
    ],
    [
      "Produce",
      de(
        "zwiebel|schalotte|knoblauch|knoblauchzehe|zehe|ingwer|zitrone|limette|orange|apfel|apfeln|birne|banane|beere|tomate|kartoffel|mohre|karotte|sellerie|gurke|zucchini|aubergine|paprika|paprikaschote|chili|chilischote|peperoni|jalapeno|spinat|kohl|salat|rucola|mangold|pak choi|wirsing|brokkoli|pilz|champignon|krauter|petersilie|koriander|basilikum|minze|dill|rosmarin|thymian|salbei|schnittlauch|lauch|porree|avocado|mais|erbse|grune bohne|brechbohne|kurbis|susskartoffel|rote bete|rote beete|radieschen|rettich|fenchel|spargel|zitronengras|obst|gemuse|mango|ananas|pfirsich|pflaume|traube|kirsche|melone|kiwi|feige|aprikose|granatapfel|okra|artischocke|rube|pastinake|sprosse",
      ),
    ],
  ],
  fr: [
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
  ],
};
