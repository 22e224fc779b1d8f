// A catalogue key no code names is a sentence translated eight times for nothing, and hides which
// words a screen really shows. Keys are named whole as string literals (the type check holds t()
// to them), so a key is used when its full name appears quoted in a source.

/** The keys ("<namespace>.<key>") that none of the sources names in quotes. */
export function unusedKeys(keys: readonly string[], sources: readonly string[]): string[] {
  const text = sources.join("\n");
  return keys.filter((k) => !['"', "'", "`"].some((q) => text.includes(`${q}${k}${q}`)));
}
