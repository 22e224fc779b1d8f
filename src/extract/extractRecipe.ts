import type { PageClass } from "../domain/draft.ts";
import { zRecipe, type ExtractionMethod, type Recipe } from "../domain/recipe.ts";
import { shownByScript } from "./appState.ts";
import { classifyPage } from "./classifyPage.ts";
import { findRecipeNodes } from "./jsonld.ts";
import { extractHeuristic } from "./heuristic.ts";
import { findYield } from "./timesAndYields.ts";
import { fillPrintedTimes } from "./printedTimes.ts";
import { brandNames, withoutSuffix } from "./titleSuffix.ts";
import {
  DASHES,
  isSiteName,
  siteHost,
  siteNamed,
  titledSiteName,
  withoutHostName,
  withoutSiteName,
} from "./siteName.ts";
import { findMicrodataRecipes } from "./microdata.ts";
import { findRdfaRecipes } from "./rdfa.ts";
import { addCandidate, bodyImage, ImageSource, imageUrl, type ImageCandidate } from "./images.ts";
import { largerRendition } from "./largerRendition.ts";
import { pagePrimaryImage } from "./pagePrimaryImage.ts";
import {
  addSchemaImages,
  mapSchemaRecipe,
  personName,
  type MapContext,
  type PartialRecipe,
} from "./schemaRecipe.ts";
import { absoluteHttpUrl } from "./pageMetadata.ts";
import { LOGIN_NAME, pageByline } from "./byline.ts";
import { personOverBrand, signedName } from "./authorPerson.ts";
import { findFirst, textOf } from "./dom.ts";
import { metaOf, scanPage, type PageScan } from "./pageScan.ts";
import type { PageText } from "./pageText.ts";
import { cleanText } from "./text.ts";
import {
  bareNames,
  listForTag,
  tagNotList,
  withVisibleAmounts,
  withVisibleHeadings,
  withWholeVisibleList,
  withWholeVisibleSteps,
} from "./visibleList.ts";
import { withJoinedLinesSplit, withSplitVisibleList } from "./gluedList.ts";
import { withSplitVisibleSteps } from "./splitSteps.ts";
import { withLostDecimals } from "./lostDecimals.ts";
import { withNumberedVisibleSteps } from "./numberedSteps.ts";

export interface ExtractInput {
  /** The page's HTML: one string, or the pieces it was decoded in (see {@link PageText}). */
  html: string | PageText;
  /** Page URL, for resolving relative URLs. */
  url: string;
}

export type ExtractResult =
  | {
      ok: true;
      /** Canonical recipe; `source` stays null until commit. */
      recipe: Recipe;
      method: ExtractionMethod;
      fieldMethods: Record<string, ExtractionMethod>;
      /** The schema.org object the recipe came from (the recipe.jsonld artifact). */
      jsonld: unknown | null;
      siteName: string | null;
      author: string | null;
      licenseHint: string | null;
      snapshot: string;
      classification: PageClass;
      alternates: Recipe[];
    }
  | {
      ok: false;
      code: "NO_RECIPE_FOUND" | "NOT_A_RECIPE";
      message: string;
      snapshot: string;
      classification: PageClass;
    };

/** One structured-data method: finds schema.org Recipe objects in the parsed page. */
interface Extractor {
  method: ExtractionMethod;
  find(page: PageScan, ctx: MapContext): { raw: Record<string, unknown> | null; recipe: PartialRecipe }[];
  /** False when the page cannot hold this method's data (its tree is then never built for it). */
  applies(page: PageScan): boolean;
}

// Tried in order; earlier methods win each field, later ones fill gaps.
const EXTRACTORS: Extractor[] = [
  {
    method: "JsonLd",
    applies: (page) => page.jsonLd.length > 0,
    find(page, ctx) {
      const { recipes, byId } = findRecipeNodes(page.jsonLd, ctx.baseUrl);
      for (const [k, v] of byId) ctx.byId.set(k, v);
      return recipes.map((raw) => ({ raw, recipe: mapSchemaRecipe(raw, ctx) }));
    },
  },
  {
    method: "Microdata",
    applies: (page) => page.markup.microdata,
    find(page, ctx) {
      return findMicrodataRecipes(page.doc()).map((raw) => ({ raw, recipe: mapSchemaRecipe(raw, ctx) }));
    },
  },
  {
    method: "Rdfa",
    applies: (page) => page.markup.rdfa,
    find(page, ctx) {
      return findRdfaRecipes(page.doc()).map((raw) => ({ raw, recipe: mapSchemaRecipe(raw, ctx) }));
    },
  },
  {
    // Pages without structured data (or structured data missing pieces): plugin cards, then headings.
    method: "Heuristic",
    applies: () => true,
    find(page, ctx) {
      const recipe = extractHeuristic(page, ctx.baseUrl);
      return recipe ? [{ raw: null, recipe }] : [];
    },
  },
];

function siteNameOf(page: PageScan, nodes: Record<string, unknown>[], url: string): string | null {
  const site = nodes.find((n) => n["@type"] === "WebSite" && typeof n.name === "string");
  const fromLd = site ? cleanText(site.name) : null;
  const og = metaOf(page, "og:site_name", "application-name");
  return siteNamed(og) || fromLd || siteHost(url);
}

// A site's tagline after its name ("H-E-B | Here Everything's Better"), behind a bar or any dash.
const SITE_TAGLINE = new RegExp(String.raw`\s+[|${DASHES}-]\s+`, "u");
const SITE_SEP = new RegExp(`[|${DASHES}]`, "u");

/** The page's `<title>`, else its shared title. */
function pageTitle(page: PageScan): string | null {
  const el = findFirst(page.doc(), (e) => e.name === "title");
  return (el && cleanText(textOf(el))) || metaOf(page, "og:title", "twitter:title");
}

function licenseOf(page: PageScan, raw: Record<string, unknown> | null): string | null {
  const l = raw?.license;
  if (typeof l === "string" && l.trim()) return cleanText(l);
  return page.licenseHref;
}

// "Recipe" in the languages of the pages read, English apart (sites name English dishes "… Recipe").
const RECIPE_WORD = "recept|rezept|receta|ricetta|recette|receita|przepis|opskrift|oppskrift";

const RECIPE_PREFIX = new RegExp(String.raw`^(?:recipe|${RECIPE_WORD})\s*[-|–—:·]\s+`, "iu");

const RECIPE_LABEL = new RegExp(String.raw`\s+[-|–—:·]\s*(?:recipe|${RECIPE_WORD})\s*$`, "iu");

const LABEL_THEN_TAGLINE = new RegExp(String.raw`\s+(?:recipe|${RECIPE_WORD})\s+[-|–—]\s+.*$`, "iu");

// "Pandekager – Bedste opskrift på lækre pandekager", "Bœuf bourguignon - Recette Cookeo": after a
// separator, a phrase that calls the dish a recipe within its first words is the site's tagline
// (English sites name dishes "… - Authentic Recipe", as the structured data does too).
const SEPARATED_RECIPE_TAGLINE = new RegExp(
  String.raw`\s+[-|–—]\s+(?:[\p{L}'’]+\s+){0,2}(?:${RECIPE_WORD})(?![\p{L}]).*$`,
  "iu",
);

// Emoji (with their joiners, skin tones, flags and presentation selectors) at either end of a name;
// not ©, ® and ™, which belong to it.
const EMOJI = String.raw`(?:(?![©®™])[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u200d|\ufe0f)`;
const EMOJI_EDGES = new RegExp(String.raw`^(?:${EMOJI}|\s)+|(?:\s|${EMOJI})+$`, "gu");

// A wiki's namespace before a page's name, glued to it: "Cookbook:Pumpkin Pie I".
const WIKI_NAMESPACE = /^\p{Lu}\p{Ll}+:(?=\p{Lu})/u;

/** A value that says nothing: later methods may fill it (0 is "unknown" for times and yields). */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === 0 || v === "" || (Array.isArray(v) && v.length === 0);
}

/** Whether yield, times, description or image are still unknown. */
function missesDetails(r: PartialRecipe): boolean {
  return !r.servings || !r.totalTimeMinutes || !r.description || !r.imageUrl;
}

/**
 * The recipe's picture, as a person would pick it: every candidate pooled (the recipe's own
 * images, the one another reader found, each shared og:image and twitter:image) and ranked by
 * size, ties to the recipe's own (src/extract/images.ts); the page's stated main one first.
 */
function pickRecipeImage(
  page: PageScan,
  ctx: MapContext,
  raw: Record<string, unknown> | null,
  merged: PartialRecipe,
  fieldMethods: Record<string, ExtractionMethod>,
): void {
  const pool: ImageCandidate[] = [];
  if (raw) addSchemaImages(pool, raw.image ?? raw.thumbnailUrl, ctx);
  const found = fieldMethods.imageUrl === "Heuristic" ? ImageSource.Card : ImageSource.Schema;
  if (merged.imageUrl) addCandidate(pool, merged.imageUrl, found);
  const own = pool.length;
  for (const s of page.sharedImages) {
    const source = s.kind === "og" ? ImageSource.OpenGraph : ImageSource.Twitter;
    for (const u of s.urls) addCandidate(pool, imageUrl(u, ctx.baseUrl), source, s.width, s.height);
  }
  // No picture named anywhere, or only share cards' thumbnails (a 146×128 og:image): the one in the
  // page's content; a size unknown outranks a thumbnail's. A share card alone: its widest rendition.
  if (!own && pool.every((c) => c.area < 0))
    addCandidate(pool, bodyImage(page.doc(), ctx.baseUrl), ImageSource.Body);
  const picked = pagePrimaryImage(ctx, page.sharedImages, pool);
  const best = !own && picked ? largerRendition(page, ctx.baseUrl, picked) : picked;
  if (!best || best === merged.imageUrl) return;
  merged.imageUrl = best;
  if (!own || !pool.some((c) => c.url === best && c.source <= ImageSource.Card))
    fieldMethods.imageUrl = "Heuristic";
}

/**
 * Open Graph and meta tags fill the description and author that structured data left out:
 * the page describes the dish its recipe card does. Recorded as Heuristic.
 */
function fillFromMeta(
  page: PageScan,
  merged: PartialRecipe,
  fieldMethods: Record<string, ExtractionMethod>,
): void {
  const fill = <K extends "description" | "author">(key: K, value: PartialRecipe[K] | null) => {
    if (merged[key] || !value) return;
    merged[key] = value;
    fieldMethods[key] = "Heuristic";
  };
  fill("description", metaOf(page, "og:description", "description", "twitter:description"));
  // article:author and some author tags hold a profile URL, not a name; Dublin Core's creator
  // (DC.Creator) names the writer on pages without the others.
  const author = personName(metaOf(page, "author", "article:author", "dc.creator", "dcterms.creator") ?? "");
  if (author && author.length <= 100 && !LOGIN_NAME.test(author)) fill("author", author);
  // A post's writer in its share card (twitter:label1 "Written by", twitter:data1 "Ann Lee"),
  // before the site's name stands in for one; a login name ("admin") is no byline.
  const written = sharedByline(page);
  if (written) fill("author", written);
}

// The label of a share card's byline ("Written by", "Auteur", "Geschrieben von").
const BYLINE_LABEL =
  /^(?:written\s+by|author|by|écrit\s+par|auteur|geschrieben\s+von|autor|escrito\s+por|scritto\s+da|geschreven\s+door)\s*:?$/i;

/** The writer a share card names under a byline label (twitter:labelN / twitter:dataN). */
function sharedByline(page: PageScan): string | null {
  for (let i = 1; i <= 4; i++) {
    const label = metaOf(page, `twitter:label${i}`);
    if (!label || !BYLINE_LABEL.test(label)) continue;
    const name = personName(metaOf(page, `twitter:data${i}`) ?? "");
    return name && name.length <= 100 && !LOGIN_NAME.test(name) ? name : null;
  }
  return null;
}

/**
 * Extracts the main recipe of a page: the HTML is parsed once and shared by every method;
 * structured data wins and each field records the method that produced it. Pure, no network.
 */
export function extractRecipe(input: ExtractInput): ExtractResult {
  const page = scanPage(input.html);
  // Relative URLs (images, the JSON-LD's ids) are relative to the page's `<base href>` when it has one.
  const ctx: MapContext = {
    baseUrl: absoluteHttpUrl(page.baseHref, input.url) ?? input.url,
    byId: new Map(),
  };
  let snapshot = page.snapshot;

  let merged: PartialRecipe = {};
  const fieldMethods: Record<string, ExtractionMethod> = {};
  let main: ExtractionMethod | null = null;
  let raw: Record<string, unknown> | null = null;
  const alternates: PartialRecipe[] = [];
  for (const ex of EXTRACTORS) {
    const essentials = !!(merged.name && merged.ingredients?.length && merged.instructions?.length);
    // Once the essentials are known, only more structured data may fill what is still missing
    // (a page that carries JSON-LD and microdata for the same recipe); heuristics are not needed.
    if (essentials && (ex.method === "Heuristic" || !missesDetails(merged))) break;
    if (!ex.applies(page)) continue;
    const found = ex.find(page, ctx);
    if (!found.length) continue;
    const [best, ...rest] = found;
    if (!main) {
      main = ex.method;
      raw = best!.raw;
      alternates.push(...rest.map((r) => r.recipe));
    }
    for (const [k, v] of Object.entries(best!.recipe)) {
      if (isEmpty(v) || !isEmpty((merged as Record<string, unknown>)[k])) continue;
      (merged as Record<string, unknown>)[k] = v;
      fieldMethods[k] = ex.method;
    }
  }

  // Lists only the page's script shows (its app state) are text of the page too: the snapshot
  // holds them, so that the copy check compares those steps with the site's own words.
  const byScript = [merged.ingredients, merged.instructions].flatMap((l) =>
    l ? (shownByScript(l) ?? []) : [],
  );
  if (byScript.length) snapshot = [snapshot, ...byScript].filter(Boolean).join("\n");

  const ldNodes = [...ctx.byId.values()];
  if (!main || (!merged.ingredients?.length && !merged.instructions?.length && !merged.name)) {
    const classification = classifyPage(page, ldNodes, false);
    return {
      ok: false,
      code: classification.kind === "article" ? "NOT_A_RECIPE" : "NO_RECIPE_FOUND",
      message:
        classification.kind === "article"
          ? "The page is an article, not a recipe: no schema.org Recipe was found."
          : "No schema.org Recipe (JSON-LD or microdata) was found on the page.",
      snapshot,
      classification,
    };
  }

  // Structured lines that are names only: the page's own list usually shows the amounts.
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic" && bareNames(merged.ingredients)) {
    const visible = withVisibleAmounts(page.doc(), merged.ingredients);
    if (visible) {
      merged.ingredients = visible;
      fieldMethods.ingredients = "Heuristic";
    }
  }
  // Structured "ingredients" that are a tag ("Chicken"): the list the page text shows.
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic" && tagNotList(merged.ingredients)) {
    const list = extractHeuristic(page)?.ingredients;
    if (list && listForTag(merged.ingredients, list)) {
      merged.ingredients = list;
      fieldMethods.ingredients = "Heuristic";
    }
  }
  // One structured line gluing the page's whole list: the page's items.
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic") {
    const split = withSplitVisibleList(snapshot, merged.ingredients);
    if (split) {
      merged.ingredients = split;
      fieldMethods.ingredients = "Heuristic";
    }
  }
  // Structured lines that each join items the page lists apart ("2 eggs, 1 cup milk"): those items.
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic") {
    const split = withJoinedLinesSplit(snapshot, merged.ingredients);
    if (split) merged.ingredients = split;
  }
  // Structured lines that are only part of the list the page shows: the page's whole list.
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic") {
    const whole = withWholeVisibleList(snapshot, merged.ingredients);
    if (whole) {
      merged.ingredients = whole;
      fieldMethods.ingredients = "Heuristic";
    }
  }
  // Structured steps that are only the first of the method the page shows: the page's whole method.
  if (merged.instructions && fieldMethods.instructions !== "Heuristic") {
    const whole =
      withWholeVisibleSteps(snapshot, merged.instructions) ??
      withNumberedVisibleSteps(snapshot, merged.instructions);
    if (whole) {
      merged.instructions = whole;
      fieldMethods.instructions = "Heuristic";
    }
  }
  // Structured steps that join several the page shows apart: the page's steps, in the data's words.
  if (merged.instructions && fieldMethods.instructions !== "Heuristic") {
    const split = withSplitVisibleSteps(snapshot, merged.instructions);
    if (split) merged.instructions = split;
  }
  // Decimal amounts whose whole part the structured data cut off ("5 tsp" where the page shows "1.5 tsp").
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic")
    merged.ingredients = withLostDecimals(snapshot, merged.ingredients) ?? merged.ingredients;
  // Group headings flattened into the structured lines, as the page shows them.
  if (merged.ingredients && fieldMethods.ingredients !== "Heuristic") {
    const grouped = withVisibleHeadings(page.source, merged.ingredients);
    if (grouped) merged.ingredients = grouped;
  }
  // A structured name that is only the site's own ("Cook Test" on Cook Test's page) names no dish:
  // the page's heading does, else its shared title; a page whose heading says the same (a dish
  // the site is named after, "apfelkuchen.test") keeps it.
  const siteName = siteNameOf(page, ldNodes, input.url);
  const siteOwn = (name: string) => isSiteName(name, siteName, input.url);
  if (merged.name && siteOwn(merged.name)) {
    const h1 = findFirst(page.doc(), (e) => e.name === "h1");
    const shared = metaOf(page, "og:title");
    const other = [h1 && cleanText(textOf(h1)), shared && withoutSiteName(shared, siteName)].find(
      (t): t is string => !!t && !siteOwn(t),
    );
    if (other) {
      merged.name = other;
      fieldMethods.name = "Heuristic";
    }
  }
  if (!merged.name) {
    const title = metaOf(page, "og:title");
    if (title) merged = { ...merged, name: title };
  }
  // "Recipe: Best Lasagna": a label opening the name says what the page is, not the dish.
  if (merged.name) merged.name = merged.name.replace(RECIPE_PREFIX, "") || merged.name;
  // "Arretjescake - Recept": a separated word saying it is a recipe is the site's label, not the name.
  if (merged.name) merged.name = merged.name.replace(RECIPE_LABEL, "") || merged.name;
  // "Csokis kuglóf recept - egyszerű és csokis", "Tartlets Recipe - (4.8/5)": what follows the
  // label is the site's tagline or rating.
  if (merged.name) merged.name = merged.name.replace(LABEL_THEN_TAGLINE, "") || merged.name;
  // "Carrot Soup | Cook Test": the site's name after a separator is the site's, not the dish's.
  if (merged.name) merged.name = withoutSiteName(merged.name, siteNameOf(page, ldNodes, input.url));
  // "Carrot Soup | Cook Test Kitchen" where a publisher has that name, or, for a name the page's
  // text gave (structured data's stays as written: "Lasagna | Recipes"), over an `<h1>` "Carrot Soup".
  if (merged.name)
    merged.name = withoutSuffix(
      merged.name,
      (fieldMethods.name ?? "Heuristic") === "Heuristic" ? () => page.doc() : null,
      [...brandNames(ldNodes, raw), ...(siteName ? [siteName] : [])],
    );
  // "Lemon Vinaigrette | Component Cooking" in the page's shared title, whose <title> goes on with
  // "| Naturally Ella": what the site's name cut from the <title> leaves is the dish, the part
  // between the two the site's section.
  if (merged.name?.includes(" | ") && (fieldMethods.name ?? "Heuristic") === "Heuristic") {
    const full = pageTitle(page);
    const cut = full?.startsWith(`${merged.name} | `)
      ? withoutSiteName(full, siteNameOf(page, ldNodes, input.url))
      : null;
    if (cut && cut.length < merged.name.length && merged.name.startsWith(cut)) merged.name = cut;
  }
  // "Estrogonofe de cogumelos - iG" on ig.com.br, whose pages call the site "Receitas".
  if (merged.name) merged.name = withoutHostName(merged.name, input.url);
  if (merged.name) merged.name = merged.name.replace(SEPARATED_RECIPE_TAGLINE, "") || merged.name;
  // "Lemon Cake 🍋": emoji around a name the page's text gave are its decoration, and so is a wiki
  // page's namespace glued before it ("Cookbook:Pumpkin Pie"); structured data names the dish as
  // the site wrote it, and is kept.
  if (merged.name && (fieldMethods.name ?? "Heuristic") === "Heuristic")
    merged.name = merged.name.replace(EMOJI_EDGES, "").replace(WIKI_NAMESPACE, "") || merged.name;
  // Structured data without a yield: the page's own text often states it ("Serves 4").
  if (!merged.servings && !merged.yield) {
    const y = findYield(snapshot);
    if (y) {
      merged.servings = y.servings;
      merged.yield = y.text;
      fieldMethods.servings = fieldMethods.yield = "Heuristic";
    }
  }
  fillPrintedTimes(page, snapshot, merged, fieldMethods, raw);
  pickRecipeImage(page, ctx, raw, merged, fieldMethods);
  fillFromMeta(page, merged, fieldMethods);
  // No author named in data or meta tags: the byline the page's text shows under its title.
  if (!merged.author) {
    // A line that only says "By …" counts on pages whose recipe the text alone gave: a recipe in
    // structured data that names no author is the publication's (a chef's credit is no byline).
    const byline = pageByline(page.doc(), ctx.baseUrl, input.url, main === "Heuristic");
    if (byline) {
      merged.author = byline;
      fieldMethods.author = "Heuristic";
    }
  }
  // A recipe that names no author is the publication's own: the site's name, as it writes it.
  // Without og:site_name, the name the page's title gives the site when it spells the host
  // ("… | Donna Hay" on donnahay.com.au); the tree is built by then (the byline looked).
  // A site's name followed by its tagline ("H-E-B | Here Everything's Better", "Panelinha - Receitas
  // que funcionam") is the name before the separator.
  const site = (
    siteNamed(metaOf(page, "og:site_name")) ??
    (merged.author ? null : titledSiteName(pageTitle(page), input.url))
  )?.split(SITE_TAGLINE)[0];
  if (!merged.author && site && site.length <= 40 && !SITE_SEP.test(site)) {
    merged.author = site;
    fieldMethods.author = "Heuristic";
  }
  // The site's own name (or an Organization) where the page names a person as the recipe's writer:
  // the person; a name signed "from <the site>" keeps the person alone (authorPerson.ts).
  if (merged.author) {
    const siteName = siteNameOf(page, ldNodes, input.url)?.split(SITE_TAGLINE)[0] ?? null;
    const about = {
      doc: () => page.doc(),
      raw,
      ctx,
      site: siteName,
      url: input.url,
      copyright: metaOf(page, "copyright", "dc.rights"),
    };
    const person = personOverBrand(merged.author, about);
    const signed = signedName(person ?? merged.author, about);
    if (person || signed !== merged.author) [merged.author, fieldMethods.author] = [signed, "Heuristic"];
  }
  const recipe = zRecipe.parse({ ...merged, name: merged.name ?? "" });
  return {
    ok: true,
    recipe,
    method: main,
    fieldMethods,
    jsonld: raw,
    siteName: siteNameOf(page, ldNodes, input.url),
    author: recipe.author,
    licenseHint: licenseOf(page, raw),
    snapshot,
    classification: classifyPage(page, ldNodes, true),
    alternates: alternates.map((a) => zRecipe.parse({ ...a, name: a.name ?? "" })),
  };
}
