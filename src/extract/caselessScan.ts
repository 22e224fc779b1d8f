import { FOLD_APART } from "./caselessWords.ts";

// CaselessWords' saving for the patterns run over a page's whole text with `matchAll` and capture
// groups (scanTimes' labels, findYield's counts): compiling a long list with `iu` costs V8 about
// twice what it costs with `u` alone (bench/README.md, h-perf2), and each extraction thread pays it.
// The list in lower case with `u` is run on the text's lower case, made once for all the patterns
// of a scan (caseText); the match and its groups are then sliced from the text as written at the
// same places (the `d` flag's indices): lower-casing keeps each character's position, and a text
// holding a character whose lower case `iu` reads otherwise (FOLD_APART) is read by the `iu`
// pattern itself, compiled then. Same matches, groups and order (caselessScan.test.ts).

/** A text and its lower case, or null when a character of it must be read by the `iu` pattern. */
export interface CaseText {
  readonly text: string;
  readonly lower: string | null;
}

/** The text with its lower case, once for every CaselessScan run over it. */
export function caseText(text: string): CaseText {
  return { text, lower: FOLD_APART.test(text) ? null : text.toLowerCase() };
}

/**
 * A global pattern written in lower case with `gu` (no named group), matched over a CaseText as
 * the same pattern with `giu` is over its text: the same matches, each group as the text writes it.
 */
export class CaselessScan {
  readonly source: string;
  private readonly lower: RegExp;
  private folded: RegExp | null = null;

  constructor(lower: RegExp) {
    if (lower.flags !== "gu") throw new Error(`CaselessScan: flags "${lower.flags}", not "gu"`);
    this.source = lower.source;
    this.lower = new RegExp(lower.source, "dgu");
  }

  *matchAll(t: CaseText): Generator<RegExpExecArray> {
    if (t.lower === null) {
      yield* t.text.matchAll((this.folded ??= new RegExp(this.source, "giu")));
      return;
    }
    for (const m of t.lower.matchAll(this.lower)) {
      const at = m.indices!;
      for (let k = 0; k < m.length; k++) {
        const span = at[k];
        m[k] = span ? t.text.slice(span[0], span[1]) : (undefined as unknown as string);
      }
      m.input = t.text;
      yield m;
    }
  }
}
