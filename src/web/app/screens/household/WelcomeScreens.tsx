import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import { t } from "../../i18n/i18n.ts";
import { ProblemNote } from "../../ui/parts.tsx";

/** The command the person types on the server: the same in every language. */
const SETUP_COMMAND = "ladle users setup";

/** After a way in opened a session: the top bar learns who is signed in, and the home screen opens. */
function enter(): void {
  sessionStorage.removeItem("ladle.token");
  document.dispatchEvent(new CustomEvent("ladle:signed-in"));
  location.hash = "#/";
}

function NameField({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <>
      <label for="welcome-name">{t("household.nameLabel")}</label>
      <input
        id="welcome-name"
        type="text"
        required
        autoComplete="username"
        pattern="[A-Za-z0-9._\-]{1,64}"
        title={t("household.nameRule")}
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </>
  );
}

function PasswordField({
  value,
  onInput,
  label,
}: {
  value: string;
  onInput: (v: string) => void;
  label: string;
}) {
  return (
    <>
      <label for="welcome-password">{label}</label>
      <input
        id="welcome-password"
        type="password"
        required
        minLength={10}
        autoComplete="new-password"
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </>
  );
}

/**
 * The first run's form: the visitor names themselves and chooses a password, and becomes the owner
 * (an admin). From another machine the setup code the server printed is asked for too.
 */
export function FirstRunForm({ needsCode, submitLabel }: { needsCode: boolean; submitLabel: string }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  // The command is code, not words: the message places it, and it is drawn between the halves.
  const setupHelp = t("household.setupCodeHelp", { command: "\u0000" }).split("\u0000");
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/welcome/owner", {
        body: { name: name.trim(), password, ...(needsCode ? { code: code.trim() } : {}) },
      }),
    );
    if (!r.ok) return setProblem(r.body);
    enter();
  };
  return (
    <form onSubmit={submit}>
      <NameField value={name} onInput={setName} />
      <PasswordField value={password} onInput={setPassword} label={t("household.choosePasswordLabel")} />
      {needsCode && (
        <>
          <label for="welcome-code">{t("household.setupCodeLabel")}</label>
          <input
            id="welcome-code"
            type="text"
            required
            autoComplete="off"
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          <p class="muted">
            {setupHelp[0]}
            <code>{SETUP_COMMAND}</code>
            {setupHelp[1]}
          </p>
        </>
      )}
      <ProblemNote problem={problem} />
      <div class="actions">
        <button type="submit">{submitLabel}</button>
      </div>
    </form>
  );
}

/** #/welcome: the first visit to a new install. */
export function WelcomeScreen() {
  const [state, setState] = useState<{ firstRun: boolean; thisMachine: boolean } | null>(null);
  useEffect(() => {
    void answer(client.GET("/api/welcome")).then((r) => r.ok && setState(r.body));
  }, []);
  if (!state) return <p class="muted">{t("household.loading")}</p>;
  if (!state.firstRun)
    return (
      <>
        <h1>{t("household.welcomeBackHeading")}</h1>
        <p>
          {t("household.hasOwner")} <a href="#/">{t("household.signInLink")}</a>.
        </p>
      </>
    );
  return (
    <>
      <h1>{t("household.welcomeHeading")}</h1>
      <p>{t("household.welcomeHelp")}</p>
      <FirstRunForm needsCode={!state.thisMachine} submitLabel={t("household.makeOwnerButton")} />
    </>
  );
}

/** #/invite/<code>: an invited person chooses their name and password. */
export function InviteScreen({ code }: { code: string }) {
  const [invite, setInvite] = useState<{ role: string } | Problem | null>(null);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    void answer(client.GET("/api/welcome/invitations/{code}", { params: { path: { code } } })).then((r) =>
      setInvite(r.body),
    );
  }, [code]);
  if (!invite) return <p class="muted">{t("household.loading")}</p>;
  if (!("role" in invite))
    return (
      <>
        <h1>{t("household.inviteBrokenHeading")}</h1>
        <p>{invite.message}</p>
      </>
    );
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/welcome/invitations/{code}", {
        params: { path: { code } },
        body: { name: name.trim(), password },
      }),
    );
    if (!r.ok) return setProblem(r.body);
    enter();
  };
  return (
    <>
      <h1>{t("household.invitedHeading")}</h1>
      <p>{invite.role === "admin" ? t("household.invitedAdminHelp") : t("household.invitedMemberHelp")}</p>
      <form onSubmit={submit}>
        <NameField value={name} onInput={setName} />
        <PasswordField value={password} onInput={setPassword} label={t("household.choosePasswordLabel")} />
        <ProblemNote problem={problem} />
        <div class="actions">
          <button type="submit">{t("household.joinButton")}</button>
        </div>
      </form>
    </>
  );
}

/** #/reset/<code>: a person chooses a new password with the link an admin gave them. */
export function ResetScreen({ code }: { code: string }) {
  const [who, setWho] = useState<{ name: string } | Problem | null>(null);
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    void answer(client.GET("/api/welcome/resets/{code}", { params: { path: { code } } })).then((r) =>
      setWho(r.body),
    );
  }, [code]);
  if (!who) return <p class="muted">{t("household.loading")}</p>;
  if (!("name" in who))
    return (
      <>
        <h1>{t("household.linkBrokenHeading")}</h1>
        <p>{who.message}</p>
      </>
    );
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await answer(
      client.POST("/api/welcome/resets/{code}", { params: { path: { code } }, body: { password } }),
    );
    if (!r.ok) return setProblem(r.body);
    enter();
  };
  return (
    <>
      <h1>{t("household.resetHeading", { name: who.name })}</h1>
      <p>{t("household.resetHelp", { name: who.name })}</p>
      <form onSubmit={submit}>
        <PasswordField value={password} onInput={setPassword} label={t("household.newPasswordLabel")} />
        <ProblemNote problem={problem} />
        <div class="actions">
          <button type="submit">{t("household.resetButton")}</button>
        </div>
      </form>
    </>
  );
}

/** #/signin-failed/<why>: a sign-in through the provider came back without signing in, and why. */
export function SignInFailedScreen({ why }: { why: string }) {
  let text = t("household.signInFailed");
  try {
    text = decodeURIComponent(why) || text;
  } catch {
    // A mangled address: the plain sentence above.
  }
  return (
    <>
      <h1>{t("household.notSignedInHeading")}</h1>
      <p role="alert">{text}</p>
      <p>
        <a href="#/">{t("household.backToSignIn")}</a>
      </p>
    </>
  );
}
