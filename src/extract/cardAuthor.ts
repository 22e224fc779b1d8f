// The author a recipe card names (WP Recipe Maker's, Tasty's… author field), for the rule that
// prefers a person to the site's brand (authorPerson.ts).
import type { Element } from "domhandler";
import { PLUGINS, rootNames } from "./cardPlugins.ts";
import { rootNamesInTree } from "./cardRootNames.ts";
import type { Document } from "./dom.ts";
import { labelled, text } from "./pageBlocks.ts";
import { personName } from "./schemaRecipe.ts";
import * as css from "./cardSelector.ts";

/**
 * The author the first plugin card on the page names (its author field, label and link text
 * dropped); a card's snippet ("Jump to recipe") before the whole card names none. A card's root
 * is searched for only when some element bears one of its names (one walk answers every card):
 * a search per card walked the whole tree six times, on every page whose author is its brand.
 */
export function cardAuthor(doc: Document): string | null {
  let named: Set<string> | null = null;
  for (const p of PLUGINS) {
    if (!p.author) continue;
    named ??= rootNamesInTree(doc);
    if (!rootNames(p).some((n) => named!.has(n))) continue;
    for (const root of css.selectAll(p.root, doc) as unknown as Element[]) {
      const author = labelled(text(css.selectOne(p.author, root)));
      if (author) return personName(author) || null;
    }
  }
  return null;
}
