// The Webhooks part of the Account screen: add a web address that Ladle tells when something
// happens, see its secret once, send a test, read what the receiver answered, turn it back on, delete.
import type { components } from "../../api/schema.gen.ts";
import { answer, client, el, errorBox } from "../../lib.ts";
import { internalWords } from "../../ui/messages.ts";

type Webhook = components["schemas"]["Webhook"];
type Attempt = components["schemas"]["WebhookAttempt"];
type WebhookEvent = components["schemas"]["WebhookEvent"];
type Refresh = (message?: string, secret?: Webhook) => Promise<void>;

/** Each event in words; the order is the order of the checkboxes. */
const EVENTS: Record<WebhookEvent, string> = {
  "recipe.committed": "A recipe is saved",
  "recipe.updated": "A recipe is changed",
  "recipe.deleted": "A recipe is deleted",
  "import.completed": "An import finishes",
  "import.failed": "An import fails",
  "article.ready": "An article is ready to read",
  "bookmark.enriched": "A bookmark gets its title and picture",
};
const isEvent = (type: string): type is WebhookEvent => Object.hasOwn(EVENTS, type);
const eventWords = (type: string): string =>
  type === "webhook.test" ? "Test" : isEvent(type) ? EVENTS[type] : "Something happened";

const when = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** One attempt of the log as a table row: when, what, how it went, what the receiver said. */
function attemptRow(a: Attempt, sendAgain: ((a: Attempt) => Promise<void>) | null): HTMLElement {
  const result = a.ok
    ? el("span", { class: "okay" }, a.statusCode ? `Delivered (${a.statusCode})` : "Delivered")
    : a.error && internalWords(a.error).length
      ? // A network error's own words ("connect ECONNREFUSED …") go under Details.
        el(
          "span",
          { class: "error" },
          `The receiver could not be reached.${a.willRetry ? " Ladle will try again." : ""}`,
          el("details", { class: "problem-details" }, el("summary", {}, "Details"), el("p", {}, a.error)),
        )
      : el(
          "span",
          { class: "error" },
          `${a.error ?? "Not delivered."}${a.willRetry ? " Ladle will try again." : ""}`,
        );
  // A delivery that failed for good can be sent again once the receiver is fixed.
  const again =
    !a.ok && !a.willRetry && a.type !== "webhook.test" && sendAgain
      ? el("button", { type: "button", class: "secondary", onclick: () => sendAgain(a) }, "Send again")
      : null;
  return el(
    "tr",
    {},
    el("td", {}, when(a.at)),
    el("td", {}, eventWords(a.type), a.attempt > 1 ? ` (try ${a.attempt})` : ""),
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
    return box.replaceChildren(el("p", { class: "muted" }, "Nothing sent yet. Send a test to try it."));
  box.replaceChildren(
    el(
      "div",
      { class: "st-scroll" },
      el(
        "table",
        { class: "st-table wh-log" },
        el("caption", { class: "sr-only" }, `Deliveries to ${hook.url}`),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", {}, "When"),
            el("th", {}, "What"),
            el("th", {}, "Result"),
            el("th", {}, "Their answer"),
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
    { class: "card wh-card", "aria-label": `Webhook to ${hook.url}` },
    el("p", { class: "wh-url" }, hook.url),
    el("p", { class: "muted" }, "Tells it when: ", hook.events.map(eventWords).join(", ").toLowerCase(), "."),
    on
      ? el(
          "p",
          {},
          el("span", { class: "okay" }, "On"),
          hook.failureCount ? ` (the last ${hook.failureCount} did not arrive)` : "",
        )
      : el("p", { class: "error" }, "Off. ", hook.disabledReason ?? "You turned it off."),
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
            note.replaceChildren("Test sent. Its result shows below.");
            await waitFor(hook, (a) => a.eventId === r.body.eventId, log);
          },
        },
        "Send a test",
      ),
      el(
        "button",
        { type: "button", class: "secondary", onclick: () => showLog(hook, log) },
        "Show deliveries",
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
            await refresh(on ? "The webhook is off." : "The webhook is on again.");
          },
        },
        on ? "Turn off" : "Turn on again",
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
              { class: "confirm", role: "group", "aria-label": "Delete this webhook?" },
              "Delete this webhook? ",
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
                    await refresh("The webhook is deleted.");
                  },
                },
                "Yes, delete",
              ),
              el(
                "button",
                { type: "button", class: "secondary", onclick: () => ask.replaceWith(button) },
                "Keep it",
              ),
            );
            button.replaceWith(ask);
          },
        },
        "Delete",
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
  const boxes = Object.entries(EVENTS).map(([value, words]) => {
    const id = `wh-ev-${value.replace(".", "-")}`;
    return el(
      "label",
      { class: "wh-event", for: id },
      el("input", { type: "checkbox", id, value, checked: value.startsWith("recipe.") }),
      ` ${words}`,
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
          return problem.replaceChildren(
            errorBox({ message: "Choose at least one thing to be told about." }),
          );
        const r = await answer(client.POST("/api/webhooks", { body: { url: url.value.trim(), events } }));
        if (!r.ok) return problem.replaceChildren(errorBox(r.body));
        problem.replaceChildren();
        url.value = "";
        await done(r.body);
      },
    },
    el("h3", {}, "Add a webhook"),
    el("label", { for: "wh-url" }, "Web address to send to"),
    url,
    el("fieldset", {}, el("legend", {}, "Tell it when"), boxes),
    problem,
    el("div", { class: "actions" }, el("button", { type: "submit" }, "Add webhook")),
  );
}

/** The secret of a new webhook, shown once, with how to check it. */
function secretBox(hook: Webhook): HTMLElement {
  return el(
    "div",
    { class: "card wh-secret-box", role: "status" },
    el("h3", {}, "Copy your signing secret now"),
    el(
      "p",
      {},
      "Ladle shows it only this once. Your program uses it to check that a message really came from Ladle (the Ladle-Signature header).",
    ),
    el("p", {}, el("code", { class: "wh-secret", "aria-label": "Signing secret" }, hook.secret)),
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
        : [el("p", { class: "muted" }, "No webhooks yet.")]),
    );
  };
  section.append(
    el("h2", { id: "wh-title" }, "Webhooks"),
    el(
      "p",
      {},
      "A webhook lets another program know when something happens in Ladle: Ladle sends a short signed message to the web address you give. If it does not arrive, Ladle tries again a few times; after many failures in a row it turns the webhook off and says why.",
    ),
    news,
    list,
    addForm((hook) => refresh("The webhook is added.", hook)),
  );
  void refresh();
  return section;
}
