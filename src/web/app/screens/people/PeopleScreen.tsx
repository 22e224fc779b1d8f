import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Person } from "../../api/types.ts";
import { ProblemNote, Section, When } from "../../ui/parts.tsx";
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
        <h1>People</h1>
        <Section title="Single-person mode">
          <p>
            Nobody signs in to this Ladle: whoever reaches it acts as you. To add the people you cook with,
            switch on sign-in: choose your name and a password. Everything here stays yours.
          </p>
          <FirstRunForm needsCode={false} submitLabel="Switch on sign-in" />
        </Section>
      </>
    );
  return (
    <>
      <h1>People and tokens</h1>
      <Section title="Your API tokens">
        {/* The list below counts everyone's tokens, yours included: it follows a new or revoked one. */}
        <TokensPanel userId="me" whose="you" onChange={() => void load()} />
      </Section>
      {Array.isArray(people) && (
        <>
          <Section title="Everyone on this server">
            <ul class="plain people-list">
              {people.map((p) => (
                <li key={p.id}>
                  <a href={`#/people/${p.id}`}>{p.name}</a>{" "}
                  <span class="muted">
                    {p.disabled ? "disabled · " : ""}
                    {p.role === "admin" ? "admin" : "member"} · {p.tokens}{" "}
                    {p.tokens === 1 ? "token" : "tokens"} · since <When at={p.createdAt} />
                  </span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Invite someone">
            <InviteSection />
          </Section>
          <Section title="Add a person">
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
  const [problem, setProblem] = useState<Problem | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/users", {
        body: { name: name.trim(), role, ...(password ? { password } : {}) },
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
      <label for="person-name">Name they sign in with</label>
      <input
        id="person-name"
        type="text"
        required
        autoComplete="off"
        pattern="[A-Za-z0-9._\-]{1,64}"
        title="1 to 64 letters, digits, dots, dashes or underscores"
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <label for="person-role">What they may do</label>
      <select
        id="person-role"
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as "user" | "admin")}
      >
        <option value="user">
          Member: their own recipes, articles and bookmarks, and libraries shared with them
        </option>
        <option value="admin">Admin: also people, tokens and the server's settings</option>
      </select>
      <label for="person-password">First password (optional, 10 characters or more)</label>
      <input
        id="person-password"
        type="password"
        autoComplete="new-password"
        minLength={10}
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
      />
      <p class="muted">Without a password, they sign in with a token you make for them.</p>
      <ProblemNote problem={problem} />
      {added && (
        <p class="okay" role="status">
          {added} can sign in now.
        </p>
      )}
      <div class="actions">
        <button type="submit">Add this person</button>
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
  if (person === null) return <p class="muted">Loading…</p>;
  if (person === "missing")
    return (
      <>
        <h1>Nobody here</h1>
        <p>
          This person is not on this server, or only an admin may see them.{" "}
          <a href="#/people">Back to people</a>
        </p>
      </>
    );
  return (
    <>
      <p>
        <a href="#/people">← People</a>
      </p>
      <h1>{person.name}</h1>
      <Section title={`${person.name}'s API tokens`}>
        <TokensPanel userId={person.id} whose={person.name} />
      </Section>
      <Section title={`${person.name}'s sign-in`}>
        <PersonActions person={person} everyone={everyone} onChange={load} />
      </Section>
    </>
  );
}
