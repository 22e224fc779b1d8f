import { useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Person } from "../../api/types.ts";
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
        It works once, until {new Date(expiresAt).toLocaleString()}.{" "}
        <button
          type="button"
          class="secondary small"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy the link"}
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
      <p>Send them a link: they choose the name they sign in with and their own password.</p>
      <label for="invite-role">They may</label>
      <select
        id="invite-role"
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as "user" | "admin")}
      >
        <option value="user">keep their own recipes, and see what others share with them</option>
        <option value="admin">also look after people and settings (admin)</option>
      </select>
      <ProblemNote problem={problem} />
      <div class="actions">
        <button type="submit">Make an invitation link</button>
      </div>
      {link && <LinkToCopy label="Invitation link" {...link} />}
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
        {person.name} is removed. <a href="#/people">Back to people</a>
      </p>
    );
  return (
    <>
      <h3>Password</h3>
      <p>A link lets {person.name} choose a new password; their other sign-ins end when they do.</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => void resetLink()}>
          Make a password link
        </button>
      </div>
      {link && <LinkToCopy label="Password link" {...link} />}
      <h3>{person.disabled ? "Disabled" : "Disable"}</h3>
      {person.disabled ? (
        <>
          <p>{person.name} cannot sign in, and their tokens do not work. Their recipes stay.</p>
          <div class="actions">
            <button type="button" class="secondary" onClick={() => void setDisabled(false)}>
              Let {person.name} sign in again
            </button>
          </div>
        </>
      ) : (
        <>
          <p>They are signed out everywhere at once and cannot sign in; their recipes stay.</p>
          <ConfirmButton
            label="Disable"
            question={`Disable ${person.name}?`}
            onConfirm={() => setDisabled(true)}
          />
        </>
      )}
      <h3>Remove</h3>
      {others.length === 0 ? (
        <p>Nobody else could receive their recipes and libraries.</p>
      ) : (
        <>
          <label for="heir">Who receives their recipes and libraries</label>
          <select id="heir" value={heir} onChange={(e) => setHeir(e.currentTarget.value)}>
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <div class="actions">
            <ConfirmButton label="Remove" question={`Remove ${person.name} for good?`} onConfirm={remove} />
          </div>
        </>
      )}
      <ProblemNote problem={problem} />
    </>
  );
}
