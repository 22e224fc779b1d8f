import type { Aisle } from "../aisleNames.ts";

// Swedish aisle words. Swedish joins words into one ("nötfärs", "olivolja", "gullök"): the rows
// match a name's last part (the thing bought) with its endings, as the German ones do. Names
// arrive folded ("lök" → "lok", "grädde" → "gradde", "ägg" → "agg").

/** A Swedish word's endings: lök, lökar; tomat, tomater; morot, morötter; böna, bönor. */
const SV = "(?:ar|er|or|r|n|en|na|arna|erna|orna)?\\b";
const sv = (words: string) => new RegExp(`(?:${words})${SV}`);

export const SWEDISH_AISLES: [Aisle, RegExp][] = [
  ["Frozen", /\bfryst|\bdjupfryst/],
  [
    "Tins & jars",
    sv(
      "buljong|\\bfond|(?<!grona |haricots )bon[ao]|kikart|kikarto|lins|tomatpure|krossade tomat|passerade tomat|passata|kokosmjolk|tonfisk|sylt|marmelad|jordnotssmor|oliv|kapris",
    ),
  ],
  [
    "Spices & seasonings",
    sv(
      "salt|(?<!chili)peppar|pepparkorn|paprikapulver|spiskummin|kummin|kanel|muskot|muskotnot|gurkmeja|oregano|torkad \\w+|chiliflingor|chilipulver|curry|garam masala|kryddnejlik|kryddpeppar|kardemumma|lagerblad|vanilj|vaniljstang|vaniljsocker|krydd|vitlokspulver|lokpulver|saffran|fankalsfro|korianderfro|senapsfro|stjarnanis",
    ),
  ],
  [
    "Baking",
    sv(
      "mjol|socker|bakpulver|bikarbonat|\\bjast|kakao|choklad|majsstarkelse|maizena|polenta|honung|lonnsirap|sirap|gelatin|mandel|mandlar|havregryn|notter|nottar|russin|chiafro|linfro|sesamfro|solrosfro|pumpafro|kokosflingor|riven kokos",
    ),
  ],
  [
    "Oils, vinegars & sauces",
    sv("olja|vinager|attika|sojasas|sas|fisksas|ketchup|majonnas|senap|miso|tahini|dressing"),
  ],
  [
    "Pasta, rice & grains",
    sv(
      "pasta|spagetti|spaghetti|penne|makaron|nudel|nudlar|lasagne|lasagneplatt|tagliatelle|gnocchi|tortellini|ravioli|\\bris|jasminris|basmatiris|risottoris|quinoa|couscous|bulgur|\\bkorn|matvete|hirs|strobrod|panko|gryn",
    ),
  ],
  [
    "Dairy & eggs",
    sv(
      "mjolk|filmjolk|karnmjolk|smor|gradde|vispgradde|matlagningsgradde|creme fraiche|\\bost|\\w+ost|parmesan|mozzarella|feta|ricotta|yoghurt|kvarg|keso|\\bagg|aggula|aggvita|ghee|mascarpone|halloumi|graddfil",
    ),
  ],
  [
    "Meat & fish",
    sv(
      "kyckling\\w*|\\w*kott|\\w*fars|notfars|flask\\w*|\\w*flask|lamm\\w*|kalkon|bacon|skinka|korv|prinskorv|biff|entrecote|\\bkalv\\w*|anka|ankbrost|prosciutto|pancetta|chorizo|lax|torsk|fisk|raka|rakor|musslor|sardell|ansjovis|forell|makrill|\\bsej|kolja|\\bgos|blackfisk|kottbullar|file|filea",
    ),
  ],
  [
    "Bakery",
    sv(
      "brod|limpa|baguette|fralla|frallor|bulle|bullar|tortilla|pitabrod|naan|brioche|croissant|knackebrod|tunnbrod",
    ),
  ],
  [
    "Drinks",
    sv(
      "\\bvin|vitt vin|rodvin|vitvin|\\bol|kaffe|\\bte|kolsyrat vatten|mineralvatten|\\brom|konjak|vodka|whisky|cider|sherry|portvin",
    ),
  ],
  [
    "Produce",
    sv(
      "lok|klyft|vitloksklyft|ingefara|citron|lime|apelsin|apple|applen|paron|banan|\\w+bar|hallon|lingon|tomat|potatis|morot|morotter|selleri|blekselleri|gurka|gurkor|zucchini|aubergine|paprika|spetspaprika|chili|chilipeppar|jalapeno|spenat|kal|sallad|ruccola|mangold|pak choi|broccoli|svamp|champinjon|kantarell|orter|persilja|koriander|basilika|mynta|dill|rosmarin|timjan|salvia|avokado|majs|arter|artor|sockerartor|haricots verts|grona bonor|pumpa|sotpotatis|rodbet|rodbetor|radis|radisor|fankal|sparris|citrongras|frukt|gronsak|gronsaker|mango|ananas|persika|persikor|plommon|vindruv|vindruvor|korsbar|melon|vattenmelon|kiwi|fikon|aprikos|granatapple",
    ),
  ],
];
