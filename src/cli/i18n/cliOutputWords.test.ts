import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { DATA_COMMANDS } from "../dataCommands.ts";
import { CLI_CATALOGUES } from "./cliCatalogues.ts";
import { CLI_LANGUAGES, say, type CliLanguage } from "./cliWords.ts";
import { englishLeftovers } from "./englishLeftovers.ts";
import { commanderError, parseArgsError } from "./commanderErrors.ts";

/** Each message of `catalogue` said with sample values, and the English words left in it. */
function leftovers(catalogue: Record<string, string>, lang: CliLanguage): string[] {
  return Object.entries(catalogue).flatMap(([key, src]) => {
    const values = Object.fromEntries([...src.matchAll(/\{(\w+)/g)].map((m) => [m[1]!, 2]));
    const words = englishLeftovers(String(new IntlMessageFormat(src, lang).format(values)), lang);
    return words.length ? [`${lang}.${key}: ${words.join(", ")}`] : [];
  });
}

describe("the CLI's human output in eight languages", () => {
  it("leaves no English word in any message of any language", () => {
    expect(CLI_LANGUAGES.filter((l) => l !== "en").flatMap((l) => leftovers(CLI_CATALOGUES[l], l))).toEqual(
      [],
    );
  });

  it("sees a planted English message", () => {
    const planted = { ...CLI_CATALOGUES.it, feedRemoved: "stopped following feed {id}; its articles stay" };
    expect(leftovers(planted, "it")).toEqual(["it.feedRemoved: its"]);
  });

  it("says the English as it always did", () => {
    expect(say("appliedChanges", { n: 3, version: 4 }, "en")).toBe("applied 3 change(s); version 4");
    expect(
      say(
        "userLine",
        { name: "bo", role: "user", disabled: "", id: "u1", tokens: 1, createdAt: "2026-01-01" },
        "en",
      ),
    ).toBe("bo\tuser\tu1\t1 token(s)\tcreated 2026-01-01");
  });

  it("prints feeds, a feed's log, libraries and an applied tidy-up in Dutch", () => {
    const saved = {
      LANG: process.env.LANG,
      LC_ALL: process.env.LC_ALL,
      LC_MESSAGES: process.env.LC_MESSAGES,
    };
    delete process.env.LC_ALL;
    delete process.env.LC_MESSAGES;
    process.env.LANG = "nl_NL.UTF-8";
    try {
      const lines: string[] = [];
      const print = (group: string, name: string, v: Record<string, unknown>) =>
        DATA_COMMANDS.find((c) => c.group === group && c.name === name)!.print(v, (l) => lines.push(l));
      print("feeds", "list", {
        feeds: [
          {
            id: "f1",
            title: "Bakkerij",
            url: "https://bakkerij.test/feed",
            statusText: "ok",
            intervalMinutes: 60,
            imported: 3,
            waiting: 1,
            failed: 0,
          },
        ],
      });
      print("feeds", "log", { feed: { url: "https://bakkerij.test/feed", statusText: "ok" }, runs: [] });
      print("feeds", "remove", { id: "f1" });
      print("libraries", "add-member", { name: "bo", role: "member" });
      print("recipes", "apply", { applied: [1], version: 3 });
      const text = lines.join("\n");
      expect(text).toContain("elke 60 min · 3 geïmporteerd, 1 wachtend, 0 mislukt");
      expect(text).toContain("nog niet opgehaald");
      expect(text).toContain("feed f1 wordt niet meer gevolgd");
      expect(text).toContain("bo toegevoegd als member");
      expect(text).toContain("1 wijziging toegepast; versie 3");
      expect(englishLeftovers(text, "nl")).toEqual([]);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it("says commander's slips in every language, and leaves a shape it does not know as it is", () => {
    const slips = [
      "error: missing required argument 'recipeId'\n",
      "error: option '--page <n>' argument missing\n",
      "error: required option '--accept <which>' not specified\n",
      "error: unknown option '--bogus'\n(Did you mean --body?)\n",
      "error: unknown command 'lst'\n(Did you mean one of list, last?)\n",
      "error: too many arguments for 'show'. Expected 1 argument but got 2: a b.\n",
      "error: option '--render <choice>' argument 'maybe' is invalid. Allowed choices are never, auto, always.\n",
    ];
    for (const slip of slips) expect(commanderError(slip, "en")).toBe(slip);
    for (const lang of CLI_LANGUAGES.filter((l) => l !== "en"))
      for (const slip of slips) {
        const said = commanderError(slip, lang);
        expect(said, `${lang}: ${slip}`).not.toBe(slip);
        expect(said.endsWith("\n"), `${lang}: ${slip}`).toBe(true);
        expect(englishLeftovers(said, lang), `${lang}: ${said}`).toEqual([]);
      }
    expect(
      commanderError(
        "error: option '--type <choice>' argument 'zz' is invalid. Allowed choices are a, b.\n",
        "sv",
      ),
    ).toBe("fel: värdet 'zz' för flaggan '--type <choice>' är ogiltigt. Möjliga val är a, b.\n");
    expect(commanderError("error: something new\n", "de")).toBe("error: something new\n");
  });

  it("says the slips of the commands that read their own arguments in every language", () => {
    const slips = [
      "Unknown option '--bogus'. To specify a positional argument starting with a '-', place it at the end",
      "Option '--user <value>' argument missing",
      "Unexpected argument 'pos'. This command does not take positional arguments",
      "Option '--json' does not take an argument",
    ];
    for (const slip of slips) expect(parseArgsError(slip, "en")).toBe(slip);
    for (const lang of CLI_LANGUAGES.filter((l) => l !== "en"))
      for (const slip of slips) {
        const said = parseArgsError(slip, lang);
        expect(said, `${lang}: ${slip}`).not.toBe(slip);
        expect(englishLeftovers(said, lang), `${lang}: ${said}`).toEqual([]);
      }
    expect(parseArgsError("Option '--user <value>' argument missing", "de")).toBe(
      "der Schalter '--user' braucht einen Wert",
    );
  });
});
