import type { Aisle } from "../aisleNames.ts";

// German aisle words. German joins words into one ("Rinderhackfleisch", "Olivenöl"): its rows
// match a name's last part (the thing bought) and say it with its endings, not a whole word.

/** A German word's endings: Zwiebel, Zwiebeln; Ei, Eier; Mandel, Mandeln. */
const DE = "(?:e|n|en|s|es|er|ern)?\\b";
const de = (words: string) => new RegExp(`(?:${words})${DE}`);

export const GERMAN_AISLES: [Aisle, RegExp][] = [
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
    de("brot|brotchen|baguette|toast|toastbrot|brezel|tortilla|wrap|fladenbrot|pita|naan|brioche|croissant"),
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
];
