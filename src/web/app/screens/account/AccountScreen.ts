// The Account screen, where a person changes their password. Who is signed in, and Sign out, are
// the top bar's user menu (screens/userMenu.ts); sign-in itself is lib.ts's renderToken.
import { h, render } from "preact";
import { addScreen, answer, app, client, el, errorBox } from "../../lib.ts";
import { SessionsPanel } from "../household/SessionsPanel.tsx";
import { bookmarkletSection } from "../share/ShareScreen.ts";
import { webhooksSection } from "../webhooks/WebhooksSection.ts";

addScreen({
  path: "account",
  render: async (said?: string) => {
    const res = await answer(client.GET("/api/session"));
    if (!res.ok) return;
    const me = res.body;
    const welcome = await answer(client.GET("/api/welcome"));
    const provider = welcome.ok ? welcome.body.provider : null;
    // Back from the provider: linked, or signed in as a member for want of a groups claim.
    const note =
      said === "linked"
        ? el(
            "p",
            { class: "okay", role: "status" },
            "Your household account is linked: sign in with it from now on.",
          )
        : said === "no-groups"
          ? el(
              "p",
              { class: "notice", role: "status" },
              "You are signed in as a member, not an admin: your household's sign-in service did not say which groups you belong to. An admin can ask it to send them (see the household guide).",
            )
          : null;
    const link = provider
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, "Household account"),
          el("p", {}, "Sign in with the account you use for the household's other services."),
          el(
            "a",
            { class: "button secondary", href: "/api/welcome/oidc/start?link=1" },
            `Link: ${provider.label}`,
          ),
        )
      : null;
    const current = el("input", { type: "password", id: "pw-current", autocomplete: "current-password" });
    const next = el("input", { type: "password", id: "pw-new", autocomplete: "new-password", minlength: 10 });
    const done = el("p", { role: "status" });
    const sessions = el("section", { class: "card" }, el("h2", {}, "Where you are signed in"));
    const sessionsBody = el("div", {});
    sessions.append(sessionsBody);
    render(h(SessionsPanel, {}), sessionsBody);
    const single = me.user.name === "local";
    app.replaceChildren(
      ...[
        el("h1", {}, "Your account"),
        single
          ? el(
              "p",
              {},
              "Single-person mode: nobody signs in to this Ladle. ",
              el("a", { href: "#/people" }, "Switch on sign-in"),
              " to give yourself a name and a password.",
            )
          : el("p", {}, `Signed in as ${me.user.name}${me.user.role === "admin" ? " (admin)" : ""}.`),
        note,
        single ? null : sessions,
        single ? null : link,
        single ? null : el("h2", {}, me.hasPassword ? "Change your password" : "Set a password"),
        single
          ? null
          : el(
              "form",
              {
                onsubmit: async (e: Event) => {
                  e.preventDefault();
                  const r = await answer(
                    client.PUT("/api/session/password", {
                      body: { ...(me.hasPassword ? { current: current.value } : {}), password: next.value },
                    }),
                  );
                  done.replaceChildren(
                    r.ok
                      ? "Your password is changed. Other devices signed in as you are signed out."
                      : errorBox(r.body),
                  );
                  if (r.ok) {
                    current.value = "";
                    next.value = "";
                  }
                },
              },
              me.hasPassword ? [el("label", { for: "pw-current" }, "Current password"), current] : [],
              el("label", { for: "pw-new" }, "New password (at least 10 characters)"),
              next,
              el("div", { class: "actions" }, el("button", { type: "submit" }, "Save password")),
              done,
            ),
        webhooksSection(),
        bookmarkletSection(),
      ].filter((n): n is HTMLElement => n !== null),
    );
  },
});
