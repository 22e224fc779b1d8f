import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Feed, FeedEntry, FeedRun, Library } from "../../api/types.ts";
import { ConfirmButton, ProblemNote, Section } from "../../ui/parts.tsx";

/** A moment as the reader's locale writes it. */
function at(iso: string | null | undefined): string {
  if (!iso) return "never";
  return new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

/** Minutes in words: "every hour", "every 15 minutes", "every 2 days". */
function every(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? "every day" : `every ${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "every hour" : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/** The status a cook reads first: working, waiting or failing (and why). */
function StatusLine({ feed }: { feed: Feed }) {
  const cls = feed.status === "failing" ? "error" : "muted";
  return (
    <p class={`feed-status ${cls}`}>
      {feed.status === "failing"
        ? `Failing: ${feed.failureMessage ?? "the last fetch failed"}`
        : feed.statusText}
      {feed.status === "failing" && feed.failingSince ? ` (since ${at(feed.failingSince)})` : ""}
    </p>
  );
}

function counts(feed: Feed): string {
  const parts = [`${feed.imported} imported`];
  if (feed.waiting) parts.push(`${feed.waiting} waiting for the next fetches`);
  if (feed.failed) parts.push(`${feed.failed} could not be read`);
  return parts.join(" · ");
}

/**
 * Feeds (#/feeds): the RSS and Atom feeds your libraries follow, each with its status in plain
 * words, and a form to follow one more by its address or its site's.
 */
export function FeedsScreen() {
  const [feeds, setFeeds] = useState<Feed[] | null>(null);
  const [libraries, setLibraries] = useState<Library[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [note, setNote] = useState("");
  const [url, setUrl] = useState("");
  const [library, setLibrary] = useState("");
  const [busy, setBusy] = useState(false);
  const load = async () => {
    const r = await answer(client.GET("/api/feeds"));
    if (r.ok) setFeeds(r.body.feeds);
    else setProblem(r.body);
  };
  useEffect(() => {
    void load();
    void answer(client.GET("/api/libraries")).then((r) => {
      if (r.ok) setLibraries(r.body.libraries.filter((l) => l.role === "admin"));
    });
  }, []);

  const add = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setNote("Looking for the feed…");
    const r = await answer(
      client.POST("/api/feeds", { body: { url: url.trim(), ...(library ? { libraryId: library } : {}) } }),
    );
    setBusy(false);
    if (!r.ok) {
      setNote("");
      return setProblem(r.body);
    }
    setProblem(null);
    setUrl("");
    const name = r.body.feed.title ?? r.body.feed.url;
    setNote(
      r.body.created ? `Following ${name}. Its first fetch has started.` : `${name} is followed already.`,
    );
    await load();
  };

  return (
    <>
      <h1>Feeds</h1>
      <p class="muted">
        Follow a blog or a news site: its new posts arrive in your articles by themselves, the newest first.
      </p>
      <Section title="Follow a feed">
        <form class="row" onSubmit={add}>
          <div>
            <label for="feed-url">The feed's address, or the site's</label>
            <input
              id="feed-url"
              type="url"
              required
              placeholder="https://example.com/blog"
              value={url}
              onInput={(e) => setUrl(e.currentTarget.value)}
            />
          </div>
          {libraries.length > 1 && (
            <div>
              <label for="feed-library">Into</label>
              <select id="feed-library" value={library} onChange={(e) => setLibrary(e.currentTarget.value)}>
                {libraries.map((l) => (
                  <option key={l.id} value={l.isDefault ? "" : l.id}>
                    {l.isDefault ? `${l.name} (yours)` : l.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div class="actions">
            <button type="submit" disabled={busy}>
              Follow
            </button>
          </div>
        </form>
        <p class="muted" aria-live="polite">
          {note}
        </p>
        <ProblemNote problem={problem} />
      </Section>
      {feeds === null ? (
        <p class="muted">Loading…</p>
      ) : feeds.length === 0 ? (
        <p class="muted">You follow no feed yet.</p>
      ) : (
        <ul class="plain feed-list" aria-label="Feeds you follow">
          {feeds.map((f) => (
            <li key={f.id} class={`feed-row feed-${f.status}`}>
              <a href={`#/feeds/${f.id}`}>
                <strong>{f.title ?? f.url}</strong>
              </a>
              <StatusLine feed={f} />
              <p class="muted">
                {counts(f)} · fetched {every(f.intervalMinutes)} · into {f.libraryName}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const ENTRY_WORDS: Record<string, string> = {
  pending: "waiting to be read",
  extracting: "being read",
  ready_for_reading: "ready to read",
  failed: "could not be read",
};

function EntryLine({ e }: { e: FeedEntry }) {
  const name = e.article?.title ?? e.title ?? e.link ?? "An entry";
  if (e.state === "waiting")
    return (
      <li class="feed-entry">
        {name} <span class="muted">· waits for a later fetch</span>
      </li>
    );
  if (e.state === "failed")
    return (
      <li class="feed-entry">
        {name} <span class="error">· not imported: {e.failure}</span>
      </li>
    );
  const a = e.article!;
  return (
    <li class="feed-entry">
      {a.status === "ready_for_reading" ? <a href={`#/articles/${a.id}`}>{name}</a> : name}{" "}
      <span class={a.status === "failed" ? "error" : "muted"}>
        · {ENTRY_WORDS[a.status] ?? a.status}
        {a.status === "failed" && a.failure ? `: ${a.failure}` : ""}
      </span>
    </li>
  );
}

function RunLine({ r }: { r: FeedRun }) {
  return (
    <li class="feed-run">
      <strong>{at(r.startedAt)}</strong> <span class={r.answer === "failed" ? "error" : ""}>{r.summary}</span>
      {r.failures.length > 0 && (
        <ul class="feed-failures">
          {r.failures.map((f, i) => (
            <li key={i}>
              {f.title ?? f.link ?? "An entry"}: {f.reason}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** One feed (#/feeds/{id}): its status, its log (every fetch) and its entries with their articles. */
export function FeedScreen({ id }: { id: string }) {
  const [feed, setFeed] = useState<Feed | null>(null);
  const [runs, setRuns] = useState<FeedRun[]>([]);
  const [entries, setEntries] = useState<FeedEntry[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [note, setNote] = useState("");
  const [gone, setGone] = useState(false);
  const path = { params: { path: { id } } };
  const load = async () => {
    const [log, list] = await Promise.all([
      answer(client.GET("/api/feeds/{id}/log", path)),
      answer(client.GET("/api/feeds/{id}/entries", path)),
    ]);
    if (!log.ok) return setProblem(log.body);
    setFeed(log.body.feed);
    setRuns(log.body.runs);
    if (list.ok) setEntries(list.body.entries);
  };
  useEffect(() => void load(), [id]);

  const refresh = async () => {
    const r = await answer(client.POST("/api/feeds/{id}/refresh", path));
    if (!r.ok) return setProblem(r.body);
    setNote(r.body.message);
    // The fetch runs on the server: its line appears in the log when it is done.
    for (let i = 0; i < 40; i++) {
      await new Promise((ok) => setTimeout(ok, 500));
      const log = await answer(client.GET("/api/feeds/{id}/log", path));
      if (log.ok && log.body.runs[0]?.finishedAt && log.body.runs.length > runs.length) break;
    }
    setNote("");
    await load();
  };
  const remove = async () => {
    const r = await answer(client.DELETE("/api/feeds/{id}", path));
    if (!r.ok) return setProblem(r.body);
    setGone(true);
  };

  const back = (
    <p>
      <a href="#/feeds">← Feeds</a>
    </p>
  );
  if (gone)
    return (
      <>
        {back}
        <h1>Feed removed</h1>
        <p>You no longer follow it. The articles it brought stay in your library.</p>
      </>
    );
  if (!feed)
    return (
      <>
        {back}
        {problem ? <ProblemNote problem={problem} /> : <p class="muted">Loading…</p>}
      </>
    );
  const done = entries.filter((e) => e.state !== "waiting");
  const waiting = entries.length - done.length;
  return (
    <>
      {back}
      <h1 class="feed-title">{feed.title ?? feed.url}</h1>
      <StatusLine feed={feed} />
      <p class="muted feed-url">
        {feed.url} · fetched {every(feed.intervalMinutes)} · last {at(feed.lastFetchedAt)} · into{" "}
        {feed.libraryName}
      </p>
      <div class="actions">
        <button type="button" onClick={refresh}>
          Fetch now
        </button>
        <ConfirmButton label="Stop following" question="Stop following this feed?" onConfirm={remove} />
      </div>
      <p class="muted" aria-live="polite">
        {note}
      </p>
      <ProblemNote problem={problem} />
      <Section title="Log">
        {runs.length === 0 ? (
          <p class="muted">Not fetched yet.</p>
        ) : (
          <ul class="plain feed-log">
            {runs.map((r) => (
              <RunLine key={r.id} r={r} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Articles">
        {done.length === 0 ? (
          <p class="muted">No article from this feed yet.</p>
        ) : (
          <ul class="plain feed-entries">
            {done.map((e) => (
              <EntryLine key={e.key} e={e} />
            ))}
          </ul>
        )}
        {waiting > 0 && (
          <p class="muted">
            {waiting} older {waiting === 1 ? "entry waits" : "entries wait"} for the next fetches.
          </p>
        )}
      </Section>
    </>
  );
}
