import { useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Person } from "../../api/types.ts";
import { t } from "../../i18n/i18n.ts";
import { ConfirmButton, ProblemNote } from "../../ui/parts.tsx";

/** A one-time link to hand over (by message, in person): shown with a copy button. */
function LinkToCopy({ label, path, expiresAt }: { label: string; path: string; expiresAt: string }) {
  const url = `${location.origin}${path}`;
  const [copied, setCopied] = useState(false);
  return (
    <div class="one-time-link">
      <label for="one-time-link">{label}</label>
      <input id="one-time-link" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <p class="muted">
        {t("people.linkWorksOnce", { until: new Date(expiresAt) })}{" "}
        <button
          type="button"
          class="secondary small"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? t("people.copied") : t("people.copyLink")}
        </button>
      </p>
    </div>
  );
}

/** Admins invite someone: a one-time link; the invited person chooses their own name and password. */
export function InviteSection() {
  const [role, setRole] = useState<"user" | "admin">("user");
  const [link, setLink] = useState<{ path: string; expiresAt: string } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await answer(client.POST("/api/users/invitations", { body: { role } }));
    if (!r.ok) return setProblem(r.body);
    setProblem(null);
    setLink(r.body);
  };
  return (
    <form onSubmit={submit}>
      <p>{t("people.inviteHelp")}</p>
      <label for="invite-role">{t("people.inviteRoleLabel")}</label>
      <select
        id="invite-role"
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as "user" | "admin")}
      >
        <option value="user">{t("people.inviteRoleMember")}</option>
        <option value="admin">{t("people.inviteRoleAdmin")}</option>
      </select>
      <ProblemNote problem={problem} />
      <div class="actions">
        <button type="submit">{t("people.makeInviteButton")}</button>
      </div>
      {link && <LinkToCopy label={t("people.inviteLinkLabel")} {...link} />}
    </form>
  );
}

/**
 * What an admin does for one person: a password link, disable or enable, remove after choosing
 * who receives their recipes and libraries.
 */
export function PersonActions({
  person,
  everyone,
  onChange,
}: {
  person: Person;
  everyone: Person[];
  onChange: () => Promise<void>;
}) {
  const [link, setLink] = useState<{ path: string; expiresAt: string } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const others = everyone.filter((p) => p.id !== person.id && p.name !== "local");
  const [heir, setHeir] = useState(others[0]?.id ?? "");
  const [removed, setRemoved] = useState(false);
  const path = { params: { path: { id: person.id } } };

  const resetLink = async () => {
    const r = await answer(client.POST("/api/users/{id}/reset-link", path));
    if (!r.ok) return setProblem(r.body);
    setProblem(null);
    setLink(r.body);
  };
  const setDisabled = async (disabled: boolean) => {
    const r = await answer(client.PUT("/api/users/{id}/disabled", { ...path, body: { disabled } }));
    setProblem(r.ok ? null : r.body);
    await onChange();
  };
  const remove = async () => {
    const r = await answer(
      client.DELETE("/api/users/{id}", { params: { path: { id: person.id }, query: { transferTo: heir } } }),
    );
    if (!r.ok) return setProblem(r.body);
    setRemoved(true);
  };
  if (removed)
    return (
      <p class="okay" role="status">
        {t("people.removedNote", { name: person.name })} <a href="#/people">{t("people.backToPeople")}</a>
      </p>
    );
  return (
    <>
      <h3>{t("people.passwordHeading")}</h3>
      <p>{t("people.passwordHelp", { name: person.name })}</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => void resetLink()}>
          {t("people.makePasswordLink")}
        </button>
      </div>
      {link && <LinkToCopy label={t("people.passwordLinkLabel")} {...link} />}
      <h3>{person.disabled ? t("people.disabledHeading") : t("people.disableHeading")}</h3>
      {person.disabled ? (
        <>
          <p>{t("people.disabledHelp", { name: person.name })}</p>
          <div class="actions">
            <button type="button" class="secondary" onClick={() => void setDisabled(false)}>
              {t("people.enableButton", { name: person.name })}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t("people.disableHelp")}</p>
          <ConfirmButton
            label={t("people.disableButton")}
            question={t("people.disableQuestion", { name: person.name })}
            onConfirm={() => setDisabled(true)}
          />
        </>
      )}
      <h3>{t("people.removeHeading")}</h3>
      {others.length === 0 ? (
        <p>{t("people.nobodyToReceive")}</p>
      ) : (
        <>
          <label for="heir">{t("people.heirLabel")}</label>
          <select id="heir" value={heir} onChange={(e) => setHeir(e.currentTarget.value)}>
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <div class="actions">
            <ConfirmButton
              label={t("people.removeButton")}
              question={t("people.removeQuestion", { name: person.name })}
              onConfirm={remove}
            />
          </div>
        </>
      )}
      <ProblemNote problem={problem} />
    </>
  );
}
