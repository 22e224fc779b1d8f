import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Feed, FeedEntry, FeedRun, Library } from "../../api/types.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { ConfirmButton, ProblemNote, Section } from "../../ui/parts.tsx";
import { plainProblem } from "../../ui/messages.ts";
import { feedProblemWords } from "./feedProblemWords.ts";

/** A moment as the reader's locale writes it. */
function at(iso: string | null | undefined): string {
  if (!iso) return t("feeds.never");
  return t("feeds.moment", { at: new Date(iso) });
}

/** Minutes in words: "every hour", "every 15 minutes", "every 2 days". */
function every(minutes: number): string {
  if (minutes % 1440 === 0) return t("feeds.everyDays", { count: minutes / 1440 });
  if (minutes % 60 === 0) return t("feeds.everyHours", { count: minutes / 60 });
  return t("feeds.everyMinutes", { count: minutes });
}

/** The status a cook reads first: working, waiting or failing (and why). */
function StatusLine({ feed }: { feed: Feed }) {
  const cls = feed.status === "failing" ? "error" : "muted";
  const reason = feed.failureMessage
    ? feedProblemWords(feed.failureCode, feed.failureParams, feed.failureMessage)
    : t("feeds.lastFetchFailed");
  return (
    <p class={`feed-status ${cls}`}>
      {feed.status === "failing"
        ? feed.failingSince
          ? t("feeds.failingSince", { reason, since: at(feed.failingSince) })
          : t("feeds.failing", { reason })
        : feed.status === "ok"
          ? t("feeds.fetchedFine")
          : t("feeds.waitingFirstFetch")}
    </p>
  );
}

function counts(feed: Feed): string {
  const parts = [t("feeds.countImported", { count: feed.imported })];
  if (feed.waiting) parts.push(t("feeds.countWaiting", { count: feed.waiting }));
  if (feed.failed) parts.push(t("feeds.countFailed", { count: feed.failed }));
  return parts.join(" · ");
}

/** What one fetch did, from its figures and its failure's code. */
function runSummary(r: FeedRun): string {
  if (!r.answer) return r.finishedAt ? t("feeds.runStopped") : t("feeds.runFetching");
  if (r.answer === "failed")
    return t("feeds.runFailed", {
      reason: r.message
        ? feedProblemWords(r.messageCode, r.messageParams, r.message)
        : t("feeds.fetchFailed"),
    });
  const failed = r.failures.length;
  if (r.answer === "not_modified") return t("feeds.runUnchanged", { imported: r.imported, failed });
  return t("feeds.runFetched", { seen: r.itemsSeen, fresh: r.itemsNew, imported: r.imported, failed });
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
    setNote(t("feeds.lookingForFeed"));
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
    setNote(r.body.created ? t("feeds.nowFollowing", { name }) : t("feeds.alreadyFollowed", { name }));
    await load();
  };

  return (
    <>
      <h1>{t("feeds.heading")}</h1>
      <p class="muted">{t("feeds.intro")}</p>
      <Section title={t("feeds.followHeading")}>
        <form class="row" onSubmit={add}>
          <div>
            <label for="feed-url">{t("feeds.urlLabel")}</label>
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
              <label for="feed-library">{t("feeds.libraryLabel")}</label>
              <select id="feed-library" value={library} onChange={(e) => setLibrary(e.currentTarget.value)}>
                {libraries.map((l) => (
                  <option key={l.id} value={l.isDefault ? "" : l.id}>
                    {l.isDefault ? t("feeds.yourLibraryOption", { name: l.name }) : l.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div class="actions">
            <button type="submit" disabled={busy}>
              {t("feeds.followButton")}
            </button>
          </div>
        </form>
        <p class="muted" aria-live="polite">
          {note}
        </p>
        <ProblemNote problem={problem} />
      </Section>
      {feeds === null ? (
        <p class="muted">{t("feeds.loading")}</p>
      ) : feeds.length === 0 ? (
        <p class="muted">{t("feeds.noneYet")}</p>
      ) : (
        <ul class="plain feed-list" aria-label={t("feeds.listLabel")}>
          {feeds.map((f) => (
            <li key={f.id} class={`feed-row feed-${f.status}`}>
              <a href={`#/feeds/${f.id}`}>
                <strong>{f.title ?? f.url}</strong>
              </a>
              <StatusLine feed={f} />
              <p class="muted">
                {t("feeds.rowLine", {
                  counts: counts(f),
                  every: every(f.intervalMinutes),
                  library: f.libraryName,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const ENTRY_WORDS: Record<string, MessageKey> = {
  pending: "feeds.entryPending",
  extracting: "feeds.entryExtracting",
  ready_for_reading: "feeds.entryReady",
  failed: "feeds.entryFailed",
};

function EntryLine({ e }: { e: FeedEntry }) {
  const name = e.article?.title ?? e.title ?? e.link ?? t("feeds.anEntry");
  if (e.state === "waiting")
    return (
      <li class="feed-entry">
        {name} <span class="muted">· {t("feeds.entryWaits")}</span>
      </li>
    );
  if (e.state === "failed")
    return (
      <li class="feed-entry">
        {name}{" "}
        <span class="error">
          ·{" "}
          {t("feeds.entryNotImported", {
            reason: feedProblemWords(e.failureCode, e.failureParams, e.failure ?? ""),
          })}
        </span>
      </li>
    );
  const a = e.article!;
  return (
    <li class="feed-entry">
      {a.status === "ready_for_reading" ? <a href={`#/articles/${a.id}`}>{name}</a> : name}{" "}
      <span class={a.status === "failed" ? "error" : "muted"}>
        · {ENTRY_WORDS[a.status] ? t(ENTRY_WORDS[a.status]!) : a.status}
        {a.status === "failed" && a.failure ? `: ${a.failure}` : ""}
      </span>
    </li>
  );
}

function RunLine({ r }: { r: FeedRun }) {
  return (
    <li class="feed-run">
      <strong>{at(r.startedAt)}</strong>{" "}
      <span class={r.answer === "failed" ? "error" : ""}>{runSummary(r)}</span>
      {r.failures.length > 0 && (
        <ul class="feed-failures">
          {r.failures.map((f, i) => (
            <li key={i}>
              {t("feeds.failureLine", {
                name: f.title ?? f.link ?? t("feeds.anEntry"),
                reason: feedProblemWords(f.code, f.params, f.reason),
              })}
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
    setNote(plainProblem(r.body).text);
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
      <a href="#/feeds">{t("feeds.backLink")}</a>
    </p>
  );
  if (gone)
    return (
      <>
        {back}
        <h1>{t("feeds.removedHeading")}</h1>
        <p>{t("feeds.removedHelp")}</p>
      </>
    );
  if (!feed)
    return (
      <>
        {back}
        {problem ? <ProblemNote problem={problem} /> : <p class="muted">{t("feeds.loading")}</p>}
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
        {feed.url} ·{" "}
        {t("feeds.detailLine", {
          every: every(feed.intervalMinutes),
          last: at(feed.lastFetchedAt),
          library: feed.libraryName,
        })}
      </p>
      <div class="actions">
        <button type="button" onClick={refresh}>
          {t("feeds.fetchNowButton")}
        </button>
        <ConfirmButton
          label={t("feeds.stopFollowingButton")}
          question={t("feeds.stopFollowingQuestion")}
          onConfirm={remove}
        />
      </div>
      <p class="muted" aria-live="polite">
        {note}
      </p>
      <ProblemNote problem={problem} />
      <Section title={t("feeds.logHeading")}>
        {runs.length === 0 ? (
          <p class="muted">{t("feeds.notFetchedYet")}</p>
        ) : (
          <ul class="plain feed-log">
            {runs.map((r) => (
              <RunLine key={r.id} r={r} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={t("feeds.articlesHeading")}>
        {done.length === 0 ? (
          <p class="muted">{t("feeds.noArticlesYet")}</p>
        ) : (
          <ul class="plain feed-entries">
            {done.map((e) => (
              <EntryLine key={e.key} e={e} />
            ))}
          </ul>
        )}
        {waiting > 0 && <p class="muted">{t("feeds.olderWaiting", { count: waiting })}</p>}
      </Section>
    </>
  );
}
