// A line of the ingredient list that names the tools the dish needs besides its ingredients
// ("Außerdem: breite, ofenfeste Pfanne, Fleischthermometer", "You will need: a skillet, a
// thermometer"): a cook buys and weighs none of it, and recipe data leaves it out of the list.

// The label such a line opens with: "besides", "also", "you will need" in the languages read.
const LABEL =
  /^(?:außerdem|ausserdem|zusätzlich|dazu|sonst|you(?:['’]ll| will)(?: also)? need|also|plus|besides|(?:special )?equipment|tools|en plus|il vous faut|vous aurez besoin de|matériel|ustensiles|además|necesitarás|utensilios|inoltre|ti servirà|ti serviranno|occorrente|attrezzatura|verder|daarnaast|benodigdheden)\s*[:：]\s*/iu;

// Tools by the last word of their name ("baking sheet", "meat thermometer").
const TOOL_WORD =
  /^(?:pans?|skillets?|pots?|woks?|thermometers?|sheets?|trays?|bowls?|whisks?|mixers?|blenders?|processors?|spatulas?|knife|knives|boards?|pins?|graters?|sieves?|strainers?|colanders?|tins?|mou?lds?|dish|dishes|ramekins?|paper|foil|wrap|film|nozzles?|skewers?|griddles?|ladles?|tongs|peelers?|zesters?|mandoline|scales?|cheesecloth|twine|toothpicks?|towels?|cutters?|casseroles?|oven|cookers?|fryer|racks?|lids?)$/iu;
// German tools by the end of their compound ("Fleischthermometer", "Springform", "Backpapier").
const TOOL_COMPOUND =
  /(?:pfanne|pfannen|töpfe|thermometer|form|formen|förmchen|blech|bleche|schüssel|schüsseln|sieb|rührgerät|messer|brett|schneebesen|reibe|kelle|spritzbeutel|gefrierbeutel|tülle|folie|papier|spieß|spieße|gitter|nudelholz|teigrolle|küchengarn|zahnstocher|mörser|stabmixer|pürierstab|maschine|ausstecher|gläser|bräter|deckel)$/iu;
// Tools by the first word of their name, as French, Spanish and Italian write them ("moule à manqué").
const TOOL_START =
  /^(?:poêle|casserole|cocotte|thermomètre|moule|plaque|saladier|bol|fouet|mixeur|robot|papier|film|couteau|planche|rouleau|tamis|passoire|plat|poche|douille|cercle|emporte-pièce|sartén|olla|cazo|cazuela|termómetro|molde|bandeja|cuenco|batidora|varillas|papel|cuchillo|tabla|rodillo|colador|fuente|padella|pentola|casseruola|termometro|stampo|teglia|ciotola|frusta|frullatore|carta|pellicola|coltello|tagliere|mattarello|colino|setaccio|tortiera)$/iu;
// Articles and counts before a tool's name.
const ARTICLE =
  /^(?:a|an|the|some|one|two|\d+|ein|eine|einen|einer|zwei|un|une|des|du|de la|le|la|les|deux|uno|una|unos|unas|el|dos|il|lo|gli|due|della|del|een|de|het|twee)\s+/iu;
// What a part names ends before what the tool is for or lined with ("Öl für die Form": the oil);
// what it holds stays ("a jar of pesto": no tool).
const PURPOSE =
  /\s(?:(?:lined|greased|fitted|ausgelegt|gefettet)\s)?(?:für|fürs|zum|zur|mit|for|to|with|pour|à|au|aux|avec|para|con|per|met|voor)\s.*$/iu;

const isTool = (part: string): boolean => {
  const words = part.split(/\s+/u);
  const last = words.at(-1)!;
  return (
    TOOL_WORD.test(last) || (/^\p{Lu}/u.test(last) && TOOL_COMPOUND.test(last)) || TOOL_START.test(words[0]!)
  );
};

/**
 * Whether a line is a label over tools only ("Außerdem: breite, ofenfeste Pfanne,
 * Fleischthermometer"): each part of it, past its article and before what it is for, a tool's
 * name; an adjective set apart by a comma ("breite, ofenfeste Pfanne") counts with the tool after
 * it. An ingredient among them ("Also: butter, a skillet", "Außerdem: Öl für die Form") keeps the line.
 */
export function toolsLine(text: string): boolean {
  const label = LABEL.exec(text.trim());
  if (!label || text.length > 160) return false;
  const raw = text
    .trim()
    .slice(label[0].length)
    .replace(/[.;…]+$/u, "")
    .split(/\s*,\s*|\s+(?:und|and|et|y|e|en|oder|or|ou|o)\s+/iu)
    .map((p) => p.replace(/\([^()]*\)/gu, "").trim())
    .filter(Boolean);
  const parts = raw.map((p) => p.replace(ARTICLE, "").replace(PURPOSE, "").trim());
  if (!parts.length) return false;
  return parts.every((p, i) => {
    if (isTool(p)) return true;
    // A lone adjective in lower case before a tool named with its own adjective and no article
    // ("breite, ofenfeste Pfanne"; "butter, a heavy skillet" names an ingredient first).
    const next = raw[i + 1];
    return (
      /^\p{Ll}+$/u.test(p) &&
      !!next &&
      !ARTICLE.test(next) &&
      /^\p{Ll}+\s/u.test(next) &&
      isTool(parts[i + 1]!)
    );
  });
}
