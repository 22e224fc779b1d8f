import { useEffect, useState } from "preact/hooks";
import { answer, client, type Problem } from "../../api/client.ts";
import { ProblemNote } from "../../ui/parts.tsx";

/** After a way in opened a session: the top bar learns who is signed in, and the home screen opens. */
function enter(): void {
  sessionStorage.removeItem("ladle.token");
  document.dispatchEvent(new CustomEvent("ladle:signed-in"));
  location.hash = "#/";
}

function NameField({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <>
      <label for="welcome-name">Your name (you sign in with it)</label>
      <input
        id="welcome-name"
        type="text"
        required
        autoComplete="username"
        pattern="[A-Za-z0-9._\-]{1,64}"
        title="1 to 64 letters, digits, dots, dashes or underscores, no spaces"
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
      <PasswordField
        value={password}
        onInput={setPassword}
        label="Choose a password (10 characters or more)"
      />
      {needsCode && (
        <>
          <label for="welcome-code">Setup code</label>
          <input
            id="welcome-code"
            type="text"
            required
            autoComplete="off"
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          <p class="muted">
            The server printed it when it started. On the server, <code>ladle users setup</code> prints a new
            one.
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
  if (!state) return <p class="muted">Loading…</p>;
  if (!state.firstRun)
    return (
      <>
        <h1>Welcome back</h1>
        <p>
          This Ladle has its owner already. <a href="#/">Sign in</a>.
        </p>
      </>
    );
  return (
    <>
      <h1>Welcome to Ladle</h1>
      <p>
        Nobody uses this Ladle yet. Choose your name and a password: you become its owner, and you can invite
        the others afterwards. Anything added from the command line so far becomes yours.
      </p>
      <FirstRunForm needsCode={!state.thisMachine} submitLabel="Make me the owner" />
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
  if (!invite) return <p class="muted">Loading…</p>;
  if (!("role" in invite))
    return (
      <>
        <h1>This invitation does not work</h1>
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
      <h1>You are invited to Ladle</h1>
      <p>
        {invite.role === "admin"
          ? "You will look after this Ladle with its owner: its people and settings, and your own recipes."
          : "Your own recipes, articles and bookmarks, and the libraries others share with you."}{" "}
        Choose the name you sign in with and a password.
      </p>
      <form onSubmit={submit}>
        <NameField value={name} onInput={setName} />
        <PasswordField
          value={password}
          onInput={setPassword}
          label="Choose a password (10 characters or more)"
        />
        <ProblemNote problem={problem} />
        <div class="actions">
          <button type="submit">Join</button>
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
  if (!who) return <p class="muted">Loading…</p>;
  if (!("name" in who))
    return (
      <>
        <h1>This link does not work</h1>
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
      <h1>A new password for {who.name}</h1>
      <p>Once you save it, every other device signed in as {who.name} is signed out.</p>
      <form onSubmit={submit}>
        <PasswordField value={password} onInput={setPassword} label="New password (10 characters or more)" />
        <ProblemNote problem={problem} />
        <div class="actions">
          <button type="submit">Save password and sign in</button>
        </div>
      </form>
    </>
  );
}

/** #/signin-failed/<why>: a sign-in through the provider came back without signing in, and why. */
export function SignInFailedScreen({ why }: { why: string }) {
  let text = "Signing in did not work.";
  try {
    text = decodeURIComponent(why) || text;
  } catch {
    // A mangled address: the plain sentence above.
  }
  return (
    <>
      <h1>Not signed in</h1>
      <p role="alert">{text}</p>
      <p>
        <a href="#/">Back to signing in</a>
      </p>
    </>
  );
}
