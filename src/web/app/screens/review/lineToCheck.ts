// The mark on a line that text recognition was unsure of (a photo or a scan): what it read and
// why to look, until the cook changes the line.
import { el } from "../../lib.ts";
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
  const against = ctx.source ?? "the original";
  return el(
    "p",
    { class: "unsure-note to-check" },
    c.reason === "amount_corrected"
      ? `Check the amount against ${against}: it was read as “${c.read}”.`
      : `Check this line against ${against}: it was hard to read.`,
  );
}
