import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { ApiToken } from "../../api/types.ts";
import { t } from "../../i18n/i18n.ts";
import { ConfirmButton, ProblemNote } from "../../ui/parts.tsx";

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
  /** The person's name when it is not the reader's own tokens. */
  whose?: string;
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

  const revoke = async (token: ApiToken) => {
    const r = await answer(
      client.DELETE("/api/users/{id}/tokens/{tokenId}", {
        params: { path: { id: userId, tokenId: token.id } },
      }),
    );
    if (!r.ok) return setProblem(r.body);
    if (secret?.name === token.name) setSecret(null);
    await load();
    onChange?.();
  };

  return (
    <div class="tokens">
      <p class="muted">
        {whose === undefined ? t("people.tokensHelpYours") : t("people.tokensHelpTheirs", { name: whose })}
      </p>
      <ProblemNote problem={problem} />
      {tokens === null ? (
        <p class="muted">{t("people.loading")}</p>
      ) : tokens.length === 0 ? (
        <p>{t("people.noTokens")}</p>
      ) : (
        <ul class="plain token-list">
          {tokens.map((token) => (
            <li key={token.id}>
              <strong>{token.name}</strong>{" "}
              <span class="muted">
                {token.lastUsedAt
                  ? t("people.tokenUsed", {
                      made: new Date(token.createdAt),
                      used: new Date(token.lastUsedAt),
                    })
                  : t("people.tokenNeverUsed", { made: new Date(token.createdAt) })}
              </span>{" "}
              <ConfirmButton
                label={t("people.revokeButton")}
                question={t("people.revokeQuestion", { name: token.name })}
                onConfirm={() => revoke(token)}
              />
            </li>
          ))}
        </ul>
      )}
      {secret && (
        <div class="card secret" role="status">
          <p>
            <strong>{t("people.newTokenTitle", { name: secret.name })}</strong> {t("people.copyNow")}
          </p>
          <label for="new-token-secret">{t("people.tokenLabel")}</label>
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
              {copied ? t("people.copied") : t("people.copyButton")}
            </button>
          </div>
        </div>
      )}
      <form class="row" onSubmit={issue}>
        <div>
          <label for={`token-name-${userId}`}>{t("people.newTokenNameLabel")}</label>
          <input
            id={`token-name-${userId}`}
            type="text"
            placeholder={t("people.newTokenNamePlaceholder")}
            maxLength={100}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <div class="actions">
          <button type="submit">{t("people.makeTokenButton")}</button>
        </div>
      </form>
    </div>
  );
}
