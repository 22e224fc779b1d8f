import type { Aisle } from "../aisleNames.ts";

// Dutch aisle words. Dutch joins words into one ("rundergehakt", "olijfolie", "bosui"): the rows
// match a name's last part (the thing bought) with its endings, as the German ones do. Names
// arrive folded ("ingrediënten" → "ingredienten").

/** A Dutch word's endings: ui, uien; tomaat, tomaten; wortel, wortels; ei, eieren. */
const NL = "(?:s|en|n|es|jes|tjes|eren)?\\b";
const nl = (words: string) => new RegExp(`(?:${words})${NL}`);

export const DUTCH_AISLES: [Aisle, RegExp][] = [
  ["Frozen", /diepvries|\bbevroren|\bgevroren/],
  [
    "Tins & jars",
    nl(
      "bouillon|fond|(?<!sperzie ?|snij|tuin|groene )bone|kikkererwt|linze|tomatenpuree|gepelde tomaat|tomatenblokje|passata|kokosmelk|tonijn|\\bjam|pindakaas|olijf|olijve|kappertje",
    ),
  ],
  [
    "Spices & seasonings",
    nl(
      "(?<!zuiverings)zout|(?<!rode )(?<!groene )(?<!chili)peper|paprikapoeder|komijn|kaneel|nootmuskaat|kurkuma|oregano|gedroogde \\w+|chilivlok|chilipoeder|kerrie|kerriepoeder|curry|garam masala|kruidnagel|piment|kardemom|laurier|laurierblad|vanille|vanillestokje|vanillesuiker|specerij|knoflookpoeder|uienpoeder|saffraan|venkelzaad|korianderzaad|mosterdzaad|steranijs|kruidenmix",
    ),
  ],
  [
    "Baking",
    nl(
      "(?<!paneer)meel|bloem|suiker|bakpoeder|baksoda|zuiveringszout|gist|cacao|cacaopoeder|chocolade|maizena|zetmeel|polenta|honing|ahornsiroop|siroop|gelatine|amandel|havermout|noot|noten|pinda|pinda's|pijnboompit|rozijn|krent|chiazaad|lijnzaad|sesamzaad|zonnebloempit|pompoenpit|kokosrasp",
    ),
  ],
  [
    "Oils, vinegars & sauces",
    nl("olie|azijn|sojasaus|saus|ketjap|vissaus|ketchup|mayonaise|mosterd|miso|tahin[ai]|dressing"),
  ],
  [
    "Pasta, rice & grains",
    nl(
      "pasta|spaghetti|penne|macaroni|noedel|\\bmie|lasagne|lasagnebla(?:d|den)|tagliatelle|gnocchi|tortellini|ravioli|rijst|quinoa|couscous|bulgur|gerst|gort|spelt|gierst|paneermeel|panko",
    ),
  ],
  [
    "Dairy & eggs",
    nl(
      "melk|karnemelk|boter|(?<!mush)room|slagroom|kookroom|zure room|creme fraiche|kaas|parmezaan|mozzarella|feta|ricotta|yoghurt|kwark|\\bei|eidooier|eigeel|eiwit|ghee|mascarpone",
    ),
  ],
  [
    "Meat & fish",
    nl(
      "\\bkip\\w*|kipfilet|rund\\w*|gehakt|\\bvarkens\\w*|\\blams\\w*|kalkoen|spek|spekje|bacon|worst|worstje|\\bham|vlees|biefstuk|steak|\\bkalfs\\w*|eend|chorizo|prosciutto|pancetta|zalm|kabeljauw|vis|garnaal|garnalen|mossel|kokkel|sint-jakobsschelp|ansjovis|forel|makreel|inktvis|octopus|filet|gehaktbal",
    ),
  ],
  [
    "Bakery",
    nl("brood|broodje|stokbrood|baguette|bolletje|tortilla|wrap|pitabrood|naan|brioche|croissant|beschuit"),
  ],
  [
    "Drinks",
    nl("wijn|bier|koffie|thee|bruiswater|\\brum|cognac|brandewijn|wodka|whisky|cider|sherry|\\bport"),
  ],
  [
    "Produce",
    nl(
      "ui|sjalot|knoflook|knoflookteen|knoflooktenen|gember|citroen|limoen|sinaasappel|appel|peer|peren|banaan|banane|\\bbes|bessen|aardbei|framboos|frambozen|tomaat|tomate|tomaatje|aardappel|wortel|winterpeen|peen|selderij|bleekselderij|komkommer|courgette|aubergine|paprika|rode peper|groene peper|chilipeper|jalapeno|spinazie|kool|\\bsla|rucola|andijvie|snijbiet|paksoi|broccoli|champignon|paddenstoel|kruiden|peterselie|koriander|basilicum|munt|dille|rozemarijn|tijm|salie|bieslook|prei|avocado|mais|doperwt|erwt|sperziebone|sperziebonen|snijbone|snijbonen|tuinbone|tuinbonen|pompoen|zoete aardappel|biet|bietje|radijs|venkel|asperge|citroengras|fruit|groente|mango|ananas|perzik|pruim|druif|druiven|\\bkers|kersen|meloen|kiwi|vijg|abrikoos|abrikozen|granaatappel",
    ),
  ],
];
