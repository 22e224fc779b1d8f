// Why a feed failed, said in the person's language from the code the server stores
// (src/web/app/screens/feeds/feedProblemWords.ts): every code the server gives has words, the
// English ones are the server's own, and a row without a code keeps the server's words.
import { afterEach, describe, expect, it } from "vitest";
import { FEED_PROBLEM_CODES, feedProblem } from "../../src/domain/feedProblem.ts";
import { LANGUAGES, setLanguage } from "../../src/web/app/i18n/i18n.ts";
import { feedProblemWords } from "../../src/web/app/screens/feeds/feedProblemWords.ts";

const FIGURES = { status: 404, mb: 5, link: "mailto:ann@example.org", detail: "bad XML", reason: "x" };

afterEach(() => setLanguage("en"));

describe("feed failures in the reader's language", () => {
  it("says every code the server gives as the server words it, in English", () => {
    setLanguage("en");
    for (const code of FEED_PROBLEM_CODES) {
      const p = feedProblem(code, FIGURES);
      if (code === "articleRefused" || code === "fetchFailed" || code === "notAFeed") continue; // not the server's words
      expect(feedProblemWords(p.code, p.params, "server words"), code).toBe(p.message);
    }
    expect(feedProblemWords("notAFeed", { detail: "bad XML" }, "…")).toBe(
      "the answer is not an RSS or Atom feed",
    );
  });

  it("says every code in every language with its figures, never the server's English", () => {
    for (const lang of LANGUAGES) {
      setLanguage(lang);
      for (const code of FEED_PROBLEM_CODES) {
        const words = feedProblemWords(code, FIGURES, "SERVER WORDS");
        expect(words, `${lang} ${code}`).not.toBe("SERVER WORDS");
        expect(words, `${lang} ${code}`).not.toMatch(/\{|\}/);
      }
      expect(feedProblemWords("notThere", { status: 404 }, "")).toContain("404");
      expect(feedProblemWords("badLink", { link: "ftp://x" }, "")).toContain("ftp://x");
    }
    setLanguage("de");
    expect(feedProblemWords("siteError", { status: 500 }, "the site had an error (HTTP 500)")).toBe(
      "die Website hatte einen Fehler (HTTP 500)",
    );
    setLanguage("fr");
    expect(feedProblemWords("tooLarge", { mb: 5 }, "")).toBe(
      "le flux dépasse la taille acceptée par Ladle (5 Mo)",
    );
  });

  it("keeps the server's words for a row stored before the codes or a code it does not know", () => {
    expect(feedProblemWords(null, null, "the site had an error (HTTP 500)")).toBe(
      "the site had an error (HTTP 500)",
    );
    expect(feedProblemWords("somethingNew", {}, "new words")).toBe("new words");
  });

  it("says an article the import refused through the message table, never the API's code", () => {
    setLanguage("de");
    const said = feedProblemWords(
      "articleRefused",
      { error: "RATE_LIMITED", reason: "Too many" },
      "Too many",
    );
    expect(said).not.toMatch(/RATE_LIMITED|Too many/);
    expect(feedProblemWords("articleRefused", { error: "NO_SUCH_CODE" }, "x")).not.toBe("x");
  });
});
