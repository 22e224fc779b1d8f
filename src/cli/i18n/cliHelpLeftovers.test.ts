import { afterAll, describe, expect, it } from "vitest";
import type { Command } from "commander";
import { allLegacyCommands } from "../main.ts";
import { buildProgram, pathOf } from "../program.ts";
import { DATA_COMMANDS } from "../dataCommands.ts";
import { operation, OPERATIONS } from "../../mcp/operations.ts";
import { fieldInfo } from "../flags.ts";
import { CLI_LANGUAGES, type CliLanguage } from "./cliWords.ts";
import { englishLeftovers } from "./englishLeftovers.ts";
import { missingOpWords, OP_WORDS, type ShownCommand } from "./cliOpWords.ts";

const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, LC_MESSAGES: process.env.LC_MESSAGES };
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

/** Every `ladle … --help` text in `lang`, by command path, as the CLI builds them. */
async function allHelp(lang: CliLanguage): Promise<Map<string, string>> {
  delete process.env.LC_ALL;
  delete process.env.LC_MESSAGES;
  process.env.LANG = lang === "en" ? "C" : `${lang}_XX.UTF-8`;
  const io = { out: () => {}, err: () => {} };
  const program = await buildProgram(await allLegacyCommands(), io, { code: 0 }, []);
  const texts = new Map<string, string>();
  const walk = (cmd: Command) => {
    texts.set(pathOf(cmd), cmd.helpInformation());
    for (const sub of cmd.commands) if (sub.name() !== "__complete") walk(sub);
  };
  walk(program);
  return texts;
}

/** What each data command's help shows of its operation: its options and arguments. */
function shownCommands(): ShownCommand[] {
  return DATA_COMMANDS.map((dc) => ({
    op: dc.op,
    fields: [
      ...Object.keys(operation(dc.op).input).filter((f) => !dc.hide?.includes(f) && !dc.files?.includes(f)),
      ...(dc.extra ?? []).map((x) => x.option.attributeName()),
      ...(dc.files?.length ? ["htmlFile"] : []),
    ],
  }));
}

describe("the CLI's help in eight languages", () => {
  it("has every data command's description and every option of it in every language", () => {
    expect(missingOpWords(shownCommands())).toEqual([]);
  });

  it("fails when a language lacks an operation or an option (a planted gap)", () => {
    const planted = structuredClone(OP_WORDS.nl);
    delete planted.ops.recipe_list;
    delete planted.fields.pageSize;
    expect(missingOpWords(shownCommands(), { nl: planted })).toEqual(
      expect.arrayContaining(["nl.recipe_list", "nl.recipe_list.pageSize", "nl.recipe_search.pageSize"]),
    );
  });

  it("shows no English word in `ladle --help` and any `ladle <command> --help`", async () => {
    const english = await allHelp("en");
    expect(english.size).toBeGreaterThan(60);
    const leftovers: string[] = [];
    for (const lang of CLI_LANGUAGES.filter((l) => l !== "en")) {
      const texts = await allHelp(lang);
      expect([...texts.keys()]).toEqual([...english.keys()]);
      for (const [path, text] of texts) {
        const words = englishLeftovers(text, lang);
        if (words.length) leftovers.push(`${lang} ${path}: ${words.join(", ")}`);
        // Each text is said in the language: none is the English one.
        expect(text, `${lang} ${path}`).not.toBe(english.get(path));
      }
    }
    expect(leftovers).toEqual([]);
  });

  it("sees a planted English line in a translated help", async () => {
    const texts = await allHelp("de");
    const help = texts.get("ladle recipes list")!;
    expect(englishLeftovers(help, "de")).toEqual([]);
    const planted = help.replace("Rezepte pro Seite (höchstens 100).", "Recipes per page (at most 100).");
    expect(planted).not.toBe(help);
    expect(englishLeftovers(planted, "de")).toEqual(["page", "at"]);
    expect(englishLeftovers(`${help}\n  --json  print the result as JSON on stdout`, "de")).toEqual(
      expect.arrayContaining(["print", "the"]),
    );
  });

  it("leaves the MCP tools' and their arguments' descriptions in English, as programs read them", async () => {
    const words = () =>
      OPERATIONS.map((op) => [
        op.description,
        ...Object.values(op.input).map((f) => fieldInfo(f as never).description),
      ]);
    const before = words();
    await allHelp("de");
    await allHelp("sv");
    expect(words()).toEqual(before);
    expect(operation("import_url").description).toMatch(/^Import a recipe from a web page/);
  });

  it("reads code as code: options, placeholders, quoted examples and command paths are no leftover", () => {
    const text = `ladle recipes list: x\n  --page-size <n>  "the words" {"file","ok":true} ladle add --help LADLE_TOKEN recipeId import-file ~/.config/ladle/cli.json`;
    expect(englishLeftovers(text, "fr")).toEqual([]);
  });
});
