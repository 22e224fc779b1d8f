import { existsSync, mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_BASE_ARGS } from "../../src/fetcher/browser.ts";

// Shared setup of the browser tests (Playwright driving Debian's chromium).
// .ci/run installs that chromium; a machine without it skips only the browser tests.

/** Where the browser tests find Debian's chromium. */
export const CHROMIUM = "/usr/bin/chromium";
/** Whether chromium is installed: the browser tests skip without it. */
export const hasBrowser = existsSync(CHROMIUM);
/** Where screenshots go, for people to look at: their names must stay stable. */
export const SHOTS = "test-results/screenshots";
/** The desktop and phone sizes a screen is shot at, desktop first. */
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * How long a page waits for what a click brought before a test fails: a bound for a hang, never a
 * speed check. A busy 2-core machine (a full run beside other work) took longer than Playwright's
 * 30 s, then 45 s, to show a draft after an import.
 */
export const PAGE_HANG_MS = 120_000;

/**
 * Launches chromium with Ladle's base flags plus `extraArgs`; null when it is not installed. Every
 * context it opens (and so every page, `newPage` included) waits up to PAGE_HANG_MS: tests that open
 * their own contexts met Playwright's 30 s default on a loaded CI host.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser | null> {
  if (!hasBrowser) return null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_BASE_ARGS, ...extraArgs],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_HANG_MS);
    return context;
  };
  return browser;
}

/** The app served over HTTP on loopback: its origin and a way to stop listening. */
export interface ServedApp {
  base: string;
  close(): void;
}

/** Serves an app's `fetch` on 127.0.0.1 at a free port and resolves once it listens. */
export async function serveApp(app: { fetch: Parameters<typeof serve>[0]["fetch"] }): Promise<ServedApp> {
  const http = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => http.once("listening", r));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => void http.close(),
  };
}

/** Opens a page (at `viewport` if given) and collects its uncaught errors in `errors`. */
export async function openPage(
  browser: Browser,
  viewport?: { width: number; height: number },
  locale?: string,
): Promise<{ page: Page; errors: string[] }> {
  // `locale` is the browser's language (navigator.languages), which the app follows until the
  // person chooses one.
  const page = await browser.newPage({ ...(viewport ? { viewport } : {}), ...(locale ? { locale } : {}) });
  page.setDefaultTimeout(PAGE_HANG_MS);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

/** Saves a full-page screenshot as test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Shoots desktop then phone size as <prefix>-<screen>-<width>.png (`settleMs` after each resize). */
export async function screenshotBoth(
  page: Page,
  prefix: string,
  screen: string,
  settleMs = 0,
): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    await screenshot(page, `${prefix}-${screen}-${size.width}`);
  }
  await page.setViewportSize(SCREEN_SIZES[0]);
}

/** axe-core's script, read once per test file. */
let axeSource: string | undefined;

/** Serious and critical accessibility violations axe-core finds on the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= (await import("node:fs")).readFileSync(
    (await import("node:module")).createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
    "utf8",
  );
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') forbids an inline <script>.
  // Once per document: the app moves between screens without reloading, and parsing axe's half a
  // megabyte again at each screen cost a busy machine most of a second.
  if (await page.evaluate(() => !("axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: { resultTypes: string[] },
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    // Only the violations are read: axe then gives the rules that passed or did not apply one node
    // each instead of a selector for every node they looked at (a fifth of its time on a small screen).
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => String(n.target)).slice(0, 3),
    }));
  });
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(", ")}`);
}

/** The top bar's places (src/web/app/nav.ts). */
const PLACES = ["Recipes", "Plan & shop", "Reading", "Add"];
/** The screens shown under one of the top bar's places (nav.ts), by the place's name. */
const UNDER_PLACE: Record<string, string> = {
  Articles: "Reading",
  Bookmarks: "Reading",
  Feeds: "Reading",
  Plan: "Plan & shop",
  Shopping: "Plan & shop",
  "Add a recipe": "Add",
  Find: "Add",
};
/** The person's menu's own names for a screen the tests name by its old top-bar link. */
const IN_PERSON_MENU: Record<string, RegExp> = {
  People: /^(People and tokens|Your API tokens|Switch on sign-in)$/,
};

/**
 * Opens a screen from the top bar (behind the Menu button at phone width): one of its places
 * (Recipes, Plan & shop, Reading, Add), a screen under a place (Bookmarks under Reading), or a
 * screen in the person's menu (Libraries, Status, Move in & out…).
 */
export async function openFromNav(page: Page, name: string): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  const main = page.getByRole("navigation", { name: "Main" });
  const place = UNDER_PLACE[name];
  if (place) {
    if (await menu.isVisible()) await menu.click();
    await main.getByRole("link", { name: place, exact: true }).click();
    await page.getByRole("navigation", { name: place }).getByRole("link", { name, exact: true }).click();
    return;
  }
  if (PLACES.includes(name)) {
    if (await menu.isVisible()) await menu.click();
    await main.getByRole("link", { name, exact: true }).click();
    return;
  }
  const link = page
    .locator("#user-panel")
    .getByRole("link", { name: IN_PERSON_MENU[name] ?? name, exact: true });
  // A panel opened while the screen still renders after a sign-in can be closed again by that
  // render (CI: the link "not visible" for two minutes): open it again if its link stays hidden.
  for (let tries = 1; ; tries++) {
    if (!(await link.isVisible())) {
      const toggle = (await menu.isVisible()) ? menu : page.locator(".user-toggle");
      const open = (await toggle.getAttribute("aria-expanded")) === "true";
      // Said open yet hidden, on a retry: close it first, then open it.
      if (open && tries > 1) await toggle.click();
      if (!open || tries > 1) await toggle.click();
    }
    try {
      await link.click({ timeout: tries < 4 ? 30_000 : undefined });
      return;
    } catch (e) {
      if (tries >= 4) throw e;
    }
  }
}

/**
 * Opens the user menu (who is signed in, account, tokens, Sign out): its button on a wide screen,
 * the Menu on a phone, where its links sit under the screens' links.
 */
export async function openUserMenu(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  } else {
    const toggle = page.locator(".user-toggle");
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}

/** Waits until the user menu names `name` as signed in (shown in the top bar, or in the phone's Menu). */
export async function waitSignedIn(page: Page, name: string): Promise<void> {
  await page.locator(".user-toggle", { hasText: `Signed in as ${name}` }).waitFor({ state: "attached" });
}

/** Opens a folded panel of a recipe or review screen (History, Refresh from source, Allergens…) by its name. */
export async function openFold(page: Page, name: string): Promise<void> {
  const fold = page.locator("details.panel-fold", { has: page.locator("summary", { hasText: name }) });
  if ((await fold.getAttribute("open")) === null) await fold.locator("summary").click();
}
