// The web app in the person's language: chosen in the person's menu, kept on the server (a reload
// and a new browser keep it), the bar, the menu and the screens said in it; the sign-in screen
// follows the browser. Screenshots of the shell's screens in German and French at phone and desktop
// width, checked for overflow and for English left over.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openUserMenu,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  const ana = await createTestUser(t, { name: "ana", role: "admin" });
  await t.ladle.signIn.setPassword(ana.id, "correct horse battery");
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

/** A fresh browser (no cookies, no storage) speaking `locale`, at `width`. */
async function freshPage(locale: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const context = await browser!.newContext({ locale, viewport: { width, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

/** Signs in on the sign-in form, whose words are `words` (the browser's language). */
async function signIn(page: Page, words: { name: string; password: string; button: string }): Promise<void> {
  await page.goto(`${http.base}/#/`);
  await page.getByLabel(words.name, { exact: true }).fill("ana");
  await page.getByLabel(words.password, { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: words.button, exact: true }).click();
  await page.locator(".user-menu #pick-language").waitFor({ state: "attached" });
  await page.goto(`${http.base}/#/account`);
}

async function anaCaller() {
  const ana = await t.ladle.users.get("ana");
  if (!ana.ok) throw new Error("ana is missing");
  return { id: ana.value.id, name: ana.value.name, role: ana.value.role };
}

/** Opens the person's menu in any language: its button on a wide screen, the Menu on a phone. */
async function openMenu(page: Page): Promise<void> {
  const phone = await page.locator(".menu-toggle").isVisible();
  const button = page.locator(phone ? ".menu-toggle" : ".user-toggle");
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await page.locator("#pick-language").waitFor();
}

const ENGLISH_FORM = { name: "Name", password: "Password", button: "Sign in" };

/** Nothing wider than the window: no sideways scroll, no element sticking out of the page. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth}px`);
    for (const node of document.querySelectorAll<HTMLElement>("header *, main *")) {
      const box = node.getBoundingClientRect();
      if (box.width && box.right > width + 1 && !node.closest(".bk-scroll, .st-scroll, .sr-only"))
        out.push(`${node.tagName.toLowerCase()}.${node.className} ends at ${Math.round(box.right)}px`);
    }
    return out.slice(0, 5);
  });
}

/** The shell's words a screen in another language must not show in English. */
const ENGLISH = [
  "Recipes",
  "Plan & shop",
  "Reading",
  "Sign out",
  "Your account",
  "Loading…",
  "Language",
  "Signed in as",
  "Work in progress",
  "Back up now",
  "Everyone",
];

async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return ENGLISH.filter((w) =>
    new RegExp(`(^|\\n|\\s)${w.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")}(\\s|$)`).test(text),
  );
}

const SCREENS = [
  { path: "account", heading: { de: "Dein Konto", fr: "Votre compte" } },
  { path: "status", heading: { de: "Status", fr: "État" } },
  { path: "storage", heading: { de: "Speicher", fr: "Stockage" } },
  { path: "backups", heading: { de: "Sicherungen", fr: "Sauvegardes" } },
  { path: "people", heading: { de: "Personen und Tokens", fr: "Personnes et jetons" } },
] as const;

describe.skipIf(!hasBrowser)("the web app in the person's language", () => {
  it("switches to German from the menu; a reload and a new browser keep it; French too", async () => {
    const { page, errors } = await freshPage("en-US");
    await signIn(page, ENGLISH_FORM);
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await openUserMenu(page);
    await page.getByLabel("Language", { exact: true }).selectOption("de");
    // The bar, the menu and the screen are said again in German, without a reload.
    await page.locator("nav#main-nav").getByRole("link", { name: "Rezepte" }).waitFor();
    await page.getByRole("heading", { name: "Dein Konto" }).waitFor();
    await page.locator(".user-toggle", { hasText: "Angemeldet als ana" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.getByLabel("Sprache", { exact: true }).inputValue()).toBe("de");
    expect(await englishLeft(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect((await t.ladle.personSettings.get(await anaCaller())).language).toBe("de");

    // A reload keeps it.
    await page.reload();
    await page.getByRole("heading", { name: "Dein Konto" }).waitFor();
    await page.locator("nav#main-nav").getByRole("link", { name: "Rezepte" }).waitFor();

    // A new browser (an English one) signs in in English, then speaks the person's German.
    const other = await freshPage("en-GB");
    await signIn(other.page, ENGLISH_FORM);
    await other.page.locator("nav#main-nav").getByRole("link", { name: "Rezepte" }).waitFor();
    await other.page.getByRole("heading", { name: "Dein Konto" }).waitFor();
    expect(await other.page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(other.errors).toEqual([]);
    await other.page.context().close();

    // French, from the same menu (now in German).
    await openMenu(page);
    await page.getByLabel("Sprache", { exact: true }).selectOption("fr");
    await page.locator("nav#main-nav").getByRole("link", { name: "Recettes" }).waitFor();
    await page.getByRole("heading", { name: "Votre compte" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(await englishLeft(page)).toEqual([]);

    // Back to the browser's language: the choice is cleared on the server too.
    await page.getByLabel("Langue", { exact: true }).selectOption("");
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect((await t.ladle.personSettings.get(await anaCaller())).language).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const lang of ["de", "fr"] as const)
    for (const width of [390, 1280])
      it(`shows the shell's screens in ${lang} at ${width} px without overflow or English left`, async () => {
        // The person's language is kept on the server: set it as the menu does.
        await t.ladle.personSettings.update(await anaCaller(), { language: lang });
        // The browser speaks the same language: the sign-in screen is in it before anyone signs in.
        const { page, errors } = await freshPage(lang === "de" ? "de-DE" : "fr-FR", width);
        await page.goto(`${http.base}/#/`);
        const form =
          lang === "de"
            ? { title: "Anmelden", name: "Name", password: "Passwort", button: "Anmelden" }
            : { title: "Connexion", name: "Nom", password: "Mot de passe", button: "Se connecter" };
        await page.getByRole("heading", { name: form.title }).waitFor();
        // The page's own words (the document's title aside) follow the browser before anyone signs in.
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await englishLeft(page)).toEqual([]);
        expect(await overflow(page)).toEqual([]);
        await screenshot(page, `languages-signin-${lang}-${width}`);
        await signIn(page, form);
        for (const screen of SCREENS) {
          await page.goto(`${http.base}/#/${screen.path}`);
          await page.getByRole("heading", { name: screen.heading[lang], exact: true, level: 1 }).waitFor();
          // The screen's data is drawn (no "Loading…" left).
          await page.waitForLoadState("networkidle");
          await page
            .locator("main p.muted", { hasText: lang === "de" ? "Wird geladen" : "Chargement" })
            .waitFor({ state: "detached" });
          expect(await englishLeft(page), screen.path).toEqual([]);
          await screenshot(page, `languages-${screen.path}-${lang}-${width}`);
          expect(await overflow(page), screen.path).toEqual([]);
        }
        // The person's menu, open, with its chooser.
        await openMenu(page);
        expect(await englishLeft(page)).toEqual([]);
        expect(await overflow(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `languages-menu-${lang}-${width}`);
        expect(errors).toEqual([]);
        await page.context().close();
      });

  it("adds a person whose own library is named in the language chosen for them (the admin's by default)", async () => {
    await t.ladle.personSettings.update(await anaCaller(), { language: "de" });
    const { page, errors } = await freshPage("de-DE", 390);
    await signIn(page, { name: "Name", password: "Passwort", button: "Anmelden" });
    await page.getByRole("heading", { name: "Dein Konto", level: 1 }).waitFor();
    await page.goto(`${http.base}/#/people`);
    await page.getByRole("heading", { name: "Person hinzufügen" }).waitFor();
    const chooser = page.getByLabel("Sprache der Person (benennt ihre eigene Bibliothek)");
    // The screen's own language unless the admin picks another.
    expect(await chooser.inputValue()).toBe("de");
    await page.getByLabel("Anmeldename").fill("fleur");
    await chooser.selectOption("fr");
    expect(await overflow(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "languages-people-add-de-390");
    await page.getByRole("button", { name: "Diese Person hinzufügen" }).click();
    await page.getByText("fleur kann sich jetzt anmelden.").waitFor();
    // The choice stays for the next person added (a family often speaks one language); a new visit
    // starts from the screen's language again.
    expect(await chooser.inputValue()).toBe("fr");
    await page.reload();
    await page.getByRole("heading", { name: "Person hinzufügen" }).waitFor();
    expect(await chooser.inputValue()).toBe("de");
    await page.getByLabel("Anmeldename").fill("greta");
    await page.getByRole("button", { name: "Diese Person hinzufügen" }).click();
    await page.getByText("greta kann sich jetzt anmelden.").waitFor();
    const ownLibrary = async (name: string) => {
      const u = await t.ladle.users.get(name);
      if (!u.ok) throw new Error(u.message);
      return (await t.ladle.users.libraries(u.value.id)).find((l) => l.isDefault)?.name;
    };
    expect(await ownLibrary("fleur")).toBe("Ma bibliothèque");
    expect(await ownLibrary("greta")).toBe("Meine Bibliothek");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
