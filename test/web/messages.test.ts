// The web app's one table of messages (src/web/app/ui/messages.ts): every error code the API can
// answer has a sentence for a person, and the server's words for API clients (codes, settings,
// field paths, system errors) stay under "Details".
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/errors.ts";
import { FALLBACK, MESSAGES, internalWords, plainProblem } from "../../src/web/app/ui/messages.ts";

describe("the message table", () => {
  it("has a sentence for every code in the error catalogue", () => {
    const missing = Object.keys(ERRORS).filter((code) => !Object.hasOwn(MESSAGES, code));
    expect(missing).toEqual([]);
  });

  it("says each in plain words: no codes, settings or field names, and something to do", () => {
    for (const [code, sentence] of Object.entries({ ...MESSAGES, FALLBACK })) {
      expect(internalWords(sentence), code).toEqual([]);
      expect(sentence, code).toMatch(/^[A-Z].*[.:/]$/);
    }
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
    expect(text).toBe(code === "INVALID_PAYLOAD" ? MESSAGES.E_URL_INVALID : (MESSAGES[code] ?? FALLBACK));
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
