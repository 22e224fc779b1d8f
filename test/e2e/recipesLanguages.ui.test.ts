import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  SCREEN_SIZES,
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

// The review and recipe screens in German and in French, at 1280 and 390 px: a web page's draft
// under review (with the copy check's choice), a typed recipe's draft, a saved recipe's page, the
// list and the edit. On each: none of the screens' English words left (the recipe's own words are
// data and stay), nothing wider than the window, axe clean, and a screenshot
// recipes-<language>-<screen>-<width>.png to look at.

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

/** The English words of these screens that a language writes differently, as they show on screen. */
function englishOnly(lang: string): string[] {
  const out = new Set<string>();
  const namespaces = ["review", "recipes"];
  // Words the language writes too ("Name", "Total", German "Plan") prove nothing.
  const theirs = namespaces
    .flatMap((ns) => Object.values(read(lang, ns)).flatMap((m) => literals(parse(m))))
    .join("\n");
  for (const ns of namespaces)
    for (const text of Object.values(read("en", ns)))
      for (const run of literals(parse(text))) {
        const words = run.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
        // A short run ("by", "h") proves nothing either.
        if (words.length >= 4 && !theirs.includes(words)) out.add(words);
      }
  return [...out].sort((a, b) => b.length - a.length);
}

/** Common English words that no German or French screen text holds (data is taken out first). */
const ENGLISH =
  /\b(the|and|your|with|this|from|these|which|should|check|recipe|ingredients?|steps?|save|delete)\b/i;

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let pageDraft: string;
let textDraft: string;
let recipeId: string;
/** The recipes' own words (names, lines, steps, site): data, taken out of the text before looking. */
let data: string[] = [];

beforeAll(async () => {
  site = await startFixtureServer({
    "/verbatim": { body: PANCAKES_VERBATIM_HTML },
    "/pancakes": { body: PANCAKES_HTML },
  });
  t = await startTestLadle({ config: { Duplicates: { AskOnCommit: false } } });
  http = await serveApp(t.app);
  browser = await launchBrowser();
  const start = async (payload: unknown) => {
    const c = await t.json("POST", "/api/tasks", { agentType: "Ingest", payload });
    expect(c.status).toBe(202);
    return t.waitTask(c.body.taskId);
  };
  const saved = await start({ mode: "Url", url: `${site.origin}/pancakes` });
  const commit = await t.json("POST", "/api/recipes/import", {
    taskId: saved.taskId,
    draftRecipe: saved.result.draft.recipe,
    acknowledgeGuardrail: true,
  });
  expect(commit.status).toBeLessThan(300);
  recipeId = commit.body.recipe.id;
  // A second version, so the page has a history to show.
  const edit = await t.json("PATCH", `/api/recipes/${recipeId}`, {
    changes: { description: "Fluffy pancakes for a slow Sunday." },
  });
  expect(edit.status).toBeLessThan(300);
  const verbatim = await start({ mode: "Url", url: `${site.origin}/verbatim` });
  expect(verbatim.status).toBe("ReviewReady");
  pageDraft = verbatim.taskId;
  const typed = await start({
    mode: "Source",
    sourceType: "text",
    sourceRef:
      "Pear Crumble\nServes 4\nPrep 15 minutes, cook 45 minutes\n\nIngredients\n- 4 pears\n- 100 g oats\n- 2 tbsp honey\n\nMethod\n1. Slice the pears into a dish.\n2. Scatter the oats over, drizzle the honey and bake.",
  });
  expect(typed.status).toBe("ReviewReady");
  textDraft = typed.taskId;
  const recipe = (await t.json("GET", `/api/recipes/${recipeId}`)).body;
  const drafts = [verbatim.result.draft, typed.result.draft];
  data = [recipe, ...drafts.map((d) => d.recipe)]
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
    .concat(
      drafts.flatMap((d) => [d.source?.siteName, d.source?.author]),
      [recipe.source?.siteName],
    )
    .filter((x): x is string => typeof x === "string" && x.trim().length > 1)
    .sort((a, b) => b.length - a.length);
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/**
 * The words a person reads or hears in `root` (its text and the attributes read out), without
 * the parts `skip` names (the recipe's own text, the server's messages, other screens' parts).
 */
async function wordsIn(page: Page, root: string, skip: string[]): Promise<string> {
  const raw = await page.evaluate(
    ({ root, skip }) => {
      const node = document.querySelector(root);
      if (!node) return "";
      const copy = node.cloneNode(true) as Element;
      for (const s of skip) for (const n of copy.querySelectorAll(s)) n.remove();
      // The copy check's finding is the server's sentence; "Why it matters" beside it is ours.
      for (const s of copy.querySelectorAll(".guard-why > summary"))
        for (const c of [...s.childNodes]) if (c.nodeType === Node.TEXT_NODE) c.remove();
      const attrs = [...copy.querySelectorAll("*")].flatMap((e) =>
        ["aria-label", "title", "placeholder", "alt", "label"].map((a) => e.getAttribute(a) ?? ""),
      );
      const texts: string[] = [];
      const walk = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) texts.push(walk.currentNode.textContent ?? "");
      return [...texts, ...attrs].join("\n");
    },
    { root, skip },
  );
  let text = raw;
  for (const d of data) text = text.split(d).join(" ");
  // Addresses are data too.
  return text.replace(/\bhttps?:\/\/\S+|\b\d+\.\d+\.\d+\.\d+(:\d+)?/g, " ");
}

/** Fails with the English left in `text` (the catalogue's words, then any common English word). */
function expectNoEnglish(text: string, lang: string, screen: string): void {
  const left = englishOnly(lang).filter((w) =>
    new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\p{L}]|$)`, "u").test(text),
  );
  const stray = text
    .split("\n")
    .filter((line) => ENGLISH.test(line))
    .map((line) => line.trim());
  expect({ screen, lang, catalogueWordsLeft: left, englishLines: stray }).toEqual({
    screen,
    lang,
    catalogueWordsLeft: [],
    englishLines: [],
  });
}

/** No horizontal overflow, axe clean, and the screenshot. */
async function check(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
    // What sticks out, to say what to fix.
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ${e.textContent?.slice(0, 40)}`),
  }));
  expect(overflow.scroll, `${name}: ${overflow.wide.join(" | ")}`).toBeLessThanOrEqual(overflow.inner);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, name);
}

const HEADINGS: Record<string, { review: string; recipes: string; edit: RegExp }> = {
  de: { review: "Entwurf durchsehen", recipes: "Rezepte", edit: /bearbeiten/ },
  fr: { review: "Relire le brouillon", recipes: "Recettes", edit: /^Modifier/ },
};

describe.skipIf(!hasBrowser)("the review and recipe screens in German and French", () => {
  for (const lang of ["de", "fr"] as const) {
    for (const size of SCREEN_SIZES) {
      it(`speaks ${lang} at ${size.width} px`, async () => {
        const { page, errors } = await openPage(browser!, size, lang);
        await page.addInitScript((l) => localStorage.setItem("ladle.language", l), lang);
        const shot = (screen: string) => check(page, `recipes-${lang}-${screen}-${size.width}`);
        const h = HEADINGS[lang]!;
        // Text the review draws from the server's words (its checks' messages) and other screens' parts.
        // The kept files' names are data too.
        const reviewSkip = ["pre", ".field-note", ".summary ul", ".summary + div", "ul.plain a"];

        // A web page's draft: the copy check flags its steps, and the choice beside Save is drawn.
        await page.goto(`${http.base}/#/tasks/${pageDraft}`);
        await page.getByRole("heading", { name: h.review }).waitFor();
        await page.locator("fieldset.copy-fieldset").waitFor();
        await page.locator("li.flagged").first().waitFor();
        await page.locator("#ing-0-menu > summary").click();
        await page.locator(".more-fields > summary").click();
        // The page's text beside the draft (folded under it on a phone).
        await page.locator(".review-source pre").waitFor({ state: "attached" });
        expectNoEnglish(await wordsIn(page, ".review-side", reviewSkip), lang, "review");
        await shot("review");

        // A typed recipe's draft: its source is named in the language ("deinem Text", "votre texte").
        await page.goto(`${http.base}/#/tasks/${textDraft}`);
        await page.getByRole("heading", { name: h.review }).waitFor();
        await page.locator(".review-source pre").waitFor({ state: "attached" });
        expectNoEnglish(await wordsIn(page, ".review-side", reviewSkip), lang, "review-text");
        await shot("review-text");

        // The saved recipe's page, with the question before deleting open.
        await page.goto(`${http.base}/#/recipes/${recipeId}`);
        await page.locator("article.recipe-page h1").waitFor();
        await page.locator("#plan-form").evaluate((f) => ((f as HTMLFormElement).hidden = false));
        await page.locator("button.danger").click();
        await page.locator(".confirm").waitFor();
        // The kitchen's scaling and lines are another screen's words (screens/kitchen).
        const pageSkip = [".kitchen-controls", ".ingredients-view", ".steps-view", ".labels"];
        expectNoEnglish(await wordsIn(page, "article.recipe-page", pageSkip), lang, "recipe");
        await shot("recipe");

        // The list, and the edit of the saved recipe.
        await page.goto(`${http.base}/#/recipes`);
        await page.getByRole("heading", { name: h.recipes, level: 1 }).waitFor();
        await page.locator(".recipe-grid li").first().waitFor();
        expectNoEnglish(await wordsIn(page, "main", ["form.search"]), lang, "list");
        await shot("list");
        await page.goto(`${http.base}/#/recipes/${recipeId}/edit`);
        await page.getByRole("heading", { name: h.edit, level: 1 }).waitFor();
        await page.locator(".ing-row").first().waitFor();
        expectNoEnglish(await wordsIn(page, "form.edit-recipe", []), lang, "edit");
        await shot("edit");

        expect(errors).toEqual([]);
        await page.close();
      });
    }
  }
});
