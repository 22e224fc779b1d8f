// The prompt selector of a page import: which prompt version each language-model phase uses, and
// extra instructions for this import. Shown only when the server has a language model.
import { t } from "../../i18n/i18n.ts";
import { announce, answer, client, el } from "../../lib.ts";

export interface PromptChoices {
  /** Null when there is nothing to choose (no language model). */
  box: HTMLElement | null;
  chosen: { selection: Record<string, string | null>; overrides: Record<string, string | null> };
}

export async function promptChoices(): Promise<PromptChoices> {
  const chosen: PromptChoices["chosen"] = { selection: {}, overrides: {} };
  const r = await answer(client.GET("/api/tasks/options"));
  if (!r.ok || !r.body.llmConfigured) return { box: null, chosen };
  const box = el("details", { class: "prompts" }, el("summary", {}, t("add.llmChoices")));
  const versionWords = (v: { version: number; name: string }, inUse: boolean): string =>
    t(inUse ? "add.versionInUse" : "add.versionOption", { version: v.version, name: v.name });
  for (const p of r.body.phases) {
    const sid = `prompt-${p.selection}`;
    const select = el(
      "select",
      { id: sid },
      p.versions.map((v) => el("option", { value: v.id, selected: v.isActive }, versionWords(v, v.isActive))),
    );
    select.addEventListener("change", () => {
      const v = p.versions.find((x) => x.id === select.value);
      chosen.selection[p.selection] = v && !v.isActive ? v.id : null;
    });
    const oid = `override-${p.override}`;
    const override = el("textarea", {
      id: oid,
      rows: 2,
      placeholder: t("add.overridePlaceholder"),
    });
    override.addEventListener("input", () => (chosen.overrides[p.override] = override.value.trim() || null));
    const activate = r.body.canManagePrompts
      ? el(
          "button",
          {
            type: "button",
            class: "secondary",
            onclick: async () => {
              const a = await answer(
                client.POST("/api/prompts/{id}/activate", {
                  params: { path: { id: select.value }, query: { phase: p.phase } },
                }),
              );
              announce(a.ok ? t("add.versionSwitched") : t("add.versionNotSwitched"));
              if (!a.ok) return;
              for (const o of select.options) {
                const v = p.versions.find((x) => x.id === o.value);
                if (v) o.textContent = versionWords(v, o.selected);
              }
            },
          },
          t("add.useForEveryone"),
        )
      : null;
    box.append(
      el(
        "div",
        { class: "prompt-phase" },
        el("label", { for: sid }, t("add.phaseVersionLabel", { phase: p.label })),
        select,
        activate,
        el("label", { for: oid }, t("add.phaseOverrideLabel", { phase: p.label })),
        override,
      ),
    );
  }
  return { box, chosen };
}

/** The chosen versions and instructions as a task payload's fields (none when nothing was chosen). */
export function promptPayload(chosen: PromptChoices["chosen"]): Record<string, Record<string, string>> {
  const picked = (o: Record<string, string | null>) =>
    Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => Boolean(e[1])));
  const sel = picked(chosen.selection);
  const ovr = picked(chosen.overrides);
  return {
    ...(Object.keys(sel).length ? { promptSelection: sel } : {}),
    ...(Object.keys(ovr).length ? { promptOverrides: ovr } : {}),
  };
}
