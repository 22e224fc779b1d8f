import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { ApiToken } from "../../api/types.ts";
import { ConfirmButton, ProblemNote, When } from "../../ui/parts.tsx";

/**
 * API tokens of one person ("me" for the reader): what each is called, when it was last used, a
 * new one (its secret shown once, to copy), and revoking one.
 */
export function TokensPanel({
  userId,
  whose,
  onChange,
}: {
  userId: string;
  whose: string;
  /** Told after a token is made or revoked, so counts shown elsewhere on the screen follow. */
  onChange?: () => void;
}) {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [name, setName] = useState("");
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const load = async () => {
    const r = await answer(client.GET("/api/users/{id}/tokens", { params: { path: { id: userId } } }));
    if (r.ok) setTokens(r.body.tokens);
    else setProblem(r.body);
  };
  useEffect(() => void load(), [userId]);

  const issue = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/users/{id}/tokens", {
        params: { path: { id: userId } },
        body: { name: name.trim() || "default" },
      }),
    );
    if (!r.ok) return setProblem(r.body);
    setProblem(null);
    setCopied(false);
    setSecret({ name: r.body.apiToken.name, token: r.body.token });
    setName("");
    await load();
    onChange?.();
  };

  const revoke = async (t: ApiToken) => {
    const r = await answer(
      client.DELETE("/api/users/{id}/tokens/{tokenId}", { params: { path: { id: userId, tokenId: t.id } } }),
    );
    if (!r.ok) return setProblem(r.body);
    if (secret?.name === t.name) setSecret(null);
    await load();
    onChange?.();
  };

  return (
    <div class="tokens">
      <p class="muted">
        A token lets an app, a script or the command line act as {whose}. Give each its own, so you can revoke
        one without the others.
      </p>
      <ProblemNote problem={problem} />
      {tokens === null ? (
        <p class="muted">Loading…</p>
      ) : tokens.length === 0 ? (
        <p>No tokens yet.</p>
      ) : (
        <ul class="plain token-list">
          {tokens.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>{" "}
              <span class="muted">
                made <When at={t.createdAt} />, last used <When at={t.lastUsedAt} />
              </span>{" "}
              <ConfirmButton label="Revoke" question={`Revoke “${t.name}”?`} onConfirm={() => revoke(t)} />
            </li>
          ))}
        </ul>
      )}
      {secret && (
        <div class="card secret" role="status">
          <p>
            <strong>Your new token “{secret.name}”.</strong> Copy it now: it is not shown again.
          </p>
          <label for="new-token-secret">Token</label>
          <input
            id="new-token-secret"
            type="text"
            readOnly
            value={secret.token}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div class="actions">
            <button
              type="button"
              class="secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(secret.token).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
        </div>
      )}
      <form class="row" onSubmit={issue}>
        <div>
          <label for={`token-name-${userId}`}>Name of a new token</label>
          <input
            id={`token-name-${userId}`}
            type="text"
            placeholder="phone, backup script…"
            maxLength={100}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <div class="actions">
          <button type="submit">Make a token</button>
        </div>
      </form>
    </div>
  );
}
