import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { OkBody } from "../../api/types.ts";
import { ProblemNote } from "../../ui/parts.tsx";

type SessionInfo = OkBody<"/api/session/sessions", "get">["sessions"][number];

/**
 * "Firefox on Linux" from a User-Agent: hand-written, since a few names are all a person needs to
 * tell their own devices apart (a full parser's tables would outweigh this screen).
 */
export function deviceName(ua: string | null): string {
  if (!ua) return "A device that did not say what it is";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /iPhone/.test(ua)
    ? "an iPhone"
    : /iPad/.test(ua)
      ? "an iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "a Mac"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return system ? `${browser} on ${system}` : browser;
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
    if (r.ok) setSaid(`${deviceName(s.device)} is signed out.`);
    await load();
  };
  const endOthers = async () => {
    const r = await answer(client.DELETE("/api/session/sessions"));
    setProblem(r.ok ? null : r.body);
    if (r.ok)
      setSaid(
        r.body.ended === 1
          ? "One other device is signed out."
          : `${r.body.ended} other devices are signed out.`,
      );
    await load();
  };
  if (!sessions) return <ProblemNote problem={problem} />;
  const others = sessions.filter((s) => !s.current);
  return (
    <>
      {sessions.length === 0 ? (
        <p>
          You are not signed in with a password anywhere (a token or single-person mode lets you in here).
        </p>
      ) : (
        <ul class="plain sessions-list" aria-label="Where you are signed in">
          {sessions.map((s) => (
            <li key={s.id}>
              <strong>{deviceName(s.device)}</strong>
              {s.current ? " (this one)" : ""}{" "}
              <span class="muted">
                · from {s.address ?? "an unknown address"} · last seen{" "}
                {new Date(s.lastSeenAt).toLocaleString()}
              </span>{" "}
              {!s.current && (
                <button type="button" class="secondary small" onClick={() => void end(s)}>
                  End this sign-in
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => void endOthers()}>
            End every other sign-in
          </button>
        </div>
      )}
      <p role="status">{said}</p>
      <ProblemNote problem={problem} />
    </>
  );
}
