import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Library, LibraryMember } from "../../api/types.ts";
import { ConfirmButton, ProblemNote, Section } from "../../ui/parts.tsx";

type Member = LibraryMember;

/** What a member may do, said of them in the list. */
const ROLE_WORDS: Record<string, string> = {
  admin: "runs the library: adds people and things",
  editor: "adds and changes things",
  member: "reads",
};
/** The same, said to the reader. */
const YOUR_ROLE: Record<string, string> = {
  admin: "You run this library: you add people and things.",
  editor: "You add and change things here.",
  member: "You read what is here.",
};

/**
 * Libraries (#/libraries): the collections a household or team shares. Everyone sees the ones they
 * belong to and starts new ones; a library's admins add and remove its people.
 */
export function LibrariesScreen() {
  const [libraries, setLibraries] = useState<Library[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [name, setName] = useState("");
  const load = async () => {
    const r = await answer(client.GET("/api/libraries"));
    if (r.ok) setLibraries(r.body.libraries);
    else setProblem(r.body);
  };
  useEffect(() => void load(), []);

  const create = async (e: Event) => {
    e.preventDefault();
    const r = await answer(client.POST("/api/libraries", { body: { name: name.trim() } }));
    if (!r.ok) return setProblem(r.body);
    setProblem(null);
    setName("");
    await load();
  };

  return (
    <>
      <h1>Libraries</h1>
      <p class="muted">
        A library is shared: everyone in it sees what is put in it. Your own library is private to you.
      </p>
      <ProblemNote problem={problem} />
      {libraries === null ? (
        <p class="muted">Loading…</p>
      ) : (
        libraries.map((lib) => <LibraryCard key={lib.id} library={lib} />)
      )}
      <Section title="Start a library">
        <form class="row" onSubmit={create}>
          <div>
            <label for="library-name">Name</label>
            <input
              id="library-name"
              type="text"
              required
              maxLength={200}
              placeholder="Our kitchen"
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <div class="actions">
            <button type="submit">Start it</button>
          </div>
        </form>
      </Section>
    </>
  );
}

function LibraryCard({ library }: { library: Library }) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [who, setWho] = useState("");
  const [role, setRole] = useState<"member" | "editor" | "admin">("member");
  const isAdmin = library.role === "admin";
  const load = async () => {
    const r = await answer(
      client.GET("/api/libraries/{id}/members", { params: { path: { id: library.id } } }),
    );
    if (r.ok) setMembers(r.body.members);
    else setProblem(r.body);
  };
  useEffect(() => void load(), [library.id]);

  const add = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/libraries/{id}/members", {
        params: { path: { id: library.id } },
        body: { user: who.trim(), role },
      }),
    );
    if (!r.ok) return setProblem(r.body);
    setProblem(null);
    setWho("");
    await load();
  };
  const remove = async (m: Member) => {
    const r = await answer(
      client.DELETE("/api/libraries/{id}/members/{userId}", {
        params: { path: { id: library.id, userId: m.userId } },
      }),
    );
    if (!r.ok) return setProblem(r.body);
    await load();
  };

  return (
    <Section title={library.isDefault ? `${library.name} (yours alone)` : library.name}>
      <p class="muted">{YOUR_ROLE[library.role] ?? "You belong to it."}</p>
      <ProblemNote problem={problem} />
      {members && !library.isDefault && (
        <ul class="plain member-list" aria-label={`People in ${library.name}`}>
          {members.map((m) => (
            <li key={m.userId}>
              <strong>{m.name}</strong> <span class="muted">{ROLE_WORDS[m.role] ?? m.role}</span>{" "}
              {isAdmin && m.userId !== library.ownerId && (
                <ConfirmButton
                  label="Remove"
                  question={`Remove ${m.name} from ${library.name}?`}
                  onConfirm={() => remove(m)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {isAdmin && !library.isDefault && (
        <form class="row" onSubmit={add}>
          <div>
            <label for={`member-name-${library.id}`}>Add someone by the name they sign in with</label>
            <input
              id={`member-name-${library.id}`}
              type="text"
              required
              value={who}
              onInput={(e) => setWho(e.currentTarget.value)}
            />
          </div>
          <div>
            <label for={`member-role-${library.id}`}>They may</label>
            <select
              id={`member-role-${library.id}`}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as "member" | "editor" | "admin")}
            >
              <option value="member">read</option>
              <option value="editor">add and change things</option>
              <option value="admin">also add people</option>
            </select>
          </div>
          <div class="actions">
            <button type="submit">Add</button>
          </div>
        </form>
      )}
    </Section>
  );
}
