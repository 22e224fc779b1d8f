// Words and small helpers the recipe screens share (screens/review's editor, the list and the recipe
// page): what each phase, status and error means for a cook, and how a recipe's facts are said.
import type { components } from "../../api/schema.gen.ts";
import { el, errorBox, safeUrl } from "../../lib.ts";
import type { RawProblem } from "../../ui/messages.ts";
import { host } from "../add/inbox.ts";
import { locale, t, type MessageKey, type MessageValues } from "../../i18n/i18n.ts";

export type StoredRecipe = components["schemas"]["StoredRecipe"];

// Pictures come through Ladle's image proxy, never straight from the site (no referrer, no
// cookies, and the site does not learn who is cooking what).
export const recipeImage = (r: { id: string; imageUrl?: string | null }): string =>
  `/api/images/recipes/${encodeURIComponent(r.id)}?v=${encodeURIComponent(r.imageUrl ?? "")}`;
/**
 * A recipe's picture for a list's card: the server makes it card-sized (?w=), 320 px for a card,
 * 640 px where a card is a phone's full width or the screen is sharp.
 */
export const recipeThumb = (r: {
  id: string;
  imageUrl?: string | null;
}): { src: string; srcset: string; sizes: string } => {
  const base = recipeImage(r);
  return {
    src: `${base}&w=320`,
    srcset: `${base}&w=320 320w, ${base}&w=640 640w`,
    sizes: "(max-width: 40rem) 100vw, 18rem",
  };
};
export const draftImage = (task: { taskId: string }, u: string): string =>
  `/api/images/tasks/${encodeURIComponent(task.taskId)}?url=${encodeURIComponent(u)}`;

/**
 * What made each version of a saved recipe, in words (the recipe page's history, the tidy-up panel).
 * Each word is a getter, so it is read in the language shown when the screen is drawn.
 */
const VERSION_KIND_KEYS: Record<string, MessageKey> = {
  commit: "recipes.versionCommit",
  import: "recipes.versionImport",
  replace: "recipes.versionReplace",
  edit: "recipes.versionEdit",
  normalize: "recipes.versionNormalize",
  restore: "recipes.versionRestore",
  refresh: "recipes.versionRefresh",
};
export const VERSION_KINDS: Readonly<Record<string, string>> = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(VERSION_KIND_KEYS).map(([kind, key]) => [kind, { get: () => t(key), enumerable: true }]),
  ),
);

const PHASE_KEYS: Record<string, MessageKey> = {
  "Ingest.Discover": "recipes.phaseDiscover",
  "Ingest.Fetch": "recipes.phaseFetch",
  "Ingest.Extract": "recipes.phaseExtract",
  "Ingest.Validate": "recipes.phaseValidate",
  "Ingest.RepairJson": "recipes.phaseRepairJson",
  "Ingest.RepairParaphrase": "recipes.phaseRepairParaphrase",
  "Ingest.ReviewReady": "recipes.phaseReviewReady",
  "Ingest.Normalize": "recipes.phaseNormalize",
};
/** An import's phase in words, or undefined for a phase without words. */
export const phaseWords = (phase: string): string | undefined =>
  PHASE_KEYS[phase] ? t(PHASE_KEYS[phase]) : undefined;

const STATUS_KEYS: Record<string, MessageKey> = {
  Pending: "recipes.statusPending",
  Running: "recipes.statusRunning",
  ReviewReady: "recipes.statusReviewReady",
  Committed: "recipes.statusCommitted",
  Rejected: "recipes.statusRejected",
  Expired: "recipes.statusExpired",
  Failed: "recipes.statusFailed",
};
/** An import's status in words, or undefined for a status without words. */
export const statusWords = (status: string): string | undefined =>
  STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : undefined;

/**
 * A message with elements in it (a link in a sentence): t() writes text, so each element goes where
 * its placeholder lands, and the sentence keeps the language's own word order.
 */
export function tNodes(
  key: MessageKey,
  nodes: Record<string, Node>,
  values: MessageValues = {},
): (Node | string)[] {
  const names = Object.keys(nodes);
  // Private-use characters mark where each element goes: no message or data holds them.
  const marks = Object.fromEntries(names.map((n, i) => [n, `\uE000${i}\uE001`]));
  return t(key, { ...values, ...marks })
    .split(/\uE000(\d+)\uE001/)
    .map((part, i) => (i % 2 ? (nodes[names[Number(part)] ?? ""] ?? "") : part))
    .filter((part) => part !== "");
}

/** A problem box: what happened and what to do, in sentences (ui/messages.ts); the server's words under "Details". */
export function problem(body: RawProblem | null | undefined): HTMLElement {
  return errorBox(body);
}

/** replaceChildren that skips null/false children (the DOM method would print "null"). */
type Kid = Node | string | null | undefined | false | Kid[];
export function fill(node: Element, ...kids: Kid[]): void {
  const flat = (k: Kid): (Node | string)[] =>
    Array.isArray(k) ? k.flatMap(flat) : k === null || k === undefined || k === false ? [] : [k];
  node.replaceChildren(...kids.flatMap(flat));
}

/** A web page's address; null for the stand-in address of pasted text and files (*.invalid). */
export const pageUrl = (u: unknown): string | null => {
  const ok = safeUrl(u);
  return ok && !/^https?:\/\/[^/]*\.invalid(\/|$)/i.test(ok) ? ok : null;
};

// Typed text, PDFs and photos carry a stand-in address (https://import.invalid/<kind>/…), files of a
// collection "urn:ladle:import:<format>:…": the API keeps them; the screen says where it came from.
const STAND_IN = /^https?:\/\/[^/?#]*\.invalid\/([a-z]+)/i;
const URN = /^urn:ladle:import:([a-z]+):/i;
const FROM: Record<string, MessageKey> = {
  text: "recipes.fromText",
  pdf: "recipes.fromPdf",
  image: "recipes.fromImage",
  captions: "recipes.fromCaptions",
  webpage: "recipes.fromWebpage",
  jsonld: "recipes.fromJsonld",
  paprika: "recipes.fromPaprika",
  mealie: "recipes.fromMealie",
  tandoor: "recipes.fromTandoor",
  nextcloud: "recipes.fromNextcloud",
  cooklang: "recipes.fromCooklang",
};

export type SourceLike = { url?: string | null; siteName?: string | null; retrievedAt?: string | null };

/**
 * Where a recipe came from, in words: a web page's site (with its address to link), or what it was
 * read from ("Typed by you", "From a photo, 29 Nov"); null when nothing is known.
 */
export function sourceLabel(
  source: SourceLike | null | undefined,
  opts: { date?: boolean } = {},
): { text: string; href: string | null } | null {
  const url = source?.url;
  if (!url) return null;
  const page = pageUrl(url);
  if (page) return { text: source.siteName || host(page) || page, href: page };
  const kind = (STAND_IN.exec(url)?.[1] ?? URN.exec(url)?.[1] ?? "").toLowerCase();
  const words = t(FROM[kind] ?? "recipes.fromFile");
  const when = opts.date && source.retrievedAt ? new Date(source.retrievedAt) : null;
  const day =
    when && !Number.isNaN(when.getTime())
      ? when.toLocaleDateString(locale(), { day: "numeric", month: "short" })
      : null;
  return { text: day ? t("recipes.fromOnDay", { from: words, day }) : words, href: null };
}

/**
 * The kinds of text or file import whose source the screens name ("your text", "the photo"): the
 * messages choose their words by this kind (ICU select), as each language bends them differently.
 */
export const SOURCE_KINDS = ["text", "pdf", "image", "video"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const isSourceKind = (x: unknown): x is SourceKind =>
  typeof x === "string" && (SOURCE_KINDS as readonly string[]).includes(x);

export function minutes(m: number | null | undefined): string | null {
  if (!m) return null;
  const h = Math.floor(m / 60);
  const r = m % 60;
  return h
    ? r
      ? t("recipes.hoursMinutes", { h, m: r })
      : t("recipes.hours", { h })
    : t("recipes.minutes", { m: r });
}

// ---------------------------------------------------------------- progress

/** Where a recipe came from, who wrote it, when it was saved: only the facts it has, joined by " · ". */
export type { Kid };
export function recipeFacts(x: StoredRecipe): Kid[] {
  const saved = x.createdAt ? new Date(x.createdAt) : null;
  const from = sourceLabel(x.source, { date: true });
  const facts: Kid[] = [
    from?.href
      ? tNodes("recipes.fromSite", {
          site: el(
            "a",
            { href: from.href, rel: "noopener noreferrer nofollow", target: "_blank" },
            from.text,
          ),
        })
      : (from?.text ?? null),
    x.author ? t("recipes.byAuthor", { author: x.author }) : null,
    x.source?.sentFrom === "browser" ? t("recipes.sentFromBrowser") : null,
    // A typed, PDF or photo recipe's label has its day already ("Typed by you, 29 Nov").
    saved && !Number.isNaN(saved.getTime()) && (!from || from.href)
      ? t("recipes.savedOn", { day: saved.toLocaleDateString(locale()) })
      : null,
  ].filter(Boolean);
  return facts.flatMap((f, k) => (k ? [" · ", f] : [f]));
}

const NUTRIENTS: Record<string, MessageKey> = {
  calories: "recipes.nutrientCalories",
  carbohydrateContent: "recipes.nutrientCarbohydrate",
  cholesterolContent: "recipes.nutrientCholesterol",
  fatContent: "recipes.nutrientFat",
  fiberContent: "recipes.nutrientFiber",
  proteinContent: "recipes.nutrientProtein",
  saturatedFatContent: "recipes.nutrientSaturatedFat",
  servingSize: "recipes.nutrientServingSize",
  sodiumContent: "recipes.nutrientSodium",
  sugarContent: "recipes.nutrientSugar",
  transFatContent: "recipes.nutrientTransFat",
  unsaturatedFatContent: "recipes.nutrientUnsaturatedFat",
};
/** A nutrition fact's name (schema.org's key, "proteinContent"), in words; an unknown key spelled out. */
export function nutritionName(k: string): string {
  const key = NUTRIENTS[k];
  return key
    ? t(key)
    : k
        .replace(/Content$/, "")
        .replace(/([A-Z])/g, " $1")
        .toLowerCase();
}

/** A saved recipe has a picture to show: one on the web (through the proxy) or one that came inside an imported file. */
export function hasPicture(x: { imageUrl?: string | null }): boolean {
  return Boolean(
    safeUrl(x.imageUrl) || (typeof x.imageUrl === "string" && x.imageUrl.startsWith("/api/images/recipes/")),
  );
}

export function fmtQty(q: number | null | undefined): string {
  if (!q) return "";
  const whole = Math.floor(q);
  const rest = q - whole;
  const fractions: [number, string][] = [
    [0.125, "1/8"],
    [0.25, "1/4"],
    [1 / 3, "1/3"],
    [0.5, "1/2"],
    [2 / 3, "2/3"],
    [0.75, "3/4"],
  ];
  const fr = fractions.find(([v]) => Math.abs(v - rest) < 0.02);
  if (rest < 0.02) return String(whole);
  if (fr) return whole ? `${whole} ${fr[1]}` : fr[1];
  return String(Math.round(q * 100) / 100);
}
