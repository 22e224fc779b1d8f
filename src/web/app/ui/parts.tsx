// Small pieces the Preact screens share: a problem note, a two-step confirm button, a date.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { Problem } from "../api/client.ts";
import { language, t } from "../i18n/i18n.ts";
import { plainProblem } from "./messages.ts";

/** A problem in words for the reader (never a code alone), announced to screen readers. */
export function ProblemNote({ problem }: { problem: Problem | null }) {
  if (!problem) return null;
  const { text, details } = plainProblem(problem);
  if (!details)
    return (
      <p class="error" role="alert">
        {text}
      </p>
    );
  return (
    <div class="error" role="alert">
      <p>{text}</p>
      <details class="problem-details">
        <summary>{t("app.details")}</summary>
        <p>{details}</p>
      </details>
    </div>
  );
}

/** A destructive action asked twice, in the page (no browser dialog): "Revoke" → "Revoke phone? Yes · Keep it". */
export function ConfirmButton({
  label,
  question,
  onConfirm,
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<void> | void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button type="button" class="secondary danger small" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>{" "}
      <button
        type="button"
        class="danger small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onConfirm();
          setBusy(false);
          setAsking(false);
        }}
      >
        {t("app.confirmYes", { action: label.toLocaleLowerCase(language()) })}
      </button>{" "}
      <button type="button" class="secondary small" onClick={() => setAsking(false)}>
        {t("app.keepIt")}
      </button>
    </span>
  );
}

/** A day as the reader's locale writes it, or "never". */
export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <>{t("app.never")}</>;
  const d = new Date(at);
  return <time dateTime={at}>{Number.isNaN(d.getTime()) ? "" : t("app.day", { at: d })}</time>;
}

/** A section with its heading, as a card. */
export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
