/**
 * A page (or file) that holds several recipes: the draft is the main one and the others ride along
 * as `alternates`. A single import says so in a warning, so the cook learns there are more and how
 * to get them; a bulk job makes each one its own entry instead (src/services/collectionPages.ts).
 */

/**
 * The warning a draft with alternates carries, naming every recipe of the page (or of the text,
 * a PDF or a scan: those have no address to import in bulk, so each part is imported alone).
 */
export function severalRecipesWarning(
  main: string,
  alternates: readonly { name: string }[],
  where: "page" | "text" = "page",
): string {
  const names = [main, ...alternates.map((a) => a.name)].map((n) => `“${n.trim() || "untitled"}”`);
  const list =
    names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join(" and ");
  const how =
    where === "page"
      ? "Import the page in Move in & out (a bulk import of its address) to save each one."
      : "Import each recipe's part of the text on its own to save it.";
  return `This ${where} holds ${names.length} recipes: ${list}. This draft is the first; the others are kept beside it (alternates). ${how}`;
}

/** Whether a warning is the one above (a bulk job drops it: there each recipe is its own entry). */
export const isSeveralRecipesWarning = (w: string): boolean =>
  /^This (page|text) holds \d+ recipes: /.test(w) && w.includes("(alternates)");
