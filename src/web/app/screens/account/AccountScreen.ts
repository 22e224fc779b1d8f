// The Account screen, where a person changes their password. Who is signed in, and Sign out, are
// the top bar's user menu (screens/userMenu.ts); sign-in itself is lib.ts's renderToken.
import { h, render } from "preact";
import { t } from "../../i18n/i18n.ts";
import { addScreen, answer, app, client, el, errorBox } from "../../lib.ts";
import { withSlot } from "../../ui/withSlot.ts";
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
        ? el("p", { class: "okay", role: "status" }, t("account.linked"))
        : said === "no-groups"
          ? el("p", { class: "notice", role: "status" }, t("account.noGroups"))
          : null;
    const link = provider
      ? el(
          "section",
          { class: "card" },
          el("h2", {}, t("account.householdAccount")),
          el("p", {}, t("account.householdIntro")),
          el(
            "a",
            { class: "button secondary", href: "/api/welcome/oidc/start?link=1" },
            t("account.linkProvider", { provider: provider.label }),
          ),
        )
      : null;
    const current = el("input", { type: "password", id: "pw-current", autocomplete: "current-password" });
    const next = el("input", { type: "password", id: "pw-new", autocomplete: "new-password", minlength: 10 });
    const done = el("p", { role: "status" });
    const sessions = el("section", { class: "card" }, el("h2", {}, t("account.whereSignedIn")));
    const sessionsBody = el("div", {});
    sessions.append(sessionsBody);
    render(h(SessionsPanel, {}), sessionsBody);
    const single = me.user.name === "local";
    app.replaceChildren(
      ...[
        el("h1", {}, t("account.title")),
        single
          ? el(
              "p",
              {},
              withSlot(
                "account.singlePerson",
                {},
                el("a", { href: "#/people" }, t("account.switchOnSignIn")),
              ),
            )
          : el(
              "p",
              {},
              me.user.role === "admin"
                ? t("account.signedInAsAdmin", { name: me.user.name })
                : t("account.signedInAs", { name: me.user.name }),
            ),
        note,
        single ? null : sessions,
        single ? null : link,
        single ? null : el("h2", {}, me.hasPassword ? t("account.changePassword") : t("account.setPassword")),
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
                  done.replaceChildren(r.ok ? t("account.passwordChanged") : errorBox(r.body));
                  if (r.ok) {
                    current.value = "";
                    next.value = "";
                  }
                },
              },
              me.hasPassword
                ? [el("label", { for: "pw-current" }, t("account.currentPassword")), current]
                : [],
              el("label", { for: "pw-new" }, t("account.newPassword")),
              next,
              el("div", { class: "actions" }, el("button", { type: "submit" }, t("account.savePassword"))),
              done,
            ),
        webhooksSection(),
        bookmarkletSection(),
      ].filter((n): n is HTMLElement => n !== null),
    );
  },
});
