import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { englishLeftovers } from "../../src/cli/i18n/englishLeftovers.ts";
import type { CliLanguage } from "../../src/cli/i18n/cliWords.ts";

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));

/** `ladle …` as a person runs it, in the language of their LANG (no command here opens a database). */
async function run(args: string[], lang: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? "", LANG: lang, LADLE_CONFIG: "" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

const ladle = async (args: string[], lang: string) => (await run(args, lang)).stdout;

/** The words each language's `ladle recipes import --help` and `ladle users --help` must say. */
const SAYS: Record<Exclude<CliLanguage, "en">, [string, string]> = {
  de: ["Die Adresse der Rezeptseite", "Tokens werden einmal auf stdout ausgegeben"],
  fr: ["L'adresse de la page de recette", "Les jetons sont affichés une fois"],
  es: ["La dirección de la página de la receta", "Los tokens se muestran una sola vez"],
  it: ["L'indirizzo della pagina della ricetta", "I token si stampano una volta sola"],
  nl: ["Het adres van de receptpagina", "Tokens worden één keer getoond"],
  pt: ["O endereço da página da receita", "Os tokens são mostrados uma só vez"],
  sv: ["Receptsidans adress", "Tokens skrivs ut en gång"],
};

describe("the installed ladle speaks the person's language in its help", () => {
  it("says `ladle recipes import --help` and `ladle users --help` in seven languages with no English left, and in English under LANG=C", async () => {
    const english = await ladle(["recipes", "import", "--help"], "C");
    expect(english).toContain("The recipe page's address (http or https).");
    expect(english).toContain("Usage: ladle recipes import [options] <url>");
    for (const [lang, [importWords, usersWords]] of Object.entries(SAYS) as [
      Exclude<CliLanguage, "en">,
      [string, string],
    ][]) {
      const [imports, users] = await Promise.all([
        ladle(["recipes", "import", "--help"], `${lang}_XX.UTF-8`),
        ladle(["users", "--help"], `${lang}_XX.UTF-8`),
      ]);
      expect(imports, lang).toContain(importWords);
      expect(users, lang).toContain(usersWords);
      expect(englishLeftovers(imports, lang), `${lang} recipes import`).toEqual([]);
      expect(englishLeftovers(users, lang), `${lang} users`).toEqual([]);
    }
  });

  it("says a slip on the command line in the person's language, with the same exit code", async () => {
    const swedish = await run(["check-url", "--resolve", "nohost", "https://example.test/"], "sv_SE.UTF-8");
    expect(swedish.code).toBe(2);
    expect(swedish.stderr).toBe("ladle check-url: --resolve väntar sig host=ip, fick ”nohost”\n");
    const english = await run(["check-url", "--resolve", "nohost", "https://example.test/"], "C");
    expect(english.stderr).toBe('ladle check-url: --resolve expects host=ip, got "nohost"\n');
  });
});
