// What the parts of the review editor share: the draft being edited (a copy the cook changes in
// place), what the last check said, and the hooks each part calls after a change.
import type { components } from "../../api/schema.gen.ts";
import type { Task } from "../../api/types.ts";
import { el } from "../../lib.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import type { SourceKind } from "../recipes/words.ts";

type S = components["schemas"];
export type Draft = S["RecipeDraft"];
/** An ingredient as the editor holds it: `original` keeps the line as the page wrote it once edited. */
export type DraftIngredient = S["IngredientOutput"] & { original?: string | null };
export type DraftRecipe = Omit<S["RecipeOutput"], "ingredients"> & { ingredients: DraftIngredient[] };
/** What committing the draft would meet (POST /api/recipes/check, and a paraphrase's answer). */
export type Check = S["ReviewCheck"];
export type Issue = Check["errors"][number];

export type ReviewState = {
  /** The cook chose to keep copied wording for personal use. */
  ack: boolean;
  check: Check | null;
  /** The recipe the cook has that "Update the one I have" replaces. */
  dupOf: string | null;
  /** The duplicates last drawn, so the panel is drawn again only when they change. */
  dupSeen: string;
};

/**
 * What the editor's parts share, in both places they are used: the review of a draft and the
 * edit of a saved recipe (one editor, two places).
 */
export type EditorContext = {
  /** The draft under review (how each field was read, the other pictures); null for a saved recipe. */
  draft: Draft | null;
  /** The edited recipe: every part writes its changes here. */
  r: DraftRecipe;
  /** The address a picture is shown from (through the image proxy). */
  picture: (url: string) => string;
  /**
   * What a text or file import was read from ("text", "image": the messages name it, "your text",
   * "the photo"); null for a web page.
   */
  source: SourceKind | null;
  state: ReviewState;
  /** The element that shows a field's messages, registered for the check to fill. */
  noteFor: (field: string) => HTMLElement;
  /** Asks the server to check the draft again, shortly after the last change. */
  scheduleCheck: () => void;
};

/** The review of an import's draft. */
export type ReviewContext = EditorContext & { task: Task; draft: Draft };

type Method = keyof typeof METHOD;
// Each way of reading a field: its badge's word and the badge's title.
const METHOD = {
  JsonLd: ["review.methodJsonLd", "review.methodJsonLdTitle"],
  Microdata: ["review.methodMarkup", "review.methodMarkupTitle"],
  Rdfa: ["review.methodMarkup", "review.methodMarkupTitle"],
  Heuristic: ["review.methodPageText", "review.methodPageTextTitle"],
  Llm: ["review.methodLlm", "review.methodLlmTitle"],
} as const satisfies Record<Draft["fieldMethods"][string], readonly [MessageKey, MessageKey]>;

/** How a field was read, as a small badge beside its label. */
export function badge(draft: Draft | null, key: string, fromText = false): HTMLElement | null {
  const method: Method | undefined = draft?.fieldMethods?.[key];
  // Pasted text and files have no page: their plain reading is "the text".
  const m: readonly [MessageKey, MessageKey] | null =
    fromText && method === "Heuristic"
      ? ["review.methodText", "review.methodTextTitle"]
      : method
        ? METHOD[method]
        : null;
  return m ? el("span", { class: "prov", title: t(m[1]) }, t(m[0])) : null;
}

/** Is this the list of field issues a refused save carries in its details? */
export function isIssues(x: unknown): x is Issue[] {
  return (
    Array.isArray(x) &&
    x.every(
      (i: unknown) =>
        typeof i === "object" &&
        i !== null &&
        "field" in i &&
        typeof i.field === "string" &&
        "message" in i &&
        typeof i.message === "string",
    )
  );
}
