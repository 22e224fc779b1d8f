import { describe, expect, it } from "vitest";
import { CaselessScan } from "./caselessScan.ts";
import { CaselessWords, FOLD_APART } from "./caselessWords.ts";
import { ALSO_NEEDED, PART_NAME, WITH_ITS_USE } from "./genericIngredients.ts";
import {
  ACTION_LINE,
  ALLERGEN_NOTE,
  DETAIL_LINE,
  FEEDBACK_LINE,
  NOISE_LINE,
  NOTE_LINE,
  PAGE_SECTION,
  SERVING_LINE,
  STEP_LABEL,
} from "./genericLines.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS, OTHER_SECTION } from "./sectionWords.ts";
import { CASELESS_SCANS, CASELESS_WORDS } from "./timesAndYields.ts";

// Every code point but the surrogates, as one string, and each alone.
const points: string[] = [];
for (let c = 0; c <= 0x10ffff; c++) if (c < 0xd800 || c > 0xdfff) points.push(String.fromCodePoint(c));
const all = points.join("");
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The letters a pattern's source names, class ranges ("a-z") spelled out; escapes (\p{L}, \s) left out.
function lettersOf(source: string): Set<string> {
  const letters = new Set<string>();
  const bare = source.replace(/\\[pP]\{\w+\}|\\[sdwbSDWB]/g, "");
  for (const [, from, to] of bare.matchAll(/(\p{L})-(\p{L})/gu))
    for (let c = from!.codePointAt(0)!; c <= to!.codePointAt(0)!; c++) letters.add(String.fromCodePoint(c));
  for (const c of bare) if (/\p{L}/u.test(c)) letters.add(c);
  return letters;
}

// Text characters outside FOLD_APART that the pattern with `iu` and its lower-case twin on the
// lower-cased text would read differently: none may be left.
function foldsApart(source: string): string[] {
  const odd = new Set<string>();
  for (const p of lettersOf(source)) {
    const folded = new Set(all.match(new RegExp(escape(p), "giu")));
    for (const x of folded) if (x.toLowerCase() !== p) odd.add(x);
    for (const x of all.match(new RegExp(escape(p), "gu")) ?? []) if (!folded.has(x)) odd.add(x);
  }
  for (const x of points) {
    const l = x.toLowerCase();
    if (l.length !== x.length || /\p{L}/iu.test(x) !== /\p{L}/u.test(l) || /\w/iu.test(x) !== /\w/u.test(l))
      odd.add(x);
  }
  odd.add("\u03a3"); // its lower case depends on the next letter
  return [...odd].filter((x) => !FOLD_APART.test(x));
}

describe("CaselessWords", () => {
  const lists = {
    INGREDIENT_WORDS,
    INSTRUCTION_WORDS,
    OTHER_SECTION,
    PAGE_SECTION,
    STEP_LABEL,
    NOISE_LINE,
    SERVING_LINE,
    ACTION_LINE,
    ALLERGEN_NOTE,
    DETAIL_LINE,
    NOTE_LINE,
    FEEDBACK_LINE,
    PART_NAME,
    ALSO_NEEDED,
    WITH_ITS_USE,
    ...CASELESS_WORDS,
  };

  it.each(Object.entries(lists))("%s reads as its case-insensitive pattern on every character", (_, list) => {
    expect(list).toBeInstanceOf(CaselessWords);
    // Written in lower case, with no capturing group: the match's text is all `exec` gives back.
    expect(lettersOf(list.source.replace(/\\[pP]\{\w+\}/g, "")).size).toBeGreaterThan(0);
    expect([...list.source.replace(/\\[pP]\{\w+\}/g, "")].filter((c) => c !== c.toLowerCase())).toEqual([]);
    expect(/(?<!\\)\((?!\?)/.test(list.source)).toBe(false);
    expect(foldsApart(list.source)).toEqual([]);
  });

  // CaselessScan's patterns: lower case, every character read as with `iu`; groups may capture
  // (their text is sliced from the text as written), but none is named (`groups` would be lower case).
  it.each(Object.entries(CASELESS_SCANS))(
    "%s (CaselessScan) reads as its `giu` pattern on every character",
    (_, scan) => {
      expect(scan).toBeInstanceOf(CaselessScan);
      expect([...scan.source.replace(/\\[pP]\{\w+\}/g, "")].filter((c) => c !== c.toLowerCase())).toEqual([]);
      expect(/\(\?<[^=!]/.test(scan.source)).toBe(false);
      expect(foldsApart(scan.source)).toEqual([]);
    },
  );

  it("gives the answers and the matched text of the `iu` pattern, text as written", () => {
    const words = new CaselessWords(/^(?:zutaten|ingredients?|υλικά|συστατικά)(?![\p{L}])/u);
    const iu = new RegExp(words.source, "iu");
    for (const t of [
      "Zutaten:",
      "INGREDIENTS list",
      "ingredientes",
      "ΥΛΙΚΆ",
      "ΣΥΣΤΑΤΙΚΆ",
      "ſyſtem",
      "Ingredient\u017F",
    ]) {
      expect(words.test(t)).toBe(iu.test(t));
      expect(words.exec(t)?.[0]).toBe(iu.exec(t)?.[0]);
    }
    expect(words.exec("Zutaten:")?.[0]).toBe("Zutaten");
    expect(words.exec("ΣΥΣΤΑΤΙΚΆ")?.[0]).toBe("ΣΥΣΤΑΤΙΚΆ");
  });

  it("refuses a pattern with other flags than `u`", () => {
    expect(() => new CaselessWords(/zutaten/iu)).toThrow(/flags/);
  });
});
