import { el } from "../lib.ts";
import { t } from "../i18n/i18n.ts";

/**
 * A file input said in the app's language. The browser draws a file input's button and "No file
 * chosen" in its own interface language, which need not be the one chosen here (a German cook on
 * an English browser read "Choose File"). The input stays, out of sight but focusable and named
 * by its label, which is drawn as the button; beside it, the chosen file's name.
 */
export function filePicker(input: HTMLInputElement, label: string): HTMLElement {
  const none = t("common.noFileChosen");
  const name = el("span", { class: "muted small file-name" }, none);
  input.addEventListener("change", () => {
    name.textContent = input.files?.[0]?.name ?? none;
  });
  return el(
    "div",
    { class: "file-pick" },
    input,
    el("label", { for: input.id, class: "file-button" }, label),
    name,
  );
}
