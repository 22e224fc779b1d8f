// Cook mode: one step at a time in large type, its ingredients and timers, the screen kept awake;
// keys, swipes and buttons move between steps. DOM is built with textContent only.
import type { operations } from "../../api/schema.gen.ts";
import { announce, answer, app, client, el, errorBox, fill, stillShown } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import { savedChoice } from "./kitchenControls.ts";
import { language } from "../../i18n/i18n.ts";

type Timer = {
  label: string;
  left: number;
  handle: ReturnType<typeof setInterval> | undefined;
  ends: number;
};

function fmtClock(s: number): string {
  const m = Math.floor(s / 60);
  const sec = s % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(sec).padStart(2, "0")}`
    : `${m}:${String(sec).padStart(2, "0")}`;
}

const timers: Timer[] = [];
const STEP_KEYS: Record<string, number> = { ArrowRight: 1, " ": 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 };
let wakeLock: WakeLockSentinel | null = null;

async function keepAwake(): Promise<void> {
  try {
    wakeLock = (await navigator.wakeLock?.request("screen")) ?? null;
  } catch {
    wakeLock = null;
  }
}

export async function renderCook(id = "", stepArg?: string) {
  const shown = stillShown();
  const saved = savedChoice(id);
  const first = await answer(client.GET("/api/recipes/{id}", { params: { path: { id } } }));
  if (!shown()) return;
  if (!first.ok) return fill(app, errorBox(first.body));
  const query: NonNullable<operations["getRecipe"]["parameters"]["query"]> = {
    units: saved.units === "metric" || saved.units === "us" ? saved.units : "original",
    lang: language(),
    ...(saved.servings && first.body.servings ? { servings: Number(saved.servings) } : { factor: 1 }),
  };
  const r = await answer(
    client.GET("/api/recipes/{id}", {
      params: { path: { id }, query },
    }),
  );
  if (!shown()) return;
  if (!r.ok) return fill(app, errorBox(r.body));
  const x = r.body;
  const steps = x.instructions;
  let i = Math.min(Math.max(0, Number(stepArg) || 0), Math.max(0, steps.length - 1));
  void keepAwake();
  const onVisible = () => document.visibilityState === "visible" && !wakeLock && void keepAwake();
  document.addEventListener("visibilitychange", onVisible);

  const timerBar = el("div", { class: "cook-timers", "aria-live": "polite" });
  const body = el("div", { class: "cook-step" });
  const counter = el("p", { class: "cook-count" });
  const prev = el(
    "button",
    { class: "cook-nav secondary", onclick: () => go(i - 1) },
    t("kitchen.backButton"),
  );
  const next = el("button", { class: "cook-nav", onclick: () => go(i + 1) }, t("kitchen.nextButton"));
  const close = () => {
    cleanup();
    location.hash = `#/recipes/${id}`;
  };
  const view = el(
    "div",
    { class: "cook-mode", role: "dialog", "aria-label": t("kitchen.cookingLabel", { name: x.name }) },
    el(
      "div",
      { class: "cook-top" },
      el("span", { class: "cook-title" }, x.name),
      el("button", { class: "secondary cook-exit", onclick: close }, t("kitchen.exitButton")),
    ),
    timerBar,
    counter,
    body,
    el("div", { class: "cook-bottom" }, prev, next),
  );

  const drawTimers = () => {
    fill(
      timerBar,
      timers.map((tm) =>
        el(
          "div",
          { class: `cook-timer${tm.left <= 0 ? " done" : ""}`, role: "timer" },
          el("span", {}, t("kitchen.timerName", { label: tm.label })),
          el("strong", {}, tm.left <= 0 ? t("kitchen.timeUp") : fmtClock(tm.left)),
          el(
            "button",
            {
              class: "secondary small",
              onclick: () => {
                clearInterval(tm.handle);
                timers.splice(timers.indexOf(tm), 1);
                drawTimers();
              },
            },
            tm.left <= 0 ? t("kitchen.timerDone") : t("kitchen.timerStop"),
          ),
        ),
      ),
    );
  };
  const startTimer = (label: string, seconds: number): void => {
    const tm: Timer = { label, left: seconds, handle: undefined, ends: Date.now() + seconds * 1000 };
    tm.handle = setInterval(() => {
      tm.left = Math.max(0, Math.round((tm.ends - Date.now()) / 1000));
      if (tm.left <= 0) {
        clearInterval(tm.handle);
        announce(t("kitchen.timerUpAnnounce", { label }));
        navigator.vibrate?.([300, 100, 300]);
      }
      drawTimers();
    }, 1000);
    timers.push(tm);
    drawTimers();
    announce(t("kitchen.timerStartedAnnounce", { label }));
  };

  function draw() {
    const s = steps[i];
    counter.textContent = steps.length
      ? s?.section
        ? t("kitchen.stepCounterSection", { n: i + 1, total: steps.length, section: s.section })
        : t("kitchen.stepCounter", { n: i + 1, total: steps.length })
      : "";
    const uses = (s?.ingredients ?? []).flatMap((n) => x.ingredients[n] ?? []);
    const stepTimers = s?.timers ?? [];
    fill(
      body,
      el("p", { class: "cook-text" }, s ? s.text : t("kitchen.noSteps")),
      stepTimers.length
        ? el(
            "div",
            { class: "cook-timer-buttons" },
            stepTimers.map((st) =>
              el(
                "button",
                { class: "big", onclick: () => startTimer(st.label, st.seconds) },
                t("kitchen.startTimerButton", { label: st.label }),
              ),
            ),
          )
        : null,
      uses.length
        ? el(
            "div",
            { class: "cook-uses" },
            el("h2", {}, t("kitchen.stepUsesHeading")),
            el(
              "ul",
              {},
              uses.map((u) => el("li", { class: "used" }, u.display ?? u.text)),
            ),
          )
        : null,
    );
    prev.disabled = i === 0;
    next.textContent = i >= steps.length - 1 ? t("kitchen.finishButton") : t("kitchen.nextButton");
    history.replaceState(null, "", `#/cook/${id}/${i}`);
  }
  function go(n: number): void {
    if (n >= steps.length) return close();
    if (n < 0) return;
    i = n;
    draw();
    next.focus();
  }
  const onKey = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement) return;
    const step = STEP_KEYS[e.key];
    if (step) {
      e.preventDefault();
      go(i + step);
    } else if (e.key === "Escape") close();
  };
  let touchX: number | null = null;
  view.addEventListener("touchstart", (e) => (touchX = e.changedTouches[0]?.clientX ?? null), {
    passive: true,
  });
  view.addEventListener(
    "touchend",
    (e) => {
      if (touchX === null) return;
      const dx = (e.changedTouches[0]?.clientX ?? touchX) - touchX;
      touchX = null;
      if (Math.abs(dx) > 60) go(dx < 0 ? i + 1 : i - 1);
    },
    { passive: true },
  );
  document.addEventListener("keydown", onKey);
  const onHash = () => {
    if (!location.hash.startsWith(`#/cook/${id}`)) cleanup();
  };
  window.addEventListener("hashchange", onHash);
  function cleanup() {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("hashchange", onHash);
    document.body.classList.remove("cooking");
    void wakeLock?.release?.();
    wakeLock = null;
  }
  document.body.classList.add("cooking");
  fill(app, view);
  drawTimers();
  draw();
  next.focus();
}
