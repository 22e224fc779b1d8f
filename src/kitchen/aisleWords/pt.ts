import type { Aisle } from "../aisleNames.ts";

// Portuguese aisle words (Portugal's and Brazil's), whole words with their plurals ("cebolas",
// "limões" folded to "limoes").
const pt = (words: string) => new RegExp(`\\b(?:${words})(?:s|es)?\\b`);

export const PORTUGUESE_AISLES: [Aisle, RegExp][] = [
  ["Frozen", /\bcongelad[oa]s?\b/],
  [
    "Tins & jars",
    pt(
      "caldo|enlatad[oa]|em lata|de conserva|feijao(?! verde)|feijoes(?! verdes)|grao-de-bico|grao de bico|lentilha|polpa de tomate|concentrado de tomate|extrato de tomate|massa de tomate|passata|leite de coco|atum|compota|geleia|manteiga de amendoim|azeitona|alcaparra",
    ),
  ],
  [
    "Spices & seasonings",
    pt(
      "sal|sal grosso|flor de sal|pimenta|pimenta preta|colorau|paprica|paprika|cominhos?|canela|noz-moscada|noz moscada|curcuma|acafrao-da-terra|oregaos?|caril|curry|cravinho|cravo-da-india|cardamomo|louro|folhas? de louro|baunilha|especiaria|alho em po|cebola em po|acafrao|anis estrelado|sementes de (?:funcho|coentros|mostarda)",
    ),
  ],
  [
    "Baking",
    pt(
      "farinha(?! de rosca)|acucar|fermento|bicarbonato|cacau|chocolate|amido de milho|maizena|polenta|mel|xarope|gelatina|amendoa|noz|nozes|avela|pistacio|amendoim|amendoins|pinhao|pinhoes|passa|uvas passas|flocos de aveia|aveia|sementes de (?:chia|linhaca|sesamo|girassol|abobora)|coco ralado",
    ),
  ],
  [
    "Oils, vinegars & sauces",
    pt("azeite|oleo|vinagre|molho de soja|molho|ketchup|maionese|mostarda|miso|tahini"),
  ],
  [
    "Pasta, rice & grains",
    pt(
      "massa|esparguete|espaguete|penne|macarrao|talharim|lasanha|noodle|gnocchi|nhoque|ravioli|arroz|quinoa|cuscuz|bulgur|cevada|pao ralado|farinha de rosca|panko",
    ),
  ],
  [
    "Dairy & eggs",
    pt(
      "leite|leitelho|manteiga|nata|natas|creme de leite|queijo|parmesao|mozarela|mozzarella|feta|ricota|requeijao|iogurte|ovo|gema|clara|ghee|mascarpone",
    ),
  ],
  [
    "Meat & fish",
    pt(
      "frango|peito de frango|carne|carne picada|carne moida|vaca|novilho|porco|lombo|borrego|cordeiro|peru|bacon|toucinho|presunto|fiambre|chourico|linguica|salsicha|bife|vitela|pato|entrecosto|costeleta|almondega|salmao|bacalhau|peixe|camarao|camaroes|gamba|mexilhao|mexilhoes|ameijoa|vieira|anchova|truta|cavala|sardinha|dourada|robalo|lula|polvo",
    ),
  ],
  ["Bakery", pt("pao|paes|baguete|baguette|carcaca|tortilha|tortilla|pita|naan|brioche|croissant|broa")],
  [
    "Drinks",
    pt(
      "vinho|vinho branco|vinho tinto|cerveja|cafe|cha|agua com gas|rum|brandy|aguardente|vodka|whisky|vinho do porto",
    ),
  ],
  [
    "Produce",
    pt(
      "cebola|cebolinho|chalota|alho|dentes? de alho|alho-frances|gengibre|limao|limoes|lima|laranja|maca|pera|banana|morango|framboesa|mirtilo|tomate|tomate cereja|batata|batata-doce|batata doce|cenoura|aipo|pepino|courgette|curgete|abobrinha|beringela|berinjela|pimento|pimentao|pimentoes|malagueta|piri-piri|espinafre|couve|couve-flor|brocolo|brocolos|brocolis|cogumelo|erva|salsa|coentro|coentros|manjericao|hortela|endro|alecrim|tomilho|salva|abacate|milho|ervilha|feijao verde|feijoes verdes|abobora|beterraba|rabanete|funcho|espargo|aspargo|alface|rucula|manga|ananas|abacaxi|pessego|ameixa|uva|cereja|melao|melancia|kiwi|figo|damasco|roma|fruta|legume|hortalica",
    ),
  ],
];
