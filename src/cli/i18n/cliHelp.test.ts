import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DATA_COMMANDS } from "../dataCommands.ts";
import { COMMAND_HELP, main } from "../main.ts";
import { SCALE_HELP } from "../scaleHelp.ts";
import { TASKS_HELP } from "../tasksHelp.ts";
import { BACKUP_HELP, RESTORE_HELP } from "../backupHelp.ts";
import {
  CLI_HELP,
  COMMAND_HELP_KEYS,
  helpText,
  MORE_HELP_KEYS,
  moreHelp,
  ownHelp,
  type HelpKey,
} from "./cliHelp.ts";
import { OWN_HELP_KEYS } from "./help/ownHelpKeys.ts";
import { EXPORT_HELP, IMPORT_FILE_HELP } from "../collectionsHelp.ts";
import { CLI_SUMMARIES } from "./cliSummaries.ts";
import { CLI_LANGUAGES } from "./cliWords.ts";

const ENGLISH_HELP: Record<(typeof COMMAND_HELP_KEYS)[number], string> = {
  add: COMMAND_HELP.add!,
  import: COMMAND_HELP.import!,
  tasks: TASKS_HELP,
  scale: SCALE_HELP,
};

/** The options a help text names (`--json`, `--acknowledge-guardrail`). */
const options = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort();

describe("the CLI's help in every language", () => {
  it("has every text in every language, naming the same options, commands and placeholders", () => {
    for (const lang of CLI_LANGUAGES)
      for (const key of Object.keys(CLI_HELP.en) as HelpKey[]) {
        const english = (ENGLISH_HELP as Record<string, string>)[key] ?? CLI_HELP.en[key];
        const text = helpText(key, { english }, lang);
        expect(text, `${lang}.${key}`).toBeTruthy();
        if (lang !== "en" && english.length > 12)
          expect(text, `${lang}.${key} is translated`).not.toBe(english);
        expect(options(text), `${lang}.${key}`).toEqual(options(english));
        expect(text.includes("{command}"), `${lang}.${key}`).toBe(english.includes("{command}"));
      }
  });

  it("keeps each command's help starting with its name, as `ladle --help` lists them", () => {
    for (const lang of CLI_LANGUAGES)
      for (const key of COMMAND_HELP_KEYS)
        expect(helpText(key, { english: ENGLISH_HELP[key] }, lang)).toMatch(new RegExp(`^ladle ${key}: `));
  });

  it("has every data command's summary in every language", () => {
    for (const lang of CLI_LANGUAGES.filter((l) => l !== "en"))
      for (const dc of DATA_COMMANDS) expect(CLI_SUMMARIES[lang][dc.op], `${lang} ${dc.op}`).toBeTruthy();
  });

  it("has the serve, mcp, backup and restore help in every language, naming the same options", () => {
    const english = {
      serve: COMMAND_HELP.serve!,
      mcp: COMMAND_HELP.mcp!,
      backup: BACKUP_HELP,
      restore: RESTORE_HELP,
    };
    for (const lang of CLI_LANGUAGES)
      for (const key of MORE_HELP_KEYS) {
        const text = moreHelp(key, english[key], lang);
        expect(text, `${lang}.${key}`).toMatch(new RegExp(`^ladle ${key}: `));
        expect(options(text), `${lang}.${key}`).toEqual(options(english[key]));
        if (lang !== "en") expect(text, `${lang}.${key}`).not.toBe(english[key]);
      }
  });

  it("has the users, import-file, export, extract, check-url and article help in every language, naming the same options", () => {
    const english: Record<(typeof OWN_HELP_KEYS)[number], string> = {
      users: COMMAND_HELP.users!,
      "import-file": IMPORT_FILE_HELP,
      export: EXPORT_HELP,
      extract: COMMAND_HELP.extract!,
      "check-url": COMMAND_HELP["check-url"]!,
      article: COMMAND_HELP.article!,
    };
    for (const lang of CLI_LANGUAGES.filter((l) => l !== "en"))
      for (const key of OWN_HELP_KEYS) {
        const text = ownHelp(key, english[key], lang);
        expect(text, `${lang}.${key}`).toMatch(new RegExp(`^ladle ${key} ?: `));
        expect(options(text), `${lang}.${key}`).toEqual(options(english[key]));
        expect(text, `${lang}.${key}`).not.toBe(english[key]);
      }
    expect(ownHelp("export", EXPORT_HELP, "en")).toBe(EXPORT_HELP);
  });

  it("says in English what it always said", () => {
    expect(helpText("tasks", { english: TASKS_HELP }, "en")).toBe(TASKS_HELP);
    expect(helpText("seeHelp", { command: "ladle recipes show" }, "en")).toBe(
      'see "ladle recipes show --help"',
    );
  });
});

describe("a command run in German", () => {
  const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, LC_MESSAGES: process.env.LC_MESSAGES };
  let out = "";
  let err = "";
  beforeEach(() => {
    delete process.env.LC_ALL;
    delete process.env.LC_MESSAGES;
    process.env.LANG = "de_DE.UTF-8";
    out = "";
    err = "";
    vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
      out += String(s);
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
      err += String(s);
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it("prints `ladle --help` in German, the commands and options as they are", async () => {
    expect(await main(["--help"])).toBe(0);
    expect(out).toMatch(/^ladle: Rezeptseiten in geprüfte, strukturierte Einträge verwandeln/);
    expect(out).toContain("Aufruf: ladle");
    expect(out).toContain("Befehle:");
    expect(out).toContain("Exit-Codes:");
    expect(out).toContain("eine Seite als das speichern, was sie ist");
    expect(out).toContain("--server <url>");
    expect(out).not.toContain("Usage:");
    expect(out).not.toContain("Exit codes:");
  });

  it("prints `ladle tasks --help` and `ladle add --help` in German", async () => {
    expect(await main(["tasks", "--help"])).toBe(0);
    expect(out).toContain("ladle tasks: Importe auflisten");
    expect(await main(["add", "--help"])).toBe(0);
    expect(out).toContain("Eine Seite mit einem Rezept");
    expect(await main(["export", "--help"])).toBe(0);
    expect(out).toContain("ladle export: deine Sammlung in eine Datei schreiben");
    expect(await main(["users", "--help"])).toBe(0);
    expect(out).toContain("Tokens werden einmal auf stdout ausgegeben");
  });

  it("says a wrong `ladle tasks` and `ladle add` in German, with the same exit code", async () => {
    expect(await main(["tasks"])).toBe(2);
    expect(err).toContain("ladle tasks: sag, was zu tun ist: list, commit, reject oder cancel");
    expect(err).toContain("Aufruf:");
    expect(await main(["add"])).toBe(2);
    expect(err).toContain("Aufruf: ladle add <url>");
  });

  it("prints a capture's and a recipe's lines in German", () => {
    const lines: string[] = [];
    const print = (name: string, v: Record<string, unknown>) =>
      DATA_COMMANDS.find((c) => c.name === name && (name !== "show" || c.group === "recipes"))!.print(
        v,
        (l) => lines.push(l),
      );
    print("capture", { as: "bookmark", id: "b1" });
    print("capture", {
      taskId: "t1",
      status: "ReviewReady",
      draft: { recipe: { name: "Pfannkuchen", ingredients: [1, 2], instructions: [1] } },
    });
    print("show", {
      id: "r1",
      name: "Pfannkuchen",
      version: 2,
      servings: 4,
      ingredients: [{ text: "2 Eier" }],
      instructions: [{ text: "Rühren." }],
    });
    expect(lines).toEqual([
      "aus deinem Browser geschickt: bookmark b1",
      "Auftrag t1: ReviewReady",
      '  Entwurf: "Pfannkuchen", 2 Zutaten, 1 Schritt',
      "  speichern: ladle recipes commit t1   verwerfen: ladle recipes reject t1",
      "Pfannkuchen  (Rezept r1, Fassung 2)",
      "für 4",
      "\nZutaten",
      "  - 2 Eier",
      "\nSchritte",
      "  1. Rühren.",
    ]);
  });
});
