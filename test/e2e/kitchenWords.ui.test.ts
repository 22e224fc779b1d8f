import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// The kitchen, add and tools screens in German and French, at phone and desktop width, in Debian's
// chromium: Add, Search, the week plan, the shopping lists, a shopping list and cook mode. On each:
// no English words of the screens' own left (the recipes' words are data and do not count), nothing
// wider than the window, axe clean, and a screenshot to look at.

const I18N = new URL("../../src/web/app/i18n/", import.meta.url);
/** The namespaces of these screens: their English words are the ones that must not be left. */
const NAMESPACES = ["kitchen", "add", "search", "share", "normalize", "duplicates", "refresh", "analysis"];

const catalogue = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./${lang}/${ns}.json`, I18N), "utf8")) as Record<string, string>;

/** A message's words without its ICU syntax (argument names, plural and select keys). */
function messageWords(message: string): string[] {
  const text = message
    .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal|number|date|time)\s*,?/g, " ")
    .replace(/(?:=\d+|\b\w+)\s*\{/g, " ")
    .replace(/\{\w+\}/g, " ");
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).map((w) => w);
}

/**
 * English words a screen of ours must not show in `lang`: every word of our English catalogues and
 * a few everyday ones, less any word the language's own catalogues use too ("Version", "Timer").
 */
function englishOnly(lang: string): Set<string> {
  const english = new Set<string>([
    ...NAMESPACES.flatMap((ns) => Object.values(catalogue("en", ns)).flatMap(messageWords)),
    ...["the", "and", "with", "your", "this", "that", "from", "recipe", "recipes", "monday", "tuesday"],
    ...["wednesday", "thursday", "friday", "saturday", "sunday", "servings", "step", "steps", "week"],
  ]);
  const own = new Set(
    readdirSync(new URL(`./${lang}/`, I18N))
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => Object.values(catalogue(lang, f.slice(0, -5))).flatMap(messageWords)),
  );
  // Names and addresses that read the same in every language.
  for (const w of ["ladle", "https", "pdf", "vtt", "srt"]) own.add(w);
  return new Set([...english].filter((w) => !own.has(w)));
}

/** The words of a message in a language, for finding an element by them. */
const words = (lang: string, key: string): string => {
  const [ns = "", k = ""] = key.split(".");
  const m = catalogue(lang, ns)[k];
  if (m === undefined) throw new Error(`no ${key} in ${lang}`);
  return m;
};

// The cook's own recipes, in German: data, whose words are not the screens' words.
const PANCAKES = {
  name: "Pfannkuchen",
  servings: 4,
  lines: ["250 g Mehl", "3 Eier", "500 ml Milch", "1 Prise Salz"],
  steps: [
    "Mehl, Eier und Milch verrühren.",
    "Den Teig 10 Minuten ruhen lassen.",
    "In der Pfanne goldbraun backen.",
  ],
};
const SOUP = {
  name: "Zwiebelsuppe",
  servings: 2,
  lines: ["2 Zwiebeln", "1 l Brühe"],
  steps: ["Zwiebeln 5 Minuten andünsten.", "Brühe zugeben und 20 Minuten köcheln."],
};

let t: TestLadle;
let served: ServedApp;
let browser: Browser | null = null;
let pancakes: string;
let listId: string;
/** Every word the test's data puts on a screen: taken out before looking for English. */
let dataWords: string[] = [];

async function save(r: typeof PANCAKES): Promise<string> {
  const id = randomUUID();
  const doc = zRecipe.parse({
    name: r.name,
    servings: r.servings,
    ingredients: parseIngredientList(r.lines),
    instructions: r.steps.map((text) => ({ text })),
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name: r.name,
    document: { ...doc, id, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() },
    sourceUrl: null,
    sourceUrlKey: null,
    taskId: null,
    at: new Date(),
  });
  return id;
}

/** This week's Monday and the day after it, as the plan screen counts days (local time). */
function thisWeek(): { monday: string; tuesday: string; sunday: string } {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  const iso = (x: Date) =>
    `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, "0")}-${String(x.getDate()).padStart(2, "0")}`;
  const plus = (n: number) => {
    const x = new Date(d);
    x.setDate(d.getDate() + n);
    return iso(x);
  };
  return { monday: plus(0), tuesday: plus(1), sunday: plus(6) };
}

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  served = await serveApp(t.app);
  browser = await launchBrowser();
  pancakes = await save(PANCAKES);
  const soup = await save(SOUP);
  const week = thisWeek();
  for (const [day, recipeId] of [
    [week.monday, pancakes],
    [week.tuesday, soup],
  ] as const) {
    const r = await t.json("POST", "/api/plans", { day, recipeId });
    expect(r.status).toBe(201);
  }
  // A list named as the cook's data (the plan screen names it in the cook's language itself).
  const list = await t.json("POST", "/api/shopping-lists", {
    from: week.monday,
    to: week.sunday,
    name: "Wocheneinkauf",
  });
  expect(list.status).toBe(201);
  listId = list.body.id;
  // Whatever the lists and cook mode show of the data (amounts as the server writes them included).
  const items = (list.body.items as { text: string; recipes: string[] }[]).flatMap((i) => [
    i.text,
    ...i.recipes,
  ]);
  const cooked = await t.json("GET", `/api/recipes/${pancakes}?factor=1`);
  const lines = (cooked.body.ingredients as { display?: string; text: string }[]).map(
    (i) => i.display ?? i.text,
  );
  const timers = (cooked.body.instructions as { timers?: { label: string }[] }[]).flatMap((s) =>
    (s.timers ?? []).map((x) => x.label),
  );
  dataWords = [
    ...[PANCAKES, SOUP].flatMap((r) => [r.name, ...r.lines, ...r.steps]),
    ...items,
    ...lines,
    ...timers,
    "Wocheneinkauf",
    // A version's kind is the recipe screens' word (recipes/words.ts), put into words there.
    "saved from an import",
  ].sort((a, b) => b.length - a.length);
});

afterAll(async () => {
  await browser?.close();
  served?.close();
  await t?.close();
});

/**
 * Everything a person reads or hears in the screen (the app's main area): text and the read
 * attributes. A text box's contents are not read: the shopping list as text is the server's own
 * rendering of the list, not the screen's words.
 */
async function shownWords(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const parts: string[] = [];
    for (const area of document.querySelectorAll<HTMLElement>(sel)) {
      parts.push(area.innerText);
      for (const e of area.querySelectorAll("*")) {
        for (const a of ["aria-label", "placeholder", "title", "alt", "data-side"]) {
          const v = e.getAttribute(a);
          if (v) parts.push(v);
        }
        if (e instanceof HTMLOptionElement) parts.push(e.text);
      }
    }
    return parts.join("\n");
  }, selector);
}

/** The checks every screen passes: no English words of ours, no sideways scrolling, axe clean, a screenshot. */
async function checkScreen(
  page: Page,
  lang: string,
  width: number,
  screen: string,
  selector = "#app",
): Promise<void> {
  let text = await shownWords(page, selector);
  for (const d of dataWords) text = text.split(d).join(" ");
  const forbidden = englishOnly(lang);
  const left = [...new Set((text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => forbidden.has(w)))];
  expect(left, `English words on ${screen} in ${lang} at ${width}px`).toEqual([]);
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, `${screen} in ${lang} at ${width}px is wider than the window`).toBeLessThanOrEqual(
    innerWidth ?? 0,
  );
  expect(await axeViolations(page), `${screen} in ${lang} at ${width}px`).toEqual([]);
  await screenshot(page, `words-${lang}-${screen}-${width}`);
}

const RUNS = [
  { lang: "de", width: 390 },
  { lang: "de", width: 1280 },
  { lang: "fr", width: 390 },
  { lang: "fr", width: 1280 },
] as const;

describe.skipIf(!hasBrowser)("the kitchen, add and tools screens in German and French", () => {
  it.each(RUNS)("$lang at $width px", async ({ lang, width }) => {
    const ctx = await browser!.newContext({
      viewport: { width, height: 844 },
      hasTouch: width < 500,
      locale: lang,
    });
    await ctx.addInitScript((l) => localStorage.setItem("ladle.language", l), lang);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const w = (key: string) => words(lang, key);

    await page.goto(`${served.base}/#/`);
    await page.getByRole("heading", { name: w("add.addHeading"), level: 1 }).waitFor();
    await page.getByRole("heading", { name: w("add.draftsHeading").replace("{count}", "0") }).waitFor();
    // The file and photo pickers are the app's own words, not the browser's ("Choose File").
    await page.getByText(words(lang, "common.noFileChosen"), { exact: true }).first().waitFor();
    await page.locator("label.file-button", { hasText: w("add.chooseFile") }).waitFor();
    await checkScreen(page, lang, width, "add");

    await page.goto(`${served.base}/#/search/all/Pfannkuchen`);
    await page
      .getByRole("heading", { name: w("search.headingWithQuery").replace("{q}", "Pfannkuchen") })
      .waitFor();
    await page.locator(".hit").first().waitFor();
    await checkScreen(page, lang, width, "search");

    await page.goto(`${served.base}/#/plan`);
    await page.getByRole("heading", { name: w("kitchen.planHeading"), level: 1 }).waitFor();
    await page.locator(".plan-meals a", { hasText: "Pfannkuchen" }).waitFor();
    await checkScreen(page, lang, width, "plan");

    await page.goto(`${served.base}/#/shopping`);
    await page.getByRole("heading", { name: w("kitchen.shoppingLists"), level: 1 }).waitFor();
    await page.getByRole("link", { name: "Wocheneinkauf" }).waitFor();
    await checkScreen(page, lang, width, "shopping-lists");

    await page.goto(`${served.base}/#/shopping/${listId}`);
    await page.getByRole("heading", { name: "Wocheneinkauf", level: 1 }).waitFor();
    await page.getByRole("button", { name: w("kitchen.copyAsText") }).click();
    await page.getByLabel(w("kitchen.listAsText")).waitFor();
    await checkScreen(page, lang, width, "shopping");

    await page.goto(`${served.base}/#/cook/${pancakes}/1`);
    const dialog = page.getByRole("dialog");
    await dialog.getByText(w("kitchen.stepCounter").replace("{n}", "2").replace("{total}", "3")).waitFor();
    await dialog
      .getByRole("button", { name: w("kitchen.startTimerButton").replace("{label}", "10 Minuten") })
      .click();
    await dialog.getByRole("timer").waitFor();
    await checkScreen(page, lang, width, "cook");

    expect(errors).toEqual([]);
    await ctx.close();
  });

  // The recipe page is another screen's; the scaling controls and every panel under it are these.
  it.each([RUNS[0], RUNS[3]])(
    "the recipe page's kitchen controls and panels: $lang at $width px",
    async ({ lang, width }) => {
      const ctx = await browser!.newContext({
        viewport: { width, height: 844 },
        hasTouch: width < 500,
        locale: lang,
      });
      await ctx.addInitScript((l) => localStorage.setItem("ladle.language", l), lang);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const w = (key: string) => words(lang, key);

      await page.goto(`${served.base}/#/recipes/${pancakes}`);
      await page.getByRole("heading", { name: "Pfannkuchen", level: 1 }).waitFor();
      await page.getByLabel(w("kitchen.servingsQuestion")).fill("8");
      await page.getByLabel(w("kitchen.unitsLabel"), { exact: true }).selectOption("metric");
      await page.locator(".kitchen-controls p[aria-live]", { hasText: "8" }).waitFor();
      const folds = page.locator("details.panel-fold");
      for (let n = 0; n < (await folds.count()); n++) {
        const fold = folds.nth(n);
        if ((await fold.getAttribute("open")) === null) await fold.locator("summary").click();
      }
      await page.getByRole("button", { name: w("kitchen.makeLinkButton") }).click();
      await page.getByLabel(w("kitchen.publicLink")).waitFor();
      await page.getByRole("heading", { name: w("normalize.versionsHeading"), exact: true }).waitFor();
      await page.getByText(w("normalize.versionN").replace("{version}", "1"), { exact: true }).waitFor();
      await checkScreen(page, lang, width, "recipe-panels", ".kitchen-controls, details.panel-fold");
      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});
