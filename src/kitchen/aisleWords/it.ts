import type { Aisle } from "../aisleNames.ts";

// Italian aisle words, whole words; an Italian plural changes the last letter ("cipolla",
// "cipolle"; "pomodoro", "pomodori"), so the rows name a stem with its endings.
const it = (words: string) => new RegExp(`\\b(?:${words})\\b`);

export const ITALIAN_AISLES: [Aisle, RegExp][] = [
  ["Frozen", /\bsurgelat[oaie]\b/],
  [
    "Tins & jars",
    it(
      "brodo|dado|dadi|in scatola|fagioli|fagioli \\w+|ceci|lenticchie|concentrato di pomodoro|passata(?: di pomodoro)?|polpa di pomodoro|pelati|pomodori pelati|latte di cocco|tonno|marmellata|confettura|burro di arachidi|olive|capperi",
    ),
  ],
  [
    "Spices & seasonings",
    it(
      "sale|sale grosso|sale fino|pepe|pepe nero|paprika|cumino|cannella|noce moscata|curcuma|origano|curry|chiodi di garofano|cardamomo|alloro|foglie di alloro|vaniglia|bacca di vaniglia|spezie|aglio in polvere|zafferano|peperoncino (?:in polvere|secco)|semi di (?:finocchio|coriandolo|senape)|anice stellato",
    ),
  ],
  [
    "Baking",
    it(
      "farina|zucchero|zucchero a velo|lievito|bicarbonato|cacao|cioccolato|fecola|amido di mais|maizena|polenta|miele|sciroppo|gelatina|colla di pesce|mandorl[ae]|noci|nocciol[ae]|pistacchi|arachidi|pinoli|uvetta|uva passa|fiocchi d'avena|avena|semi di (?:chia|lino|sesamo|girasole|zucca)|cocco rape|farina di cocco",
    ),
  ],
  [
    "Oils, vinegars & sauces",
    it("olio|aceto|aceto balsamico|salsa di soia|sals[ae]|ketchup|maionese|senape|miso|tahin[ai]"),
  ],
  [
    "Pasta, rice & grains",
    it(
      "pasta|spaghetti|penne|maccheroni|rigatoni|fusilli|farfalle|tagliatelle|linguine|lasagne|orecchiette|pappardelle|tortellini|ravioli|gnocchi|riso|riso \\w+|quinoa|couscous|bulgur|orzo|farro|miglio|pangrattato|pan grattato|panko|vermicelli|noodles",
    ),
  ],
  [
    "Dairy & eggs",
    it(
      "latte|latticello|burro|panna|panna \\w+|formaggio|formaggi|parmigiano|grana padano|pecorino|mozzarell[ae]|feta|ricotta|yogurt|uovo|uova|tuorl[oi]|album[ei]|ghee|mascarpone|gorgonzola|stracchino|fontina|provola|scamorza|burrata",
    ),
  ],
  [
    "Meat & fish",
    it(
      "pollo|petto di pollo|manzo|vitello|maiale|agnello|tacchino|pancetta|guanciale|speck|salsicci[ae]|prosciutto|carne|carne macinata|macinato|bistecc(?:a|he)|anatra|salame|mortadella|salmone|merluzzo|baccala|pesce|gamber[io]|gamberetti|cozze|vongole|capesante|acciughe|alici|trota|sgombro|orata|branzino|spigola|calamari|polpo|seppie|polpette|costine",
    ),
  ],
  [
    "Bakery",
    it(
      "pane|pane \\w+|baguette|panini|piadin[ae]|tortill[ae]|pita|naan|brioche|cornetti|croissant|focaccia|grissini",
    ),
  ],
  [
    "Drinks",
    it(
      "vino|vino bianco|vino rosso|birra|caffe|te|acqua frizzante|rum|brandy|vodka|whisky|grappa|marsala|prosecco",
    ),
  ],
  [
    "Produce",
    it(
      "cipoll[ae]|cipollott[oi]|scalogn[oi]|aglio|spicchi[o]? d'aglio|zenzero|limon[ei]|lime|arance?|arancia|mel[ae]|per[ae]|banan[ae]|fragol[ae]|lamponi|mirtilli|frutti di bosco|pomodor[oi]|pomodorini|patat[ae]|patate dolci|carot[ae]|sedano|cetriol[oi]|zucchin[ae]|melanzan[ae]|peperon[ei]|peperoncin[oi]|spinaci|cavol[oi]|cavolfiore|broccoli|funghi|fungo|erbe|prezzemolo|coriandolo|basilico|menta|aneto|rosmarino|timo|salvia|erba cipollina|porr[oi]|avocado|mais|piselli|fagiolini|zucca|barbabietol[ae]|ravanell[oi]|finocchi[o]?|asparagi|lattuga|insalata|rucola|mango|ananas|pesch[ae]|prugn[ae]|uva|cilieg(?:ia|ie|e)|melone|anguria|kiwi|fichi|albicocch[ae]|melograno|frutta|verdur[ae]|carciof[oi]|bietol[ae]",
    ),
  ],
];
