// The Webhooks part of the Account screen: add a web address that Ladle tells when something
// happens, see its secret once, send a test, read what the receiver answered, turn it back on, delete.
import type { components } from "../../api/schema.gen.ts";
import { answer, client, el, errorBox } from "../../lib.ts";
import { internalWords } from "../../ui/messages.ts";
import { language, t, type MessageKey } from "../../i18n/i18n.ts";

type Webhook = components["schemas"]["Webhook"];
type Attempt = components["schemas"]["WebhookAttempt"];
type WebhookEvent = components["schemas"]["WebhookEvent"];
type Refresh = (message?: string, secret?: Webhook) => Promise<void>;

/** Each event in words; the order is the order of the checkboxes. */
const EVENTS: Record<WebhookEvent, MessageKey> = {
  "recipe.committed": "webhooks.eventRecipeCommitted",
  "recipe.updated": "webhooks.eventRecipeUpdated",
  "recipe.deleted": "webhooks.eventRecipeDeleted",
  "import.completed": "webhooks.eventImportCompleted",
  "import.failed": "webhooks.eventImportFailed",
  "article.ready": "webhooks.eventArticleReady",
  "bookmark.enriched": "webhooks.eventBookmarkEnriched",
};
const isEvent = (type: string): type is WebhookEvent => Object.hasOwn(EVENTS, type);
const eventWords = (type: string): string =>
  type === "webhook.test"
    ? t("webhooks.eventTest")
    : isEvent(type)
      ? t(EVENTS[type])
      : t("webhooks.eventOther");
// Inside a sentence only the first letter drops its capital: German nouns keep theirs.
const inSentence = (words: string): string => words.charAt(0).toLocaleLowerCase(language()) + words.slice(1);

const when = (iso: string): string => t("webhooks.moment", { at: new Date(iso) });

/** One attempt of the log as a table row: when, what, how it went, what the receiver said. */
function attemptRow(a: Attempt, sendAgain: ((a: Attempt) => Promise<void>) | null): HTMLElement {
  const result = a.ok
    ? el(
        "span",
        { class: "okay" },
        a.statusCode ? t("webhooks.deliveredCode", { code: String(a.statusCode) }) : t("webhooks.delivered"),
      )
    : a.error && internalWords(a.error).length
      ? // A network error's own words ("connect ECONNREFUSED …") go under Details.
        el(
          "span",
          { class: "error" },
          a.willRetry ? t("webhooks.unreachableRetry") : t("webhooks.unreachable"),
          el(
            "details",
            { class: "problem-details" },
            el("summary", {}, t("webhooks.detailsSummary")),
            el("p", {}, a.error),
          ),
        )
      : el(
          "span",
          { class: "error" },
          a.error ?? t("webhooks.notDelivered"),
          a.willRetry ? ` ${t("webhooks.willRetry")}` : "",
        );
  // A delivery that failed for good can be sent again once the receiver is fixed.
  const again =
    !a.ok && !a.willRetry && a.type !== "webhook.test" && sendAgain
      ? el(
          "button",
          { type: "button", class: "secondary", onclick: () => sendAgain(a) },
          t("webhooks.sendAgainButton"),
        )
      : null;
  return el(
    "tr",
    {},
    el("td", {}, when(a.at)),
    el("td", {}, eventWords(a.type), a.attempt > 1 ? ` ${t("webhooks.tryNumber", { n: a.attempt })}` : ""),
    el("td", {}, result, again ? [" ", again] : []),
    el("td", { class: "wh-answer" }, a.responseExcerpt ?? ""),
  );
}

/** The webhook's log, read again each time it is shown or refreshed. */
async function showLog(hook: Webhook, box: HTMLElement): Promise<void> {
  const sendAgain = hook.active
    ? async (a: Attempt): Promise<void> => {
        const r = await answer(
          client.POST("/api/webhooks/{id}/redeliver", {
            params: { path: { id: hook.id } },
            body: { deliveryId: a.deliveryId },
          }),
        );
        if (!r.ok) return box.prepend(errorBox(r.body));
        await waitFor(hook, (x) => x.deliveryId === r.body.deliveryId, box);
      }
    : null;
  const r = await answer(client.GET("/api/webhooks/{id}/deliveries", { params: { path: { id: hook.id } } }));
  if (!r.ok) return box.replaceChildren(errorBox(r.body));
  if (!r.body.attempts.length)
    return box.replaceChildren(el("p", { class: "muted" }, t("webhooks.nothingSent")));
  box.replaceChildren(
    el(
      "div",
      { class: "st-scroll" },
      el(
        "table",
        { class: "st-table wh-log" },
        el("caption", { class: "sr-only" }, t("webhooks.logCaption", { url: hook.url })),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", {}, t("webhooks.whenColumn")),
            el("th", {}, t("webhooks.whatColumn")),
            el("th", {}, t("webhooks.resultColumn")),
            el("th", {}, t("webhooks.answerColumn")),
          ),
        ),
        el(
          "tbody",
          {},
          r.body.attempts.map((a) => attemptRow(a, sendAgain)),
        ),
      ),
    ),
  );
}

/** Waits for an attempt to show in the log (a few seconds at most), then shows the log. */
async function waitFor(hook: Webhook, found: (a: Attempt) => boolean, box: HTMLElement): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const r = await answer(
      client.GET("/api/webhooks/{id}/deliveries", { params: { path: { id: hook.id } } }),
    );
    if (r.ok && r.body.attempts.some(found)) break;
    await new Promise((res) => setTimeout(res, 250));
  }
  await showLog(hook, box);
}

/** One webhook: where, what, whether it is on, and its buttons. */
function hookCard(hook: Webhook, refresh: Refresh): HTMLElement {
  const log = el("div", { class: "wh-log-box" });
  const note = el("p", { role: "status" });
  const on = hook.active;
  const card = el(
    "article",
    { class: "card wh-card", "aria-label": t("webhooks.cardLabel", { url: hook.url }) },
    el("p", { class: "wh-url" }, hook.url),
    el(
      "p",
      { class: "muted" },
      t("webhooks.tellsItWhen", { events: hook.events.map((e) => inSentence(eventWords(e))).join(", ") }),
    ),
    on
      ? el(
          "p",
          {},
          el("span", { class: "okay" }, t("webhooks.on")),
          hook.failureCount ? ` ${t("webhooks.lastFailed", { count: hook.failureCount })}` : "",
        )
      : el(
          "p",
          { class: "error" },
          `${t("webhooks.off")} `,
          hook.disabledReason ?? t("webhooks.youTurnedItOff"),
        ),
    el(
      "div",
      { class: "actions" },
      el(
        "button",
        {
          type: "button",
          onclick: async () => {
            const r = await answer(
              client.POST("/api/webhooks/{id}/test", { params: { path: { id: hook.id } } }),
            );
            if (!r.ok) return note.replaceChildren(errorBox(r.body));
            note.replaceChildren(t("webhooks.testSent"));
            await waitFor(hook, (a) => a.eventId === r.body.eventId, log);
          },
        },
        t("webhooks.sendTestButton"),
      ),
      el(
        "button",
        { type: "button", class: "secondary", onclick: () => showLog(hook, log) },
        t("webhooks.showDeliveriesButton"),
      ),
      el(
        "button",
        {
          type: "button",
          class: "secondary",
          onclick: async () => {
            const r = await answer(
              client.PATCH("/api/webhooks/{id}", {
                params: { path: { id: hook.id } },
                body: { active: !on },
              }),
            );
            if (!r.ok) return note.replaceChildren(errorBox(r.body));
            await refresh(on ? t("webhooks.isOff") : t("webhooks.isOnAgain"));
          },
        },
        on ? t("webhooks.turnOffButton") : t("webhooks.turnOnButton"),
      ),
      el(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: (e: Event) => {
            const button = e.currentTarget;
            if (!(button instanceof HTMLButtonElement)) return;
            const ask = el(
              "span",
              { class: "confirm", role: "group", "aria-label": t("webhooks.deleteQuestion") },
              `${t("webhooks.deleteQuestion")} `,
              el(
                "button",
                {
                  type: "button",
                  class: "danger",
                  onclick: async () => {
                    const r = await answer(
                      client.DELETE("/api/webhooks/{id}", { params: { path: { id: hook.id } } }),
                    );
                    if (!r.ok) return note.replaceChildren(errorBox(r.body));
                    await refresh(t("webhooks.isDeleted"));
                  },
                },
                t("webhooks.yesDeleteButton"),
              ),
              el(
                "button",
                { type: "button", class: "secondary", onclick: () => ask.replaceWith(button) },
                t("webhooks.keepItButton"),
              ),
            );
            button.replaceWith(ask);
          },
        },
        t("webhooks.deleteButton"),
      ),
    ),
    note,
    log,
  );
  return card;
}

/** The form that adds a webhook; `done` gets the new webhook (with its secret). */
function addForm(done: (hook: Webhook) => Promise<void>): HTMLFormElement {
  const url = el("input", {
    type: "url",
    id: "wh-url",
    required: true,
    placeholder: "https://example.com/ladle",
  });
  const boxes = Object.entries(EVENTS).map(([value, key]) => {
    const id = `wh-ev-${value.replace(".", "-")}`;
    return el(
      "label",
      { class: "wh-event", for: id },
      el("input", { type: "checkbox", id, value, checked: value.startsWith("recipe.") }),
      ` ${t(key)}`,
    );
  });
  const problem = el("div");
  return el(
    "form",
    {
      class: "card wh-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        // The checkboxes' values are the keys of EVENTS, the event names the API knows.
        const events = boxes
          .map((b) => b.querySelector("input"))
          .flatMap((i) => (i?.checked && isEvent(i.value) ? [i.value] : []));

        if (!events.length)
          return problem.replaceChildren(errorBox({ message: t("webhooks.chooseOneEvent") }));
        const r = await answer(client.POST("/api/webhooks", { body: { url: url.value.trim(), events } }));
        if (!r.ok) return problem.replaceChildren(errorBox(r.body));
        problem.replaceChildren();
        url.value = "";
        await done(r.body);
      },
    },
    el("h3", {}, t("webhooks.addHeading")),
    el("label", { for: "wh-url" }, t("webhooks.urlLabel")),
    url,
    el("fieldset", {}, el("legend", {}, t("webhooks.eventsLegend")), boxes),
    problem,
    el("div", { class: "actions" }, el("button", { type: "submit" }, t("webhooks.addButton"))),
  );
}

/** The secret of a new webhook, shown once, with how to check it. */
function secretBox(hook: Webhook): HTMLElement {
  return el(
    "div",
    { class: "card wh-secret-box", role: "status" },
    el("h3", {}, t("webhooks.secretHeading")),
    el("p", {}, t("webhooks.secretHelp")),
    el("p", {}, el("code", { class: "wh-secret", "aria-label": t("webhooks.secretLabel") }, hook.secret)),
  );
}

/** The Webhooks section: its list, refreshed after each change, and the form. */
export function webhooksSection(): HTMLElement {
  const section = el("section", { class: "webhooks", "aria-labelledby": "wh-title" });
  const news = el("div");
  const list = el("div");
  const refresh: Refresh = async (message, secret) => {
    const r = await answer(client.GET("/api/webhooks"));

    if (!r.ok) return list.replaceChildren(errorBox(r.body));
    news.replaceChildren(
      ...(secret ? [secretBox(secret)] : []),
      ...(message ? [el("p", { role: "status" }, message)] : []),
    );
    list.replaceChildren(
      ...(r.body.webhooks.length
        ? r.body.webhooks.map((h) => hookCard(h, refresh))
        : [el("p", { class: "muted" }, t("webhooks.noneYet"))]),
    );
  };
  section.append(
    el("h2", { id: "wh-title" }, t("webhooks.heading")),
    el("p", {}, t("webhooks.intro")),
    news,
    list,
    addForm((hook) => refresh(t("webhooks.isAdded"), hook)),
  );
  void refresh();
  return section;
}
