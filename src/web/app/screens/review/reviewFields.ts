// The review editor's simple fields (name, times, tags…), the nutrition boxes and the choice of
// picture among the draft's candidates.
import { el, safeUrl } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import { nutritionName } from "../recipes/words.ts";
import { badge, type DraftRecipe, type EditorContext } from "./reviewContext.ts";

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
  ctx: EditorContext,
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

/** The facts a cook most often writes down, offered as boxes even when the recipe has none yet. */
const COMMON_NUTRITION = ["calories", "proteinContent", "fatContent", "carbohydrateContent", "sugarContent"];

/**
 * A box per nutrition fact the recipe has, and the common ones; folded while it has none. An
 * emptied box drops its fact.
 */
export function nutritionEditor(ctx: EditorContext): HTMLElement {
  const { r } = ctx;
  const keys = [...new Set([...Object.keys(r.nutrition ?? {}), ...COMMON_NUTRITION])];
  return el(
    "details",
    { class: "nutrition-edit" },
    // Folded: its line says the calories, what a cook checks at a glance.
    el(
      "summary",
      {},
      t("review.nutritionSummary"),
      " ",
      badge(ctx.draft, "nutrition", Boolean(ctx.source)),
      r.nutrition?.calories ? el("span", { class: "muted more-said" }, ` ${r.nutrition.calories}`) : null,
    ),
    el(
      "div",
      { class: "nutrition-boxes" },
      keys.map((k) => {
        const id = `nut-${k}`;
        const node = el("input", { id, value: r.nutrition?.[k] ?? "" });
        node.addEventListener("input", () => {
          const facts = { ...(r.nutrition ?? {}) };
          if (node.value.trim()) facts[k] = node.value.trim();
          else delete facts[k];
          r.nutrition = Object.keys(facts).length ? facts : null;
        });
        return el("div", { class: "part" }, el("label", { for: id }, nutritionName(k)), node);
      }),
    ),
  );
}

/** Image choice among the draft's candidates, or another address. */
export function imageChoice(ctx: EditorContext): HTMLElement {
  const { r, draft } = ctx;
  const candidates = [
    ...new Set(
      [draft?.recipe.imageUrl ?? r.imageUrl, ...(draft?.alternates ?? []).map((a) => a.imageUrl)]
        // Ladle's own picture of a saved recipe is a path, not an address.
        .map((u) => safeUrl(u) ?? (typeof u === "string" && u.startsWith("/api/images/") ? u : null))
        .filter((u): u is string => u !== null),
    ),
  ];
  return el(
    "fieldset",
    { class: "images" },
    el("legend", {}, t("review.pictureLegend"), " ", badge(draft, "imageUrl", Boolean(ctx.source))),
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
          src: ctx.picture(u),
          alt: draft ? t("review.pictureFromPage", { n: i + 1 }) : t("review.pictureN", { n: i + 1 }),
          loading: "lazy",
          referrerpolicy: "no-referrer",
          onerror: (e: Event) => {
            if (e.target instanceof Element)
              e.target.replaceWith(
                el("span", { class: "muted" }, t("review.pictureNotLoading", { n: i + 1 })),
              );
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
      t("review.noPicture"),
    ),
    fieldInput(ctx, t("review.otherPictureAddress"), "imageUrl", {
      type: "url",
      parse: (v) => v.trim() || null,
    }),
  );
}
