import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Person } from "../../api/types.ts";
import { LANGUAGE_NAMES, LANGUAGES, language, t, type Language } from "../../i18n/i18n.ts";
import { ProblemNote, Section } from "../../ui/parts.tsx";
import { TokensPanel } from "./TokensPanel.tsx";
import { InviteSection, PersonActions } from "./PersonActions.tsx";
import { FirstRunForm } from "../household/WelcomeScreens.tsx";

/**
 * People (#/people): everyone manages their own API tokens here; an admin also sees everyone on
 * the server, adds people (with a first password they can change), and opens a person's tokens.
 */
export function PeopleScreen() {
  // null while loading; "none" when the reader is not an admin (the list is theirs to not see).
  const [people, setPeople] = useState<Person[] | "none" | null>(null);
  const [single, setSingle] = useState(false);
  const load = async () => {
    const r = await answer(client.GET("/api/users"));
    setPeople(r.ok ? r.body.users : "none");
  };
  useEffect(() => {
    void load();
    void answer(client.GET("/api/welcome")).then((r) => r.ok && setSingle(r.body.singlePerson));
  }, []);

  if (single)
    return (
      <>
        <h1>{t("people.peopleHeading")}</h1>
        <Section title={t("people.singlePersonHeading")}>
          <p>{t("people.singlePersonHelp")}</p>
          <FirstRunForm needsCode={false} submitLabel={t("people.switchOnSignIn")} />
        </Section>
      </>
    );
  return (
    <>
      <h1>{t("people.heading")}</h1>
      <Section title={t("people.yourTokensHeading")}>
        {/* The list below counts everyone's tokens, yours included: it follows a new or revoked one. */}
        <TokensPanel userId="me" onChange={() => void load()} />
      </Section>
      {Array.isArray(people) && (
        <>
          <Section title={t("people.everyoneHeading")}>
            <ul class="plain people-list">
              {people.map((p) => (
                <li key={p.id}>
                  <a href={`#/people/${p.id}`}>{p.name}</a>{" "}
                  <span class="muted">
                    {t("people.personLine", {
                      disabled: p.disabled ? "yes" : "no",
                      role: p.role === "admin" ? "admin" : "member",
                      tokens: p.tokens,
                      since: new Date(p.createdAt),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t("people.inviteHeading")}>
            <InviteSection />
          </Section>
          <Section title={t("people.addHeading")}>
            <AddPerson onAdded={load} />
          </Section>
        </>
      )}
    </>
  );
}

function AddPerson({ onAdded }: { onAdded: () => Promise<void> }) {
  const [name, setName] = useState("");
  const [role, setRole] = useState<"user" | "admin">("user");
  const [password, setPassword] = useState("");
  // The language their own library is named in; the one this screen speaks unless chosen.
  const [lang, setLang] = useState<Language>(language());
  const [problem, setProblem] = useState<Problem | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/users", {
        body: { name: name.trim(), role, language: lang, ...(password ? { password } : {}) },
      }),
    );
    if (!r.ok) {
      setAdded(null);
      return setProblem(r.body);
    }
    setProblem(null);
    setAdded(r.body.name);
    setName("");
    setPassword("");
    await onAdded();
  };

  return (
    <form onSubmit={submit}>
      <label for="person-name">{t("people.signInNameLabel")}</label>
      <input
        id="person-name"
        type="text"
        required
        autoComplete="off"
        pattern="[A-Za-z0-9._\-]{1,64}"
        title={t("people.signInNameRule")}
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <label for="person-role">{t("people.roleLabel")}</label>
      <select
        id="person-role"
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as "user" | "admin")}
      >
        <option value="user">{t("people.roleMember")}</option>
        <option value="admin">{t("people.roleAdmin")}</option>
      </select>
      <label for="person-language">{t("people.languageLabel")}</label>
      <select id="person-language" value={lang} onChange={(e) => setLang(e.currentTarget.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <label for="person-password">{t("people.firstPasswordLabel")}</label>
      <input
        id="person-password"
        type="password"
        autoComplete="new-password"
        minLength={10}
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
      />
      <p class="muted">{t("people.noPasswordHelp")}</p>
      <ProblemNote problem={problem} />
      {added && (
        <p class="okay" role="status">
          {t("people.canSignInNow", { name: added })}
        </p>
      )}
      <div class="actions">
        <button type="submit">{t("people.addButton")}</button>
      </div>
    </form>
  );
}

/** One person's tokens, as an admin manages them (#/people/<id>). */
export function PersonScreen({ id }: { id: string }) {
  const [person, setPerson] = useState<Person | null | "missing">(null);
  const [everyone, setEveryone] = useState<Person[]>([]);
  const load = async () => {
    const r = await answer(client.GET("/api/users"));
    setEveryone(r.ok ? r.body.users : []);
    setPerson((r.ok && r.body.users.find((p) => p.id === id)) || "missing");
  };
  useEffect(() => void load(), [id]);
  if (person === null) return <p class="muted">{t("people.loading")}</p>;
  if (person === "missing")
    return (
      <>
        <h1>{t("people.nobodyHeading")}</h1>
        <p>
          {t("people.nobodyHelp")} <a href="#/people">{t("people.backToPeople")}</a>
        </p>
      </>
    );
  return (
    <>
      <p>
        <a href="#/people">{t("people.backLink")}</a>
      </p>
      <h1>{person.name}</h1>
      <Section title={t("people.theirTokensHeading", { name: person.name })}>
        <TokensPanel userId={person.id} whose={person.name} />
      </Section>
      <Section title={t("people.theirSignInHeading", { name: person.name })}>
        <PersonActions person={person} everyone={everyone} onChange={load} />
      </Section>
    </>
  );
}
