// The review editor's simple fields (name, times, tags…), the nutrition boxes and the choice of
// picture among the draft's candidates.
import { el, safeUrl } from "../../lib.ts";
import { draftImage } from "../recipes/words.ts";
import { badge, type DraftRecipe, type ReviewContext } from "./reviewContext.ts";

type FieldOptions<K extends keyof DraftRecipe> = {
  type?: string;
  area?: boolean;
  /** The box's text as the recipe holds it. */
  parse: (v: string) => DraftRecipe[K];
  /** The recipe's value as the box shows it. */
  show?: (v: DraftRecipe[K]) => unknown;
};

/** A labelled box for one of the recipe's top-level fields, with its badge and its messages. */
export function fieldInput<K extends keyof DraftRecipe>(
  ctx: ReviewContext,
  label: string,
  key: K,
  { type = "text", area = false, parse, show = (v) => v }: FieldOptions<K>,
): HTMLElement {
  const { r } = ctx;
  const id = `f-${key}`;
  const node = el(area ? "textarea" : "input", {
    id,
    ...(area ? { rows: 3 } : { type }),
    ...(type === "number" ? { min: 0, inputmode: "numeric" } : {}),
    value: show(r[key]) ?? "",
    "aria-describedby": `note-${key}`,
  });
  node.addEventListener("input", () => {
    r[key] = parse(node.value);
    ctx.scheduleCheck();
  });
  return el(
    "div",
    { class: "field" },
    el(
      "div",
      { class: "label-row" },
      el("label", { for: id }, label),
      badge(ctx.draft, key, Boolean(ctx.source)),
    ),
    node,
    ctx.noteFor(key),
  );
}

export const text = (v: string): string => v;
export const orNull = (v: string): string | null => v || null;
export const num = (v: string): number => (v === "" ? 0 : Math.round(Number(v)));
// Zero is how a draft says "not known": the box stays empty rather than saying 0 servings.
export const blankZero = (v: number): number | "" => (v ? v : "");
export const list = (v: string): string[] =>
  v
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
export const joined = (v: string[] | null | undefined): string => (v ?? []).join(", ");

/** A box per nutrition fact the draft has. */
export function nutritionEditor(ctx: ReviewContext): HTMLElement {
  const { r } = ctx;
  return el(
    "div",
    { class: "nutrition-edit" },
    Object.entries(r.nutrition ?? {}).map(([k, v]) => {
      const id = `nut-${k}`;
      const node = el("input", { id, value: v });
      node.addEventListener("input", () => {
        if (r.nutrition) r.nutrition[k] = node.value;
      });
      return el(
        "div",
        { class: "part" },
        el(
          "label",
          { for: id },
          k
            .replace(/Content$/, "")
            .replace(/([A-Z])/g, " $1")
            .toLowerCase(),
        ),
        node,
      );
    }),
  );
}

/** Image choice among the draft's candidates, or another address. */
export function imageChoice(ctx: ReviewContext): HTMLElement {
  const { r, draft, task } = ctx;
  const candidates = [
    ...new Set(
      [draft.recipe.imageUrl, ...(draft.alternates ?? []).map((a) => a.imageUrl)]
        .map(safeUrl)
        .filter((u): u is string => u !== null),
    ),
  ];
  return el(
    "fieldset",
    { class: "images" },
    el("legend", {}, "Picture ", badge(draft, "imageUrl", Boolean(ctx.source))),
    candidates.map((u, i) =>
      el(
        "label",
        { class: "image-choice" },
        el("input", {
          type: "radio",
          name: "image",
          value: u,
          checked: u === r.imageUrl,
          onchange: () => {
            r.imageUrl = u;
            ctx.scheduleCheck();
          },
        }),
        el("img", {
          src: draftImage(task, u),
          alt: `Picture ${i + 1} from the page`,
          loading: "lazy",
          referrerpolicy: "no-referrer",
          onerror: (e: Event) => {
            if (e.target instanceof Element)
              e.target.replaceWith(el("span", { class: "muted" }, `Picture ${i + 1} (not loading)`));
          },
        }),
      ),
    ),
    el(
      "label",
      { class: "image-choice" },
      el("input", {
        type: "radio",
        name: "image",
        value: "",
        checked: !r.imageUrl,
        onchange: () => {
          r.imageUrl = null;
          ctx.scheduleCheck();
        },
      }),
      "No picture",
    ),
    fieldInput(ctx, "Or another picture address", "imageUrl", {
      type: "url",
      parse: (v) => v.trim() || null,
    }),
  );
}
