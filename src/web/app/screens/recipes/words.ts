// Words and small helpers the recipe screens share (screens/review's editor, the list and the recipe
// page): what each phase, status and error means for a cook, and how a recipe's facts are said.
import type { components } from "../../api/schema.gen.ts";
import { el, errorBox, safeUrl } from "../../lib.ts";
import type { RawProblem } from "../../ui/messages.ts";
import { host } from "../add/inbox.ts";

export type StoredRecipe = components["schemas"]["StoredRecipe"];

// Pictures come through Ladle's image proxy, never straight from the site (no referrer, no
// cookies, and the site does not learn who is cooking what).
export const recipeImage = (r: { id: string; imageUrl?: string | null }): string =>
  `/api/images/recipes/${encodeURIComponent(r.id)}?v=${encodeURIComponent(r.imageUrl ?? "")}`;
export const draftImage = (task: { taskId: string }, u: string): string =>
  `/api/images/tasks/${encodeURIComponent(task.taskId)}?url=${encodeURIComponent(u)}`;

/** What made each version of a saved recipe, in words (the recipe page's history, the tidy-up panel). */
export const VERSION_KINDS: Record<string, string> = {
  commit: "saved from an import",
  import: "brought in with a collection or file",
  replace: "replaced by a new import",
  edit: "edited",
  normalize: "tidied",
  restore: "restored",
  refresh: "refreshed from source",
};

export const PHASES: Record<string, string> = {
  "Ingest.Discover": "Searching for recipes",
  "Ingest.Fetch": "Fetching the page",
  "Ingest.Extract": "Reading the recipe",
  "Ingest.Validate": "Checking the recipe",
  "Ingest.RepairJson": "Fixing the language model's answer",
  "Ingest.RepairParaphrase": "Rewriting copied text",
  "Ingest.ReviewReady": "Ready for your review",
  "Ingest.Normalize": "Tidying the recipe",
};
export const STATUSES: Record<string, string> = {
  Pending: "Waiting to start",
  Running: "Working",
  ReviewReady: "Ready for your review",
  Committed: "Saved to your recipes",
  Rejected: "Discarded",
  Expired: "Expired",
  Failed: "Failed",
};
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
const FROM: Record<string, string> = {
  text: "Typed by you",
  pdf: "From a PDF",
  image: "From a photo",
  captions: "From a video's captions",
  webpage: "From a saved web page",
  jsonld: "From a schema.org file",
  paprika: "From a Paprika export",
  mealie: "From a Mealie export",
  tandoor: "From a Tandoor export",
  nextcloud: "From a Nextcloud Cookbook export",
  cooklang: "From a Cooklang file",
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
  const words = FROM[kind] ?? "From a file";
  const when = opts.date && source.retrievedAt ? new Date(source.retrievedAt) : null;
  const day =
    when && !Number.isNaN(when.getTime())
      ? when.toLocaleDateString(undefined, { day: "numeric", month: "short" })
      : null;
  return { text: day ? `${words}, ${day}` : words, href: null };
}

/** What the words of a text or file import are called on screen, by its source type. */
export const SOURCE_NAMES: Record<string, string> = {
  text: "your text",
  pdf: "the PDF",
  image: "the photo",
  video: "the video",
};
export const READING: Record<string, string> = {
  text: "Reading your text",
  pdf: "Reading the PDF",
  image: "Reading the photo",
  video: "Reading the video's words",
};

export function minutes(m: number | null | undefined): string | null {
  if (!m) return null;
  const h = Math.floor(m / 60);
  const r = m % 60;
  return h ? `${h} h${r ? ` ${r} min` : ""}` : `${r} min`;
}

// ---------------------------------------------------------------- progress

/** Where a recipe came from, who wrote it, when it was saved: only the facts it has, joined by " · ". */
export type { Kid };
export function recipeFacts(x: StoredRecipe): Kid[] {
  const saved = x.createdAt ? new Date(x.createdAt) : null;
  const from = sourceLabel(x.source, { date: true });
  const facts: Kid[] = [
    from?.href
      ? [
          "From ",
          el("a", { href: from.href, rel: "noopener noreferrer nofollow", target: "_blank" }, from.text),
        ]
      : (from?.text ?? null),
    x.author ? `by ${x.author}` : null,
    x.source?.sentFrom === "browser" ? "Sent from your browser" : null,
    // A typed, PDF or photo recipe's label has its day already ("Typed by you, 29 Nov").
    saved && !Number.isNaN(saved.getTime()) && (!from || from.href)
      ? `saved ${saved.toLocaleDateString()}`
      : null,
  ].filter(Boolean);
  return facts.flatMap((f, k) => (k ? [" · ", f] : [f]));
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
