// A long case-insensitive word list (`/…/iu`: section names in 40 languages) costs V8 twice what
// the same list costs case-sensitive to compile (each literal letter's case equivalents are looked
// up in ICU, for the bytecode and again for the native code of each string width), and every
// extraction thread compiles it again: the two section-word lists were the costliest patterns of a
// cold thread (13 ms each, bench/regexpCompileCost.ts). Written in lower case, such a list matches
// a line's lower-cased text case-sensitively at the same places: lower-casing keeps each character's
// position, and a letter of the list equals a text character's lower case exactly when `iu` would
// match them — except for a handful of characters (below) whose lower case differs from their
// Unicode case folding (the long s, the micro sign, Greek symbol forms, old Cyrillic forms) or is
// longer (İ) or depends on its neighbours (Σ). A line holding one is matched by the `iu` pattern
// itself, compiled then, so the answers never differ (caselessWords.test.ts checks the set against
// every code point for each list).

/** Characters matched by the case-insensitive pattern itself (see above); the combining ypogegrammeni apart (a class would join it to the letter before). */
export const FOLD_APART =
  /\u0345|[\u00b5\u0130\u017f\u03a3\u03c2\u03c3\u03d0\u03d6\u03f0\u03f1\u03f5\u1c80-\u1c88\u1e9b\u1fbe]/;

/** What a section-word list is asked: `test`, `exec` (the match's text as the line writes it), `source`. */
export type WordPattern = Pick<RegExp, "test" | "exec" | "source">;

/**
 * A word list written in lower case with the `u` flag alone (no `g` or `y`, no capturing group),
 * matched as if it had the `i` flag too: on lower-cased text (see above), same answers.
 */
export class CaselessWords implements WordPattern {
  readonly source: string;
  private readonly lower: RegExp;
  private folded: RegExp | null = null;

  constructor(lower: RegExp) {
    if (lower.flags !== "u") throw new Error(`CaselessWords: flags "${lower.flags}", not "u"`);
    this.lower = lower;
    this.source = lower.source;
  }

  test(text: string): boolean {
    return this.exec(text) !== null;
  }

  exec(text: string): RegExpExecArray | null {
    if (FOLD_APART.test(text)) return (this.folded ??= new RegExp(this.source, "iu")).exec(text);
    const m = this.lower.exec(text.toLowerCase());
    if (!m) return null;
    // The match as the line writes it, not lower-cased.
    m[0] = text.slice(m.index, m.index + m[0].length);
    m.input = text;
    return m;
  }
}
