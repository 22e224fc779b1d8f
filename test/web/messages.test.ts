// The web app's one table of messages (src/web/app/ui/messages.ts): every error code the API can
// answer has a sentence for a person in every language the app speaks, and the server's words for
// API clients (codes, settings, field paths, system errors) stay under "Details".
import { afterEach, describe, expect, it } from "vitest";
import { ERRORS } from "../../src/errors.ts";
import { CATALOGUES } from "../../src/web/app/i18n/catalogues.gen.ts";
import { LANGUAGES, setLanguage, t } from "../../src/web/app/i18n/i18n.ts";
import { MESSAGES, fallback, internalWords, plainProblem } from "../../src/web/app/ui/messages.ts";

const FALLBACK = () => fallback();
const sentence = (code: string) => t(MESSAGES[code]!);

describe("the message table", () => {
  afterEach(() => setLanguage("en"));

  it("has a sentence for every code in the error catalogue, in every language", () => {
    const missing = Object.keys(ERRORS).filter((code) => !Object.hasOwn(MESSAGES, code));
    expect(missing).toEqual([]);
    for (const lang of LANGUAGES) {
      const lacking = Object.entries(MESSAGES)
        .filter(([, key]) => !CATALOGUES[lang]?.[key]?.trim())
        .map(([code]) => code);
      expect(lacking, lang).toEqual([]);
    }
  });

  it.each(LANGUAGES)(
    "says each in plain words in %s: no codes, settings or field names, and something to do",
    (lang) => {
      setLanguage(lang);
      const all = {
        ...Object.fromEntries(Object.keys(MESSAGES).map((c) => [c, sentence(c)])),
        FALLBACK: FALLBACK(),
      };
      for (const [code, said] of Object.entries(all)) {
        expect(internalWords(said), `${lang} ${code}`).toEqual([]);
        expect(said, `${lang} ${code}`).toMatch(/^\p{Lu}.*[.:/]$/su);
      }
    },
  );

  it("says a code's sentence in the language chosen, and the server's English words under Details", () => {
    setLanguage("de");
    const { text, details } = plainProblem({
      code: "INVALID_REQUEST",
      message: "Choose a name for the list.",
    });
    expect(text).toBe(CATALOGUES.de!["messages.checkForm"]);
    expect(details).toBe("Choose a name for the list. (INVALID_REQUEST)");
    setLanguage("fr");
    expect(plainProblem({ code: "NEW_THING", message: "The list is full." }).text).toBe(
      CATALOGUES.fr!["messages.fallback"],
    );
  });

  it.each([
    [
      "DISCOVERY_FAILED",
      "Search failed: builtin: builtin (curated): www.bbcgoodfood.com: could not resolve www.bbcgoodfood.com: getaddrinfo ENOTFOUND www.bbcgoodfood.com; www.seriouseats.com: could not resolve.",
    ],
    ["INVALID_PAYLOAD", "payload.url: url must be an absolute http(s) URL"],
    [
      "NO_RECIPE_FOUND",
      "No recipe was found on the page. LLM extraction skipped: no LLM provider is configured for Ingest.Extract (Llm:PhaseProviders).",
    ],
    [
      "URL_NOT_ALLOWED",
      "127.0.0.1 is a private address; to fetch it anyway for local development, set LADLE_ALLOW_PRIVATE_HOSTS=127.0.0.1",
    ],
    [
      "GUARDRAIL_VIOLATION",
      "Parts of this recipe are the site's own words. Rewrite the flagged text, or keep it for personal use by committing again with acknowledgeGuardrail: true.",
    ],
    ["SOMETHING_NEW", "Error: boom\n    at run (/app/src/x.ts:1:2)"],
  ])("%s: the screen says a sentence, the server's words go under Details", (code, message) => {
    expect(internalWords(message)).not.toEqual([]);
    const { text, details } = plainProblem({ code, message });
    expect(internalWords(text)).toEqual([]);
    expect(text).toBe(
      code === "INVALID_PAYLOAD" ? sentence("E_URL_INVALID") : MESSAGES[code] ? sentence(code) : FALLBACK(),
    );
    expect(details).toContain(message);
  });

  it("keeps the server's words when they are specific and plain (which field, which limit)", () => {
    const said = "Choose a name for the list.";
    expect(plainProblem({ code: "INVALID_REQUEST", message: said })).toEqual({ text: said, details: null });
    // Words for people first, then for the operator: the first part is the sentence.
    const privateHost =
      "This address points inside a private network, which Ladle does not fetch (10.1.2.3 is a private address; to fetch it anyway for local development, set LADLE_ALLOW_PRIVATE_HOSTS=10.1.2.3).";
    expect(plainProblem({ code: "INVALID_PAYLOAD", message: privateHost })).toEqual({
      text: "This address points inside a private network, which Ladle does not fetch.",
      details: `${privateHost} (INVALID_PAYLOAD)`,
    });
    // An unknown code with plain words: those words, nothing folded.
    expect(plainProblem({ code: "NEW_THING", message: "The list is full." }).text).toBe("The list is full.");
    // Already translated (client.ts put the server's words aside): the same answer again.
    const server = "getaddrinfo ENOTFOUND x.test";
    const once = plainProblem({ code: "FETCH_FAILED", message: server });
    expect(plainProblem({ code: "FETCH_FAILED", message: once.text, detail: server })).toEqual(once);
  });
});
