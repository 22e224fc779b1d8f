import { z } from "zod";

// Value readers shared by every family's config schema (src/config.ts composes them).

/** A boolean that also reads "true"/"1"/"yes"/"on" and their opposites (environment variables). */
export function zBool() {
  return z.preprocess((v) => {
    if (typeof v !== "string") return v;
    const s = v.trim().toLowerCase();
    if (["true", "1", "yes", "on"].includes(s)) return true;
    if (["false", "0", "no", "off"].includes(s)) return false;
    return v;
  }, z.boolean());
}

/** A list that also reads a comma-separated string (environment variables). */
export function zList() {
  return z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().min(1)),
  );
}
