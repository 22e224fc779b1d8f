import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import type { Library, LibraryMember } from "../../api/types.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { ConfirmButton, ProblemNote, Section } from "../../ui/parts.tsx";

type Member = LibraryMember;

/** What a member may do, said of them in the list. */
const ROLE_WORDS: Record<string, MessageKey> = {
  admin: "libraries.roleAdmin",
  editor: "libraries.roleEditor",
  member: "libraries.roleMember",
};
/** The same, said to the reader. */
const YOUR_ROLE: Record<string, MessageKey> = {
  admin: "libraries.yourRoleAdmin",
  editor: "libraries.yourRoleEditor",
  member: "libraries.yourRoleMember",
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
      <h1>{t("libraries.heading")}</h1>
      <p class="muted">{t("libraries.intro")}</p>
      <ProblemNote problem={problem} />
      {libraries === null ? (
        <p class="muted">{t("libraries.loading")}</p>
      ) : (
        libraries.map((lib) => <LibraryCard key={lib.id} library={lib} />)
      )}
      <Section title={t("libraries.startHeading")}>
        <form class="row" onSubmit={create}>
          <div>
            <label for="library-name">{t("libraries.nameLabel")}</label>
            <input
              id="library-name"
              type="text"
              required
              maxLength={200}
              placeholder={t("libraries.namePlaceholder")}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <div class="actions">
            <button type="submit">{t("libraries.startButton")}</button>
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
    <Section title={library.isDefault ? t("libraries.yoursAlone", { name: library.name }) : library.name}>
      <p class="muted">{t(YOUR_ROLE[library.role] ?? "libraries.yourRoleOther")}</p>
      <ProblemNote problem={problem} />
      {members && !library.isDefault && (
        <ul class="plain member-list" aria-label={t("libraries.membersLabel", { name: library.name })}>
          {members.map((m) => (
            <li key={m.userId}>
              <strong>{m.name}</strong>{" "}
              <span class="muted">{ROLE_WORDS[m.role] ? t(ROLE_WORDS[m.role]!) : m.role}</span>{" "}
              {isAdmin && m.userId !== library.ownerId && (
                <ConfirmButton
                  label={t("libraries.removeButton")}
                  question={t("libraries.removeQuestion", { name: m.name, library: library.name })}
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
            <label for={`member-name-${library.id}`}>{t("libraries.addMemberLabel")}</label>
            <input
              id={`member-name-${library.id}`}
              type="text"
              required
              value={who}
              onInput={(e) => setWho(e.currentTarget.value)}
            />
          </div>
          <div>
            <label for={`member-role-${library.id}`}>{t("libraries.roleLabel")}</label>
            <select
              id={`member-role-${library.id}`}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as "member" | "editor" | "admin")}
            >
              <option value="member">{t("libraries.optionMember")}</option>
              <option value="editor">{t("libraries.optionEditor")}</option>
              <option value="admin">{t("libraries.optionAdmin")}</option>
            </select>
          </div>
          <div class="actions">
            <button type="submit">{t("libraries.addButton")}</button>
          </div>
        </form>
      )}
    </Section>
  );
}
