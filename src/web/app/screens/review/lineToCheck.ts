// The mark on a line that text recognition was unsure of (a photo or a scan): what it read and
// why to look, until the cook changes the line.
import { el } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import type { EditorContext } from "./reviewContext.ts";

/** The note under a line the draft names to check, or null (none, or the cook has changed it). */
export function lineToCheck(
  ctx: EditorContext,
  field: "ingredients" | "instructions",
  i: number,
  text: string,
): HTMLElement | null {
  const c = ctx.draft?.linesToCheck?.find((l) => l.field === field && l.index === i && l.text === text);
  if (!c) return null;
  // The source's words are chosen inside each message: each language bends them its own way.
  const source = ctx.source ?? "original";
  return el(
    "p",
    { class: "unsure-note to-check" },
    // An amount corrected or unsure: the cook is shown what was read, to compare with the source.
    c.reason !== "low_confidence"
      ? t("review.checkAmount", { source, read: c.read })
      : t("review.checkLine", { source }),
  );
}
