// A line that asks the cook to have the pantry's staples at hand ("Make sure you have…",
// "Assurez-vous d'avoir…") over the oil, salt and pepper a meal kit does not send: it names the
// group of lines after it, as a group's heading does, and is no ingredient itself.
const PANTRY_HEAD =
  /^(?:make sure you have|be sure (?:to|you) have|assurez-vous d['’]avoir|vérifiez que vous avez|asegúrate de tener|asegurate de tener|asegúrese de tener|assicurati di avere|assicuratevi di avere)(?:\s+(?:on hand|at hand|in your (?:pantry|kitchen)|sous la main|à portée de main|a mano|en casa|in casa|en tu despensa|in dispensa))?\s*(?:\.{2,}|…|:)?\s*$/iu;

/** The group heading a pantry line makes ("Make sure you have…" → "Make sure you have"), else null. */
export function pantryHead(text: string): string | null {
  const t = text.trim();
  return PANTRY_HEAD.test(t) ? t.replace(/\s*(?:\.{2,}|…|:)\s*$/u, "") : null;
}
