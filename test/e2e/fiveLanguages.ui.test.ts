// The cook's screens in Spanish, Italian, Dutch, Portuguese and Swedish: the recipes list with a
// recipe in it, the recipe, the review of a page's draft, the plan, a shopping list, the reading list
// and the account, at 390 px (and 1280 in Dutch, whose compound words are long). The person's
// language is kept on the server and the browser speaks it too. On each screen: nothing wider than
// the window, none of the screens' English words left (the recipes' and article's own words are
// data and stay), axe clean, and a screenshot five-<language>-<screen>-<width>.png to look at.
// One server, one browser, one person signed in once per language.
import { readFileSync } from "node:fs";
import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import {
  PANCAKES_HTML,
  PANCAKES_VERBATIM_HTML,
  startTestLadle,
  type TestLadle,
} from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

const LANGUAGES = ["es", "it", "nl", "pt", "sv"] as const;
type Lang = (typeof LANGUAGES)[number];
const LOCALE: Record<Lang, string> = { es: "es-ES", it: "it-IT", nl: "nl-NL", pt: "pt-PT", sv: "sv-SE" };
/** The namespaces of the screens looked at (their words must not show in English). */
const NAMESPACES = [
  "app",
  "nav",
  "common",
  "userMenu",
  "recipes",
  "review",
  "kitchen",
  "articles",
  "account",
];

const CATALOGUES = new URL("../../src/web/app/i18n/", import.meta.url);
const read = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./${lang}/${ns}.json`, CATALOGUES), "utf8")) as Record<string, string>;

/** The literal runs of an ICU message: "Ingredient {n} amount" gives "Ingredient", "amount". */
function literals(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((e) =>
    isLiteralElement(e)
      ? [e.value]
      : isPluralElement(e) || isSelectElement(e)
        ? Object.values(e.options).flatMap((o) => literals(o.value))
        : [],
  );
}

/** The English words of these screens that `lang` writes differently (longest first). */
function englishOnly(lang: Lang): string[] {
  const out = new Set<string>();
  // Words the language writes too ("Tags", "Status", "Min") prove nothing.
  const theirs = NAMESPACES.flatMap((ns) => Object.values(read(lang, ns)).flatMap((m) => literals(parse(m))))
    .join("\n")
    .toLowerCase();
  for (const ns of NAMESPACES)
    for (const text of Object.values(read("en", ns)))
      for (const run of literals(parse(text))) {
        const words = run.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
        // A short run ("by", "min") proves nothing either; a run of one short word neither.
        if (words.length >= 5 && !theirs.includes(words.toLowerCase())) out.add(words);
      }
  return [...out].sort((a, b) => b.length - a.length);
}

/** Common English words no screen text in these languages holds (data is taken out first). */
const ENGLISH =
  /\b(the|and|your|with|this|from|these|which|should|check|recipe|ingredients?|steps?|save|delete|loading|shopping|servings)\b/i;

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let cook: TestUser;
let recipeId: string;
let draftId: string;
/** The recipes' and the article's own words: data, taken out of the text before looking. */
let data: string[] = [];

const caller = () => ({ id: cook.id, name: cook.name, role: "admin" as const });

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/verbatim": { body: PANCAKES_VERBATIM_HTML },
    "/bread": { body: articlePage({ title: "The Slow Bread Movement" }) },
  });
  t = await startTestLadle({ config: { Duplicates: { AskOnCommit: false }, Articles: { Render: "never" } } });
  cook = await createTestUser(t, { name: "cook", role: "admin" });
  await t.ladle.signIn.setPassword(cook.id, "cook's long password");
  const h = cook.headers;
  const start = async (payload: unknown) => {
    const c = await t.json("POST", "/api/tasks", { agentType: "Ingest", payload }, h);
    expect(c.status).toBe(202);
    return t.waitTask(c.body.taskId, undefined, 60_000, h);
  };
  const saved = await start({ mode: "Url", url: `${site.origin}/pancakes` });
  const commit = await t.json(
    "POST",
    "/api/recipes/import",
    { taskId: saved.taskId, draftRecipe: saved.result.draft.recipe, acknowledgeGuardrail: true },
    h,
  );
  expect(commit.status).toBeLessThan(300);
  recipeId = commit.body.recipe.id;
  // A page's draft whose steps are the site's own words: the review shows the copy check's choice.
  const draft = await start({ mode: "Url", url: `${site.origin}/verbatim` });
  expect(draft.status).toBe("ReviewReady");
  draftId = draft.taskId;
  // The recipe on today's plan (each run makes its shopping list from the plan, named in its language).
  const today = new Date().toISOString().slice(0, 10);
  expect((await t.json("POST", "/api/plans", { day: today, recipeId }, h)).status).toBe(201);
  // An article on the reading list.
  const sub = await t.ladle.articles.submit(caller(), { url: `${site.origin}/bread` });
  if (!sub.ok) throw new Error(sub.message);
  for (;;) {
    const a = await t.ladle.articles.get(caller(), sub.value.media.id);
    const status = a.ok ? (a.value as { processing_status: string }).processing_status : "gone";
    if (status === "ready_for_reading") break;
    if (!a.ok || /fail/.test(status)) throw new Error(`article: ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const recipe = (await t.json("GET", `/api/recipes/${recipeId}`, undefined, h)).body;
  const drafted = draft.result.draft;
  data = [recipe, drafted.recipe]
    .flatMap((r) => [
      r.name,
      r.description,
      r.yield,
      r.cuisine,
      ...(r.category ?? []),
      ...(r.tags ?? []),
      ...r.ingredients.flatMap((i: Record<string, unknown>) => [i.text, i.name, i.unit, i.notes, i.section]),
      ...r.instructions.flatMap((s: Record<string, unknown>) => [s.text, s.section]),
    ])
    .concat([drafted.source?.siteName, drafted.source?.author, recipe.source?.siteName])
    .concat(["The Slow Bread Movement", "Jane Baker", "Bakery News"])
    // Names the screens quote as they are: the browser extension's (English only) and the README's section.
    .concat(["Send to Ladle", "Send pages from your browser"])
    .filter((x): x is string => typeof x === "string" && x.trim().length > 1)
    .sort((a, b) => b.length - a.length);
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/** The words a person reads or hears in `main` and the bar, without the parts `skip` names. */
async function wordsOn(page: Page, skip: string[]): Promise<string> {
  const raw = await page.evaluate((skip) => {
    const texts: string[] = [];
    for (const root of document.querySelectorAll("header.top, main")) {
      const copy = root.cloneNode(true) as Element;
      for (const s of skip) for (const n of copy.querySelectorAll(s)) n.remove();
      for (const e of copy.querySelectorAll("*"))
        for (const a of ["aria-label", "title", "placeholder", "alt", "label"])
          texts.push(e.getAttribute(a) ?? "");
      const walk = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) texts.push(walk.currentNode.textContent ?? "");
    }
    return texts.join("\n");
  }, skip);
  let text = raw;
  for (const d of data) text = text.split(d).join(" ");
  // Addresses, the person's name and the article's own text are data too.
  return text
    .replace(/\bhttps?:\/\/\S+|\b\d+\.\d+\.\d+\.\d+(:\d+)?/g, " ")
    .replace(/^.*\b(bakers?|sourdough|loaf|loaves|bread|dough)\b.*$/gim, " ");
}

function englishLeft(text: string, lang: Lang): { catalogueWordsLeft: string[]; englishLines: string[] } {
  const catalogueWordsLeft = englishOnly(lang).filter((w) =>
    new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\p{L}]|$)`, "u").test(text),
  );
  const englishLines = text
    .split("\n")
    .filter((line) => ENGLISH.test(line))
    .map((line) => line.trim());
  return { catalogueWordsLeft, englishLines };
}

/** What sticks out of the window (nothing should). */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth}px`);
    /** Cut off inside a box that clips it and ends within the window (a line ending in "…" on purpose). */
    const clipped = (node: HTMLElement): boolean => {
      for (let p = node.parentElement; p; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible") return p.getBoundingClientRect().right <= width + 1;
      return false;
    };
    for (const node of document.querySelectorAll<HTMLElement>("header *, main *")) {
      const box = node.getBoundingClientRect();
      if (
        !clipped(node) &&
        box.width &&
        box.right > width + 1 &&
        !node.closest(".bk-scroll, .st-scroll, .sr-only")
      )
        out.push(
          `${node.tagName.toLowerCase()}.${[...node.classList].join(".")} "${(node.textContent ?? "").slice(0, 30)}" ends at ${Math.round(box.right)}px`,
        );
    }
    return out.slice(0, 5);
  });
}

/** The screens, each with what shows it is drawn and the parts that are another screen's or the server's words. */
const SCREENS: { name: string; path: () => string; ready: string; skip?: string[] }[] = [
  { name: "recipes", path: () => "recipes", ready: ".recipe-grid li", skip: ["form.search"] },
  { name: "recipe", path: () => `recipes/${recipeId}`, ready: "article.recipe-page h1" },
  {
    name: "review",
    path: () => `tasks/${draftId}`,
    ready: "fieldset.copy-fieldset",
    // The checks' findings and the page's own text are the server's and the site's words.
    skip: ["pre", ".field-note", ".summary ul", ".summary + div", "ul.plain a", "li.flagged"],
  },
  { name: "plan", path: () => "plan", ready: ".plan-day a[href^='#/recipes/']" },
  // The list the plan's button makes (named in the run's language): no path of its own.
  { name: "shopping", path: () => "", ready: "main input[type=checkbox]" },
  { name: "reading", path: () => "articles", ready: "main h1" },
  { name: "account", path: () => "account", ready: "main h1" },
];

const RUNS: { lang: Lang; width: number }[] = [
  ...LANGUAGES.map((lang) => ({ lang, width: 390 })),
  { lang: "nl", width: 1280 },
];

describe.skipIf(!hasBrowser)("the cook's screens in Spanish, Italian, Dutch, Portuguese and Swedish", () => {
  for (const { lang, width } of RUNS)
    it(`speaks ${lang} at ${width} px without overflow or English left`, async () => {
      await t.ladle.personSettings.update(caller(), { language: lang });
      const context = await browser!.newContext({ locale: LOCALE[lang], viewport: { width, height: 844 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const app = read(lang, "app");
      // The sign-in screen follows the browser's language.
      await page.goto(`${http.base}/#/`);
      await page.getByRole("heading", { name: app.signInTitle! }).waitFor();
      await page.getByLabel(app.nameLabel!, { exact: true }).fill("cook");
      await page.getByLabel(app.passwordLabel!, { exact: true }).fill("cook's long password");
      await page.getByRole("button", { name: app.signInButton!, exact: true }).click();
      await page.locator(".user-menu #pick-language").waitFor({ state: "attached" });
      const loading = app.loading!.replace(/…$/, "");
      const found: Record<string, unknown> = {};
      for (const screen of SCREENS) {
        if (screen.name === "shopping") {
          await page
            .getByRole("button", { name: read(lang, "kitchen").makeListButton!, exact: true })
            .click();
          await page.waitForURL(/#\/shopping\/./);
        } else await page.goto(`${http.base}/#/${screen.path()}`);
        await page.locator(screen.ready).first().waitFor();
        // The screen's data is drawn: no "Loading…" (in any of its forms) left.
        await page.waitForFunction(
          (words) =>
            ![...document.querySelectorAll("main p.muted")].some((p) => p.textContent?.includes(words)),
          loading,
        );
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const name = `five-${lang}-${screen.name}-${width}`;
        await screenshot(page, name);
        const left = englishLeft(await wordsOn(page, screen.skip ?? []), lang);
        const wide = await overflow(page);
        const axe = await axeViolations(page);
        if (left.catalogueWordsLeft.length || left.englishLines.length || wide.length || axe.length)
          found[screen.name] = { ...left, wide, axe };
      }
      expect(found).toEqual({});
      expect(errors).toEqual([]);
      await context.close();
    });
});
