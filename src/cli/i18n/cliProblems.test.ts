import { afterEach, describe, expect, it, vi } from "vitest";
import { ERRORS } from "../../errors.ts";
import { addCommand } from "../add.ts";
import { PROBLEM_CODES, PROBLEM_WORDS, problemWords, sayProblem } from "./cliProblems.ts";
import type { CliLanguage } from "./cliWords.ts";
import { englishLeftovers } from "./englishLeftovers.ts";
import type { ProblemWords } from "./problems/problemCodes.ts";

// `ladle add` on a Ladle whose import is refused: the answer the CLI relays, and nothing else.
const refused = { ok: false, code: "URL_NOT_ALLOWED", message: ERRORS.URL_NOT_ALLOWED.message };
vi.mock("../../app/ladle.ts", () => ({
  Ladle: {
    start: async () => ({
      users: { localAdmin: async () => ({ id: "u1", name: "admin", role: "admin" }) },
      tasks: { create: async () => refused },
      stop: async () => {},
    }),
  },
}));

/** The English words left in each sentence of `words`. */
function leftovers(words: ProblemWords, lang: CliLanguage): string[] {
  return Object.entries(words).flatMap(([code, text]) => {
    const found = englishLeftovers(text, lang);
    return found.length ? [`${lang}.${code}: ${found.join(", ")}`] : [];
  });
}

describe("the server's problems in the CLI's eight languages", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("lists only codes the server has, and each language says each one", () => {
    for (const code of PROBLEM_CODES) expect(ERRORS, code).toHaveProperty(code);
    for (const [lang, words] of Object.entries(PROBLEM_WORDS))
      for (const code of PROBLEM_CODES) {
        expect(words[code]?.trim(), `${lang}.${code}`).toBeTruthy();
        expect(words[code], `${lang}.${code}`).not.toBe(ERRORS[code].message);
      }
  });

  it("leaves no English word in any sentence of any language", () => {
    expect(Object.entries(PROBLEM_WORDS).flatMap(([lang, w]) => leftovers(w, lang as CliLanguage))).toEqual(
      [],
    );
  });

  it("sees a planted English sentence", () => {
    const planted = { ...PROBLEM_WORDS.sv, FETCH_FAILED: "The page could not be fetched." };
    expect(leftovers(planted, "sv")).toEqual(["sv.FETCH_FAILED: the, page, not"]);
  });

  it("keeps the server's message in English and for a code it has no sentence for, the code in front", () => {
    expect(sayProblem("RECIPE_NOT_FOUND", "Recipe does not exist.", "en")).toBe(
      "RECIPE_NOT_FOUND: Recipe does not exist.",
    );
    expect(sayProblem("SOMETHING_NEW", "Something new.", "de")).toBe("SOMETHING_NEW: Something new.");
    expect(sayProblem("RECIPE_NOT_FOUND", ERRORS.RECIPE_NOT_FOUND.message, "de")).toBe(
      "RECIPE_NOT_FOUND: Dieses Rezept gibt es nicht; prüfe seine Nummer.",
    );
  });

  it("puts what the server said of its own beside the sentence", () => {
    expect(problemWords("INVALID_REQUEST", "Ask for at most 62 days of the plan at once.", "fr")).toBe(
      `${PROBLEM_WORDS.fr.INVALID_REQUEST} (Ask for at most 62 days of the plan at once.)`,
    );
  });

  it("ladle add in German says a refused page in German, with the code", async () => {
    vi.stubEnv("LADLE_LANG", "de");
    let stderr = "";
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
      stderr += String(s);
      return true;
    });
    try {
      expect(await addCommand(["https://example.test/kuchen"])).toBe(1);
    } finally {
      spy.mockRestore();
    }
    const line = stderr.split("\n").find((l) => l.startsWith("ladle add: URL_NOT_ALLOWED: "));
    expect(line).toBe("ladle add: URL_NOT_ALLOWED: Diese Adresse darf Ladle nicht abrufen.");
    expect(englishLeftovers(stderr, "de")).toEqual([]);
  });
});
