// The shell's words in each language: plurals by the language's own rules, numbers with its
// decimal mark, dates in its order; every message of every catalogue formats without an error.
import { afterEach, describe, expect, it } from "vitest";
import { CATALOGUES, type MessageKey } from "../../src/web/app/i18n/catalogues.gen.ts";
import { LANGUAGES, setLanguage, t } from "../../src/web/app/i18n/i18n.ts";
import { size } from "../../src/web/app/ui/size.ts";

const DAY = new Date(Date.UTC(2026, 10, 29, 12));

// What each language writes: 1 and 3 stuck items, 1.5 MB, and 29 November 2026.
const EXPECTED = {
  en: { one: "Restarted 1 stuck item;", other: "Restarted 3 stuck items;", mb: "1.5 MB", day: "11/29/2026" },
  de: { one: "1 hängende Aufgabe neu", other: "3 hängende Aufgaben neu", mb: "1,5 MB", day: "29.11.2026" },
  fr: {
    one: "1 tâche bloquée relancée",
    other: "3 tâches bloquées relancées",
    mb: "1,5 Mo",
    day: "29/11/2026",
  },
  es: { one: "1 tarea atascada", other: "3 tareas atascadas", mb: "1,5 MB", day: "29/11/2026" },
  it: { one: "1 lavoro bloccato", other: "3 lavori bloccati", mb: "1,5 MB", day: "29/11/2026" },
  nl: { one: "1 vastgelopen taak", other: "3 vastgelopen taken", mb: "1,5 MB", day: "29-11-2026" },
  pt: { one: "1 tarefa parada", other: "3 tarefas paradas", mb: "1,5 MB", day: "29/11/2026" },
  sv: { one: "1 fastnad uppgift", other: "3 fastnade uppgifter", mb: "1,5 MB", day: "2026-11-29" },
} as const;

describe("t() in every language", () => {
  afterEach(() => setLanguage("en"));

  it.each(LANGUAGES)("%s: plurals, numbers and dates the language's way", (lang) => {
    setLanguage(lang);
    const want = EXPECTED[lang];
    expect(t("status.restarted", { requeued: 1, failed: 0 })).toContain(want.one);
    expect(t("status.restarted", { requeued: 3, failed: 0 })).toContain(want.other);
    expect(size(1.5 * 1024 * 1024)).toBe(want.mb);
    expect(t("app.day", { at: DAY })).toBe(want.day);
    // A name put in stays as it is, wherever the language puts it.
    expect(t("userMenu.signedInAs", { name: "ana" })).toContain("ana");
  });

  it.each(LANGUAGES)("%s: every message formats, with made-up values, and says no key", (lang) => {
    setLanguage(lang);
    const values = new Proxy({} as Record<string, unknown>, {
      get: (_, name) => (["at"].includes(String(name)) ? DAY : name === "slot" ? "<slot>" : 2),
      has: () => true,
    });
    for (const key of Object.keys(CATALOGUES.en!) as MessageKey[]) {
      const said = t(key, values as never);
      expect(said, key).not.toBe(key);
      expect(said.trim(), key).not.toBe("");
    }
  });

  it("keeps the English words the screens had", () => {
    expect(t("userMenu.signedInAs", { name: "bo" })).toBe("Signed in as bo");
    expect(t("storage.youUseOf", { used: size(12), limit: size(1024 * 1024) })).toBe(
      "You use 12 bytes of your 1.0 MB.",
    );
    expect(size(1023)).toBe("1023 bytes");
    expect(t("app.confirmYes", { action: "revoke" })).toBe("Yes, revoke");
  });
});
