import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { OkBody } from "../../api/types.ts";
import { t } from "../../i18n/i18n.ts";
import { ProblemNote } from "../../ui/parts.tsx";

type SessionInfo = OkBody<"/api/session/sessions", "get">["sessions"][number];

/**
 * "Firefox on Linux" from a User-Agent: hand-written, since a few names are all a person needs to
 * tell their own devices apart (a full parser's tables would outweigh this screen).
 */
export function deviceName(ua: string | null): string {
  if (!ua) return t("household.deviceUnknown");
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  // Systems whose name takes an article in a sentence are chosen by the message itself.
  const system = /iPhone/.test(ua)
    ? "iphone"
    : /iPad/.test(ua)
      ? "ipad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "mac"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  const named = browser ?? t("household.someBrowser");
  if (!system) return named;
  return t("household.browserOnSystem", { browser: named, system });
}

/** The Account screen's list of one's sign-ins: where, from which address, last seen; end any or all. */
export function SessionsPanel() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [said, setSaid] = useState("");
  const load = async () => {
    const r = await answer(client.GET("/api/session/sessions"));
    if (r.ok) setSessions(r.body.sessions);
    else setProblem(r.body);
  };
  useEffect(() => void load(), []);
  const end = async (s: SessionInfo) => {
    const r = await answer(client.DELETE("/api/session/sessions/{id}", { params: { path: { id: s.id } } }));
    setProblem(r.ok ? null : r.body);
    if (r.ok) setSaid(t("household.deviceSignedOut", { device: deviceName(s.device) }));
    await load();
  };
  const endOthers = async () => {
    const r = await answer(client.DELETE("/api/session/sessions"));
    setProblem(r.ok ? null : r.body);
    if (r.ok) setSaid(t("household.othersSignedOut", { count: r.body.ended }));
    await load();
  };
  if (!sessions) return <ProblemNote problem={problem} />;
  const others = sessions.filter((s) => !s.current);
  return (
    <>
      {sessions.length === 0 ? (
        <p>{t("household.noPasswordSessions")}</p>
      ) : (
        <ul class="plain sessions-list" aria-label={t("household.sessionsLabel")}>
          {sessions.map((s) => (
            <li key={s.id}>
              <strong>{deviceName(s.device)}</strong>
              {s.current ? ` ${t("household.thisOne")}` : ""}{" "}
              <span class="muted">
                ·{" "}
                {s.address
                  ? t("household.sessionSeen", { address: s.address, seen: new Date(s.lastSeenAt) })
                  : t("household.sessionSeenNoAddress", { seen: new Date(s.lastSeenAt) })}
              </span>{" "}
              {!s.current && (
                <button type="button" class="secondary small" onClick={() => void end(s)}>
                  {t("household.endSessionButton")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => void endOthers()}>
            {t("household.endOthersButton")}
          </button>
        </div>
      )}
      <p role="status">{said}</p>
      <ProblemNote problem={problem} />
    </>
  );
}
