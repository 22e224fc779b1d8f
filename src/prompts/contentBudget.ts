// Hand-written: "importance trimming" of the spec is specific: keep recipe sections first,
// then headings and lists, then prose, in the original order.

const RECIPE_SECTION =
  /\b(ingredients?|instructions?|method|directions?|steps?|preparation|zutaten|zubereitung|ingrédients|préparation|ingredientes|preparación|preparacion|modo de preparo|ingredienti|procedimento|preparazione|ingrediënten|bereiding|ingredienser|gör så här|instruktioner)\b/i;

/**
 * Cuts a text snapshot (headings "# ", list items "- ", paragraphs) to `budget` characters.
 * Lines are kept by importance (ingredient and instruction sections, then headings and lists,
 * then everything else) and written back in their original order.
 */
export function budgetContent(snapshot: string, budget: number): { text: string; truncated: boolean } {
  if (snapshot.length <= budget) return { text: snapshot, truncated: false };
  const lines = snapshot.split("\n");
  let inRecipe = false;
  const ranked = lines.map((line, i) => {
    if (line.startsWith("# ")) inRecipe = RECIPE_SECTION.test(line);
    const priority = inRecipe ? 0 : line.startsWith("# ") || line.startsWith("- ") ? 1 : 2;
    return { i, line, priority };
  });
  const order = [...ranked].sort((a, b) => a.priority - b.priority || a.i - b.i);
  const keep = new Set<number>();
  let used = 0;
  for (const r of order) {
    const cost = r.line.length + 1;
    if (used + cost > budget) {
      if (r.priority === 0 && used < budget) {
        // A long recipe line still gets what fits.
        keep.add(r.i);
        ranked[r.i]!.line = r.line.slice(0, Math.max(0, budget - used - 1));
        used = budget;
      }
      continue;
    }
    keep.add(r.i);
    used += cost;
  }
  return {
    text: ranked
      .filter((r) => keep.has(r.i))
      .map((r) => r.line)
      .join("\n"),
    truncated: true,
  };
}
